/// A prompt on screen and what answering it means.
struct Prompt: Hashable {
    /// Which request or system path showed it, deciding what each answer grants.
    enum Origin: Hashable {
        case whenInUseRequest
        case alwaysRequest
        /// The Keep/Change prompt after `requestAlwaysAuthorization` from When In Use.
        case upgradeRequest
        /// The Keep/Change prompt of provisional Always, shown by the system.
        case provisionalUpgrade
        /// iOS ≤ 7 and macOS: the first use of a location service.
        case firstUse
        case temporaryFullAccuracy
        /// The same prompt, asked by a `CLServiceSession` with a
        /// `fullAccuracyPurposeKey` (docs/modern.md M18): no completion handler.
        case serviceSessionFullAccuracy
    }

    var kind: PromptKind
    var origin: Origin
    var answers: [Answer]

    /// In-app prompts are dismissed when the app leaves the foreground (docs/rules.md §4).
    var isInApp: Bool { origin != .provisionalUpgrade }
}

/// What the log and the app were last told, so a change is reported once.
struct Reported: Hashable {
    var inUse = false
    var indicator = false
    var auth: AuthView
    /// While in use, what would end it (`Simulator.inUseEndReason` at the
    /// last settle); `.terminated` otherwise.
    var inUseEnds = InUseEndReason.terminated
    /// What the app's delegate was last told: status and accuracy.
    var appSaw: AppSaw? = nil

    struct AppSaw: Hashable {
        var status: AuthorizationStatus
        var accuracy: AccuracyAuthorization
    }
}

/// `requestAlwaysAuthorization`'s upgrade and provisional Always's prompt (§4, §6).
struct AlwaysUpgrade: Hashable {
    /// `requestAlwaysAuthorization` upgrades one time only (§4).
    enum Request: Hashable { case available, used }

    /// Provisional Always's upgrade prompt, at most once per install (§6).
    enum PromptState: Hashable {
        case notOffered
        /// Shows at the next `system notBusy`, or at `showAt` (`upgradePromptDelay`).
        case pending(showAt: Millis?)
        case shown
    }

    var request = Request.available
    var prompt = PromptState.notOffered
    /// Held events by key, in the order they were held.
    var held = KeyedList<HeldEvent>()
}

/// A region the app monitors, with the system's cached state.
/// A circle derived crossings observe (`Simulator.walk`).
protocol MonitoredCircle {
    var region: CircularRegion { get }
    var boundary: Boundary { get set }
    var outside: Geo.Proximity { get }
}

struct MonitoredRegion: Hashable, MonitoredCircle {
    var region: CircularRegion
    var boundary: Boundary
    /// Beyond the boundary by the crossing margin: surely outside.
    var outside: Geo.Proximity
    var state: RegionState { boundary.state }
}

/// A `UNLocationNotificationTrigger` the app scheduled; the system monitors
/// its region like any other (Apple, UNLocationNotificationTrigger).
struct LocationNotification: Hashable, MonitoredCircle {
    var region: CircularRegion
    var repeats: Bool
    var boundary: Boundary
    var outside: Geo.Proximity
}

/// The monitoring services, which outlive the app's process (Apple, startMonitoringSignificantLocationChanges–Apple, allowsBackgroundLocationUpdates).
struct Monitoring: Hashable {
    /// Significant-change monitoring, when started: the last event it gave.
    struct SignificantChange: Hashable {
        var last: TimedLocation? = nil
        /// The app's process has not started the service since it launched:
        /// "Upon relaunch, you must still configure a location manager object
        /// and call this method to continue receiving location events"
        /// (Apple, startMonitoringSignificantLocationChanges; docs/rules.md §8).
        var awaitingRestart = false
        /// The current event, held until the app restarts the service: "When
        /// you restart location services, the current event is delivered to
        /// your delegate immediately."
        var held: TimedLocation? = nil
    }
    /// Visit monitoring, when started: the arrival of the visit under way.
    struct Visits: Hashable { var arrival: Millis? = nil }

    var significantChange: SignificantChange? = nil
    var visits: Visits? = nil
    var regions = KeyedList<MonitoredRegion>() {
        didSet { regionSkip.invalidate() }
    }
    var notifications = KeyedList<LocationNotification>() {
        didSet { notificationSkip.invalidate() }
    }
    /// Which regions and notifications a fix may leave alone (derived
    /// crossings); caches, not state (`CircleSkip`): any change to the
    /// lists but the walk's drops them.
    var regionSkip = CircleSkip()
    var notificationSkip = CircleSkip()
    /// Ids a scenario may name in `enter`/`exit` and region calls.
    var declaredRegionIDs: Set<String> = []
    /// Notifications on screen the user may tap.
    var shownNotifications: Set<String> = []
}

/// What the device knows of its position, across launches.
struct Fixes: Hashable {
    var last: Location? = nil
    /// A `nofix` line is in force: the device cannot determine its location
    /// (docs/rules.md §8, "No fix").
    var outage: Outage? = nil
    /// Reduced accuracy delivers at most once per `reducedInterval` (§10).
    var lastReducedDelivery: Millis? = nil

    /// A reduced location at `now` comes less than `interval` after the last one (§10).
    @inline(__always)
    func reducedTooSoon(at now: Millis, interval: Millis) -> Bool {
        if let last = lastReducedDelivery { return now - last < interval }
        return false
    }
}

/// A `nofix` line's time without a location: until the next fix line, or
/// with `until`, until that time — fix lines before it are not sensed.
struct Outage: Hashable {
    var until: Millis?

    /// Whether the outage still holds at `now` (an `until` in the past ends it).
    func holds(at now: Millis) -> Bool { until.map { now < $0 } ?? true }
}

/// An event held for provisional Always's upgrade prompt (docs/rules.md §6).
struct HeldEvent: Hashable {
    /// Events with the same key supersede each other.
    enum Key: Hashable {
        case region(String)
        case significantChange
        case visits
        /// A CLMonitor condition, by `Monitors.key` (docs/modern.md M15).
        case condition(String)

        /// The key as `KeyedList` stores it (a region id cannot collide with the others).
        var id: String {
            switch self {
            case .region(let id): return "region " + id
            case .significantChange: return "significantChange"
            case .visits: return "visits"
            case .condition(let key): return "condition " + key
            }
        }
    }

    var time: Millis
    var key: Key
    var event: MonitoringEvent
}

/// An event of a service that may wake or relaunch the app: a region
/// crossing, a significant change, a visit or a CLMonitor event.
enum MonitoringEvent: Hashable {
    case crossing(regionID: String, entered: Bool)
    /// A region whose state was `unknown` is settled by fixes: didDetermineState
    /// alone, as being inside at registration is no entry (Apple, region monitoring).
    case stateSettled(regionID: String, RegionState)
    /// The fix and its time: a held event is delivered later, with that time.
    case significantChange(Location, fixedAt: Millis)
    case visit(arrival: Millis?, departure: Millis?, Location, arrive: Bool)
    /// A CLMonitor condition's new state (docs/modern.md M13–M16).
    case condition(monitor: String, id: String, MonitorState)

    var wakeReason: WakeReason {
        switch self {
        case .crossing, .stateSettled, .condition: return .region
        case .significantChange: return .location
        case .visit: return .visit
        }
    }

    /// Its column of the delivery table; a CLMonitor event's depends on
    /// what the app's service sessions provide.
    func service(_ sessions: Delivery.Sessions) -> Delivery.Service {
        switch self {
        case .crossing, .stateSettled: return .region
        case .significantChange: return .significantChange
        case .visit: return .visit
        case .condition: return .monitor(sessions)
        }
    }

    var holdKey: HeldEvent.Key {
        switch self {
        case .crossing(let id, _), .stateSettled(let id, _): return .region(id)
        case .significantChange: return .significantChange
        case .visit: return .visits
        case .condition(let monitor, let id, _): return .condition(Monitors.key(monitor, id))
        }
    }

    /// How a hold or drop record names it.
    var undelivered: UndeliveredEvent {
        switch self {
        case .crossing(let id, let entered): return entered ? .enter(regionID: id) : .exit(regionID: id)
        case .stateSettled(let id, let state): return .callback(.didDetermineState(state, regionID: id))
        case .significantChange(let l, _): return .significantChange(l)
        case .visit(_, _, let l, let arrive): return arrive ? .visitArrive(l) : .visitDepart(l)
        case .condition(let monitor, let id, let state): return .monitorEvent(monitor: monitor, id: id, state)
        }
    }
}

/// A location with the time it was fixed.
/// A location and the time it was fixed: an update queued for a suspended
/// app, one of several handed over in one `didUpdateLocations` call.
package struct TimedLocation: Hashable, Sendable {
    package var location: Location
    package var time: Millis
}

extension DesiredAccuracy {
    /// Whether a fix of `accuracy` meters meets this `desiredAccuracy`.
    /// `kCLLocationAccuracyBest` and `…BestForNavigation` are negative
    /// constants no fix meets, so `requestLocation` then waits its timeout
    /// and delivers the best fix seen (developers measure about 10 s, Apple, requestLocation and CLError);
    /// `reduced` accepts any fix, as it is reduced anyway.
    func isMet(by accuracy: Double) -> Bool {
        switch self {
        case .bestForNavigation, .best: return false
        case .nearestTenMeters: return accuracy <= 10
        case .hundredMeters: return accuracy <= 100
        case .kilometer: return accuracy <= 1000
        case .threeKilometers: return accuracy <= 3000
        case .reduced: return true
        }
    }
}
