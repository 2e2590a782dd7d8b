/// `locsim explore --random <n> --seed <s>` (docs/explore.md, "Random
/// paths"): paths walked from the start to their end, each choice point's
/// option drawn at random, for spaces too large to search whole.
extension ExploreSearch {
    /// Walks `samples` paths, at each choice point one of its options drawn
    /// with equal chances (SplitMix64 seeded with `seed`: the same paths on
    /// every machine), and sums their outcomes: per outcome the paths that
    /// end there and the fewest choices among them. Nothing is remembered
    /// between paths but the outcomes, so memory stays flat in `samples`.
    ///
    /// - Throws: more than `maxOutcomes` distinct outcomes, or a path of
    ///   more than `maxDepth` choices.
    mutating func sample(_ samples: Int, seed: UInt64) throws(ScenarioError) -> Outcomes {
        var random = SplitMix64(seed: seed)
        var result = Outcomes()
        var choices: [ExploreChoice] = []
        for _ in 0..<samples {
            choices.removeAll(keepingCapacity: true)
            let (node, halt) = try walk(&choices) { options in random.below(options.count) }
            coverage.add(node.out.coverage.tally)
            switch halt {
            case .end(let failed): result.add(end(node, failed), choices: choices)
            case .stopped(let error): result.add(stopped(error), choices: choices)
            case .choice: preconditionFailure("a random walk ends at an end or an error")
            }
            pathsSeen &+= 1
            guard result.entries.count <= maxOutcomes else {
                throw ScenarioError(
                    "explore stopped on \(input.header.platform): more than \(maxOutcomes) outcomes "
                        + "(--max-outcomes) after \(pathsSeen) sampled paths; the paths end in too many different "
                        + "ways to list: reduce the choices or shorten the scenario",
                    at: SourceLocation(line: 1, column: 1))
            }
            if pathsSeen & 1023 == 0, let progress {
                progress((0, result.entries.count, pathsSeen))
            }
        }
        return result
    }

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
        var halt = forward(&node, from: .timers(input.first))
        var depth = 0
        while case .choice(let cursor, let options, let line) = halt {
            guard depth < Self.maxDepth else {
                throw ScenarioError(
                    "explore stopped on \(input.header.platform): a path of more than \(Self.maxDepth) choices",
                    at: place(of: cursor))
            }
            guard let k = pick(options), options.indices.contains(k) else { break }
            depth += 1
            let choice = choose(options[k], &node, at: cursor, line: line)
            choices.append(choice)
            do throws(ScenarioError) {
                try node.loop.apply(statement(options[k], at: choice.time, line: line), into: &node.out)
                halt = forward(&node, from: try next(after: cursor))
            } catch {
                halt = .stopped(error)
            }
        }
        return (node, halt)
    }
}
