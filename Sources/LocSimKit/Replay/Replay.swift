/// The library's entry point: replays a scenario and streams its log.
public enum Replay {
    /// Reads every line from `reader`, simulates it, and writes each record to
    /// `writer` as it is produced. After the last line the remaining timers
    /// run, so the log shows what follows the end of the trace (grace
    /// expiring, suspension).
    ///
    /// - Throws: `ScenarioError` at the first line that does not fit. Records
    ///   written before the error are not a result; the caller discards them.
    public static func run<W: LogWriter>(_ reader: inout LineReader, into writer: inout W) throws(ScenarioError) {
        var parser = ScenarioParser()
        var header = ScenarioHeader()
        var simulator: Simulator? = nil
        try reader.forEachLine { (bytes, number) throws(ScenarioError) in
            guard let statement = try parser.parse(bytes, lineNumber: number) else { return }
            switch statement {
            case .header(let h, _):
                header.apply(h)
            case .timed(let timed):
                if simulator == nil { simulator = Simulator(header: header) }
                try simulator!.apply(timed)
                drain(&simulator!, into: &writer)
            }
        }
        guard var simulator else { return }
        simulator.finish()
        drain(&simulator, into: &writer)
    }

    static func drain<W: LogWriter>(_ simulator: inout Simulator, into writer: inout W) {
        guard !simulator.output.isEmpty else { return }
        for record in simulator.output { writer.write(record) }
        simulator.output.removeAll(keepingCapacity: true)
    }

    /// Replays scenario text held in memory and returns its records.
    public static func records(of text: String) throws(ScenarioError) -> [LogRecord] {
        var reader = LineReader(text)
        var collector = RecordCollector()
        try run(&reader, into: &collector)
        return collector.records
    }
}
