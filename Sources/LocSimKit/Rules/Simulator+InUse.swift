/// docs/rules.md §3: in use, the background session and the indicator.
extension Simulator {
    /// In use = in the foreground, within `grace` after leaving it, or while a
    /// background session is active. macOS apps are in use while they run.
    var computedInUse: Bool {
        if !rules.suspends { return app != .notRunning }
        switch lifecycle {
        case .foreground: return true
        // A CLBackgroundActivitySession keeps a background app in use (docs/modern.md M6).
        case .background(let b): return b.inUse != .no || modern.activity.keepsInUse
        // Suspended while stationary, the activity session still holds (M2).
        case .suspended(let grace): return grace != nil || modern.activity.keepsInUse
        case .notRunning: return false
        }
    }

    mutating func updateInUse(beginning reason: InUseBeginReason) {
        guard !reported.inUse, computedInUse else { return }
        reported.inUse = true
        emit(.inUseBegin(reason))
    }

    mutating func updateInUse(ending reason: InUseEndReason) {
        guard reported.inUse, !computedInUse else { return }
        reported.inUse = false
        emit(.inUseEnd(reason))
        inUseEnded()
    }

    /// Allow Once and temporary full accuracy last only while in use (§7, §10).
    mutating func inUseEnded() {
        let before = authorization.access
        switch authorization.access {
        case .whenInUse(.once, _): authorization.access = .askNextTime
        case .whenInUse, .always: authorization.setTemporaryFullAccuracy(false)
        case .notDetermined, .askNextTime, .denied: break
        }
        if authorization.access != before { authorizationChanged() }
    }

    /// Whether standard updates could run in the background now: authorized,
    /// the `location` background mode, `allowsBackgroundLocationUpdates`
    /// (from iOS 9; before it the mode suffices) and updates started.
    var sessionConditionsHold: Bool {
        authorization.level != .none
            && header.array("UIBackgroundModes", contains: "location")
            && anyManager { $0.runsInBackground(before9: !rules.atLeast(9)) }
    }

    /// Begins a session for a running background app when it may: for When
    /// In Use as the app leaves the foreground (`leavingForeground`) or while
    /// a CLBackgroundActivitySession keeps it in use — not from the grace
    /// period — and while running for Always (docs/rules.md §3). The session
    /// replaces any grace period.
    mutating func beginSessionIfEligible(leavingForeground: Bool = false) {
        guard rules.suspends, case .background(var b) = lifecycle, b.inUse != .session, sessionConditionsHold else {
            return
        }
        // "When the value of this property is true and you start location
        // updates while the app is in the foreground, Core Location configures
        // the system to keep the app running" (Apple, allowsBackgroundLocationUpdates).
        let fromInUse = reported.inUse && (leavingForeground || modern.activity.keepsInUse)
        guard fromInUse || authorization.level == .always else { return }
        b.inUse = .session
        lifecycle = .background(b)
        updateInUse(beginning: .backgroundSession)
        updateIndicator()
    }

    /// Ends the session when its conditions no longer hold; in use then ends
    /// at once and the app may be suspended.
    mutating func endSessionIfBroken() {
        guard !sessionConditionsHold else { return }
        endSession()
    }

    /// Always became When In Use while the app is in the background: a
    /// session the indicator does not show cannot go on as a When In Use
    /// one, whose indicator cannot be turned on from the background
    /// (docs/rules.md §3). One whose indicator is on goes on.
    mutating func endSessionWithoutIndicator() {
        guard authorization.level == .whenInUse, !reported.indicator else { return }
        endSession()
    }

    private mutating func endSession() {
        guard case .background(var b) = lifecycle, b.inUse == .session else { return }
        b.inUse = .no
        lifecycle = .background(b)
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
        case .always:
            let asked = anyManager { $0.showsBackgroundLocationIndicator && $0.runsInBackground(before9: !rules.atLeast(9)) }
            on = (session && asked && rules.atLeast(11)) || activity
        }
        guard on != reported.indicator else { return }
        reported.indicator = on
        emit(.indicator(on: on))
    }
}
