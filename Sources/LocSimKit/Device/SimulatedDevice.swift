/// A device running your app's location code under locsim's rules, in
/// virtual time: the closed loop of Sources/LocSimKit/LocSimKit.docc/SwiftAPI.md.
///
/// ```swift
/// let device = try SimulatedDevice(platform: .iOS(17, 0), plist: [
///     "NSLocationWhenInUseUsageDescription": "Records your runs.",
/// ])
/// let manager = device.makeLocationManager()     // CLLocationManager's names
/// let tracker = RunTracker(manager: manager)      // your code
/// try device.user.answer(.allowWhileUsing)
/// try device.feed(fix: Fix(latitude: 35.68, longitude: 139.76, accuracy: 5))
/// #expect(tracker.points.count == 1)
/// ```
///
/// The app is launched in the foreground at time 0. Calls on its managers
/// take effect at once, at the device's time; the delegates hear of them
/// when the device next runs: at the start and end of each call the test
/// makes (`advance`, `feed`, `user.…`, `app.…`, `world.…`), records are
/// handed to the delegates in log order, each at its own virtual time, and
/// what a delegate calls then takes effect at that time. Time moves only
/// with `advance(by:)`/`advance(to:)` and `feed(trace:)`, one rule-timer
/// instant at a time.
///
/// Everything is recorded: `log` is the same typed records and text as a
/// replay, and `scenario` is the session as a `.scn` that `locsim run`
/// replays to the same log.
public final class SimulatedDevice {
    // The hot state is `@exclusivity(unchecked)`: a dynamic exclusivity
    // check on each access cost a sixth of a fed fix's instructions
    // (`swift_beginAccess`, 8 a fix). Safe here: no access is held across
    // a call into the app's code (`dispatch` copies each record out before
    // handing it over, and a completion is taken out of `completions`
    // before it runs), so a delegate's call back into the device never
    // overlaps one. `dispatch` reads `completions`, `regions`,
    // `liveUpdateStreams` and `appDelegate` once a call: four checks a fed fix.
    @exclusivity(unchecked) var engine: DeviceEngine
    /// How many of `records` the delegates have been handed.
    @exclusivity(unchecked) var dispatched = 0
    @exclusivity(unchecked) var dispatching = false
    @exclusivity(unchecked) var managers: [SimulatedLocationManager] = []
    /// The completions of `requestTemporaryFullAccuracyAuthorization`, in call order.
    @exclusivity(unchecked) var completions: [(((any Error)?) -> Void)?] = []
    /// Regions by id, as the app last gave them to `startMonitoring(for:)`.
    @exclusivity(unchecked) var regions: [String: CircularRegion] = [:]
    @exclusivity(unchecked) var liveUpdateStreams: [AsyncStream<SimulatedLocationUpdate>.Continuation] = []
    /// The app's service and activity sessions and its open monitors
    /// (`ModernObjects`, `SimulatedSession`, `SimulatedMonitor`).
    var modernObjects = ModernObjects()
    /// Misuses not yet thrown to the test, oldest first.
    @exclusivity(unchecked) var kept: [DeviceError] = []
    /// Hears the app's lifecycle (launch, background, foreground); held weakly.
    ///
    /// The first launch (at time 0, in the device's initializer) reaches
    /// the delegate when it is set: `applicationDidFinishLaunching(inBackground: false)`
    /// runs inside this setter, as on a device it runs before any of the
    /// app's other code. Each relaunch reaches it when the device hands
    /// over the launch's `app` record.
    ///
    /// Unchecked as the hot state above: `dispatch` reads it once a call
    /// (a check a fed fix), and its observer runs after the write.
    @exclusivity(unchecked) public weak var appDelegate: (any SimulatedAppDelegate)? {
        didSet { tellFirstLaunch() }
    }
    /// The app's process the managers made now belong to: 1 for the launch
    /// at time 0, one more at each relaunch handed to the app.
    var process = 1
    /// How many `app launch…` records the app has been handed.
    var launchesHanded = 0
    /// The first launch was told to `appDelegate` when it was set.
    var firstLaunchTold = false
    /// The authorization callback the launch manager was due when there
    /// was none yet: the first manager made then gets it (a manager gets
    /// one at its creation, as the launch's does).
    var unheardAuthorization: Callback?
    /// A manager made after its process's authorization callback, and that callback.
    @exclusivity(unchecked) var creationCallback: (SimulatedLocationManager, Callback)?
    /// Calls (and property reads) the app's code made that had no effect and
    /// are not thrown to the test: a call on a manager of an ended process
    /// (`.processEnded`: after a termination or a crash, a relaunch is a new
    /// process), a property the platform lacks (`.unavailable`). Oldest
    /// first; each is also the manager's `lastError`.
    public private(set) var ignoredCalls: [DeviceError] = []
    /// The authorization as the records handed to the delegates tell it.
    var shownAuth: AuthView
    /// The one-element array `didUpdateLocations` hands over, reused while
    /// the delegate keeps no reference to it (else it is copied on write).
    @exclusivity(unchecked) var locationBuffer: [SimulatedLocation] = []
    /// The speed, course and altitude of the fixes fed with any, in time order.
    @exclusivity(unchecked) var fixExtras: [FixExtras] = []
    /// The state LocSimCoreLocation keeps for this device (its epoch).
    package var coreLocationState: AnyObject?
    /// The run of a `DeviceExploration` this device serves, if any: its
    /// choice points are in the test's calls (`SimulatedDevice+Explore`).
    @exclusivity(unchecked) var explorer: DeviceExplorer?

    /// A device on `platform` with the app's Info.plist, its app launched in
    /// the foreground at time 0.
    ///
    /// - Parameters:
    ///   - platform: the OS and version the rules follow.
    ///   - plist: the app's Info.plist keys and values (`plist` lines).
    ///   - delegateMethods: the delegate methods the app implements, for the
    ///     rules that depend on it (default: all).
    ///   - parameters: rule parameters (`set …` lines).
    /// - Throws: `DeviceError` (`.rejected`) for a header the scenario
    ///   language rejects (a key it cannot write, a value out of range).
    public init(
        platform: Platform = .default, plist: [String: PlistValue] = [:], delegateMethods: DelegateMethods = .all,
        parameters: [ParameterSetting] = []
    ) throws(DeviceError) {
        var header = Scenario(platform: platform)
        // Sorted: a dictionary's order varies from run to run, the scenario must not.
        for (key, value) in plist.sorted(by: { $0.key < $1.key }) {
            switch value {
            case .string(let s): header.plist(key, s)
            case .bool(let b): header.plist(key, b)
            case .array(let words): header.plist(key, words)
            }
        }
        if delegateMethods != .all { header.delegate(delegateMethods) }
        for p in parameters { header.set(p) }
        do throws(ScenarioError) {
            engine = try DeviceEngine(headerLines: header.text.split(separator: "\n").map(String.init))
        } catch {
            throw DeviceError(.rejected, error)
        }
        shownAuth = engine.auth
        try apply(.launch)
    }

    deinit {
        for stream in liveUpdateStreams { stream.finish() }
        modernObjects.processEnded()
    }

    // MARK: What the test reads

    /// The device's virtual time: how long after the session's start.
    public var now: Instant { Instant(sinceStart: engine.now) }

    /// The log so far: the records a replay of `scenario` gives up to `now`.
    public var log: ReplayLog { ReplayLog(records: engine.log.records) }

    /// The session as scenario text (a `.scn` file): `locsim run` replays it
    /// to `log`, followed by what the timers still pending do (run them
    /// first with `runUntilIdle()` for the whole of it).
    public var scenario: String { engine.journal.text }

    /// The platform the device runs.
    public var platform: Platform { engine.platform }

    /// `CLLocationManager.authorizationStatus()`, the class method (every
    /// version; the instance property exists from iOS 14).
    public var authorizationStatus: AuthorizationStatus { shownAuth.status }

    /// `CLLocationManager.headingAvailable()`: the device has a magnetometer
    /// (iPhone, iPad, Apple Watch; not a Mac or Apple TV, docs/rules.md §8).
    public var headingAvailable: Bool { Simulator.headingAvailable(on: engine.platform, engine.parameters) }

    /// `CLLocationManager.deferredLocationUpdatesAvailable()`: an iPhone
    /// before iOS 13; false from iOS 13, where the method was deprecated, and
    /// on a Mac (docs/rules.md §8, "Deferred updates").
    public var deferredLocationUpdatesAvailable: Bool {
        Simulator.deferredLocationUpdatesAvailable(on: engine.platform, engine.parameters)
    }

    /// `CLLocationManager.isMonitoringAvailable(for: CLCircularRegion.self)`:
    /// the platform monitors regions (not tvOS or watchOS) and the device
    /// has the hardware (`ParameterSetting.regionMonitoring`, docs/rules.md §1,
    /// "Devices without the hardware").
    public var regionMonitoringAvailable: Bool {
        Simulator.regionMonitoringAvailable(on: engine.rules, engine.parameters)
    }

    /// `CLLocationManager.isRangingAvailable()`: the platform ranges beacons
    /// (iOS 7+) and the device has the hardware (`ParameterSetting.ranging`).
    public var rangingAvailable: Bool { Simulator.rangingAvailable(on: engine.rules, engine.parameters) }

    /// `CLLocationManager.significantLocationChangeMonitoringAvailable()`:
    /// the platform has the service and the device too (`ParameterSetting.significantChange`).
    public var significantLocationChangeMonitoringAvailable: Bool {
        Simulator.significantChangeAvailable(on: engine.rules, engine.parameters)
    }

    // MARK: Managers

    /// A new `CLLocationManager` of the app.
    ///
    /// Managers belong to the app's process: after a termination or a
    /// crash, its managers are dead (a call on one has no effect and is in
    /// `ignoredCalls`), and the relaunched app makes its own, as a new
    /// process does, in `SimulatedAppDelegate.applicationDidFinishLaunching(inBackground:)`.
    ///
    /// The first of a process is the manager created at launch (`app …`
    /// lines, `default` in the log once there are several); made after the
    /// launch's authorization callback was handed over, it gets that
    /// callback (with the current status) at the device's next run, as
    /// Core Location calls a new manager's delegate. Each later one is created now,
    /// as `CLLocationManager()` creates it, and gets the authorization
    /// callback at its creation: the scenario writes its creation as a line
    /// setting a property to the value it has anyway
    /// (`app[manager2] set distanceFilter none`), since the language creates
    /// a named manager at its first line. What is each manager's and what
    /// the app's: docs/rules.md §8, "Several managers".
    public func makeLocationManager() -> SimulatedLocationManager {
        let first = managers.isEmpty
        let manager = SimulatedLocationManager(
            device: self, name: first ? SimulatedLocationManager.launchManagerName : "manager\(managers.count + 1)",
            process: process)
        managers.append(manager)
        if first, let callback = unheardAuthorization {
            unheardAuthorization = nil
            creationCallback = (manager, callback)
        }
        if !first {
            // Created while the app runs no code, it is created at its next call.
            if engine.appRunning { manager.created() }
        }
        return manager
    }

    // MARK: Time

    /// Moves time forward by `duration`, running the rules' timers.
    public func advance(by duration: Millis) throws(DeviceError) {
        try advance(to: now + duration)
    }

    /// Moves time forward to `time`, one timer instant at a time: each
    /// instant's records reach the delegates before time moves on.
    ///
    /// - Throws: `.timeWentBackwards` for a time before `now`, or past the
    ///   last time a scenario can hold.
    public func advance(to instant: Instant) throws(DeviceError) {
        let time = instant.sinceStart
        guard time >= engine.now, time.value <= Self.lastTime else {
            throw DeviceError(
                .timeWentBackwards,
                time < engine.now
                    ? "advance(to: \(time)): the device's time is already \(engine.now); time only moves forward"
                    : "advance(to: \(time)): past the last time a scenario can hold (\(ByteScanner.maxSeconds) s)")
        }
        try exploreBeforeTimeMoves()
        run(until: time)
        try throwKept()
    }

    /// Runs every pending timer (grace ending, suspension), as a replay does
    /// after its last line; the clock ends at the last one.
    public func runUntilIdle() throws(DeviceError) {
        try exploreBeforeTimeMoves()
        run(until: Millis(Self.lastTime))
        try throwKept()
    }

    static let lastTime = Millis.lastInstant.value

    /// Hands pending records to the delegates, then runs the timers due up
    /// to `time` one instant at a time, then sets the clock (if `time` is given).
    func run(until time: Millis?) {
        dispatch()
        // At the limit itself only the timers that precede a line: those of
        // phase `afterLines` (a suspension waiting for the calls of that
        // instant) run once time moves past it.
        let limit = time ?? engine.now
        // Timer instants whose callbacks made the app call the device: app
        // code that re-arms a timer from its callback (a `requestLocation`
        // retried on each timeout) would otherwise run to the last instant.
        var rearmed = 0
        while let (next, phase) = engine.nextTimerEntry, next < limit || (next == limit && phase < .trace) {
            if let explorer, next > engine.now { answerPromptsBeforeTimeMoves(explorer) }
            if let error = engine.runTimers(at: next, wholeInstant: next < limit) {
                keep(DeviceError(.rejected, error))
            }
            let lines = engine.journal.nextLineNumber
            dispatch()
            if engine.journal.nextLineNumber != lines {
                rearmed += 1
                if rearmed > ClosedLoop.maxTimerRuns {
                    keep(
                        DeviceError(
                            .rejected,
                            "more than \(ClosedLoop.maxTimerRuns) timers ran the app's code, which called the device again, with no call from the test between them, the last at \(engine.now): the app re-arms a timer from its callback (a request retried on each timeout); time stops there"
                        ))
                    return
                }
            }
        }
        if let time, time > engine.now, time.value < Self.lastTime {
            if let explorer { answerPromptsBeforeTimeMoves(explorer) }
            engine.setClock(time)
        }
    }

    /// An exploration's choices at the start of `advance` or `runUntilIdle`.
    private func exploreBeforeTimeMoves() throws(DeviceError) {
        guard explorer != nil else { return }
        run(until: nil)
        try exploreBeforeCall(answering: false, terminable: true)
    }

    /// A prompt still on screen when time moves past the instant it showed
    /// at: a choice point then (its error is the call's).
    private func answerPromptsBeforeTimeMoves(_ explorer: DeviceExplorer) {
        do throws(DeviceError) { try answerPrompts(explorer) } catch { keep(error) }
    }

    // MARK: Inputs

    /// Applies `event` at `now` after the records and timers before it, and
    /// hands what it did to the delegates.
    func input(_ event: Event) throws(DeviceError) {
        run(until: nil)
        if explorer != nil {
            try exploreBeforeCall(answering: event.answersPrompt, terminable: event.systemMayEndAppFirst)
        }
        do throws(DeviceError) { try apply(event) } catch { keep(error) }
        dispatch()
        try throwKept()
    }

    /// Applies `event`, keeping its records; maps the scenario's error.
    func apply(_ event: Event) throws(DeviceError) {
        do throws(ScenarioError) {
            try engine.apply(event)
        } catch {
            throw DeviceError(.rejected, error)
        }
    }

    /// Why `manager` can make no call: its process has ended (a later
    /// launch made a new one, or the app is not running), or nil.
    func ended(_ manager: SimulatedLocationManager, _ name: String) -> DeviceError? {
        ended(process: manager.process, "manager '\(manager.name)'", name)
    }

    /// Why an object of the app's process `owner` (`what`: "manager 'default'",
    /// "service session 'session1'", …) can make no call, or nil.
    func ended(process owner: Int, _ what: String, _ name: String) -> DeviceError? {
        guard owner < process || engine.appState == .notRunning else { return nil }
        let relaunched = owner < process
        return DeviceError(
            .processEnded,
            "\(name): \(what) belongs to the app's process \(owner), which ended"
                + (relaunched
                    ? "; the app runs as process \(process) now: make its objects at launch (applicationDidFinishLaunching)"
                    : " (the app is not running); the call is ignored, as a device runs no code of an ended process"))
    }

    /// Keeps a call that had no effect and is not thrown (`ignoredCalls`).
    func ignore(_ error: DeviceError) { ignoredCalls.append(error) }

    /// A call by the app's code on `manager`.
    func perform(_ call: AppCall, from manager: SimulatedLocationManager) throws(DeviceError) {
        if let problem = engine.unavailable(call) { throw DeviceError(.unavailable, problem) }
        try apply(manager === managers.first ? .app(call) : .managerCall(manager: manager.name, call))
        if case .startMonitoring(let region) = call { regions[region.id] = region }
    }

    /// A property the platform lacks before iOS `major`, as an error.
    func missing(_ name: String, since major: Int) -> DeviceError? {
        guard [.iOS, .iPadOS, .macCatalyst].contains(engine.platform.os), !engine.rules.atLeast(major) else {
            return nil
        }
        return DeviceError(
            .unavailable, "\(name) is not available on \(engine.platform): it was introduced in iOS \(major).0")
    }

    /// Keeps a misuse for the test's next call.
    func keep(_ error: DeviceError) {
        kept.append(error)
    }

    /// Throws the oldest misuse not yet thrown: each call from the test
    /// throws at most one, in the order they happened.
    func throwKept() throws(DeviceError) {
        guard !kept.isEmpty else { return }
        throw kept.removeFirst()
    }

    /// Tells a delegate set before the device first ran of the launch at time 0.
    private func tellFirstLaunch() {
        guard launchesHanded == 0, !firstLaunchTold, let appDelegate else { return }
        firstLaunchTold = true
        appDelegate.applicationDidFinishLaunching(inBackground: false)
    }

    func awaitCompletion(_ completion: (((any Error)?) -> Void)?) {
        completions.append(completion)
    }
}
