/// docs/rules.md §8: a fix offered to standard updates, `requestLocation` and
/// named managers, and what `LocationManager` decides done (delivered, held,
/// queued, reduced).
extension Simulator {
    /// A fix: standard updates and `requestLocation`, significant changes,
    /// crossings derived from it.
    mutating func fixArrived(_ fix: Fix) {
        let location = fix.location
        if fixes.outage != nil, !outageEnds(at: location) { return }
        fixes.last = location
        var deliveredNow = false
        var heard = false
        if readingManager({ $0.standard != .off }) {
            heard = true
            deliveredNow = offerToStandardUpdates(location)
        }
        if several {
            heard = heard || anyManager { $0.standard != .off }
            deliveredNow = offerToNamedManagers(location) || deliveredNow
        }
        if modern.liveUpdates.wantsFixes {
            heard = true
            offerToLiveUpdates(location)
        }
        if significantChanges {
            heard = true
            significantChangeCheck(location, alreadyDelivered: deliveredNow)
        }
        if parameters.deriveCrossings {
            heard =
                heard || monitoring.regions.count > 0 || monitoring.notifications.count > 0 || !modern.monitors.isEmpty
            deriveCrossings(from: location)
        }
        if !heard { unheardFixes &+= 1 }
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
        let accuracy = self.accuracy
        let reduces = readingManager { $0.reduces(accuracy) }
        let tooSoon = reduces && fixes.reducedTooSoon(at: now, interval: parameters.reducedInterval)
        let p = header.parameters
        let fixParameters = FixParameters(
            pauseAfter: p.pauseAfter, pauseDistance: p.pauseDistance, suspendedQueueLimit: p.suspendedQueueLimit)
        let now = self.now
        let actions = changingManager { $0.offer(location, at: now, decision, reducedTooSoon: tooSoon, fixParameters) }
        apply(actions, reduces: reduces)
        if !world.deferrals.isEmpty { deferralSaw(location) }
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
        if let time = actions.armPauseAt { schedule(.autoPause(manager: readingManager(\.name)), at: time) }
        if actions.cancelsRequestTimeout { timers.cancel(readingManager(\.requestTimeout)) }
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
            if !world.deferrals.isEmpty, deferIfInBackground(shown, sensed: location) { return }
            if header.delegate.contains(.didUpdateLocations), keepDirect(DirectFix(location: shown, time: now)) {
                return
            }
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
        for index in managerIndices.dropFirst() where world.named[index - 1].standard != .off {
            delivered = serving(index) { $0.offerToStandardUpdates(location) } || delivered
        }
        return delivered
    }

    /// The updates queued while the app was suspended, manager by manager,
    /// in one `didUpdateLocations` call each, oldest first with their own
    /// times; those it may no longer receive are dropped (docs/rules.md §8,
    /// "Several locations in one call").
    mutating func deliverQueuedUpdates() {
        guard several else { return deliverQueuedUpdatesOfManager() }
        forEachManager { $0.deliverQueuedUpdatesOfManager() }
    }

    private mutating func deliverQueuedUpdatesOfManager() {
        let queue = manager.takeSuspendedQueue()
        guard !queue.isEmpty else { return }
        var batch: [TimedLocation] = []
        var fixes: [Location] = []
        for q in queue where standardUpdatesMayDeliver(q.location) {
            guard let shown = reducedIfNeeded(q.location) else {
                emit(.drop(.fix(q.location), .reducedInterval))
                continue
            }
            batch.append(TimedLocation(location: shown, time: q.time))
            fixes.append(q.location)
        }
        deliverLocations(batch, from: fixes)
    }

    /// One `didUpdateLocations` call with `batch` (reduced where the
    /// accuracy asks), whose fixes as sensed are `fixes`; a delegate without
    /// the method drops each fix `notImplemented`.
    mutating func deliverLocations(_ batch: [TimedLocation], from fixes: [Location]) {
        switch batch.count {
        case 0: return
        case 1: emitCallback(locationCallback(batch[0].location, fixedAt: batch[0].time), as: .fix(fixes[0]))
        default:
            guard header.delegate.contains(.didUpdateLocations) else {
                for fix in fixes { emit(.drop(.fix(fix), .notImplemented)) }
                return
            }
            emit(.delegate(Callback(.didUpdateLocationBatch(batch))))
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
        time == now
            ? .didUpdateLocations(location) : .didUpdateEarlierLocation(location, fixedAt: Instant(sinceStart: time))
    }

    /// Under reduced accuracy (or `desiredAccuracy reduced`) a location is
    /// snapped to the grid and arrives at most once per `reducedInterval`;
    /// `nil` when it comes too soon (docs/rules.md §10).
    mutating func reducedIfNeeded(_ location: Location) -> Location? {
        let accuracy = self.accuracy
        guard readingManager({ $0.reduces(accuracy) }) else { return location }
        if fixes.reducedTooSoon(at: now, interval: parameters.reducedInterval) { return nil }
        fixes.lastReducedDelivery = now
        return reducedLocation(location)
    }

    /// A location as reduced accuracy reports it: the centre of its
    /// `reducedGrid` cell, with that cell size as its accuracy (docs/rules.md §10).
    func reducedLocation(_ location: Location) -> Location {
        Location(Geo.snap(location.coordinate, grid: parameters.reducedGrid), accuracy: parameters.reducedGrid)
    }
}
