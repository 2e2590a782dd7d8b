/// docs/rules.md §8: reads the state into `Delivery.decide` and performs its outcome.
extension Simulator {
    /// The authorization as §8's rows read it.
    var deliveryAccess: Delivery.Access { authorization.deliveryAccess(on: rules) }

    /// §8's decision for `service` in the current state.
    @inline(__always)
    func decide(_ service: Delivery.Service) -> Delivery {
        Self.decide(
            service, authorization, lifecycle, inUse: reported.inUse, rules,
            relaunchAfterForceQuit: parameters.relaunchAfterForceQuit)
    }

    /// `decide(_:)` over the few stored properties it reads, for the per-fix
    /// path. A `mutating` method passes a non-mutating method of the
    /// simulator a copy of all of it (808 bytes) unless the call is inlined,
    /// and `@inline(__always)` is a request the optimizer declined in
    /// `offerToStandardUpdates`: that was a `memcpy` per fix. Stored
    /// properties handed to a static function are copied alone.
    static func decide(
        _ service: Delivery.Service, _ authorization: Authorization, _ lifecycle: Lifecycle, inUse: Bool,
        _ rules: RulesVersion, relaunchAfterForceQuit: Bool?
    ) -> Delivery {
        Delivery.decide(
            service, access: authorization.deliveryAccess(on: rules), inUse: inUse,
            app: lifecycle.deliveryApp(on: rules, relaunchAfterForceQuit: relaunchAfterForceQuit),
            accuracy: authorization.accuracy(on: rules))
    }

    /// A fix: standard updates and `requestLocation`, significant changes,
    /// crossings derived from it.
    mutating func fixArrived(_ fix: Fix) {
        let location = fix.location
        if fixes.outage != nil, !outageEnds(at: location) { return }
        fixes.last = location
        var deliveredNow = false
        if manager.standard != .off {
            deliveredNow = offerToStandardUpdates(location)
        }
        if selection.several { deliveredNow = offerToNamedManagers(location) || deliveredNow }
        if modern.liveUpdates.wantsFixes {
            offerToLiveUpdates(location)
        }
        if significantChanges { significantChangeCheck(location, alreadyDelivered: deliveredNow) }
        if parameters.deriveCrossings { deriveCrossings(from: location) }
    }

    /// Whether standard updates may deliver now; records the drop if not.
    mutating func standardUpdatesMayDeliver(_ location: Location) -> Bool {
        guard let reason = decide(.location).singleFixDropReason else { return true }
        emit(.drop(.fix(location), reason))
        return false
    }

    /// Offers a fix to the manager's standard updates or `requestLocation`
    /// and applies what it returns. True when the fix reached
    /// `didUpdateLocations`, or will when the suspended app next runs.
    @inline(__always)
    mutating func offerToStandardUpdates(_ location: Location) -> Bool {
        // Every fix passes here: the static `decide`, which copies no simulator.
        let decision = Self.decide(
            .location, authorization, lifecycle, inUse: reported.inUse, rules,
            relaunchAfterForceQuit: parameters.relaunchAfterForceQuit)
        let reduces = manager.reduces(accuracy)
        let tooSoon = reduces && fixes.reducedTooSoon(at: now, interval: parameters.reducedInterval)
        let p = header.parameters
        let fixParameters = FixParameters(
            pauseAfter: p.pauseAfter, pauseDistance: p.pauseDistance, suspendedQueueLimit: p.suspendedQueueLimit)
        let actions = manager.offer(location, at: now, decision, reducedTooSoon: tooSoon, fixParameters)
        apply(actions, reduces: reduces)
        return actions.reachesApp
    }

    /// Performs a manager's actions in order.
    mutating func apply(_ actions: [ManagerAction]) {
        for action in actions {
            switch action {
            case .deliver(let location, let time): _ = deliverLocation(location, fixedAt: time)
            case .drop(let location, let reason): emit(.drop(.fix(location), reason))
            case .hold(let location): emit(.hold(.fix(location), .suspended))
            case .callback(let callback): callbackOrDrop(callback)
            case .arm(let timer, let time): schedule(timer, at: time)
            case .cancel(let timer): timers.cancel(timer)
            }
        }
    }

    /// Performs a fix's actions in order (`FixActions`); `reduces` is
    /// whether a delivered location is reduced (the manager was told when
    /// that is too soon, so a delivery here always happens).
    @inline(__always)
    mutating func apply(_ actions: FixActions, reduces: Bool) {
        if let time = actions.armPauseAt { schedule(.autoPause(manager: manager.name), at: time) }
        if actions.cancelsRequestTimeout { timers.cancel(manager.requestTimeout) }
        if let (location, disposition) = actions.first { apply(disposition, location, reduces: reduces) }
        if let (location, disposition) = actions.second { apply(disposition, location, reduces: reduces) }
    }

    @inline(__always)
    private mutating func apply(_ disposition: FixActions.Disposition, _ location: Location, reduces: Bool) {
        switch disposition {
        case .deliver:
            var shown = location
            if reduces {
                fixes.lastReducedDelivery = now
                shown = reducedLocation(location)
            }
            if header.delegate.contains(.didUpdateLocations), keepDirect(DirectFix(location: shown, time: now)) { return }
            emitCallback(.didUpdateLocations(shown), as: .fix(location))
        case .hold: emit(.hold(.fix(location), .suspended))
        case .drop(let reason): emit(.drop(.fix(location), reason))
        }
    }

    /// A callback that answers no event: to a running app, lost with a drop
    /// record if the app runs no code (§8's table, `callback`).
    mutating func callbackOrDrop(_ callback: Callback) {
        switch decide(.callback) {
        case .deliver, .extendRunThenDeliver, .wakeThenDeliver, .relaunchThenDeliver, .queueUntilRunning, .hold:
            emitCallback(callback)
        case .drop(let reason):
            emit(.drop(.callback(callback), reason))
        }
    }

    /// The same fix for each named manager's updates (docs/rules.md §8, several managers).
    mutating func offerToNamedManagers(_ location: Location) -> Bool {
        var delivered = false
        for name in named.ids where named[name]?.standard != .off {
            select(name)
            delivered = offerToStandardUpdates(location) || delivered
        }
        selectLaunchManager()
        return delivered
    }

    /// The updates queued while the app was suspended, in order, each with
    /// its own time, manager by manager; those it may no longer receive are dropped.
    mutating func deliverQueuedUpdates() {
        guard selection.several else { return deliverQueuedUpdatesOfManager() }
        forEachManager { $0.deliverQueuedUpdatesOfManager() }
    }

    private mutating func deliverQueuedUpdatesOfManager() {
        for q in manager.takeSuspendedQueue() where standardUpdatesMayDeliver(q.location) {
            _ = deliverLocation(q.location, fixedAt: q.time)
        }
    }

    /// `didUpdateLocations` for a location fixed at `time`, reduced if the
    /// accuracy asks for it; false when reduced accuracy's rate drops it.
    mutating func deliverLocation(_ location: Location, fixedAt time: Millis) -> Bool {
        guard let shown = reducedIfNeeded(location) else {
            emit(.drop(.fix(location), .reducedInterval))
            return false
        }
        emitCallback(locationCallback(shown, fixedAt: time), as: .fix(location))
        return true
    }

    /// `didUpdateLocations`, showing the location's own time when it is older than now.
    func locationCallback(_ location: Location, fixedAt time: Millis) -> Callback {
        time == now ? .didUpdateLocations(location) : .didUpdateEarlierLocation(location, fixedAt: Instant(sinceStart: time))
    }

    /// Under reduced accuracy (or `desiredAccuracy reduced`) a location is
    /// snapped to the grid and arrives at most once per `reducedInterval`;
    /// `nil` when it comes too soon (docs/rules.md §10).
    mutating func reducedIfNeeded(_ location: Location) -> Location? {
        guard manager.reduces(accuracy) else { return location }
        if fixes.reducedTooSoon(at: now, interval: parameters.reducedInterval) { return nil }
        fixes.lastReducedDelivery = now
        return reducedLocation(location)
    }

    /// A location as reduced accuracy reports it: the centre of its
    /// `reducedGrid` cell, with that cell size as its accuracy (docs/rules.md §10).
    func reducedLocation(_ location: Location) -> Location {
        Location(Geo.snap(location.coordinate, grid: parameters.reducedGrid), accuracy: parameters.reducedGrid)
    }

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
            if accuracy == .reduced,
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
            let shown = accuracy == .reduced ? reducedLocation(location) : location
            emitToEveryManager(
                .didVisit(arrival: arrival.map(Instant.init), departure: departure.map(Instant.init), shown),
                as: event.undelivered)
        case .condition(let monitor, let id, let state):
            yieldMonitorEvent(monitor, id, state)
        }
    }

    /// A crossing from an `enter`/`exit` line: of a region or location
    /// notification, and of the CLMonitor conditions with that id.
    mutating func crossing(_ id: String, entered: Bool, _ s: TimedStatement) throws(ScenarioError) {
        let region = monitoring.declaredRegionIDs.contains(id)
        let condition = !modern.monitors.isEmpty && !modern.monitors.keys(withID: id).isEmpty
        guard region || condition else {
            throw error(
                "unknown region '\(id)'; declare it first with 'app startMonitoring \(id) …' or 'app addLocationNotification \(id) …'",
                s, atArgument: true)
        }
        if region { regionCrossed(id, entered: entered) }
        if condition { monitorConditionsCrossed(id, entered: entered) }
    }

    /// A crossing from an `enter`/`exit` line: location notifications first
    /// (they need no running app), then the monitored region with that id.
    mutating func regionCrossed(_ id: String, entered: Bool) {
        if monitoring.notifications.update(id, { $0.boundary.cross(entered: entered) }) != nil {
            notificationCrossed(id, entered: entered)
        }
        guard monitoring.regions.update(id, { $0.boundary.cross(entered: entered) }) != nil else { return }
        deliverMonitoring(.crossing(regionID: id, entered: entered))
    }

    /// §11: a location notification shows whatever the app's state, without launching it.
    mutating func notificationCrossed(_ id: String, entered: Bool) {
        guard let n = monitoring.notifications[id], entered ? n.region.notifyOnEntry : n.region.notifyOnExit else {
            return
        }
        guard authorization.level != .none else {
            emit(.drop(.notification(id: id, entry: entered), .notAuthorized))
            return
        }
        emit(.notification(id: id, entry: entered))
        monitoring.shownNotifications.insert(id)
        if !n.repeats { monitoring.notifications.remove(id) }
    }

    /// Crossings from fixes: beyond the boundary by `crossingMargin` and on
    /// the new side for `crossingDwell` (Apple, region monitoring), for monitored regions and
    /// location notifications alike. A fix beyond the margin starts the
    /// dwell; unless a contrary fix comes first, the side settles when the
    /// dwell ends (a timer), fixes or not. From `unknown` the state only settles.
    mutating func deriveCrossings(from location: Location) {
        let margin = parameters.crossingMargin
        let dwell = parameters.crossingDwell
        let now = self.now
        var shown: [(id: String, change: Boundary.Change)] = []
        var dwells: [(RuleTimer.CrossingTarget, Millis)] = []
        let point = Geo.Proximity.point(location.coordinate)
        @inline(__always) func observe(_ region: CircularRegion, _ boundary: inout Boundary, _ outside: Geo.Proximity)
            -> Boundary.Observation
        {
            boundary.observe(
                location.coordinate, point: point, center: region.center, radius: region.radius, outside: outside,
                margin: margin, dwell: dwell, at: now)
        }
        // Each skip is set back after its walk, whose write to the list dropped it.
        if monitoring.notifications.count > 0 {
            var skip = monitoring.notificationSkip
            Self.walk(&monitoring.notifications, &skip, point, RuleTimer.CrossingTarget.notification, &shown, &dwells, observe)
            monitoring.notificationSkip = skip
        }
        var changed: [(id: String, change: Boundary.Change)] = []
        if monitoring.regions.count > 0 {
            var skip = monitoring.regionSkip
            Self.walk(&monitoring.regions, &skip, point, RuleTimer.CrossingTarget.region, &changed, &dwells, observe)
            monitoring.regionSkip = skip
        }
        for (target, until) in dwells { schedule(.crossingDwell(target), at: until) }
        for (id, change) in shown { notificationChanged(id, change) }
        for (id, change) in changed { regionChanged(id, change) }
        if !modern.monitors.isEmpty { deriveConditionChanges(from: location, point: point) }
    }

    /// Observes the fix at `point` on the circles of `list` that `skip`
    /// leaves to visit, or on all of them, anchoring `skip` there
    /// (`CircleSkip`); in list order either way. A change goes to `changes`,
    /// a dwell begun to `dwells`, its timer's target `target` of the id.
    @inline(__always)
    private static func walk<C: MonitoredCircle>(
        _ list: inout KeyedList<C>, _ skip: inout CircleSkip,
        _ point: (latitude: Double, longitude: Double, cosLatitude: Double),
        _ target: (String) -> RuleTimer.CrossingTarget, _ changes: inout [(id: String, change: Boundary.Change)],
        _ dwells: inout [(RuleTimer.CrossingTarget, Millis)],
        _ observe: (CircularRegion, inout Boundary, Geo.Proximity) -> Boundary.Observation
    ) {
        @inline(__always) func visit(_ c: inout C) {
            switch observe(c.region, &c.boundary, c.outside) {
            case .none: break
            case .dwellStarted(let until): dwells.append((target(c.region.id), until))
            case .changed(let change): changes.append((c.region.id, change))
            }
        }
        if skip.covers(point) {
            list.forEach(inSlots: skip.visited, visit)
        } else {
            list.forEach(visit)
            skip.anchor(at: point, count: list.slotCount) { i in
                list.element(inSlot: i).map { ($0.outside, $0.boundary.isSettledOutside) }
            }
        }
    }

    /// A dwell timer: the region or notification settles if its dwell held.
    mutating func dwellEnded(_ target: RuleTimer.CrossingTarget) {
        let dwell = parameters.crossingDwell
        let now = self.now
        switch target {
        case .region(let id):
            guard let change = monitoring.regions.update(id, { $0.boundary.settle(at: now, dwell: dwell) }) ?? nil else {
                return
            }
            regionChanged(id, change)
        case .notification(let id):
            guard let change = monitoring.notifications.update(id, { $0.boundary.settle(at: now, dwell: dwell) }) ?? nil
            else { return }
            notificationChanged(id, change)
        case .condition(let key):
            guard modern.monitors.update(key, { $0.boundary.settle(at: now, dwell: dwell) }) ?? nil != nil else { return }
            deliverMonitorEvent(key)
        }
    }

    mutating func regionChanged(_ id: String, _ change: Boundary.Change) {
        switch change {
        case .crossed(let entered): deliverMonitoring(.crossing(regionID: id, entered: entered))
        case .settled(let entered): deliverMonitoring(.stateSettled(regionID: id, entered ? .inside : .outside))
        }
    }

    /// Settling from `unknown` shows nothing: being inside when the trigger
    /// is scheduled is no entry.
    mutating func notificationChanged(_ id: String, _ change: Boundary.Change) {
        guard case .crossed(let entered) = change else { return }
        notificationCrossed(id, entered: entered)
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

    /// Ranging: each sighting matching a ranged constraint (Apple, startRangingBeacons(satisfying:)).
    mutating func beaconSighted(_ beacon: BeaconSighting) {
        if !selection.several {
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

extension Authorization {
    /// The authorization as §8's rows read it.
    @inline(__always)
    func deliveryAccess(on rules: RulesVersion) -> Delivery.Access {
        switch level {
        case .none: return access == .denied || restricted ? .denied : .notDetermined
        case .whenInUse:
            if !rules.modern { return .whenInUseBefore13 }
            return provisional ? .provisionalAlways : .whenInUse
        case .always: return .always
        }
    }
}
