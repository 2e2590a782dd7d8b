/// What the closed loop (`ClosedLoop`) needs of the simulator beyond a
/// replay's: its timers one at a time, and a statement applied at the
/// current time without running the timers due at it first.
extension Simulator {
    /// When the next timer fires and its phase, if any is set.
    var nextTimer: (time: Millis, phase: Phase)? { timers.queue.next }

    /// Fires the next timer if it is due at or before `limit` and, at
    /// exactly `limit`, sorts before a trace line; false if none is.
    /// The same work as one turn of `runTimers(until:before:)`.
    package mutating func fireNextTimer(until limit: Millis) -> Bool {
        guard let timer = timers.next(until: limit, before: .trace) else { return false }
        fire(timer)
        endInput()
        if modern.isActive { refreshModernDiagnostics() }
        return true
    }

    /// Moves the clock to `time` (a delayed reaction's), once no timer is due before it.
    mutating func advanceClock(to time: Millis) {
        timers.advance(to: time)
    }

    /// Applies `statement` at the current time (`statement.time == now`):
    /// a reaction's action, which runs between timers due at the same
    /// instant, so none of them may run first.
    package mutating func applyNow(_ statement: TimedStatement) throws(ScenarioError) {
        try handle(statement)
        endInput()
        if modern.isActive { refreshModernDiagnostics() }
    }

    /// True while a prompt is on screen (an answer or `dismiss` applies).
    package var promptShown: Bool { prompt != nil }

    /// True when the prompt on screen has a Precise switch (iOS 14+, a
    /// prompt that grants access, no `NSLocationDefaultAccuracyReduced`).
    var promptHasPreciseSwitch: Bool {
        guard let shown = prompt, rules.hasAccuracy, !header.flag("NSLocationDefaultAccuracyReduced") else {
            return false
        }
        return shown.origin == .whenInUseRequest || shown.origin == .alwaysRequest || shown.origin == .firstUse
    }

    /// The authorization the API reads now: `expect final …`.
    package var authorizationView: AuthView { authorization.view(on: rules) }
}
