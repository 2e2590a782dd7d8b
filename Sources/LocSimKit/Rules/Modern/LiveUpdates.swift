/// `CLLocationUpdate.liveUpdates(_:)` (iOS 17): whether the app iterates
/// the stream, the stationary detection that pauses it, and what is left of
/// it after the app stopped running (docs/modern.md).
///
/// A value with no I/O: `observe` takes a fix and says whether the stream
/// yields it; the simulator decides first whether the app may have it.
struct LiveUpdates: Hashable {
    enum State: Hashable {
        case off
        case running(Stream)
        /// The stream ran with background delivery when the app stopped:
        /// Core Location relaunches the app for the next fix (WWDC23 10180, M10).
        case awaitingRelaunch
        /// Fixes held for an app that must iterate `liveUpdates` again
        /// ("resumes the delivery of queued location updates").
        case awaitingRestart(queued: [Location])
    }

    /// One iteration of `for try await update in CLLocationUpdate.liveUpdates(configuration)`.
    struct Stream: Hashable {
        var configuration: LiveConfiguration
        /// Where the device came to rest and when; a fix farther than
        /// `stationaryRadius` from it moves the anchor.
        var anchor: Anchor? = nil
        var motion = Motion.moving
    }

    struct Anchor: Hashable {
        var location: Location
        var time: Millis
    }

    enum Motion: Hashable {
        case moving
        /// Updates are paused until the device leaves the anchor's radius.
        case stationary
    }

    /// What the stream does with a fix the app may receive.
    enum Outcome: Hashable {
        /// Yield it; `stationary` marks the element that pauses the stream.
        case yield(stationary: Bool)
        /// Paused: the device has not moved since it became stationary.
        case paused
    }

    var state = State.off
    /// The problem flags of the last element of the current iteration, so
    /// that an element carrying only diagnostics is yielded when they
    /// change, not per fix.
    var lastProblems: DiagnosticFlags = []

    var isRunning: Bool {
        if case .running = state { return true }
        return false
    }

    /// Whether a fix concerns the stream at all (the hot path asks this per fix).
    var wantsFixes: Bool { state != .off }

    /// A new iteration: whatever was queued for it is handed back to be delivered.
    mutating func start(_ configuration: LiveConfiguration) -> [Location] {
        let queued: [Location]
        if case .awaitingRestart(let q) = state { queued = q } else { queued = [] }
        state = .running(Stream(configuration: configuration))
        lastProblems = []
        return queued
    }

    mutating func stop() { state = .off }

    /// The app stops running: with background delivery the next fix relaunches it.
    mutating func terminated(backgroundDelivery: Bool) {
        state = isRunning && backgroundDelivery ? .awaitingRelaunch : .off
    }

    /// Holds a fix until the app iterates again.
    mutating func queue(_ location: Location) {
        switch state {
        case .awaitingRelaunch: state = .awaitingRestart(queued: [location])
        case .awaitingRestart(var queued):
            queued.append(location)
            state = .awaitingRestart(queued: queued)
        case .off, .running: preconditionFailure("a fix queued for a stream in \(state)")
        }
    }

    /// Stationary detection: "If Core Location stops delivering updates
    /// because the device is stationary, then it sets isStationary to true"
    /// and "can suspend updates until the person starts moving". The device
    /// is stationary once its fixes stay within `radius` of one place for
    /// `delay`; the next fix beyond `radius` resumes the stream.
    mutating func observe(_ location: Location, at time: Millis, radius: Double, delay: Millis) -> Outcome {
        guard case .running(var s) = state else { preconditionFailure("a fix observed by a stream in \(state)") }
        defer { state = .running(s) }
        if let anchor = s.anchor, Geo.distance(anchor.location.coordinate, location.coordinate) <= radius {
            switch s.motion {
            case .stationary: return .paused
            case .moving:
                guard time - anchor.time >= delay else { return .yield(stationary: false) }
                s.motion = .stationary
                return .yield(stationary: true)
            }
        }
        s.anchor = Anchor(location: location, time: time)
        s.motion = .moving
        return .yield(stationary: false)
    }
}
