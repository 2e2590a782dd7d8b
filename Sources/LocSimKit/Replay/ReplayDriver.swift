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
    /// The engine, whose simulator is built once, from the whole header,
    /// when the first timed line comes (header lines all precede it; the
    /// parser checks): building it per header line copied the header each
    /// time, quadratic in its length. Not an optional: unwrapping a value
    /// this large on every line cost a tag test and a copy (a fifth of a fix
    /// line's instructions).
    private var loop: ClosedLoop
    private var started = false
    /// The platform the scenario runs on (its `platform` line, or the default).
    var runsOn: Platform { header.platform }
    /// Fixes that went the plain way (tests).
    var plainDeliveries: Int { loop.plainDeliveries }
    /// Warnings found while replaying (a policy for a prompt the platform never shows).
    private(set) var warnings: [ScenarioWarning] = []
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
        loop = ClosedLoop(simulator: Simulator(header: header))
    }

    /// A driver whose header is already complete (tests).
    init(header: ScenarioHeader) {
        self.init()
        self.header = header
    }

    /// Builds the simulator from the header as it stands at the first timed line.
    @inline(__always)
    private mutating func start() throws(ScenarioError) {
        guard !started else { return }
        try begin()
    }

    /// `start`'s one-time work, apart from the test every line makes.
    @inline(never)
    private mutating func begin() throws(ScenarioError) {
        started = true
        loop.simulator = Simulator(header: header)
        for policy in policies { warnIfNeverShown(policy) }
        // A property the platform's `CLLocationManager` lacks is an error at the line that reads it.
        for (reading, location) in propertyReads {
            if let problem = Simulator.problem(reading, on: loop.simulator.rules) {
                throw ScenarioError(problem, at: location)
            }
        }
    }

    @inline(__always)
    mutating func header(_ statement: HeaderStatement) {
        header.apply(statement)
        if let platform { header.platform = platform }
    }

    mutating func timed<W: LogWriter>(_ statement: TimedStatement, into writer: inout W) throws(ScenarioError) {
        assert(unsettled.layout == 0, "a line replayed before the last verbatim fix was applied")
        if playing { try play(until: statement.time, into: &writer) }
        try start()
        if case .modern(.backgroundActivitySessionBegin) = statement.event { warnIfNoBackgroundMode(statement) }
        try loop.apply(statement, into: &writer)
        noteUnheard(statement.location)
    }

    @inline(__always)
    mutating func fix<W: LogWriter>(_ line: TimedFix, into writer: inout W) throws(ScenarioError) {
        try fix(line, text: .none, into: &writer)
    }

    /// `fix(_:into:)` with where the line holds its numbers' text, for the
    /// writer to copy if the fix is delivered the plain way (`FixText`).
    @inline(__always)
    mutating func fix<W: LogWriter>(_ line: TimedFix, text: FixText, into writer: inout W) throws(ScenarioError) {
        assert(unsettled.layout == 0, "a line replayed before the last verbatim fix was applied")
        // A run of plain fixes: the simulator and the writer only (no track
        // to play first; a delivered fix leaves nothing for `noteUnheard`).
        if playing {
            // The track's points up to this fix first: they may make it plain.
            try play(until: line.time, into: &writer)
            try start()
            try loop.apply(line.fix, at: line.time, text: text, into: &writer)
        } else {
            if loop.deliverPlainly(line.fix, at: line.time, text: text, into: &writer) { return }
            try start()
            try loop.applyRefused(line.fix, at: line.time, into: &writer)
        }
        noteUnheard(line.location)
    }

    /// Whether the next fix line may go the verbatim lane (`verbatimFix`):
    /// no track playing, and the last fix found the standard updates plain.
    /// `mutating`, though it changes nothing: a getter copied the whole
    /// driver on every line.
    @inline(__always)
    mutating func takesVerbatimFixes() -> Bool { !playing && loop.takesStandardPlainly() }

    /// A verbatim fix line at `time` (`ScenarioParser.parseVerbatimFixLine`),
    /// when `takesVerbatimFixes`: written as its `text` if it goes the plain
    /// way, its values not read, the simulator left to `settle` (the line
    /// kept for it); false, having done nothing, for any other (`fix` then,
    /// with the line read in full).
    @inline(__always)
    mutating func verbatimFix<W: LogWriter>(at time: Millis, text: FixText, into writer: inout W) -> Bool {
        guard loop.deliverVerbatim(text, at: time, into: &writer) else { return false }
        unsettled.keep(text, at: time)
        return true
    }

    /// The last line `verbatimFix` wrote, not applied to the simulator yet.
    private var unsettled = UnsettledFix()

    /// Applies the last verbatim fix to the simulator, before anything
    /// else reaches it: the caller of `verbatimFix` calls it before any
    /// other line (`Replay.run`, whose lines all pass here but those the
    /// lane takes), `finish` calls it, and debug builds check it in
    /// `timed`, `fix` and `finalState`. Not in each entry point: there it
    /// made `fix` too large to inline into the replay's loop (50
    /// instructions a line of the traces the lane does not take).
    @inline(__always)
    mutating func settle() {
        if unsettled.layout != 0 { settleNow() }
    }

    @inline(never)
    private mutating func settleNow() {
        let kept = unsettled
        unsettled.clear()
        guard let fix = kept.fix else { return assertionFailure("a kept verbatim line the recorded shape refuses") }
        loop.settle(fix, at: kept.time)
    }

    /// Where the first fix no service took came from (its line, or a track's `gpx` line).
    private var firstUnheard: SourceLocation? = nil

    @inline(__always)
    private mutating func noteUnheard(_ location: SourceLocation) {
        if firstUnheard == nil, loop.simulator.unheardFixes != 0 { firstUnheard = location }
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
        try start()
        while let point = current.next(until: limit) {
            try loop.apply(point.fix, at: point.time, into: &writer)
            noteUnheard(current.location)
            try current.advance()
        }
        if current.isPlaying { player = current }
    }

    /// An `on` line: observed from its time on (a header one from the start).
    mutating func reaction<W: LogWriter>(_ statement: ReactionStatement, into writer: inout W) throws(ScenarioError) {
        if let condition = statement.reaction.condition { try reads(condition.reading, at: statement.location) }
        if let time = statement.time {
            if playing { try play(until: time, into: &writer) }
            try start()
            // What is due before the line happens before it, unseen by it
            // (what is due at its time waits for an input `system inputFirst` pinned).
            try loop.advance(toLineAt: time, into: &writer)
            warnIfNeverShown(statement)
        } else if statement.reaction.isPolicy {
            policies.append(statement)  // warned about once the platform is known
        }
        loop.add(statement)
    }

    /// An `expect` line (header only).
    mutating func expectation(_ statement: ExpectationStatement) {
        if case .property(let condition) = statement.expectation.base {
            propertyReads.append((condition.reading, statement.location))
        }
        loop.add(statement)
    }

    /// The properties `on … if` and `expect property` lines read, with their
    /// lines: checked against the platform once it is known (`start`).
    private var propertyReads: [(ManagerReading, SourceLocation)] = []

    /// A line reads `reading`: checked now if the platform is known, else at `start`.
    private mutating func reads(_ reading: ManagerReading, at location: SourceLocation) throws(ScenarioError) {
        guard started else { return propertyReads.append((reading, location)) }
        if let problem = Simulator.problem(reading, on: loop.simulator.rules) {
            throw ScenarioError(problem, at: location)
        }
    }

    /// The simulator as the replay left it (`locsim matrix` reads the final
    /// authorization and the events still held from it).
    var finalState: Simulator {
        assert(unsettled.layout == 0, "the simulator read before its last verbatim fix was applied")
        return loop.simulator
    }

    /// Plays what is left of a track, then the timers left after the last
    /// line (grace expiring, suspension), then checks the `expect` lines.
    ///
    /// - Returns: the expectations that failed (also written as `expect` records).
    mutating func finish<W: LogWriter>(into writer: inout W) throws(ScenarioError) -> [FailedExpectation] {
        settle()
        try play(until: nil, into: &writer)
        try start()
        let failed = try loop.finish(into: &writer)
        warnAboutWhatNeverHappened()
        return failed
    }

    /// What a scenario set up and never saw (docs/language.md, "Warnings"):
    /// fixes no service took, `on` lines that never fired, `expect`
    /// deadlines the run never reached. A flow that silently does nothing
    /// (a reaction waiting for a status the platform never reports) then
    /// says so.
    private mutating func warnAboutWhatNeverHappened() {
        if let first = firstUnheard {
            let n = loop.simulator.unheardFixes
            warnings.append(
                ScenarioWarning(
                    "\(n) fix\(n == 1 ? "" : "es") reached no running service (standard updates, requestLocation, liveUpdates, significant-change monitoring and derived crossings were all off), the first here",
                    at: first))
        }
        let rules = loop.simulator.rules
        let fired = loop.firedReactions.map(\.reaction.trigger)
        for statement in loop.neverFired {
            if case .prompt(let kind) = statement.reaction.trigger {
                // Already warned at the start when the platform never shows it.
                if let kind, !rules.shows(kind) { continue }
                // Another version's button (`on prompt whenInUse user
                // allowWhileUsing`, then `… allow`): another policy for the
                // same prompt answered it, as meant (issue 42).
                if fired.contains(statement.reaction.trigger) { continue }
                warnings.append(
                    ScenarioWarning("this policy never answered a prompt on \(rules.platform)", at: statement.location))
            } else {
                warnings.append(
                    ScenarioWarning(
                        "this 'on' line never fired: no '\(statement.reaction.trigger.name)' record it matches came after it",
                        at: statement.location))
            }
        }
        let end = loop.simulator.now
        for statement in loop.expectations(deadlineAfter: end) {
            warnings.append(
                ScenarioWarning(
                    "the run ends at \(end), before this expectation's deadline: it was checked over a shorter run than it names",
                    at: statement.location))
        }
    }

    /// Header policies, kept until the platform is known.
    private var policies: [ReactionStatement] = []

    /// A CLBackgroundActivitySession without the `location` background mode
    /// does nothing in the background (docs/modern.md M21): said once, at
    /// the first `begin`, where the platform suspends apps.
    private var warnedNoBackgroundMode = false
    private mutating func warnIfNoBackgroundMode(_ statement: TimedStatement) {
        guard !warnedNoBackgroundMode, loop.simulator.rules.suspends,
            !header.array("UIBackgroundModes", contains: "location")
        else { return }
        warnedNoBackgroundMode = true
        warnings.append(
            ScenarioWarning(
                "backgroundActivitySession without 'plist UIBackgroundModes location' does not keep the app in use in the background (docs/modern.md M21)",
                at: statement.location))
    }

    /// A policy for a prompt the platform never shows never applies: a warning.
    private mutating func warnIfNeverShown(_ statement: ReactionStatement) {
        guard case .prompt(.some(let kind)) = statement.reaction.trigger else { return }
        let rules = loop.simulator.rules
        guard !rules.shows(kind) else { return }
        let why =
            kind == .locationServices
            ? "the Location Services alert offers no answer"
            : "\(rules.platform) never shows the \(kind.rawValue) prompt"
        warnings.append(ScenarioWarning("policy never applies: \(why)", at: statement.location))
    }
}

/// A copy of a verbatim fix line (25 to 46 bytes: `ScenarioParser.verbatimFix`),
/// its layout and its time, kept past the reader's buffer for `ReplayDriver.settle`.
private struct UnsettledFix {
    private var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)
    /// The line's `FixText` layout; 0 for none kept.
    private(set) var layout: UInt32 = 0
    private(set) var time = Millis(0)

    /// Keeps the line of `text`: six words, the first three and the last three, overlapping.
    @inline(__always)
    mutating func keep(_ text: FixText, at time: Millis) {
        let line = text.line
        guard let base = line.baseAddress else { return }
        let n = line.count
        self.time = time
        layout = text.layout
        withUnsafeMutableBytes(of: &words) { kept in
            func copy(_ offset: Int) {
                kept.storeBytes(
                    of: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self), toByteOffset: offset,
                    as: UInt64.self)
            }
            copy(0)
            copy(8)
            copy(16)
            copy(n &- 24)
            copy(n &- 16)
            copy(n &- 8)
        }
    }

    /// Forgets the line.
    mutating func clear() { layout = 0 }

    /// The kept line's fix, read in full (`FixText.fix`).
    var fix: Fix? {
        var words = words
        let layout = layout
        return withUnsafeBytes(of: &words) { FixText(base: $0.baseAddress, layout: layout).fix }
    }
}
