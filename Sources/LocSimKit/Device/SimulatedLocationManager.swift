/// A `CLLocationManager` on a `SimulatedDevice`, under `CLLocationManager`'s
/// names and signatures: hand it to code written against a small protocol
/// that a real `CLLocationManager` also conforms to (Sources/LocSimKit/LocSimKit.docc/SwiftAPI.md).
///
/// Each call is the scenario's `app <call>` at the device's virtual time,
/// under the same rules. The delegate hears of it when the device runs
/// (its next `advance`, `feed`, `user.…` or `app.…` call), as a real
/// delegate hears on a later turn of the run loop; calls made from inside a
/// callback take effect at that callback's time.
///
/// Like `CLLocationManager`'s, the calls do not throw. A call the platform
/// lacks, or the rules reject, changes nothing; its `DeviceError` is kept in
/// `lastError` and thrown by the device's next call from the test. After the
/// device is gone, every call sets `lastError` to `.deviceGone`.
///
/// A manager belongs to the app's process it was made in: once that
/// process ends (a termination, a crash) the manager is dead, as on a
/// device, and each call on it does nothing, sets `lastError` to
/// `.processEnded` and is counted in `SimulatedDevice.ignoredCalls`,
/// without being thrown. The relaunched app makes new managers.
public final class SimulatedLocationManager {
    /// `kCLDistanceFilterNone`.
    public static let distanceFilterNone: Double = -1
    /// `kCLHeadingFilterNone`.
    public static let headingFilterNone: Double = -1

    weak var device: SimulatedDevice?
    /// Held weakly, as `CLLocationManager` holds its delegate. Setting it
    /// replaces a LocSimCoreLocation `CLLocationManager`'s relay. No dynamic
    /// exclusivity check (one a fix), for the reason given at `relay`.
    @exclusivity(unchecked) public weak var delegate: (any SimulatedLocationManagerDelegate)? {
        didSet { relay = nil }
    }
    /// LocSimCoreLocation's relay to its `CLLocationManager`, heard in place
    /// of `delegate`. Held strongly, so a callback costs no weak load (nor the
    /// slow reference counting of an object with weak references): its
    /// `CLLocationManager` holds this manager, and the relay holds that
    /// one unowned, cleared when it goes (`locsim-corelocation-bench`).
    ///
    /// `@exclusivity(unchecked)`, as the device's hot state: a dynamic check
    /// cost 57 instructions a fix, and no access is held across a call into
    /// the app's code (the dispatch loads it before calling).
    @exclusivity(unchecked) package var relay: (any SimulatedLocationManagerDelegate)?
    /// Who hears this manager's callbacks: the relay, else the delegate.
    var listener: (any SimulatedLocationManagerDelegate)? { relay ?? delegate }
    /// The last misuse of this manager, if any (see the type's summary).
    public internal(set) var lastError: DeviceError?
    /// The most recent location delivered to the delegate (`location`).
    /// Written by the device's dispatch before it calls the delegate: no
    /// dynamic exclusivity check (see `relay`).
    @exclusivity(unchecked) public internal(set) var location: SimulatedLocation?
    /// The most recent heading delivered to the delegate (`heading`); nil
    /// before any (Apple: "nil if heading updates have never been initiated").
    public internal(set) var heading: HeadingSample?

    private var desired = DesiredAccuracy.best
    private var filter = SimulatedLocationManager.distanceFilterNone
    private var background = false
    private var indicator = false
    private var pauses = true
    private var activity = ActivityType.other
    private var degrees: Double = 1
    private var orientation = DeviceOrientation.portrait

    /// The name the log gives this manager once the app has several: the
    /// first manager made is the one created at launch (`default`), the
    /// others `manager2`, `manager3`, … in the order they were made.
    public let name: String
    static let launchManagerName = "default"
    /// The app's process the manager was made in (1: the launch at time 0).
    let process: Int

    init(device: SimulatedDevice, name: String, process: Int) {
        self.device = device
        self.name = name
        self.process = process
    }

    /// False once the app's process this manager was made in has ended
    /// (the app terminated or crashed): its calls are then ignored.
    public var isAlive: Bool {
        guard let device else { return false }
        return device.ended(self, "isAlive") == nil
    }

    // MARK: Authorization

    /// iOS 14+ (`CLLocationManager.authorizationStatus()` before: `SimulatedDevice.authorizationStatus`).
    ///
    /// Read on a platform without it (iOS 13), it is `.notDetermined`, and
    /// the read is an `.unavailable` error at once: `lastError` and
    /// `SimulatedDevice.ignoredCalls` hold it (not thrown later).
    public var authorizationStatus: AuthorizationStatus {
        read(since: 14, "authorizationStatus") { $0.authorizationStatus } ?? .notDetermined
    }

    /// iOS 14+; on iOS 13 `.fullAccuracy`, an error as for `authorizationStatus`.
    public var accuracyAuthorization: AccuracyAuthorization {
        read(since: 14, "accuracyAuthorization") { $0.shownAuth.accuracy } ?? .fullAccuracy
    }

    /// `app requestWhenInUseAuthorization`: may show the When In Use prompt (docs/rules.md §4).
    public func requestWhenInUseAuthorization() { perform(.requestWhenInUseAuthorization) }
    /// `app requestAlwaysAuthorization`: may show the Always or the upgrade prompt (docs/rules.md §4, §6).
    public func requestAlwaysAuthorization() { perform(.requestAlwaysAuthorization) }

    /// The completion runs when the prompt is answered, or at once when it cannot show.
    public func requestTemporaryFullAccuracyAuthorization(
        withPurposeKey purposeKey: String, completion: ((_ error: (any Error)?) -> Void)? = nil
    ) {
        requestTemporaryFullAccuracy(purposeKey, completion)
    }

    /// `requestTemporaryFullAccuracyAuthorization`; false when the call had
    /// no effect (`lastError`): the completion will never run.
    @discardableResult
    package func requestTemporaryFullAccuracy(
        _ purposeKey: String, _ completion: ((_ error: (any Error)?) -> Void)?
    ) -> Bool {
        guard perform(.requestTemporaryFullAccuracyAuthorization(purposeKey: purposeKey)) else { return false }
        device?.awaitCompletion(completion)
        return true
    }

    // MARK: Properties

    /// `desiredAccuracy` (`app set desiredAccuracy …`); `.best` by default.
    public var desiredAccuracy: DesiredAccuracy {
        get { desired }
        set { if perform(.set(.desiredAccuracy(newValue))) { desired = newValue } }
    }

    /// Meters; `distanceFilterNone` (any negative value) for every movement.
    public var distanceFilter: Double {
        get { filter }
        set {
            let meters = newValue < 0 ? nil : newValue
            if perform(.set(.distanceFilter(meters))) { filter = meters ?? Self.distanceFilterNone }
        }
    }

    /// `allowsBackgroundLocationUpdates`; `true` needs `UIBackgroundModes` `location` in the plist, or the app crashes.
    public var allowsBackgroundLocationUpdates: Bool {
        get { background }
        set { if perform(.set(.allowsBackgroundLocationUpdates(newValue))) { background = newValue } }
    }

    /// `showsBackgroundLocationIndicator`: the blue indicator for an Always app (iOS 11+); `false` by default.
    public var showsBackgroundLocationIndicator: Bool {
        get { indicator }
        set { if perform(.set(.showsBackgroundLocationIndicator(newValue))) { indicator = newValue } }
    }

    /// `pausesLocationUpdatesAutomatically`; `true` by default, pausing only when `set pauseAfter` gives a time.
    public var pausesLocationUpdatesAutomatically: Bool {
        get { pauses }
        set { if perform(.set(.pausesLocationUpdatesAutomatically(newValue))) { pauses = newValue } }
    }

    /// `CLActivityType`; no rule reads it (docs/rules.md §8). A value the
    /// platform lacks (`airborne` before iOS 12) is refused like any call.
    public var activityType: ActivityType {
        get { activity }
        set { if perform(.set(.activityType(newValue))) { activity = newValue } }
    }

    /// Degrees (default 1); `headingFilterNone` (any negative value) for every movement.
    public var headingFilter: Double {
        get { degrees }
        set {
            let value = newValue < 0 ? nil : newValue
            if perform(.set(.headingFilter(value))) { degrees = value ?? Self.headingFilterNone }
        }
    }

    /// `CLDeviceOrientation`, recorded: the heading is reported as the device senses it (docs/rules.md §8).
    public var headingOrientation: DeviceOrientation {
        get { orientation }
        set { if perform(.set(.headingOrientation(newValue))) { orientation = newValue } }
    }

    // MARK: Services

    /// `app startUpdatingHeading`: `heading` samples reach `didUpdateHeading` (docs/rules.md §8, "Heading").
    public func startUpdatingHeading() { perform(.startUpdatingHeading) }
    /// `app stopUpdatingHeading`: heading updates end.
    public func stopUpdatingHeading() { perform(.stopUpdatingHeading) }

    /// `CLLocationDistanceMax` and `CLTimeIntervalMax`: a deferral without that limit.
    public static let deferralMax = Double.greatestFiniteMagnitude

    /// `allowDeferredLocationUpdates(untilTraveled:timeout:)`: meters and
    /// seconds, each above 0; `deferralMax` (or infinity) for no limit. The
    /// outcome reaches `didFinishDeferredUpdatesWithError` (docs/rules.md §8,
    /// "Deferred updates"); a value out of range is `.rejected`.
    public func allowDeferredLocationUpdates(untilTraveled distance: Double, timeout: Double) {
        guard distance > 0, timeout > 0 else {
            let error = DeviceError(
                .rejected,
                "allowDeferredLocationUpdates: the distance and the timeout must be above 0, found \(distance) and \(timeout)"
            )
            lastError = error
            device?.keep(error)
            return
        }
        let meters = distance >= Self.deferralMax ? nil : distance
        let seconds = timeout >= Self.deferralMax || timeout > 1e9 ? nil : Millis(Int64((timeout * 1000).rounded()))
        perform(.allowDeferredLocationUpdates(distance: meters, timeout: seconds))
    }

    /// `disallowDeferredLocationUpdates()`.
    public func disallowDeferredLocationUpdates() { perform(.disallowDeferredLocationUpdates) }

    /// `app startUpdatingLocation`: standard updates begin; fixes reach `didUpdateLocations`.
    public func startUpdatingLocation() { perform(.startUpdatingLocation) }
    /// `app stopUpdatingLocation`: standard updates end.
    public func stopUpdatingLocation() { perform(.stopUpdatingLocation) }
    /// `app requestLocation`: one location, or `locationUnknown` after `requestLocationTimeout`.
    public func requestLocation() { perform(.requestLocation) }
    /// `app startMonitoringSignificantLocationChanges` (`slcDistance`, `slcInterval`; may relaunch the app).
    public func startMonitoringSignificantLocationChanges() { perform(.startMonitoringSignificantLocationChanges) }
    /// `app stopMonitoringSignificantLocationChanges`.
    public func stopMonitoringSignificantLocationChanges() { perform(.stopMonitoringSignificantLocationChanges) }
    /// `app startMonitoringVisits`: visits reach `didVisit`.
    public func startMonitoringVisits() { perform(.startMonitoringVisits) }
    /// `app stopMonitoringVisits`.
    public func stopMonitoringVisits() { perform(.stopMonitoringVisits) }
    /// `app startMonitoring`: monitors `region` (at most `maxRegions`; radius above 0, at most 400 km).
    public func startMonitoring(for region: CircularRegion) { perform(.startMonitoring(region)) }
    /// `app stopMonitoring`: stops monitoring the region with `region`'s id.
    public func stopMonitoring(for region: CircularRegion) { perform(.stopMonitoring(id: region.id)) }
    /// `app requestState`: `didDetermineState` for the monitored region with `region`'s id.
    public func requestState(for region: CircularRegion) { perform(.requestState(id: region.id)) }
    /// `app startRangingBeacons`: ranges beacons matching `constraint`.
    public func startRangingBeacons(satisfying constraint: BeaconConstraint) {
        perform(.startRangingBeacons(constraint))
    }
    /// `app stopRangingBeacons`: ends ranging for `constraint`.
    public func stopRangingBeacons(satisfying constraint: BeaconConstraint) { perform(.stopRangingBeacons(constraint)) }

    /// The beacon constraints this manager ranges, in the order started
    /// (`rangedBeaconConstraints`; each manager ranges its own, docs/rules.md §8).
    public var rangedBeaconConstraints: [BeaconConstraint] {
        device?.engine.rangedConstraints(of: name) ?? []
    }

    /// The largest radius `startMonitoring(for:)` takes, in meters: 400 km,
    /// the rules' (a larger one fails with `monitoringDidFailFor`);
    /// −1, as on a device, where the platform or the device monitors no
    /// regions (tvOS; `ParameterSetting.regionMonitoring(false)`): "If region
    /// monitoring is unavailable or not supported, the value in this property is -1."
    public var maximumRegionMonitoringDistance: Double {
        guard let device, device.regionMonitoringAvailable else { return -1 }
        return Simulator.maximumRegionRadius
    }

    /// The regions monitored for the app (shared by its managers, as on iOS).
    public var monitoredRegions: Set<CircularRegion> {
        guard let device else {
            lastError = DeviceError(.deviceGone, "monitoredRegions: the SimulatedDevice of this manager is gone")
            return []
        }
        return Set(device.engine.monitoredRegions)
    }

    // MARK: Calls

    /// Creates this manager in the rules now (see `SimulatedDevice.makeLocationManager()`).
    func created() { perform(.set(.distanceFilter(nil))) }

    /// Makes `call` on the device; false when it had no effect (see `lastError`).
    @discardableResult
    private func perform(_ call: AppCall) -> Bool {
        guard let device else {
            lastError = DeviceError(.deviceGone, "\(call.name): the SimulatedDevice of this manager is gone")
            return false
        }
        if let ended = device.ended(self, call.name) {
            lastError = ended
            device.ignore(ended)
            return false
        }
        do throws(DeviceError) {
            try device.perform(call, from: self)
            return true
        } catch {
            lastError = error
            device.keep(error)
            return false
        }
    }

    /// A property read that exists from iOS `major` (on iOS-like platforms).
    private func read<T>(since major: Int, _ name: String, _ value: (SimulatedDevice) -> T) -> T? {
        guard let device else {
            lastError = DeviceError(.deviceGone, "\(name): the SimulatedDevice of this manager is gone")
            return nil
        }
        if let problem = device.missing(name, since: major) {
            lastError = problem
            device.ignore(problem)
            return nil
        }
        return value(device)
    }
}
