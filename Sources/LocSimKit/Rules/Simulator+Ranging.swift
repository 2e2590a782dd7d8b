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
                if rangingTimeIsUp {
                    emit(.drop(.beacon(beacon), .backgroundTimeLimit))
                    continue
                }
                emitCallback(.didRange(constraint, beacon), as: .beacon(beacon))
            case .hold, .queueUntilRunning:
                preconditionFailure("ranging is never held or queued (§8's table)")
            case .drop(let reason):
                emit(.drop(.beacon(beacon), reason))
            }
        }
    }

    /// Ranging in the background stops `backgroundRangingLimit` after the
    /// app began running there, unless a background location session (or a
    /// `CLBackgroundActivitySession`) runs — developer reports: it stops
    /// "almost exactly on 5 minutes", "after 2–3 minutes" (docs/rules.md §8,
    /// "Ranging"). Counted after the table, as Background App Refresh is:
    /// the table says who may get the event, this says the service stopped.
    var rangingTimeIsUp: Bool {
        guard case .background(let b) = lifecycle, b.inUse != .session, !modern.activity.keepsInUse,
            let limit = parameters.backgroundRangingLimit
        else { return false }
        return now >= b.since + limit
    }
}
