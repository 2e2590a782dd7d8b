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
    typealias Position = ExploreInput.Position

    /// Where a path is in the scenario.
    enum Cursor: Hashable {
        /// The timers due before the line at the position (every timer left, past the last line), then the line.
        case timers(Position)
        /// The line at the position itself.
        case line(Position)
        /// Lines before the position applied: a prompt on screen is a choice point unless a later line answers it.
        case settle(Position)
        /// The timers due before the line at the position run, the app
        /// suspended: the system may end it before the line (`--system-terminations`).
        case suspended(Position)
        /// A window open (`OpenWindow`), before the next timer or line due
        /// from the position: its event may happen at the instant chosen.
        case window(Position)
        /// A relaunch's reactions stopped before (`ClosedLoop.orderPending`),
        /// their order to choose; then the path goes on at the cursor.
        /// `anchor`: the line a counterexample writes the choice after.
        indirect case order(Cursor, anchor: Int)
        /// The timers and delayed reactions due at the instant of the line at
        /// the position meet that line, and their order is chosen: as
        /// `.timers`, without the dependence test (`meets`).
        case meeting(Position)

        var position: Position {
            switch self {
            case .timers(let p), .line(let p), .settle(let p), .suspended(let p), .window(let p), .meeting(let p):
                return p
            case .order(let next, _): return next.position
            }
        }
    }

    /// A window line (`<t1>..<t2> <event>`) reached whose event has not
    /// happened yet (docs/explore.md, "Windows of time").
    struct OpenWindow: Hashable {
        /// Where the window line is.
        var position: Position
        var end: Millis
        /// The last instant offered.
        var done: Millis
        /// The last timer or line inside the window so far; `nil`: none yet.
        var last: Millis?
    }

    /// One option at a choice point, whatever its kind.
    enum Option: Equatable {
        /// A scenario event applied at the choice's time, as a line there
        /// would be: `user <answer>`, `system terminate`, `system notBusy`.
        case apply(Event)
        /// The system does nothing here: the path goes on as written, and
        /// records no choice.
        case nothing
        /// A window's event waits past this instant.
        case wait

        /// The option as the state graph labels its edge.
        var text: String {
            switch self {
            case .apply(.user(let action)): return Scenario.text(of: action)
            case .apply(let event): return Scenario.text(of: event)
            case .nothing: return "nothing"
            case .wait: return "wait"
            }
        }
    }

    /// A path stopped at a choice point, at the end, or by the rules.
    enum Halt {
        /// A choice point at `cursor`, made at `time`; `line`: the `any` line it stands for.
        case choice(Cursor, [Option], line: TimedStatement?, time: Millis)
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
        /// Endings chosen at suspensions so far (`--system-terminations`).
        var terminations: Int
        var window: OpenWindow?
    }

    /// A choice point being searched: one entry of the work list.
    private struct Frame {
        var key: Key
        /// Its index in `graph`, when one is kept.
        var graphID = 0
        /// The path at the choice point, its counts reset.
        var node: Node
        var cursor: Cursor
        var options: [Option]
        var line: TimedStatement?
        var time: Millis
        /// The next option to follow.
        var next = 0
        /// The outcomes of the options followed so far.
        var result = Outcomes()
        /// Choices made before it.
        var depth: Int
        /// What the path delivered since the choice before it, and that choice.
        var prefix: CountsTable.ID
        var choice: ExploreChoice?
        /// Its fingerprint, when a shard logs what it searches (`Split`).
        var fingerprint: Fingerprint? = nil
    }

    let input: ExploreInput
    let maxStates: Int
    let maxOutcomes: Int
    /// Endings at suspensions one path may choose (`--system-terminations`).
    var systemTerminations = 0
    /// False: nothing is memoized, every path is searched to its end (the
    /// tests check that merging changes no result).
    var merging = true
    let progress: (@Sendable (Explore.Progress) -> Void)?
    /// Distinct choice points searched.
    var states = 0
    /// Outcomes kept for the memoized choice points, over all of them.
    var outcomesKept = 0
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
    /// What the records of every path exercised (merged paths share their
    /// records from the merge on: those were seen once, which is enough).
    var coverage = CoverageTally()
    /// The merged state graph, when asked for (`--format dot`), with the
    /// index of each choice point met, and where the last path `enter`ed went.
    var graph: ExploreGraph? = nil
    private var graphIDs: [Key: Int] = [:]
    private var graphTarget = ExploreGraph.Target.end(0)
    /// Paths finished, for progress only.
    var pathsSeen: UInt64 = 0
    /// `user any` lines (by line number) some path reached with no prompt
    /// on screen, and with one: a line never answered anywhere is an error.
    var idleAnyLines: [Int: SourceLocation] = [:]
    var answeredAnyLines = Set<Int>()
    /// Which of `idleAnyLines` are `system any` lines (the others: `user any`).
    var systemAnyLines = Set<Int>()
    /// Window lines some path reached, and those inside which some path met
    /// a timer or a line: a window no path met anything inside is an error.
    var windowLines: [Int: SourceLocation] = [:]
    var eventfulWindows = Set<Int>()
    /// A sharded search's part (`explore --shard`, `--merge`); `nil`: the whole search.
    var split: Split? = nil

    /// The most choices one path may make (docs/explore.md): the work list
    /// holds one choice point per choice of the path being followed.
    static let maxDepth = 2_000

    init(
        _ input: ExploreInput, maxStates: Int, maxOutcomes: Int = Explore.defaultMaxOutcomes,
        progress: (@Sendable (Explore.Progress) -> Void)?
    ) {
        self.input = input
        self.maxStates = maxStates
        self.maxOutcomes = maxOutcomes
        self.progress = progress
    }

    /// Explores every path from the start, depth-first, with an explicit
    /// work list (one frame per choice point on the path being followed), so
    /// a path of `maxDepth` choices needs no deeper call stack than one.
    ///
    /// - Throws: more than `maxStates` distinct choice points, more than
    ///   `maxOutcomes` outcomes kept, or a path of more than `maxDepth` choices.
    mutating func run() throws(ScenarioError) -> Outcomes {
        var node = Node(loop: input.start)
        let halt = forward(&node, from: .timers(input.first))
        return try search(node, halt, depth: 0)
    }

    /// The outcomes of every path on from `node`, halted at `halt` after
    /// `depth` choices: `run` from the start, a shard from each of its
    /// prefixes (`ExploreSearch+Split.swift`).
    mutating func search(_ node: Node, _ halt: Halt, depth: Int) throws(ScenarioError) -> Outcomes {
        var root = Outcomes()
        var stack: [Frame] = []
        if let (value, prefix) = try enter(node, halt, choice: nil, depth: depth, onto: &stack) {
            root.add(value, after: prefix, choice: nil, table: &counts)
        }
        graph?.edges.append(ExploreGraph.Edge(from: nil, option: "", to: graphTarget))
        while !stack.isEmpty {
            let top = stack.count - 1
            if stack[top].next < stack[top].options.count {
                let option = stack[top].options[stack[top].next]
                stack[top].next += 1
                var child = stack[top].node
                let cursor = stack[top].cursor
                let line = stack[top].line
                let time = stack[top].time
                let choice = choose(option, child, at: cursor, time: time, line: line)
                let halt = follow(option, &child, from: cursor, line: line, time: time)
                if let (value, prefix) = try enter(
                    child, halt, choice: choice, depth: stack[top].depth + 1, onto: &stack)
                {
                    stack[top].result.add(value, after: prefix, choice: choice, table: &counts)
                }
                if graph != nil {
                    graph!.edges.append(
                        ExploreGraph.Edge(from: stack[top].graphID, option: option.text, to: graphTarget))
                }
                continue
            }
            let frame = stack.removeLast()
            let value = merging ? frame.result.finished : frame.result
            if merging {
                outcomesKept += value.entries.count
                if let fingerprint = frame.fingerprint {
                    let at = place(of: frame.cursor)
                    split?.log.append(.pop(fingerprint, outcomes: value.entries.count, at: at))
                }
                guard outcomesKept <= maxOutcomes else { throw outcomesError(at: place(of: frame.cursor)) }
                memo[frame.key] = value
            }
            if stack.isEmpty {
                root.add(value, after: frame.prefix, choice: nil, table: &counts)
            } else {
                stack[stack.count - 1].result.add(value, after: frame.prefix, choice: frame.choice, table: &counts)
            }
        }
        return root
    }

    /// A path that reached `halt` with `node`: its outcomes, with the counts
    /// to add before them, when they are known now (an end, an error, a
    /// choice point met before); otherwise its choice point goes on `stack`.
    private mutating func enter(
        _ node: Node, _ halt: Halt, choice: ExploreChoice?, depth: Int, onto stack: inout [Frame]
    ) throws(ScenarioError) -> (Outcomes, CountsTable.ID)? {
        var result = Outcomes()
        // Every stretch of a path between two choice points comes here once.
        coverage.add(node.out.coverage.tally)
        let simulator = node.loop.simulator
        let view = simulator.authorization.view(on: simulator.rules)
        switch halt {
        case .end(let failed):
            let accuracy = simulator.rules.hasAccuracy ? view.accuracy : nil
            result.add(end(node, failed))
            pathsSeen &+= 1
            if graph != nil {
                let at = failed.map { f in
                    (f.expectation.isSometimes ? "misses " : "fails ") + "\(f.location.line):\(f.location.column)"
                }
                let label = ([view.status.rawValue + (accuracy.map { " " + $0.word } ?? "")] + at).joined(
                    separator: "\n")
                let failing = failed.contains { !$0.expectation.isSometimes }
                graphTarget = .end(graph!.end(ExploreGraph.End(label: label, failed: failing)))
            }
            return (result, CountsTable.zero)
        case .stopped(let error):
            result.add(stopped(error))
            pathsSeen &+= 1
            if graph != nil {
                let label = "stopped at \(error.location.line):\(error.location.column)"
                graphTarget = .end(graph!.end(ExploreGraph.End(label: label, failed: true)))
            }
            return (result, CountsTable.zero)
        case .choice(let cursor, let options, let line, let time):
            let prefix = counts.id(node.out.counts)
            let key = Key(
                cursor: cursor, state: node.loop.simulator.world, loop: node.loop.state,
                terminations: node.terminations, window: node.window)
            if merging, let known = memo[key] {
                if graph != nil, let id = graphIDs[key] { graphTarget = .choice(id) }
                return (known, prefix)
            }
            var fingerprint: Fingerprint? = nil
            if split != nil {
                // A shard logs the state; a merge reads a prefix's outcomes from its shard.
                switch try splitEnter(node, halt, key: key, depth: depth) {
                case .known(let value): return (value, prefix)
                case .fresh(let logged): fingerprint = logged
                }
            }
            states += 1
            guard states <= maxStates else { throw statesError(at: place(of: cursor)) }
            guard depth < Self.maxDepth else { throw depthError(at: place(of: cursor)) }
            if states & 255 == 0, let progress {
                progress((states, outcomesKept, pathsSeen))
            }
            var frame = Frame(
                key: key, node: Self.cleared(node), cursor: cursor, options: options, line: line, time: time,
                depth: depth,
                prefix: prefix, choice: choice, fingerprint: fingerprint)
            if graph != nil {
                let id = graph!.choicePoints.count
                let what: String
                switch (cursor, options.first) {
                // A prompt shown at a `.meeting` cursor is a prompt's choice, not an order.
                case (.order, _),
                    (.meeting, _) where options.last == .apply(.systemInputFirst):
                    what = "order"
                case (.suspended, _), (_, .nothing): what = "system"
                case (.window, _), (_, .wait): what = "window"
                case (_, .apply(.user(let action))) where action.isSettings: what = "settings"
                default: what = simulator.prompt?.kind.rawValue ?? "prompt"
                }
                graph!.choicePoints.append("\(time) \(what)" + (line.map { " (line \($0.location.line))" } ?? ""))
                graphIDs[key] = id
                frame.graphID = id
                graphTarget = .choice(id)
            }
            stack.append(frame)
            return nil
        }
    }

    /// More than `maxStates` distinct choice points, the next at `place`.
    func statesError(at place: SourceLocation) -> ScenarioError {
        ScenarioError(
            "explore stopped on \(input.header.platform): more than \(maxStates) distinct choice points "
                + "(--max-states); shorten the scenario or answer some prompts with 'on prompt' policies",
            at: place)
    }

    /// A path of more than `maxDepth` choices, the last at `place`.
    func depthError(at place: SourceLocation) -> ScenarioError {
        ScenarioError(
            "explore stopped on \(input.header.platform): a path of more than \(Self.maxDepth) choices", at: place)
    }

    /// More than `maxOutcomes` outcomes kept, the last choice point searched at `place`.
    func outcomesError(at place: SourceLocation) -> ScenarioError {
        ScenarioError(
            "explore stopped on \(input.header.platform): more than \(maxOutcomes) outcomes kept "
                + "(--max-outcomes) after \(states) distinct choice points; the paths end in too many "
                + "different ways to list: reduce the choices (answer some prompts with 'on prompt' "
                + "policies or timed user lines) or shorten the scenario",
            at: place)
    }

    /// The outcome of a path that ended at `node`, failing `failed`.
    mutating func end(_ node: Node, _ failed: [FailedExpectation]) -> Outcomes.Suffix {
        var suffix = ending(node, failed)
        suffix.counts = counts.id(node.out.counts)
        return suffix
    }

    /// `end(_:_:)` without the counts (`CountsTable.zero`), which the
    /// caller adds up itself.
    mutating func ending(_ node: Node, _ failed: [FailedExpectation]) -> Outcomes.Suffix {
        let simulator = node.loop.simulator
        let view = simulator.authorization.view(on: simulator.rules)
        return Outcomes.Suffix(
            counts: CountsTable.zero, status: view.status, accuracy: simulator.rules.hasAccuracy ? view.accuracy : nil,
            failures: failures.id(failed, key: Self.key(failed)))
    }

    /// An outcome read back from a shard's file (`--merge`), its ids in this search's tables.
    mutating func suffix(
        counts: OutcomeCounts, status: AuthorizationStatus, accuracy: AccuracyAuthorization?, error: ScenarioError?,
        failed: [FailedExpectation]
    ) -> Outcomes.Suffix {
        if let error { return stopped(error) }
        return Outcomes.Suffix(
            counts: self.counts.id(counts), status: status, accuracy: accuracy,
            failures: failures.id(failed, key: Self.key(failed)))
    }

    /// The outcomes that follow `key`, known from elsewhere (a shard's file).
    mutating func remember(_ key: Key, _ value: Outcomes) {
        memo[key] = value
    }

    /// The text that tells sets of failed expectations apart.
    static func key(_ failed: [FailedExpectation]) -> String {
        failed.map { "\($0.location.line):\($0.location.column): \($0.reason)" }.joined(separator: "\n")
    }

    /// The text that tells errors apart (their notes may differ: the first stays).
    static func key(_ error: ScenarioError) -> String {
        "\(error.location.line):\(error.location.column): \(error.message)"
    }

    /// The outcome of a path `error` stopped: the error is the whole
    /// outcome, so paths stopped by it are one row.
    mutating func stopped(_ error: ScenarioError) -> Outcomes.Suffix {
        Outcomes.Suffix(counts: CountsTable.zero, status: .notDetermined, error: errors.id(error, key: Self.key(error)))
    }

    /// Follows `option` from the choice point at `cursor` (its `line`, made
    /// at `time`) and runs on to the next halt. An event is applied as the
    /// line its counterexample writes, through the closed loop: a policy for
    /// the same prompt makes a `user` line an error there as in `run`
    /// (ClosedLoop.checkAgainstPolicy).
    mutating func follow(_ option: Option, _ node: inout Node, from cursor: Cursor, line: TimedStatement?, time: Millis)
        -> Halt
    {
        do throws(ScenarioError) {
            switch (option, cursor) {
            case (_, .order):
                // The relaunch's reactions, as written or the event's first.
                try node.loop.resumeOrder(deliverFirst: option != .nothing, into: &node.out)
            case (.apply(let event), _):
                if line?.windowEnd != nil { node.window = nil }
                try node.loop.apply(statement(event, at: time, line: line), into: &node.out)
                if case .suspended = cursor { node.terminations += 1 }
            case (.wait, _):
                if case .line(let p) = cursor, let end = line?.windowEnd {
                    node.window = OpenWindow(position: p, end: end, done: time, last: nil)
                } else {
                    node.window?.done = time
                }
            case (.nothing, _):
                break
            }
            return forward(&node, from: try next(after: cursor))
        } catch {
            return .stopped(error)
        }
    }

    /// Where a path goes on after a choice made at `cursor`.
    func next(after cursor: Cursor) throws(ScenarioError) -> Cursor {
        switch cursor {
        case .timers(let p): return .timers(p)
        case .line(let p): return .settle(try input.line(at: p)?.next ?? p)
        case .settle(let p): return .settle(p)
        case .suspended(let p): return .line(p)
        case .window(let p): return .settle(p)
        case .order(let next, _): return next
        case .meeting(let p): return .meeting(p)
        }
    }

    /// The choice `option` at `cursor`, as the path and its counterexample
    /// record it; `nil` for doing nothing, which is no choice to replay.
    func choose(_ option: Option, _ node: Node, at cursor: Cursor, time: Millis, line: TimedStatement?)
        -> ExploreChoice?
    {
        guard case .apply(let event) = option else { return nil }
        var prompt: PromptKind? = nil
        if case .user(let action) = event, !action.isSettings { prompt = node.loop.simulator.prompt?.kind }
        var anchor = cursor.position.previousLine
        if case .order(_, let before) = cursor { anchor = before }
        return ExploreChoice(time: time, event: event, prompt: prompt, line: line?.location.line, anchor: anchor)
    }

    func statement(_ event: Event, at time: Millis, line: TimedStatement?) -> TimedStatement {
        TimedStatement(
            time: time, event: event, location: line?.location ?? SourceLocation(line: 0, column: 0),
            argumentColumn: line?.argumentColumn ?? 0)
    }

    /// The line a choice point is at or after, for an error.
    func place(of cursor: Cursor) -> SourceLocation {
        let p = cursor.position
        if let line = try? input.line(at: p) { return line.line.location }
        return SourceLocation(line: max(1, p.previousLine), column: 1)
    }
}
