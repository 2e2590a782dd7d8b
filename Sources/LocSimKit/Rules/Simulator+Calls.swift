/// The app's `CLLocationManager` calls (SPEC §1.2), after the platform check.
extension Simulator {
    /// The largest radius region monitoring accepts (`maximumRegionMonitoringDistance`,
    /// device-dependent; a fixed choice documented in the README).
    static let maximumRegionRadius = 400_000.0

    /// An `app` line is made by running code on a platform that has the call.
    func checkCall(_ name: String, unavailable problem: String?, _ s: TimedStatement) throws(ScenarioError) {
        if let problem { throw error(problem, s, atArgument: true) }
        guard app.isRunning else {
            throw error("app \(name): the app is \(app) and runs no code", s, atArgument: true)
        }
    }

    mutating func appCall(_ call: AppCall, _ s: TimedStatement) throws(ScenarioError) {
        try checkCall(call.name, unavailable: Availability.problem(call, on: rules), s)
        if let missing = call.requiredDelegateMethod(missingFrom: header.delegate, on: rules) {
            // Core Location asserts on entry, before anything else the call would do (§8, the delegate contract).
            return crash(reason: "Delegate must respond to \(missing)")
        }
        if rules.isVision, call.doesNothingInVisionOS {
            // "If a compatible iPad or iPhone app calls this method when running
            // in visionOS, the method does nothing" (docs/rules.md §1, visionOS).
            if case .startMonitoring(let region) = call { monitoring.declaredRegionIDs.insert(region.id) }
            return
        }
        if call.usesLocationServices { showLocationServicesAlertIfOff() }
        switch call {
        case .requestWhenInUseAuthorization: requestWhenInUse()
        case .requestAlwaysAuthorization: requestAlways()
        case .requestTemporaryFullAccuracyAuthorization(let key): requestTemporaryFullAccuracy(purposeKey: key)
        case .startUpdatingLocation: startUpdatingLocation()
        case .stopUpdatingLocation:
            apply(manager.stopUpdating())
            endDeferral(.deferredNotUpdatingLocation)
        case .requestLocation: requestLocation()
        case .startMonitoringSignificantLocationChanges:
            promptOnFirstUse()
            guard startMonitoringOrFail(region: nil) else { return }
            // A device without the service: the start does nothing (docs/rules.md
            // §1, "Devices without the hardware"; a locsim decision).
            guard parameters.significantChange else { return }
            // Starting twice gives no new event; stop then start does; a new
            // process's start is a restart (Apple, startMonitoringSignificantLocationChanges).
            if significantChanges { return restartSignificantChanges() }
            monitoring.significantChange = .init()
            if let fix = fixes.last { significantChangeCheck(fix, alreadyDelivered: false) }
        case .stopMonitoringSignificantLocationChanges:
            stopSignificantChanges(dropping: .stopped)
        case .startMonitoringVisits:
            guard startMonitoringOrFail(region: nil) else { return }
            if monitoring.visits == nil { monitoring.visits = .init() }
        case .stopMonitoringVisits:
            monitoring.visits = nil
        case .startMonitoring(let region): startMonitoring(region)
        case .stopMonitoring(let id):
            try checkDeclared(id, s)
            monitoring.regions.remove(id)
        case .requestState(let id):
            try checkDeclared(id, s)
            if let r = monitoring.regions[id] {
                reportRegionState(r.state, id)
            } else {
                // No longer (or never successfully) monitored: code 5, as Apple, region monitoring
                // reports for a state request right after removing a region.
                emitCallback(.monitoringDidFail(regionID: id, .regionMonitoringFailure))
            }
        case .startRangingBeacons(let constraint):
            if authorization.level == .none && authorization.grant == .denied {
                manager.ranging.start(constraint)
                emitCallback(.didFailRanging(constraint, .denied))
            } else if !Self.rangingAvailable(on: rules, parameters) {
                // No ranging hardware: kCLErrorRangingUnavailable, "ranging is
                // disabled", and nothing is ranged (docs/rules.md §1, a locsim decision).
                emitCallback(.didFailRanging(constraint, .rangingUnavailable))
            } else {
                manager.ranging.start(constraint)
            }
        case .stopRangingBeacons(let constraint):
            manager.ranging.stop(constraint)
        case .set(let property): try setProperty(property, s)
        case .startUpdatingHeading: startUpdatingHeading()
        case .stopUpdatingHeading: world.headings.byManager[serving]?.stop()
        case .allowDeferredLocationUpdates(let distance, let timeout):
            allowDeferredUpdates(distance: distance, timeout: timeout)
        case .disallowDeferredLocationUpdates: disallowDeferredUpdates()
        case .addLocationNotification(let region, let repeats):
            monitoring.declaredRegionIDs.insert(region.id)
            // A trigger with the same id replaces the older and goes last.
            monitoring.notifications.remove(region.id)
            monitoring.notifications.upsert(
                region.id,
                LocationNotification(
                    region: region, repeats: repeats, boundary: initialBoundary(region), outside: outsideBound(region)))
        }
    }

    /// Apple's `locationServicesEnabled()`: "If NO, and you proceed to call
    /// other CoreLocation API, user will be prompted with the warning dialog."
    /// The system alert shows once per launch, in the foreground; it asks the
    /// user to go to Settings, so the scenario answers it there (§4).
    mutating func showLocationServicesAlertIfOff() {
        guard authorization.locationServicesOff, app == .foreground,
            !anyManager({ $0.locationServicesAlert == .shown })
        else { return }
        manager.locationServicesAlert = .shown
        emit(.prompt(.show(.locationServices, text: "", answers: [])))
    }

    func checkDeclared(_ id: String, _ s: TimedStatement) throws(ScenarioError) {
        guard !monitoring.declaredRegionIDs.contains(id) else { return }
        throw error("unknown region '\(id)'; declare it first with 'app startMonitoring \(id) …'", s, atArgument: true)
    }

    mutating func startUpdatingLocation() {
        promptOnFirstUse()
        let wasUpdating = manager.updating
        apply(manager.startUpdating())
        if authorization.status(on: rules).deniesAccess {
            emitCallback(.didFailWithError(.denied))
        } else if locationUnavailable && !wasUpdating {
            reportLocationUnknown()
        }
    }

    mutating func requestLocation() {
        promptOnFirstUse()
        if authorization.status(on: rules).deniesAccess {
            emitCallback(.didFailWithError(.denied))
            return
        }
        apply(manager.requestLocation(timeout: now + parameters.requestLocationTimeout))
    }

    /// Before iOS 13, When In Use cannot use significant-change, region or
    /// visit monitoring (docs/rules.md §1, §8); denied apps cannot either.
    /// Whether monitoring may start (§8's table, `Delivery.Service.monitoringStart`);
    /// if not, the failure the app gets at once.
    mutating func startMonitoringOrFail(region: String?) -> Bool {
        guard case .drop = decide(.monitoringStart) else { return true }
        if let region {
            emitCallback(.monitoringDidFail(regionID: region, .regionMonitoringDenied))
        } else {
            emitCallback(.didFailWithError(.denied))
        }
        return false
    }

    mutating func startMonitoring(_ region: CircularRegion) {
        monitoring.declaredRegionIDs.insert(region.id)
        promptOnFirstUse()
        guard startMonitoringOrFail(region: region.id) else { return }
        // A device without region monitoring: "a more general failure in
        // configuring the region monitoring service" (Apple,
        // monitoringDidFailFor), code 5; the region is not monitored
        // (docs/rules.md §1, "Devices without the hardware"; a locsim decision).
        guard parameters.regionMonitoring, region.radius > 0, region.radius <= Self.maximumRegionRadius else {
            emitCallback(.monitoringDidFail(regionID: region.id, .regionMonitoringFailure))
            return
        }
        if !monitoring.regions.contains(region.id) && monitoring.regions.count >= parameters.maxRegions {
            emitCallback(.monitoringDidFail(regionID: nil, .regionMonitoringFailure))
            return
        }
        let boundary = initialBoundary(region)
        let monitored = MonitoredRegion(region: region, boundary: boundary, outside: outsideBound(region))
        monitoring.regions.upsert(region.id, monitored)
        emitCallback(.didStartMonitoring(regionID: region.id))
        reportRegionState(boundary.state, region.id)
    }

    /// `didDetermineState` for a start or a state request. With Precise
    /// Location off region monitoring is unavailable (Apple, region monitoring), so the state,
    /// which would reveal the precise position, is dropped.
    mutating func reportRegionState(_ state: RegionState, _ id: String) {
        let callback = Callback.didDetermineState(state, regionID: id)
        switch decide(.regionState) {
        case .deliver, .extendRunThenDeliver, .wakeThenDeliver, .relaunchThenDeliver, .queueUntilRunning, .hold:
            emitCallback(callback)
        case .drop(let reason):
            emit(.drop(.callback(callback), reason))
        }
    }

    /// Where a fix is surely outside `region` beyond the crossing margin (§8).
    func outsideBound(_ region: CircularRegion) -> Geo.Proximity {
        Geo.Proximity(center: region.center, farBeyond: region.radius + parameters.crossingMargin)
    }

    /// A new region's state from the last known fix, `unknown` without one (docs/rules.md §8).
    func initialBoundary(_ region: CircularRegion) -> Boundary {
        Boundary.initial(distance: fixes.last.map { Geo.distance($0.coordinate, region.center) }, radius: region.radius)
    }

    mutating func setProperty(_ property: ManagerProperty, _ s: TimedStatement) throws(ScenarioError) {
        switch property {
        case .allowsBackgroundLocationUpdates(let on):
            if on && !header.array("UIBackgroundModes", contains: "location") {
                // Apple, allowsBackgroundLocationUpdates: a fatal error; the app stops running.
                return crash(
                    reason: "Invalid parameter not satisfying: !stayUp || CLClientIsBackgroundable(internal->fClient)")
            }
            manager.allowsBackgroundLocationUpdates = on
        case .showsBackgroundLocationIndicator(let on):
            manager.showsBackgroundLocationIndicator = on
        case .pausesLocationUpdatesAutomatically(let on):
            manager.pausesLocationUpdatesAutomatically = on
        case .distanceFilter(let meters):
            manager.distanceFilter = meters
        case .desiredAccuracy(let accuracy):
            manager.desiredAccuracy = accuracy
        case .activityType:
            // Apple says it helps decide when to pause, with no numbers: no rule
            // reads it, so it is not kept (docs/rules.md §8, a locsim decision).
            break
        case .headingFilter(let degrees):
            world.headings.byManager[serving, default: .init()].filter = degrees
        case .headingOrientation(let orientation):
            world.headings.byManager[serving, default: .init()].orientation = orientation
        }
    }
}

extension Simulator {
    /// An uncaught `NSInternalInconsistencyException` raised by Core Location:
    /// the `crash` record, then the app is not running.
    mutating func crash(reason: String) {
        emit(
            .crash(
                "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', "
                    + "reason: '\(reason)'"))
        end(.crash)  // a crash is not a force-quit: monitoring may still relaunch the app
    }
}

extension AppCall {
    /// The delegate method Core Location requires for this call and the
    /// delegate lacks, as the exception names it (`locationManager:didUpdateLocations:`);
    /// nil when the call may be made (docs/rules.md §8, the delegate contract).
    /// `requestLocation` needs both methods, checked in that order (developers
    /// report the first without either); `startUpdatingLocation` needs
    /// `didFailWithError`. From iOS 9, where the reports begin.
    func requiredDelegateMethod(missingFrom delegate: DelegateMethods, on rules: RulesVersion) -> String? {
        let needed: [DelegateMethods]
        switch self {
        case .requestLocation: needed = [.didUpdateLocations, .didFailWithError]
        case .startUpdatingLocation: needed = [.didFailWithError]
        case .requestWhenInUseAuthorization, .requestAlwaysAuthorization, .requestTemporaryFullAccuracyAuthorization,
            .stopUpdatingLocation, .startMonitoringSignificantLocationChanges,
            .stopMonitoringSignificantLocationChanges, .startMonitoringVisits, .stopMonitoringVisits, .startMonitoring,
            .stopMonitoring, .requestState, .startRangingBeacons, .stopRangingBeacons, .set, .addLocationNotification,
            .startUpdatingHeading, .stopUpdatingHeading, .allowDeferredLocationUpdates,
            .disallowDeferredLocationUpdates:
            return nil
        }
        guard rules.atLeast(9), let first = needed.first(where: { !delegate.contains($0) }) else { return nil }
        return first == .didUpdateLocations
            ? "locationManager:didUpdateLocations:" : "locationManager:didFailWithError:"
    }

    /// A request or a service start: what shows the Location Services alert.
    var usesLocationServices: Bool {
        switch self {
        case .requestWhenInUseAuthorization, .requestAlwaysAuthorization, .startUpdatingLocation, .requestLocation,
            .startMonitoringSignificantLocationChanges, .startMonitoringVisits, .startMonitoring, .startRangingBeacons:
            return true
        case .startUpdatingHeading, .stopUpdatingHeading, .allowDeferredLocationUpdates,
            .disallowDeferredLocationUpdates:
            // The heading needs no authorization (docs/rules.md §8, "Heading");
            // a deferral changes how running updates are delivered.
            return false
        case .requestTemporaryFullAccuracyAuthorization, .stopUpdatingLocation,
            .stopMonitoringSignificantLocationChanges,
            .stopMonitoringVisits, .stopMonitoring, .requestState, .stopRangingBeacons, .set, .addLocationNotification:
            return false
        }
    }

    /// What Apple's pages say does nothing "if a compatible iPad or iPhone
    /// app calls this method when running in visionOS": the significant-change,
    /// visit and region services (start and stop) and the heading
    /// (stopUpdatingHeading(); Apple Vision Pro has no heading to start).
    var doesNothingInVisionOS: Bool {
        switch self {
        case .startMonitoringSignificantLocationChanges, .stopMonitoringSignificantLocationChanges,
            .startMonitoringVisits, .stopMonitoringVisits, .startMonitoring, .stopMonitoring, .startUpdatingHeading,
            .stopUpdatingHeading:
            return true
        case .requestWhenInUseAuthorization, .requestAlwaysAuthorization, .requestTemporaryFullAccuracyAuthorization,
            .startUpdatingLocation, .stopUpdatingLocation, .requestLocation, .requestState, .startRangingBeacons,
            .stopRangingBeacons, .set, .addLocationNotification, .allowDeferredLocationUpdates,
            .disallowDeferredLocationUpdates:
            return false
        }
    }
}
