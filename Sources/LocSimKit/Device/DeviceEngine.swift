/// The one seam between `SimulatedDevice` and the rules: the closed loop
/// (`ClosedLoop`, shared with the replay's `on` lines) with the scenario
/// lines that drove it, advanced one timer instant at a time so the device
/// can hand each instant's records to the app's delegates before time moves
/// on (calls they make then take effect at that instant).
///
/// Why instants, when the loop can stop after each timer: the device's
/// reactions are written to `scenario` as plain timed lines, and a line at
/// a time runs after every timer due at that time, so a call between two
/// timers of one instant could not be replayed.
///
/// Every input is also kept as a scenario line (`DeviceJournal`), and every
/// input except a plain fix goes through the scenario parser as that line:
/// the device then checks exactly what `locsim run` checks, and the journal
/// replays to the same records (`SimulatedDeviceTests` checks the round trip).
struct DeviceEngine {
    /// The closed loop the replay's `on` lines also run on; the device adds
    /// no reaction to it: the app's code is the reactor (`SimulatedDevice`).
    private(set) var loop: ClosedLoop
    /// Every record so far, in log order.
    private(set) var log = RecordCollector()
    private var parser = ScenarioParser()
    private(set) var journal: DeviceJournal
    /// The one clock, the engine's: the last input's time, the last timer
    /// instant run, or where `setClock` moved it.
    var now: Millis { loop.simulator.now }

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
        loop = ClosedLoop(simulator: Simulator(header: header))
    }

    var platform: Platform { loop.simulator.header.platform }
    /// The scenario's `set` parameters (the device's hardware among them).
    var parameters: Parameters { loop.simulator.header.parameters }
    var rules: RulesVersion { loop.simulator.rules }

    /// The time and phase of the next rule timer, if any is pending.
    var nextTimerEntry: (time: Millis, phase: Phase)? { loop.simulator.nextTimer }

    /// Runs the timers due at `time` (one instant) that precede a line, one
    /// at a time, and sets the clock to it; with `wholeInstant` (time moves
    /// past it) also those that follow the instant's lines (`afterLines`).
    ///
    /// - Returns: the error the loop met, if any (none without reactions).
    mutating func runTimers(at time: Millis, wholeInstant: Bool) -> ScenarioError? {
        do throws(ScenarioError) {
            try loop.advance(to: time, into: &log)
            while wholeInstant, loop.simulator.nextTimer?.time == time {
                _ = try loop.step(until: time + Millis(1), into: &log)
            }
        } catch {
            return error
        }
        return nil
    }

    /// Moves the one clock to `time` when no timer is due before it.
    mutating func setClock(_ time: Millis) { loop.simulator.advanceClock(to: time) }

    /// Applies `event` at `now` as the scenario line the journal keeps for it.
    ///
    /// - Throws: the line's error, with notes on the earlier lines that
    ///   caused it; the line is then not kept.
    mutating func apply(_ event: Event) throws(ScenarioError) {
        let line = now.description + " " + Scenario.text(of: event)
        let number = journal.nextLineNumber
        guard case .timed(let statement)? = try parser.parse(line, lineNumber: number) else {
            throw ScenarioError("not a timed line: \(line)", at: SourceLocation(line: number, column: 1))
        }
        try loop.apply(statement, into: &log)
        journal.append(line)
    }

    enum FixOutcome {
        case applied
        /// Out of the range the fix-line parser takes: apply it as a line, for the parser's error.
        case notPlain
        case failed(ScenarioError)
    }

    /// A fix at `now` without building its line (the per-fix path): the
    /// checks the fix-line parser makes, then the rules.
    @inline(__always)
    mutating func applyFix(_ fix: Fix) -> FixOutcome {
        guard Self.isPlain(fix) else { return .notPlain }
        do throws(ScenarioError) {
            try loop.apply(fix, at: now, into: &log)
        } catch {
            return .failed(error)
        }
        journal.append(fix, at: now)
        return .applied
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

    // MARK: What the app can read

    /// The authorization the log last reported (`auth` records).
    var auth: AuthView { loop.simulator.reported.auth }

    /// True while the app runs code (in the foreground or the background).
    var appRunning: Bool { loop.simulator.app.isRunning }

    /// Where the app is: `.notRunning` once its process ended, until a launch.
    var appState: AppState { loop.simulator.app }

    /// True while a prompt is on screen for the user to answer.
    var promptShowing: Bool { loop.simulator.promptShown }

    /// The regions monitored for the app, in the order they were started.
    var monitoredRegions: [CircularRegion] { loop.simulator.monitoring.regions.elements.map(\.region) }

    /// The beacon constraints the manager named `name` ranges (`default`:
    /// the launch manager), in the order started.
    func rangedConstraints(of name: String) -> [BeaconConstraint] {
        let world = loop.simulator.world
        guard name != SimulatedLocationManager.launchManagerName else { return world.launchManager.ranging.constraints }
        // `namedIndex` counts from 1: 0 is the launch manager (`Simulator.serving`).
        return world.namedIndex[name].map { world.named[$0 - 1].ranging.constraints } ?? []
    }

    /// The conditions of the monitor named `name` the system keeps (they
    /// outlive the process, M13), in the order added.
    func monitorConditions(of name: String) -> [Monitors.Condition] {
        loop.simulator.modern.monitors.conditions.elements.filter { $0.monitor == name }
    }

    /// The condition `id` of the monitor named `name`, if the system keeps it.
    func monitorCondition(_ name: String, _ id: String) -> Monitors.Condition? {
        loop.simulator.modern.monitors[Monitors.key(name, id)]
    }

    /// Why `call` cannot be made on this platform, or nil.
    func unavailable(_ call: AppCall) -> String? { Availability.problem(call, on: rules) }
    func unavailable(_ call: ModernCall) -> String? { ModernAvailability.problem(call, on: rules) }
}
