/// What the closed loop (`ClosedLoop`) needs of the simulator beyond a
/// replay's: its timers one at a time, and a statement applied at the
/// current time without running the timers due at it first.
extension Simulator {
    /// When the next event of the one queue (a timer or a delayed
    /// reaction) is due and its phase, if any is pending.
    var nextTimer: (time: Millis, phase: Phase)? { timers.queue.next }

    /// What `step(until:)` took out of the one queue.
    enum Stepped {
        /// A rule timer, handled whole.
        case timer
        /// A reaction whose `after` ended, for `ClosedLoop` to run.
        case reaction(ClosedLoop.Pending)
    }

    /// Takes out the next event due at or before `limit` (at exactly
    /// `limit`, one that sorts before `phase`: a trace line, or with
    /// `.inUse` nothing at `limit`), moving the one clock to its time; nil
    /// when none is due.
    mutating func step(until limit: Millis, before phase: Phase = .trace) -> Stepped? {
        switch timers.next(until: limit, before: phase) {
        case nil: return nil
        case .rule(let timer)?:
            fire(timer)
            endStep()
            return .timer
        case .reaction(let pending)?: return .reaction(pending)
        }
    }

    /// Queues a reaction for `time` (`after`), in the one queue.
    mutating func schedule(_ reaction: ClosedLoop.Pending, at time: Millis) {
        timers.schedule(reaction, at: time)
    }

    /// Moves the clock to `time` once nothing is due before it.
    mutating func advanceClock(to time: Millis) {
        timers.advance(to: time)
    }

    /// Applies `statement` at the current time (`statement.time == now`):
    /// a reaction's action, which runs between timers due at the same
    /// instant, so none of them may run first.
    package mutating func applyNow(_ statement: TimedStatement) throws(ScenarioError) {
        try handle(statement)
        endStep()
    }

    /// Hands the new records to `writer` unobserved and empties `output`
    /// (`directFix` first); `location` is the line that produced them, if
    /// one did (`causes` keeps what may explain a later error). A fix line
    /// delivered as it states it does not come here: `ClosedLoop.deliverPlainly`
    /// writes it with its text.
    @inline(__always)
    mutating func drain<W: LogWriter>(into writer: inout W, causes: inout ErrorCauses, from location: SourceLocation?) {
        if let fix = directFix {
            // Before `output`, which it preceded; a delivered fix explains no error.
            self.directFix = nil
            writer.write(fix)
        }
        guard !output.isEmpty else { return }
        // Moved out from the end, so no record is copied and the array needs
        // no `removeAll(keepingCapacity:)`, whose generic `replaceSubrange`
        // cost more than formatting the record. Most lines give one record,
        // which needs no reversing (the call cost as much as the record's tag test).
        if output.count > 1 { output.reverse() }
        while let record = output.popLast() {
            causes.saw(record, at: location)
            writer.write(record)
        }
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
