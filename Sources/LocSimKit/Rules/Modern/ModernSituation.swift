/// What the delivery rule of the iOS 17+ streams reads from the simulator,
/// gathered into one value so the rule is a pure function (docs/modern.md).
struct ModernSituation: Equatable {
    /// iOS 18+: diagnostics, service sessions, the Always-session rule.
    var diagnostics: Bool
    var level: Authorization.Level
    /// Location Services are off system-wide.
    var servicesOff: Bool
    var restricted: Bool
    /// The user denied this app.
    var denied: Bool
    /// A location prompt for this app is on screen.
    var requestInProgress: Bool
    var inUse: Bool
    var app: AppState
    /// `NSLocationRequireExplicitServiceSession` is set and no session meets it.
    var sessionRequired: Bool
    /// A `.always` service session is held and effective.
    var alwaysSessionHeld: Bool
    var reducedAccuracy: Bool

    /// Why an element cannot reach the app, and the diagnostics it carries.
    enum Decision: Equatable {
        case deliver(accuracyLimited: Bool)
        case withhold(DropReason, DiagnosticFlags)
    }

    /// The authorization flags that apply now, whatever the stream.
    var authorizationFlags: DiagnosticFlags {
        var flags: DiagnosticFlags = []
        if servicesOff { flags.insert(.authorizationDeniedGlobally) }
        if restricted { flags.insert(.authorizationRestricted) }
        if denied { flags.insert(.authorizationDenied) }
        if requestInProgress { flags.insert(.authorizationRequestInProgress) }
        if sessionRequired { flags.insert(.serviceSessionRequired) }
        return flags
    }

    /// Not in use enough for this authorization: When In Use out of use; on
    /// iOS 18, Always out of use without a `.always` session (the
    /// CLServiceSession header: such an app "will not be able to receive
    /// CLLocationUpdate.liveUpdates() or CLMonitor.events() when it is not in-use").
    var insufficientlyInUse: Bool {
        switch level {
        case .none: return false
        case .whenInUse: return !inUse
        case .always: return diagnostics && !inUse && !alwaysSessionHeld
        }
    }

    /// The one delivery rule for `liveUpdates` elements and `CLMonitor`
    /// events: the explicit-session requirement, then authorization, then
    /// in use, then a running app. Diagnostics exist from iOS 18 only.
    var decision: Decision {
        var flags = authorizationFlags
        let reason: DropReason?
        // The key disables Location Services for the app until a session
        // meets it, whatever the authorization.
        if sessionRequired {
            reason = .serviceSessionRequired
        } else if level == .none {
            reason = .notAuthorized
        } else if insufficientlyInUse {
            flags.insert(.insufficientlyInUse)
            reason = .notInUse
        } else {
            switch app {
            case .foreground, .background: reason = nil
            case .suspended: reason = .suspended
            case .notRunning: reason = .notRunning
            }
        }
        if !diagnostics { flags = [] }
        guard let reason else { return .deliver(accuracyLimited: diagnostics && reducedAccuracy) }
        return .withhold(reason, flags)
    }
}
