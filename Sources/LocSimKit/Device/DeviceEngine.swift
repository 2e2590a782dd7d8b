/// The one seam between `SimulatedDevice` and the rules: a `Simulator` with
/// the scenario lines that drove it, advanced one timer instant at a time so
/// the device can hand each instant's records to the app's delegates before
/// time moves on (calls they make then take effect at that instant).
///
/// Every input is also kept as a scenario line (`DeviceJournal`), and every
/// input except a plain fix goes through the scenario parser as that line:
/// the device then checks exactly what `locsim run` checks, and the journal
/// replays to the same records (`SimulatedDeviceTests` checks the round trip).
struct DeviceEngine {
    private(set) var simulator: Simulator
    private var parser = ScenarioParser()
    private(set) var journal: DeviceJournal
    /// The device clock: the last input's time or the last timer instant run.
    private(set) var now = Millis.zero

    /// Builds the simulator from header lines, parsed as a `.scn` file's.
    init(headerLines: [String]) throws(ScenarioError) {
        var header = ScenarioHeader()
        journal = DeviceJournal(header: headerLines)
        for (index, line) in headerLines.enumerated() {
            guard case .header(let statement, _)? = try parser.parse(line, lineNumber: index + 1) else {
                throw ScenarioError("not a header line: \(line)", at: SourceLocation(line: index + 1, column: 1))
            }
            header.apply(statement)
        }
        simulator = Simulator(header: header)
    }

    var platform: Platform { simulator.header.platform }
    var rules: RulesVersion { simulator.rules }

    /// The time of the next rule timer, if any is pending.
    var nextTimer: Millis? { simulator.timers.queue.nextTime }

    /// Runs every timer due at `time` (one instant) and sets the clock to it.
    ///
    /// - Precondition: `time` is the next timer's time, at or after `now`.
    mutating func runTimers(at time: Millis) {
        simulator.runTimers(until: time, before: .trace)
        now = time
    }

    /// Moves the clock to `time` when no timer is due before it.
    mutating func setClock(_ time: Millis) { now = time }

    /// Applies `event` at `now` as the scenario line the journal keeps for it.
    ///
    /// - Throws: the line's error; the line is then not kept, and the
    ///   simulator is unchanged up to what the rules did before rejecting it.
    mutating func apply(_ event: Event) throws(ScenarioError) {
        let line = now.description + " " + Scenario.text(of: event)
        let number = journal.nextLineNumber
        guard case .timed(let statement)? = try parser.parse(line, lineNumber: number) else {
            throw ScenarioError("not a timed line: \(line)", at: SourceLocation(line: number, column: 1))
        }
        try simulator.apply(statement)
        journal.append(line)
    }

    /// A fix at `now` without building its line (the per-fix path): the
    /// checks the fix-line parser makes, then the rules.
    ///
    /// - Returns: false when the fix is out of range; the caller then
    ///   applies it as a line, for the parser's error.
    @inline(__always)
    mutating func applyFix(_ fix: Fix) -> Bool {
        guard Self.isPlain(fix) else { return false }
        simulator.apply(fix, at: now)
        journal.append(fix, at: now)
        return true
    }

    /// A fix the fast path takes: no optional fields and each number in the
    /// range the fix-line parser accepts (anything else goes through it).
    @inline(__always)
    private static func isPlain(_ fix: Fix) -> Bool {
        let l = fix.location
        return fix.speed == nil && fix.course == nil && fix.altitude == nil
            && (-90...90).contains(l.coordinate.latitude) && (-180...180).contains(l.coordinate.longitude)
            && ScenarioParser.accuracyRange.contains(l.accuracy)
    }

    /// Takes the records produced since the last call.
    mutating func takeOutput() -> [LogRecord] { simulator.takeOutput() }

    /// Appends the records produced since the last call to `records`.
    @inline(__always)
    mutating func moveOutput(into records: inout [LogRecord]) {
        guard !simulator.output.isEmpty else { return }
        records.append(contentsOf: simulator.output)
        simulator.output.removeAll(keepingCapacity: true)
    }

    // MARK: What the app can read

    /// The authorization the log last reported (`auth` records).
    var auth: AuthView { simulator.reported.auth }

    /// True while a prompt is on screen for the user to answer.
    var promptShowing: Bool { simulator.prompt != nil }

    /// The regions monitored for the app, in the order they were started.
    var monitoredRegions: [CircularRegion] { simulator.monitoring.regions.elements.map(\.region) }

    /// Why `call` cannot be made on this platform, or nil.
    func unavailable(_ call: AppCall) -> String? { Availability.problem(call, on: rules) }
    func unavailable(_ call: ModernCall) -> String? { ModernAvailability.problem(call, on: rules) }
}
