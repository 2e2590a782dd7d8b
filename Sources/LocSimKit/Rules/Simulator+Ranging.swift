/// docs/rules.md §8: beacon sightings, ranged by `startRangingBeacons`.
extension Simulator {
    /// Ranging: each sighting matching a ranged constraint (Apple, startRangingBeacons(satisfying:)).
    mutating func beaconSighted(_ beacon: BeaconSighting) {
        if !several {
            rangeBeacon(beacon)
        } else {
            forEachManager { $0.rangeBeacon(beacon) }
        }
        if !modern.monitors.isEmpty { monitorBeaconSighted(beacon) }
    }

    /// The current manager's ranged constraints that match `beacon`.
    mutating func rangeBeacon(_ beacon: BeaconSighting) {
        for constraint in manager.ranging.constraints where constraint.matches(beacon) {
            switch decide(.ranging) {
            case .deliver, .extendRunThenDeliver, .wakeThenDeliver, .relaunchThenDeliver:
                emitCallback(.didRange(constraint, beacon), as: .beacon(beacon))
            case .hold, .queueUntilRunning:
                preconditionFailure("ranging is never held or queued (§8's table)")
            case .drop(let reason):
                emit(.drop(.beacon(beacon), reason))
            }
        }
    }
}
