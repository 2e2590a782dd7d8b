import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs independent jobs on several threads and returns their results in
/// index order, so the output never depends on which thread finished first.
enum ParallelMap {
    /// The number of online processors (`sysconf(_SC_NPROCESSORS_ONLN)`), at least 1.
    static var coreCount: Int {
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    /// `(0..<count).map(body)`, computed by up to `threads` threads.
    ///
    /// Each thread takes the next unclaimed index until none is left, so slow
    /// jobs do not hold up a fixed share of the work. The caller's thread
    /// works too; `threads <= 1` runs everything on it.
    static func map<T>(_ count: Int, threads: Int, _ body: @escaping @Sendable (Int) -> T) -> [T] {
        let work = Work(count: count, body: body)
        let started = start(min(threads, count) - 1, running: work)
        work.run()
        for thread in started { pthread_join(thread, nil) }
        return work.results()
    }

    /// `body` on each item `produce` hands to its `emit`, on up to `threads`
    /// threads, with the results in the order the items were emitted.
    ///
    /// The other threads start as the items come, one for each item past
    /// the first (a single item starts none), while `produce` runs on the
    /// caller's thread, and take items as they come, so work begins while
    /// the items are still being found (`check` walks its folders while
    /// the first scenarios run: the walk was the serial part of `check
    /// --jobs 2`, issue 31 item 9); the caller's thread then works too.
    /// `threads <= 1` finds every item, then runs `body` on each, in order.
    ///
    /// - Throws: what `produce` throws, once the other threads have
    ///   finished the items they had begun; none is started after it.
    static func stream<Item: Sendable, T, Failure: Error>(
        threads: Int, produce: (_ emit: (Item) -> Void) throws(Failure) -> Void,
        _ body: @escaping @Sendable (Item) -> T
    ) throws(Failure) -> [T] {
        let feed = Feed<Item, T>(body: body)
        var started: [pthread_t] = []
        var asked = 0
        var emitted = 0
        do throws(Failure) {
            try produce { item in
                feed.append(item)
                emitted += 1
                if asked < min(threads - 1, emitted - 1) {
                    asked += 1
                    started += start(1, running: feed)
                }
            }
        } catch {
            feed.close(cancelled: true)
            for thread in started { pthread_join(thread, nil) }
            throw error
        }
        feed.close(cancelled: false)
        feed.run()
        for thread in started { pthread_join(thread, nil) }
        return feed.results()
    }

    /// Up to `count` threads running `work.run()`; fewer when the system
    /// refuses one (the caller's thread does the rest).
    private static func start(_ count: Int, running work: AnyWork) -> [pthread_t] {
        var started: [pthread_t] = []
        for _ in 0..<max(0, count) {
            var thread = pthread_t()
            let context = Unmanaged.passRetained(work).toOpaque()
            let rc = pthread_create(
                &thread, nil,
                { context in
                    let work = Unmanaged<AnyWork>.fromOpaque(context!).takeRetainedValue()
                    work.run()
                    return nil
                }, context)
            if rc == 0 {
                started.append(thread)
            } else {
                Unmanaged<AnyWork>.fromOpaque(context).release()
            }
        }
        return started
    }

    /// The type-erased part a thread entry point can call.
    private class AnyWork: @unchecked Sendable {
        func run() {}
    }

    /// The jobs, a counter of the next index to claim, and one result slot per
    /// index. Each slot is written by exactly one thread and read after all
    /// threads have joined, which is what makes the unchecked `Sendable` safe.
    private final class Work<T>: AnyWork, @unchecked Sendable {
        let count: Int
        let body: @Sendable (Int) -> T
        let slots: UnsafeMutablePointer<T?>
        let next = Atomic<Int>(0)

        init(count: Int, body: @escaping @Sendable (Int) -> T) {
            self.count = count
            self.body = body
            slots = .allocate(capacity: max(count, 1))
            slots.initialize(repeating: nil, count: max(count, 1))
        }

        deinit {
            slots.deinitialize(count: max(count, 1))
            slots.deallocate()
        }

        override func run() {
            while true {
                let i = next.wrappingAdd(1, ordering: .relaxed).oldValue
                if i >= count { return }
                slots[i] = body(i)
            }
        }

        func results() -> [T] {
            (0..<count).map { slots[$0]! }
        }
    }

    /// Items as they are emitted and the results of those taken, under one
    /// lock; a thread that finds none left waits until one comes or the
    /// feed is closed. Items and results are touched only under the lock,
    /// which is what makes the unchecked `Sendable` safe.
    private final class Feed<Item, T>: AnyWork, @unchecked Sendable {
        let body: @Sendable (Item) -> T
        private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        private let arrived = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        private var items: [Item] = []
        private var next = 0
        private var closed = false
        private var cancelled = false
        /// Each finished run's results, with their items' indices.
        private var done: [(index: Int, result: T)] = []

        init(body: @escaping @Sendable (Item) -> T) {
            self.body = body
            pthread_mutex_init(lock, nil)
            pthread_cond_init(arrived, nil)
        }

        deinit {
            pthread_cond_destroy(arrived)
            pthread_mutex_destroy(lock)
            arrived.deallocate()
            lock.deallocate()
        }

        func append(_ item: Item) {
            pthread_mutex_lock(lock)
            items.append(item)
            pthread_mutex_unlock(lock)
            pthread_cond_signal(arrived)
        }

        /// No more items; with `cancelled`, none of those left is taken.
        func close(cancelled: Bool) {
            pthread_mutex_lock(lock)
            closed = true
            self.cancelled = cancelled
            pthread_mutex_unlock(lock)
            pthread_cond_broadcast(arrived)
        }

        /// The next item and its index, waiting for one; nil once there is none to take.
        private func take() -> (Int, Item)? {
            pthread_mutex_lock(lock)
            defer { pthread_mutex_unlock(lock) }
            while next == items.count && !closed { pthread_cond_wait(arrived, lock) }
            guard !cancelled, next < items.count else { return nil }
            next += 1
            return (next - 1, items[next - 1])
        }

        override func run() {
            var finished: [(index: Int, result: T)] = []
            while let (index, item) = take() { finished.append((index, body(item))) }
            pthread_mutex_lock(lock)
            done += finished
            pthread_mutex_unlock(lock)
        }

        /// The results in item order; called once every run has returned.
        func results() -> [T] {
            var ordered = [T?](repeating: nil, count: done.count)
            for (index, result) in done { ordered[index] = result }
            return ordered.map { $0! }
        }
    }
}
