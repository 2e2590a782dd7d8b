import LocSimKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `locsim bench`: times replay of a large trace (SPEC §3).
///
/// The trace is generated (`TraceGenerator`) or given; it is replayed `runs`
/// times, each time writing the log to a real temporary file (so the timing
/// includes formatting and writing, as `locsim run -o` does), and the median
/// run is reported.
package struct Bench {
    package struct Options: Sendable {
        package var lines = 1_000_000
        package var runs = 5
        package var seed: UInt64 = 1
        /// A scenario to replay instead of a generated trace.
        package var scenario: String?
        package var format = LogFormat.text
        /// 2: parse on a second thread (`Replay.runPipelined`), as `run` does on a file.
        package var threads = 1
        package init() {}
    }

    /// What the bench measured.
    package struct Report: Sendable {
        package var source: String
        package var lines: Int
        package var inputBytes: Int
        package var records: Int
        /// Size of the log one run writes.
        package var outputBytes: Int
        package var format: LogFormat
        /// Wall time of each run, in seconds.
        package var seconds: [Double]
        /// The process's peak resident memory after the runs (`ru_maxrss`), in KiB.
        package var peakResidentKiB: Int
        package var cores: Int
        /// Threads of the replay: 2 when parsing ran on a second thread.
        package var threads = 1

        package var medianSeconds: Double { Bench.median(seconds) }
    }

    package enum Failure: Error {
        case file(FileError)
        case scenario(ScenarioError, file: String)
        case device(DeviceError)

        /// The line to print: `file:line:column: error: …` or the file error.
        package var message: String {
            switch self {
            case .file(let e): return e.message
            case .scenario(let e, let file): return e.formatted(file: file)
            case .device(let e): return e.description
            }
        }
    }

    /// Generates or opens the trace, replays it `options.runs` times and
    /// reports the timings. Temporary files are removed before returning.
    package static func run(_ options: Options) throws(Failure) -> Report {
        let path: String
        var generated: (path: String, ticket: StagedFiles.Ticket)? = nil
        defer { if let generated { StagedFiles.remove(generated.path, generated.ticket) } }
        if let scenario = options.scenario {
            path = scenario
        } else {
            do throws(FileError) {
                generated = try writeTrace(lines: options.lines, seed: options.seed)
            } catch {
                throw .file(error)
            }
            path = generated!.path
        }
        let (lines, bytes) = try count(path)
        let logPath = FileIO.temporaryDirectory + "/locsim-bench-\(getpid()).log"
        let logTicket = StagedFiles.register(logPath)
        defer { StagedFiles.remove(logPath, logTicket) }
        var seconds: [Double] = []
        var records = 0
        for _ in 0..<max(1, options.runs) {
            // Every run writes a new file: replacing the last run's log would
            // add the freeing of its blocks to the timing of all runs but the first.
            unlink(logPath)
            let start = now()
            records = try replayOnce(path, format: options.format, threads: options.threads, to: logPath)
            seconds.append(now() - start)
        }
        var report = Report(
            source: options.scenario ?? "generated (seed \(options.seed))",
            lines: lines, inputBytes: bytes, records: records, outputBytes: fileSize(logPath), format: options.format,
            seconds: seconds, peakResidentKiB: peakResidentKiB(), cores: ParallelMap.coreCount)
        report.threads = options.threads
        return report
    }

    /// Writes a generated trace to a temporary file and returns its path
    /// and its `StagedFiles` ticket; the caller removes it.
    static func writeTrace(lines: Int, seed: UInt64) throws(FileError) -> (path: String, ticket: StagedFiles.Ticket) {
        let (fd, path, ticket): (Int32, String, StagedFiles.Ticket)
        switch FileIO.makeTemporaryFile(FileIO.temporaryDirectory + "/locsim-bench-XXXXXX") {
        case .success(let made): (fd, path, ticket) = made
        case .failure(let e): throw e
        }
        defer { close(fd) }
        var generator = TraceGenerator(lines: lines, seed: seed)
        var chunk: [UInt8] = []
        chunk.reserveCapacity(OutputBuffer.chunkSize + 256)
        while generator.appendLine(to: &chunk) {
            if chunk.count >= OutputBuffer.chunkSize {
                let code = FileIO.writeAll(fd, chunk)
                if code != 0 {
                    StagedFiles.remove(path, ticket)
                    throw FileError("cannot write", path, code: code)
                }
                chunk.removeAll(keepingCapacity: true)
            }
        }
        let code = FileIO.writeAll(fd, chunk)
        if code != 0 {
            StagedFiles.remove(path, ticket)
            throw FileError("cannot write", path, code: code)
        }
        return (path, ticket)
    }

    private static func replayOnce(_ path: String, format: LogFormat, threads: Int, to logPath: String) throws(Failure)
        -> Int
    {
        let fd: Int32
        switch FileIO.openForReading(path) {
        case .success(let d): fd = d
        case .failure(let e): throw .file(e)
        }
        defer { close(fd) }
        var reader = LineReader(fileDescriptor: fd)
        var output: OutputBuffer
        do { output = try OutputBuffer.file(logPath) } catch { throw .file(error) }
        let records: Int
        do throws(ScenarioError) {
            records = try Replay.run(&reader, format: format, threads: threads, into: &output)
        } catch {
            output.discard()
            throw .scenario(error, file: path)
        }
        do { try output.commit() } catch { throw .file(error) }
        return records
    }

    /// Lines and bytes of the file at `path`.
    private static func count(_ path: String) throws(Failure) -> (lines: Int, bytes: Int) {
        let fd: Int32
        switch FileIO.openForReading(path) {
        case .success(let d): fd = d
        case .failure(let e): throw .file(e)
        }
        defer { close(fd) }
        var lines = 0
        var bytes = 0
        var last: UInt8 = LogBytes.newline
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw .file(FileError("cannot read", path, code: errno)) }
            if n == 0 { break }
            bytes += n
            for i in 0..<n where chunk[i] == LogBytes.newline { lines += 1 }
            last = chunk[n - 1]
        }
        if last != LogBytes.newline { lines += 1 }
        return (lines, bytes)
    }

    static func fileSize(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    static func peakResidentKiB() -> Int {
        var usage = rusage()
        #if os(Linux)
            getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
            return Int(usage.ru_maxrss)  // KiB on Linux
        #else
            getrusage(RUSAGE_SELF, &usage)
            return Int(usage.ru_maxrss) / 1024  // bytes on Darwin
        #endif
    }

    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }
}
