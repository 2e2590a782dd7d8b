/// Automatic pausing of standard updates (`pausesLocationUpdatesAutomatically`,
/// docs/rules.md §8). Apple: the location manager "pause[s] updates (and
/// powers down the appropriate hardware) at times when the location data is
/// unlikely to change"; "After a pause occurs, it is your responsibility to
/// restart location services again"; locationManagerDidResumeLocationUpdates(_:):
/// "When you restart location services after an automatic pause, Core
/// Location calls this method … Core Location does not resume updates
/// automatically after it pauses them." The time and distance are locsim's
/// parameters (`pauseAfter`, off by default; `pauseDistance`).
extension Simulator {
    /// A fix farther than `pauseDistance` from where the device stood starts
    /// a new still period, which pauses the updates after `pauseAfter`.
    mutating func trackMotion(_ motion: inout ManagerSettings.Motion, _ location: Location) {
        guard let after = parameters.pauseAfter, manager.pausesLocationUpdatesAutomatically,
            case .still(let anchor) = motion
        else { return }
        if let anchor, Geo.distance(anchor.location.coordinate, location.coordinate) < parameters.pauseDistance { return }
        motion = .still(at: TimedLocation(location: location, time: now))
        schedule(.autoPause, at: now + after)
    }

    /// The pause timer: the updates pause if the device stayed put since it was set.
    mutating func pauseIfStill() {
        guard let after = parameters.pauseAfter, manager.pausesLocationUpdatesAutomatically,
            case .updating(let last, .still(let anchor?)) = manager.standard, anchor.time + after == now
        else { return }
        manager.standard = .updating(lastDelivered: last, motion: .paused(at: anchor.location))
        callbackOrDrop(.didPauseLocationUpdates)
        // Paused updates keep no background session (a When In Use app then
        // loses access until it restarts the updates).
        endSessionIfBroken()
    }

    /// A callback to the app if it runs code; lost, with a drop line, if not.
    mutating func callbackOrDrop(_ callback: Callback) {
        if app.isRunning {
            emitCallback(callback)
        } else {
            emit(.drop(.callback(callback), app == .suspended ? .suspended : .notRunning))
        }
    }
}
