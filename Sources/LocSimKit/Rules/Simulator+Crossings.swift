/// docs/rules.md §8: region and location-notification crossings, from
/// `enter`/`exit` lines and derived from fixes (`deriveCrossings`), with their dwell.
extension Simulator {
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
            Self.walk(
                &monitoring.notifications, &skip, point, RuleTimer.CrossingTarget.notification, &shown, &dwells, observe
            )
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
            guard let change = monitoring.regions.update(id, { $0.boundary.settle(at: now, dwell: dwell) }) ?? nil
            else {
                return
            }
            regionChanged(id, change)
        case .notification(let id):
            guard let change = monitoring.notifications.update(id, { $0.boundary.settle(at: now, dwell: dwell) }) ?? nil
            else { return }
            notificationChanged(id, change)
        case .condition(let key):
            guard modern.monitors.update(key, { $0.boundary.settle(at: now, dwell: dwell) }) ?? nil != nil else {
                return
            }
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
}
