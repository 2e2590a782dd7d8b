/// RULES §8: which events reach the delegate, and why the others do not.
extension Simulator {
    /// Standard updates and ranging: When In Use while in use, Always while
    /// the app runs; never to a suspended app.
    func foregroundServiceDecision() -> DropReason? {
        switch authorization.level {
        case .none: return .notAuthorized
        case .whenInUse:
            if !inUse { return .notInUse }
            return app.isRunning ? nil : .suspended
        case .always:
            return app.isRunning ? nil : (app == .suspended ? .suspended : .notRunning)
        }
    }

    /// A fix: standard updates and `requestLocation`, significant changes,
    /// crossings derived from it.
    mutating func fixArrived(_ fix: Fix) {
        let location = fix.location
        lastFix = location
        var deliveredNow = false
        if manager.updating || manager.requestLocationPending {
            deliveredNow = offerToStandardUpdates(location)
        }
        if modern.liveUpdates.running || modern.relaunchForUpdates || !modern.queued.isEmpty {
            offerToLiveUpdates(location)
        }
        if significantChanges { significantChangeCheck(location, alreadyDelivered: deliveredNow) }
        if parameters.deriveCrossings { deriveCrossings(from: location) }
    }

    /// Returns true when the fix reached `didUpdateLocations`.
    mutating func offerToStandardUpdates(_ location: Location) -> Bool {
        if let reason = foregroundServiceDecision() {
            emit(.drop(.fix(location), reason))
            return false
        }
        let oneShot = manager.requestLocationPending && !manager.updating
        if !oneShot, let filter = manager.distanceFilter, let last = lastDelivered,
            Geo.distance(last.coordinate, location.coordinate) < filter
        {
            emit(.drop(.fix(location), .distanceFilter))
            return false
        }
        guard let shown = reducedIfNeeded(location) else {
            emit(.drop(.fix(location), .reducedAccuracy))
            return false
        }
        if manager.requestLocationPending {
            manager.requestLocationPending = false
            requestGeneration += 1
        }
        lastDelivered = location
        emitCallback(.didUpdateLocations(shown), as: .fix(location))
        return true
    }

    /// Under reduced accuracy (or `desiredAccuracy reduced`) a location is
    /// snapped to the grid and arrives at most once per `reducedInterval`;
    /// `nil` when it comes too soon (RULES §10).
    mutating func reducedIfNeeded(_ location: Location) -> Location? {
        let reduced = authorization.accuracy(on: rules) == .reduced || manager.desiredAccuracy == .reduced
        guard reduced else { return location }
        if let last = lastReducedDelivery, now - last < parameters.reducedInterval { return nil }
        lastReducedDelivery = now
        return reducedLocation(location)
    }

    /// A location as reduced accuracy reports it: the centre of its
    /// `reducedGrid` cell, with that cell size as its accuracy (RULES §10).
    func reducedLocation(_ location: Location) -> Location {
        Location(Geo.snap(location.coordinate, grid: parameters.reducedGrid), accuracy: parameters.reducedGrid)
    }

    /// Significant change: a fix at least `slcDistance` from the last event
    /// and `slcInterval` after it (F§6).
    mutating func significantChangeCheck(_ location: Location, alreadyDelivered: Bool) {
        if let (last, time) = lastSignificantChange {
            guard now - time >= parameters.slcInterval,
                Geo.distance(last.coordinate, location.coordinate) >= parameters.slcDistance
            else { return }
        }
        lastSignificantChange = (location, now)
        // The same fix already reached didUpdateLocations through standard updates.
        if alreadyDelivered { return }
        deliverMonitoring(.significantChange(location))
    }

    /// Region, significant-change and visit events (§8 table, §6 holding).
    mutating func deliverMonitoring(_ event: MonitoringEvent) {
        if authorization.level == .none {
            emit(.drop(event.undelivered, .notAuthorized))
            return
        }
        // Region monitoring is not available under reduced accuracy (F§5): the
        // event neither wakes nor relaunches the app, nor is it held.
        if event.isRegionEvent, authorization.accuracy(on: rules) == .reduced {
            emit(.drop(event.undelivered, .reducedAccuracy))
            return
        }
        switch authorization.level {
        case .none:
            preconditionFailure("authorization level none handled above")
        case .whenInUse:
            if !rules.modern {
                emit(.drop(event.undelivered, .unavailable))
                return
            }
            if !inUse {
                if authorization.provisional { hold(event) } else { emit(.drop(event.undelivered, .notInUse)) }
                return
            }
            if !app.isRunning {
                emit(.drop(event.undelivered, .suspended))
                return
            }
        case .always:
            if let reason = ensureRunning(for: event.wakeReason) {
                emit(.drop(event.undelivered, reason))
                return
            }
        }
        switch event {
        case .crossing(let id, let entered):
            guard let region = regions.first(where: { $0.region.id == id })?.region else { return }
            // Two methods for one event: a missing one is named in its drop
            // record, as the other may still receive the crossing.
            emitCallback(.didDetermineState(entered ? .inside : .outside, regionID: id))
            if entered && region.notifyOnEntry { emitCallback(.didEnterRegion(regionID: id)) }
            if !entered && region.notifyOnExit { emitCallback(.didExitRegion(regionID: id)) }
        case .stateSettled(let id, let state):
            guard regions.contains(where: { $0.region.id == id }) else { return }
            emitCallback(.didDetermineState(state, regionID: id))
        case .significantChange(let location):
            guard let shown = reducedIfNeeded(location) else {
                emit(.drop(event.undelivered, .reducedAccuracy))
                return
            }
            emitCallback(.didUpdateLocations(shown), as: event.undelivered)
        case .visit(let arrival, let departure, let location, _):
            let shown = authorization.accuracy(on: rules) == .reduced ? reducedLocation(location) : location
            emitCallback(.didVisit(arrival: arrival, departure: departure, shown), as: event.undelivered)
        }
    }

    /// A crossing from an `enter`/`exit` line: location notifications first
    /// (they need no running app), then the monitored region.
    mutating func crossing(_ id: String, entered: Bool, _ s: TimedStatement) throws(ScenarioError) {
        guard declaredRegionIDs.contains(id) else {
            throw error(
                "unknown region '\(id)'; declare it first with 'app startMonitoring \(id) …' or 'app addLocationNotification \(id) …'",
                s, atArgument: true)
        }
        regionCrossed(id, entered: entered)
    }

    /// A crossing from an `enter`/`exit` line: the notification and the
    /// monitored region with that id, if any.
    mutating func regionCrossed(_ id: String, entered: Bool) {
        if let index = notifications.firstIndex(where: { $0.region.id == id }) {
            notifications[index].boundary.cross(entered: entered)
            notificationCrossed(at: index, entered: entered)
        }
        guard let index = regions.firstIndex(where: { $0.region.id == id }) else { return }
        regions[index].boundary.cross(entered: entered)
        deliverMonitoring(.crossing(regionID: id, entered: entered))
    }

    /// §11: a location notification shows whatever the app's state, without launching it.
    mutating func notificationCrossed(at index: Int, entered: Bool) {
        let n = notifications[index]
        let id = n.region.id
        guard entered ? n.region.notifyOnEntry : n.region.notifyOnExit else { return }
        guard authorization.level != .none else {
            emit(.drop(.notification(id: id, entry: entered), .notAuthorized))
            return
        }
        emit(.notification(id: id, entry: entered))
        shownNotifications.insert(id)
        if !n.repeats { notifications.remove(at: index) }
    }

    /// Crossings from fixes: beyond the boundary by `crossingMargin` and on
    /// the new side for `crossingDwell` (F§5), for monitored regions and
    /// location notifications alike. The crossing is reported at the first
    /// fix that completes the dwell; from `unknown` the state only settles.
    mutating func deriveCrossings(from location: Location) {
        let margin = parameters.crossingMargin
        let dwell = parameters.crossingDwell
        var shown: [(id: String, entered: Bool)] = []
        for i in notifications.indices {
            let r = notifications[i].region
            let d = Geo.distance(r.center, location.coordinate)
            // Settling from `unknown` shows nothing: being inside when the
            // trigger is scheduled is no entry.
            if case .crossed(let entered)? = notifications[i].boundary.observe(
                distance: d, radius: r.radius, margin: margin, dwell: dwell, at: now)
            {
                shown.append((r.id, entered))
            }
        }
        var changed: [(id: String, change: Boundary.Change)] = []
        for i in regions.indices {
            let r = regions[i].region
            let d = Geo.distance(r.center, location.coordinate)
            if let change = regions[i].boundary.observe(distance: d, radius: r.radius, margin: margin, dwell: dwell, at: now) {
                changed.append((r.id, change))
            }
        }
        for (id, entered) in shown {
            // Found again by id: showing a one-shot notification removes it.
            guard let index = notifications.firstIndex(where: { $0.region.id == id }) else { continue }
            notificationCrossed(at: index, entered: entered)
        }
        for (id, change) in changed {
            switch change {
            case .crossed(let entered): deliverMonitoring(.crossing(regionID: id, entered: entered))
            case .settled(let entered): deliverMonitoring(.stateSettled(regionID: id, entered ? .inside : .outside))
            }
        }
    }

    /// Visits: arrival with no departure; departure with the arrival if known (F§7).
    mutating func visitEvent(_ location: Location, arrive: Bool) {
        guard visits else { return }
        if arrive {
            visitArrival = now
            deliverMonitoring(.visit(arrival: now, departure: nil, location, arrive: true))
        } else {
            let arrival = visitArrival
            visitArrival = nil
            deliverMonitoring(.visit(arrival: arrival, departure: now, location, arrive: false))
        }
    }

    /// Ranging: each sighting matching a ranged constraint (F§15).
    mutating func beaconSighted(_ beacon: BeaconSighting) {
        for constraint in manager.ranging where constraint.matches(beacon) {
            if let reason = foregroundServiceDecision() {
                emit(.drop(.beacon(beacon), reason))
            } else if authorization.accuracy(on: rules) == .reduced {
                emit(.drop(.beacon(beacon), .reducedAccuracy))
            } else {
                emitCallback(.didRange(constraint, beacon), as: .beacon(beacon))
            }
        }
    }
}
