/// `CLLocationUpdate.LiveConfiguration` (iOS 17).
public enum LiveConfiguration: String, Equatable, Sendable, CaseIterable {
    /// The `<configuration>` of `app liveUpdates start`, by `LiveConfiguration`'s Swift names; `default` when omitted.
    case `default`, automotiveNavigation, otherNavigation, fitness, airborne
}

/// `CLServiceSession.AuthorizationRequirement` (iOS 18).
public enum ServiceRequirement: String, Equatable, Sendable, CaseIterable {
    /// The requirement of `app serviceSession begin <name> none|whenInUse|always` (`always` not on tvOS).
    case none, whenInUse, always
}

/// A `CLMonitor` condition: circular geographic or beacon identity (iOS 17).
public enum MonitorCondition: Hashable, Sendable {
    /// `CLMonitor.CircularGeographicCondition`: `radius` meters around `center` (`add <id> <lat> <lon> <radius>`).
    case circle(center: Coordinate, radius: Double)
    /// `CLMonitor.BeaconIdentityCondition` (`add <id> beacon <uuid> [<major> [<minor>]]`).
    case beacon(BeaconConstraint)
}

/// A call of the Swift-concurrency location APIs of iOS 17 and 18
/// (`app liveUpdates …`, `app backgroundActivitySession …`,
/// `app serviceSession …`, `app monitor …`), kept apart from the
/// `CLLocationManager` calls of `AppCall` (docs/modern.md).
public enum ModernCall: Equatable, Sendable {
    /// `app liveUpdates start [<configuration>]`: the app iterates `CLLocationUpdate.liveUpdates(_:)`.
    case liveUpdatesStart(LiveConfiguration)
    /// `app liveUpdates stop`: the app leaves the `for try await` loop.
    case liveUpdatesStop
    /// `app backgroundActivitySession begin`: the app creates and holds a `CLBackgroundActivitySession`.
    case backgroundActivitySessionBegin
    /// `app backgroundActivitySession end`: `invalidate()` on it.
    case backgroundActivitySessionEnd
    /// The app lets go of the session object without `invalidate()` (docs/modern.md M20).
    case backgroundActivitySessionRelease
    /// `app serviceSession begin <name> <requirement> [fullAccuracyPurposeKey=<key>]`: a `CLServiceSession` as `name`.
    case serviceSessionBegin(name: String, ServiceRequirement, fullAccuracyPurposeKey: String?)
    /// `app serviceSession end <name>`: `invalidate()` on the session of that name.
    case serviceSessionEnd(name: String)
    /// The app lets go of the session object named `name` (M20).
    case serviceSessionRelease(name: String)
    /// `app monitor <name> open`: `await CLMonitor(name)`, and the app iterates its `events`.
    case monitorOpen(name: String)
    /// `app monitor <name> close`: the app drops the monitor and stops iterating.
    case monitorClose(name: String)
    /// `add(_:identifier:)`, or with `assuming` `add(_:identifier:assuming:)`.
    case monitorAdd(name: String, id: String, MonitorCondition, assuming: MonitorState? = nil)
    /// `app monitor <name> remove <id>`: `remove(_:)` of the condition `id`.
    case monitorRemove(name: String, id: String)

    /// The call as a scenario writes it, for messages.
    package var name: String {
        switch self {
        case .liveUpdatesStart: return "liveUpdates start"
        case .liveUpdatesStop: return "liveUpdates stop"
        case .backgroundActivitySessionBegin: return "backgroundActivitySession begin"
        case .backgroundActivitySessionEnd: return "backgroundActivitySession end"
        case .backgroundActivitySessionRelease: return "backgroundActivitySession release"
        case .serviceSessionBegin: return "serviceSession begin"
        case .serviceSessionEnd: return "serviceSession end"
        case .serviceSessionRelease: return "serviceSession release"
        case .monitorOpen: return "monitor open"
        case .monitorClose: return "monitor close"
        case .monitorAdd: return "monitor add"
        case .monitorRemove: return "monitor remove"
        }
    }
}
