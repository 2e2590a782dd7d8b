/// What a `LocationManager` asks the simulator to do; a method returns them
/// in order, so the records appear in the order the manager returned them.
enum ManagerAction: Equatable {
    /// `didUpdateLocations` for a location fixed at `fixedAt` (reduced first
    /// when accuracy asks for it, docs/rules.md §10).
    case deliver(Location, fixedAt: Millis)
    case drop(Location, DropReason)
    /// Queued for the suspended app: a hold record (§8).
    case hold(Location)
    /// A callback that answers no event of a service (a failure, a pause):
    /// decided as `Delivery.Service.callback`, to a running app or lost.
    case callback(Callback)
    case arm(RuleTimer, at: Millis)
    case cancel(RuleTimer)
}

/// The actions of one fix (`LocationManager.offer`): at most an automatic
/// pause armed, a pending request's timeout cancelled, and two location
/// records, in that order. Every field is a plain value, so the per-fix path
/// copies it without reference counting and allocates nothing.
struct FixActions: Equatable {
    /// What becomes of one location.
    enum Disposition: Equatable {
        /// `didUpdateLocations` with the fix's own time (it is now).
        case deliver
        /// Queued for the suspended app.
        case hold
        case drop(DropReason)
    }

    /// Arm `.autoPause` at this time.
    var armPauseAt: Millis? = nil
    /// Cancel `.requestLocationTimeout`.
    var cancelsRequestTimeout = false
    private(set) var first: (location: Location, disposition: Disposition)? = nil
    private(set) var second: (location: Location, disposition: Disposition)? = nil
    /// The fix reached `didUpdateLocations`, or will when the suspended app runs.
    var reachesApp = false

    mutating func append(_ location: Location, _ disposition: Disposition) {
        if first == nil { first = (location, disposition) } else { second = (location, disposition) }
    }

    /// The same as general actions (tests compare them).
    func actions(at now: Millis) -> [ManagerAction] {
        var actions: [ManagerAction] = []
        if let armPauseAt { actions.append(.arm(.autoPause(manager: nil), at: armPauseAt)) }
        if cancelsRequestTimeout { actions.append(.cancel(.requestLocationTimeout(manager: nil))) }
        for record in [first, second].compactMap({ $0 }) {
            switch record.disposition {
            case .deliver: actions.append(.deliver(record.location, fixedAt: now))
            case .hold: actions.append(.hold(record.location))
            case .drop(let reason): actions.append(.drop(record.location, reason))
            }
        }
        return actions
    }

    static func == (a: FixActions, b: FixActions) -> Bool {
        a.armPauseAt == b.armPauseAt && a.cancelsRequestTimeout == b.cancelsRequestTimeout
            && a.first?.location == b.first?.location && a.first?.disposition == b.first?.disposition
            && a.second?.location == b.second?.location && a.second?.disposition == b.second?.disposition
            && a.reachesApp == b.reachesApp
    }
}
