#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A bounded first-in first-out queue of batches from one producing thread
/// to one consuming thread: the producer runs at most `capacity` items
/// ahead, so memory stays flat however long the stream. It serves
/// `run --threads 2` (parsed lines, `ParsedLineQueue`) and `matrix` (each
/// platform's log lines, `LogChannel`).
final class BoundedQueue<Item>: @unchecked Sendable {
    /// Items waiting at most.
    private var capacity: Int

    // The lock and conditions live at fixed addresses, as pthread requires.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let notEmpty = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private let notFull = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var items: [Item] = []
    private var isCancelled = false

    init(capacity: Int) {
        self.capacity = capacity
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(notEmpty, nil)
        pthread_cond_init(notFull, nil)
        items.reserveCapacity(capacity)
    }

    deinit {
        pthread_cond_destroy(notFull)
        pthread_cond_destroy(notEmpty)
        pthread_mutex_destroy(mutex)
        notFull.deallocate()
        notEmpty.deallocate()
        mutex.deallocate()
    }

    /// Lifts the bound, before the first push: for a producer that runs on
    /// the consuming thread itself and must never wait for it.
    func unbounded() { capacity = Int.max }

    /// Waits for room and queues `item`; false once the queue is cancelled.
    ///
    /// When it must wait, `waiting.begin` runs first (under the lock) and
    /// `waiting.end` once there is room (without the lock): `matrix` gives
    /// up the producer's replay slot meanwhile, so that a waiting replay
    /// never holds up another.
    @discardableResult
    func push(_ item: Item, waiting: (begin: () -> Void, end: () -> Void)? = nil) -> Bool {
        pthread_mutex_lock(mutex)
        if items.count >= capacity && !isCancelled {
            waiting?.begin()
            while items.count >= capacity && !isCancelled { pthread_cond_wait(notFull, mutex) }
            if let end = waiting?.end {
                pthread_mutex_unlock(mutex)
                end()
                // Only the one consumer took items meanwhile: there is still room.
                pthread_mutex_lock(mutex)
            }
        }
        defer { pthread_mutex_unlock(mutex) }
        if isCancelled { return false }
        items.append(item)
        pthread_cond_signal(notEmpty)
        return true
    }

    /// Waits for the next item. The producer must end its stream with an
    /// item saying so, unless the consumer cancelled.
    func pop() -> Item {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while items.isEmpty { pthread_cond_wait(notEmpty, mutex) }
        let item = items.removeFirst()
        pthread_cond_signal(notFull)
        return item
    }

    /// Stops the producer at its next push (the consumer is done early).
    func cancel() {
        pthread_mutex_lock(mutex)
        isCancelled = true
        pthread_cond_broadcast(notFull)
        pthread_mutex_unlock(mutex)
    }

    /// Runs `body` under the queue's lock, for state that goes with the
    /// queue (`ParsedLineQueue`'s spare batches).
    func withLock<R>(_ body: () -> R) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }
}
