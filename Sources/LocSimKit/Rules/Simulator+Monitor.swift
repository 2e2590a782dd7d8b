/// `CLMonitor` (iOS 17, docs/modern.md M13–M17): the app's calls, and the
/// events that condition changes — `enter`/`exit` lines and crossings derived
/// from fixes, as for regions — produce under the delivery table.
extension Simulator {
    mutating func monitorCall(_ call: ModernCall, _ s: TimedStatement) throws(ScenarioError) {
        switch call {
        case .monitorOpen(let name):
            guard modern.monitors.open(name) else {
                throw error(
                    "monitor '\(name)' is already open; only one instance with a given name may be opened at a time",
                    s, atArgument: true)
            }
            // iOS 18: processing CLMonitor events sets When In Use implicitly (M5).
            promptForImplicitSession()
            for key in modern.monitors.pendingKeys(of: name) { deliverPendingEvent(key) }
        case .monitorClose(let name):
            try requireOpen(name, s)
            modern.monitors.close(name)
        case .monitorAdd(let name, let id, let kind, let assumed):
            try requireOpen(name, s)
            addCondition(name, id, kind, assuming: assumed)
        case .monitorRemove(let name, let id):
            try requireOpen(name, s)
            guard modern.monitors.remove(name, id) else {
                throw error("monitor '\(name)' has no condition '\(id)'", s, atArgument: true)
            }
        case .liveUpdatesStart, .liveUpdatesStop, .backgroundActivitySessionBegin, .backgroundActivitySessionEnd,
            .backgroundActivitySessionRelease, .serviceSessionBegin, .serviceSessionEnd, .serviceSessionRelease:
            preconditionFailure("\(call.name) is not a monitor call")
        }
    }

    func requireOpen(_ name: String, _ s: TimedStatement) throws(ScenarioError) {
        guard !modern.monitors.isOpen(name) else { return }
        throw error("monitor '\(name)' is not open; open it first with 'app monitor \(name) open'", s, atArgument: true)
    }

    /// A new condition starts `unknown`, or in the state the app assumes
    /// (`add(_:identifier:assuming:)`: "It initializes the monitoring state
    /// with the given value", CLMonitor.h) — no event either way. A circle
    /// the device's last fix places otherwise yields its state at once; an
    /// assumed-satisfied beacon condition is lost after `beaconLostDelay`
    /// without a sighting (M14). Beyond the limit, iOS 18 says so in an event.
    mutating func addCondition(_ name: String, _ id: String, _ kind: MonitorCondition, assuming assumed: MonitorState?)
    {
        var outside: Geo.Proximity? = nil
        if case .circle(let center, let radius) = kind {
            outside = outsideBound(CircularRegion(id: id, center: center, radius: radius))
        }
        let start = Boundary(state: assumed?.regionState ?? .unknown)
        modern.monitors.add(name, id, kind, boundary: start, outside: outside)
        let key = Monitors.key(name, id)
        if modern.monitors.exceedsLimit(key, limit: parameters.monitorConditionLimit) {
            // Registered but not monitored: `unmonitored` (iOS 17.2+; M16, a locsim decision).
            if rules.atLeast(18) {
                emit(.update(.monitorEvent(monitor: name, id: id, .unmonitored, .conditionLimitExceeded)))
            }
            return
        }
        switch kind {
        case .beacon:
            if start.state == .inside { armBeaconLost(key) }
        case .circle(let center, let radius):
            let known = initialBoundary(CircularRegion(id: id, center: center, radius: radius))
            guard known.state != .unknown, known.state != start.state else { return }
            modern.monitors.update(key) { $0.boundary = known }
            deliverMonitorEvent(key)
        }
    }

    /// An `enter`/`exit` line naming condition `id` (in any monitor).
    mutating func monitorConditionsCrossed(_ id: String, entered: Bool) {
        for key in modern.monitors.keys(withID: id) {
            guard let c = modern.monitors[key] else { continue }
            let state: MonitorState = entered ? .satisfied : .unsatisfied
            let event = UndeliveredEvent.monitorEvent(monitor: c.monitor, id: c.id, state)
            if modern.monitors.exceedsLimit(key, limit: parameters.monitorConditionLimit) {
                emit(.drop(event, .conditionLimitExceeded))
            } else if c.pending != nil {
                emit(.drop(event, .eventPending))
            } else if c.state != state {
                // An explicit line owns the state: no silence timer after it.
                modern.monitors.update(key) {
                    $0.boundary.cross(entered: entered)
                    $0.lostAt = nil
                    $0.refinement = nil
                }
                deliverMonitorEvent(key)
            }
        }
    }

    /// Crossings derived from a fix for the circular conditions being monitored
    /// (within the limit, no event pending), by the regions' rule.
    /// `point` is the fix as `Geo.Proximity` reads it: each condition's bound
    /// spares it the exact distance when the fix is surely outside, as for regions.
    mutating func deriveConditionChanges(
        from location: Location, point: (latitude: Double, longitude: Double, cosLatitude: Double)
    ) {
        let p = parameters
        let now = self.now
        var changed: [String] = []
        var dwells: [(String, Millis)] = []
        modern.monitors.observeCircles(
            location.coordinate, point: point, limit: p.monitorConditionLimit, margin: p.crossingMargin,
            dwell: p.crossingDwell, at: now, changed: &changed, dwells: &dwells)
        for (key, until) in dwells { schedule(.crossingDwell(.condition(key)), at: until) }
        for key in changed { deliverMonitorEvent(key) }
    }

    /// A sighted beacon (proximity known) satisfies the beacon identity
    /// conditions it matches — within the limit, no event pending — that are
    /// not satisfied yet (M14), and restarts their silence: an `exit` line,
    /// or `beaconLostDelay` without a matching sighting, makes them unsatisfied again.
    mutating func monitorBeaconSighted(_ beacon: BeaconSighting) {
        guard beacon.proximity != .unknown else { return }
        var sighted: [String] = []
        var changed: [String] = []
        modern.monitors.forEach(limit: parameters.monitorConditionLimit) { c, withinLimit in
            guard withinLimit, c.pending == nil, case .beacon(let constraint) = c.kind, constraint.matches(beacon)
            else { return }
            sighted.append(c.key)
            guard c.state != .satisfied else { return }
            c.boundary.cross(entered: true)
            c.refinement = BeaconConstraint(uuid: beacon.uuid, major: beacon.major, minor: beacon.minor)
            changed.append(c.key)
        }
        for key in sighted { armBeaconLost(key) }
        for key in changed { deliverMonitorEvent(key) }
    }

    /// Restarts a beacon condition's silence: lost `beaconLostDelay` from now.
    mutating func armBeaconLost(_ key: String) {
        guard let delay = parameters.beaconLostDelay else { return }
        let at = now + delay
        timers.cancel(.beaconLost(key))
        modern.monitors.update(key) { $0.lostAt = at }
        schedule(.beaconLost(key), at: at)
    }

    /// The silence ran out: a condition still satisfied, monitored and
    /// unsighted since becomes unsatisfied (a stale timer does nothing).
    mutating func beaconSilenceEnded(_ key: String) {
        guard let c = modern.monitors[key], c.lostAt == now, c.state == .satisfied, c.pending == nil else { return }
        modern.monitors.update(key) {
            $0.boundary.cross(entered: false)
            $0.lostAt = nil
            $0.refinement = nil
        }
        deliverMonitorEvent(key)
    }

    /// The condition's new state as an event, decided like a region event
    /// (`deliverMonitoring`): held for provisional Always, then yielded if
    /// the app has its monitor open, otherwise pending.
    mutating func deliverMonitorEvent(_ key: String) {
        guard let c = modern.monitors[key] else { return }
        deliverMonitoring(.condition(monitor: c.monitor, id: c.id, c.state))
    }

    /// The event reaches the app's monitor, or waits for the app to open it
    /// (M13). A condition removed meanwhile (a held event released later)
    /// yields nothing, as a stopped region does.
    mutating func yieldMonitorEvent(_ monitor: String, _ id: String, _ state: MonitorState) {
        let key = Monitors.key(monitor, id)
        guard modern.monitors[key] != nil else { return }
        guard modern.monitors.isOpen(monitor) else {
            modern.monitors.update(key) { $0.pending = state }
            emit(.hold(.monitorEvent(monitor: monitor, id: id, state), .monitorNotOpen))
            return
        }
        modern.monitors.update(key) { $0.reportedDiagnostics = [] }
        if state == .satisfied, let refinement = modern.monitors[key]?.refinement {
            emit(.update(.refinedMonitorEvent(monitor: monitor, id: id, state, [], refinement: refinement)))
        } else {
            emit(.update(.monitorEvent(monitor: monitor, id: id, state, [])))
        }
    }

    /// iOS 18 (M19, M22): an event withheld is replaced, for a running app
    /// with the monitor open, by one that says why — the diagnostics of
    /// `CLMonitoringEvent.h`: `accuracyLimited` under reduced accuracy, and
    /// otherwise what `liveUpdates` reports (the authorization flags,
    /// `serviceSessionRequired`, `insufficientlyInUse`) — with the state
    /// `unknown` (the app may not learn where the device is). Said once per
    /// change of the reasons until an event is delivered again, as M3 says
    /// the liveUpdates diagnostics.
    mutating func conditionWithheld(_ monitor: String, _ id: String, _ reason: DropReason) {
        guard rules.atLeast(18), app.isRunning, modern.monitors.isOpen(monitor) else { return }
        let key = Monitors.key(monitor, id)
        let flags: DiagnosticFlags = reason == .reducedAccuracy ? .accuracyLimited : withheldDiagnostics(reason)
        guard let c = modern.monitors[key], !flags.isEmpty, flags != c.reportedDiagnostics else { return }
        modern.monitors.update(key) { $0.reportedDiagnostics = flags }
        emit(.update(.monitorEvent(monitor: monitor, id: id, .unknown, flags)))
    }

    /// The app opened the monitor: the event waiting for it, decided anew.
    mutating func deliverPendingEvent(_ key: String) {
        guard let c = modern.monitors[key], let state = c.pending else { return }
        modern.monitors.update(key) { $0.pending = nil }
        let event = MonitoringEvent.condition(monitor: c.monitor, id: c.id, state)
        switch decide(event.service(sessionsForDelivery)) {
        case .deliver, .extendRunThenDeliver:
            yieldMonitorEvent(c.monitor, c.id, state)
        case .hold:
            // Provisional Always out of use: held for the upgrade prompt (§6).
            hold(event)
        case .drop(let reason):
            conditionWithheld(c.monitor, c.id, reason)
            emit(.drop(event.undelivered, reason))
        case .wakeThenDeliver, .relaunchThenDeliver, .queueUntilRunning:
            preconditionFailure("a monitor is opened by a running app")
        }
    }
}
