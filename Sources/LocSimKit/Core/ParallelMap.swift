#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs independent jobs on several threads and returns their results in
/// index order, so the output never depends on which thread finished first.
package enum ParallelMap {
    /// How the threads of one map are placed on processors: installed once
    /// at start by the programs (LocSimTool's `ParallelMap.Placement`, which
    /// binds threads on Linux), nil in the libraries, whose threads go where
    /// the system puts them (an app's test process has no business binding
    /// threads, and iOS, watchOS and tvOS offer no call to do it).
    nonisolated(unsafe) package static var placement: (any ThreadPlacement.Type)?

    /// The processors this process may run on, at least 1: what the
    /// installed placement allows (on Linux the count of the affinity mask,
    /// what `nproc` prints, so a container given two of a host's 64
    /// processors gets two jobs), otherwise the online processors
    /// (`sysconf(_SC_NPROCESSORS_ONLN)`).
    package static var coreCount: Int {
        if let allowed = placement?.allowedCount { return max(1, allowed) }
        return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    /// `(0..<count).map(body)`, computed by up to `threads` threads.
    ///
    /// Each thread takes the next unclaimed index until none is left, so slow
    /// jobs do not hold up a fixed share of the work. The caller's thread
    /// works too; `threads <= 1` runs everything on it.
    package static func map<T>(_ count: Int, threads: Int, _ body: @escaping @Sendable (Int) -> T) -> [T] {
        let work = Work(count: count, body: body)
        var placement = Self.placement?.init()
        let started = start(min(threads, count) - 1, running: work, placement: &placement)
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
    /// --jobs 2`, issue 31 item 9). The caller's thread then works too,
    /// from the last item back, so that it meets the others in the middle
    /// rather than running the same kind of item beside them: a program's
    /// first run of a kind of scenario costs several times its later runs
    /// (page faults, the Swift runtime's metadata made on first use), and
    /// two threads making the same costs at once partly wait on each other
    /// (`check --jobs 2` of 200 scenarios: 10.25 ms against 10.74 ms taking
    /// from the front). `threads <= 1` finds every item, then runs `body`
    /// on each, in order.
    ///
    /// - Throws: what `produce` throws, once the other threads have
    ///   finished the items they had begun; none is started after it.
    package static func stream<Item: Sendable, T, Failure: Error>(
        threads: Int, produce: (_ emit: (Item) -> Void) throws(Failure) -> Void,
        _ body: @escaping @Sendable (Item) -> T
    ) throws(Failure) -> [T] {
        let feed = Feed<Item, T>(body: body)
        var placement = Self.placement?.init()
        var started: [pthread_t] = []
        var asked = 0
        var emitted = 0
        do throws(Failure) {
            try produce { item in
                feed.append(item)
                emitted += 1
                if asked < min(threads - 1, emitted - 1) {
                    asked += 1
                    started += start(1, running: feed, placement: &placement)
                }
            }
        } catch {
            feed.close(cancelled: true)
            for thread in started { pthread_join(thread, nil) }
            throw error
        }
        feed.close(cancelled: false)
        feed.run(fromBack: !started.isEmpty)
        for thread in started { pthread_join(thread, nil) }
        return feed.results()
    }

    /// Up to `count` threads running `work.run()`, each placed by
    /// `placement`; fewer when the system refuses one (the caller's thread
    /// does the rest).
    private static func start(
        _ count: Int, running work: ThreadBody, placement: inout (any ThreadPlacement)?
    ) -> [pthread_t] {
        (0..<max(0, count)).compactMap { _ in start(work, placement: &placement) }
    }

    /// `body.run()` on a new thread, placed where `placement` deals next
    /// (left where the system puts it without one); nil when the system
    /// refuses a thread.
    static func start(_ body: ThreadBody, placement: inout (any ThreadPlacement)?) -> pthread_t? {
        guard let thread = start(body) else { return nil }
        placement?.place(thread)
        return thread
    }

    /// `body.run()` on a new thread, left where the system puts it (`matrix`,
    /// whose threads wait their turn for a slot, so no processor can be
    /// chosen for them up front); nil when the system refuses a thread.
    static func start(_ body: ThreadBody) -> pthread_t? {
        // Darwin's `pthread_t` is a pointer, its `pthread_create` takes a
        // `pthread_t?` and passes the start routine a non-optional argument;
        // glibc's is an integer and an optional argument. `as …?` then `!`
        // compiles against both.
        #if canImport(Darwin)
            var thread: pthread_t? = nil
        #else
            var thread = pthread_t()
        #endif
        let context = Unmanaged.passRetained(body).toOpaque()
        let rc = pthread_create(
            &thread, nil,
            { context in
                Unmanaged<ThreadBody>.fromOpaque((context as UnsafeMutableRawPointer?)!).takeRetainedValue().run()
                return nil
            }, context)
        guard rc == 0 else {
            Unmanaged<ThreadBody>.fromOpaque(context).release()
            return nil
        }
        return thread
    }

    /// What a thread `start` makes runs: a subclass's `run()`.
    class ThreadBody: @unchecked Sendable {
        func run() {}
    }

    /// The jobs, a counter of the next index to claim, and one result slot per
    /// index. Each slot is written by exactly one thread and read after all
    /// threads have joined, which is what makes the unchecked `Sendable` safe.
    private final class Work<T>: ThreadBody, @unchecked Sendable {
        let count: Int
        let body: @Sendable (Int) -> T
        let slots: UnsafeMutablePointer<T?>
        let next = Locked(0)

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
                let i = next.withLock { n in
                    defer { n += 1 }
                    return n
                }
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
    private final class Feed<Item, T>: ThreadBody, @unchecked Sendable {
        let body: @Sendable (Item) -> T
        private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        private let arrived = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        private var items: [Item] = []
        /// The next item `take(fromBack: false)` gives; `take(fromBack:
        /// true)` gives those from `end - 1` down, and `end` is `Int.max`
        /// until it first does.
        private var next = 0
        private var end = Int.max
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

        /// The next item and its index, waiting for one; nil once there is
        /// none to take. From the back, only once the feed is closed.
        private func take(fromBack: Bool) -> (Int, Item)? {
            pthread_mutex_lock(lock)
            defer { pthread_mutex_unlock(lock) }
            if fromBack {
                end = min(end, items.count)
                guard !cancelled, end > next else { return nil }
                end -= 1
                return (end, items[end])
            }
            while next == min(items.count, end) && !closed { pthread_cond_wait(arrived, lock) }
            guard !cancelled, next < min(items.count, end) else { return nil }
            next += 1
            return (next - 1, items[next - 1])
        }

        override func run() { run(fromBack: false) }

        /// Takes items and runs `body` on each until none is left; from the
        /// last item back with `fromBack` (the caller's thread, once the
        /// feed is closed).
        func run(fromBack: Bool) {
            var finished: [(index: Int, result: T)] = []
            while let (index, item) = take(fromBack: fromBack) { finished.append((index, body(item))) }
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

/// Where the threads of one map run (`ParallelMap.placement`): one value a
/// map, asked once for each thread it starts, just after `pthread_create`.
package protocol ThreadPlacement {
    /// How many processors threads may be dealt to; nil when unknown.
    static var allowedCount: Int? { get }
    init()
    /// Places `thread`, just created and not yet run.
    mutating func place(_ thread: pthread_t)
}
