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
    /// A region entry (`enter <id>`) held or dropped for the region of that id.
    case enter(regionID: String)
    /// A region exit (`exit <id>`) held or dropped for the region of that id.
    case exit(regionID: String)
    /// A visit's arrival (`visit arrive …`) held or dropped.
    case visitArrive(Location)
    /// A visit's departure (`visit depart …`) held or dropped.
    case visitDepart(Location)
    /// A beacon sighting held or dropped (`beacon <uuid> <major>.<minor>:<proximity>` in the log).
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
    /// `prompt show <prompt> "<text>" <answer>,…`: a prompt appears with its Info.plist text and the answers it offers.
    case show(PromptKind, text: String, answers: [Answer])
    /// `prompt answer <answer>`: the user answers the prompt on screen.
    case answer(Answer)
    /// `prompt dismiss`: the prompt goes away unanswered (the app left the foreground, was force-quit).
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
    /// `app launch foreground`: the app launches into the foreground.
    case launchForeground
    /// `app launch background reason=<why>`: the system launches the app in the background for an event.
    case launchBackground(WakeReason)
    /// `app foreground`: the app comes to the foreground.
    case foreground
    /// `app background`: the app leaves the foreground.
    case background
    /// `app suspend`: the app is suspended and runs no code (docs/rules.md §2).
    case suspend
    /// `app wake reason=<why>`: a suspended app is woken for an event.
    case wake(WakeReason)
    /// `app terminate reason=<user|system|crash|reboot>`: the app stops running.
    case terminate(TerminateReason)
}

/// The system's view of the app's authorization (an `auth` record).
public struct AuthView: Hashable, Sendable {
    /// `status=`: the `CLAuthorizationStatus` the API reads.
    public var status: AuthorizationStatus
    /// `settings=`: what the Settings app shows for the app.
    public var settings: SettingsDisplay
    /// `accuracy=`: the accuracy authorization, printed `full` or `reduced`.
    public var accuracy: AccuracyAuthorization
    /// `provisional`: the app holds provisional Always (docs/rules.md §6).
    public var provisional: Bool
    /// `temporary`: the grant is temporary (Allow Once, or temporary full accuracy).
    public var temporary: Bool
    /// The view an `auth` record prints, field by field.
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
    /// A `prompt` record: a prompt shown, answered or dismissed.
    public static func prompt(_ prompt: PromptRecord) -> Record { Record(.prompt(prompt)) }
    /// An `app` record: the app's lifecycle (launch, foreground, background, suspend, wake, terminate).
    public static func app(_ app: AppRecord) -> Record { Record(.app(app)) }
    /// An `auth` record: the system's view of the authorization after a change.
    public static func auth(_ view: AuthView) -> Record { Record(.auth(view)) }
    /// `inuse begin reason=<foreground|backgroundSession>`: the app starts counting as in use.
    public static func inUseBegin(_ reason: InUseBeginReason) -> Record { Record(.inUseBegin(reason)) }
    /// `inuse end reason=<graceExpired|sessionEnded|terminated>`: the app stops counting as in use.
    public static func inUseEnd(_ reason: InUseEndReason) -> Record { Record(.inUseEnd(reason)) }
    /// `indicator on` or `indicator off`: the blue background-location indicator.
    public static func indicator(on: Bool) -> Record { Record(.indicator(on: on)) }
    /// A `hold` record: the event is kept for later, and why.
    public static func hold(_ event: UndeliveredEvent, _ reason: HoldReason) -> Record { Record(.hold(event, reason)) }
    /// A `drop` record: the event or callback the app does not get, and why.
    public static func drop(_ event: UndeliveredEvent, _ reason: DropReason) -> Record { Record(.drop(event, reason)) }
    /// `notification <id> <entry|exit>`: a location notification is shown to the user.
    public static func notification(id: String, entry: Bool) -> Record { Record(.notification(id: id, entry: entry)) }
    /// A `warning` record: what iOS prints to the console (a request without its Info.plist key, …).
    public static func warning(_ text: String) -> Record { Record(.warning(text)) }
    /// A `crash` record: a fatal error the real OS raises, with its message; `app terminate reason=crash` follows.
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

    /// `delegate`: a delegate method call.
    public static let delegate = RecordKind(.delegate)
    /// `update`: an element of an iOS 17+ async sequence.
    public static let update = RecordKind(.update)
    /// `session`: an iOS 17+ session object begins, takes effect or ends.
    public static let session = RecordKind(.session)
    /// `completion`: a completion handler runs.
    public static let completion = RecordKind(.completion)
    /// `prompt`: a system prompt shows, is answered or dismissed.
    public static let prompt = RecordKind(.prompt)
    /// `app`: the app's lifecycle.
    public static let app = RecordKind(.app)
    /// `auth`: the system's view of the authorization.
    public static let auth = RecordKind(.auth)
    /// `inuse`: the app begins or stops counting as in use.
    public static let inUse = RecordKind(.inUse)
    /// `indicator`: the blue background-location indicator turns on or off.
    public static let indicator = RecordKind(.indicator)
    /// `hold`: an event kept for later.
    public static let hold = RecordKind(.hold)
    /// `drop`: an event or callback the app does not get.
    public static let drop = RecordKind(.drop)
    /// `notification`: a location notification is shown.
    public static let notification = RecordKind(.notification)
    /// `warning`: a console message of the OS.
    public static let warning = RecordKind(.warning)
    /// `crash`: a fatal error of the OS; the app stops.
    public static let crash = RecordKind(.crash)
    /// `react`: an `on` line's action runs, or is skipped.
    public static let react = RecordKind(.react)
    /// `expect`: an `expect` line that did not hold, after the last record.
    public static let expect = RecordKind(.expect)
}

/// A record at its time.
public struct LogRecord: Equatable, Sendable {
    /// When the record happened: the `<time>` column.
    public var time: Instant
    /// What the record says.
    public var record: Record
    /// The record `record` at `time`.
    public init(_ time: Instant, _ record: Record) {
        self.time = time
        self.record = record
    }
}
