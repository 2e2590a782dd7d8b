/// What a replay does with each parsed line: gathers the header, builds the
/// simulator once from it at the first timed line, plays `gpx` tracks
/// interleaved by time, applies each timed line, notes what may explain a
/// later error, and hands the records to the writer. Shared by `Replay.run`
/// (one thread) and `Replay.runPipelined` (parsing on a second thread), so
/// both write the same bytes.
struct ReplayDriver {
    private var header = ScenarioHeader()
    /// Replaces the scenario's `platform` line (`locsim matrix`).
    private let platform: Platform?
    /// Reads the files of `gpx` lines.
    private let tracks: TrackSource?
    /// Built once, from the whole header, when the first timed line comes
    /// (header lines all precede it; the parser checks): building it per
    /// header line copied the header each time, quadratic in its length.
    /// Not an optional: unwrapping a value this large on every line cost
    /// a tag test and a copy (a fifth of a fix line's instructions).
    private var simulator: Simulator
    private var started = false
    private var causes = ErrorCauses()
    /// The track of the last `gpx` line while it has points left.
    private var player: TrackPlayer? = nil {
        didSet { playing = player != nil }
    }
    /// `player != nil`, kept as a flag: testing the optional's tag outright
    /// was an outlined call on every line, for the rare scenario with tracks.
    private var playing = false

    init(platform: Platform? = nil, tracks: TrackSource? = nil) {
        self.platform = platform
        self.tracks = tracks
        if let platform {
            header.platform = platform
            header.translatesAnswers = true
        }
        simulator = Simulator(header: header)
    }

    /// Builds the simulator from the header as it stands at the first timed line.
    @inline(__always)
    private mutating func start() {
        guard !started else { return }
        started = true
        simulator = Simulator(header: header)
    }

    @inline(__always)
    mutating func header(_ statement: HeaderStatement) {
        header.apply(statement)
        if let platform { header.platform = platform }
    }

    mutating func timed<W: LogWriter>(_ statement: TimedStatement, into writer: inout W) throws(ScenarioError) {
        if playing { try play(until: statement.time, into: &writer) }
        start()
        // The timers due first, then the line, so each record is known to
        // come from this line or not (for error notes).
        simulator.runTimers(until: statement.time, before: .trace)
        Replay.drain(&simulator, into: &writer, causes: &causes, from: nil)
        do throws(ScenarioError) {
            try simulator.apply(statement)
        } catch {
            var error = error
            error.notes = causes.notes(for: statement, app: simulator.app, header: header)
            throw error
        }
        Replay.drain(&simulator, into: &writer, causes: &causes, from: statement.location)
    }

    @inline(__always)
    mutating func fix<W: LogWriter>(_ line: TimedFix, into writer: inout W) throws(ScenarioError) {
        if playing { try play(until: line.time, into: &writer) }
        applyFix(line.fix, at: line.time, into: &writer)
    }

    @inline(__always)
    private mutating func applyFix<W: LogWriter>(_ fix: Fix, at time: Millis, into writer: inout W) {
        start()
        simulator.apply(fix, at: time)
        Replay.drain(&simulator, into: &writer, causes: &causes, from: nil)
    }

    /// A `gpx` line: its points play from its time on, one track at a time.
    mutating func track<W: LogWriter>(_ statement: TrackStatement, into writer: inout W) throws(ScenarioError) {
        if playing { try play(until: statement.time, into: &writer) }
        if playing {
            throw ScenarioError(
                "the previous gpx track still has points after this time; one track plays at a time",
                at: statement.location)
        }
        player = try TrackPlayer(statement, source: tracks)
        try play(until: statement.time, into: &writer)
    }

    /// Plays the track's points up to `limit` (all with `nil`), and forgets
    /// it once it has none left.
    private mutating func play<W: LogWriter>(until limit: Millis?, into writer: inout W) throws(ScenarioError) {
        guard var current = player else { return }
        player = nil
        while let point = current.next(until: limit) {
            applyFix(point.fix, at: point.time, into: &writer)
            try current.advance()
        }
        if current.isPlaying { player = current }
    }

    /// The simulator as the replay left it (`locsim matrix` reads the final
    /// authorization and the events still held from it).
    var finalState: Simulator { simulator }

    /// Plays what is left of a track, then the timers left after the last
    /// line (grace expiring, suspension).
    mutating func finish<W: LogWriter>(into writer: inout W) throws(ScenarioError) {
        try play(until: nil, into: &writer)
        start()
        simulator.finish()
        Replay.drain(&simulator, into: &writer, causes: &causes, from: nil)
    }
}
