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

    /// The sessions by name, in the order begun (a name begun again moves
    /// to the end): looked up by name in O(1), so 20,000 `begin` lines are
    /// not quadratic (issue 26).
    private(set) var sessions = KeyedList<Session>()
    /// How many effective sessions ask for each requirement (derived from
    /// `sessions`, kept so delivery decisions need not walk them).
    private var effective = RequirementCounts()
    /// Sessions waiting for the foreground (derived from `sessions`).
    private var waiting = 0
    /// Sessions with a purpose key whose prompt was not shown (derived).
    private var unshownPurposeKeys = 0
    /// What the last `refreshDiagnostics` walked with (a cache: equal states
    /// may differ in it, so it never takes part in `==` or the hash).
    private var refreshed = Unhashed(Refreshed())
    /// The requirements of the effective sessions held when the process last
    /// ended: "a CLServiceSession instance should be created while in-use, or
    /// immediately when launched in the background if a matching session was
    /// held when previously running" (CLServiceSession.h).
    private(set) var heldWhenEnded: [ServiceRequirement] = []
    /// Launched in the background after holding sessions, not suspended
    /// since: a session matching one held before rejoins it (M6, item 1 of issue 19).
    private(set) var rejoinable = false

    struct RequirementCounts: Hashable {
        var none = 0
        var whenInUse = 0
        var always = 0

        mutating func add(_ requirement: ServiceRequirement, _ delta: Int) {
            switch requirement {
            case .none: none += delta
            case .whenInUse: whenInUse += delta
            case .always: always += delta
            }
        }
    }

    /// The context the last diagnostics walk used, and the sessions begun since.
    struct Refreshed {
        var context: DiagnosticContext? = nil
        var begunSince: [String] = []
    }

    var isEmpty: Bool { sessions.count == 0 }

    /// Begins a session, effective when created in the foreground or when it
    /// rejoins a matching session of the previous run; otherwise it waits for
    /// the foreground. A name already in use replaces the old session (the
    /// app dropped its reference and made a new one), which is returned.
    mutating func begin(
        _ name: String, _ requirement: ServiceRequirement, purposeKey: String?, foreground: Bool
    ) -> (replaced: Session?, standing: SessionStanding) {
        let replaced = remove(name)
        let rejoins = rejoinable && heldWhenEnded.contains(requirement)
        let isEffective = foreground || rejoins
        let session = Session(
            name: name, requirement: requirement, fullAccuracyPurposeKey: purposeKey,
            standing: isEffective ? .effective : .waitingForForeground)
        sessions.upsert(name, session)
        count(session, 1)
        refreshed.value.begunSince.append(name)
        return (replaced, isEffective ? .effective : .waiting)
    }

    /// `invalidate()` or release; the session, or nil when no session has that name.
    mutating func end(_ name: String) -> Session? { remove(name) }

    private mutating func remove(_ name: String) -> Session? {
        guard let session = sessions.remove(name) else { return nil }
        count(session, -1)
        return session
    }

    private mutating func count(_ session: Session, _ delta: Int) {
        if session.standing == .effective { effective.add(session.requirement, delta) } else { waiting += delta }
        if session.fullAccuracyPurposeKey != nil && session.fullAccuracyPrompt == .notShown {
            unshownPurposeKeys += delta
        }
    }

    /// Waiting sessions take effect; returned in the order begun.
    mutating func foreground() -> [Session] {
        guard waiting > 0 else { return [] }
        var changed: [Session] = []
        sessions.forEach { (session: inout Session) in
            guard session.standing == .waitingForForeground else { return }
            session.standing = .effective
            changed.append(session)
        }
        for session in changed { effective.add(session.requirement, 1) }
        waiting = 0
        refreshed.value.context = nil  // standings changed: walk them all
        return changed
    }

    /// The process ended: every session with it (returned, in the order
    /// begun); the effective ones may be rejoined after a background relaunch.
    mutating func terminated() -> [Session] {
        let ended = sessions.elements
        heldWhenEnded = ended.filter { $0.standing == .effective }.map(\.requirement)
        sessions = KeyedList()
        effective = RequirementCounts()
        waiting = 0
        unshownPurposeKeys = 0
        refreshed.value = Refreshed()
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
        if effective.always > 0 { return .always }
        return effective.whenInUse > 0 ? .whenInUse : nil
    }

    /// The explicit-session requirement is met: by a session requiring
    /// authorization, or by a `.none` one "if the framework already has authorization".
    func meetRequirement(authorized: Bool) -> Bool {
        effective.always + effective.whenInUse > 0 || (authorized && effective.none > 0)
    }

    /// What decides every session's diagnostics besides the session itself.
    struct DiagnosticContext: Hashable {
        var authorizationFlags: DiagnosticFlags
        var level: Authorization.Level
        var inUse: Bool
        var alwaysDenied: Bool
        var fullAccuracyDenied: Bool
    }

    /// Gives each session whose diagnostics differ from the last ones it
    /// yielded its new flags, and returns those sessions in the order begun.
    /// Walks every session only when `context` changed since the last walk
    /// (or standings did); otherwise only the sessions begun since, whose
    /// flags are the only ones that can differ.
    mutating func refreshDiagnostics(_ context: DiagnosticContext) -> [Session] {
        var changed: [Session] = []
        func refresh(_ session: inout Session) {
            let flags = Self.diagnostics(of: session, context)
            guard flags != session.lastFlags else { return }
            session.lastFlags = flags
            changed.append(session)
        }
        if refreshed.value.context == context {
            // In the order begun, as the full walk: a name begun again since
            // moved behind the others.
            let slots = Set(refreshed.value.begunSince.compactMap { sessions.slot(of: $0) }).sorted()
            sessions.forEach(inSlots: slots) { refresh(&$0) }
        } else {
            sessions.forEach { (session: inout Session) in refresh(&session) }
            refreshed.value.context = context
        }
        refreshed.value.begunSince.removeAll(keepingCapacity: true)
        return changed
    }

    /// The first effective session (in the order begun) whose full-accuracy
    /// prompt was not shown and whose purpose key `shows`, with that key (M18).
    func fullAccuracyCandidate(where shows: (String) -> Bool) -> (name: String, key: String)? {
        guard unshownPurposeKeys > 0 else { return nil }
        for p in 0..<sessions.slotCount {
            guard let session = sessions.element(inSlot: p), session.standing == .effective,
                session.fullAccuracyPrompt == .notShown, let key = session.fullAccuracyPurposeKey, shows(key)
            else { continue }
            return (session.name, key)
        }
        return nil
    }

    /// The session's full-accuracy prompt was shown: never again for it.
    mutating func fullAccuracyShown(_ name: String) {
        sessions.update(name) { $0.fullAccuracyPrompt = .shown }
        unshownPurposeKeys -= 1
    }

    /// What the sessions do for the streams' delivery (`Delivery.Sessions`), from iOS 18.
    func delivery(explicitRequired: Bool, authorized: Bool) -> Delivery.Sessions {
        if explicitRequired && !meetRequirement(authorized: authorized) { return .required }
        return strongestRequirement == .always ? .always : .withoutAlways
    }

    /// A session's `Diagnostic`: the authorization flags that apply to every
    /// stream, and the ones that depend on the session's goal.
    static func diagnostics(of session: Session, _ context: DiagnosticContext) -> DiagnosticFlags {
        var flags = context.authorizationFlags
        // A session requiring authorization meets the requirement itself.
        if session.requirement != .none { flags.remove(.serviceSessionRequired) }
        let alwaysCovered = context.level == .always && session.requirement == .always
        if session.standing == .waitingForForeground || (context.level != .none && !context.inUse && !alwaysCovered) {
            flags.insert(.insufficientlyInUse)
        }
        if session.requirement == .always && context.alwaysDenied { flags.insert(.alwaysAuthorizationDenied) }
        if session.fullAccuracyPurposeKey != nil && context.fullAccuracyDenied { flags.insert(.fullAccuracyDenied) }
        return flags
    }
}
