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
}
