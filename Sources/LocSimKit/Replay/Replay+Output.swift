/// The two log formats of SPEC §2.
package enum LogFormat: String, Equatable, Sendable, CaseIterable {
    /// `<t> <kind> <detail>` lines.
    case text
    /// JSON Lines, one object a record.
    case jsonl
}

/// A log writer that appends to an `OutputBuffer` it owns.
package protocol BufferedLogWriter: LogWriter {
    var output: OutputBuffer { get set }
    init(output: OutputBuffer)
}

extension TextLogWriter: BufferedLogWriter {}
extension JSONLogWriter: BufferedLogWriter {}

extension Replay {
    /// Replays `reader` and writes its log in `format` to `output`, keeping
    /// the record kinds `filter` keeps; with `threads` of 2 or more, parsing
    /// runs on a second thread (`runPipelined`, the same bytes).
    ///
    /// The caller then commits `output` on success, or discards it when this
    /// throws (SPEC §1.2: nothing partial is a result).
    ///
    /// - Returns: the number of records written.
    @discardableResult
    package static func run(
        _ reader: inout LineReader, format: LogFormat, filter: RecordFilter = .all, threads: Int = 1,
        into output: inout OutputBuffer, tracks: TrackSource? = nil
    ) throws(ScenarioError) -> Int {
        var report = ReplayReport()
        return try run(
            &reader, format: format, filter: filter, threads: threads, into: &output, tracks: tracks, report: &report)
    }

    /// `run(_:format:filter:threads:into:tracks:)`, also handing back the
    /// scenario's warnings (for standard error; they are not part of the log).
    /// `platform` replaces the scenario's own, translating answers as
    /// `locsim matrix` does (`locsim run --platform`).
    @discardableResult
    package static func run(
        _ reader: inout LineReader, format: LogFormat, filter: RecordFilter = .all, threads: Int = 1,
        platform: Platform? = nil, into output: inout OutputBuffer, tracks: TrackSource? = nil,
        report: inout ReplayReport
    ) throws(ScenarioError) -> Int {
        switch format {
        case .text:
            return try run(
                &reader, writer: TextLogWriter.self, filter: filter, threads: threads, platform: platform,
                into: &output, tracks: tracks, report: &report)
        case .jsonl:
            return try run(
                &reader, writer: JSONLogWriter.self, filter: filter, threads: threads, platform: platform,
                into: &output, tracks: tracks, report: &report)
        }
    }

    /// Replays scenario bytes held in memory into a text log in memory (`check`).
    package static func textLog(of scenario: [UInt8], tracks: TrackSource? = nil) throws(ScenarioError) -> [UInt8] {
        var reader = LineReader(bytes: scenario)
        var output = OutputBuffer.memory()
        try run(&reader, format: .text, into: &output, tracks: tracks)
        return output.contents
    }

    private static func run<W: BufferedLogWriter>(
        _ reader: inout LineReader, writer: W.Type, filter: RecordFilter, threads: Int, platform: Platform?,
        into output: inout OutputBuffer, tracks: TrackSource?, report: inout ReplayReport
    ) throws(ScenarioError) -> Int {
        var writer = FilteredLogWriter(W(output: .memory()), filter: filter)
        // Move the buffer in and back out instead of copying it, so its bytes
        // are never shared (a shared array would be copied on the first append).
        swap(&writer.base.output, &output)
        defer { swap(&writer.base.output, &output) }
        do throws(ScenarioError) {
            if threads > 1 {
                try runPipelined(&reader, platform: platform, into: &writer, tracks: tracks, report: &report)
            } else {
                try run(&reader, platform: platform, into: &writer, tracks: tracks, report: &report)
            }
        } catch {
            // On another platform than its own, a scenario's answer may find
            // no prompt: the error a matrix row shows, with its way out.
            throw platform == nil ? error : error.withPolicyHint()
        }
        return writer.written
    }
}
