/// Automatic pausing of standard updates (`pausesLocationUpdatesAutomatically`,
/// docs/rules.md §8); the state and the rule are `LocationManager`'s. Apple: the location manager "pause[s] updates (and
/// powers down the appropriate hardware) at times when the location data is
/// unlikely to change"; "After a pause occurs, it is your responsibility to
/// restart location services again"; locationManagerDidResumeLocationUpdates(_:):
/// "When you restart location services after an automatic pause, Core
/// Location calls this method … Core Location does not resume updates
/// automatically after it pauses them." The time and distance are locsim's
/// parameters (`pauseAfter`, off by default; `pauseDistance`).
extension Simulator {
    /// The pause timer: the updates pause if the device stayed put since it was set.
    mutating func pauseIfStill() {
        let actions = manager.pauseIfStill(at: now, pauseAfter: parameters.pauseAfter)
        // Paused updates keep no background session (a When In Use app then
        // loses access until it restarts the updates): `settle()` ends it.
        apply(actions)
        // "Deferred mode failed because location updates disabled or paused" (CLError.h).
        if readingManager(\.paused) { endDeferral(.deferredNotUpdatingLocation) }
    }
}
