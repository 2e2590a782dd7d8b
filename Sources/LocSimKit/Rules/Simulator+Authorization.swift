/// docs/rules.md §9: what the app is told about its authorization, and the
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
        let accuracy = self.accuracy
        var lostAccess = false
        if !initial, let seen = reported.appSaw {
            let unchanged =
                usesNewAuthorizationCallback
                ? (seen.status == status && seen.accuracy == accuracy) : seen.status == status
            if unchanged { return }
            lostAccess = !seen.status.deniesAccess && status.deniesAccess
        }
        reported.appSaw = Reported.AppSaw(status: status, accuracy: accuracy)
        let callback: Callback =
            usesNewAuthorizationCallback
            ? .locationManagerDidChangeAuthorization(status, accuracy) : .didChangeAuthorization(status)
        // At creation only the new manager is told; a change, every manager (Apple,
        // locationManagerDidChangeAuthorization(_:), docs/rules.md §8 "Several managers").
        guard !initial, several else { return tellAuthorization(callback, lostAccess: lostAccess) }
        forEachManager { $0.tellAuthorization(callback, lostAccess: lostAccess) }
    }

    /// The current manager's authorization callback, and the failure of its
    /// updates when access was lost.
    private mutating func tellAuthorization(_ callback: Callback, lostAccess: Bool) {
        emitCallback(callback)
        guard lostAccess else { return }
        apply(manager.accessLost())
        endDeferral(.deferredFailed)
    }

    /// Delivers what changed while the app was suspended (§2): the callback
    /// reports only a status the app has not seen.
    mutating func deliverOwedCallbacks() {
        reportAuthorization(initial: false)
    }
}

extension Simulator {
    /// Before iOS 13 When In Use cannot use region, significant-change or
    /// visit monitoring (§8): services started under Always fail when the
    /// authorization becomes When In Use — regions with `monitoringDidFailFor
    /// … kCLErrorRegionMonitoringDenied`, the others with `didFailWithError
    /// kCLErrorDenied` — and stop. An app that runs no code loses the failure.
    mutating func failMonitoringUnavailableToWhenInUse() {
        var failures: [Callback] = monitoring.regions.elements.map {
            .monitoringDidFail(regionID: $0.region.id, .regionMonitoringDenied)
        }
        monitoring.regions = KeyedList()
        if monitoring.significantChange != nil || monitoring.visits != nil {
            failures.append(.didFailWithError(.denied))
        }
        stopSignificantChanges(dropping: .notAuthorized)
        monitoring.visits = nil
        for failure in failures {
            if !several { callbackOrDrop(failure) } else { forEachManager { $0.callbackOrDrop(failure) } }
        }
    }
}
