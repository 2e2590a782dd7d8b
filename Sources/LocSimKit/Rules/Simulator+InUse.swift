/// RULES §3: in use, the background location session and the blue indicator.
extension Simulator {
    /// In use = in the foreground, within `grace` after leaving it, or while a
    /// background session is active. macOS apps are in use while they run.
    var computedInUse: Bool {
        if !rules.suspends { return app != .notRunning }
        return app == .foreground || graceUntil != nil || session || modern.activity.keepsInUse
    }

    mutating func updateInUse(beginning reason: InUseBeginReason) {
        guard !inUse, computedInUse else { return }
        inUse = true
        emit(.inUseBegin(reason))
    }

    mutating func updateInUse(ending reason: InUseEndReason) {
        guard inUse, !computedInUse else { return }
        inUse = false
        emit(.inUseEnd(reason))
        inUseEnded()
    }

    /// Allow Once and temporary full accuracy last only while in use (§7, §10).
    mutating func inUseEnded() {
        var changed = false
        if authorization.temporary && authorization.grant == .whenInUse {
            authorization.grant = .notDetermined
            authorization.temporary = false
            authorization.askedBefore = true
            changed = true
        }
        if authorization.temporaryFullAccuracy {
            authorization.temporaryFullAccuracy = false
            changed = true
        }
        if changed { authorizationChanged() }
    }

    /// Whether standard updates could run in the background now: authorized,
    /// the `location` background mode, `allowsBackgroundLocationUpdates`
    /// (from iOS 9; before it the mode suffices) and updates started.
    var sessionConditionsHold: Bool {
        authorization.level != .none
            && header.array("UIBackgroundModes", contains: "location")
            && (manager.allowsBackgroundLocationUpdates || !rules.atLeast(9))
            && manager.updating
    }

    /// Begins a session for a running background app when it may: while in
    /// use for When In Use, while running for Always (RULES §3).
    mutating func beginSessionIfEligible() {
        guard rules.suspends, app == .background, !session, sessionConditionsHold else { return }
        guard inUse || authorization.level == .always else { return }
        session = true
        cancelGrace()
        updateInUse(beginning: .backgroundSession)
        updateIndicator()
    }

    /// Ends the session when its conditions no longer hold; in use then ends
    /// at once and the app may be suspended.
    mutating func endSessionIfBroken() {
        guard session, !sessionConditionsHold else { return }
        session = false
        updateIndicator()
        updateInUse(ending: .sessionEnded)
        suspendIfIdle()
    }

    /// The indicator shows a session of a When In Use app (Allow Once and
    /// provisional Always included), or of an Always app that asks for it
    /// with `showsBackgroundLocationIndicator` (iOS 11+).
    mutating func updateIndicator() {
        // A CLBackgroundActivitySession shows the indicator while the app is
        // in the background, whatever its authorization (docs/modern.md).
        let activity = modern.activity.keepsInUse && app != .foreground
        let on: Bool
        switch authorization.level {
        case .none: on = false
        case .whenInUse: on = session || activity
        case .always: on = (session && manager.showsBackgroundLocationIndicator && rules.atLeast(11)) || activity
        }
        guard on != indicator else { return }
        indicator = on
        emit(.indicator(on: on))
    }
}
