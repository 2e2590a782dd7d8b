#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a matrix reads its scenario: bytes in memory, or a regular file
/// that every platform's thread reads with `pread(2)` from one descriptor.
package enum MatrixInput: Sendable {
    case bytes([UInt8])
    /// An open regular file, read from `offset` on; not closed by the matrix.
    case file(Int32, offset: Int)

    /// A fresh reader over the whole scenario.
    func reader() -> LineReader {
        switch self {
        case .bytes(let bytes): return LineReader(bytes: bytes)
        case .file(let fd, let offset): return LineReader(sharedFileDescriptor: fd, from: offset)
        }
    }
}

/// One platform's replay on a thread of its own, sending its text log in
/// batches down a `LogChannel`, then its counts (`ReplayEnd`).
final class PlatformReplay: ParallelMap.ThreadBody, @unchecked Sendable {
    let input: MatrixInput
    let platform: Platform
    let tracks: TrackSource?
    let channel: LogChannel
    let slots: ReplaySlots

    init(input: MatrixInput, platform: Platform, tracks: TrackSource?, channel: LogChannel, slots: ReplaySlots) {
        self.input = input
        self.platform = platform
        self.tracks = tracks
        self.channel = channel
        self.slots = slots
    }

    override func run() {
        slots.acquire()
        defer { slots.release() }
        var writer = BatchingWriter(channel: channel)
        var driver = ReplayDriver(platform: platform, tracks: tracks)
        var reader = input.reader()
        var report = ReplayReport()
        var end: ReplayEnd
        do throws(ScenarioError) {
            try Replay.run(&reader, driver: &driver, into: &writer, report: &report)
            let state = driver.finalState
            writer.tally.final = state.finalAuthorization
            writer.tally.stillHeld = state.stillHeld
            end = ReplayEnd(
                outcome: .success(writer.tally), failedExpectations: report.failedExpectations,
                warnings: report.warnings.filter { !$0.message.hasPrefix(ScenarioWarning.noPlatformPrefix) })
        } catch {
            let error = error.withPolicyHint()
            writer.writeError(error)
            end = ReplayEnd(outcome: .failure(error), authorizationAtStop: driver.finalState.finalAuthorization)
        }
        writer.flush()
        channel.push(.end(end))
    }
}

/// Formats each record as its text log line, counts it, and sends the
/// lines down the channel `batchLines` at a time.
struct BatchingWriter: LogWriter {
    static let batchLines = 512

    let channel: LogChannel
    var tally = Tally()
    private var text = TextLogWriter()
    private var batch = LogBatch()

    init(channel: LogChannel) {
        self.channel = channel
    }

    mutating func write(_ record: LogRecord) {
        tally.count(record)
        text.write(record)
        batch.ends.append(text.output.bytes.count)
        batch.times.append(record.time.sinceStart.value)
        if batch.count == Self.batchLines { flush() }
    }

    /// The last line of a replay that stopped: `<line>:<column>: error: <message>`.
    mutating func writeError(_ error: ScenarioError) {
        let line = "\(error.location.line):\(error.location.column): error: \(error.message)\n"
        text.output.append(Array(line.utf8))
        batch.ends.append(text.output.bytes.count)
        batch.times.append(Int64.max)
    }

    /// Sends the lines written since the last batch.
    mutating func flush() {
        guard batch.count > 0 else { return }
        batch.bytes = text.output.contents
        channel.push(.batch(batch))
        batch = LogBatch()
        batch.ends.reserveCapacity(Self.batchLines)
        batch.times.reserveCapacity(Self.batchLines)
        text = TextLogWriter()
    }
}
