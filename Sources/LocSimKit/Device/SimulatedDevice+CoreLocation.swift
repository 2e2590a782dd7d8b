/// What LocSimCoreLocation (Core Location's names over `SimulatedDevice`,
/// Sources/LocSimCoreLocation/LocSimCoreLocation.docc/CoreLocationUnderTheRules.md) reads of the device and the rules beyond the
/// public API: package members, not part of the documented surface.
extension SimulatedDevice {
    /// `CLLocationManager.locationServicesEnabled()`: the device's Location Services switch.
    package var locationServicesEnabled: Bool { !engine.loop.simulator.authorization.locationServicesOff }

    /// True when the platform has accuracy authorization (iOS 14+, macOS 11+).
    package var hasAccuracyAuthorization: Bool { engine.rules.hasAccuracy }

    /// Keeps `error` for the test's next call, as a manager's misuse is kept.
    package func report(_ error: DeviceError) { keep(error) }

    /// A property read the platform lacks before iOS `major` (an iOS 18
    /// `diagnostics` on iOS 17): kept in `ignoredCalls`, as a manager's
    /// iOS 14 properties read on iOS 13 are, and returned; nil when it has it.
    package func unavailableRead(_ name: String, since major: Int) -> DeviceError? {
        guard let problem = missing(name, since: major) else { return nil }
        ignore(problem)
        return problem
    }

    /// The great-circle distance in meters the rules use (`CLLocation.distance(from:)`).
    package static func distance(_ a: Coordinate, _ b: Coordinate) -> Double { Geo.distance(a, b) }
}

extension SimulatedLocationManager {
    /// The manager's device, nil once it is gone.
    package var simulatedDevice: SimulatedDevice? { device }

    /// Keeps `error` as a misuse of this manager (`lastError`, and the device's next call throws it).
    package func report(_ error: DeviceError) {
        lastError = error
        device?.keep(error)
    }
}

extension SimulatedSession {
    /// The session's device, nil once it is gone.
    package var simulatedDevice: SimulatedDevice? { device }
}
