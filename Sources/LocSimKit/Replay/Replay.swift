/// The library's entry point: replays a scenario and streams its log.
public enum Replay {
    /// Reads every line from `reader`, simulates it, and writes each record to
    /// `writer` as it is produced.
    ///
    /// - Throws: `ScenarioError` at the first line that does not fit. Records
    ///   written before the error are not a result; the caller discards them.
    public static func run<W: LogWriter>(_ reader: inout LineReader, into writer: inout W) throws(ScenarioError) {
        var parser = ScenarioParser()
        try reader.forEachLine { (bytes, number) throws(ScenarioError) in
            _ = try parser.parse(bytes, lineNumber: number)
        }
        _ = writer
    }

    /// Replays scenario text held in memory and returns its records.
    public static func records(of text: String) throws(ScenarioError) -> [LogRecord] {
        var reader = LineReader(text)
        var collector = RecordCollector()
        try run(&reader, into: &collector)
        return collector.records
    }
}
