#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
        /// ("resumes the delivery of queued location updates"), each with its time.
        case awaitingRestart(queued: [TimedLocation])
    }

    /// One iteration of `for try await update in CLLocationUpdate.liveUpdates(configuration)`.
    struct Stream: Hashable {
        var configuration: LiveConfiguration
        /// `waiting`: started out of the foreground with no session to
        /// rejoin; it yields nothing (`insufficientlyInUse`) until the foreground (M6).
        var standing = SessionStanding.effective
        /// Where the device came to rest and when; a fix farther than
        /// `stationaryRadius` from it moves the anchor.
        var anchor: Anchor? = nil
        var motion = Motion.moving
    }

    struct Anchor: Hashable {
        var location: Location
        var time: Millis
        /// The cosine of its latitude, for `Geo.isWithin` on every fix.
        var cosLatitude: Double

        init(location: Location, time: Millis) {
            self.location = location
            self.time = time
            cosLatitude = cos(location.coordinate.latitude * Geo.radians)
        }

        /// Whether `c` lies within `radius` of the anchor (great-circle distance).
        @inline(__always)
        func holds(_ c: Coordinate, radius: Double) -> Bool {
            Geo.isWithin(radius, of: location.coordinate, cosLatitude: cosLatitude, c)
        }
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

    /// The running iteration's configuration and standing, if any.
    var stream: Stream? {
        if case .running(let s) = state { return s }
        return nil
    }

    /// The stream was running with background delivery when the app last
    /// stopped: starting it now resumes it (M10), whatever the app's state.
    var resumesAfterRelaunch: Bool {
        switch state {
        case .awaitingRelaunch, .awaitingRestart: return true
        case .off, .running: return false
        }
    }

    /// A new iteration: whatever was queued for it is handed back to be delivered.
    mutating func start(_ configuration: LiveConfiguration, standing: SessionStanding) -> [TimedLocation] {
        let queued = self.queued
        state = .running(Stream(configuration: configuration, standing: standing))
        lastProblems = []
        return queued
    }

    /// The app leaves the loop; fixes queued for a restart are handed back (lost).
    mutating func stop() -> [TimedLocation] {
        let queued = self.queued
        state = .off
        return queued
    }

    /// The fixes held for a restart.
    var queued: [TimedLocation] {
        if case .awaitingRestart(let q) = state { return q }
        return []
    }

    /// The app stops running: with background delivery the next fix
    /// relaunches it. Fixes still queued for a restart are handed back (lost).
    mutating func terminated(backgroundDelivery: Bool) -> [TimedLocation] {
        let queued = self.queued
        state = isRunning && backgroundDelivery ? .awaitingRelaunch : .off
        return queued
    }

    /// The app returns to the foreground: a waiting iteration takes effect.
    /// True when it did.
    mutating func foreground() -> Bool {
        guard case .running(var s) = state, s.standing == .waiting else { return false }
        s.standing = .effective
        state = .running(s)
        return true
    }

    /// The relaunched app was suspended without iterating again: it is
    /// "considered no longer wanting to continue location updates" (Apple
    /// engineer, M10). Queued fixes are handed back (lost).
    mutating func abandoned() -> [TimedLocation] {
        guard resumesAfterRelaunch else { return [] }
        let queued = self.queued
        state = .off
        return queued
    }

    /// Holds a fix until the app iterates again.
    mutating func queue(_ location: Location, at time: Millis) {
        let fix = TimedLocation(location: location, time: time)
        switch state {
        case .awaitingRelaunch: state = .awaitingRestart(queued: [fix])
        case .awaitingRestart(var queued):
            queued.append(fix)
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
        return s.observe(location, at: time, radius: radius, delay: delay)
    }

    /// `observe` when it yields the element of a moving device: true,
    /// having changed what `observe` changes; false, changing nothing, for
    /// any other outcome (`Simulator.deliverPlainly`, which then leaves the
    /// fix to the rules).
    mutating func observeMoving(_ location: Location, at time: Millis, radius: Double, delay: Millis) -> Bool {
        guard case .running(var s) = state,
            case .yield(stationary: false) = s.observe(location, at: time, radius: radius, delay: delay)
        else { return false }
        state = .running(s)
        return true
    }
}

extension LiveUpdates.Stream {
    /// The stream's side of `LiveUpdates.observe`.
    mutating func observe(_ location: Location, at time: Millis, radius: Double, delay: Millis) -> LiveUpdates.Outcome {
        if let anchor, anchor.holds(location.coordinate, radius: radius) {
            switch motion {
            case .stationary: return .paused
            case .moving:
                guard time - anchor.time >= delay else { return .yield(stationary: false) }
                motion = .stationary
                return .yield(stationary: true)
            }
        }
        anchor = LiveUpdates.Anchor(location: location, time: time)
        motion = .moving
        return .yield(stationary: false)
    }
}
