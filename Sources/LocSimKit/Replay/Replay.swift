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
        var driver = ReplayDriver()
        try reader.forEachLine { (bytes, number) throws(ScenarioError) in
            let line = try parser.parseLine(bytes, lineNumber: number)
            switch consume line {
            case .blank: return
            case .header(let statement, _): driver.header(statement)
            case .timed(let statement): try driver.timed(statement, into: &writer)
            case .fix(let line): driver.fix(line, into: &writer)
            }
        }
        driver.finish(into: &writer)
    }

    /// Hands the simulator's new records to `writer` and empties its output.
    @inline(__always)
    static func drain<W: LogWriter>(_ simulator: inout Simulator, into writer: inout W) {
        guard !simulator.output.isEmpty else { return }
        // Moved out from the end, so no record is copied and the array needs
        // no `removeAll(keepingCapacity:)`, whose generic `replaceSubrange`
        // cost more than formatting the record.
        simulator.output.reverse()
        while let record = simulator.output.popLast() { writer.write(record) }
    }
}
