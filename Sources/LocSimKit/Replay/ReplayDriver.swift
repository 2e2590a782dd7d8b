/// What a replay does with each parsed line: gathers the header, builds the
/// simulator once from it at the first timed line, applies each timed line
/// and hands the records to the writer. Shared by `Replay.run` (one thread)
/// and `Replay.runPipelined` (parsing on a second thread), so both write
/// the same bytes.
struct ReplayDriver {
    private var header = ScenarioHeader()
    /// Built once, from the whole header, when the first timed line comes
    /// (header lines all precede it; the parser checks): building it per
    /// header line copied the header each time, quadratic in its length.
    private var simulator: Simulator? = nil

    @inline(__always)
    mutating func header(_ statement: HeaderStatement) {
        header.apply(statement)
    }

    @inline(__always)
    mutating func timed<W: LogWriter>(_ statement: TimedStatement, into writer: inout W) throws(ScenarioError) {
        if simulator == nil { simulator = Simulator(header: header) }
        try simulator!.apply(statement)
        Replay.drain(&simulator!, into: &writer)
    }

    @inline(__always)
    mutating func fix<W: LogWriter>(_ line: TimedFix, into writer: inout W) {
        if simulator == nil { simulator = Simulator(header: header) }
        simulator!.apply(line.fix, at: line.time)
        Replay.drain(&simulator!, into: &writer)
    }

    /// Runs the timers left after the last line (grace expiring, suspension).
    mutating func finish<W: LogWriter>(into writer: inout W) {
        var finished = simulator ?? Simulator(header: header)
        simulator = nil
        finished.finish()
        Replay.drain(&finished, into: &writer)
    }
}
