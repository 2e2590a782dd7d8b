/// Paths walked one choice at a time from a given start (`explore
/// --random`, and the options a shrunk counterexample's choices had).
extension ExploreSearch {
    /// One path from the start, each choice point's option the one `pick`
    /// gives (an index into the options; `nil`: stop there), its choices
    /// appended to `choices`: the path's node and how it halted (an end, an
    /// error, or the choice point `pick` stopped at).
    ///
    /// - Throws: a path of more than `maxDepth` choices.
    mutating func walk(
        _ choices: inout [ExploreChoice], pick: ([UserAction]) -> Int?
    ) throws(ScenarioError) -> (Node, Halt) {
        var node = Node(loop: input.start)
        let halt = forward(&node, from: .timers(input.first))
        return try walk(&node, from: halt, depth: 0, &choices, pick: pick)
    }

    /// `walk(_:pick:)` from `node` halted at `halt` after `depth` choices.
    mutating func walk(
        _ node: inout Node, from halt: Halt, depth: Int, _ choices: inout [ExploreChoice],
        pick: ([UserAction]) -> Int?
    ) throws(ScenarioError) -> (Node, Halt) {
        var halt = halt
        var depth = depth
        while case .choice(let cursor, let options, let line) = halt {
            guard depth < Self.maxDepth else { throw tooDeep(at: cursor) }
            guard let k = pick(options), options.indices.contains(k) else { break }
            depth += 1
            let choice = choose(options[k], &node, at: cursor, line: line)
            choices.append(choice)
            halt = follow(options[k], choice, &node, from: cursor, line: line)
        }
        return (node, halt)
    }

    /// Applies `option` (made `choice`) at `cursor` as the `user` line its
    /// counterexample writes, and runs on to the next halt.
    mutating func follow(
        _ option: UserAction, _ choice: ExploreChoice, _ node: inout Node, from cursor: Cursor,
        line: TimedStatement?
    ) -> Halt {
        do throws(ScenarioError) {
            try node.loop.apply(statement(option, at: choice.time, line: line), into: &node.out)
            return forward(&node, from: try next(after: cursor))
        } catch {
            return .stopped(error)
        }
    }

    /// The error of a path of more than `maxDepth` choices.
    func tooDeep(at cursor: Cursor) -> ScenarioError {
        ScenarioError(
            "explore stopped on \(input.header.platform): a path of more than \(Self.maxDepth) choices",
            at: place(of: cursor))
    }
}
