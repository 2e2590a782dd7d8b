import LocSimKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension ParallelMap {
    /// Where the threads of one map run: each on a processor of its own,
    /// dealt in turn from the one after the caller's (issue 31 item 9).
    ///
    /// Linux starts a new thread on its creator's processor and leaves it
    /// queued there while the creator keeps working, until load balancing
    /// moves it, milliseconds later: `perf sched timehist` of `check --jobs
    /// 2` on 200 scenarios showed the second thread waiting 3.8 ms of a
    /// 15 ms run, and bench/thread-start.c, a thread of 3 ms started beside
    /// 3 ms of its creator's work, takes 5.5–6.2 ms in all, 3.2 ms bound to
    /// another processor, on this two-processor machine. A thread woken
    /// from a wait is as likely to be queued behind the thread that woke it.
    /// So each thread is bound to its processor as soon as it is created
    /// (`pthread_setaffinity_np`, which moves a thread that has not run
    /// yet), for its whole life, which is one map; the caller's thread is
    /// left free. With more threads than processors they are dealt round,
    /// so no processor gets two more than another. With one processor
    /// allowed, or off Linux, threads are left where the system puts them.
    ///
    /// Results do not depend on it: threads take jobs as they come and the
    /// results are put back in order, so a thread bound to a busy processor
    /// only does fewer of them.
    package struct Placement: ThreadPlacement {
        /// The processors to deal, the caller's first; nil until the first
        /// thread is placed, empty when threads are left unplaced.
        private var processors: [Int32]?
        private var dealt = 0

        package init() {}

        package static var allowedCount: Int? {
            #if os(Linux)
                return allowedProcessors()?.count
            #else
                return nil
            #endif
        }

        /// Binds `thread`, just created, to the next processor in turn.
        package mutating func place(_ thread: pthread_t) {
            #if os(Linux)
                if processors == nil {
                    processors = Self.dealingOrder(allowed: Self.allowedProcessors() ?? [], caller: linkedSchedGetCPU())
                }
                guard let processors, !processors.isEmpty else { return }
                dealt += 1
                Self.bind(thread, to: processors[dealt % processors.count])
            #endif
        }

        /// The processors in the order threads are dealt to them: `allowed`
        /// from the caller's, so the first thread goes to the one after it
        /// and the caller's comes last; empty when there is only one (or
        /// none), as there is nothing to choose.
        static func dealingOrder(allowed: [Int32], caller: Int32) -> [Int32] {
            guard allowed.count > 1 else { return [] }
            guard let at = allowed.firstIndex(of: caller) else { return allowed }
            return Array(allowed[at...] + allowed[..<at])
        }

        #if os(Linux)
            /// The processors the calling thread may run on (its affinity
            /// mask), in increasing order; nil if the mask cannot be read. The
            /// mask is asked for at 1,024 processors (glibc's `cpu_set_t`),
            /// then at 65,536 for a kernel built for more.
            static func allowedProcessors() -> [Int32]? {
                for words in [16, 1024] {
                    var mask = [UInt64](repeating: 0, count: words)
                    let status = mask.withUnsafeMutableBytes { linkedSchedGetAffinity(0, $0.count, $0.baseAddress!) }
                    guard status == 0 else { continue }  // EINVAL: the kernel's mask is larger
                    var processors: [Int32] = []
                    for (word, bits) in mask.enumerated() where bits != 0 {
                        for bit in 0..<64 where bits & (1 << UInt64(bit)) != 0 {
                            processors.append(Int32(word * 64 + bit))
                        }
                    }
                    return processors
                }
                return nil
            }

            /// Lets `thread` run only on `processor` (from the process's mask, so
            /// not negative). A refusal (the processor went offline since)
            /// leaves the thread where it is.
            private static func bind(_ thread: pthread_t, to processor: Int32) {
                var mask = [UInt64](repeating: 0, count: Int(processor) / 64 + 1)
                mask[Int(processor) / 64] = 1 << UInt64(processor % 64)
                _ = mask.withUnsafeBytes { linkedPthreadSetAffinity(thread, $0.count, $0.baseAddress!) }
            }
        #endif
    }
}

#if os(Linux)
    // glibc's (and musl's) affinity calls, which Swift's Glibc module does
    // not import (they need `_GNU_SOURCE`); linked by name, as `renameat2` is
    // in Sources/locsim/main.swift, so a static executable has them too.
    @_silgen_name("sched_getcpu")
    private func linkedSchedGetCPU() -> Int32

    @_silgen_name("sched_getaffinity")
    private func linkedSchedGetAffinity(_ process: Int32, _ size: Int, _ mask: UnsafeMutableRawPointer) -> Int32

    @_silgen_name("pthread_setaffinity_np")
    private func linkedPthreadSetAffinity(_ thread: pthread_t, _ size: Int, _ mask: UnsafeRawPointer) -> Int32
#endif
