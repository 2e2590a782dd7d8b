/// RULES §9: what the app is told about its authorization, and the
/// consequences of a change for the running services.
extension Simulator {
    /// The callback iOS 14+ prefers when the app implements it, else the old one.
    var usesNewAuthorizationCallback: Bool {
        rules.hasAccuracy && header.delegate.contains(.locationManagerDidChangeAuthorization)
    }

    /// Tells the app its authorization: always at manager creation, otherwise
    /// only when what its callback reports changed. A loss of authorization
    /// the app learns of fails its running updates (§8, 004) — at the change,
    /// or when a suspended app next runs (§2).
    mutating func reportAuthorization(initial: Bool) {
        let status = authorization.status(on: rules)
        let accuracy = authorization.accuracy(on: rules)
        var lostAccess = false
        if !initial, let (seenStatus, seenAccuracy) = appSawStatus {
            let unchanged = usesNewAuthorizationCallback
                ? (seenStatus == status && seenAccuracy == accuracy) : seenStatus == status
            if unchanged { return }
            lostAccess = !seenStatus.deniesAccess && status.deniesAccess
        }
        appSawStatus = (status, accuracy)
        if usesNewAuthorizationCallback {
            emitCallback(.locationManagerDidChangeAuthorization(status, accuracy))
        } else {
            emitCallback(.didChangeAuthorization(status))
        }
        if lostAccess, manager.updating || manager.requestLocationPending {
            manager.requestLocationPending = false
            emitCallback(.didFailWithError(.kCLErrorDenied))
        }
    }

    /// Delivers a callback owed to an app that was suspended when it changed (§2).
    mutating func deliverOwedCallbacks() {
        guard owesAuthorizationCallback else { return }
        owesAuthorizationCallback = false
        reportAuthorization(initial: false)
    }

    /// Everything that follows a change of `authorization`: the `auth`
    /// record, the callback (now, owed, or at the next launch), a denial
    /// reported to running updates, and the session and indicator.
    mutating func authorizationChanged() {
        let view = authorization.view(on: rules)
        if view != lastAuthView {
            lastAuthView = view
            emit(.auth(view))
        }
        switch app {
        case .foreground, .background: reportAuthorization(initial: false)
        case .suspended: owesAuthorizationCallback = true
        case .notRunning: break  // the next launch reports the status anyway
        }
        endSessionIfBroken()
        updateIndicator()
        beginSessionIfEligible()
    }
}

extension AuthorizationStatus {
    /// Denied (by the user or with Location Services off) or restricted.
    var deniesAccess: Bool { self == .denied || self == .restricted }
}
