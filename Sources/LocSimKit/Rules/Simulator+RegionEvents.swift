/// docs/rules.md §8: events of the app-wide monitoring services — significant
/// changes, region crossings and states, visits — through the delivery table.
extension Simulator {
    /// Significant change: a fix at least `slcDistance` from the last event
    /// and `slcInterval` after it (Apple, startMonitoringSignificantLocationChanges).
    mutating func significantChangeCheck(_ location: Location, alreadyDelivered: Bool) {
        if let last = monitoring.significantChange?.last {
            guard now - last.time >= parameters.slcInterval,
                Geo.distance(last.location.coordinate, location.coordinate) >= parameters.slcDistance
            else { return }
            // Seed 002: under reduced accuracy a change is notified only when
            // the move shows at the lower accuracy; within the same grid cell
            // the device counts as staying put.
            if accuracy == .reducedAccuracy,
                reducedLocation(last.location).coordinate == reducedLocation(location).coordinate
            {
                return
            }
        }
        let now = self.now
        monitoring.significantChange?.last = TimedLocation(location: location, time: now)
        // The same fix already reached didUpdateLocations through standard updates.
        if alreadyDelivered { return }
        deliverMonitoring(.significantChange(location, fixedAt: now))
    }

    /// Region, significant-change, visit and CLMonitor events (§8 table, §6
    /// holding, docs/modern.md M15).
    mutating func deliverMonitoring(_ event: MonitoringEvent) {
        var decision = decide(event.service(sessionsForDelivery))
        if let blocked = backgroundRefreshBlocks(decision) { decision = .drop(blocked) }
        switch decision {
        case .deliver: break
        case .extendRunThenDeliver: extendRun()
        case .wakeThenDeliver: wake(for: event.wakeReason)
        case .relaunchThenDeliver: relaunch(for: event.wakeReason)
        case .hold:
            hold(event)
            return
        case .queueUntilRunning:
            preconditionFailure("monitoring events are never queued (§8's table)")
        case .drop(let reason):
            if case .condition(let monitor, let id, _) = event { conditionWithheld(monitor, id, reason) }
            emit(.drop(event.undelivered, reason))
            return
        }
        switch event {
        case .crossing(let id, let entered):
            guard let region = monitoring.regions[id]?.region else { return }
            // Two methods for one event: a missing one is named in its drop
            // record, as the other may still receive the crossing.
            emitToEveryManager(.didDetermineState(entered ? .inside : .outside, regionID: id))
            if entered && region.notifyOnEntry { emitToEveryManager(.didEnterRegion(regionID: id)) }
            if !entered && region.notifyOnExit { emitToEveryManager(.didExitRegion(regionID: id)) }
        case .stateSettled(let id, let state):
            guard monitoring.regions.contains(id) else { return }
            emitToEveryManager(.didDetermineState(state, regionID: id))
        case .significantChange(let location, let time):
            guard let shown = reducedIfNeeded(location) else {
                emit(.drop(event.undelivered, .reducedInterval))
                return
            }
            // A held event comes later than its fix: the log shows the fix's time.
            emitToEveryManager(locationCallback(shown, fixedAt: time), as: event.undelivered)
        case .visit(let arrival, let departure, let location, _):
            let shown = accuracy == .reducedAccuracy ? reducedLocation(location) : location
            emitToEveryManager(
                .didVisit(arrival: arrival.map(Instant.init), departure: departure.map(Instant.init), shown),
                as: event.undelivered)
        case .condition(let monitor, let id, let state):
            yieldMonitorEvent(monitor, id, state)
        }
    }

    /// Visits: arrival with no departure; departure with the arrival if known (Apple, startMonitoringVisits).
    mutating func visitEvent(_ location: Location, arrive: Bool) {
        guard monitoring.visits != nil else { return }
        let now = self.now
        if arrive {
            monitoring.visits?.arrival = now
            deliverMonitoring(.visit(arrival: now, departure: nil, location, arrive: true))
        } else {
            let arrival = monitoring.visits?.arrival
            monitoring.visits?.arrival = nil
            deliverMonitoring(.visit(arrival: arrival, departure: now, location, arrive: false))
        }
    }
}
