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
        let extra = min(threads, count) - 1
        var started: [pthread_t] = []
        if extra > 0 {
            for _ in 0..<extra {
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
                    Unmanaged<AnyWork>.fromOpaque(context).release()  // fewer threads; the rest is done below
                }
            }
        }
        work.run()
        for thread in started { pthread_join(thread, nil) }
        return work.results()
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
}
