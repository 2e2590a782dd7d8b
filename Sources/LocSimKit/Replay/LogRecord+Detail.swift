/// Typed views of a record's detail, so a test reads
/// `record.dropReason == .notInUse` instead of matching the whole `Record`.
extension LogRecord {
    /// The `<kind>` column: `delegate`, `drop`, `prompt`, … (SPEC §2).
    public var kind: RecordKind { record.kind }

    /// The delegate callback, for a `delegate` record.
    public var callback: Callback? {
        if case .delegate(let callback) = record.base { return callback }
        return nil
    }

    /// Why the event was dropped, for a `drop` record.
    public var dropReason: DropReason? {
        if case .drop(_, let reason) = record.base { return reason }
        return nil
    }

    /// Why the event was held, for a `hold` record.
    public var holdReason: HoldReason? {
        if case .hold(_, let reason) = record.base { return reason }
        return nil
    }

    /// The event that was held or dropped, for a `hold` or `drop` record.
    public var undelivered: UndeliveredEvent? {
        if case .hold(let event, _) = record.base { return event }
        if case .drop(let event, _) = record.base { return event }
        return nil
    }

    /// What a `prompt` record says: shown (with its kind), answered, dismissed.
    public var prompt: PromptRecord? {
        if case .prompt(let prompt) = record.base { return prompt }
        return nil
    }

    /// The system's view of the authorization, for an `auth` record.
    public var auth: AuthView? {
        if case .auth(let view) = record.base { return view }
        return nil
    }

    /// The element of an async sequence, for an `update` record (iOS 17+:
    /// `CLLocationUpdate`, `CLMonitor.Event`, a session's diagnostic).
    public var update: UpdateRecord? {
        if case .update(let update) = record.base { return update }
        return nil
    }

    /// What began, took effect or ended, for a `session` record (docs/modern.md).
    public var session: SessionRecord? {
        if case .session(let session) = record.base { return session }
        return nil
    }

    /// The completion handler called, for a `completion` record.
    public var completion: CompletionRecord? {
        if case .completion(let method, let error) = record.base {
            return CompletionRecord(method: method, error: error)
        }
        return nil
    }

    /// What happened to the app, for an `app` record: launched, sent to the
    /// background, suspended, woken, terminated.
    public var app: AppRecord? {
        if case .app(let app) = record.base { return app }
        return nil
    }

    /// Why in use began, for an `inuse begin` record.
    public var inUseBegin: InUseBeginReason? {
        if case .inUseBegin(let reason) = record.base { return reason }
        return nil
    }

    /// Why in use ended, for an `inuse end` record.
    public var inUseEnd: InUseEndReason? {
        if case .inUseEnd(let reason) = record.base { return reason }
        return nil
    }

    /// Whether the blue background-location indicator shows, for an `indicator` record.
    public var indicator: Bool? {
        if case .indicator(let on) = record.base { return on }
        return nil
    }

    /// The location notification shown, for a `notification` record.
    public var notification: ShownNotification? {
        if case .notification(let id, let entry) = record.base { return ShownNotification(id: id, entry: entry) }
        return nil
    }

    /// What iOS prints to the console, for a `warning` record.
    public var warning: String? {
        if case .warning(let text) = record.base { return text }
        return nil
    }

    /// An `on` line's action that ran or was skipped, for a `react` record.
    public var reaction: ReactionRecord? {
        if case .react(let reaction) = record.base { return reaction }
        return nil
    }

    /// An `expect` line that did not hold, for an `expect` record.
    public var failedExpectation: FailedExpectation? {
        if case .expect(let failed) = record.base { return failed }
        return nil
    }

    /// Why the app crashed, for a `crash` record.
    public var crash: String? {
        if case .crash(let text) = record.base { return text }
        return nil
    }
}

/// A `completion` record: the completion handler of `method`, with its error (`nil`: success).
public struct CompletionRecord: Hashable, Sendable {
    /// The method whose completion handler ran (`requestTemporaryFullAccuracyAuthorization`).
    public var method: String
    /// The `error=` the handler got: a `kCLError…` code, or `nil` (printed `error=nil`) for success.
    public var error: CLErrorCode?
    /// The completion of `method` with `error`.
    public init(method: String, error: CLErrorCode?) {
        self.method = method
        self.error = error
    }
}

/// A `notification` record: the location notification `id` shown, on entry or on exit.
public struct ShownNotification: Hashable, Sendable {
    /// The region id of the notification (`addLocationNotification <id> …`).
    public var id: String
    /// `true` for the notification of an entry, `false` of an exit (`entry` or `exit` in the log).
    public var entry: Bool
    /// The notification `id` shown on entry (`entry` true) or on exit.
    public init(id: String, entry: Bool) {
        self.id = id
        self.entry = entry
    }
}
