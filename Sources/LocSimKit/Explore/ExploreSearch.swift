/// The search of one platform: every answer path through the scenario,
/// depth-first from choice point to choice point (docs/explore.md).
///
/// Between two choice points a path is one replay, run forward line by line
/// (`forward`). At a choice point the `Simulator` value is copied once per
/// option. What follows a choice point depends only on the rule state and
/// the place in the scenario, never on how the path got there; so the
/// outcomes that follow (the suffix: counts from there on, the final
/// authorization, an error) are computed once per distinct state and place
/// and memoized, and a path's outcome is its prefix's counts plus a suffix's.
/// The work grows with the distinct states at choice points, not with the
/// paths. Choices are applied as the scenario line they stand for (`user
/// <answer>` at that time) through `Simulator.apply`, so a path replays the
/// same records as its counterexample does in `locsim run`.
struct ExploreSearch {
    /// Where a path is in the scenario.
    enum Cursor: Hashable {
        /// The timers due before line `p` (every timer left, past the last line), then line `p`.
        case timers(Int)
        /// Line `p` itself.
        case line(Int)
        /// Lines before `p` applied: a prompt on screen is a choice point unless a later line answers it.
        case settle(Int)
    }

    /// A path stopped at a choice point, at the end, or by the rules.
    enum Halt {
        case choice(Cursor, [UserAction], line: TimedStatement?)
        /// The end, with the `expect` lines that failed.
        case end([FailedExpectation])
        case stopped(ScenarioError)
    }

    /// What a memoized choice point is: the place, the rule state and the
    /// closed loop's state (pending reactions, what the `expect` lines have
    /// seen so far: two paths merge only where their expectations will fail
    /// alike).
    struct Key: Hashable {
        var cursor: Cursor
        var state: World
        var loop: ClosedLoop.State
    }

    let input: ExploreInput
    let maxStates: Int
    /// False: nothing is memoized, every path is searched to its end (the
    /// tests check that merging changes no result).
    var merging = true
    let progress: (@Sendable (Int, UInt64) -> Void)?
    /// Distinct choice points searched.
    private(set) var states = 0
    private var memo: [Key: Outcomes] = [:]
    /// The counts outcomes name by id.
    private(set) var counts = CountsTable()
    /// The errors that stopped paths; errors at the same place with the
    /// same message are one outcome (their notes may differ: the first stays).
    private(set) var errors = InternTable<ScenarioError>()
    /// The sets of expectations paths failed; id 0 is none.
    private(set) var failures: InternTable<[FailedExpectation]> = {
        var table = InternTable<[FailedExpectation]>()
        _ = table.id([], key: "")
        return table
    }()
    /// Paths finished, for progress only.
    private var pathsSeen: UInt64 = 0
    /// `user any` lines (by index) some path reached with no prompt on
    /// screen, and with one: a line never answered anywhere is an error.
    var idleAnyLines = Set<Int>()
    var answeredAnyLines = Set<Int>()

    /// The most choices one path may make: the search recurses once per choice.
    static let maxDepth = 2_000

    init(_ input: ExploreInput, maxStates: Int, progress: (@Sendable (Int, UInt64) -> Void)?) {
        self.input = input
        self.maxStates = maxStates
        self.progress = progress
    }

    /// Explores every path from the start.
    ///
    /// - Throws: more than `maxStates` distinct choice points, or a path of
    ///   more than `maxDepth` choices.
    mutating func run() throws(ScenarioError) -> Outcomes {
        var node = Node(loop: input.start)
        let halt = forward(&node, from: .timers(0))
        return try outcomes(after: node, halt, depth: 0)
    }

    /// The outcomes of a path that reached `halt` with `node`: one leaf, or
    /// the search of the choice point with `node`'s counts added.
    private mutating func outcomes(after node: Node, _ halt: Halt, depth: Int) throws(ScenarioError) -> Outcomes {
        var result = Outcomes()
        let simulator = node.loop.simulator
        let view = simulator.authorization.view(on: simulator.rules)
        switch halt {
        case .end(let failed):
            let accuracy = simulator.rules.hasAccuracy ? view.accuracy : nil
            let key = failed.map { "\($0.location.line):\($0.location.column): \($0.reason)" }.joined(separator: "\n")
            result.add(
                Outcomes.Suffix(
                    counts: counts.id(node.counts), status: view.status, accuracy: accuracy,
                    failures: failures.id(failed, key: key)))
            pathsSeen &+= 1
        case .stopped(let error):
            // The error is the whole outcome: paths stopped by it are one row.
            let key = "\(error.location.line):\(error.location.column): \(error.message)"
            result.add(
                Outcomes.Suffix(
                    counts: CountsTable.zero, status: .notDetermined, error: errors.id(error, key: key)))
            pathsSeen &+= 1
        case .choice(let cursor, let options, let line):
            var fresh = node
            fresh.counts = OutcomeCounts()
            let following = try search(fresh, at: cursor, options, line: line, depth: depth)
            result.add(following, after: counts.id(node.counts), choice: nil, table: &counts)
        }
        return result
    }

    /// Every option of the choice point `node` is at; memoized by place and state.
    private mutating func search(
        _ node: Node, at cursor: Cursor, _ options: [UserAction], line: TimedStatement?, depth: Int
    ) throws(ScenarioError) -> Outcomes {
        let key = Key(cursor: cursor, state: node.loop.simulator.world, loop: node.loop.state)
        if merging, let known = memo[key] { return known }
        states += 1
        guard states <= maxStates else {
            throw ScenarioError(
                "explore stopped on \(input.header.platform): more than \(maxStates) distinct choice points "
                    + "(--max-states); shorten the scenario or answer some prompts with 'on prompt' policies",
                at: place(of: cursor))
        }
        guard depth < Self.maxDepth else {
            throw ScenarioError(
                "explore stopped on \(input.header.platform): a path of more than \(Self.maxDepth) choices",
                at: place(of: cursor))
        }
        if states & 255 == 0, let progress { progress(states, pathsSeen) }
        var result = Outcomes()
        for option in options {
            var child = node
            let choice = choose(option, &child, at: cursor, line: line)
            // Applied as the `user` line its counterexample writes, through
            // the closed loop: a policy for the same prompt makes it an
            // error there as in `run` (ClosedLoop.checkAgainstPolicy).
            let halt: Halt
            do throws(ScenarioError) {
                try child.loop.apply(statement(option, at: choice.time, line: line), into: &child.counts)
                halt = forward(&child, from: Self.next(after: cursor))
            } catch {
                halt = .stopped(error)
            }
            let following = try outcomes(after: child, halt, depth: depth + 1)
            result.add(following, after: CountsTable.zero, choice: choice, table: &counts)
        }
        if merging { memo[key] = result.finished }
        return result
    }

    /// Where a path goes on after a choice made at `cursor`.
    private static func next(after cursor: Cursor) -> Cursor {
        switch cursor {
        case .timers(let p): return .timers(p)
        case .line(let p): return .settle(p + 1)
        case .settle(let p): return .settle(p)
        }
    }

    /// The choice `option` at `cursor`, as the path and its counterexample record it.
    private func choose(_ option: UserAction, _ node: inout Node, at cursor: Cursor, line: TimedStatement?) -> ExploreChoice {
        let position: Int
        switch cursor {
        case .timers(let p), .line(let p), .settle(let p): position = p
        }
        let prompt = option.isSettings ? nil : node.loop.simulator.prompt?.kind
        return ExploreChoice(
            time: line?.time ?? node.loop.simulator.now, action: option, prompt: prompt, line: line?.location.line,
            position: position)
    }

    private func statement(_ option: UserAction, at time: Millis, line: TimedStatement?) -> TimedStatement {
        TimedStatement(
            time: time, event: .user(option), location: line?.location ?? SourceLocation(line: 0, column: 0),
            argumentColumn: line?.argumentColumn ?? 0)
    }

    /// The line a choice point is at or after, for an error.
    private func place(of cursor: Cursor) -> SourceLocation {
        switch cursor {
        case .timers(let p), .line(let p), .settle(let p):
            let i = min(p, input.lines.count - 1)
            return i >= 0 ? input.lines[i].location : SourceLocation(line: 1, column: 1)
        }
    }
}
