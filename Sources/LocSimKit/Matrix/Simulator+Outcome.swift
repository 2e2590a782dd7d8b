/// What a matrix row reads from the simulator once a replay has ended.
extension Simulator {
    /// The authorization as the system sees it now.
    var finalAuthorization: AuthView { authorization.view(on: rules) }

    /// Events held and neither delivered nor dropped yet, by reason in
    /// `HoldReason` order; reasons with none are left out.
    var stillHeld: [Tally.Count] {
        HoldReason.allCases.compactMap { reason in
            let count: Int
            switch reason {
            case .provisionalAlways: count = upgrade.held.count
            case .monitorNotOpen: count = modern.monitors.pendingCount
            case .suspended: count = manager.suspendedQueue.count
            case .notRestarted:
                count = modern.liveUpdates.queued.count + (monitoring.significantChange?.held == nil ? 0 : 1)
            case .deferred: count = world.deferrals.values.reduce(0) { $0 + $1.held.count }
            }
            return count > 0 ? Tally.Count(name: reason.rawValue, count: count) : nil
        }
    }
}

extension Monitors {
    /// Conditions whose event waits for their monitor to open.
    var pendingCount: Int { conditions.elements.reduce(0) { $0 + ($1.pending == nil ? 0 : 1) } }
}
