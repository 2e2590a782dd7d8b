/// The other options of a path's choices, and of the choice points where
/// it did nothing: what `--shrink` makes otherwise to judge a choice and
/// to keep the failure's cause (docs/explore.md, "Shrinking").
extension Explore {
    /// One other option of a choice of the path, as its counterexample would write it.
    package struct Alternative: Equatable, Sendable {
        /// The line written instead; `nil`: nothing chosen there (the line
        /// becomes a comment, and no line moves).
        package var line: String?
        /// True for another instant of a window: the line goes among the
        /// lines by its time, not in the choice's place.
        package var moved: Bool
        /// How the shrunk file's comment names it: `user dontAllow`,
        /// `nothing`, `14.999 foreground`.
        package var name: String
    }

    /// What a path's choice points offered besides what it took.
    struct Offered {
        /// The other options of each choice of the path.
        var others: [[Alternative]] = []
        /// Each choice point the path did nothing at (or waited past, for
        /// a window's instant of its own later on the path: those are
        /// `others`), with the choices it offered, before the path's
        /// choice numbered `before`.
        var skipped: [(before: Int, choices: [ExploreChoice])] = []
    }

    /// What the choice points of `path` on `platform` offered, walked
    /// again: for each choice, the other options of its choice point
    /// (doing nothing included) and, for a window's instant, the window's
    /// instants tried just before and just after it on the path (another
    /// instant is another choice point of the search, but the same
    /// decision: when the event comes), `systemTerminations` as explore's
    /// `--system-terminations`. Empty when the scenario does not read.
    static func offered(
        _ scenario: [UInt8], path: [ExploreChoice], platform: Platform, systemTerminations: Int = 0
    ) -> Offered {
        guard let input = try? ExploreInput(scenario, platform: platform) else { return Offered() }
        var options: [[ExploreSearch.Option]] = []
        var out = Offered()
        // The window instant the path waited at last, for the next window choice.
        var waited: ExploreChoice? = nil
        var before: [Millis?] = []
        func skip(_ k: Int, _ made: [ExploreChoice?]) {
            let choices = made.compactMap { $0 }
            if !choices.isEmpty { out.skipped.append((k, choices)) }
        }
        walk(input, systemTerminations) { offered, made in
            let k = options.count
            guard k < path.count else {
                skip(k, made)
                return offered.firstIndex(of: .nothing)
            }
            if let i = made.firstIndex(where: { same($0, path[k]) }) {
                options.append(offered)
                before.append(waited.flatMap { $0.event == path[k].event && $0.line == path[k].line ? $0.time : nil })
                waited = nil
                return i
            }
            if let i = offered.firstIndex(of: .wait) {
                waited = made.first ?? nil
                return i
            }
            skip(k, made)
            return offered.firstIndex(of: .nothing)
        }
        out.others = options.indices.map { k in
            let choice = path[k]
            var alternatives: [Alternative] = options[k].compactMap { option in
                switch option {
                case .apply(let event) where event != choice.event:
                    let text = Scenario.text(of: event)
                    return Alternative(line: "\(choice.time) \(text)", moved: false, name: text)
                case .nothing: return Alternative(line: nil, moved: false, name: "nothing")
                case .apply, .wait: return nil
                }
            }
            // A window's instant: the window's instants before and after it.
            let isWindow = options[k].contains(.wait) || options[k] == [.apply(choice.event)]
            let after = options[k].contains(.wait) ? nextInstant(input, systemTerminations, path, of: k) : nil
            for time in [before[k], after].compactMap({ $0 }) where isWindow {
                let line = "\(time) \(Scenario.text(of: choice.event))"
                alternatives.append(Alternative(line: line, moved: true, name: line))
            }
            return alternatives
        }
        return out
    }

    /// The instant a window tries after the one choice `k` of `path` took.
    private static func nextInstant(
        _ input: ExploreInput, _ systemTerminations: Int, _ path: [ExploreChoice], of k: Int
    ) -> Millis? {
        var taken = 0
        var next: Millis? = nil
        walk(input, systemTerminations) { offered, made in
            guard taken <= k else {
                // Past the choice: the window's next instant offers its event again.
                if let c = made.first ?? nil, c.event == path[k].event, c.line == path[k].line { next = c.time }
                return next == nil ? offered.firstIndex(of: .nothing) ?? offered.firstIndex(of: .wait) : nil
            }
            if let i = made.firstIndex(where: { same($0, path[taken]) }) {
                taken += 1
                return taken > k ? offered.firstIndex(of: .wait) : i
            }
            return offered.firstIndex(of: .nothing) ?? offered.firstIndex(of: .wait)
        }
        return next
    }

    /// True when `made` (a choice a point offers) is `choice` of the path:
    /// the same event at the same time for the same line.
    private static func same(_ made: ExploreChoice?, _ choice: ExploreChoice) -> Bool {
        guard let made else { return false }
        return made.time == choice.time && made.event == choice.event && made.line == choice.line
    }

    /// Walks `input` from the start, `pick` choosing at each choice point.
    private static func walk(
        _ input: ExploreInput, _ systemTerminations: Int, pick: ([ExploreSearch.Option], [ExploreChoice?]) -> Int?
    ) {
        var search = ExploreSearch(input, maxStates: 1, progress: nil)
        search.systemTerminations = systemTerminations
        var made: [ExploreChoice] = []
        _ = try? search.walk(&made, pick: pick)
    }
}
