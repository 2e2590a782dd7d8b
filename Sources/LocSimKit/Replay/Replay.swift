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
        // Built once, from the whole header, when the first timed line comes
        // (header lines all precede it; the parser checks): building it per
        // header line copied the header each time, quadratic in its length.
        var simulator: Simulator? = nil
        try reader.forEachLine { (bytes, number) throws(ScenarioError) in
            let line = try parser.parseLine(bytes, lineNumber: number)
            switch consume line {
            case .blank:
                return
            case .header(let statement, _):
                header.apply(statement)
            case .timed(let statement):
                if simulator == nil { simulator = Simulator(header: header) }
                try simulator!.apply(statement)
                drain(&simulator!, into: &writer)
            case .fix(let line):
                if simulator == nil { simulator = Simulator(header: header) }
                simulator!.apply(line.fix, at: line.time)
                drain(&simulator!, into: &writer)
            }
        }
        var finished = simulator ?? Simulator(header: header)
        finished.finish()
        drain(&finished, into: &writer)
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
