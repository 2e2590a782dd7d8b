/// Where the app is in its lifecycle (RULES §2).
public enum AppState: Equatable, Sendable {
    case notRunning, foreground, background, suspended

    /// Runs code (not suspended, not terminated).
    public var isRunning: Bool { self == .foreground || self == .background }
}

/// A prompt on screen and what answering it means.
struct Prompt: Equatable {
    /// Which request or system path showed it, deciding what each answer grants.
    enum Origin: Equatable {
        case whenInUseRequest
        case alwaysRequest
        /// The Keep/Change prompt after `requestAlwaysAuthorization` from When In Use.
        case upgradeRequest
        /// The Keep/Change prompt of provisional Always, shown by the system.
        case provisionalUpgrade
        /// iOS ≤ 7 and macOS: the first use of a location service.
        case firstUse
        case temporaryFullAccuracy
    }

    var kind: PromptKind
    var origin: Origin
    var answers: [Answer]

    /// In-app prompts are dismissed when the app leaves the foreground (RULES §4).
    var isInApp: Bool { origin != .provisionalUpgrade }
}

/// A region the app monitors, with the system's cached state.
struct MonitoredRegion: Equatable {
    var region: CircularRegion
    var boundary: Boundary
    var state: RegionState { boundary.state }
}

/// A `UNLocationNotificationTrigger` the app scheduled; the system monitors
/// its region like any other (F§14).
struct LocationNotification: Equatable {
    var region: CircularRegion
    var repeats: Bool
    var boundary: Boundary
}

/// An event held for provisional Always's upgrade prompt (RULES §6).
struct HeldEvent: Equatable {
    /// Events with the same key supersede each other.
    enum Key: Equatable {
        case region(String)
        case significantChange
        case visits
    }

    var time: Millis
    var key: Key
    var event: MonitoringEvent
}

/// An event of a service that may wake or relaunch the app: a region
/// crossing, a significant change or a visit.
enum MonitoringEvent: Equatable {
    case crossing(regionID: String, entered: Bool)
    /// A region whose state was `unknown` is settled by fixes: didDetermineState
    /// alone, as being inside at registration is no entry (F§5).
    case stateSettled(regionID: String, RegionState)
    case significantChange(Location)
    case visit(arrival: Millis?, departure: Millis?, Location, arrive: Bool)

    var wakeReason: WakeReason {
        switch self {
        case .crossing, .stateSettled: return .region
        case .significantChange: return .location
        case .visit: return .visit
        }
    }

    /// Region events: unavailable under reduced accuracy (F§5).
    var isRegionEvent: Bool {
        switch self {
        case .crossing, .stateSettled: return true
        case .significantChange, .visit: return false
        }
    }

    var holdKey: HeldEvent.Key {
        switch self {
        case .crossing(let id, _), .stateSettled(let id, _): return .region(id)
        case .significantChange: return .significantChange
        case .visit: return .visits
        }
    }

    /// How a hold or drop record names it.
    var undelivered: UndeliveredEvent {
        switch self {
        case .crossing(let id, let entered): return entered ? .enter(regionID: id) : .exit(regionID: id)
        case .stateSettled(let id, let state): return .callback(.didDetermineState(state, regionID: id))
        case .significantChange(let l): return .significantChange(l)
        case .visit(_, _, let l, let arrive): return arrive ? .visitArrive(l) : .visitDepart(l)
        }
    }
}

/// Timers the rules set; each carries the generation it was set in, so a
/// timer made stale by a later change is ignored when it fires.
enum RuleTimer: Equatable {
    case graceExpired(generation: Int)
    case suspend(generation: Int)
    case upgradePrompt(generation: Int)
    case requestLocationTimeout(generation: Int)

    var phase: Phase {
        switch self {
        case .graceExpired: return .inUse
        case .suspend: return .suspension
        case .upgradePrompt, .requestLocationTimeout: return .rule
        }
    }
}

/// The `CLLocationManager` the app created at its latest launch.
struct ManagerSettings: Equatable {
    var updating = false
    var allowsBackgroundLocationUpdates = false
    var showsBackgroundLocationIndicator = false
    var pausesLocationUpdatesAutomatically = true
    var distanceFilter: Double? = nil
    var desiredAccuracy = DesiredAccuracy.best
    var requestLocationPending = false
    var ranging: [BeaconConstraint] = []
}
