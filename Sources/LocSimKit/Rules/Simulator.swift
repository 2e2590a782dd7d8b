/// The rule engine: the state of one app on one device, advanced by
/// scenario lines and by the timers the rules set.
///
/// The simulator is a value with no I/O: each input appends log records to
/// `output` and timers to `timers`; `Replay` drains both. Rules live in
/// `Simulator+<Rule>.swift`, one concern per file.
public struct Simulator {
    let header: ScenarioHeader
    let rules: RulesVersion
    var parameters: Parameters { header.parameters }

    /// The current time: the last trace line's or the timer being handled.
    public internal(set) var now = Millis.zero
    /// Records produced and not yet taken by the caller.
    public internal(set) var output: [LogRecord] = []
    var timers = EventQueue<RuleTimer>()

    // Lifecycle (§2).
    public internal(set) var app = AppState.notRunning
    var forceQuit = false
    /// A background app runs until this time unless something keeps it running.
    var runDeadline = Millis.zero
    var suspendGeneration = 0

    // In use, the background session and the indicator (§3).
    public internal(set) var inUse = false
    var graceUntil: Millis? = nil
    var graceGeneration = 0
    public internal(set) var session = false
    public internal(set) var indicator = false

    // Authorization (§4–§7, §9, §10).
    public internal(set) var authorization = Authorization()
    var lastAuthView: AuthView
    /// What the app's delegate was last told: status and accuracy.
    var appSawStatus: (AuthorizationStatus, AccuracyAuthorization)? = nil
    var owesAuthorizationCallback = false
    var prompt: Prompt? = nil
    var alwaysRequestUsed = false
    var upgradePending = false
    var upgradePromptShown = false
    var upgradeGeneration = 0
    var held: [HeldEvent] = []
    var temporaryAccuracyPending = false

    // The manager and the services (§8).
    var manager = ManagerSettings()
    var requestGeneration = 0
    var significantChanges = false
    var lastSignificantChange: (Location, Millis)? = nil
    var visits = false
    var visitArrival: Millis? = nil
    var regions: [MonitoredRegion] = []
    var declaredRegionIDs: Set<String> = []
    var notifications: [LocationNotification] = []
    var shownNotifications: Set<String> = []
    var lastFix: Location? = nil
    var lastDelivered: Location? = nil
    var lastReducedDelivery: Millis? = nil

    // The iOS 17+ APIs (docs/modern.md).
    var modern = ModernState()

    public init(header: ScenarioHeader) {
        self.header = header
        self.rules = RulesVersion(header.platform)
        lastAuthView = Authorization().view(on: rules)
    }

    /// Applies one scenario line at its time, first running every timer due
    /// at or before it (timers before trace lines at equal times, RULES §0).
    public mutating func apply(_ statement: TimedStatement) throws(ScenarioError) {
        advance(to: statement.time)
        try handle(statement)
        if modern.isActive { refreshModernDiagnostics() }
    }

    /// `apply` for a fix line, without building its statement: a fix is
    /// never rejected, so no error needs the line's place, and most lines of
    /// a long trace are fixes.
    public mutating func apply(_ fix: Fix, at time: Millis) {
        advance(to: time)
        fixArrived(fix)
        if modern.isActive { refreshModernDiagnostics() }
    }

    /// Runs the timers due at or before a trace line at `time`, then sets the clock to it.
    private mutating func advance(to time: Millis) {
        runTimers(until: time, before: .trace)
        now = time
    }

    /// Runs every remaining timer: what happens after the last line.
    public mutating func finish() {
        runTimers(until: Millis(.max), before: .trace)
    }

    mutating func runTimers(until limit: Millis, before phase: Phase) {
        while timers.hasEvent(until: limit, before: phase), let (time, _, timer) = timers.step() {
            now = time
            fire(timer)
            if modern.isActive { refreshModernDiagnostics() }
        }
    }

    mutating func schedule(_ timer: RuleTimer, at time: Millis) {
        timers.schedule(timer, at: time, phase: timer.phase)
    }

    mutating func fire(_ timer: RuleTimer) {
        switch timer {
        case .graceExpired(let generation):
            guard generation == graceGeneration, graceUntil != nil else { return }
            graceUntil = nil
            updateInUse(ending: .graceExpired)
        case .suspend(let generation):
            guard generation == suspendGeneration else { return }
            suspendIfIdle()
        case .upgradePrompt(let generation):
            guard generation == upgradeGeneration else { return }
            showUpgradePromptIfPending()
        case .requestLocationTimeout(let generation):
            guard generation == requestGeneration, manager.requestLocationPending else { return }
            manager.requestLocationPending = false
            let failure = Callback.didFailWithError(.kCLErrorLocationUnknown)
            // A suspended app runs no code: the failure is lost (RULES §2).
            if app.isRunning { emitCallback(failure) } else { emit(.drop(.callback(failure), .suspended)) }
        }
    }

    /// Takes `record` by value so it moves into `output` uncopied (this is
    /// the hot path of a long trace: a record a fix).
    mutating func emit(_ record: consuming Record) {
        output.append(LogRecord(now, record))
    }

    /// Takes the records produced so far.
    public mutating func takeOutput() -> [LogRecord] {
        defer { output.removeAll(keepingCapacity: true) }
        return output
    }

    /// Calls a delegate method, or records that the app does not implement it.
    mutating func emitCallback(_ callback: consuming Callback, as event: consuming UndeliveredEvent? = nil) {
        if header.delegate.contains(callback.method) {
            emit(.delegate(callback))
        } else if let event {
            emit(.drop(event, .notImplemented))
        } else {
            emit(.drop(.callback(callback), .notImplemented))
        }
    }

    mutating func warn(_ text: String) { emit(.warning(text)) }

    func error(_ message: String, _ statement: TimedStatement, atArgument: Bool = false) -> ScenarioError {
        ScenarioError(
            message, line: statement.location.line,
            column: atArgument ? statement.argumentColumn : statement.location.column)
    }

    mutating func handle(_ s: TimedStatement) throws(ScenarioError) {
        switch s.event {
        case .launch: try launch(s)
        case .foreground: try foreground(s)
        case .background: try background(s)
        case .terminate: try terminate(by: .user, s)
        case .systemTerminate: try terminate(by: .system, s)
        case .systemNotBusy: showUpgradePromptIfPending()
        case .app(let call): try appCall(call, s)
        case .modern(let call): try modernCall(call, s)
        case .user(let action): try user(action, s)
        case .fix(let fix): fixArrived(fix)
        case .enter(let id): try crossing(id, entered: true, s)
        case .exit(let id): try crossing(id, entered: false, s)
        case .visitArrive(let location): visitEvent(location, arrive: true)
        case .visitDepart(let location): visitEvent(location, arrive: false)
        case .beacon(let beacon): beaconSighted(beacon)
        }
    }
}
