/// Paths walked one choice at a time from a given start (`explore
/// --random`, and the options a shrunk counterexample's choices had).
extension ExploreSearch {
    /// One path from the start, each choice point's option the one `pick`
    /// gives for its options and the choice each would make (`nil`: doing
    /// nothing or waiting), as an index into the options (`nil`: stop
    /// there), its choices appended to `choices`: the path's node and how
    /// it halted (an end, an error, or the choice point `pick` stopped at).
    ///
    /// - Throws: a path of more than `maxDepth` choices.
    mutating func walk(
        _ choices: inout [ExploreChoice], pick: ([Option], [ExploreChoice?]) -> Int?
    ) throws(ScenarioError) -> (Node, Halt) {
        var node = Node(loop: input.start)
        let halt = forward(&node, from: .timers(input.first))
        var depth = 0
        return try walk(&node, from: halt, depth: &depth, &choices, pick: pick)
    }

    /// `walk(_:pick:)` from `node` halted at `halt` after `depth` choice
    /// points (doing nothing at one included), counting on in `depth`.
    mutating func walk(
        _ node: inout Node, from halt: Halt, depth: inout Int, _ choices: inout [ExploreChoice],
        pick: ([Option], [ExploreChoice?]) -> Int?
    ) throws(ScenarioError) -> (Node, Halt) {
        var halt = halt
        while case .choice(let cursor, let options, let line, let time) = halt {
            guard depth < Self.maxDepth else { throw tooDeep(at: cursor) }
            let made = options.map { choose($0, node, at: cursor, time: time, line: line) }
            guard let k = pick(options, made), options.indices.contains(k) else { break }
            depth += 1
            if let choice = made[k] { choices.append(choice) }
            halt = follow(options[k], &node, from: cursor, line: line, time: time)
        }
        return (node, halt)
    }

    /// The error of a path of more than `maxDepth` choices.
    func tooDeep(at cursor: Cursor) -> ScenarioError {
        ScenarioError(
            "explore stopped on \(input.header.platform): a path of more than \(Self.maxDepth) choices",
            at: place(of: cursor))
    }
}
