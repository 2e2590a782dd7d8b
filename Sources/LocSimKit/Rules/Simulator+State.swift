/// The simulator's rule state as a hashable value, for `locsim explore`,
/// which merges paths that reach the same state: everything the rules read
/// and change, without the output buffer (what was logged on the way) and
/// the header (the same for every path of one scenario).
extension Simulator {
    package struct RuleState: Hashable {
        fileprivate let simulator: Simulator

        /// The parts compared and hashed: every stored property but `output`
        /// and `directFix` (output too), `lifecycleWritten` and
        /// `directFixAllowed` (false between inputs), `header` and `rules`
        /// (derived from the header). SimulatorStateTests
        /// checks this list against the stored properties.
        static let parts = [
            "timers", "lifecycle", "reported", "authorization", "prompt", "upgrade", "manager", "monitoring",
            "fixes", "modern", "named", "selection", "device",
        ]

        package static func == (a: RuleState, b: RuleState) -> Bool {
            let x = a.simulator
            let y = b.simulator
            return x.timers == y.timers && x.lifecycle == y.lifecycle && x.reported == y.reported
                && x.authorization == y.authorization && x.prompt == y.prompt && x.upgrade == y.upgrade
                && x.manager == y.manager && x.monitoring == y.monitoring && x.fixes == y.fixes
                && x.modern == y.modern && x.named == y.named && x.selection == y.selection
                && x.device == y.device
        }

        package func hash(into hasher: inout Hasher) {
            let s = simulator
            hasher.combine(s.timers)
            hasher.combine(s.lifecycle)
            hasher.combine(s.reported)
            hasher.combine(s.authorization)
            hasher.combine(s.prompt)
            hasher.combine(s.upgrade)
            hasher.combine(s.manager)
            hasher.combine(s.monitoring)
            hasher.combine(s.fixes)
            hasher.combine(s.modern)
            hasher.combine(s.named)
            hasher.combine(s.selection)
            hasher.combine(s.device)
        }
    }

    /// The rule state now (O(n log n) in the pending timers: they are
    /// compared in the order they will fire, not in the heap's layout).
    package var ruleState: RuleState { RuleState(simulator: self) }
}
