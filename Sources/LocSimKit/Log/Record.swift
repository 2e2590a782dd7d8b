/// A world event, or a callback, that was held or dropped instead of delivered.
public enum UndeliveredEvent: Equatable, Sendable {
    /// A fix offered to standard location updates (or to `requestLocation`).
    case fix(Location)
    /// A fix offered to the `liveUpdates` stream (docs/modern.md).
    case liveUpdate(Location)
    /// A `CLMonitor` event (docs/modern.md).
    case monitorEvent(monitor: String, id: String, MonitorState)
    /// A fix that was a significant-change event.
    case significantChange(Location)
    case enter(regionID: String)
    case exit(regionID: String)
    case visitArrive(Location)
    case visitDepart(Location)
    indirect case beacon(BeaconSighting)
    /// A location notification that could not be shown.
    case notification(id: String, entry: Bool)
    /// A callback the app could not receive (for example, not implemented).
    case callback(Callback)
}

/// What a prompt record says.
public enum PromptRecord: Equatable, Sendable {
    case show(PromptKind, text: String, answers: [Answer])
    case answer(Answer)
    case dismiss
}

/// What an `app` record says.
public enum AppRecord: Equatable, Sendable {
    case launchForeground
    case launchBackground(WakeReason)
    case foreground
    case background
    case suspend
    case wake(WakeReason)
    case terminate(TerminateReason)
}

/// The system's view of the app's authorization (an `auth` record).
public struct AuthView: Hashable, Sendable {
    public var status: AuthorizationStatus
    public var settings: SettingsDisplay
    public var accuracy: AccuracyAuthorization
    public var provisional: Bool
    public var temporary: Bool
    public init(status: AuthorizationStatus, settings: SettingsDisplay, accuracy: AccuracyAuthorization, provisional: Bool, temporary: Bool) {
        self.status = status
        self.settings = settings
        self.accuracy = accuracy
        self.provisional = provisional
        self.temporary = temporary
    }
}

/// One line of the log, without its time (SPEC §2).
///
/// Every record of a long trace passes through the simulator's output, so
/// the type is kept to a few words: rare cases with large payloads are
/// `indirect` here and in `Callback` and `UndeliveredEvent`.
public enum Record: Equatable, Sendable {
    case delegate(Callback)
    /// An element of an async sequence (iOS 17+ APIs, docs/modern.md).
    indirect case update(UpdateRecord)
    /// An iOS 17+ session object begins, takes effect or ends (docs/modern.md).
    indirect case session(SessionRecord)
    /// A completion handler; `error == nil` prints `error=nil`.
    case completion(method: String, error: CLErrorCode?)
    indirect case prompt(PromptRecord)
    case app(AppRecord)
    case auth(AuthView)
    case inUseBegin(InUseBeginReason)
    case inUseEnd(InUseEndReason)
    case indicator(on: Bool)
    case hold(UndeliveredEvent, HoldReason)
    case drop(UndeliveredEvent, DropReason)
    case notification(id: String, entry: Bool)
    case warning(String)
    case crash(String)

    /// The `<kind>` column.
    public var kind: String {
        switch self {
        case .delegate: return "delegate"
        case .update: return "update"
        case .session: return "session"
        case .completion: return "completion"
        case .prompt: return "prompt"
        case .app: return "app"
        case .auth: return "auth"
        case .inUseBegin, .inUseEnd: return "inuse"
        case .indicator: return "indicator"
        case .hold: return "hold"
        case .drop: return "drop"
        case .notification: return "notification"
        case .warning: return "warning"
        case .crash: return "crash"
        }
    }
}

/// A record at its time.
public struct LogRecord: Equatable, Sendable {
    public var time: Millis
    public var record: Record
    public init(_ time: Millis, _ record: Record) {
        self.time = time
        self.record = record
    }
}
