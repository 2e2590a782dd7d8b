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
            if monitoring.significantChange?.awaitingRestart == true {
                holdSignificantChange(location, fixedAt: time)
                return
            }
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

    /// The app's process has not restarted the service: the system launched
    /// or woke it for the event, which waits for the restart; a newer event
    /// replaces it (docs/rules.md §8, "Relaunch").
    mutating func holdSignificantChange(_ location: Location, fixedAt time: Millis) {
        if let older = monitoring.significantChange?.held {
            emit(.drop(.significantChange(older.location), .superseded))
        }
        monitoring.significantChange?.held = TimedLocation(location: location, time: time)
        emit(.hold(.significantChange(location), .notRestarted))
    }

    /// `startMonitoringSignificantLocationChanges` in a process that has not
    /// started it yet: "When you restart location services, the current event
    /// is delivered to your delegate immediately" — with its fix's time.
    mutating func restartSignificantChanges() {
        guard monitoring.significantChange?.awaitingRestart == true else { return }
        monitoring.significantChange?.awaitingRestart = false
        guard let held = monitoring.significantChange?.held else { return }
        monitoring.significantChange?.held = nil
        deliverMonitoring(.significantChange(held.location, fixedAt: held.time))
    }

    /// The service ends (stopped, or lost with the authorization): a held event goes with it.
    mutating func stopSignificantChanges(dropping reason: DropReason) {
        if let held = monitoring.significantChange?.held { emit(.drop(.significantChange(held.location), reason)) }
        monitoring.significantChange = nil
    }

    /// The process ends: the service persists, and the next process must
    /// start it again to receive its events; a held event is lost.
    mutating func significantChangesOutliveProcess() {
        guard monitoring.significantChange != nil else { return }
        if let held = monitoring.significantChange?.held { emit(.drop(.significantChange(held.location), .notRunning)) }
        monitoring.significantChange?.held = nil
        monitoring.significantChange?.awaitingRestart = true
    }

    /// Suspended without restarting the service: the wake window the event
    /// launched or woke the app for is over, and the event is lost (a
    /// locsim decision, as for live updates, docs/modern.md M10).
    mutating func significantChangeNotRestarted() {
        guard let held = monitoring.significantChange?.held else { return }
        monitoring.significantChange?.held = nil
        emit(.drop(.significantChange(held.location), .notRestarted))
    }
}
