/// The library's entry point: replays a scenario and streams its log.
public enum Replay {
    /// Reads every line from `reader`, simulates it, and writes each record to
    /// `writer` as it is produced. After the last line the remaining timers
    /// run, so the log shows what follows the end of the trace (grace
    /// expiring, suspension).
    ///
    /// - Parameters:
    ///   - platform: replaces the scenario's `platform` line (and the
    ///     default when it has none), as `locsim matrix` replays one scenario
    ///     on several platforms; `nil` keeps the scenario's own.
    ///   - tracks: reads the files of `gpx` lines; without it such a line is an error.
    /// - Throws: `ScenarioError` at the first line that does not fit, with a
    ///   note for each earlier line that caused it. Records written before
    ///   the error are not a result; the caller discards them.
    public static func run<W: LogWriter>(
        _ reader: inout LineReader, platform: Platform? = nil, into writer: inout W, tracks: TrackSource? = nil
    ) throws(ScenarioError) {
        var warnings: [ScenarioWarning] = []
        try run(&reader, platform: platform, into: &writer, tracks: tracks, warnings: &warnings)
    }

    /// `run(_:platform:into:tracks:)`, also handing back the scenario's
    /// warnings (lines that replay but deserve a look, such as a missing
    /// `platform` line), which are not part of the log.
    public static func run<W: LogWriter>(
        _ reader: inout LineReader, platform: Platform? = nil, into writer: inout W, tracks: TrackSource? = nil,
        warnings: inout [ScenarioWarning]
    ) throws(ScenarioError) {
        var parser = ScenarioParser()
        var header = ScenarioHeader()
        if let platform { header.platform = platform }
        var simulator = Simulator(header: header)
        var causes = ErrorCauses()
        defer { warnings = parser.warnings }
        // The track of the last `gpx` line while it has points left.
        var player: TrackPlayer? = nil
        try reader.forEachLine { (bytes, number) throws(ScenarioError) in
            let line = try parser.parseLine(bytes, lineNumber: number)
            if player != nil { try play(&player, until: parser.previousTime, &simulator, &writer, &causes) }
            switch consume line {
            case .blank:
                return
            case .header(let statement, _):
                // Header lines all come before the first timed line (the
                // parser checks), so the simulator has not run yet: it
                // starts over with the header as it now stands.
                header.apply(statement)
                if let platform { header.platform = platform }
                simulator = Simulator(header: header)
            case .timed(let statement):
                // The timers due first, then the line, so each record is
                // known to come from this line or not (for error notes).
                simulator.runTimers(until: statement.time, before: .trace)
                drain(&simulator, into: &writer, causes: &causes, from: nil)
                do throws(ScenarioError) {
                    try simulator.apply(statement)
                } catch {
                    var error = error
                    error.notes = causes.notes(for: statement, app: simulator.app, header: header)
                    throw error
                }
                drain(&simulator, into: &writer, causes: &causes, from: statement.location)
            case .fix(let line):
                simulator.apply(line.fix, at: line.time)
                drain(&simulator, into: &writer, causes: &causes, from: nil)
            case .track(let track):
                if player != nil {
                    throw ScenarioError(
                        "the previous gpx track still has points after this time; one track plays at a time",
                        at: track.location)
                }
                player = try TrackPlayer(track, source: tracks)
                try play(&player, until: track.time, &simulator, &writer, &causes)
            }
        }
        try play(&player, until: nil, &simulator, &writer, &causes)
        simulator.finish()
        drain(&simulator, into: &writer, causes: &causes, from: nil)
    }

    /// Plays `player`'s points up to `limit` (all with `nil`), and forgets
    /// it once it has none left.
    private static func play<W: LogWriter>(
        _ player: inout TrackPlayer?, until limit: Millis?, _ simulator: inout Simulator, _ writer: inout W,
        _ causes: inout ErrorCauses
    ) throws(ScenarioError) {
        guard player != nil else { return }
        try player!.play(until: limit, &simulator, &writer, &causes)
        if !player!.isPlaying { player = nil }
    }

    /// Hands the simulator's new records to `writer` and empties its output;
    /// `location` is the line that produced them, if one did.
    @inline(__always)
    static func drain<W: LogWriter>(
        _ simulator: inout Simulator, into writer: inout W, causes: inout ErrorCauses, from location: SourceLocation?
    ) {
        guard !simulator.output.isEmpty else { return }
        // Moved out from the end, so no record is copied and the array needs
        // no `removeAll(keepingCapacity:)`, whose generic `replaceSubrange`
        // cost more than formatting the record.
        simulator.output.reverse()
        while let record = simulator.output.popLast() {
            causes.saw(record, at: location)
            writer.write(record)
        }
    }
}
