import Foundation
import LocSimKit

/// Which device a `CLLocationManager()` belongs to, and the device's clock
/// as `Date`s (docs/corelocation.md, "The device").
extension SimulatedDevice {
    /// The device `CLLocationManager()` and the class methods use: the one
    /// whose `withCurrent` is running in this task (a task-local value, so
    /// tests on their own devices run in parallel); nil outside one.
    public static var current: SimulatedDevice? { binding?.device }

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
    /// (detached tasks do not).
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

    /// 2025-01-01 00:00:00 UTC: the epoch of a device made without one.
    public static let defaultEpoch = Date(timeIntervalSince1970: 1_735_689_600)

    /// The device's clock: `epoch` plus `now`. Every `CLLocation.timestamp`
    /// and `CLVisit` date is on it; give it to the app's code in place of
    /// `Date()` (docs/corelocation.md, "Time").
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

    @TaskLocal static var binding: DeviceBinding?

    /// This device's LocSimCoreLocation state, made at first use.
    var coreLocation: CoreLocationState {
        if let state = coreLocationState as? CoreLocationState { return state }
        let state = CoreLocationState(device: self, epoch: Self.defaultEpoch)
        coreLocationState = state
        return state
    }
}

/// A device as the task-local value holds it (weakly: a binding keeps no
/// device alive). A device is used from one task at a time, as the rest of
/// its API is; the task-local only carries it there.
final class DeviceBinding: @unchecked Sendable {
    weak var device: SimulatedDevice?
    init(_ device: SimulatedDevice) { self.device = device }
}

/// What the module keeps per device.
final class CoreLocationState {
    let epoch: Date
    let binding: DeviceBinding
    /// See `SimulatedDevice.unimplementedDelegateMethods`.
    var unimplemented: DelegateMethods = []
    /// How many `withCurrent` calls of the device are running. The device
    /// is not `Sendable`: it is driven only where it is current then, so a
    /// callback needs no binding of its own (`CLLocationManager.bound`).
    var current = 0

    init(device: SimulatedDevice, epoch: Date) {
        self.epoch = epoch
        binding = DeviceBinding(device)
    }
}
