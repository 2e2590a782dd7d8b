/// docs/rules.md §8, "No fix": a `nofix` line — the device cannot determine
/// its location (a tunnel, a basement, no satellites) until the next fix
/// line or, with `until`, until that time.
///
/// Apple, locationManager(_:didFailWithError:): "If the location service is
/// unable to retrieve a location right away, it reports a
/// CLError.Code.locationUnknown error and keeps trying." So standard updates
/// that are running get `didFailWithError kCLErrorLocationUnknown` once, at
/// the `nofix` line or at `startUpdatingLocation` during it, and stay on; a
/// pending `requestLocation` sees no fix and fails at its timeout (its own
/// rule); iOS 18 `liveUpdates` yield an element with no location flagged
/// `locationUnavailable` (`refreshModernDiagnostics`).
extension Simulator {
    /// The `nofix` line. An `until` that is not after the line is a scenario error.
    mutating func noFix(until: Millis?, _ s: TimedStatement) throws(ScenarioError) {
        if let until, until <= now {
            throw error("'nofix until \(until)' must end after the line's own time \(now)", s, atArgument: true)
        }
        let already = fixes.outage.map { $0.holds(at: now) } ?? false
        fixes.outage = Outage(until: until)
        if already { return }
        if !several {
            reportLocationUnknown()
        } else {
            forEachManager { $0.reportLocationUnknown() }
        }
    }

    /// Whether the outage holds now (an `until` that passed ends it).
    var locationUnavailable: Bool { fixes.outage?.holds(at: now) ?? false }

    /// A fix line during an outage: not sensed before `until` (dropped
    /// `locationUnavailable`, false); otherwise the outage is over (true).
    mutating func outageEnds(at location: Location) -> Bool {
        if locationUnavailable, fixes.outage?.until != nil {
            emit(.drop(.fix(location), .locationUnavailable))
            return false
        }
        fixes.outage = nil
        return true
    }

    /// Running standard updates of the current manager hear that no
    /// location can be had right away — when a fix would reach the app now;
    /// otherwise the error is dropped with the reason the fix would have.
    mutating func reportLocationUnknown() {
        guard manager.updating else { return }
        let error = Callback.didFailWithError(.locationUnknown)
        if let reason = decide(.location).singleFixDropReason {
            emit(.drop(.callback(error), reason))
        } else {
            emitCallback(error)
        }
    }
}
