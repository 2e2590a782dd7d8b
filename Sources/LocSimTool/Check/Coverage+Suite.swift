import LocSimKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Coverage {
    /// Replays the scenarios `check` finds under `inputs` (files or
    /// folders), those of `shard` only when given, and tallies what they
    /// exercised. Each is read as `check` reads it: only a regular file,
    /// streamed. Scenarios that must fail (in `errors/`) are counted; those
    /// that stop with an error (a choice point only `explore` makes, a
    /// track that cannot be read, a file that is not a regular one) and
    /// folders that cannot be read are listed.
    ///
    /// - Throws: as `check` does, when an input does not exist or is a
    ///   folder that cannot be read.
    package func run(_ inputs: [String], shard: Shard? = nil) throws(FileError) -> CoverageReport {
        var report = CoverageReport()
        try ScenarioFinder.forEachEntry(in: inputs) { entry in
            guard shard?.contains(key: entry.key) ?? true else { return }
            guard entry.failure == nil, case .success(let file) = FileIO.openRegular(entry.path) else {
                report.notReplayed.append(entry.path)
                return
            }
            defer { close(file.fd) }
            add(path: entry.path, to: &report) { LineReader(sharedFileDescriptor: file.fd) }
        }
        return report
    }
}
