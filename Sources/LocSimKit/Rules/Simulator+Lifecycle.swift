/// RULES §2: launch, foreground, background, suspension, termination, wake.
extension Simulator {
    mutating func launch(_ s: TimedStatement) throws(ScenarioError) {
        guard app == .notRunning else {
            throw error("launch: the app is already running (\(app)); use 'foreground' to bring it back", s)
        }
        launchIntoForeground()
    }

    mutating func foreground(_ s: TimedStatement) throws(ScenarioError) {
        switch app {
        case .notRunning:
            launchIntoForeground()
        case .foreground:
            throw error("foreground: the app is already in the foreground", s)
        case .background, .suspended:
            bringToForeground()
        }
    }

    mutating func launchIntoForeground() {
        app = .foreground
        forceQuit = false
        emit(.app(.launchForeground))
        updateInUse(beginning: .foreground)
        createManager()
    }

    mutating func bringToForeground() {
        app = .foreground
        emit(.app(.foreground))
        cancelGrace()
        suspendGeneration += 1
        // The session is a background notion: in the foreground the app is in
        // use anyway, and the indicator is off (RULES §3).
        session = false
        updateIndicator()
        updateInUse(beginning: .foreground)
        deliverOwedCallbacks()
        modernForeground()
    }

    mutating func background(_ s: TimedStatement) throws(ScenarioError) {
        guard app == .foreground else {
            throw error("background: the app is not in the foreground (it is \(app))", s)
        }
        app = .background
        emit(.app(.background))
        dismissInAppPrompt()
        guard rules.suspends else { return }
        updateIndicator()
        beginSessionIfEligible()
        if !session {
            graceGeneration += 1
            graceUntil = now + parameters.grace
            schedule(.graceExpired(generation: graceGeneration), at: now + parameters.grace)
        }
        runDeadline = now + parameters.suspendAfter
        suspendGeneration += 1
        schedule(.suspend(generation: suspendGeneration), at: runDeadline)
    }

    mutating func terminate(by reason: TerminateReason, _ s: TimedStatement) throws(ScenarioError) {
        switch (app, reason) {
        case (.notRunning, _):
            throw error("\(reason == .user ? "terminate" : "system terminate"): the app is not running", s)
        case (.foreground, .system):
            throw error("system terminate: the app is in the foreground; the system only ends apps in the background", s)
        case (.foreground, .user), (.foreground, .crash), (.background, _), (.suspended, _):
            end(reason)
        }
    }

    /// The app stops running: standard updates and ranging stop; monitoring persists (F§6–F§9).
    mutating func end(_ reason: TerminateReason) {
        app = .notRunning
        emit(.app(.terminate(reason)))
        // As for `background`: the app record first, then what it dismisses
        // (a dead app gets no completion).
        dismissInAppPrompt()
        forceQuit = reason == .user
        cancelGrace()
        suspendGeneration += 1
        session = false
        modernTerminated()
        manager = ManagerSettings()
        requestGeneration += 1
        updateIndicator()
        updateInUse(ending: .terminated)
        owesAuthorizationCallback = false
    }

    /// A new `CLLocationManager`: fresh properties, then the initial
    /// authorization callback (RULES §0, §9).
    mutating func createManager() {
        manager = ManagerSettings()
        owesAuthorizationCallback = false
        reportAuthorization(initial: true)
    }

    /// Leaving the foreground (or the app ending) dismisses an in-app prompt
    /// unanswered; the request may be made again (RULES §4, choice). A
    /// temporary full-accuracy request still completes, with no error, as
    /// its prompt was shown (F§11).
    mutating func dismissInAppPrompt() {
        guard let p = prompt, p.isInApp else { return }
        prompt = nil
        emit(.prompt(.dismiss))
        switch p.origin {
        case .alwaysRequest, .upgradeRequest:
            alwaysRequestUsed = false
        case .temporaryFullAccuracy:
            temporaryAccuracyPending = false
            if app.isRunning { emit(.completion(method: "requestTemporaryFullAccuracyAuthorization", error: nil)) }
        case .whenInUseRequest, .firstUse, .provisionalUpgrade:
            break
        }
    }

    /// Suspends a background app whose run time is over, unless a session
    /// keeps it running. macOS apps are never suspended (RULES §1).
    mutating func suspendIfIdle() {
        guard rules.suspends, app == .background, !session, !modern.activity.keepsInUse, now >= runDeadline
        else { return }
        app = .suspended
        modern.relaunchRun = false
        emit(.app(.suspend))
    }

    /// Makes sure the app runs to receive an event of a service that may wake
    /// or relaunch it (Always, RULES §2). Returns the reason it cannot.
    mutating func ensureRunning(for reason: WakeReason) -> DropReason? {
        switch app {
        case .foreground:
            return nil
        case .background:
            extendRun()
            return nil
        case .suspended:
            app = .background
            emit(.app(.wake(reason)))
            extendRun()
            deliverOwedCallbacks()
            return nil
        case .notRunning:
            if rules.isWatch { return .notRunning }
            if forceQuit && !relaunchesAfterForceQuit { return .forceQuit }
            app = .background
            modern.relaunchRun = true
            emit(.app(.launchBackground(reason)))
            runDeadline = now
            extendRun()
            createManager()
            return nil
        }
    }

    /// F§6: relaunch after a force-quit, by version unless the scenario sets it.
    var relaunchesAfterForceQuit: Bool {
        parameters.relaunchAfterForceQuit ?? !rules.atLeast(26)
    }

    /// A woken app runs for `wakeWindow` more.
    mutating func extendRun() {
        let end = now + parameters.wakeWindow
        if end > runDeadline { runDeadline = end }
        suspendGeneration += 1
        schedule(.suspend(generation: suspendGeneration), at: runDeadline)
    }

    mutating func cancelGrace() {
        graceUntil = nil
        graceGeneration += 1
    }
}

extension AppState: CustomStringConvertible {
    public var description: String {
        switch self {
        case .notRunning: return "not running"
        case .foreground: return "in the foreground"
        case .background: return "in the background"
        case .suspended: return "suspended"
        }
    }
}
