import Foundation
import LocSimKit

/// Core Location's manager with Apple's names and types, over a
/// `SimulatedLocationManager` of the device current when it is made
/// (`SimulatedDevice.withCurrent`): each call is that manager's, under the
/// rules, and its delegate hears in Core Location's types.
///
/// Made with no device current, the manager belongs to none: it says so on
/// standard error at once, every call does nothing and sets
/// `simulationError` (`.noCurrentDevice`), and its delegate is never called.
open class CLLocationManager: NSObject {
    /// The device's manager under this one; nil when made with no device current.
    public let simulatedManager: SimulatedLocationManager?
    private let state: CoreLocationState?
    private var relay: Relay?
    private var unboundError: DeviceError?
    private var accuracy = kCLLocationAccuracyBest
    private var unboundFilter = kCLDistanceFilterNone
    /// The status `locationManager(_:didChangeAuthorization:)` was last told
    /// in place of the new callback (`fallBackToDidChangeAuthorization`).
    private var toldStatus: CLAuthorizationStatus?
    // The per-fix state is `@exclusivity(unchecked)`, as in SimulatedDevice:
    // a dynamic check on each access cost a fifth of a delivered fix here,
    // and no access is held across a call into the app's code.

    /// The array `didUpdateLocations` handed over last, reused (with its
    /// `CLLocation`) while no one else holds it.
    @exclusivity(unchecked) private var locationBuffer: [CLLocation] = []

    /// The delegate the callbacks go to, held weakly, as Core Location holds
    /// it; read directly here, so a subclass's `delegate` (LocSimRecorder's
    /// `RecordingLocationManager` hands back the app's own) is not asked
    /// on each callback.
    @exclusivity(unchecked) private weak var receiver: (any CLLocationManagerDelegate)?
    /// Held weakly, as Core Location holds it.
    open var delegate: (any CLLocationManagerDelegate)? {
        get { receiver }
        set { receiver = newValue }
    }
    /// The most recent location delivered to the delegate.
    public var location: CLLocation? { locationBuffer.last }

    public override init() {
        if let device = SimulatedDevice.current {
            state = device.coreLocation
            simulatedManager = device.makeLocationManager()
        } else {
            state = nil
            simulatedManager = nil
            let error = Self.noDevice("CLLocationManager()")
            unboundError = error
            Self.warn(error)
        }
        super.init()
        guard let simulatedManager else { return }
        let relay = Relay(self)
        self.relay = relay
        simulatedManager.relay = relay
    }

    /// The relay, which the device's manager holds, no longer reaches this manager.
    deinit { relay?.owner = nil }

    /// The last misuse of this manager: a call the platform lacks or the
    /// rules reject (also thrown by the device's next call from the test),
    /// or `.noCurrentDevice` for a manager made with no device current.
    public var simulationError: DeviceError? { simulatedManager?.lastError ?? unboundError }

    // MARK: Authorization

    /// iOS 14+ (`authorizationStatus()`, the class method, before).
    public var authorizationStatus: CLAuthorizationStatus {
        guard let simulatedManager else { return unbound("authorizationStatus", .notDetermined) }
        return CLAuthorizationStatus(simulatedManager.authorizationStatus)
    }

    /// iOS 14+.
    public var accuracyAuthorization: CLAccuracyAuthorization {
        guard let simulatedManager else { return unbound("accuracyAuthorization", .fullAccuracy) }
        return simulatedManager.accuracyAuthorization == .fullAccuracy ? .fullAccuracy : .reducedAccuracy
    }

    /// The simulated manager's `requestWhenInUseAuthorization()`: may show the When In Use prompt (docs/rules.md §4).
    open func requestWhenInUseAuthorization() {
        call("requestWhenInUseAuthorization") { $0.requestWhenInUseAuthorization() }
    }

    /// The simulated manager's `requestAlwaysAuthorization()`: may show the Always or the upgrade prompt (§4, §6).
    open func requestAlwaysAuthorization() { call("requestAlwaysAuthorization") { $0.requestAlwaysAuthorization() } }

    /// iOS 14+: as Apple's, its own method (not only the completion form
    /// with its completion left out), so a protocol spelled with Apple's
    /// signatures is met by `extension CLLocationManager: P {}`.
    public func requestTemporaryFullAccuracyAuthorization(withPurposeKey purposeKey: String) {
        requestTemporaryFullAccuracyAuthorization(withPurposeKey: purposeKey, completion: nil)
    }

    /// The completion runs when the prompt is answered, or at once (on the
    /// device's next run) when it cannot show; its error is a `CLError`.
    open func requestTemporaryFullAccuracyAuthorization(
        withPurposeKey purposeKey: String, completion: ((_ error: (any Error)?) -> Void)? = nil
    ) {
        call("requestTemporaryFullAccuracyAuthorization") { manager in
            manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: purposeKey) { error in
                completion?(error.map(CLError.bridged))
            }
        }
    }

    /// The async form (iOS 14+): returns when the user answers the prompt,
    /// or at once (the device's next run) when it cannot show, throwing
    /// its `CLError`. A call that had no effect (the platform lacks it, the
    /// rules refuse it, the manager is dead or has no device) throws its
    /// `DeviceError` at once rather than never returning.
    public func requestTemporaryFullAccuracyAuthorization(
        withPurposeKey purposeKey: String, isolation: isolated (any Actor)? = #isolation
    ) async throws {
        let name = "requestTemporaryFullAccuracyAuthorization(withPurposeKey:)"
        guard let simulatedManager else { throw unbound(name, Self.noDevice(name)) }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let started = simulatedManager.requestTemporaryFullAccuracy(purposeKey) { error in
                if let error { continuation.resume(throwing: CLError.bridged(error)) } else { continuation.resume() }
            }
            if !started {
                continuation.resume(throwing: simulatedManager.lastError ?? CLError(CLError.Code.denied))
            }
        }
    }

    // MARK: Properties

    /// Apple's constants map onto the rules' accuracies: −2 or less
    /// `bestForNavigation`, other negatives `best`, up to 10 m
    /// `nearestTenMeters`, 100 `hundredMeters`, 1000 `kilometer`, more
    /// `threeKilometers`; exactly 3000 (`kCLLocationAccuracyReduced`, the
    /// same number as `kCLLocationAccuracyThreeKilometers`) is `reduced`
    /// from iOS 14. The getter returns the value set.
    open var desiredAccuracy: CLLocationAccuracy {
        get { accuracy }
        set {
            guard let simulatedManager else { return unbound("desiredAccuracy", ()) }
            let reducedExists = simulatedManager.simulatedDevice?.hasAccuracyAuthorization ?? false
            let mapped = DesiredAccuracy(newValue, reducedExists: reducedExists)
            simulatedManager.desiredAccuracy = mapped
            if simulatedManager.desiredAccuracy == mapped { accuracy = newValue }
        }
    }

    /// Meters; `kCLDistanceFilterNone` (any negative value) for every movement.
    open var distanceFilter: CLLocationDistance {
        get { simulatedManager?.distanceFilter ?? unboundFilter }
        set {
            guard let simulatedManager else { return unbound("distanceFilter", ()) }
            simulatedManager.distanceFilter = newValue
        }
    }

    /// `true` needs `UIBackgroundModes` `location` in the plist or the app crashes, as on iOS; default `false`.
    open var allowsBackgroundLocationUpdates: Bool {
        get { simulatedManager?.allowsBackgroundLocationUpdates ?? false }
        set { call("allowsBackgroundLocationUpdates") { $0.allowsBackgroundLocationUpdates = newValue } }
    }

    /// The blue indicator for an Always app in the background (iOS 11+); default `false`.
    open var showsBackgroundLocationIndicator: Bool {
        get { simulatedManager?.showsBackgroundLocationIndicator ?? false }
        set { call("showsBackgroundLocationIndicator") { $0.showsBackgroundLocationIndicator = newValue } }
    }

    /// Default `true`; updates pause only when the scenario's `set pauseAfter` gives a time (Apple gives none).
    open var pausesLocationUpdatesAutomatically: Bool {
        get { simulatedManager?.pausesLocationUpdatesAutomatically ?? true }
        set { call("pausesLocationUpdatesAutomatically") { $0.pausesLocationUpdatesAutomatically = newValue } }
    }

    /// Passed to the simulated manager, which logs `app set activityType …`;
    /// the rules give it no effect (docs/rules.md §8).
    open var activityType: CLActivityType {
        get { simulatedManager.map { CLActivityType($0.activityType) } ?? .other }
        set { call("activityType") { $0.activityType = newValue.simulated } }
    }

    /// Degrees (default 1); `kCLHeadingFilterNone` (any negative value) for every movement.
    open var headingFilter: CLLocationDegrees {
        get { simulatedManager?.headingFilter ?? 1 }
        set { call("headingFilter") { $0.headingFilter = newValue } }
    }

    /// Recorded; the heading is reported as the device senses it (docs/rules.md §8).
    open var headingOrientation: CLDeviceOrientation {
        get { simulatedManager.map { CLDeviceOrientation($0.headingOrientation) } ?? .portrait }
        set { call("headingOrientation") { $0.headingOrientation = newValue.simulated } }
    }

    /// The most recently delivered heading; nil before any.
    public private(set) var heading: CLHeading?

    /// The regions monitored for the app (shared by its managers, as on iOS).
    public var monitoredRegions: Set<CLRegion> {
        guard let simulatedManager else { return unbound("monitoredRegions", []) }
        return Set(simulatedManager.monitoredRegions.map { CLCircularRegion($0) as CLRegion })
    }

    /// The beacon constraints this manager ranges (each manager its own).
    public var rangedBeaconConstraints: Set<CLBeaconIdentityConstraint> {
        guard let simulatedManager else { return unbound("rangedBeaconConstraints", []) }
        return Set(simulatedManager.rangedBeaconConstraints.map(CLBeaconIdentityConstraint.init))
    }

    /// The largest radius region monitoring takes: 400 km, the rules';
    /// −1 where the platform monitors no regions, as on a device.
    public var maximumRegionMonitoringDistance: CLLocationDistance {
        guard let simulatedManager else { return unbound("maximumRegionMonitoringDistance", -1) }
        return simulatedManager.maximumRegionMonitoringDistance
    }

    // MARK: Services

    /// `app startUpdatingLocation`: fixes reach `locationManager(_:didUpdateLocations:)` under the rules.
    open func startUpdatingLocation() { call("startUpdatingLocation") { $0.startUpdatingLocation() } }
    /// `app stopUpdatingLocation`: standard updates end.
    open func stopUpdatingLocation() { call("stopUpdatingLocation") { $0.stopUpdatingLocation() } }
    /// `app startUpdatingHeading`: `heading` samples reach `locationManager(_:didUpdateHeading:)`.
    open func startUpdatingHeading() { call("startUpdatingHeading") { $0.startUpdatingHeading() } }
    /// `app stopUpdatingHeading`: heading updates end.
    open func stopUpdatingHeading() { call("stopUpdatingHeading") { $0.stopUpdatingHeading() } }
    /// The calibration alert is not simulated: nothing to dismiss.
    open func dismissHeadingCalibrationDisplay() {}
    /// `app requestLocation`: one location, or `kCLErrorLocationUnknown` after `requestLocationTimeout` (10 s).
    open func requestLocation() { call("requestLocation") { $0.requestLocation() } }

    /// Deferred updates, iOS 6 to 12 (docs/rules.md §8, "Deferred updates"):
    /// `CLLocationDistanceMax` and `CLTimeIntervalMax` for no limit.
    open func allowDeferredLocationUpdates(untilTraveled distance: CLLocationDistance, timeout: TimeInterval) {
        call("allowDeferredLocationUpdates(untilTraveled:timeout:)") {
            $0.allowDeferredLocationUpdates(untilTraveled: distance, timeout: timeout)
        }
    }

    /// `app disallowDeferredLocationUpdates`: ends the deferral `allowDeferredLocationUpdates` began.
    open func disallowDeferredLocationUpdates() {
        call("disallowDeferredLocationUpdates()") { $0.disallowDeferredLocationUpdates() }
    }

    /// `app startMonitoringSignificantLocationChanges`: moves of `slcDistance` (500 m), `slcInterval` (300 s) apart.
    open func startMonitoringSignificantLocationChanges() {
        call("startMonitoringSignificantLocationChanges") { $0.startMonitoringSignificantLocationChanges() }
    }

    /// `app stopMonitoringSignificantLocationChanges`.
    open func stopMonitoringSignificantLocationChanges() {
        call("stopMonitoringSignificantLocationChanges") { $0.stopMonitoringSignificantLocationChanges() }
    }

    /// `app startMonitoringVisits`: `visit` lines reach `locationManager(_:didVisit:)`.
    open func startMonitoringVisits() { call("startMonitoringVisits") { $0.startMonitoringVisits() } }
    /// `app stopMonitoringVisits`.
    open func stopMonitoringVisits() { call("stopMonitoringVisits") { $0.stopMonitoringVisits() } }

    /// A `CLCircularRegion`; another kind of region is reported `.unavailable`.
    open func startMonitoring(for region: CLRegion) {
        withCircle(region, "startMonitoring(for:)") { $0.startMonitoring(for: $1) }
    }

    /// `app stopMonitoring`: a `CLCircularRegion` is no longer monitored; another kind is reported `.unavailable`.
    open func stopMonitoring(for region: CLRegion) {
        withCircle(region, "stopMonitoring(for:)") { $0.stopMonitoring(for: $1) }
    }

    /// `app requestState`: `didDetermineState` for a monitored `CLCircularRegion`; another kind is `.unavailable`.
    open func requestState(for region: CLRegion) {
        withCircle(region, "requestState(for:)") { $0.requestState(for: $1) }
    }

    /// `app startRangingBeacons`: `beacon` lines matching `constraint` reach `locationManager(_:didRange:satisfying:)`.
    open func startRangingBeacons(satisfying constraint: CLBeaconIdentityConstraint) {
        call("startRangingBeacons(satisfying:)") { $0.startRangingBeacons(satisfying: constraint.constraint) }
    }

    /// `app stopRangingBeacons`: ranging for `constraint` ends.
    open func stopRangingBeacons(satisfying constraint: CLBeaconIdentityConstraint) {
        call("stopRangingBeacons(satisfying:)") { $0.stopRangingBeacons(satisfying: constraint.constraint) }
    }

    // MARK: Class methods

    /// The current device's authorization (every version; deprecated on iOS 14).
    open class func authorizationStatus() -> CLAuthorizationStatus {
        guard let device = current("authorizationStatus()") else { return .notDetermined }
        return CLAuthorizationStatus(device.authorizationStatus)
    }

    /// The current device's Location Services switch (`user.setLocationServices`).
    /// Called on the main thread, it adds Xcode's runtime warning to the
    /// device's `runtimeWarnings` (Sources/LocSimCoreLocation/LocSimCoreLocation.docc/CoreLocationUnderTheRules.md, "Xcode's main-thread warning").
    open class func locationServicesEnabled() -> Bool {
        guard let device = current("locationServicesEnabled()") else { return false }
        if CoreLocationState.onMainThread {
            device.coreLocation.warnOnMainThread("CLLocationManager.locationServicesEnabled()")
        }
        return device.locationServicesEnabled
    }

    /// The platform and the current device have the service (docs/rules.md §1,
    /// "Devices without the hardware": `ParameterSetting.significantChange`).
    open class func significantLocationChangeMonitoringAvailable() -> Bool {
        current("significantLocationChangeMonitoringAvailable()")?.significantLocationChangeMonitoringAvailable
            ?? false
    }

    /// True for `CLCircularRegion` where the platform and the device monitor
    /// regions (`ParameterSetting.regionMonitoring`); false for any other
    /// class (only circles are simulated).
    open class func isMonitoringAvailable(for regionClass: AnyClass) -> Bool {
        (current("isMonitoringAvailable(for:)")?.regionMonitoringAvailable ?? false)
            && regionClass is CLCircularRegion.Type
    }

    /// The platform ranges beacons and the device has the hardware (`ParameterSetting.ranging`).
    open class func isRangingAvailable() -> Bool {
        current("isRangingAvailable()")?.rangingAvailable ?? false
    }

    /// The current device has a magnetometer: iPhone, iPad, Apple Watch; not a Mac (docs/rules.md §8).
    open class func headingAvailable() -> Bool {
        current("headingAvailable()")?.headingAvailable ?? false
    }

    /// An iPhone before iOS 13 (GPS); false from iOS 13, where it was deprecated, and on a Mac (docs/rules.md §8).
    open class func deferredLocationUpdatesAvailable() -> Bool {
        current("deferredLocationUpdatesAvailable()")?.deferredLocationUpdatesAvailable ?? false
    }

    // MARK: Calls

    /// Makes `body`'s call on the device's manager, or reports the manager unbound.
    private func call(_ name: String, _ body: (SimulatedLocationManager) -> Void) {
        guard let simulatedManager else { return unbound(name, ()) }
        body(simulatedManager)
    }

    private func withCircle(
        _ region: CLRegion, _ name: String, _ body: (SimulatedLocationManager, CircularRegion) -> Void
    ) {
        guard let simulatedManager else { return unbound(name, ()) }
        guard let circle = region as? CLCircularRegion else {
            let why =
                region is CLBeaconRegion
                ? "the rules monitor no beacon regions (a CLMonitor.BeaconIdentityCondition is their beacon monitoring)"
                : "only CLCircularRegion is simulated, not \(type(of: region))"
            let error = DeviceError(.unavailable, "\(name): " + why)
            simulatedManager.report(error)
            return
        }
        body(simulatedManager, circle.circular)
    }

    /// A manager with no device: `value`, and the error kept.
    private func unbound<T>(_ name: String, _ value: T) -> T {
        unboundError = Self.noDevice(name)
        return value
    }

    static func noDevice(_ name: String) -> DeviceError {
        let alive = DeviceRegistry.shared.count
        let why =
            alive < 2
            ? "no SimulatedDevice is current"
            : "no SimulatedDevice is current, and \(alive) are alive (outside withCurrent, a detached task "
                + "or another thread finds the device only while it is the only one)"
        return DeviceError(
            .noCurrentDevice,
            "\(name): \(why); make the app's Core Location objects (its "
                + "CLLocationManager, sessions and monitors) inside device.withCurrent { … } (docs/corelocation.md)")
    }

    /// The current device, or nil said on standard error.
    private static func current(_ name: String) -> SimulatedDevice? {
        if let device = SimulatedDevice.current { return device }
        warn(noDevice("CLLocationManager." + name))
        return nil
    }

    /// Says `error` on standard error. The one place the module prints
    /// (the libraries otherwise never do): an app's `CLLocationManager()`
    /// has no caller in the test to throw to, and the test may never hold
    /// that manager to read its `simulationError`.
    static func warn(_ error: DeviceError) {
        let line = "locsim: " + error.message + "\n"
        if let warnings { return warnings(line) }
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// Where `warn` says its lines instead of standard error, in this task
    /// (`$warnings.withValue(…)`): locsim's own tests of the misuse read
    /// them there, and a passing run prints nothing.
    @TaskLocal package static var warnings: (@Sendable (String) -> Void)?

    // MARK: Delegate

    /// A delegate method ran its default: the delegate does not implement it.
    func notImplemented(_ method: DelegateMethods) {
        state?.unimplemented.insert(method)
    }

    /// Core Location's fallback for a delegate without
    /// `locationManagerDidChangeAuthorization(_:)`: the old callback, when
    /// the status changed since it was last told (or at the first).
    func fallBackToDidChangeAuthorization() {
        let status = authorizationStatus
        guard status != toldStatus, let delegate = receiver else { return }
        toldStatus = status
        delegate.locationManager(self, didChangeAuthorization: status)
    }

    /// Runs `body` (a delegate call) with the manager's device current, so
    /// a manager the delegate makes belongs to it.
    ///
    /// Inside the device's `withCurrent` (`state.current`) there is nothing
    /// to do; outside, a task-local binding a callback (about 500
    /// instructions: the fast path is the documented one).
    @inline(__always)
    private func bound(_ state: CoreLocationState, _ body: () -> Void) {
        guard state.current == 0 else { return body() }
        SimulatedDevice.$binding.withValue(state.binding, operation: body)
    }

    /// `didUpdateLocations` in Core Location's types. The one-location
    /// array and its `CLLocation` are reused when the app kept neither
    /// (`locsim-corelocation-bench`: an allocation and a release a fix).
    fileprivate func updated(_ locations: [SimulatedLocation]) {
        guard let state else { return }
        let epoch = state.deliveryEpoch
        if locations.count == 1, locationBuffer.count == 1 {
            if isKnownUniquelyReferenced(&locationBuffer[0]) {
                locationBuffer[0].reuse(for: locations[0], epoch: epoch)
            } else {
                locationBuffer[0] = CLLocation(locations[0], epoch: epoch)
            }
        } else {
            locationBuffer = locations.map { CLLocation($0, epoch: epoch) }
        }
        guard let delegate = receiver else { return }
        bound(state) { delegate.locationManager(self, didUpdateLocations: locationBuffer) }
    }

    fileprivate func tell(_ body: (any CLLocationManagerDelegate) -> Void) {
        guard let delegate = receiver, let state else { return }
        bound(state) { body(delegate) }
    }

    fileprivate func told(_ status: CLAuthorizationStatus) { toldStatus = status }

    /// `didUpdateHeading` in Core Location's types; `heading` keeps it.
    fileprivate func headed(_ sample: HeadingSample) {
        let newHeading = CLHeading(sample, timestamp: deliveryDate)
        heading = newHeading
        tell { $0.locationManager(self, didUpdateHeading: newHeading) }
    }

    /// What a delivery is dated on (`SimulatedDevice.timestamps`).
    fileprivate var epoch: Date { state?.deliveryEpoch ?? SimulatedDevice.defaultEpoch }
    fileprivate var deliveryDate: Date { state?.deliveryDate ?? SimulatedDevice.defaultEpoch }
}

/// The device manager's relay (`SimulatedLocationManager.relay`, held
/// strongly there): each callback to the app's delegate in Core Location's types.
private final class Relay: SimulatedLocationManagerDelegate {
    /// Unowned, and nil once the owner is gone (its `deinit`): the device's
    /// manager, which the owner holds, holds the relay, so the relay
    /// outlives its owner, and a callback after the app let go of its
    /// manager (a tracker that replaces its manager inside a callback)
    /// reaches no one. Not `weak`: a weak reference gives the owner a side
    /// table, and each load and each retain and release of it then takes
    /// the slow path (a third of the module's cost a delivered fix,
    /// `locsim-corelocation-bench`). Not `unowned(unsafe)`: a load of it
    /// after the owner went would be a use after free (it once corrupted
    /// the memory of tests running beside it); an `unowned` one traps instead.
    /// No exclusivity check (one a fix): only the owner's `deinit` writes it.
    @exclusivity(unchecked) unowned var owner: CLLocationManager?

    init(_ owner: CLLocationManager) { self.owner = owner }

    func locationManagerDidChangeAuthorization(_ manager: SimulatedLocationManager) {
        guard let owner else { return }
        owner.tell { $0.locationManagerDidChangeAuthorization(owner) }
    }

    func locationManager(_ manager: SimulatedLocationManager, didChangeAuthorization status: AuthorizationStatus) {
        guard let owner else { return }
        let status = CLAuthorizationStatus(status)
        owner.told(status)
        owner.tell { $0.locationManager(owner, didChangeAuthorization: status) }
    }

    func locationManager(_ manager: SimulatedLocationManager, didUpdateLocations locations: [SimulatedLocation]) {
        owner?.updated(locations)
    }

    func locationManager(_ manager: SimulatedLocationManager, didFailWithError error: any Error) {
        guard let owner else { return }
        owner.tell { $0.locationManager(owner, didFailWithError: CLError.bridged(error)) }
    }

    func locationManager(_ manager: SimulatedLocationManager, didStartMonitoringFor region: CircularRegion) {
        guard let owner else { return }
        owner.tell { $0.locationManager(owner, didStartMonitoringFor: CLCircularRegion(region)) }
    }

    func locationManager(
        _ manager: SimulatedLocationManager, monitoringDidFailFor region: CircularRegion?, withError error: any Error
    ) {
        guard let owner else { return }
        owner.tell {
            $0.locationManager(
                owner, monitoringDidFailFor: region.map(CLCircularRegion.init), withError: CLError.bridged(error))
        }
    }

    func locationManager(
        _ manager: SimulatedLocationManager, didDetermineState state: RegionState, for region: CircularRegion
    ) {
        guard let owner else { return }
        let state: CLRegionState = state == .inside ? .inside : state == .outside ? .outside : .unknown
        owner.tell { $0.locationManager(owner, didDetermineState: state, for: CLCircularRegion(region)) }
    }

    func locationManager(_ manager: SimulatedLocationManager, didEnterRegion region: CircularRegion) {
        guard let owner else { return }
        owner.tell { $0.locationManager(owner, didEnterRegion: CLCircularRegion(region)) }
    }

    func locationManager(_ manager: SimulatedLocationManager, didExitRegion region: CircularRegion) {
        guard let owner else { return }
        owner.tell { $0.locationManager(owner, didExitRegion: CLCircularRegion(region)) }
    }

    func locationManager(_ manager: SimulatedLocationManager, didVisit visit: SimulatedVisit) {
        guard let owner else { return }
        let visit = CLVisit(visit, epoch: owner.epoch)
        owner.tell { $0.locationManager(owner, didVisit: visit) }
    }

    func locationManager(
        _ manager: SimulatedLocationManager, didRange beacons: [BeaconSighting], satisfying constraint: BeaconConstraint
    ) {
        guard let owner else { return }
        let date = owner.deliveryDate
        let beacons = beacons.map { CLBeacon($0, timestamp: date) }
        owner.tell { $0.locationManager(owner, didRange: beacons, satisfying: CLBeaconIdentityConstraint(constraint)) }
    }

    func locationManager(
        _ manager: SimulatedLocationManager, didFailRangingFor constraint: BeaconConstraint, error: any Error
    ) {
        guard let owner else { return }
        owner.tell {
            $0.locationManager(
                owner, didFailRangingFor: CLBeaconIdentityConstraint(constraint), error: CLError.bridged(error))
        }
    }

    func locationManagerDidPauseLocationUpdates(_ manager: SimulatedLocationManager) {
        guard let owner else { return }
        owner.tell { $0.locationManagerDidPauseLocationUpdates(owner) }
    }

    func locationManagerDidResumeLocationUpdates(_ manager: SimulatedLocationManager) {
        guard let owner else { return }
        owner.tell { $0.locationManagerDidResumeLocationUpdates(owner) }
    }

    func locationManager(_ manager: SimulatedLocationManager, didUpdateHeading newHeading: HeadingSample) {
        owner?.headed(newHeading)
    }

    func locationManagerShouldDisplayHeadingCalibration(_ manager: SimulatedLocationManager) -> Bool {
        guard let owner else { return false }
        var shows = false
        owner.tell { shows = $0.locationManagerShouldDisplayHeadingCalibration(owner) }
        return shows
    }

    func locationManager(_ manager: SimulatedLocationManager, didFinishDeferredUpdatesWithError error: (any Error)?) {
        guard let owner else { return }
        owner.tell { $0.locationManager(owner, didFinishDeferredUpdatesWithError: error.map(CLError.bridged)) }
    }
}

extension CLAuthorizationStatus {
    init(_ status: AuthorizationStatus) {
        switch status {
        case .notDetermined: self = .notDetermined
        case .restricted: self = .restricted
        case .denied: self = .denied
        case .authorizedAlways, .authorized: self = .authorizedAlways
        case .authorizedWhenInUse: self = .authorizedWhenInUse
        }
    }
}

extension DesiredAccuracy {
    /// Apple's number as the rules' accuracy (see `CLLocationManager.desiredAccuracy`).
    init(_ meters: CLLocationAccuracy, reducedExists: Bool) {
        switch meters {
        case ...(-2): self = .bestForNavigation
        case ..<0: self = .best
        case ...10: self = .nearestTenMeters
        case ...100: self = .hundredMeters
        case ...1000: self = .kilometer
        case 3000 where reducedExists: self = .reduced
        case 1000...: self = .threeKilometers
        default: self = .best  // NaN
        }
    }
}
