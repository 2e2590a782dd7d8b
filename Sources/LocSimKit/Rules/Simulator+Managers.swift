/// Several `CLLocationManager`s per app (docs/rules.md §8, "Several
/// managers"). The manager created at launch is `manager`; the others live
/// in `named`, created at their first `app[<name>] …` line. A rule that
/// serves one manager swaps it into `manager` (`select`), so every rule on
/// `manager` serves a named one unchanged; what is per app (authorization,
/// monitoring, the session and the indicator) stays on the simulator and
/// reads every manager through `anyManager`.
struct ManagerSelection: Hashable {
    /// The named manager swapped into `manager`, and the launch manager
    /// parked meanwhile; nil: the launch manager is in `manager`.
    var name: String? = nil
    var parked: LocationManager? = nil
    /// The app has named managers (`named` is not empty): read per record
    /// and per fix, so kept as a flag rather than asked of the dictionary.
    var several = false
}

extension Simulator {
    /// The name the log gives the launch manager once the app has others.
    static let launchManagerName = "default"

    /// `app[<name>] <call>`: the call on that manager, created first if new
    /// (it gets the authorization callback at creation, as the launch
    /// manager does: Apple, locationManagerDidChangeAuthorization(_:)).
    mutating func managerCall(_ name: String, _ call: AppCall, _ s: TimedStatement) throws(ScenarioError) {
        try checkCall(call.name, unavailable: Availability.problem(call, on: rules), s)
        select(name)
        defer { selectLaunchManager() }
        try appCall(call, s)
    }

    /// Swaps manager `name` into `manager`, creating it if new (nil: the launch manager).
    mutating func select(_ name: String?) {
        guard name != selection.name else { return }
        selectLaunchManager()
        guard let name else { return }
        let created = !named.contains(name)
        let chosen = named[name] ?? LocationManager(name: name)
        if created { named.upsert(name, chosen) }
        selection = ManagerSelection(name: name, parked: manager, several: true)
        manager = chosen
        if created { reportAuthorization(initial: true) }
    }

    /// `select` for a timer: false (and nothing selected) when the named
    /// manager no longer exists (the app ended since the timer was set).
    mutating func selectExisting(_ name: String?) -> Bool {
        if let name, !named.contains(name) { return false }
        select(name)
        return true
    }

    /// Puts the selected named manager back and the launch manager into `manager`.
    mutating func selectLaunchManager() {
        guard let name = selection.name, let parked = selection.parked else { return }
        named.upsert(name, manager)
        manager = parked
        selection = ManagerSelection(several: true)
    }

    /// Runs `body` once per manager — the launch manager, then the named
    /// ones in creation order — each in `manager`; the selection is restored after.
    mutating func forEachManager(_ body: (inout Simulator) -> Void) {
        let before = selection.name
        selectLaunchManager()
        body(&self)
        for name in named.ids {
            select(name)
            body(&self)
        }
        select(before)
    }

    /// Whether some manager of the app (the selected one included) satisfies `condition`.
    func anyManager(_ condition: (LocationManager) -> Bool) -> Bool {
        if condition(manager) { return true }
        if let parked = selection.parked, condition(parked) { return true }
        return named.elements.contains { $0.name != selection.name && condition($0) }
    }

    /// The manager's name in the log: named records once the app has several managers.
    @inline(never)
    mutating func emitNamingManager(_ record: consuming Record) {
        let name = selection.name ?? Self.launchManagerName
        let named: Record
        switch record.event {
        case .delegate, .drop(.fix, _), .drop(.callback, _), .hold(.fix, _):
            named = Record(.ofManager(name, record.event))
        case .update, .session, .completion, .prompt, .app, .auth, .inUseBegin, .inUseEnd, .indicator, .hold, .drop,
            .notification, .warning, .crash, .react, .expect, .ofManager:
            named = record
        }
        output.append(LogRecord(Instant(sinceStart: now), named))
    }

    /// A callback for an event of an app-wide service (a region crossing or
    /// state, a significant change, a visit, a monitoring failure): every
    /// manager's delegate receives it.
    mutating func emitToEveryManager(_ callback: Callback, as event: UndeliveredEvent? = nil) {
        guard selection.several else {
            emitCallback(callback, as: event)
            return
        }
        forEachManager { $0.emitCallback(callback, as: event) }
    }
}
