/// docs/rules.md §2: launch, foreground, background, suspension, termination, wake.
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
        // Opening the app needs the device unlocked (docs/rules.md §2, "Reboot").
        device.rebootedAt = nil
        lifecycle = .foreground
        emit(.app(.launchForeground))
        settle()
        createManager()
    }

    /// Back to the foreground: the grace and the session are background
    /// notions, and the indicator is off (docs/rules.md §3).
    mutating func bringToForeground() {
        lifecycle = .foreground
        emit(.app(.foreground))
        settle()
        deliverOwedCallbacks()
        deliverQueuedUpdates()
        if !world.deferrals.isEmpty { deliverDeferredInForeground() }
        modernForeground()
    }

    mutating func background(_ s: TimedStatement) throws(ScenarioError) {
        guard app == .foreground else {
            throw error("background: the app is not in the foreground (it is \(app))", s)
        }
        let deadline = now + parameters.suspendAfter
        let grace = now + parameters.grace
        // In the grace period unless a session begins (`settle()`), which
        // replaces it; macOS apps have neither.
        lifecycle = .background(
            .init(deadline: deadline, inUse: rules.suspends ? .grace(until: grace) : .no, since: now))
        emit(.app(.background))
        dismissInAppPrompt()
        guard rules.suspends else { return }
        beginSessionIfEligible(leavingForeground: true)
        settle()
        if !session { schedule(.graceExpired, at: grace) }
        schedule(.suspend, at: deadline)
    }

    mutating func terminate(by reason: TerminateReason, _ s: TimedStatement) throws(ScenarioError) {
        switch (app, reason) {
        case (.notRunning, _):
            throw error("\(reason == .user ? "terminate" : "system terminate"): the app is not running", s)
        case (.foreground, .system):
            throw error(
                "system terminate: the app is in the foreground; the system only ends apps in the background", s)
        case (.foreground, .user), (.foreground, .crash), (.foreground, .reboot), (.background, _), (.suspended, _):
            end(reason)
        }
    }

    /// The app stops running: standard updates and ranging stop; monitoring persists (Apple, startMonitoringSignificantLocationChanges–Apple, allowsBackgroundLocationUpdates).
    mutating func end(_ reason: TerminateReason) {
        lifecycle = .notRunning(endedBy: reason)
        emit(.app(.terminate(reason)))
        // As for `background`: the app record first, then what it dismisses
        // (a dead app gets no completion).
        dismissInAppPrompt()
        modernTerminated()
        significantChangesOutliveProcess()
        endManagers()
    }

    /// A new `CLLocationManager`: fresh properties, then the initial
    /// authorization callback (docs/rules.md §0, §9).
    mutating func createManager() {
        manager = LocationManager()
        reportAuthorization(initial: true)
    }

    /// Leaving the foreground (or the app ending) dismisses an in-app prompt
    /// unanswered; the request may be made again (docs/rules.md §4, choice), except
    /// `requestAlwaysAuthorization`'s upgrade prompt, which appears once:
    /// "After your app calls this method, further calls have no effect"
    /// (Apple, requestAlwaysAuthorization()). A temporary full-accuracy
    /// request completes declined: the user did not grant it (CLError.promptDeclined).
    mutating func dismissInAppPrompt() {
        guard let p = prompt, p.isInApp else { return }
        prompt = nil
        emit(.prompt(.dismiss))
        switch p.origin {
        case .alwaysRequest:
            upgrade.request = .available
        case .temporaryFullAccuracy:
            if app.isRunning { completeTemporaryFullAccuracy(granted: false) }
        case .whenInUseRequest, .firstUse, .upgradeRequest, .provisionalUpgrade, .serviceSessionFullAccuracy:
            break
        }
    }

    /// Suspends a background app whose run time is over, unless a session
    /// (or a CLBackgroundActivitySession) keeps it running: at its suspend
    /// timer, or once the calls of the instant a session ended in have run
    /// (`suspendAfterCallsIfOverdue`). macOS apps are never suspended (docs/rules.md §1).
    mutating func suspendIfIdle() {
        guard rules.suspends, case .background(let b) = lifecycle, b.inUse != .session, now >= b.deadline,
            !modern.activity.keepsInUse, !complicationOnFace
        else { return }
        lifecycle = .suspended(graceUntil: lifecycle.graceUntil)
        emit(.app(.suspend))
        modernSuspended()
        significantChangeNotRestarted()
    }

    /// Wakes or relaunches the app for an event of `reason` (§2); either way
    /// it then runs for `wakeWindow`.
    mutating func wake(for reason: WakeReason) {
        lifecycle = .background(.init(deadline: now, inUse: .suspendedGrace(lifecycle.graceUntil), since: now))
        emit(.app(.wake(reason)))
        extendRun()
        deliverOwedCallbacks()
        deliverQueuedUpdates()
    }

    mutating func relaunch(for reason: WakeReason) {
        lifecycle = .background(.init(deadline: now, inUse: .no, since: now))
        modernRelaunched()
        emit(.app(.launchBackground(reason)))
        extendRun()
        createManager()
    }

    /// A running background app runs for `wakeWindow` more.
    mutating func extendRun() {
        guard case .background(var b) = lifecycle else { return }
        let end = now + parameters.wakeWindow
        if end > b.deadline { b.deadline = end }
        lifecycle = .background(b)
        schedule(.suspend, at: b.deadline)
    }
}

extension Lifecycle.BackgroundInUse {
    /// A woken app keeps the grace it had when it was suspended.
    static func suspendedGrace(_ until: Millis?) -> Self {
        until.map { .grace(until: $0) } ?? .no
    }
}

extension Lifecycle {
    /// The app as §8's table sees it; `relaunchAfterForceQuit` is the
    /// scenario's parameter, if set.
    @inline(__always)
    func deliveryApp(on rules: RulesVersion, relaunchAfterForceQuit: Bool?) -> Delivery.App {
        switch self {
        case .foreground: return .foreground
        case .background: return .background
        case .suspended: return .suspended
        case .notRunning(let endedBy):
            if rules.isWatch { return .notLaunchable }
            if endedBy == .user && !(relaunchAfterForceQuit ?? rules.relaunchesAfterForceQuit) { return .forceQuit }
            return .notRunning
        }
    }
}

extension RulesVersion {
    /// Apple, startMonitoringSignificantLocationChanges (and developer reports): relaunch after a force-quit, unless the scenario sets it: not on
    /// iOS 7.0.x ("in iOS7.0(.x) it was broken. It started working again in
    /// iOS7.1+", developer reports), nor from iOS 26.
    var relaunchesAfterForceQuit: Bool { atLeast(7, 1) && !atLeast(26) }
}
