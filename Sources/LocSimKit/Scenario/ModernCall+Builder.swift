/// The iOS 17/18 calls as a scenario writes them, for the Swift builder:
/// `.app(.liveUpdates(.start(.fitness)))` is `app liveUpdates start fitness`
/// (Sources/LocSimKit/LocSimKit.docc/SwiftAPI.md). Each helper builds a `ModernCall`; `Event.app(_:)`
/// takes one where it takes an `AppCall`, so both kinds of call read alike.
extension ModernCall {
    /// `liveUpdates start [<configuration>]` or `liveUpdates stop`.
    public enum LiveUpdatesAction: Equatable, Sendable {
        /// `liveUpdates start [<configuration>]`; `.default` configuration when omitted.
        case start(LiveConfiguration = .default)
        /// `liveUpdates stop`: the app leaves the loop.
        case stop
    }

    /// `backgroundActivitySession begin|end|release`.
    public enum SessionAction: Equatable, Sendable {
        /// `begin`: create and hold the session; `end`: `invalidate()`; `release`: let go of it without `invalidate()`.
        case begin, end, release
    }

    /// `serviceSession begin <name> <requirement> [fullAccuracyPurposeKey=<key>]`
    /// `serviceSession end <name>` or `serviceSession release <name>`.
    public enum ServiceSessionAction: Equatable, Sendable {
        /// `serviceSession begin <name> <requirement> [fullAccuracyPurposeKey=<key>]`.
        case begin(_ name: String, _ requirement: ServiceRequirement, fullAccuracyPurposeKey: String? = nil)
        /// `serviceSession end <name>`: `invalidate()`.
        case end(_ name: String)
        /// `serviceSession release <name>`: the app lets go of the session without `invalidate()` (M20).
        case release(_ name: String)
    }

    /// `monitor <name> open|close|add …|remove <id>`.
    public enum MonitorAction: Equatable, Sendable {
        /// `monitor <name> open`: `await CLMonitor(name)` and iterate its events; `close`: drop it.
        case open, close
        /// `monitor <name> add <id> …`: add a condition, with `assuming` the state it starts in.
        case add(_ id: String, _ condition: MonitorCondition, assuming: MonitorState? = nil)
        /// `monitor <name> remove <id>`: remove the condition `id`.
        case remove(_ id: String)
    }

    /// `CLLocationUpdate.liveUpdates(_:)`: `.liveUpdates(.start(.fitness))`, `.liveUpdates(.stop)`.
    public static func liveUpdates(_ action: LiveUpdatesAction) -> ModernCall {
        switch action {
        case .start(let configuration): return .liveUpdatesStart(configuration)
        case .stop: return .liveUpdatesStop
        }
    }

    /// `CLBackgroundActivitySession()`, its `invalidate()` and the app
    /// letting go of it: `.backgroundActivitySession(.begin)`, `.backgroundActivitySession(.release)`.
    public static func backgroundActivitySession(_ action: SessionAction) -> ModernCall {
        switch action {
        case .begin: return .backgroundActivitySessionBegin
        case .end: return .backgroundActivitySessionEnd
        case .release: return .backgroundActivitySessionRelease
        }
    }

    /// `CLServiceSession(authorization:)`, its `invalidate()` and the app
    /// letting go of it: `.serviceSession(.begin("nav", .whenInUse))`,
    /// `.serviceSession(.end("nav"))`, `.serviceSession(.release("nav"))`.
    public static func serviceSession(_ action: ServiceSessionAction) -> ModernCall {
        switch action {
        case .begin(let name, let requirement, let key):
            return .serviceSessionBegin(name: name, requirement, fullAccuracyPurposeKey: key)
        case .end(let name): return .serviceSessionEnd(name: name)
        case .release(let name): return .serviceSessionRelease(name: name)
        }
    }

    /// `CLMonitor(_:)` named `name`, its `add`, `remove` and release:
    /// `.monitor("geo", .add("home", .circle(center: …, radius: 100)))`.
    public static func monitor(_ name: String, _ action: MonitorAction) -> ModernCall {
        switch action {
        case .open: return .monitorOpen(name: name)
        case .close: return .monitorClose(name: name)
        case .add(let id, let condition, let assumed):
            return .monitorAdd(name: name, id: id, condition, assuming: assumed)
        case .remove(let id): return .monitorRemove(name: name, id: id)
        }
    }
}

extension Event {
    /// An iOS 17/18 call where a `CLLocationManager` call would go:
    /// `.app(.liveUpdates(.start(.fitness)))` is `.modern(.liveUpdatesStart(.fitness))`.
    public static func app(_ call: ModernCall) -> Event { .modern(call) }
}
