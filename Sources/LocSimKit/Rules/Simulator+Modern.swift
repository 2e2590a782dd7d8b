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

    /// The inputs of the modern delivery rule, read from the simulator.
    var modernSituation: ModernSituation {
        let authorized = authorization.level != .none
        return ModernSituation(
            diagnostics: rules.atLeast(18), level: authorization.level,
            servicesOff: authorization.locationServicesOff, restricted: authorization.restricted,
            denied: authorization.grant == .denied, requestInProgress: prompt != nil, inUse: inUse, app: app,
            sessionRequired: requiresExplicitSession && !modern.services.meetRequirement(authorized: authorized),
            alwaysSessionHeld: modern.services.holdsAlways,
            reducedAccuracy: authorization.accuracy(on: rules) == .reduced)
    }

    mutating func modernCall(_ call: ModernCall, _ s: TimedStatement) throws(ScenarioError) {
        if let problem = ModernAvailability.problem(call, on: rules) {
            throw error(problem, s, atArgument: true)
        }
        guard app.isRunning else {
            throw error("app \(call.name): the app is \(app) and runs no code", s, atArgument: true)
        }
        switch call {
        case .liveUpdatesStart(let configuration):
            modern.liveUpdates.start(configuration)
            promptForImplicitSession()
            let queued = modern.queued
            modern.queued = []
            for location in queued { deliverLiveUpdate(location) }
        case .liveUpdatesStop:
            modern.liveUpdates.stop()
        case .backgroundActivitySessionBegin:
            let rejoining = modern.relaunchRun && modern.activity.heldAtTermination
            modern.activity.begin(inUse: inUse, rejoining: rejoining)
            promptForImplicitSession()
            updateInUse(beginning: .backgroundSession)
            updateIndicator()
        case .backgroundActivitySessionEnd:
            modern.activity.end()
            updateIndicator()
            updateInUse(ending: .sessionEnded)
            suspendIfIdle()
        case .serviceSessionBegin(let name, let requirement, let key):
            modern.services.begin(name, requirement, purposeKey: key, inUse: inUse)
            if inUse { promptForSession(requirement) }
        case .serviceSessionEnd(let name):
            guard modern.services.end(name) else {
                throw error("unknown service session '\(name)'; begin it first with 'app serviceSession begin \(name) …'", s, atArgument: true)
            }
        case .monitorOpen, .monitorClose, .monitorAdd, .monitorRemove:
            throw error("app \(call.name): CLMonitor is parsed but not simulated yet (docs/modern.md)", s, atArgument: true)
        }
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

    /// A fix for the live-updates stream: queued for an app that must
    /// restart the iteration, or decided and yielded.
    mutating func offerToLiveUpdates(_ location: Location) {
        guard modern.liveUpdates.running else {
            queueForRestart(location)
            return
        }
        deliverLiveUpdate(location)
    }

    /// Live updates were running, with background delivery, when the app
    /// stopped: the next fix relaunches it (unless force-quit on iOS 26, as
    /// for monitoring) and waits for `liveUpdates start`.
    mutating func queueForRestart(_ location: Location) {
        if app == .notRunning {
            guard authorization.level != .none else {
                emit(.drop(.liveUpdate(location), .notAuthorized))
                return
            }
            if let reason = ensureRunning(for: .location) {
                emit(.drop(.liveUpdate(location), reason))
                return
            }
            modern.relaunchForUpdates = false
        }
        modern.queued.append(location)
    }

    /// The delivery rule, then stationary detection, then the element.
    mutating func deliverLiveUpdate(_ location: Location) {
        let outcome = modern.liveUpdates.observe(
            location, at: now, radius: parameters.stationaryRadius, delay: parameters.stationaryDelay)
        switch modernSituation.decision {
        case .withhold(let reason, let flags):
            // iOS 18 yields an element without a location that says why;
            // locsim yields it when the reasons change, not for every fix.
            if app.isRunning, !flags.isEmpty, flags != modern.liveUpdates.lastProblems {
                modern.liveUpdates.lastProblems = flags
                emit(.update(.liveUpdate(nil, flags)))
            }
            emit(.drop(.liveUpdate(location), reason))
        case .deliver(let accuracyLimited):
            guard case .yield(let stationary) = outcome else {
                emit(.drop(.liveUpdate(location), .stationary))
                return
            }
            guard let shown = reducedIfNeeded(location) else {
                emit(.drop(.liveUpdate(location), .reducedAccuracy))
                return
            }
            var flags: DiagnosticFlags = []
            if stationary { flags.insert(.stationary) }
            if accuracyLimited { flags.insert(.accuracyLimited) }
            modern.liveUpdates.lastProblems = []
            emit(.update(.liveUpdate(shown, flags)))
        }
    }

    /// iOS 18: the diagnostics streams yield when what they report changes,
    /// to a running app (a suspended one reads the latest when it runs again).
    mutating func refreshModernDiagnostics() {
        guard rules.atLeast(18), app.isRunning else { return }
        let situation = modernSituation
        let alwaysDenied =
            authorization.grant == .whenInUse && !authorization.provisional && alwaysRequestUsed && prompt == nil
        let fullAccuracyDenied = situation.reducedAccuracy
        for i in modern.services.sessions.indices {
            let session = modern.services.sessions[i]
            let flags = ServiceSessions.diagnostics(
                of: session, in: situation, alwaysDenied: alwaysDenied, fullAccuracyDenied: fullAccuracyDenied)
            guard flags != session.lastFlags else { continue }
            modern.services.sessions[i].lastFlags = flags
            emit(.update(.serviceSession(name: session.name, flags)))
        }
        if modern.activity.state != .none {
            var flags = situation.authorizationFlags
            if modern.activity.state == .pending { flags.insert(.insufficientlyInUse) }
            if flags != modern.activity.lastFlags {
                modern.activity.lastFlags = flags
                emit(.update(.backgroundActivitySession(flags)))
            }
        }
        if modern.liveUpdates.running, case .withhold(_, let flags) = situation.decision, !flags.isEmpty,
            flags != modern.liveUpdates.lastProblems
        {
            modern.liveUpdates.lastProblems = flags
            emit(.update(.liveUpdate(nil, flags)))
        }
    }

    /// Back in the foreground: pending sessions take effect, and sessions
    /// re-ask "after temporary authorization lapses due to time your app
    /// spends in the background".
    mutating func modernForeground() {
        modern.activity.foreground()
        modern.services.foreground()
        updateIndicator()
        if let requirement = modern.services.strongestRequirement { promptForSession(requirement) }
    }

    /// The process ends: every object goes with it. Live updates that were
    /// delivered in the background relaunch the app for the next fix.
    mutating func modernTerminated() {
        let background = modern.activity.keepsInUse || authorization.level == .always
        modern.relaunchForUpdates = modern.liveUpdates.running && background
        modern.liveUpdates.stop()
        modern.activity.terminated()
        modern.services = ServiceSessions()
        modern.queued = []
        modern.relaunchRun = false
    }
}
