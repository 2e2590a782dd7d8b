/// A `CLLocationManager` the app created (docs/rules.md §8): its properties
/// and the services that are its own — standard updates, `requestLocation`,
/// automatic pausing, ranging — with the updates it queues for a suspended app.
///
/// A value with no view of the rest of the app: each method takes what
/// `Delivery.decide` said about the event (the simulator reads the app-wide
/// state into the table) and returns the `ManagerAction`s the simulator
/// applies — deliver, drop, hold, a callback, arm or cancel a timer — in the
/// order their records appear. Region, significant-change and visit
/// monitoring are app-wide (`Monitoring`): Apple, `monitoredRegions`, "The set
/// of shared regions monitored by all location manager objects".
struct LocationManager: Hashable {
    /// Standard location updates: off, running, or one `requestLocation`.
    enum Standard: Hashable {
        case off
        /// `lastDelivered` is what `distanceFilter` measures from.
        case updating(lastDelivered: Location?, motion: Motion)
        /// A `requestLocation` waiting until `timeout` for a fix meeting
        /// `desiredAccuracy`, keeping the most accurate fix seen meanwhile.
        case requestingOnce(timeout: Millis, best: TimedLocation?)
    }

    /// Automatic pausing (`pausesLocationUpdatesAutomatically`): where the
    /// device has stayed since when, or paused.
    enum Motion: Hashable {
        case still(at: TimedLocation?)
        case paused(at: Location)

        var isPaused: Bool {
            if case .paused = self { return true }
            return false
        }
    }

    enum LocationServicesAlert: Hashable { case notShown, shown }

    /// The name of a manager other than the one created at launch (nil),
    /// as `app[<name>]` gives it: its timers carry it.
    var name: String? = nil
    var standard = Standard.off
    var allowsBackgroundLocationUpdates = false
    var showsBackgroundLocationIndicator = false
    var pausesLocationUpdatesAutomatically = true
    var distanceFilter: Double? = nil
    var desiredAccuracy = DesiredAccuracy.best
    var ranging = Ranging()
    /// Standard updates held for the suspended app, oldest first (§8);
    /// kept out of `standard` so the per-fix path moves no array.
    private(set) var suspendedQueue: [TimedLocation] = []
    /// The "Turn On Location Services" alert shows once per launch (§4).
    var locationServicesAlert = LocationServicesAlert.notShown

    /// Updates started and not paused.
    var updating: Bool {
        if case .updating(_, let motion) = standard { return !motion.isPaused }
        return false
    }

    /// Updates started and paused automatically.
    var paused: Bool {
        if case .updating(_, let motion) = standard { return motion.isPaused }
        return false
    }

    init(name: String? = nil) { self.name = name }

    /// Its `requestLocation` timeout.
    var requestTimeout: RuleTimer { .requestLocationTimeout(manager: name) }

    /// Updates running that may continue in the background: started, not
    /// paused, and allowed (`allowsBackgroundLocationUpdates`, from iOS 9;
    /// before it the background mode suffices).
    func runsInBackground(before9: Bool) -> Bool {
        updating && (allowsBackgroundLocationUpdates || before9)
    }

    /// Whether a delivered location is reduced first (§10): by the app's
    /// accuracy authorization or its own `desiredAccuracy reduced`.
    func reduces(_ accuracy: AccuracyAuthorization) -> Bool {
        accuracy == .reducedAccuracy || desiredAccuracy == .reduced
    }
}

extension LocationManager {
    /// `startUpdatingLocation`: a new run of updates delivers its first fix
    /// whatever `distanceFilter` says; starting again while running changes
    /// nothing. Apple, locationManagerDidResumeLocationUpdates(_:): "When you
    /// restart location services after an automatic pause, Core Location
    /// calls this method".
    mutating func startUpdating() -> [ManagerAction] {
        var actions: [ManagerAction] = []
        guard !updating else { return actions }
        let resumes = paused
        endRequest(dropping: .superseded, into: &actions)
        standard = .updating(lastDelivered: nil, motion: .still(at: nil))
        if resumes { actions.append(.callback(.didResumeLocationUpdates)) }
        return actions
    }

    mutating func stopUpdating() -> [ManagerAction] {
        var actions: [ManagerAction] = []
        endRequest(dropping: .stopped, into: &actions)
        standard = .off
        return actions
    }

    /// `requestLocation` (Apple's header), authorized: a newer request
    /// replaces a pending one and its timeout; running updates deliver the
    /// next fix anyway.
    mutating func requestLocation(timeout: Millis) -> [ManagerAction] {
        var actions: [ManagerAction] = []
        guard !updating else { return actions }
        endRequest(dropping: .superseded, into: &actions)
        standard = .requestingOnce(timeout: timeout, best: nil)
        actions.append(.arm(requestTimeout, at: timeout))
        return actions
    }

    /// Ends a pending `requestLocation`: its timeout goes, and a fix it kept
    /// is dropped with `reason`.
    mutating func endRequest(dropping reason: DropReason) -> [ManagerAction] {
        var actions: [ManagerAction] = []
        endRequest(dropping: reason, into: &actions)
        return actions
    }

    private mutating func endRequest(dropping reason: DropReason, into actions: inout [ManagerAction]) {
        guard case .requestingOnce(_, let best) = standard else { return }
        standard = .off
        actions.append(.cancel(requestTimeout))
        if let best { actions.append(.drop(best.location, reason)) }
    }

    /// The `requestLocation` timeout at `now`: the best fix seen if the table
    /// lets it through (`decision`), else a failure (Apple's header, Apple,
    /// requestLocation and CLError). A stale timer does nothing.
    mutating func requestTimedOut(at now: Millis, _ decision: Delivery) -> [ManagerAction] {
        var actions: [ManagerAction] = []
        guard case .requestingOnce(now, let best) = standard else { return actions }
        standard = .off
        guard let best else {
            // A suspended app runs no code: the failure is lost (docs/rules.md §2).
            actions.append(.callback(.didFailWithError(.locationUnknown)))
            return actions
        }
        if let reason = decision.singleFixDropReason {
            actions.append(.drop(best.location, reason))
        } else {
            actions.append(.deliver(best.location, fixedAt: best.time))
        }
        return actions
    }

    /// Takes the updates queued while the app was suspended, oldest first.
    mutating func takeSuspendedQueue() -> [TimedLocation] {
        guard !suspendedQueue.isEmpty else { return [] }
        defer { suspendedQueue = [] }
        return suspendedQueue
    }

    /// The app ends: the manager goes, with its pending request and queue.
    mutating func end(_ reason: DropReason) -> [ManagerAction] {
        var actions = endRequest(dropping: reason)
        for q in takeSuspendedQueue() { actions.append(.drop(q.location, reason)) }
        return actions
    }
}

extension LocationManager {
    /// A fix for standard updates or a pending `requestLocation`, which
    /// `decision` (§8's table for `.location`) lets through or not;
    /// `reducedTooSoon` is true when the location would be reduced and the
    /// last reduced one was less than `reducedInterval` ago (§10). The
    /// actions' `reachesApp` says whether the fix reached
    /// `didUpdateLocations`, or will when the suspended app next runs.
    ///
    /// Every fix of a long trace passes here: no action array is allocated.
    @inline(__always)
    mutating func offer(
        _ location: Location, at now: Millis, _ decision: Delivery, reducedTooSoon: Bool, _ p: FixParameters
    ) -> FixActions {
        var actions = FixActions()
        switch standard {
        case .off:
            break
        case .updating(let last, var motion):
            // Paused until the app restarts the updates (Apple: "Core Location
            // does not resume updates automatically after it pauses them").
            if case .paused = motion {
                actions.append(location, .drop(.paused))
                return actions
            }
            if let after = p.pauseAfter, pausesLocationUpdatesAutomatically {
                if track(&motion, location, at: now, distance: p.pauseDistance) { actions.armPauseAt = now + after }
                standard = .updating(lastDelivered: last, motion: motion)
            }
            // "The system enqueues location updates and delivers them when
            // the app runs again" (Apple, Handling location updates in the
            // background); a queue of size 0 keeps nothing.
            let queues = decision == .queueUntilRunning && p.suspendedQueueLimit > 0
            if !queues, let reason = decision.singleFixDropReason {
                actions.append(location, .drop(reason))
                return actions
            }
            if let last, let filter = distanceFilter, Geo.distance(last.coordinate, location.coordinate) < filter {
                actions.append(location, .drop(.distanceFilter))
                return actions
            }
            if queues {
                actions.append(location, .hold)
                suspendedQueue.append(TimedLocation(location: location, time: now))
                if suspendedQueue.count > p.suspendedQueueLimit {
                    actions.append(suspendedQueue.removeFirst().location, .drop(.superseded))
                }
            } else if reducedTooSoon {
                actions.append(location, .drop(.reducedInterval))
                return actions
            } else {
                actions.append(location, .deliver)
            }
            standard = .updating(lastDelivered: location, motion: motion)
            actions.reachesApp = true
        case .requestingOnce(let timeout, let best):
            if let reason = decision.singleFixDropReason {
                actions.append(location, .drop(reason))
                return actions
            }
            offerToRequest(location, at: now, timeout: timeout, best: best, reducedTooSoon: reducedTooSoon, &actions)
        }
        return actions
    }

    /// `requestLocation` (Apple's header): the first fix meeting
    /// `desiredAccuracy` is delivered; until then the most accurate fix is
    /// kept for the timeout, and every other one is dropped (§8).
    private mutating func offerToRequest(
        _ location: Location, at now: Millis, timeout: Millis, best: TimedLocation?, reducedTooSoon: Bool,
        _ actions: inout FixActions
    ) {
        if desiredAccuracy.isMet(by: location.accuracy) {
            standard = .off
            actions.cancelsRequestTimeout = true
            if let best { actions.append(best.location, .drop(.superseded)) }
            if reducedTooSoon {
                actions.append(location, .drop(.reducedInterval))
            } else {
                actions.append(location, .deliver)
                actions.reachesApp = true
            }
            return
        }
        if let best, best.location.accuracy <= location.accuracy {
            actions.append(location, .drop(.lessAccurate))
        } else {
            if let best { actions.append(best.location, .drop(.superseded)) }
            standard = .requestingOnce(timeout: timeout, best: TimedLocation(location: location, time: now))
        }
    }

    /// A fix farther than `distance` from where the device stood starts a
    /// new still period; true when it does (the pause timer is then armed).
    private func track(_ motion: inout Motion, _ location: Location, at now: Millis, distance: Double) -> Bool {
        guard case .still(let anchor) = motion else { return false }
        if let anchor, Geo.distance(anchor.location.coordinate, location.coordinate) < distance { return false }
        motion = .still(at: TimedLocation(location: location, time: now))
        return true
    }

    /// The pause timer at `now`: the updates pause if the device stayed put
    /// for `pauseAfter` since it was set.
    mutating func pauseIfStill(at now: Millis, pauseAfter: Millis?) -> [ManagerAction] {
        var actions: [ManagerAction] = []
        guard let after = pauseAfter, pausesLocationUpdatesAutomatically,
            case .updating(let last, .still(let anchor?)) = standard, anchor.time + after == now
        else { return actions }
        standard = .updating(lastDelivered: last, motion: .paused(at: anchor.location))
        actions.append(.callback(.didPauseLocationUpdates))
        return actions
    }

    /// Authorization the app had was lost while updates ran: they fail, and
    /// a pending request ends (§8, 004).
    mutating func accessLost() -> [ManagerAction] {
        switch standard {
        case .off:
            return []
        case .updating:
            var actions: [ManagerAction] = []
            actions.append(.callback(.didFailWithError(.denied)))
            return actions
        case .requestingOnce:
            var actions = endRequest(dropping: .notAuthorized)
            actions.append(.callback(.didFailWithError(.denied)))
            return actions
        }
    }
}

/// The parameters a fix reads (docs/rules.md, Parameters), handed over
/// alone: the whole `Parameters` is too big to copy per fix.
struct FixParameters {
    var pauseAfter: Millis?
    var pauseDistance: Double
    var suspendedQueueLimit: Int
}

extension Delivery {
    /// Why a single fix of standard updates or `requestLocation` does not
    /// reach the app now; nil when it does. Only standard updates queue
    /// (`LocationManager.offer`): elsewhere "queue until running" is the drop of a suspended app.
    @inline(__always)
    var singleFixDropReason: DropReason? {
        switch self {
        case .deliver, .extendRunThenDeliver, .wakeThenDeliver, .relaunchThenDeliver: return nil
        case .queueUntilRunning: return .suspended
        case .hold: return .notInUse  // never decided for standard updates (§8's table)
        case .drop(let reason): return reason
        }
    }
}

extension LocationManager {
    /// The ranged constraints in the order they were started, each once.
    struct Ranging: Hashable {
        private(set) var constraints: [BeaconConstraint] = []
        private var members: Set<BeaconConstraint> = []

        mutating func start(_ c: BeaconConstraint) {
            guard members.insert(c).inserted else { return }
            constraints.append(c)
        }

        mutating func stop(_ c: BeaconConstraint) {
            guard members.remove(c) != nil else { return }
            constraints.removeAll { $0 == c }
        }
    }
}
