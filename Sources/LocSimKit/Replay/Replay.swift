/// The library's entry point: replays a scenario and streams its log.
public enum Replay {
    /// Reads every line from `reader`, simulates it, and writes each record to
    /// `writer` as it is produced. After the last line the remaining timers
    /// run, so the log shows what follows the end of the trace (grace
    /// expiring, suspension).
    ///
    /// - Throws: `ScenarioError` at the first line that does not fit. Records
    ///   written before the error are not a result; the caller discards them.
    ///
    /// `tracks` reads the files of `gpx` lines; without it such a line is an error.
    public static func run<W: LogWriter>(
        _ reader: inout LineReader, into writer: inout W, tracks: TrackSource? = nil
    ) throws(ScenarioError) {
        var parser = ScenarioParser()
        var header = ScenarioHeader()
        var simulator = Simulator(header: header)
        // The track of the last `gpx` line while it has points left.
        var player: TrackPlayer? = nil
        try reader.forEachLine { (bytes, number) throws(ScenarioError) in
            let line = try parser.parseLine(bytes, lineNumber: number)
            if player != nil { try play(&player, until: parser.previousTime, &simulator, &writer) }
            switch consume line {
            case .blank:
                return
            case .header(let statement, _):
                // Header lines all come before the first timed line (the
                // parser checks), so the simulator has not run yet: it
                // starts over with the header as it now stands.
                header.apply(statement)
                simulator = Simulator(header: header)
            case .timed(let statement):
                try simulator.apply(statement)
                drain(&simulator, into: &writer)
            case .fix(let line):
                simulator.apply(line.fix, at: line.time)
                drain(&simulator, into: &writer)
            case .track(let track):
                if player != nil {
                    throw ScenarioError(
                        "the previous gpx track still has points after this time; one track plays at a time",
                        at: track.location)
                }
                player = try TrackPlayer(track, source: tracks)
                try play(&player, until: track.time, &simulator, &writer)
            }
        }
        try play(&player, until: nil, &simulator, &writer)
        simulator.finish()
        drain(&simulator, into: &writer)
    }

    /// Plays `player`'s points up to `limit` (all with `nil`), and forgets
    /// it once it has none left.
    private static func play<W: LogWriter>(
        _ player: inout TrackPlayer?, until limit: Millis?, _ simulator: inout Simulator, _ writer: inout W
    ) throws(ScenarioError) {
        guard player != nil else { return }
        try player!.play(until: limit, &simulator, &writer)
        if !player!.isPlaying { player = nil }
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
