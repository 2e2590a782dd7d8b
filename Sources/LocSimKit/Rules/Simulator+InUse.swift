/// docs/rules.md §3: in use, the background session and the indicator.
/// These are derived from the lifecycle, the authorization and the
/// managers; `settle()` (Simulator+Settle.swift) logs their changes.
extension Simulator {
    /// In use = in the foreground, within `grace` after leaving it, or while a
    /// background session is active. macOS apps are in use while they run.
    var computedInUse: Bool {
        if !rules.suspends { return app != .notRunning }
        switch lifecycle {
        case .foreground: return true
        // A CLBackgroundActivitySession keeps a background app in use (docs/modern.md M6),
        // and so does a complication on the watch face.
        case .background(let b): return b.inUse != .no || modern.activity.keepsInUse || complicationOnFace
        // Suspended while stationary, the activity session still holds (M2).
        case .suspended(let grace): return grace != nil || modern.activity.keepsInUse
        case .notRunning: return false
        }
    }

    /// Why in use would end if what keeps the app in use now went away:
    /// a session (or a CLBackgroundActivitySession) ending, or the grace
    /// period expiring; an app in use in the foreground (or on macOS) stops
    /// being in use only when it ends. With both a session and a grace period
    /// the session is named (a choice: the grace outlives no session).
    var inUseEndReason: InUseEndReason {
        guard rules.suspends else { return .terminated }
        switch lifecycle {
        case .foreground, .notRunning: return .terminated
        case .suspended: return .graceExpired
        case .background(let b):
            // A complication on the face keeps the app in use until it ends.
            if complicationOnFace { return .terminated }
            if b.inUse == .session || modern.activity.keepsInUse { return .sessionEnded }
            return .graceExpired
        }
    }

    /// watchOS: the app's complication is on the current watch face (`set
    /// complication true`). Apple, "Requesting authorization to use location
    /// services": "If an app's complication is on the current watch face, the
    /// system treats that complication as if it's in use and delivers location
    /// updates to it." The app is then in use, and kept running, whenever it
    /// runs in the background, as in the foreground: no grace period, no
    /// suspension, no session or indicator (docs/rules.md §3, "watchOS
    /// complications"; a locsim decision that the complication and its app
    /// are one: they share the authorization). No watch face elsewhere.
    var complicationOnFace: Bool { rules.isWatch && parameters.complication }

    /// Allow Once and temporary full accuracy last only while in use (§7,
    /// §10). Returns whether the authorization changed.
    mutating func inUseEnded() -> Bool {
        let before = authorization.access
        switch authorization.access {
        case .whenInUse(.once, _): authorization.access = .askNextTime
        case .whenInUse, .always: authorization.setTemporaryFullAccuracy(false)
        case .notDetermined, .askNextTime, .denied: break
        }
        return authorization.access != before
    }

    /// Temporary full accuracy "won't expire while the user is still engaged
    /// with your app": in the foreground (and its grace period, §3), or in a
    /// background session "with the background location indicator enabled"
    /// (Apple's header, requestTemporaryFullAccuracyAuthorization, §10). A
    /// background app kept in use only by a session without the indicator
    /// (Always without `showsBackgroundLocationIndicator`) is not engaged: it
    /// ends there. Returns whether it ended.
    mutating func endTemporaryFullAccuracyUnengaged() -> Bool {
        guard authorization.temporaryFullAccuracy, case .background(let b) = lifecycle, b.inUse == .session,
            !computedIndicator
        else { return false }
        authorization.setTemporaryFullAccuracy(false)
        return true
    }

    /// Whether standard updates could run in the background now: authorized,
    /// the `location` background mode, `allowsBackgroundLocationUpdates`
    /// (from iOS 9; before it the mode suffices) and updates started. Never
    /// on visionOS, whose apps get no background updates (docs/rules.md §1).
    var sessionConditionsHold: Bool {
        // The plist lookup last: it compares strings.
        !rules.isVision && authorization.level != .none
            && anyManager { $0.runsInBackground(before9: !rules.atLeast(9)) }
            && header.array("UIBackgroundModes", contains: "location")
    }

    /// Begins a session for a running background app when it may: for When
    /// In Use as the app leaves the foreground (`leavingForeground`) or while
    /// a CLBackgroundActivitySession keeps it in use — not from the grace
    /// period — and while running for Always (docs/rules.md §3). The session
    /// replaces any grace period. State only: `settle()` logs what follows.
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
    }

    /// Ends the session when its conditions no longer hold; in use then ends
    /// at once (`settle()`). Returns whether it ended.
    mutating func endSessionIfBroken() -> Bool {
        guard session, !sessionConditionsHold else { return false }
        return endSession()
    }

    /// Always became When In Use while the app is in the background: a
    /// session the indicator does not show cannot go on as a When In Use
    /// one, whose indicator cannot be turned on from the background
    /// (docs/rules.md §3). One whose indicator is on goes on. Returns
    /// whether it ended.
    mutating func endSessionWithoutIndicator() -> Bool {
        guard authorization.level == .whenInUse, !reported.indicator else { return false }
        return endSession()
    }

    private mutating func endSession() -> Bool {
        guard case .background(var b) = lifecycle, b.inUse == .session else { return false }
        b.inUse = .no
        lifecycle = .background(b)
        return true
    }

    /// The indicator shows a session of a When In Use app (Allow Once and
    /// provisional Always included), or of an Always app that asks for it
    /// with `showsBackgroundLocationIndicator` (iOS 11+). On watchOS every
    /// session shows it: "On watchOS there's no way to opt out of showing the
    /// background location usage indicator" (Apple, "Choosing the Location
    /// Services Authorization to Request").
    var computedIndicator: Bool {
        // A CLBackgroundActivitySession shows the indicator while the app is
        // in the background, whatever its authorization (docs/modern.md).
        let activity = modern.activity.keepsInUse && app != .foreground
        switch authorization.level {
        case .none: return false
        case .whenInUse: return session || activity
        case .always:
            if rules.isWatch { return session || activity }
            let asked = anyManager {
                $0.showsBackgroundLocationIndicator && $0.runsInBackground(before9: !rules.atLeast(9))
            }
            return (session && asked && rules.atLeast(11)) || activity
        }
    }
}
