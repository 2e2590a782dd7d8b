/// Where the app is in its lifecycle (docs/rules.md §2), with what each state
/// carries: a background app its run deadline and what keeps it in use, a
/// terminated app how it ended.
enum Lifecycle: Hashable {
    case notRunning(endedBy: TerminateReason?)
    case foreground
    case background(Background)
    /// A grace period may outlast the run time (`grace` > `suspendAfter`).
    case suspended(graceUntil: Millis?)

    /// A running background app.
    struct Background: Hashable {
        /// Suspended at this time unless a session keeps it running.
        var deadline: Millis
        var inUse: BackgroundInUse
        /// When this run in the background began (leaving the foreground, a
        /// wake, a background launch): ranging's time limit counts from it (§8).
        var since: Millis
    }

    /// What keeps a background app in use (§3): a grace period after leaving
    /// the foreground, or a background location session. A session begun
    /// ends the grace; a grace is never started with a session.
    enum BackgroundInUse: Hashable {
        case no
        case grace(until: Millis)
        case session
    }

    var appState: AppState {
        switch self {
        case .notRunning: return .notRunning
        case .foreground: return .foreground
        case .background: return .background
        case .suspended: return .suspended
        }
    }

    /// The end of the grace period under way, if any.
    var graceUntil: Millis? {
        switch self {
        case .background(let b):
            if case .grace(let until) = b.inUse { return until }
            return nil
        case .suspended(let until): return until
        case .notRunning, .foreground: return nil
        }
    }

    var hasSession: Bool {
        if case .background(let b) = self { return b.inUse == .session }
        return false
    }
}

/// Where the app is in its lifecycle (docs/rules.md §2), as tests and records name it.
package enum AppState: Hashable, Sendable {
    case notRunning, foreground, background, suspended

    /// Runs code (not suspended, not terminated).
    package var isRunning: Bool { self == .foreground || self == .background }
}

extension AppState: CustomStringConvertible {
    package var description: String {
        switch self {
        case .notRunning: return "not running"
        case .foreground: return "in the foreground"
        case .background: return "in the background"
        case .suspended: return "suspended"
        }
    }
}
