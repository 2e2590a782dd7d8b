/// A replay's log as values: the typed records, and the same log as text.
///
/// What `Scenario.replay()` returns. The records are the stable way to
/// assert on a flow in a unit test; the text is the log `locsim run` prints,
/// byte for byte.
public struct ReplayLog: Equatable, Sendable {
    /// Every record, in log order.
    public var records: [LogRecord]

    package init(records: [LogRecord]) {
        self.records = records
    }

    /// The text log (SPEC §2): one `<t> <kind> <detail>` line per record.
    public var text: String {
        var writer = TextLogWriter()
        for record in records { writer.write(record) }
        return writer.text
    }

    /// The delegate callbacks the app received, in order.
    public var callbacks: [Callback] { records.compactMap(\.callback) }
}

/// Keeps the records of a replay in memory.
struct RecordCollector: LogWriter {
    var records: [LogRecord] = []

    mutating func write(_ record: LogRecord) {
        records.append(record)
    }
}

extension Replay {
    /// Replays scenario bytes held in memory and keeps the log as records.
    ///
    /// - Parameter platform: replaces the scenario's `platform` line; `nil`
    ///   keeps it.
    /// - Throws: the scenario's first error (`ScenarioError`); nothing is
    ///   returned then.
    public static func log(of scenario: [UInt8], platform: Platform? = nil) throws(ScenarioError) -> ReplayLog {
        var collector = RecordCollector()
        try records(of: scenario, platform: platform, into: &collector)
        return ReplayLog(records: collector.records)
    }

    /// `log(of:platform:)` that leaves the records made before an error in
    /// `collector` (the matrix shows how far a platform got).
    static func records(
        of scenario: [UInt8], platform: Platform?, tracks: TrackSource? = nil, into collector: inout RecordCollector
    ) throws(ScenarioError) {
        var reader = LineReader(bytes: scenario)
        try run(&reader, platform: platform, into: &collector, tracks: tracks)
    }

    /// Checks every line of `scenario` against the grammar without
    /// simulating it: a syntax error is the scenario's own, on any platform.
    static func validateSyntax(of scenario: [UInt8]) throws(ScenarioError) {
        var reader = LineReader(bytes: scenario)
        var parser = ScenarioParser()
        try reader.forEachLine { (bytes, number) throws(ScenarioError) in
            _ = try parser.parseLine(bytes, lineNumber: number)
        }
    }
}
