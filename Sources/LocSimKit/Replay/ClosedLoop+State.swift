/// The closed loop seen from outside between two of its steps: what is due
/// next, and its own state as a value. `locsim explore` steps the loop as
/// `run` does and merges two paths only where the simulator's rule state and
/// this state are both equal (docs/explore.md, "How the search stays small").
extension ClosedLoop {
    /// When the next thing `step(until: limit)` runs is due (a timer or a
    /// delayed reaction; at exactly `limit`, one that sorts before a
    /// scenario line); `nil` when nothing is.
    package func nextDue(until limit: Millis) -> Millis? {
        guard let next = simulator.nextTimer, next.time < limit || (next.time == limit && next.phase < .trace) else {
            return nil
        }
        return next.time
    }

    /// Everything of the loop that decides what it does next, besides the
    /// simulator (whose one queue holds the delayed reactions pending): the
    /// `on` lines added so far, the policy that answered the last prompt (a timed `user`
    /// line for it is an error), the prompt on screen no policy answers, and
    /// what the `expect` lines have seen so far. Between two steps no
    /// reaction is ready, so the ready queue is empty and not part of it,
    /// except where explore stopped before a relaunch's reactions (`paused`).
    /// `causes` is left out: it only adds notes to an error's message,
    /// never changes what happens.
    package struct State: Hashable {
        var reactions: Int
        var delayedRuns: Int
        var timerRuns: Int
        var lastPolicy: LastPolicy?
        var unanswered: ShownPrompt?
        var expectations: ExpectationChecker.Progress
        /// A `system deliverFirst` not used yet.
        var deliverFirst: Bool
        /// A `system inputFirst` not used yet.
        var inputFirst: Bool
        /// The reactions of a relaunch whose order explore chooses (`orderPending`).
        var paused: [Pending]

        struct LastPolicy: Hashable {
            var kind: PromptKind
            var line: Int
            var column: Int
        }
    }

    /// The loop's state now.
    package var state: State {
        State(
            reactions: reactions.count, delayedRuns: delayedRuns, timerRuns: timerRuns,
            lastPolicy: lastPromptPolicy.map {
                State.LastPolicy(kind: $0.kind, line: $0.location.line, column: $0.location.column)
            },
            unanswered: unansweredPrompt, expectations: expectations.progress, deliverFirst: deliverFirst,
            inputFirst: inputFirst,
            paused: orderPending ? ready : [])
    }
}

extension ClosedLoop.Pending: Hashable {
    /// The action is left out of the hash (`Event` is not hashable): it is
    /// the `on` line's own, or a policy's answer, so `index` nearly always
    /// decides it; `==` still compares it.
    func hash(into hasher: inout Hasher) {
        hasher.combine(index)
        hasher.combine(depth)
        hasher.combine(due)
    }
}
