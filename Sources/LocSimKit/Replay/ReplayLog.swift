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
    /// - Parameters:
    ///   - scenario: the scenario's text, as UTF-8 bytes.
    ///   - platform: replaces the scenario's `platform` line; `nil` keeps it.
    /// - Throws: the scenario's first error (`ScenarioError`); nothing is
    ///   returned then.
    public static func log(of scenario: [UInt8], platform: Platform? = nil) throws(ScenarioError) -> ReplayLog {
        var collector = RecordCollector()
        var reader = LineReader(bytes: scenario)
        try run(&reader, platform: platform, into: &collector)
        return ReplayLog(records: collector.records)
    }

    /// Checks every line of `scenario` against the grammar without
    /// simulating it: a syntax error is the scenario's own, on any platform.
    static func validateSyntax(of scenario: LineReader) throws(ScenarioError) {
        var reader = scenario
        var parser = ScenarioParser()
        try reader.forEachLine { (bytes, number) throws(ScenarioError) in
            _ = try parser.parseLine(bytes, lineNumber: number)
        }
    }
}
