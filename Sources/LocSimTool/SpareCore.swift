import LocSimKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Replay {
    /// Whether a second replay thread would have a core to itself now: the
    /// one-minute load average is below the number of online cores less one.
    ///
    /// `run --threads 2` asks this before starting its parsing thread.
    /// Pipelining wins only on a free core; on a busy machine each hand-over
    /// waits for the scheduler, and a day-long trace measured 15–25% slower
    /// on two threads than on one (docs/cli-files.md). The
    /// log is the same bytes either way, so the choice is free to differ
    /// from run to run. `false` when the load cannot be read.
    package static func hasSpareCore() -> Bool {
        var load = [0.0]
        guard getloadavg(&load, 1) == 1 else { return false }
        let cores = sysconf(Int32(_SC_NPROCESSORS_ONLN))
        return cores >= 2 && load[0] < Double(cores - 1)
    }
}
