/// `locsim explore --counterexamples <dir> --shrink`: a counterexample cut
/// down to the lines its failure needs (docs/explore.md, "Shrinking").
///
/// Delta debugging (Zeller and Hildebrandt, 2002): the lines are split into
/// chunks, and a chunk is dropped when the rest still fails the same way;
/// the chunks halve until single lines, so the result is 1-minimal: no
/// line of it can go alone. "The same way" is decided by replaying each
/// candidate with `Replay.run`, the engine `locsim run` uses: the same
/// error at the same line (in the unshrunk numbering) with the same
/// message, or the same `expect` line failed for the same reason.
extension Explore {
    /// A counterexample after shrinking.
    package struct Shrunk: Equatable, Sendable {
        /// The shrunk scenario, its closing comments included (they move no line).
        package var text: String
        /// Lines kept, of the counterexample's lines before shrinking.
        package var kept: Int
        package var lines: Int
        /// Replays run to decide it.
        package var replays: Int
        /// The path's choices, each with what shrinking found of it.
        package var choices: [ShrunkChoice]
    }

    /// One choice of a shrunk counterexample's path.
    package struct ShrunkChoice: Equatable, Sendable {
        package var choice: ExploreChoice
        package var freedom: Freedom
    }

    /// What shrinking found of one choice of the path.
    package enum Freedom: Equatable, Sendable {
        /// Its line was dropped: the failure does not need it.
        case notNeeded
        /// Every other option of its choice point, written alone in its
        /// place, keeps the failure.
        case free
        /// Some other option written in its place loses the failure.
        case needed
        /// Not decided: the shrink's replays ran out first (`maxShrinkReplays`).
        case untried
    }

    /// Replays a shrink may run per counterexample, the choices' freedom
    /// included: beyond them the lines not yet tried stay (every drop made
    /// was still checked), and the choices not yet tried are said to be so.
    package static let maxShrinkReplays = 5_000

    /// Shrinks `counterexample` (from `counterexample(_:path:platform:stoppedAt:)`
    /// of `scenario` and `path` on `platform`) to the lines its failure
    /// needs: the error `run` stops it with, or else the failure of the
    /// `expect` line of the scenario numbered `expectLine`.
    ///
    /// - Returns: `nil` when `run` does not fail `counterexample` that way
    ///   (nothing to keep).
    package static func shrink(
        _ counterexample: String, scenario: [UInt8], path: [ExploreChoice], platform: Platform, expectLine: Int?,
        maxReplays: Int = maxShrinkReplays
    ) -> Shrunk? {
        var lines = counterexample.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        let origins = Self.origins(lines, scenario: scenario)
        // The `expect` line as the counterexample numbers it (a `platform`
        // line explore added moves it down one).
        let line = expectLine.map { n in (origins.firstIndex(of: n) ?? n - 1) + 1 }
        var shrinker = Shrinker(lines: lines, maxReplays: maxReplays)
        guard let target = shrinker.failure(of: Array(lines.indices), expectLine: line) else { return nil }
        shrinker.target = target
        let kept = shrinker.minimize()
        let linesUntried = shrinker.replays >= maxReplays
        let choiceLines = Self.choiceLines(lines, path: path)
        let options = Self.options(scenario, path: path, platform: platform)
        var choices: [ShrunkChoice] = []
        for (k, choice) in path.enumerated() {
            guard let line = choiceLines[k], let at = kept.firstIndex(of: line) else {
                choices.append(ShrunkChoice(choice: choice, freedom: .notNeeded))
                continue
            }
            // Another instant of a window (`wait`) is another choice point, not an option here.
            let others = (k < options.count ? options[k] : []).filter { $0 != .apply(choice.event) && $0 != .wait }
            // Each other option in turn, within the replays left: one that
            // loses the failure decides it.
            var (free, tried) = (true, true)
            for option in others {
                guard shrinker.replays < maxReplays else {
                    tried = false
                    break
                }
                var changed = kept.map { lines[$0] }
                switch option {
                case .apply(let event): changed[at] = "\(choice.time) \(Scenario.text(of: event))"
                case .nothing, .wait: changed[at] = "# locsim explore: nothing chosen here"
                }
                if !shrinker.fails(changed, kept: kept) {
                    free = false
                    break
                }
            }
            let freedom: Freedom = !free ? .needed : !tried ? .untried : others.isEmpty ? .needed : .free
            choices.append(ShrunkChoice(choice: choice, freedom: freedom))
        }
        var text = kept.map { lines[$0] + "\n" }.joined()
        text += "# locsim explore: shrunk to \(kept.count) of \(lines.count) lines by delta debugging, each drop "
        text += "checked by replaying it as run does (\(shrinker.replays) replays"
        text += linesUntried ? ", the most a shrink runs: lines not tried stay)\n" : ")\n"
        let numbers = kept.map { origins[$0].map(String.init) ?? "-" }
        text += "# locsim explore: their lines in the scenario (-: written by explore): "
        text += numbers.joined(separator: ", ") + "\n"
        let kinds: [(String, Freedom)] = [
            ("can vary freely (each other option alone keeps this failure)", .free),
            ("matter (some other option loses this failure)", .needed), ("are not needed (dropped)", .notNeeded),
            ("were not tried (the shrink's replays ran out)", .untried),
        ]
        for (name, freedom) in kinds {
            let these = choices.filter { $0.freedom == freedom }.map(\.choice.description)
            if !these.isEmpty {
                text += "# locsim explore: choices that \(name): " + these.joined(separator: "; ") + "\n"
            }
        }
        return Shrunk(text: text, kept: kept.count, lines: lines.count, replays: shrinker.replays, choices: choices)
    }

    /// The scenario's line number of each counterexample line, `nil` for a
    /// line explore wrote: the lines match the scenario's in order, but
    /// for the lines explore added (a comment `# locsim explore: …` and the
    /// line after it) and the `platform` line, `user any` lines and policy
    /// lines it rewrote.
    static func origins(_ lines: [String], scenario: [UInt8]) -> [Int?] {
        var source = String(decoding: scenario, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        if source.last == "" { source.removeLast() }
        var out: [Int?] = []
        var j = 0
        var written = false
        for line in lines {
            let ours = line.hasPrefix("# locsim explore:")
            defer { written = ours }
            if ours || (written && !line.hasPrefix("#")) {
                out.append(nil)
                continue
            }
            // The next scenario line it is, as written or as explore rewrote it.
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            let match = source[j...].firstIndex { s in
                let sw = s.split(whereSeparator: { $0 == " " || $0 == "\t" })
                if s == line || line.hasPrefix("# " + s + "  (locsim explore:") { return true }
                if sw.first == "platform" { return words.first == "platform" }
                // A `user any` line written as the action chosen there.
                return sw.count >= 3 && sw[1] == "user" && sw.last == "any" && words.count >= 3 && words[1] == "user"
                    && Explore.time(of: String(s)) == Explore.time(of: line)
            }
            guard let match else {
                out.append(nil)
                continue
            }
            out.append(match + 1)
            j = match + 1
        }
        return out
    }

    /// The counterexample line of each choice of `path`, in order: its
    /// line, `<time> <event>` (`user <action>`, `system terminate`, …).
    private static func choiceLines(_ lines: [String], path: [ExploreChoice]) -> [Int?] {
        var from = 0
        return path.map { choice in
            let text = "\(choice.time) \(Scenario.text(of: choice.event))"
            guard let i = lines[from...].firstIndex(of: text) else { return nil }
            from = i + 1
            return i
        }
    }

    /// The options of each choice point of `path`, walked again.
    static func options(_ scenario: [UInt8], path: [ExploreChoice], platform: Platform) -> [[ExploreSearch.Option]] {
        guard let input = try? ExploreInput(scenario, platform: platform) else { return [] }
        var search = ExploreSearch(input, maxStates: 1, progress: nil)
        var seen: [[ExploreSearch.Option]] = []
        var made: [ExploreChoice] = []
        // A choice point the path did nothing at (or waited past) is not in
        // `path`: the path's next choice is the one whose event it offers.
        _ = try? search.walk(&made) { options in
            guard seen.count < path.count else { return nil }
            if let k = options.firstIndex(of: .apply(path[seen.count].event)) {
                seen.append(options)
                return k
            }
            return options.firstIndex(of: .nothing) ?? options.firstIndex(of: .wait)
        }
        return seen
    }
}

/// The delta debugging of `Explore.shrink`: lines by their index in the
/// unshrunk counterexample, each candidate replayed.
private struct Shrinker {
    /// How a replay failed: the error, or the target `expect` line's failure,
    /// lines numbered as in the unshrunk counterexample.
    enum Failure: Equatable {
        case error(SourceLocation, String)
        case expect(SourceLocation, String)
    }

    let lines: [String]
    let maxReplays: Int
    var target: Failure? = nil
    private(set) var replays = 0

    init(lines: [String], maxReplays: Int) {
        self.lines = lines
        self.maxReplays = maxReplays
    }

    /// The lines kept: every line but the `locsim` and `platform` lines may
    /// go, comments and blank lines first (one replay for all of them).
    mutating func minimize() -> [Int] {
        let fixed = lines.indices.filter { i in
            let first = lines[i].split(whereSeparator: { $0 == " " || $0 == "\t" }).first
            return first == "locsim" || first == "platform"
        }
        var units = lines.indices.filter { !fixed.contains($0) }
        let code = units.filter { !lines[$0].allSatisfy { $0 == " " || $0 == "\t" } && !lines[$0].hasPrefix("#") }
        if code.count < units.count && replays < maxReplays && test(code, fixed) { units = code }
        var n = 2
        while units.count >= 1 && replays < maxReplays {
            let size = (units.count + n - 1) / n
            var dropped = false
            for start in stride(from: 0, to: units.count, by: size) where replays < maxReplays {
                var rest = units
                rest.removeSubrange(start..<min(start + size, units.count))
                if test(rest, fixed) {
                    units = rest
                    n = max(n - 1, 2)
                    dropped = true
                    break
                }
            }
            if !dropped {
                guard size > 1 else { break }
                n = min(n * 2, units.count)
            }
        }
        return (fixed + units).sorted()
    }

    /// True when `units` with `fixed` still fail as the target.
    private mutating func test(_ units: [Int], _ fixed: [Int]) -> Bool {
        let kept = (fixed + units).sorted()
        return fails(kept.map { lines[$0] }, kept: kept)
    }

    /// True when `text` (the lines of `kept`, perhaps changed) fails as the target.
    mutating func fails(_ text: [String], kept: [Int]) -> Bool {
        guard let target else { return false }
        return failure(of: text, kept: kept, expectLine: nil, target: target) == target
    }

    /// How `run` fails the lines `kept`: its error, or the failure of
    /// `expectLine`; `nil` when it does neither.
    mutating func failure(of kept: [Int], expectLine: Int?) -> Failure? {
        failure(of: kept.map { lines[$0] }, kept: kept, expectLine: expectLine, target: nil)
    }

    private mutating func failure(of text: [String], kept: [Int], expectLine: Int?, target: Failure?) -> Failure? {
        replays += 1
        var bytes: [UInt8] = []
        for line in text { bytes += line.utf8 + [0x0A] }
        var reader = LineReader(bytes: bytes)
        var failed = FailedExpectations()
        // A line number of the candidate as the unshrunk counterexample numbers it.
        func unshrunk(_ location: SourceLocation) -> SourceLocation {
            var l = location
            if l.line >= 1 && l.line <= kept.count { l.line = kept[l.line - 1] + 1 }
            return l
        }
        do throws(ScenarioError) {
            try Replay.run(&reader, into: &failed)
        } catch {
            return .error(unshrunk(error.location), error.message)
        }
        let line: Int
        switch target {
        case .expect(let location, _): line = location.line
        case .error: return nil
        case nil:
            guard let expectLine else { return nil }
            line = expectLine
        }
        return failed.list.lazy.map { f in Failure.expect(unshrunk(f.location), f.reason) }.first {
            if case .expect(let l, _) = $0 { return l.line == line }
            return false
        }
    }
}

/// The `expect` lines a replay failed; every other record is let go.
private struct FailedExpectations: LogWriter {
    var list: [FailedExpectation] = []

    mutating func write(_ record: LogRecord) {
        if let failed = record.failedExpectation { list.append(failed) }
    }
}
