/// The diagnostic properties that iOS 18 puts on the elements of the
/// Swift-concurrency streams (`CLLocationUpdate`, `CLMonitor.Event`,
/// `CLServiceSession.Diagnostic`, `CLBackgroundActivitySession.Diagnostic`),
/// plus `stationary` (iOS 17's `isStationary`). docs/modern.md quotes what
/// sets each.
public struct DiagnosticFlags: OptionSet, Equatable, Hashable, Sendable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// `CLLocationUpdate.stationary` (iOS 17's `isStationary`): the device stopped and updates pause until it moves.
    public static let stationary = DiagnosticFlags(rawValue: 1 << 0)
    /// `authorizationDenied`: the user denied the app, or Location Services are off (docs/modern.md M22).
    public static let authorizationDenied = DiagnosticFlags(rawValue: 1 << 1)
    /// `authorizationDeniedGlobally`: Location Services are off for the whole device.
    public static let authorizationDeniedGlobally = DiagnosticFlags(rawValue: 1 << 2)
    /// `authorizationRestricted`: a restriction (Screen Time, parental controls) forbids location.
    public static let authorizationRestricted = DiagnosticFlags(rawValue: 1 << 3)
    /// `authorizationRequestInProgress`: an authorization prompt is on screen and not answered yet.
    public static let authorizationRequestInProgress = DiagnosticFlags(rawValue: 1 << 4)
    /// `insufficientlyInUse`: the app is not in use as the service needs (docs/modern.md M6, M9).
    public static let insufficientlyInUse = DiagnosticFlags(rawValue: 1 << 5)
    /// `serviceSessionRequired`: `NSLocationRequireExplicitServiceSession` is set and no `CLServiceSession` meets it.
    public static let serviceSessionRequired = DiagnosticFlags(rawValue: 1 << 6)
    /// `accuracyLimited`: reduced accuracy (Precise off): the element carries a reduced location or none.
    public static let accuracyLimited = DiagnosticFlags(rawValue: 1 << 7)
    /// `locationUnavailable`: the device cannot determine its location now (a `nofix` line, docs/rules.md §8).
    public static let locationUnavailable = DiagnosticFlags(rawValue: 1 << 8)
    /// `CLServiceSession.Diagnostic.fullAccuracyDenied`: the session requires full accuracy and Precise is off.
    public static let fullAccuracyDenied = DiagnosticFlags(rawValue: 1 << 9)
    /// `CLServiceSession.Diagnostic.alwaysAuthorizationDenied`: the session requires Always and the app lacks it.
    public static let alwaysAuthorizationDenied = DiagnosticFlags(rawValue: 1 << 10)
    /// `CLMonitor.Event.conditionUnsupported`: monitoring its condition's type is unsupported; never set by locsim.
    public static let conditionUnsupported = DiagnosticFlags(rawValue: 1 << 11)
    /// `CLMonitor.Event.conditionLimitExceeded`: more conditions of this type than `monitorConditionLimit`.
    public static let conditionLimitExceeded = DiagnosticFlags(rawValue: 1 << 12)
    /// `CLMonitor.Event.persistenceUnavailable`: a persistence failure; never set (locsim models no storage failure).
    public static let persistenceUnavailable = DiagnosticFlags(rawValue: 1 << 13)

    /// The flags that say why nothing is delivered (all but `stationary`,
    /// `accuracyLimited` on a location and `locationUnavailable`).
    public static let authorizationProblems: DiagnosticFlags = [
        .authorizationDenied, .authorizationDeniedGlobally, .authorizationRestricted,
        .authorizationRequestInProgress, .insufficientlyInUse, .serviceSessionRequired,
    ]
}

/// Which stream an `update` record belongs to, deciding which flags it carries.
public enum UpdateStream: String, Equatable, Sendable {
    /// The streams of `update` records: `CLLocationUpdate.liveUpdates`, `CLMonitor` events, and the diagnostics of
    /// `CLServiceSession` and `CLBackgroundActivitySession`; the raw value is the word the log prints.
    case liveUpdates, monitor, serviceSession, backgroundActivitySession

    /// The stream's properties, in the order the log prints them (the
    /// order of the SDK headers). A stored table per stream: every element
    /// of a stream reads it.
    package var flags: [(DiagnosticFlags, String)] {
        switch self {
        case .liveUpdates: return Self.liveUpdatesFlags
        case .monitor: return Self.monitorFlags
        case .serviceSession: return Self.serviceSessionFlags
        case .backgroundActivitySession: return Self.backgroundActivitySessionFlags
        }
    }

    private static let liveUpdatesFlags: [(DiagnosticFlags, String)] = [
        (.stationary, "stationary"), (.authorizationDenied, "authorizationDenied"),
        (.authorizationDeniedGlobally, "authorizationDeniedGlobally"),
        (.authorizationRestricted, "authorizationRestricted"),
        (.authorizationRequestInProgress, "authorizationRequestInProgress"),
        (.insufficientlyInUse, "insufficientlyInUse"), (.serviceSessionRequired, "serviceSessionRequired"),
        (.accuracyLimited, "accuracyLimited"), (.locationUnavailable, "locationUnavailable"),
    ]

    private static let monitorFlags: [(DiagnosticFlags, String)] = [
        (.authorizationDenied, "authorizationDenied"),
        (.authorizationDeniedGlobally, "authorizationDeniedGlobally"),
        (.authorizationRestricted, "authorizationRestricted"), (.insufficientlyInUse, "insufficientlyInUse"),
        (.accuracyLimited, "accuracyLimited"), (.conditionUnsupported, "conditionUnsupported"),
        (.conditionLimitExceeded, "conditionLimitExceeded"), (.persistenceUnavailable, "persistenceUnavailable"),
        (.serviceSessionRequired, "serviceSessionRequired"),
        (.authorizationRequestInProgress, "authorizationRequestInProgress"),
    ]

    private static let serviceSessionFlags: [(DiagnosticFlags, String)] = [
        (.authorizationDenied, "authorizationDenied"),
        (.authorizationDeniedGlobally, "authorizationDeniedGlobally"),
        (.authorizationRestricted, "authorizationRestricted"), (.insufficientlyInUse, "insufficientlyInUse"),
        (.serviceSessionRequired, "serviceSessionRequired"), (.fullAccuracyDenied, "fullAccuracyDenied"),
        (.alwaysAuthorizationDenied, "alwaysAuthorizationDenied"),
        (.authorizationRequestInProgress, "authorizationRequestInProgress"),
    ]

    private static let backgroundActivitySessionFlags: [(DiagnosticFlags, String)] = [
        (.authorizationDenied, "authorizationDenied"),
        (.authorizationDeniedGlobally, "authorizationDeniedGlobally"),
        (.authorizationRestricted, "authorizationRestricted"), (.insufficientlyInUse, "insufficientlyInUse"),
        (.serviceSessionRequired, "serviceSessionRequired"),
        (.authorizationRequestInProgress, "authorizationRequestInProgress"),
    ]
}

/// `CLMonitor.EventState`.
public enum MonitorState: String, Equatable, Sendable {
    /// `CLMonitor.EventState` by its Swift case names, as an `update monitor` record prints it.
    case unknown, satisfied, unsatisfied, unmonitored
}

/// An element of an async sequence the app iterates (an `update` record),
/// as distinct from a delegate callback.
public enum UpdateRecord: Equatable, Sendable {
    /// A `CLLocationUpdate`; `nil` location: an element carrying only diagnostics (iOS 18).
    case liveUpdate(Location?, DiagnosticFlags)
    /// A `CLLocationUpdate` yielded after its fix (queued for a relaunched
    /// app): the location carries the fix's own time (`@t`, docs/log-format.md).
    case earlierLiveUpdate(Location, DiagnosticFlags, fixedAt: Instant)
    /// A `CLMonitor.Event`.
    case monitorEvent(monitor: String, id: String, MonitorState, DiagnosticFlags)
    /// A `CLMonitor.Event` with a `refinement`: "the most specific condition
    /// to which this event could apply" (`CLMonitoringEvent.h`) — the
    /// identity of the beacon that satisfied a beacon identity condition
    /// (docs/modern.md M22).
    case refinedMonitorEvent(
        monitor: String, id: String, MonitorState, DiagnosticFlags, refinement: BeaconConstraint)
    /// A `CLServiceSession.Diagnostic`.
    case serviceSession(name: String, DiagnosticFlags)
    /// A `CLBackgroundActivitySession.Diagnostic`.
    case backgroundActivitySession(DiagnosticFlags)

    /// The location of a `CLLocationUpdate`; `nil` for any other element,
    /// or for one carrying only diagnostics.
    public var location: Location? {
        switch self {
        case .liveUpdate(let location, _): return location
        case .earlierLiveUpdate(let location, _, _): return location
        case .monitorEvent, .refinedMonitorEvent, .serviceSession, .backgroundActivitySession: return nil
        }
    }

    /// The diagnostic flags the element carries, whatever its stream.
    public var flags: DiagnosticFlags {
        switch self {
        case .liveUpdate(_, let f), .earlierLiveUpdate(_, let f, _), .monitorEvent(_, _, _, let f),
            .refinedMonitorEvent(_, _, _, let f, _), .serviceSession(_, let f), .backgroundActivitySession(let f):
            return f
        }
    }

    /// The stream the element belongs to.
    public var stream: UpdateStream {
        switch self {
        case .liveUpdate, .earlierLiveUpdate: return .liveUpdates
        case .monitorEvent, .refinedMonitorEvent: return .monitor
        case .serviceSession: return .serviceSession
        case .backgroundActivitySession: return .backgroundActivitySession
        }
    }

    func render<S: FieldSink>(to sink: inout S) {
        let flags: DiagnosticFlags
        var fixedAt: Instant? = nil
        var refinement: BeaconConstraint? = nil
        switch self {
        case .liveUpdate(let location, let f):
            sink.word("stream", UpdateStream.liveUpdates.rawValue)
            if let location {
                sink.coordinate(location.coordinate)
                sink.accuracy(location.accuracy)
            } else {
                sink.keyed("location", "nil")
            }
            flags = f
        case .earlierLiveUpdate(let location, let f, let time):
            sink.word("stream", "liveUpdates")
            sink.coordinate(location.coordinate)
            sink.accuracy(location.accuracy)
            flags = f
            fixedAt = time
        case .monitorEvent(let monitor, let id, let state, let f),
            .refinedMonitorEvent(let monitor, let id, let state, let f, _):
            sink.word("stream", "monitor")
            sink.word("monitor", monitor)
            sink.word("id", id)
            sink.word("state", state.rawValue)
            flags = f
            if case .refinedMonitorEvent(_, _, _, _, let r) = self { refinement = r }
        case .serviceSession(let name, let f):
            sink.word("stream", "serviceSession")
            sink.word("session", name)
            sink.word("element", "diagnostic")
            flags = f
        case .backgroundActivitySession(let f):
            sink.word("stream", "backgroundActivitySession")
            sink.word("element", "diagnostic")
            flags = f
        }
        for (flag, name) in stream.flags { sink.flag(name, flags.contains(flag)) }
        if let refinement { sink.keyed("refinement", refinement.text) }
        // Last, as on a delegate's location: `@t` ends the line.
        if let fixedAt { sink.timestamp(fixedAt.sinceStart) }
    }
}
