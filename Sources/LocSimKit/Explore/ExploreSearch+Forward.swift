/// A path between two choice points: one replay, run forward.
extension ExploreSearch {
    /// A path's simulator and what it delivered, held and dropped since the
    /// last choice point.
    struct Node {
        var simulator: Simulator
        var counts = OutcomeCounts()
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
                    node.simulator.runTimers(until: t, before: .trace)
                    drain(&node)
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
                drain(&node)
                cursor = .settle(p + 1)
            }
        }
    }

    /// Hands the new records to the counts.
    func drain(_ node: inout Node) {
        guard !node.simulator.output.isEmpty else { return }
        for record in node.simulator.output { node.counts.count(record.record) }
        node.simulator.output.removeAll(keepingCapacity: true)
    }
}
