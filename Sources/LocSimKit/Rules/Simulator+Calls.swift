/// The app's `CLLocationManager` calls (SPEC §1.2), after the platform check.
extension Simulator {
    /// The largest radius region monitoring accepts (`maximumRegionMonitoringDistance`,
    /// device-dependent; a fixed choice documented in the README).
    static let maximumRegionRadius = 400_000.0

    mutating func appCall(_ call: AppCall, _ s: TimedStatement) throws(ScenarioError) {
        if let problem = Availability.problem(call, on: rules) {
            throw error(problem, s, atArgument: true)
        }
        guard app.isRunning else {
            throw error("app \(call.name): the app is \(app) and runs no code", s, atArgument: true)
        }
        switch call {
        case .requestWhenInUseAuthorization: requestWhenInUse()
        case .requestAlwaysAuthorization: requestAlways()
        case .requestTemporaryFullAccuracyAuthorization(let key): requestTemporaryFullAccuracy(purposeKey: key)
        case .startUpdatingLocation: startUpdatingLocation()
        case .stopUpdatingLocation:
            manager.updating = false
            manager.requestLocationPending = false
            endSessionIfBroken()
        case .requestLocation: requestLocation()
        case .startMonitoringSignificantLocationChanges:
            promptOnFirstUse()
            guard monitoringAllowed(region: nil) else { return }
            // Starting twice gives no new event; stop then start does (F§6).
            if significantChanges { return }
            significantChanges = true
            lastSignificantChange = nil
            if let fix = lastFix { significantChangeCheck(fix, alreadyDelivered: false) }
        case .stopMonitoringSignificantLocationChanges:
            significantChanges = false
        case .startMonitoringVisits:
            guard monitoringAllowed(region: nil) else { return }
            visits = true
        case .stopMonitoringVisits:
            visits = false
            visitArrival = nil
        case .startMonitoring(let region): startMonitoring(region)
        case .stopMonitoring(let id):
            try checkDeclared(id, s)
            regions.removeAll { $0.region.id == id }
        case .requestState(let id):
            try checkDeclared(id, s)
            if let r = regions.first(where: { $0.region.id == id }) {
                reportRegionState(r.state, id)
            } else {
                // No longer (or never successfully) monitored: code 5, as F§5
                // reports for a state request right after removing a region.
                emitCallback(.monitoringDidFail(regionID: id, .kCLErrorRegionMonitoringFailure))
            }
        case .startRangingBeacons(let constraint):
            if !manager.ranging.contains(constraint) { manager.ranging.append(constraint) }
            if authorization.level == .none && authorization.grant == .denied {
                emitCallback(.didFailRanging(constraint, .kCLErrorDenied))
            }
        case .stopRangingBeacons(let constraint):
            manager.ranging.removeAll { $0 == constraint }
        case .set(let property): try setProperty(property, s)
        case .addLocationNotification(let region, let repeats):
            declaredRegionIDs.insert(region.id)
            notifications.removeAll { $0.region.id == region.id }
            notifications.append(LocationNotification(region: region, repeats: repeats, boundary: initialBoundary(region)))
        }
    }

    func checkDeclared(_ id: String, _ s: TimedStatement) throws(ScenarioError) {
        guard !declaredRegionIDs.contains(id) else { return }
        throw error("unknown region '\(id)'; declare it first with 'app startMonitoring \(id) …'", s, atArgument: true)
    }

    mutating func startUpdatingLocation() {
        promptOnFirstUse()
        // A new run of updates delivers its first fix whatever distanceFilter
        // says; starting again while running changes nothing.
        if !manager.updating { lastDelivered = nil }
        manager.updating = true
        manager.requestLocationPending = false
        let status = authorization.status(on: rules)
        if status == .denied || status == .restricted { emitCallback(.didFailWithError(.kCLErrorDenied)) }
        beginSessionIfEligible()
    }

    mutating func requestLocation() {
        promptOnFirstUse()
        let status = authorization.status(on: rules)
        if status == .denied || status == .restricted {
            emitCallback(.didFailWithError(.kCLErrorDenied))
            return
        }
        if manager.updating { return }  // the running updates deliver the next fix anyway
        manager.requestLocationPending = true
        requestGeneration += 1
        schedule(.requestLocationTimeout(generation: requestGeneration), at: now + parameters.requestLocationTimeout)
    }

    /// Before iOS 13, When In Use cannot use significant-change, region or
    /// visit monitoring (RULES §1, §8); denied apps cannot either.
    mutating func monitoringAllowed(region: String?) -> Bool {
        let blocked =
            authorization.grant == .denied || authorization.restricted
            || (authorization.level == .whenInUse && !rules.modern)
        guard blocked else { return true }
        if let region {
            emitCallback(.monitoringDidFail(regionID: region, .kCLErrorRegionMonitoringDenied))
        } else {
            emitCallback(.didFailWithError(.kCLErrorDenied))
        }
        return false
    }

    mutating func startMonitoring(_ region: CircularRegion) {
        declaredRegionIDs.insert(region.id)
        promptOnFirstUse()
        guard monitoringAllowed(region: region.id) else { return }
        guard region.radius > 0, region.radius <= Self.maximumRegionRadius else {
            emitCallback(.monitoringDidFail(regionID: region.id, .kCLErrorRegionMonitoringFailure))
            return
        }
        let existing = regions.firstIndex { $0.region.id == region.id }
        if existing == nil && regions.count >= parameters.maxRegions {
            emitCallback(.monitoringDidFail(regionID: nil, .kCLErrorRegionMonitoringFailure))
            return
        }
        let boundary = initialBoundary(region)
        let monitored = MonitoredRegion(region: region, boundary: boundary)
        if let existing { regions[existing] = monitored } else { regions.append(monitored) }
        emitCallback(.didStartMonitoring(regionID: region.id))
        reportRegionState(boundary.state, region.id)
    }

    /// `didDetermineState` for a start or a state request. With Precise
    /// Location off region monitoring is unavailable (F§5), so the state,
    /// which would reveal the precise position, is dropped.
    mutating func reportRegionState(_ state: RegionState, _ id: String) {
        let callback = Callback.didDetermineState(state, regionID: id)
        if authorization.level == .none {
            // §8: no region events before authorization; the state would leak the position.
            emit(.drop(.callback(callback), .notAuthorized))
        } else if authorization.accuracy(on: rules) == .reduced {
            emit(.drop(.callback(callback), .reducedAccuracy))
        } else {
            emitCallback(callback)
        }
    }

    /// A new region's state from the last known fix, `unknown` without one (RULES §8).
    func initialBoundary(_ region: CircularRegion) -> Boundary {
        Boundary.initial(distance: lastFix.map { Geo.distance($0.coordinate, region.center) }, radius: region.radius)
    }

    mutating func setProperty(_ property: ManagerProperty, _ s: TimedStatement) throws(ScenarioError) {
        switch property {
        case .allowsBackgroundLocationUpdates(let on):
            if on && !header.array("UIBackgroundModes", contains: "location") {
                // F§9: a fatal error; the app stops running.
                emit(.crash(
                    "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', "
                        + "reason: 'Invalid parameter not satisfying: !stayUp || CLClientIsBackgroundable(internal->fClient)'"))
                end(.crash)  // a crash is not a force-quit: monitoring may still relaunch the app
                return
            }
            manager.allowsBackgroundLocationUpdates = on
            if on { beginSessionIfEligible() } else { endSessionIfBroken() }
        case .showsBackgroundLocationIndicator(let on):
            manager.showsBackgroundLocationIndicator = on
            updateIndicator()
        case .pausesLocationUpdatesAutomatically(let on):
            manager.pausesLocationUpdatesAutomatically = on
        case .distanceFilter(let meters):
            manager.distanceFilter = meters
        case .desiredAccuracy(let accuracy):
            manager.desiredAccuracy = accuracy
        }
    }
}

extension AppCall {
    /// The call's name as a scenario writes it.
    var name: String {
        switch self {
        case .requestWhenInUseAuthorization: return "requestWhenInUseAuthorization"
        case .requestAlwaysAuthorization: return "requestAlwaysAuthorization"
        case .requestTemporaryFullAccuracyAuthorization: return "requestTemporaryFullAccuracyAuthorization"
        case .startUpdatingLocation: return "startUpdatingLocation"
        case .stopUpdatingLocation: return "stopUpdatingLocation"
        case .requestLocation: return "requestLocation"
        case .startMonitoringSignificantLocationChanges: return "startMonitoringSignificantLocationChanges"
        case .stopMonitoringSignificantLocationChanges: return "stopMonitoringSignificantLocationChanges"
        case .startMonitoringVisits: return "startMonitoringVisits"
        case .stopMonitoringVisits: return "stopMonitoringVisits"
        case .startMonitoring: return "startMonitoring"
        case .stopMonitoring: return "stopMonitoring"
        case .requestState: return "requestState"
        case .startRangingBeacons: return "startRangingBeacons"
        case .stopRangingBeacons: return "stopRangingBeacons"
        case .set(let p): return "set \(p.name)"
        case .addLocationNotification: return "addLocationNotification"
        }
    }
}

extension ManagerProperty {
    var name: String {
        switch self {
        case .allowsBackgroundLocationUpdates: return "allowsBackgroundLocationUpdates"
        case .showsBackgroundLocationIndicator: return "showsBackgroundLocationIndicator"
        case .pausesLocationUpdatesAutomatically: return "pausesLocationUpdatesAutomatically"
        case .distanceFilter: return "distanceFilter"
        case .desiredAccuracy: return "desiredAccuracy"
        }
    }
}
