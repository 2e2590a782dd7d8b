/// The rule engine: the state of one app on one device, advanced by
/// scenario lines and by the timers the rules set.
///
/// The simulator is a value with no I/O: each input appends log records to
/// `output` and timers to `timers`; `Replay` drains the records. Rules live
/// in `Simulator+<Rule>.swift`, one concern per file; each piece of state is
/// an enum or a small struct whose shape rules out what cannot happen.
package struct Simulator {
    let header: ScenarioHeader
    let rules: RulesVersion
    var parameters: Parameters { header.parameters }

    /// The one clock, the timer queue's: the last trace line's time or the
    /// timer being handled.
    package var now: Millis { timers.now }
    /// Records produced and not yet taken by the caller.
    package internal(set) var output: [LogRecord] = []
    /// A delivered fix or `liveUpdates` element that came before every
    /// record of `output`, kept as plain values instead
    /// (`apply(_:at:direct:)`); `drain` writes it first. Built as a
    /// record, appended, drained, matched by the writer and destroyed, it
    /// cost more than formatting it (issue 20).
    package internal(set) var directFix: DirectFix? = nil
    /// Whether a delivered fix may go to `directFix`: only during a fix
    /// line of the plain replay, the only caller that drains it.
    var directFixAllowed = false
    /// Whether `lifecycle` was set during this input: the fix path settles
    /// only then (`apply(_:at:)`). Not rule state: false between inputs.
    var lifecycleWritten = false
    /// Fixes no service took (standard updates, `requestLocation`,
    /// `liveUpdates`, significant changes, crossings derived from fixes):
    /// the replay warns about them at the end (docs/language.md,
    /// "Warnings"). A count for the reader, not rule state.
    var unheardFixes = 0
    /// The manager the rule running now serves (`Simulator+Managers.swift`):
    /// the launch manager between inputs. Not rule state.
    var serving = Simulator.launchManager
    /// The rule state, one `Hashable` value (`World`); the properties below
    /// read its parts with `get` and change them in place with `_modify`.
    /// Not `_read`: Swift 6.3.1 at `-Onone` (every debug build, so every
    /// `swift test` of a package using LocSimKit) reads a value yielded by a
    /// `_read` after the coroutine has ended and freed it, when an optional
    /// member of it is compared or mapped (`monitoring.significantChange !=
    /// nil`): a heap use after free AddressSanitizer reports, and the cause
    /// of the crashes bench/fuzz.sh saw. `make test` runs the goldens under
    /// AddressSanitizer (`make asan`). At `-O` the getters cost nothing more
    /// (callgrind on bench/realistic.sh's traces: the same counts).
    var world: World

    var timers: Timers {
        get { world.timers }
        _modify { yield &world.timers }
    }
    var lifecycle: Lifecycle {
        get { world.lifecycle }
        _modify {
            yield &world.lifecycle
            lifecycleWritten = true
        }
    }
    var reported: Reported {
        get { world.reported }
        _modify { yield &world.reported }
    }
    package internal(set) var authorization: Authorization {
        get { world.authorization }
        _modify { yield &world.authorization }
    }
    var prompt: Prompt? {
        get { world.prompt }
        _modify { yield &world.prompt }
    }
    var upgrade: AlwaysUpgrade {
        get { world.upgrade }
        _modify { yield &world.upgrade }
    }
    var monitoring: Monitoring {
        get { world.monitoring }
        _modify { yield &world.monitoring }
    }
    var fixes: Fixes {
        get { world.fixes }
        _modify { yield &world.fixes }
    }
    var device: DeviceSettings {
        get { world.device }
        _modify { yield &world.device }
    }
    var modern: ModernState {
        get { world.modern }
        _modify { yield &world.modern }
    }

    package init(header: ScenarioHeader) {
        self.header = header
        self.rules = RulesVersion(header.platform)
        world = World(reported: Reported(auth: Authorization().view(on: rules)))
        // visionOS runs no app in the background for location (docs/rules.md
        // §1): a CLBackgroundActivitySession there is one without the mode (M21).
        modern.activity.backgroundMode = !rules.isVision && header.array("UIBackgroundModes", contains: "location")
    }

    package var app: AppState { lifecycle.appState }
    /// In use as the log last reported it (§3).
    package var inUse: Bool { reported.inUse }
    package var session: Bool { lifecycle.hasSession }
    package var indicator: Bool { reported.indicator }
    var significantChanges: Bool { monitoring.significantChange != nil }
    @inline(__always)
    var accuracy: AccuracyAuthorization { authorization.accuracy(on: rules) }

    /// Applies one scenario line at its time, first running every timer due
    /// at or before it (timers before trace lines at equal times, docs/rules.md §0).
    package mutating func apply(_ statement: TimedStatement) throws(ScenarioError) {
        advance(to: statement.time)
        try applyNow(statement)
    }

    /// `apply` for a fix line, without building its statement: a fix is
    /// never rejected, so no error needs the line's place, and most lines of
    /// a long trace are fixes. Inlined into the replay loop: the call
    /// cost a tenth of a fix line's own work.
    ///
    /// `direct`: a delivered fix or `liveUpdates` element that is the
    /// line's first record may be kept in `directFix` instead of `output`
    /// (for `drain`). `dueFirst`: the timers due at `time` that run before
    /// the fix are those whose phase sorts before it (`.inUse`: none, the
    /// fix `system inputFirst` pinned).
    @inline(__always)
    package mutating func apply(_ fix: Fix, at time: Millis, direct: Bool = false, dueFirst: Phase = .trace) {
        advance(to: time, before: dueFirst)
        directFixAllowed = direct
        fixArrived(fix)
        directFixAllowed = false
        // A fix changes what the derived records derive from only by waking
        // or relaunching the app; settling after every fix cost a fifth of
        // a fix line, comparing the app's state before and after 2 %. Debug
        // builds check that skipping it changes nothing.
        if lifecycleWritten { endInput() } else { assert(isSettled, "a fix changed derived state: \(lifecycle)") }
        if modern.isActive { refreshModernDiagnostics() }
    }

    /// How the next fix will be delivered if nothing but it happens (no
    /// timer due first), when that is all it does: `.standard`, only to
    /// `didUpdateLocations` of the one manager's running updates, which §8's
    /// table delivers now, with no `distanceFilter`, no automatic pause under
    /// way or tracked, no deferral and no reduced accuracy; `.liveUpdates`, only as an
    /// element of a running `liveUpdates` stream delivered now (standard
    /// updates off), unless the stream's stationary detection says
    /// otherwise. Either way no derived crossings, `didUpdateLocations`
    /// implemented, no outage, one manager and no significant changes.
    /// `nil` when the rules must look.
    /// Asked after a fix line; `deliverPlainly` relies on it.
    ///
    /// `mutating` though it changes nothing: asked from a mutating context,
    /// a non-mutating call not inlined is handed a copy of the whole
    /// simulator (a `memcpy` on every fix of traces that never qualify).
    @inline(__always)
    package mutating func plainDelivery() -> PlainDelivery? {
        // The header's part inline: a trace it rules out asks on every fix.
        guard !header.parameters.deriveCrossings, header.delegate.contains(.didUpdateLocations) else { return nil }
        return plainDeliveryNow()
    }

    /// `plainDelivery()` past the header's part.
    private mutating func plainDeliveryNow() -> PlainDelivery? {
        // One manager, so the launch manager's (read in place: `readingManager`).
        guard !several, fixes.outage == nil, !significantChanges, !world.launchManager.reduces(accuracy) else {
            return nil
        }
        let manager = world.launchManager
        switch manager.standard {
        case .updating(_, let motion):
            // A deferral measures each fix (docs/rules.md §8, "Deferred updates").
            guard !motion.isPaused, manager.distanceFilter == nil, world.deferrals.isEmpty, !modern.isActive,
                !modern.liveUpdates.wantsFixes,
                !(manager.pausesLocationUpdatesAutomatically && header.parameters.pauseAfter != nil),
                decide(.location) == .deliver
            else { return nil }
            return .standard
        case .off:
            guard modern.liveUpdates.isRunning, liveUpdatesDecision() == .deliver else { return nil }
            return .liveUpdates
        case .requestingOnce:
            return nil
        }
    }

    /// What `plainDelivery()` found.
    package enum PlainDelivery {
        case standard, liveUpdates
    }

    /// `apply(fix, at: time, direct: true)` when `plainDelivery()` gave
    /// `kind` after the last input, a fix line too:
    /// the fix goes to `directFix` without the rules' walk, which would find
    /// what that function found. False, doing nothing, when a timer is due
    /// first (it may change everything) or the stream's stationary detection
    /// does more than yield the element: then `apply` must run. Debug builds
    /// check each use against `apply` on a copy.
    @inline(__always)
    package mutating func deliverPlainly(_ fix: Fix, at time: Millis, _ kind: PlainDelivery) -> Bool {
        guard let delivered = plainly(fix, at: time, kind) else { return false }
        directFix = delivered
        return true
    }

    /// `deliverPlainly` handing the delivered fix back instead of keeping
    /// it in `directFix`, for a caller that writes it at once (the plain
    /// run: `ClosedLoop.deliverPlainly(_:at:text:into:)`); `nil`, doing
    /// nothing, where `deliverPlainly` is false.
    @inline(__always)
    package mutating func plainly(_ fix: Fix, at time: Millis, _ kind: PlainDelivery) -> DirectFix? {
        guard takesPlainly(at: time) else { return nil }
        #if DEBUG
            var reference = self
            reference.apply(fix, at: time, direct: true)
        #endif
        let delivered: DirectFix
        switch kind {
        case .standard:
            // `plainDelivery` found one manager: the launch manager.
            guard case .updating(_, let motion) = world.launchManager.standard else { return nil }
            timers.advance(to: time)
            world.launchManager.standard = .updating(lastDelivered: fix.location, motion: motion)
            delivered = DirectFix(location: fix.location, time: time)
        case .liveUpdates:
            let p = parameters
            guard
                modern.liveUpdates.observeMoving(
                    fix.location, at: time, radius: p.stationaryRadius, delay: p.stationaryDelay)
            else { return nil }
            timers.advance(to: time)
            modern.liveUpdates.lastProblems = []
            delivered = DirectFix(location: fix.location, time: time, liveUpdateFlags: [])
        }
        fixes.last = fix.location
        if modern.isActive { refreshModernDiagnostics() }
        #if DEBUG
            assert(
                reference.world == world && reference.directFix == delivered && reference.output == output,
                "a plain delivery differs from the rules' at \(time)")
        #endif
        return delivered
    }

    /// Whether `plainly` may deliver a fix at `time` after `plainDelivery()`
    /// found the standard updates plain, whatever the fix states: no timer
    /// due first, nothing in `output` or `directFix`. A plain delivery
    /// leaves all three as they are, so it holds for the next fix too
    /// (`ClosedLoop.deliverVerbatim` relies on it). `mutating` for the
    /// reason `plainDelivery()` is.
    @inline(__always)
    package mutating func takesPlainly(at time: Millis) -> Bool {
        !timers.queue.hasEvent(until: time, before: .trace) && output.isEmpty && directFix == nil
    }

    /// Puts `directFix`, if any, into `output` as its record, before the
    /// records that followed it (a caller that observes every record).
    package mutating func recordDirectFix() {
        guard let fix = directFix else { return }
        directFix = nil
        if output.isEmpty { output.append(fix.record) } else { output.insert(fix.record, at: 0) }
    }

    /// Runs the timers due at or before a trace line at `time` (at `time`,
    /// those whose phase sorts before `phase`), then sets the clock to it.
    @inline(__always)
    private mutating func advance(to time: Millis, before phase: Phase = .trace) {
        runTimers(until: time, before: phase)
        timers.advance(to: time)
    }

    /// Runs every remaining timer: what happens after the last line.
    package mutating func finish() {
        runTimers(until: Millis(.max), before: .trace)
    }

    /// Takes `record` by value so it moves into `output` uncopied (this is
    /// the hot path of a long trace: a record a fix).
    mutating func emit(_ record: consuming Record) {
        if several { return emitNamingManager(record) }
        output.append(LogRecord(Instant(sinceStart: now), record))
    }

    /// Takes the records produced so far.
    package mutating func takeOutput() -> [LogRecord] {
        defer { output.removeAll(keepingCapacity: true) }
        return output
    }

    /// Calls a delegate method, or records that the app does not implement it.
    /// Inlined, so a caller's `event` is built only when the method is
    /// missing: built and destroyed out of line, a delivered fix's unused
    /// `.fix(location)` cost as much as formatting it (a generic destroy).
    @inline(__always)
    mutating func emitCallback(_ callback: consuming Callback, as event: consuming UndeliveredEvent? = nil) {
        if header.delegate.contains(callback.method) {
            emit(.delegate(callback))
        } else if let event {
            emit(.drop(event, .notImplemented))
        } else {
            emit(.drop(.callback(callback), .notImplemented))
        }
    }

    /// Keeps `fix` in `directFix` instead of emitting its record, when it
    /// may go there: during a direct fix line, before any other record.
    @inline(__always)
    mutating func keepDirect(_ fix: DirectFix) -> Bool {
        guard directFixAllowed, output.isEmpty, directFix == nil, !several else { return false }
        directFix = fix
        return true
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
        // The closed loop keeps them: they order reactions and inputs, not rules
        // (ClosedLoop.deliverFirst, ClosedLoop.inputFirst).
        case .systemDeliverFirst, .systemInputFirst: break
        case .systemAny:
            throw error(
                "'system any' is a choice point for 'locsim explore'; run, check and matrix need the system's action itself (system terminate or system notBusy)",
                s, atArgument: true)
        case .systemReboot: reboot()
        case .app(let call): try appCall(call, s)
        case .managerCall(let name, let call): try managerCall(name, call, s)
        case .modern(let call): try modernCall(call, s)
        case .user(let action): try user(action, s)
        case .fix(let fix): fixArrived(fix)
        case .enter(let id): try crossing(id, entered: true, s)
        case .exit(let id): try crossing(id, entered: false, s)
        case .visitArrive(let location): visitEvent(location, arrive: true)
        case .visitDepart(let location): visitEvent(location, arrive: false)
        case .beacon(let beacon): beaconSighted(beacon)
        case .noFix(let until): try noFix(until: until, s)
        case .heading(let sample): headingSensed(sample)
        case .headingUnavailable: headingLost()
        }
    }
}

/// A delivered fix or `liveUpdates` element kept out of `Simulator.output`
/// (`Simulator.directFix`): the location the app gets and when.
package struct DirectFix: Equatable {
    package var location: Location
    package var time: Millis
    /// `nil` for `didUpdateLocations`; the element's flags for a `liveUpdates` element.
    package var liveUpdateFlags: DiagnosticFlags?

    package init(location: Location, time: Millis, liveUpdateFlags: DiagnosticFlags? = nil) {
        self.location = location
        self.time = time
        self.liveUpdateFlags = liveUpdateFlags
    }

    /// The record it stands for.
    package var record: LogRecord {
        let record: Record =
            liveUpdateFlags.map { .update(.liveUpdate(location, $0)) } ?? .delegate(.didUpdateLocations(location))
        return LogRecord(Instant(sinceStart: time), record)
    }

    static func sample(liveUpdate: Bool) -> DirectFix {
        DirectFix(
            location: Location(Coordinate(latitude: 0, longitude: 0), accuracy: 0), time: .zero,
            liveUpdateFlags: liveUpdate ? [] : nil)
    }
}
