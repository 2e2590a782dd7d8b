/// Several `CLLocationManager`s per app (docs/rules.md §8, "Several
/// managers"). The manager created at launch is `.launch`; the others are
/// `.named`, created at their first `app[<name>] …` line. All live in the
/// rule state (`World.launchManager`, `World.named`, keyed by name) and are
/// changed in place there, as TCA's `ForEach` reduces a child by its id: a
/// rule that serves one manager runs inside `serving(id) { … }`, which
/// points `manager` at it for the rule's duration and back after, so no
/// manager is ever moved out of its place. What is per app
/// (authorization, monitoring, the session and the indicator) stays on the
/// simulator and reads every manager through `anyManager`.
enum ManagerID: Hashable {
    case launch
    case named(String)

    init(_ name: String?) { self = name.map(ManagerID.named) ?? .launch }

    /// The `app[<name>]` name; nil for the launch manager.
    var name: String? {
        guard case .named(let name) = self else { return nil }
        return name
    }
}

extension Simulator {
    /// The name the log gives the launch manager once the app has others.
    static let launchManagerName = "default"

    /// The app has named managers: manager records then name theirs.
    @inline(__always)
    var several: Bool { named.count > 0 }

    /// The manager the rule running now serves (`serving`), in its place in the rule state.
    var manager: LocationManager {
        get {
            switch serving {
            case .launch: return world.launchManager
            case .named(let name): return world.named[existing: name]
            }
        }
        _modify {
            switch serving {
            case .launch: yield &world.launchManager
            case .named(let name): yield &world.named[existing: name]
            }
        }
    }

    /// Runs `body` with `manager` standing for manager `id` (which exists),
    /// then for the one it stood for before.
    mutating func serving<R, E: Error>(_ id: ManagerID, _ body: (inout Simulator) throws(E) -> R) throws(E) -> R {
        let before = serving
        serving = id
        defer { serving = before }
        return try body(&self)
    }

    /// `app[<name>] <call>`: the call on that manager, created first if new
    /// (it gets the authorization callback at creation, as the launch
    /// manager does: Apple, locationManagerDidChangeAuthorization(_:)).
    mutating func managerCall(_ name: String, _ call: AppCall, _ s: TimedStatement) throws(ScenarioError) {
        try checkCall(call.name, unavailable: Availability.problem(call, on: rules), s)
        let created = !named.contains(name)
        if created { named.upsert(name, LocationManager(name: name)) }
        try serving(.named(name)) { (simulator: inout Simulator) throws(ScenarioError) in
            if created { simulator.reportAuthorization(initial: true) }
            try simulator.appCall(call, s)
        }
    }

    /// `serving` for a timer of manager `name`: nothing when that manager no
    /// longer exists (the app ended since the timer was set).
    mutating func servingIfExists(_ name: String?, _ body: (inout Simulator) -> Void) {
        if let name, !named.contains(name) { return }
        serving(ManagerID(name), body)
    }

    /// Every manager's id: the launch manager, then the named ones in creation order.
    var managerIDs: [ManagerID] { [.launch] + named.ids.map(ManagerID.named) }

    /// Runs `body` once per manager (`managerIDs`), each served in turn.
    mutating func forEachManager(_ body: (inout Simulator) -> Void) {
        for id in managerIDs { serving(id, body) }
    }

    /// Whether some manager of the app satisfies `condition`.
    func anyManager(_ condition: (LocationManager) -> Bool) -> Bool {
        condition(world.launchManager) || named.elements.contains(where: condition)
    }

    /// The manager's name in the log: named records once the app has several managers.
    @inline(never)
    mutating func emitNamingManager(_ record: consuming Record) {
        let name = serving.name ?? Self.launchManagerName
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
        guard several else {
            emitCallback(callback, as: event)
            return
        }
        forEachManager { $0.emitCallback(callback, as: event) }
    }
}
