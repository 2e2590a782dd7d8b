import Foundation
import LocSimKit

/// Which device a `CLLocationManager()` belongs to, and the device's clock
/// as `Date`s (Sources/LocSimCoreLocation/LocSimCoreLocation.docc/CoreLocationUnderTheRules.md, "The device").
extension SimulatedDevice {
    /// The device `CLLocationManager()` and the class methods use: the one
    /// whose `withCurrent` is running in this task (a task-local value, so
    /// tests on their own devices run in parallel). Outside every
    /// `withCurrent` — a `Task.detached`, another thread, code after the
    /// closure returned — the only device the module serves, when exactly
    /// one is alive in the process (`DeviceRegistry`); else nil.
    public static var current: SimulatedDevice? {
        if let binding { return binding.device }
        return DeviceRegistry.shared.only
    }

    /// Runs `body` with this device current: every `CLLocationManager()`
    /// made in it belongs to this device. The delegate callbacks run with
    /// the device current too, so a manager made in one belongs to it.
    public func withCurrent<R>(_ body: () throws -> R) rethrows -> R {
        let state = coreLocation
        state.current += 1
        defer { state.current -= 1 }
        return try Self.$binding.withValue(state.binding, operation: body)
    }

    /// `withCurrent` for async code: tasks `body` starts inherit the device
    /// (detached tasks do not; they find it only as the only one, `current`).
    public func withCurrent<R>(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> R
    ) async rethrows -> R {
        let state = coreLocation
        state.current += 1
        defer { state.current -= 1 }
        return try await Self.$binding.withValue(state.binding, operation: body, isolation: isolation)
    }

    /// A device whose time 0 is `epoch` (`date`); the other parameters are
    /// `init(platform:plist:delegateMethods:parameters:)`'s.
    public convenience init(
        platform: Platform = .default, plist: [String: PlistValue] = [:], delegateMethods: DelegateMethods = .all,
        parameters: [ParameterSetting] = [], epoch: Date
    ) throws(DeviceError) {
        try self.init(platform: platform, plist: plist, delegateMethods: delegateMethods, parameters: parameters)
        coreLocationState = CoreLocationState(device: self, epoch: epoch)
    }

    /// The wall-clock time of the device's time 0 (`now` is `.start`):
    /// `init(…, epoch:)`'s, or `defaultEpoch`.
    public var epoch: Date { coreLocation.epoch }

    /// How the module dates what it delivers: a `CLLocation`'s `timestamp`,
    /// a `CLHeading`'s, a `CLBeacon`'s, a `CLVisit`'s dates, and a
    /// `CLLocation(latitude:longitude:)`'s.
    public enum Timestamps: Sendable {
        /// On the device's clock, `epoch` plus the time (`date`): the same
        /// dates every run. The default.
        case deviceClock
        /// Against the host's clock at delivery: `Date()` then, less the age
        /// the rules give the fix (`now` less its time), so the app's
        /// unchanged `timestamp.timeIntervalSinceNow` reads minus that age.
        /// Not the same dates from run to run.
        case hostClock
    }

    /// `.deviceClock` unless set; takes effect from the next delivery.
    public var timestamps: Timestamps {
        get { coreLocation.timestamps }
        set { coreLocation.timestamps = newValue }
    }

    /// 2025-01-01 00:00:00 UTC: the epoch of a device made without one.
    public static let defaultEpoch = Date(timeIntervalSince1970: 1_735_689_600)

    /// The device's clock: `epoch` plus `now`. Every `CLLocation.timestamp`
    /// and `CLVisit` date is on it; give it to the app's code in place of
    /// `Date()` (Sources/LocSimCoreLocation/LocSimCoreLocation.docc/CoreLocationUnderTheRules.md, "Time").
    public var date: Date { epoch.adding(now) }

    /// `instant` on the device's clock.
    public func date(at instant: Instant) -> Date { epoch.adding(instant) }

    /// The `CLLocationManagerDelegate` methods the device's header says the
    /// app implements (`delegateMethods:`, all by default) that a delegate
    /// left to the protocol's default: the log writes them as delivered,
    /// but the app did nothing (or, for `locationManagerDidChangeAuthorization(_:)`,
    /// heard `locationManager(_:didChangeAuthorization:)` instead, as Core
    /// Location does). Make the device with `delegateMethods:` without them
    /// for a log that says what the app heard.
    public var unimplementedDelegateMethods: DelegateMethods { coreLocation.unimplemented }

    /// Xcode's runtime warnings the app's code drew, oldest first: each
    /// `CLLocationManager.locationServicesEnabled()` called on the main
    /// thread, `"CLLocationManager.locationServicesEnabled(): This method can
    /// cause UI unresponsiveness if invoked on the main thread. …"`, Apple's
    /// text after the call's name (Sources/LocSimCoreLocation/LocSimCoreLocation.docc/CoreLocationUnderTheRules.md).
    public var runtimeWarnings: [String] { coreLocation.runtimeWarnings }

    @TaskLocal static var binding: DeviceBinding?

    /// This device's LocSimCoreLocation state, made at first use.
    var coreLocation: CoreLocationState {
        if let state = coreLocationState as? CoreLocationState { return state }
        let state = CoreLocationState(device: self, epoch: Self.defaultEpoch)
        coreLocationState = state
        return state
    }
}

/// A device as the task-local value and `DeviceRegistry` hold it (weakly:
/// a binding keeps no device alive). A device is used from one task at a
/// time, as the rest of its API is; the binding only carries it there.
final class DeviceBinding: @unchecked Sendable {
    weak var device: SimulatedDevice?
    init(_ device: SimulatedDevice) { self.device = device }
}

/// The devices the module serves, for `SimulatedDevice.current` outside
/// every `withCurrent`: Apple advises reading `locationServicesEnabled()`
/// off the main thread, and an app does it in a `Task.detached`, which
/// inherits no task-local value. With one device alive that is the
/// device; with several, none — a detached task of one test cannot be
/// told from another test's, so it never gets another test's device.
///
/// A device joins when the module first serves it (`init(…, epoch:)`,
/// its first `withCurrent`, `epoch`, `timestamps`, …) and leaves when it
/// is freed (its `CoreLocationState` with it).
final class DeviceRegistry: @unchecked Sendable {
    static let shared = DeviceRegistry()

    /// `NSLock` is a pthread mutex on Apple's platforms and on Linux, at
    /// every deployment target (`Mutex` needs macOS 15 / iOS 18).
    private let lock = NSLock()
    private var bindings: [DeviceBinding] = []

    func add(_ binding: DeviceBinding) {
        lock.lock()
        bindings.append(binding)
        lock.unlock()
    }

    func remove(_ binding: DeviceBinding) {
        lock.lock()
        bindings.removeAll { $0 === binding }
        lock.unlock()
    }

    /// The one device alive, or nil for none or several.
    var only: SimulatedDevice? {
        lock.lock()
        defer { lock.unlock() }
        var found: SimulatedDevice?
        for binding in bindings {
            guard let device = binding.device else { continue }
            if found != nil { return nil }
            found = device
        }
        return found
    }

    /// How many devices are alive (for the message when none is current).
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return bindings.filter { $0.device != nil }.count
    }
}

/// What the module keeps per device.
final class CoreLocationState {
    let epoch: Date
    let binding: DeviceBinding
    /// See `SimulatedDevice.timestamps`.
    var timestamps = SimulatedDevice.Timestamps.deviceClock
    /// See `SimulatedDevice.runtimeWarnings`.
    private(set) var runtimeWarnings: [String] = []
    /// See `SimulatedDevice.unimplementedDelegateMethods`.
    var unimplemented: DelegateMethods = []
    /// How many `withCurrent` calls of the device are running. The device
    /// is not `Sendable`: it is driven only where it is current then, so a
    /// callback needs no binding of its own (`CLLocationManager.bound`).
    var current = 0

    init(device: SimulatedDevice, epoch: Date) {
        self.epoch = epoch
        binding = DeviceBinding(device)
        DeviceRegistry.shared.add(binding)
    }

    deinit { DeviceRegistry.shared.remove(binding) }

    /// True on the main thread or the main queue (where the main actor
    /// runs): on Linux, and in an `async` main on Apple's platforms,
    /// `dispatch_main` hands the main queue to another thread, so
    /// `Thread.isMainThread` alone would miss the main actor's code.
    static var onMainThread: Bool { Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueue.key) == true }

    private static let mainQueue = MainQueueKey()

    /// Xcode's warning for `call`, made on the main thread (its text as
    /// Xcode 14 and later print it, [CoreLocation] prefix left out).
    func warnOnMainThread(_ call: String) {
        runtimeWarnings.append(
            call + ": This method can cause UI unresponsiveness if invoked on the main thread. Instead, "
                + "consider waiting for the `-locationManagerDidChangeAuthorization:` callback and checking "
                + "`authorizationStatus` first.")
    }

    /// The clock a delivery is dated on, as `epoch` is the device's:
    /// `epoch`, or with `.hostClock` the host's `Date()` less the device's
    /// time, so that a fix of time t is dated `Date()` less its age.
    var deliveryEpoch: Date {
        guard timestamps == .hostClock, let device = binding.device else { return epoch }
        return Date().addingTimeInterval(-Double(device.now.sinceStart.value) / 1000)
    }

    /// Now on the delivery clock: `device.date`, or with `.hostClock` `Date()`.
    var deliveryDate: Date {
        guard let device = binding.device else { return epoch }
        return deliveryEpoch.adding(device.now)
    }
}

/// A key only the main queue has a value for (`CoreLocationState.onMainThread`);
/// set once, then only read, as dispatch allows from any thread.
private final class MainQueueKey: @unchecked Sendable {
    let key = DispatchSpecificKey<Bool>()
    init() { DispatchQueue.main.setSpecific(key: key, value: true) }
}
