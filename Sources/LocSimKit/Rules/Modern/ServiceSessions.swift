/// The app's `CLServiceSession`s (iOS 18): each declares an authorization
/// goal; together they meet `NSLocationRequireExplicitServiceSession` and
/// keep an Always app's streams flowing out of use (docs/modern.md).
struct ServiceSessions: Hashable {
    struct Session: Hashable {
        var name: String
        var requirement: ServiceRequirement
        var fullAccuracyPurposeKey: String?
        var standing: Standing
        var lastFlags: DiagnosticFlags? = nil
        /// The full-accuracy prompt of its `fullAccuracyPurposeKey`, asked once per session (M18).
        var fullAccuracyPrompt = FullAccuracyPrompt.notShown
    }

    enum FullAccuracyPrompt: Hashable { case notShown, shown }

    enum Standing: Hashable {
        case effective
        /// Created while not sufficiently in use: it "will yield the
        /// .insufficientlyInUse diagnostic until the app returns to the foreground".
        case waitingForForeground
    }

    var sessions: [Session] = []
    /// The requirements of the effective sessions held when the process last
    /// ended: "a CLServiceSession instance should be created while in-use, or
    /// immediately when launched in the background if a matching session was
    /// held when previously running" (CLServiceSession.h).
    private(set) var heldWhenEnded: [ServiceRequirement] = []
    /// Launched in the background after holding sessions, not suspended
    /// since: a session matching one held before rejoins it (M6, item 1 of issue 19).
    private(set) var rejoinable = false

    var isEmpty: Bool { sessions.isEmpty }

    /// Begins a session, effective when created in the foreground or when it
    /// rejoins a matching session of the previous run; otherwise it waits for
    /// the foreground. A name already in use replaces the old session (the
    /// app dropped its reference and made a new one), which is returned.
    mutating func begin(
        _ name: String, _ requirement: ServiceRequirement, purposeKey: String?, foreground: Bool
    ) -> (replaced: Session?, standing: SessionStanding) {
        let replaced = sessions.first { $0.name == name }
        sessions.removeAll { $0.name == name }
        let rejoins = rejoinable && heldWhenEnded.contains(requirement)
        let effective = foreground || rejoins
        sessions.append(Session(
            name: name, requirement: requirement, fullAccuracyPurposeKey: purposeKey,
            standing: effective ? .effective : .waitingForForeground))
        return (replaced, effective ? .effective : .waiting)
    }

    /// `invalidate()` or release; the session, or nil when no session has that name.
    mutating func end(_ name: String) -> Session? {
        guard let i = sessions.firstIndex(where: { $0.name == name }) else { return nil }
        return sessions.remove(at: i)
    }

    /// Waiting sessions take effect; returned in the order begun.
    mutating func foreground() -> [Session] {
        var changed: [Session] = []
        for i in sessions.indices where sessions[i].standing == .waitingForForeground {
            sessions[i].standing = .effective
            changed.append(sessions[i])
        }
        return changed
    }

    /// The process ended: every session with it (returned, in the order
    /// begun); the effective ones may be rejoined after a background relaunch.
    mutating func terminated() -> [Session] {
        let ended = sessions
        heldWhenEnded = ended.filter { $0.standing == .effective }.map(\.requirement)
        sessions = []
        rejoinable = false
        return ended
    }

    /// The system launches the app in the background.
    mutating func relaunched() { rejoinable = !heldWhenEnded.isEmpty }

    /// Once suspended (or in the foreground), the relaunch's run is over: nothing is rejoined after it.
    mutating func runEnded() {
        rejoinable = false
        heldWhenEnded = []
    }

    /// The requirement of the strongest effective session asking for authorization.
    var strongestRequirement: ServiceRequirement? {
        let effective = sessions.filter { $0.standing == .effective && $0.requirement != .none }
        if effective.contains(where: { $0.requirement == .always }) { return .always }
        return effective.isEmpty ? nil : .whenInUse
    }

    /// The explicit-session requirement is met: by a session requiring
    /// authorization, or by a `.none` one "if the framework already has authorization".
    func meetRequirement(authorized: Bool) -> Bool {
        sessions.contains { $0.standing == .effective && ($0.requirement != .none || authorized) }
    }

    /// What the sessions do for the streams' delivery (`Delivery.Sessions`), from iOS 18.
    func delivery(explicitRequired: Bool, authorized: Bool) -> Delivery.Sessions {
        if explicitRequired && !meetRequirement(authorized: authorized) { return .required }
        return strongestRequirement == .always ? .always : .withoutAlways
    }

    /// A session's `Diagnostic`: the authorization flags that apply to every
    /// stream, and the ones that depend on the session's goal.
    static func diagnostics(
        of session: Session, authorizationFlags: DiagnosticFlags, level: Authorization.Level, inUse: Bool,
        alwaysDenied: Bool, fullAccuracyDenied: Bool
    ) -> DiagnosticFlags {
        var flags = authorizationFlags
        // A session requiring authorization meets the requirement itself.
        if session.requirement != .none { flags.remove(.serviceSessionRequired) }
        let alwaysCovered = level == .always && session.requirement == .always
        if session.standing == .waitingForForeground || (level != .none && !inUse && !alwaysCovered) {
            flags.insert(.insufficientlyInUse)
        }
        if session.requirement == .always && alwaysDenied { flags.insert(.alwaysAuthorizationDenied) }
        if session.fullAccuracyPurposeKey != nil && fullAccuracyDenied { flags.insert(.fullAccuracyDenied) }
        return flags
    }
}
