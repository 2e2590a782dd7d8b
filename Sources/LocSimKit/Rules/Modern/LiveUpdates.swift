/// `CLLocationUpdate.liveUpdates(_:)` (iOS 17): whether the app iterates
/// the stream, and the stationary detection that pauses it (docs/modern.md).
///
/// A value with no I/O: `observe` takes a fix and says whether the stream
/// yields it; the simulator decides first whether the app may have it.
struct LiveUpdates: Equatable {
    var running = false
    var configuration = LiveConfiguration.default
    /// Where the device came to rest and when; a fix farther than
    /// `stationaryRadius` from it moves the anchor.
    var anchor: Location? = nil
    var anchorTime = Millis.zero
    /// Updates are paused because the device is stationary.
    var stationary = false
    /// The problem flags of the last element yielded, so that an element
    /// carrying only diagnostics is yielded when they change, not per fix.
    var lastProblems: DiagnosticFlags = []

    /// What the stream does with a fix the app may receive.
    enum Outcome: Equatable {
        /// Yield it; `stationary` marks the element that pauses the stream.
        case yield(stationary: Bool)
        /// Paused: the device has not moved since it became stationary.
        case paused
    }

    /// A new iteration: `for try await update in CLLocationUpdate.liveUpdates(configuration)`.
    mutating func start(_ configuration: LiveConfiguration) {
        self = LiveUpdates()
        running = true
        self.configuration = configuration
    }

    mutating func stop() { self = LiveUpdates() }

    /// Stationary detection: "If Core Location stops delivering updates
    /// because the device is stationary, then it sets isStationary to true"
    /// and "can suspend updates until the person starts moving". The device
    /// is stationary once its fixes stay within `radius` of one place for
    /// `delay`; the next fix beyond `radius` resumes the stream.
    mutating func observe(_ location: Location, at time: Millis, radius: Double, delay: Millis) -> Outcome {
        if let anchor, Geo.distance(anchor.coordinate, location.coordinate) <= radius {
            if stationary { return .paused }
            if time - anchorTime >= delay {
                stationary = true
                return .yield(stationary: true)
            }
            return .yield(stationary: false)
        }
        anchor = location
        anchorTime = time
        stationary = false
        return .yield(stationary: false)
    }
}
