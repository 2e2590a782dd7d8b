/// `CLLocationUpdate.LiveConfiguration` (iOS 17).
public enum LiveConfiguration: String, Equatable, Sendable, CaseIterable {
    case `default`, automotiveNavigation, otherNavigation, fitness, airborne
}

/// `CLServiceSession.AuthorizationRequirement` (iOS 18).
public enum ServiceRequirement: String, Equatable, Sendable, CaseIterable {
    case none, whenInUse, always
}

/// A `CLMonitor` condition: circular geographic or beacon identity (iOS 17).
public enum MonitorCondition: Hashable, Sendable {
    case circle(center: Coordinate, radius: Double)
    case beacon(BeaconConstraint)
}

/// A call of the Swift-concurrency location APIs of iOS 17 and 18
/// (`app liveUpdates …`, `app backgroundActivitySession …`,
/// `app serviceSession …`, `app monitor …`), kept apart from the
/// `CLLocationManager` calls of `AppCall` (docs/modern.md).
public enum ModernCall: Equatable, Sendable {
    case liveUpdatesStart(LiveConfiguration)
    case liveUpdatesStop
    case backgroundActivitySessionBegin
    case backgroundActivitySessionEnd
    /// The app lets go of the session object without `invalidate()` (docs/modern.md M20).
    case backgroundActivitySessionRelease
    case serviceSessionBegin(name: String, ServiceRequirement, fullAccuracyPurposeKey: String?)
    case serviceSessionEnd(name: String)
    /// The app lets go of the session object named `name` (M20).
    case serviceSessionRelease(name: String)
    case monitorOpen(name: String)
    case monitorClose(name: String)
    /// `add(_:identifier:)`, or with `assuming` `add(_:identifier:assuming:)`.
    case monitorAdd(name: String, id: String, MonitorCondition, assuming: MonitorState? = nil)
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
