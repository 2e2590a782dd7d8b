/// A path between two choice points: one replay, run forward.
extension ExploreSearch {
    /// A path's simulator and what it delivered, held and dropped since the
    /// last choice point.
    struct Node {
        var simulator: Simulator
        var counts = OutcomeCounts()
        /// Policy answers due for prompts shown, in order (`on prompt` lines).
        var answers: [(index: Int, action: Event)] = []
        var policyError: ScenarioError? = nil
    }

    /// Runs `node` from `cursor` to the next choice point, the end, or an
    /// error of the rules. Timers run one instant at a time, so a prompt a
    /// timer shows is decided at its time, as a `user` line at that time
    /// would answer it (timers before trace lines at equal times, docs/rules.md §0).
    ///
    mutating func forward(_ node: inout Node, from cursor: Cursor) -> Halt {
        var cursor = cursor
        while true {
            switch cursor {
            case .settle(let p):
                if let options = promptChoices(node.simulator, position: p) { return .choice(cursor, options, line: nil) }
                cursor = .timers(p)
            case .timers(let p):
                let limit = p < input.lines.count ? input.lines[p].time : Millis(.max)
                while node.simulator.timers.queue.hasEvent(until: limit, before: .trace),
                    let t = node.simulator.timers.queue.nextTime
                {
                    // One timer at a time, each followed by the policies its
                    // records call for, as `run` steps them (ClosedLoop.step).
                    while node.simulator.fireNextTimer(until: t) {
                        if let error = settle(&node) { return .stopped(error) }
                    }
                    if let options = promptChoices(node.simulator, position: p) {
                        return .choice(cursor, options, line: nil)
                    }
                }
                guard p < input.lines.count else { return .end }
                cursor = .line(p)
            case .line(let p):
                switch input.lines[p] {
                case .fix(let line):
                    node.simulator.apply(line.fix, at: line.time)
                case .timed(let statement):
                    if case .user(.any(let scope)) = statement.event {
                        // No prompt to answer on this path: the user does nothing here.
                        if scope == .answer && node.simulator.prompt == nil {
                            idleAnyLines.insert(p)
                            cursor = .settle(p + 1)
                            continue
                        }
                        if scope == .answer { answeredAnyLines.insert(p) }
                        return .choice(cursor, anyChoices(scope, node.simulator, statement), line: statement)
                    }
                    do throws(ScenarioError) {
                        try node.simulator.apply(statement)
                    } catch {
                        drain(&node)
                        return .stopped(error)
                    }
                }
                if let error = settle(&node) { return .stopped(error) }
                cursor = .settle(p + 1)
            }
        }
    }

    /// Hands the new records to the counts, and queues the answer a policy
    /// gives each prompt shown (AnswerPolicy, as `run` decides it).
    func drain(_ node: inout Node) {
        guard !node.simulator.output.isEmpty else { return }
        for record in node.simulator.output {
            node.counts.count(record.record)
            guard !input.policies.isEmpty, case .prompt(let prompt) = record.record.base,
                case .show(let kind, _, let answers) = prompt
            else { continue }
            do throws(ScenarioError) {
                if let answer = try AnswerPolicy.answer(
                    prompt, kind: kind, answers: answers, reactions: input.policies, simulator: node.simulator)
                {
                    node.answers.append(answer)
                }
            } catch {
                if node.policyError == nil { node.policyError = error }
            }
        }
        node.simulator.output.removeAll(keepingCapacity: true)
    }

    /// `drain`, then the policy answers it queued, applied now as `run`
    /// applies them (the answer a `react` record shows; none when no prompt
    /// is on screen any more), with the answers those call for in turn.
    ///
    /// - Returns: the error that stops the path, if any.
    func settle(_ node: inout Node) -> ScenarioError? {
        drain(&node)
        var depth = 0
        while node.policyError == nil, !node.answers.isEmpty {
            let (index, action) = node.answers.removeFirst()
            let policy = input.policies[index]
            depth += 1
            guard depth <= ClosedLoop.maxDepth else {
                return ScenarioError(
                    "reactions re-trigger each other \(ClosedLoop.maxDepth) deep at \(node.simulator.now) without time advancing; stopped here (give one an 'after' delay or a narrower trigger)",
                    at: policy.location)
            }
            guard node.simulator.promptShown else { continue }
            let statement = TimedStatement(
                time: node.simulator.now, event: action, location: policy.actionLocation,
                argumentColumn: policy.actionArgumentColumn)
            do throws(ScenarioError) {
                try node.simulator.applyNow(statement)
            } catch {
                drain(&node)
                return error
            }
            drain(&node)
        }
        return node.policyError
    }
}
