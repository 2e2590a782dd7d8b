#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Text log lines of one platform's replay, with the time of each.
struct LogBatch {
    /// The lines, each with its `\n`, back to back.
    var bytes: [UInt8] = []
    /// Where each line ends in `bytes`.
    var ends: [Int] = []
    /// Each line's time in milliseconds; `Int64.max` for the error line
    /// that ends a replay that stopped (it has no time and comes last).
    var times: [Int64] = []

    var count: Int { ends.count }

    /// Line `i`, with its `\n`.
    func line(_ i: Int) -> ArraySlice<UInt8> { bytes[(i == 0 ? 0 : ends[i - 1])..<ends[i]] }
}

/// The end of one platform's replay, after its last batch.
struct ReplayEnd {
    /// The counts, or the error that stopped the replay.
    var outcome: Result<Tally, ScenarioError>
    /// The authorization when the error stopped the replay.
    var authorizationAtStop: AuthView? = nil
    /// The `expect` lines that failed, in line order.
    var failedExpectations: [FailedExpectation] = []
    /// The scenario's warnings on this platform (a policy that never
    /// answered a prompt there), but the one for a missing `platform` line.
    var warnings: [ScenarioWarning] = []
}

/// A bounded queue of log batches from one platform's replaying thread to
/// the thread that diffs adjacent platforms: the replay runs at most
/// `capacity` batches ahead, so memory stays flat however long the log.
final class LogChannel: Sendable {
    enum Item {
        case batch(LogBatch)
        case end(ReplayEnd)
    }

    /// Batches waiting at most.
    static let capacity = 4

    private let queue = BoundedQueue<Item>(capacity: capacity)
    private let slots: ReplaySlots

    /// `slots` limits how many replays run at once (`--jobs`).
    init(slots: ReplaySlots) {
        self.slots = slots
    }

    /// Lifts the bound: for a replay run on the receiving thread itself.
    func unbounded() { queue.unbounded() }

    /// Queues `item`, waiting for room; the caller's replay slot is given
    /// up while it waits, so a waiting replay never holds up another.
    func push(_ item: Item) {
        let slots = self.slots
        queue.push(item, waiting: (begin: { slots.release() }, end: { slots.acquire() }))
    }

    /// Waits for the next item. Every replay ends with `.end`.
    func pop() -> Item { queue.pop() }
}

/// A counting semaphore: at most `count` replays run at once.
final class ReplaySlots: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let freed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var free: Int

    init(_ count: Int) {
        free = max(1, count)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(freed, nil)
    }

    deinit {
        pthread_cond_destroy(freed)
        pthread_mutex_destroy(mutex)
        freed.deallocate()
        mutex.deallocate()
    }

    func acquire() {
        pthread_mutex_lock(mutex)
        while free == 0 { pthread_cond_wait(freed, mutex) }
        free -= 1
        pthread_mutex_unlock(mutex)
    }

    func release() {
        pthread_mutex_lock(mutex)
        free += 1
        pthread_cond_signal(freed)
        pthread_mutex_unlock(mutex)
    }
}
