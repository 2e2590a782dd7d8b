/// The iOS 17+ Swift-concurrency APIs (docs/modern.md): `liveUpdates`,
/// `CLBackgroundActivitySession`, `CLServiceSession`. The state machines
/// live in Rules/Modern/; this file connects them to the app's lifecycle,
/// authorization and the log.
extension Simulator {
    static let requireExplicitSessionKey = "NSLocationRequireExplicitServiceSession"

    /// iOS 18+: the app opted out of implicit service sessions.
    var requiresExplicitSession: Bool {
        rules.atLeast(18) && header.flag(Self.requireExplicitSessionKey)
    }

    /// What the service sessions do for the streams (`Delivery.Sessions`).
    var sessionsForDelivery: Delivery.Sessions {
        guard rules.atLeast(18) else { return .unsupported }
        return modern.services.delivery(
            explicitRequired: requiresExplicitSession, authorized: authorization.level != .none)
    }

    /// The iOS 18 diagnostic flags that depend on authorization alone, whatever the stream.
    var authorizationDiagnostics: DiagnosticFlags {
        var flags: DiagnosticFlags = []
        // Location Services off denies every app: both properties (WWDC24
        // 10212: the general one is all an app that only wants to know it is denied checks).
        if authorization.locationServicesOff { flags.formUnion([.authorizationDenied, .authorizationDeniedGlobally]) }
        if authorization.restricted { flags.insert(.authorizationRestricted) }
        if authorization.grant == .denied { flags.insert(.authorizationDenied) }
        if prompt != nil { flags.insert(.authorizationRequestInProgress) }
        if sessionsForDelivery == .required { flags.insert(.serviceSessionRequired) }
        return flags
    }

    /// The flags an element withheld for `reason` carries (none before iOS 18).
    func withheldDiagnostics(_ reason: DropReason) -> DiagnosticFlags {
        guard rules.atLeast(18) else { return [] }
        var flags = authorizationDiagnostics
        if reason == .notInUse { flags.insert(.insufficientlyInUse) }
        return flags
    }

    mutating func modernCall(_ call: ModernCall, _ s: TimedStatement) throws(ScenarioError) {
        try checkCall(call.name, unavailable: ModernAvailability.problem(call, on: rules), s)
        switch call {
        case .liveUpdatesStart(let configuration):
            startLiveUpdates(configuration)
        case .liveUpdatesStop:
            if let stream = modern.liveUpdates.stream {
                emit(.session(.end(.liveUpdates(stream.configuration), .stopped)))
            }
            for fix in modern.liveUpdates.stop() { emit(.drop(.liveUpdate(fix.location), .stopped)) }
        case .backgroundActivitySessionBegin:
            if let standing = modern.activity.begin(foreground: app == .foreground) {
                emit(.session(.begin(.backgroundActivitySession, standing)))
            }
            promptForImplicitSession()
        case .backgroundActivitySessionEnd:
            endActivitySession(.invalidated)
        case .backgroundActivitySessionRelease:
            // Letting the object be destroyed ends the session as invalidate() does (M20).
            endActivitySession(.released)
        case .serviceSessionBegin(let name, let requirement, let key):
            let (replaced, standing) = modern.services.begin(
                name, requirement, purposeKey: key, foreground: app == .foreground)
            if let replaced { emit(.session(.end(.serviceSession(name: name, replaced.requirement), .replaced))) }
            emit(.session(.begin(.serviceSession(name: name, requirement), standing)))
            if app == .foreground {
                promptForSession(requirement)
                promptForSessionFullAccuracy()
            }
        case .serviceSessionEnd(let name), .serviceSessionRelease(let name):
            guard let ended = modern.services.end(name) else {
                throw error(
                    "unknown service session '\(name)'; begin it first with 'app serviceSession begin \(name) …'", s,
                    atArgument: true)
            }
            let reason: SessionEndReason = call == .serviceSessionEnd(name: name) ? .invalidated : .released
            emit(.session(.end(.serviceSession(name: name, ended.requirement), reason)))
        case .monitorOpen, .monitorClose, .monitorAdd, .monitorRemove:
            try monitorCall(call, s)
        }
    }

    /// `for try await update in CLLocationUpdate.liveUpdates(configuration)`.
    /// The iteration yields at once when started in the foreground, when it
    /// resumes the stream of a relaunched app (M10), or when something
    /// outstanding lets the app use location in the background (an
    /// activity session, Always); otherwise it waits for the foreground (M6:
    /// "Starting liveUpdates from background with WhenInUse permission" gives
    /// `insufficientlyInUse`). Fixes queued for the restart come first, with their own time.
    mutating func startLiveUpdates(_ configuration: LiveConfiguration) {
        if let old = modern.liveUpdates.stream {
            emit(.session(.end(.liveUpdates(old.configuration), .replaced)))
        }
        let effective =
            app == .foreground || modern.liveUpdates.resumesAfterRelaunch || modern.activity.keepsInUse
            || authorization.level == .always
        let standing: SessionStanding = effective ? .effective : .waiting
        let queued = modern.liveUpdates.start(configuration, standing: standing)
        emit(.session(.begin(.liveUpdates(configuration), standing)))
        promptForImplicitSession()
        for fix in queued { deliverLiveUpdate(fix.location, fixedAt: fix.time) }
    }

    /// `invalidate()` (or the app releasing the object): the in-use it gave ends.
    mutating func endActivitySession(_ reason: SessionEndReason) {
        guard modern.activity.end() else { return }
        emit(.session(.end(.backgroundActivitySession, reason)))
        suspendAfterCallsIfOverdue()
    }

    /// iOS 18: "Core Location sets When in Use authorization implicitly when
    /// you process events from CLMonitor, CLLocationUpdate, or use a
    /// CLBackgroundActivitySession", unless the app sets
    /// NSLocationRequireExplicitServiceSession. The prompt shows from the foreground only.
    mutating func promptForImplicitSession() {
        guard rules.atLeast(18), !requiresExplicitSession, app == .foreground,
            authorization.grant == .notDetermined, prompt == nil, stateAllowsPrompt
        else { return }
        requestWhenInUse()
    }

    /// A session's goal "causes Location Services to request a person's
    /// permission … when possible — for example, when your app is in the foreground".
    mutating func promptForSession(_ requirement: ServiceRequirement) {
        guard app == .foreground, prompt == nil, stateAllowsPrompt else { return }
        switch requirement {
        case .none: return
        case .whenInUse: if authorization.grant == .notDetermined { requestWhenInUse() }
        case .always: requestAlways()
        }
    }

    /// A fix for the live-updates stream: decided and yielded, or held for
    /// an app that must restart the iteration.
    mutating func offerToLiveUpdates(_ location: Location) {
        if modern.liveUpdates.isRunning {
            deliverLiveUpdate(location, fixedAt: now)
        } else {
            queueForRestart(location)
        }
    }

    /// Live updates were running, with background delivery, when the app
    /// stopped: the next fix relaunches it (unless force-quit on iOS 26, as
    /// for monitoring) and each fix is held, with a record, until the app
    /// iterates `liveUpdates` again (issue 21: no silent gaps).
    mutating func queueForRestart(_ location: Location) {
        if app == .notRunning {
            switch decide(.liveUpdates(sessionsForDelivery)) {
            case .relaunchThenDeliver:
                relaunch(for: .location)
            case .drop(let reason):
                emit(.drop(.liveUpdate(location), reason))
                return
            case .deliver, .extendRunThenDeliver, .wakeThenDeliver, .hold, .queueUntilRunning:
                preconditionFailure("a stream's fix for a terminated app is relaunched or dropped")
            }
        }
        modern.liveUpdates.queue(location, at: now)
        emit(.hold(.liveUpdate(location), .notRestarted))
    }

    /// The delivery rule for the running stream: the table, then a waiting
    /// iteration (started out of the foreground, M6) yields nothing.
    func liveUpdatesDecision() -> Delivery {
        let decision = decide(.liveUpdates(sessionsForDelivery))
        guard modern.liveUpdates.stream?.standing == .waiting else { return decision }
        switch decision {
        case .deliver, .extendRunThenDeliver: return .drop(.notInUse)
        case .wakeThenDeliver: return .drop(.suspended)
        case .relaunchThenDeliver, .hold, .queueUntilRunning, .drop: return decision
        }
    }

    /// The delivery rule, then stationary detection, then the element; a
    /// fix older than now (queued for a restart) shows its own time.
    mutating func deliverLiveUpdate(_ location: Location, fixedAt time: Millis) {
        let decision = liveUpdatesDecision()
        let outcome = modern.liveUpdates.observe(
            location, at: time, radius: parameters.stationaryRadius, delay: parameters.stationaryDelay)
        if case .wakeThenDeliver = decision, case .yield = outcome {
            // "CLLocationUpdate … will unsuspend the app" (WWDC23 10180, M1);
            // a paused stream yields nothing, so it wakes nothing (M2).
            wake(for: .location)
        }
        switch decision {
        case .drop(let reason):
            // iOS 18 yields an element without a location that says why;
            // locsim yields it when the reasons change, not for every fix.
            let flags = withheldDiagnostics(reason)
            if app.isRunning, !flags.isEmpty, flags != modern.liveUpdates.lastProblems {
                modern.liveUpdates.lastProblems = flags
                emit(.update(.liveUpdate(nil, flags)))
            }
            emit(.drop(.liveUpdate(location), reason))
        case .deliver, .wakeThenDeliver:
            guard case .yield(let stationary) = outcome else {
                emit(.drop(.liveUpdate(location), .stationary))
                return
            }
            guard let shown = reducedIfNeeded(location) else {
                emit(.drop(.liveUpdate(location), .reducedInterval))
                return
            }
            var flags: DiagnosticFlags = []
            if stationary { flags.insert(.stationary) }
            if rules.atLeast(18) && accuracy == .reducedAccuracy { flags.insert(.accuracyLimited) }
            modern.liveUpdates.lastProblems = []
            if time != now {
                emit(.update(.earlierLiveUpdate(shown, flags, fixedAt: Instant(sinceStart: time))))
            } else if !keepDirect(DirectFix(location: shown, time: now, liveUpdateFlags: flags)) {
                emit(.update(.liveUpdate(shown, flags)))
            }
            if stationary { suspendWhileStationary() }
        case .extendRunThenDeliver, .relaunchThenDeliver, .hold, .queueUntilRunning:
            preconditionFailure("a running stream's element is delivered, or wakes the app, or is dropped")
        }
    }

    /// M2: updates pause while the device is stationary, and an app that
    /// only its activity session keeps running in the background is
    /// suspended until they resume — the next fix beyond `stationaryRadius`
    /// unsuspends it (`app wake reason=location`, M1). The session stays, and
    /// with it in use and the indicator: only the process stops running.
    mutating func suspendWhileStationary() {
        guard rules.suspends, case .background = lifecycle, modern.activity.keepsInUse else { return }
        lifecycle = .suspended(graceUntil: nil)
        emit(.app(.suspend))
        modernSuspended()
        significantChangeNotRestarted()
    }

    /// iOS 18: the diagnostics streams yield when what they report changes,
    /// to a running app (a suspended one reads the latest when it runs again).
    mutating func refreshModernDiagnostics() {
        guard rules.atLeast(18), app.isRunning else { return }
        let authorizationFlags = authorizationDiagnostics
        let alwaysDenied =
            authorization.grant == .whenInUse && !authorization.provisional && upgrade.request == .used && prompt == nil
        let context = ServiceSessions.DiagnosticContext(
            authorizationFlags: authorizationFlags, level: authorization.level, inUse: inUse,
            alwaysDenied: alwaysDenied, fullAccuracyDenied: accuracy == .reducedAccuracy)
        for session in modern.services.refreshDiagnostics(context) {
            emit(.update(.serviceSession(name: session.name, session.lastFlags ?? [])))
        }
        if modern.activity.exists {
            var flags = authorizationFlags
            if modern.activity.state == .pending || (modern.activity.lacksBackgroundMode && app != .foreground) {
                flags.insert(.insufficientlyInUse)
            }
            if flags != modern.activity.lastFlags {
                modern.activity.lastFlags = flags
                emit(.update(.backgroundActivitySession(flags)))
            }
        }
        if modern.liveUpdates.isRunning {
            let flags = liveUpdatesProblems()
            if !flags.isEmpty, flags != modern.liveUpdates.lastProblems {
                modern.liveUpdates.lastProblems = flags
                emit(.update(.liveUpdate(nil, flags)))
            }
        }
    }

    /// Why the running stream yields no location now: the reasons it is
    /// withheld, or — when it would yield one — `locationUnavailable` during
    /// a `nofix` outage (docs/rules.md §8, "No fix"). Empty when it yields.
    func liveUpdatesProblems() -> DiagnosticFlags {
        switch liveUpdatesDecision() {
        case .drop(let reason): return withheldDiagnostics(reason)
        case .deliver, .extendRunThenDeliver:
            return locationUnavailable ? .locationUnavailable : []
        case .wakeThenDeliver, .relaunchThenDeliver, .hold, .queueUntilRunning: return []
        }
    }

    /// Back in the foreground: pending sessions take effect, and sessions
    /// re-ask "after temporary authorization lapses due to time your app
    /// spends in the background".
    mutating func modernForeground() {
        if modern.activity.foreground() { emit(.session(.effective(.backgroundActivitySession))) }
        for session in modern.services.foreground() {
            emit(.session(.effective(.serviceSession(name: session.name, session.requirement))))
        }
        if modern.liveUpdates.foreground(), let stream = modern.liveUpdates.stream {
            emit(.session(.effective(.liveUpdates(stream.configuration))))
        }
        if let requirement = modern.services.strongestRequirement { promptForSession(requirement) }
        promptForSessionFullAccuracy()
    }

    /// M18: an effective session with a `fullAccuracyPurposeKey` shows the
    /// temporary full-accuracy prompt "when possible" — authorized with
    /// Precise Location off, in the foreground, no other prompt on screen —
    /// as `requestTemporaryFullAccuracyAuthorization(withPurposeKey:)` would.
    /// Once per session; a key without a purpose string shows nothing.
    mutating func promptForSessionFullAccuracy() {
        guard app == .foreground, prompt == nil, accuracy == .reducedAccuracy else { return }
        guard authorization.level != .none,
            let (name, key) = modern.services.fullAccuracyCandidate(where: { hasTemporaryUsageDescription($0) })
        else { return }
        _ = showTemporaryFullAccuracyPrompt(key, origin: .serviceSessionFullAccuracy)
        modern.services.fullAccuracyShown(name)
    }

    /// The process ends: every object goes with it. Live updates that were
    /// delivered in the background relaunch the app for the next fix.
    mutating func modernTerminated() {
        let background = modern.activity.keepsInUse || authorization.level == .always
        if let stream = modern.liveUpdates.stream {
            emit(.session(.end(.liveUpdates(stream.configuration), .terminated)))
        }
        for fix in modern.liveUpdates.terminated(backgroundDelivery: background) {
            emit(.drop(.liveUpdate(fix.location), .notRunning))
        }
        if modern.activity.terminated() { emit(.session(.end(.backgroundActivitySession, .terminated))) }
        for session in modern.services.terminated() {
            emit(.session(.end(.serviceSession(name: session.name, session.requirement), .terminated)))
        }
        modern.monitors.terminated()
    }

    /// The system launches the app in the background: sessions held before may be rejoined.
    mutating func modernRelaunched() {
        modern.activity.relaunched()
        modern.services.relaunched()
    }

    /// Suspended: a relaunch's run is over. Nothing is rejoined after it, and
    /// a relaunched app that did not iterate `liveUpdates` again is
    /// "considered no longer wanting to continue location updates" (M10).
    mutating func modernSuspended() {
        modern.activity.suspended()
        modern.services.runEnded()
        for fix in modern.liveUpdates.abandoned() { emit(.drop(.liveUpdate(fix.location), .notRestarted)) }
    }
}
