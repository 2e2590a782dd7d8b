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
    /// A heading sample offered to heading updates (docs/rules.md §8, "Heading").
    indirect case heading(HeadingSample)
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

/// A prompt record read without pattern matching.
extension PromptRecord {
    /// A prompt shown (`prompt show …`).
    public var isShown: Bool { if case .show = self { true } else { false } }
    /// The prompt shown's kind; nil for an answer or a dismissal.
    public var kind: PromptKind? { if case .show(let kind, _, _) = self { kind } else { nil } }
    /// The answers the prompt shown offers; empty for an answer or a dismissal.
    public var answers: [Answer] { if case .show(_, _, let answers) = self { answers } else { [] } }
    /// The prompt shown's text; nil for an answer or a dismissal.
    public var text: String? { if case .show(_, let text, _) = self { text } else { nil } }
    /// The user's answer (`prompt answer …`); nil otherwise.
    public var answered: Answer? { if case .answer(let answer) = self { answer } else { nil } }
    /// The prompt went away unanswered (`prompt dismiss`).
    public var isDismissed: Bool { self == .dismiss }
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
    public init(
        status: AuthorizationStatus, settings: SettingsDisplay, accuracy: AccuracyAuthorization, provisional: Bool,
        temporary: Bool
    ) {
        self.status = status
        self.settings = settings
        self.accuracy = accuracy
        self.provisional = provisional
        self.temporary = temporary
    }
}

/// One line of the log, without its time (SPEC §2).
///
/// A struct over a package enum (evolution policy, Sources/LocSimKit/LocSimKit.docc/SwiftAPI.md
/// "Stability"): a new kind of record in a later version does not break
/// client code, which builds records with the static functions below and
/// reads them through `kind` and `LogRecord`'s typed views
/// (`callback`, `dropReason`, …) rather than by an exhaustive `switch`.
///
/// Every record of a long trace passes through the simulator's output, so
/// the type is kept to a few words: rare cases with large payloads are
/// `indirect` here and in `Callback` and `UndeliveredEvent`.
public struct Record: Equatable, Sendable {
    package enum Event: Equatable, Sendable {
        case delegate(Callback)
        /// An element of an async sequence (iOS 17+ APIs, docs/modern.md).
        /// Not `indirect`: a `liveUpdates` trace has one a fix, and boxing
        /// each cost an allocation and a release; unboxed, `LogRecord`
        /// keeps its 48-byte stride.
        case update(UpdateRecord)
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
        /// An `on` line's action runs (or is skipped): the cause of the records after it.
        indirect case react(ReactionRecord)
        /// An `expect` line that did not hold, written after the last record.
        indirect case expect(FailedExpectation)
        /// A record of one of several `CLLocationManager`s (a delegate call,
        /// a fix or callback held or dropped for it): the log names the
        /// manager when the app has more than one (docs/language.md).
        indirect case ofManager(String, Event)
    }

    /// What the record says, without the manager it names. A copy of the
    /// event: the per-record path (ErrorCauses, the writers) switches over
    /// `event` instead, where the manager's records need no unwrapping.
    @inline(__always)
    package var base: Event {
        if case .ofManager(_, let event) = event { return event }
        return event
    }

    /// The manager a record names (the app has several), or nil.
    public var manager: String? {
        if case .ofManager(let name, _) = event { return name }
        return nil
    }

    /// What the record says; the library switches over it, clients do not.
    package var event: Event

    @inline(__always)
    package init(_ event: Event) { self.event = event }

    /// The `<kind>` column.
    public var kind: RecordKind {
        switch base {
        case .delegate: return .delegate
        case .update: return .update
        case .session: return .session
        case .completion: return .completion
        case .prompt: return .prompt
        case .app: return .app
        case .auth: return .auth
        case .inUseBegin, .inUseEnd: return .inUse
        case .indicator: return .indicator
        case .hold: return .hold
        case .drop: return .drop
        case .notification: return .notification
        case .warning: return .warning
        case .crash: return .crash
        case .react: return .react
        case .expect: return .expect
        case .ofManager: preconditionFailure("a manager's record wraps one other record")
        }
    }
}

extension Record {
    /// A delegate method call.
    public static func delegate(_ callback: Callback) -> Record { Record(.delegate(callback)) }
    /// An element of an async sequence (iOS 17+ APIs, docs/modern.md).
    public static func update(_ update: UpdateRecord) -> Record { Record(.update(update)) }
    /// An iOS 17+ session object begins, takes effect or ends (docs/modern.md).
    public static func session(_ session: SessionRecord) -> Record { Record(.session(session)) }
    /// A completion handler; `error == nil` prints `error=nil`.
    public static func completion(method: String, error: CLErrorCode?) -> Record {
        Record(.completion(method: method, error: error))
    }
    public static func prompt(_ prompt: PromptRecord) -> Record { Record(.prompt(prompt)) }
    public static func app(_ app: AppRecord) -> Record { Record(.app(app)) }
    public static func auth(_ view: AuthView) -> Record { Record(.auth(view)) }
    public static func inUseBegin(_ reason: InUseBeginReason) -> Record { Record(.inUseBegin(reason)) }
    public static func inUseEnd(_ reason: InUseEndReason) -> Record { Record(.inUseEnd(reason)) }
    public static func indicator(on: Bool) -> Record { Record(.indicator(on: on)) }
    public static func hold(_ event: UndeliveredEvent, _ reason: HoldReason) -> Record { Record(.hold(event, reason)) }
    public static func drop(_ event: UndeliveredEvent, _ reason: DropReason) -> Record { Record(.drop(event, reason)) }
    public static func notification(id: String, entry: Bool) -> Record { Record(.notification(id: id, entry: entry)) }
    public static func warning(_ text: String) -> Record { Record(.warning(text)) }
    public static func crash(_ text: String) -> Record { Record(.crash(text)) }
    /// An `on` line's action runs, or is skipped (docs/log-format.md).
    public static func react(_ reaction: ReactionRecord) -> Record { Record(.react(reaction)) }
    /// An `expect` line that did not hold.
    public static func expect(_ failed: FailedExpectation) -> Record { Record(.expect(failed)) }
}

/// The `<kind>` column of a record (SPEC §2), typed. A struct over a
/// package enum, like `Record`: a new kind is no breaking change.
public struct RecordKind: Hashable, Sendable, CustomStringConvertible {
    package enum Code: String, CaseIterable, Sendable {
        case delegate, update, session, completion, prompt, app, auth
        case inUse = "inuse"
        case indicator, hold, drop, notification, warning, crash, react, expect
    }

    package let code: Code

    package init(_ code: Code) { self.code = code }

    /// The word the log prints: `delegate`, `drop`, `inuse`, …
    public var name: String { code.rawValue }
    public var description: String { code.rawValue }

    /// Every kind, in the order of SPEC §2's table.
    public static var allCases: [RecordKind] { Code.allCases.map(RecordKind.init) }

    public static let delegate = RecordKind(.delegate)
    public static let update = RecordKind(.update)
    public static let session = RecordKind(.session)
    public static let completion = RecordKind(.completion)
    public static let prompt = RecordKind(.prompt)
    public static let app = RecordKind(.app)
    public static let auth = RecordKind(.auth)
    public static let inUse = RecordKind(.inUse)
    public static let indicator = RecordKind(.indicator)
    public static let hold = RecordKind(.hold)
    public static let drop = RecordKind(.drop)
    public static let notification = RecordKind(.notification)
    public static let warning = RecordKind(.warning)
    public static let crash = RecordKind(.crash)
    public static let react = RecordKind(.react)
    public static let expect = RecordKind(.expect)
}

/// A record at its time.
public struct LogRecord: Equatable, Sendable {
    public var time: Instant
    public var record: Record
    public init(_ time: Instant, _ record: Record) {
        self.time = time
        self.record = record
    }
}
