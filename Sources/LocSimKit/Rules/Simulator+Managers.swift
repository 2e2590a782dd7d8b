/// Several `CLLocationManager`s per app (docs/rules.md §8, "Several
/// managers"). The manager created at launch is `World.launchManager`
/// (index 0); the others, `World.named`, follow in creation order (index 1,
/// 2, …), each made at its first `app[<name>] …` line and found by name.
/// All are changed in place there, as TCA's `ForEach` reduces a child by its
/// id: a rule that serves one manager runs inside `serving(index) { … }`,
/// which points `manager` at it for the rule's duration and back after, so
/// no manager is ever moved out of its place. What is per app
/// (authorization, monitoring, the session and the indicator) stays on the
/// simulator and reads every manager through `anyManager`.
extension Simulator {
    /// The name the log gives the launch manager once the app has others.
    static let launchManagerName = "default"

    /// The launch manager's index.
    static let launchManager = 0

    /// The app has named managers: manager records then name theirs.
    @inline(__always)
    var several: Bool { !world.named.isEmpty }

    /// The manager the rule running now serves (`serving`), in its place in
    /// the rule state (the per-fix rules use `readingManager` and
    /// `changingManager` instead). Read with `get`, not `_read`: see
    /// `Simulator.world`. Yielding an element of one array of all managers
    /// copied it on every read (+16 % instructions with crossings derived).
    var manager: LocationManager {
        get { serving == Self.launchManager ? world.launchManager : world.named[serving - 1] }
        _modify {
            if serving == Self.launchManager { yield &world.launchManager } else { yield &world.named[serving - 1] }
        }
    }

    /// `manager`'s `read`, without the accessor's coroutine: one whose
    /// `_read` and `_modify` yield at two places gets a heap-allocated frame
    /// on every access, which every fix paid several times (+45 %
    /// instructions on the When In Use day). The per-fix rules go through
    /// here and `changingManager`; the others through `manager`.
    @inline(__always)
    func readingManager<T>(_ read: (LocationManager) -> T) -> T {
        serving == Self.launchManager ? read(world.launchManager) : read(world.named[serving - 1])
    }

    /// `manager`'s `change`, without the accessor's coroutine (`readingManager`).
    @inline(__always)
    mutating func changingManager<T>(_ change: (inout LocationManager) -> T) -> T {
        if serving == Self.launchManager { return change(&world.launchManager) }
        return change(&world.named[serving - 1])
    }

    /// Every manager's index: the launch manager, then the named ones in creation order.
    var managerIndices: ClosedRange<Int> { Self.launchManager...world.named.count }

    /// Runs `body` with `manager` standing for the manager at `index`, then
    /// for the one it stood for before.
    mutating func serving<R, E: Error>(_ index: Int, _ body: (inout Simulator) throws(E) -> R) throws(E) -> R {
        let before = serving
        serving = index
        defer { serving = before }
        return try body(&self)
    }

    /// The index of the manager `app[name]` names (nil: the launch manager), if it exists.
    func managerIndex(_ name: String?) -> Int? {
        guard let name else { return Self.launchManager }
        return world.namedIndex[name]
    }

    /// `app[<name>] <call>`: the call on that manager, created first if new
    /// (it gets the authorization callback at creation, as the launch
    /// manager does: Apple, locationManagerDidChangeAuthorization(_:)).
    mutating func managerCall(_ name: String, _ call: AppCall, _ s: TimedStatement) throws(ScenarioError) {
        try checkCall(call.name, unavailable: Availability.problem(call, on: rules), s)
        let existing = world.namedIndex[name]
        let index = existing ?? world.named.count + 1
        if existing == nil {
            world.namedIndex[name] = index
            world.named.append(LocationManager(name: name))
        }
        try serving(index) { (simulator: inout Simulator) throws(ScenarioError) in
            if existing == nil { simulator.reportAuthorization(initial: true) }
            try simulator.appCall(call, s)
        }
    }

    /// `serving` for a timer of manager `name`: nothing when that manager no
    /// longer exists (the app ended since the timer was set).
    mutating func servingIfExists(_ name: String?, _ body: (inout Simulator) -> Void) {
        guard let index = managerIndex(name) else { return }
        serving(index, body)
    }

    /// The app's managers end with its process: only a fresh launch manager
    /// is left, and it is the one served (after a call that crashed the app).
    mutating func endManagers() {
        forEachManager { $0.apply($0.manager.end(.notRunning)) }
        world.launchManager = LocationManager()
        world.named = []
        world.namedIndex = [:]
        world.headings.byManager = [:]
        dropDeferredFixes()
        serving = Self.launchManager
    }

    /// Runs `body` once per manager — the launch manager, then the named
    /// ones in creation order — each served in turn.
    mutating func forEachManager(_ body: (inout Simulator) -> Void) {
        for index in managerIndices { serving(index, body) }
    }

    /// Whether some manager of the app satisfies `condition`.
    func anyManager(_ condition: (LocationManager) -> Bool) -> Bool {
        condition(world.launchManager) || world.named.contains(where: condition)
    }

    /// The manager's name in the log: named records once the app has several managers.
    @inline(never)
    mutating func emitNamingManager(_ record: consuming Record) {
        let name = manager.name ?? Self.launchManagerName
        let named: Record
        switch record.event {
        case .delegate, .drop(.fix, _), .drop(.callback, _), .drop(.heading, _), .hold(.fix, _):
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
        guard several else {
            emitCallback(callback, as: event)
            return
        }
        forEachManager { $0.emitCallback(callback, as: event) }
    }
}
