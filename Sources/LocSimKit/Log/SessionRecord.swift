/// A `session` record: an iOS 17+ object that keeps location flowing — a
/// `liveUpdates` iteration, a `CLBackgroundActivitySession`, a
/// `CLServiceSession` — begins, takes effect or ends (docs/modern.md,
/// "Session records"). The log says so, so that a reader (the timeline)
/// draws what happened, not a guess.
public enum SessionRecord: Equatable, Sendable {
    /// Created: effective at once, or waiting for the foreground
    /// (`insufficientlyInUse` until then, M6).
    case begin(SessionObject, SessionStanding)
    /// A waiting object takes effect: the app came to the foreground.
    case effective(SessionObject)
    /// `<stream> [<name>] end reason=<why>`: the object ends (invalidated, stopped, released, replaced, terminated).
    case end(SessionObject, SessionEndReason)

    /// The object the record is about, whatever the record says of it.
    public var object: SessionObject {
        switch self {
        case .begin(let o, _), .effective(let o), .end(let o, _): return o
        }
    }

    func render<S: FieldSink>(to sink: inout S) {
        object.render(to: &sink)
        switch self {
        case .begin(let object, let standing):
            sink.word("action", "begin")
            switch object {
            case .liveUpdates(let configuration): sink.keyed("configuration", configuration.rawValue)
            case .serviceSession(_, let requirement): sink.keyed("requirement", requirement.rawValue)
            case .backgroundActivitySession: break
            }
            sink.keyed("state", standing.rawValue)
        case .effective:
            sink.word("action", "effective")
        case .end(_, let reason):
            sink.word("action", "end")
            sink.keyed("reason", reason.rawValue)
        }
    }
}

/// The object a `session` record is about; `stream` names it as `update` records do.
public enum SessionObject: Equatable, Sendable {
    /// A `liveUpdates` iteration with its `CLLocationUpdate.LiveConfiguration` (`configuration=` at `begin`).
    case liveUpdates(LiveConfiguration)
    /// A `CLBackgroundActivitySession`, printed `backgroundActivitySession`.
    case backgroundActivitySession
    /// A `CLServiceSession` by its scenario name (`serviceSession <name>`), with its `requirement=`.
    case serviceSession(name: String, ServiceRequirement)

    /// The stream the object's `update` records belong to.
    public var stream: UpdateStream {
        switch self {
        case .liveUpdates: return .liveUpdates
        case .backgroundActivitySession: return .backgroundActivitySession
        case .serviceSession: return .serviceSession
        }
    }

    func render<S: FieldSink>(to sink: inout S) {
        sink.word("stream", stream.rawValue)
        if case .serviceSession(let name, _) = self { sink.word("session", name) }
    }
}

/// Whether a new session object is in effect.
public enum SessionStanding: String, Equatable, Sendable, CaseIterable {
    /// It keeps the app in use (an activity session), meets its goal (a
    /// service session), or yields locations (a `liveUpdates` iteration).
    case effective
    /// Created out of the foreground with nothing to rejoin: it reports
    /// `insufficientlyInUse` until the app returns to the foreground (M6).
    case waiting
}

/// Why a session object ended.
public enum SessionEndReason: String, Equatable, Sendable, CaseIterable {
    /// `invalidate()` (`… end`).
    case invalidated
    /// The app left the `for try await` loop (`liveUpdates stop`).
    case stopped
    /// The app let go of its last reference (`app releaseSession …`).
    case released
    /// A new object of the same name (or a new iteration) took its place.
    case replaced
    /// The process ended, and every object with it.
    case terminated
}
