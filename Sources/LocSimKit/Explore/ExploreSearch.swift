/// The search of one platform: every answer path through the scenario,
/// breadth-first, line by line. Paths that reach the same state after the
/// same line are merged into one node that counts them, so the work grows
/// with the distinct states, not with the paths (docs/explore.md).
///
/// A node is a `Simulator` value and what the outcome needs that the rule
/// state does not hold (the counts so far); a choice copies the node once
/// per option. Choices are applied as the scenario line they stand for
/// (`user <answer>` at that time), through `Simulator.apply`, so a path
/// replays the same records as its counterexample does in `locsim run`.
struct ExploreSearch {
    struct Node {
        var simulator: Simulator
        var counts = OutcomeCounts()
        /// Paths merged into this node (saturating).
        var paths: UInt64 = 1
        /// The shortest of them (the first found among equally short ones).
        var trail: ChoiceTrail? = nil
    }

    /// What two paths must share to be merged: everything their future and
    /// their outcome depend on. The line position is the frontier's own.
    struct Key: Hashable {
        var state: Simulator.RuleState
        var counts: OutcomeCounts
    }

    /// The nodes after one line, in the order first reached (the output
    /// never depends on hash order).
    struct Frontier {
        var nodes: [Node] = []
        var index: [Key: Int] = [:]
    }

    /// One outcome row being gathered.
    struct Gathered {
        var outcome: ExploreOutcome
        var paths: UInt64
        var trail: ChoiceTrail?
    }

    /// Outcomes group by everything they show.
    struct OutcomeKey: Hashable {
        var counts: OutcomeCounts?
        var status: AuthorizationStatus?
        var accuracy: AccuracyAuthorization?
        var error: String?
    }

    let input: ExploreInput
    let maxStates: Int
    let progress: (@Sendable (Int, UInt64) -> Void)?
    /// Distinct states over all lines so far.
    private(set) var states = 0
    /// Finished paths, saturating.
    private(set) var paths: UInt64 = 0
    private(set) var gathered: [Gathered] = []
    private var gatheredIndex: [OutcomeKey: Int] = [:]
    private var steps = 0

    init(_ input: ExploreInput, maxStates: Int, progress: (@Sendable (Int, UInt64) -> Void)?) {
        self.input = input
        self.maxStates = maxStates
        self.progress = progress
    }

    /// Explores every path.
    ///
    /// - Throws: a `user any` with nothing to choose on some path, or more
    ///   than `maxStates` distinct states.
    mutating func run() throws(ScenarioError) {
        var frontier = [Node(simulator: Simulator(header: input.header))]
        for i in input.lines.indices {
            var next = Frontier()
            for node in frontier { try advance(node, line: i, into: &next) }
            frontier = next.nodes
        }
        var none = Frontier()
        for node in frontier { try advance(node, line: nil, into: &none) }
    }

    /// Runs the timers due before line `i` (every timer left, for `nil`)
    /// one instant at a time, then the line, branching at each choice.
    private mutating func advance(_ start: Node, line i: Int?, into next: inout Frontier) throws(ScenarioError) {
        var node = start
        let limit = i.map { input.lines[$0].time } ?? Millis(.max)
        let position = i ?? input.lines.count
        while node.simulator.timers.queue.hasEvent(until: limit, before: .trace), let t = node.simulator.timers.queue.nextTime {
            node.simulator.runTimers(until: t, before: .trace)
            drain(&node)
            if let options = promptChoices(node, position: position) {
                for option in options {
                    guard let child = try choose(option, node, position: position, line: nil) else { continue }
                    try advance(child, line: i, into: &next)
                }
                return
            }
        }
        guard let i else { return finish(node) }
        switch input.lines[i] {
        case .fix(let line):
            node.simulator.apply(line.fix, at: line.time)
        case .timed(let statement):
            if case .user(.any(let scope)) = statement.event {
                for option in try anyChoices(scope, node, statement) {
                    guard let child = try choose(option, node, position: i, line: statement) else { continue }
                    try settle(child, after: i, into: &next)
                }
                return
            }
            do throws(ScenarioError) {
                try node.simulator.apply(statement)
            } catch {
                drain(&node)
                return stop(node, error)
            }
        }
        drain(&node)
        try settle(node, after: i, into: &next)
    }

    /// After line `i`: branches on a prompt no later line answers, else
    /// merges the node into the next frontier.
    private mutating func settle(_ node: Node, after i: Int, into next: inout Frontier) throws(ScenarioError) {
        if let options = promptChoices(node, position: i + 1) {
            for option in options {
                guard let child = try choose(option, node, position: i + 1, line: nil) else { continue }
                try settle(child, after: i, into: &next)
            }
            return
        }
        try merge(node, into: &next, at: i)
    }

    private mutating func merge(_ node: Node, into next: inout Frontier, at i: Int) throws(ScenarioError) {
        let key = Key(state: node.simulator.ruleState, counts: node.counts)
        if let j = next.index[key] {
            let (sum, overflow) = next.nodes[j].paths.addingReportingOverflow(node.paths)
            next.nodes[j].paths = overflow ? .max : sum
            if (node.trail?.depth ?? 0) < (next.nodes[j].trail?.depth ?? 0) { next.nodes[j].trail = node.trail }
            return
        }
        states += 1
        guard states <= maxStates else {
            throw ScenarioError(
                "explore stopped on \(input.header.platform): more than \(maxStates) distinct states by this line "
                    + "(--max-states); shorten the scenario or answer some prompts with 'on prompt' policies",
                at: input.lines[i].location)
        }
        next.index[key] = next.nodes.count
        next.nodes.append(node)
        steps += 1
        if steps & 1023 == 0, let progress { progress(states, paths) }
    }

    /// Applies `option` to a copy of `node` as the line `user <option>` at
    /// the current time; `nil` when the path stops there (its outcome kept).
    private mutating func choose(
        _ option: UserAction, _ node: Node, position: Int, line: TimedStatement?
    ) throws(ScenarioError) -> Node? {
        var child = node
        let time = line?.time ?? child.simulator.now
        let prompt = child.simulator.prompt?.kind
        let statement = TimedStatement(
            time: time, event: .user(option), location: line?.location ?? SourceLocation(line: 0, column: 0),
            argumentColumn: line?.argumentColumn ?? 0)
        let choice = ExploreChoice(
            time: time, action: option, prompt: option.isSettings ? nil : prompt, line: line?.location.line,
            position: position)
        child.trail = ChoiceTrail(choice, after: node.trail)
        do throws(ScenarioError) {
            try child.simulator.apply(statement)
        } catch {
            drain(&child)
            stop(child, error)
            return nil
        }
        drain(&child)
        return child
    }

    /// Hands the new records to the counts.
    private func drain(_ node: inout Node) {
        guard !node.simulator.output.isEmpty else { return }
        for record in node.simulator.output { node.counts.count(record.record) }
        node.simulator.output.removeAll(keepingCapacity: true)
    }

    private mutating func finish(_ node: Node) {
        let simulator = node.simulator
        let view = simulator.authorization.view(on: simulator.rules)
        let accuracy = simulator.rules.hasAccuracy ? view.accuracy : nil
        let key = OutcomeKey(counts: node.counts, status: view.status, accuracy: accuracy, error: nil)
        gather(key, node) {
            ExploreOutcome(
                authorization: view.status, accuracy: accuracy, delivered: node.counts.delivered,
                held: node.counts.held, dropped: node.counts.dropped, error: nil)
        }
    }

    /// A path the rules stopped: its outcome is the error alone.
    private mutating func stop(_ node: Node, _ error: ScenarioError) {
        let text = "\(error.location.line):\(error.location.column): \(error.message)"
        let key = OutcomeKey(counts: nil, status: nil, accuracy: nil, error: text)
        let status = node.simulator.authorization.view(on: node.simulator.rules).status
        gather(key, node) {
            ExploreOutcome(authorization: status, accuracy: nil, delivered: [], held: [], dropped: [], error: error)
        }
    }

    private mutating func gather(_ key: OutcomeKey, _ node: Node, _ make: () -> ExploreOutcome) {
        let (sum, overflow) = paths.addingReportingOverflow(node.paths)
        paths = overflow ? .max : sum
        if let j = gatheredIndex[key] {
            let (sum, overflow) = gathered[j].paths.addingReportingOverflow(node.paths)
            gathered[j].paths = overflow ? .max : sum
            if (node.trail?.depth ?? 0) < (gathered[j].trail?.depth ?? 0) { gathered[j].trail = node.trail }
            return
        }
        gatheredIndex[key] = gathered.count
        gathered.append(Gathered(outcome: make(), paths: node.paths, trail: node.trail))
    }
}

extension UserAction {
    var isSettings: Bool {
        switch self {
        case .settings, .precise, .locationServices, .restricted, .any(.settings): return true
        case .answer, .tapNotification, .any(.answer): return false
        }
    }
}
