/// Handing records to the app: delegate callbacks to the manager's
/// delegate, completions to their handlers, `update` records to the
/// `liveUpdates()` streams, `auth` records to what the managers report.
extension SimulatedDevice {
    /// Hands every record not yet handed over, in log order. A delegate's
    /// calls append records, which are handed over in turn; a call from
    /// inside a callback does not dispatch again (the loop under way does).
    func dispatch() {
        guard !dispatching else { return }
        dispatching = true
        defer { dispatching = false }
        if let (manager, callback) = creationCallback {
            creationCallback = nil
            callAtCreation(callback, manager)
        }
        while dispatched < engine.log.records.count {
            let record = engine.log.records[dispatched]
            dispatched += 1
            deliver(record)
        }
    }

    @inline(__always)
    private func deliver(_ record: LogRecord) {
        switch record.record.event {
        case .delegate(let callback):
            if let manager = managers.first {
                call(callback, at: record.time, on: manager)
            } else if callback.isAuthorization {
                unheardAuthorization = callback  // the launch manager, made later, gets it
            }
        case .ofManager(let name, .delegate(let callback)):
            if let manager = manager(named: name) { call(callback, at: record.time, on: manager) }
        case .auth(let view): shownAuth = view
        case .completion(let method, let error):
            guard method == "requestTemporaryFullAccuracyAuthorization", !completions.isEmpty else { return }
            completions.removeFirst()?(error.map(SimulatedLocationError.init))
        case .update(.liveUpdate(let location, let flags)):
            let element = SimulatedLocationUpdate(
                location: location.map { located($0, at: record.time) }, diagnostics: flags)
            for stream in liveUpdateStreams { stream.yield(element) }
        case .update(.earlierLiveUpdate(let location, let flags, let fixedAt)):
            // Queued for a relaunched app: the location keeps its fix's time.
            let element = SimulatedLocationUpdate(location: located(location, at: fixedAt), diagnostics: flags)
            for stream in liveUpdateStreams { stream.yield(element) }
        case .app(let app): lifecycle(app)
        case .update(let update): yieldModern(update, at: record.time)
        case .session, .prompt, .inUseBegin, .inUseEnd, .indicator, .hold, .drop, .notification, .warning,
            .crash,
            .react, .expect, .ofManager:
            return
        }
    }

    private func lifecycle(_ record: AppRecord) {
        switch record {
        case .launchForeground:
            guard newProcess() else { return }
            appDelegate?.applicationDidFinishLaunching(inBackground: false)
        case .launchBackground:
            guard newProcess() else { return }
            appDelegate?.applicationDidFinishLaunching(inBackground: true)
        case .foreground: appDelegate?.applicationWillEnterForeground()
        case .background: appDelegate?.applicationDidEnterBackground()
        case .terminate: modernObjects.processEnded()
        case .suspend, .wake: return
        }
    }

    /// A launch handed to the app: after the first, a new process, whose
    /// managers the app makes anew. False when the delegate already heard
    /// of it (the first launch, told when `appDelegate` was set).
    private func newProcess() -> Bool {
        defer { launchesHanded += 1 }
        guard launchesHanded > 0 else { return !firstLaunchTold }
        process += 1
        managers = []
        unheardAuthorization = nil
        creationCallback = nil
        return true
    }

    /// The authorization callback a manager made after its launch's gets,
    /// with the status of now.
    private func callAtCreation(_ callback: Callback, _ manager: SimulatedLocationManager) {
        guard manager.process == process else { return }
        if case .didChangeAuthorization = callback.event {
            manager.listener?.locationManager(manager, didChangeAuthorization: shownAuth.status)
        } else {
            manager.listener?.locationManagerDidChangeAuthorization(manager)
        }
    }

    /// The manager a record names: `default` is the first one made (the
    /// launch's), the others are named at their creation.
    private func manager(named name: String) -> SimulatedLocationManager? {
        name == SimulatedLocationManager.launchManagerName ? managers.first : managers.first { $0.name == name }
    }

    /// Calls the delegate method of `callback` on `manager`.
    private func call(_ callback: Callback, at time: Instant, on manager: SimulatedLocationManager) {
        switch callback.event {
        case .didUpdateLocations(let location):
            updateLocations(located(location, at: time), manager)
        case .didUpdateEarlierLocation(let location, let fixedAt):
            updateLocations(located(location, at: fixedAt), manager)
        case .didUpdateLocationBatch(let batch):
            // One call with every location, oldest first (docs/rules.md §8).
            let locations = batch.map { located($0.location, at: Instant(sinceStart: $0.time)) }
            manager.location = locations.last
            manager.listener?.locationManager(manager, didUpdateLocations: locations)
        case .didChangeAuthorization(let status):
            manager.listener?.locationManager(manager, didChangeAuthorization: status)
        case .locationManagerDidChangeAuthorization:
            manager.listener?.locationManagerDidChangeAuthorization(manager)
        case .didFailWithError(let code):
            manager.listener?.locationManager(manager, didFailWithError: SimulatedLocationError(code))
        case .didStartMonitoring(let id):
            manager.listener?.locationManager(manager, didStartMonitoringFor: region(id))
        case .monitoringDidFail(let id, let code):
            manager.listener?.locationManager(
                manager, monitoringDidFailFor: id.map(region), withError: SimulatedLocationError(code))
        case .didDetermineState(let state, let id):
            manager.listener?.locationManager(manager, didDetermineState: state, for: region(id))
        case .didEnterRegion(let id):
            manager.listener?.locationManager(manager, didEnterRegion: region(id))
        case .didExitRegion(let id):
            manager.listener?.locationManager(manager, didExitRegion: region(id))
        case .didVisit(let arrival, let departure, let location):
            let visit = SimulatedVisit(
                coordinate: location.coordinate, horizontalAccuracy: location.accuracy, arrivalDate: arrival,
                departureDate: departure)
            manager.listener?.locationManager(manager, didVisit: visit)
        case .didRange(let constraint, let beacon):
            manager.listener?.locationManager(manager, didRange: [beacon], satisfying: constraint)
        case .didFailRanging(let constraint, let code):
            manager.listener?.locationManager(
                manager, didFailRangingFor: constraint, error: SimulatedLocationError(code))
        case .didPauseLocationUpdates:
            manager.listener?.locationManagerDidPauseLocationUpdates(manager)
        case .didResumeLocationUpdates:
            manager.listener?.locationManagerDidResumeLocationUpdates(manager)
        case .didUpdateHeading(let heading):
            manager.heading = heading
            manager.listener?.locationManager(manager, didUpdateHeading: heading)
        case .shouldDisplayHeadingCalibration:
            _ = manager.listener?.locationManagerShouldDisplayHeadingCalibration(manager)
        case .didFinishDeferredUpdates(let error):
            manager.listener?.locationManager(
                manager, didFinishDeferredUpdatesWithError: error.map(SimulatedLocationError.init))
        }
    }

    /// `didUpdateLocations` without allocating an array per fix.
    @inline(__always)
    private func updateLocations(_ location: SimulatedLocation, _ manager: SimulatedLocationManager) {
        manager.location = location
        guard let delegate = manager.listener else { return }
        if locationBuffer.isEmpty {
            locationBuffer = [location]
        } else {
            locationBuffer[0] = location
        }
        delegate.locationManager(manager, didUpdateLocations: locationBuffer)
    }

    /// The region with `id` as the app gave it; a region the device never
    /// saw started (none should reach here) has only its id.
    private func region(_ id: String) -> CircularRegion {
        regions[id] ?? CircularRegion(id: id, center: Coordinate(latitude: 0, longitude: 0), radius: 0)
    }
}

extension Callback {
    /// One of the two authorization callbacks.
    fileprivate var isAuthorization: Bool {
        switch event {
        case .didChangeAuthorization, .locationManagerDidChangeAuthorization: true
        default: false
        }
    }
}
