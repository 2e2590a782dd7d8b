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
///
/// A failure that hangs on a choice must keep its cause: dropping the
/// fix an `expect delegate …` waits for, or every line, also "fails the
/// same way". So each choice some other option of which, written alone in
/// its place, makes the unshrunk file pass is a *witness*, and a candidate
/// is kept only when, besides failing, it still passes with each
/// witness's option: the choice's line stays, and so does what makes it
/// decide.
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
        /// Where no other option of one choice of the path makes it pass:
        /// the path (one more choice where it did nothing, or one of the
        /// `passing` paths) with which the shrunk file passes.
        package var passingPath: [ExploreChoice]? = nil
    }

    /// One choice of a shrunk counterexample's path.
    package struct ShrunkChoice: Equatable, Sendable {
        package var choice: ExploreChoice
        package var freedom: Freedom
        /// The other option with which the shrunk file passes (and the
        /// unshrunk one did), for a choice the failure hangs on.
        package var passesWith: Alternative? = nil
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

    /// Witnesses a shrink keeps at most (the first found): each costs a
    /// replay per candidate.
    static let maxWitnesses = 8

    /// Paths that pass a shrink tries as its witness at most, when no
    /// single choice made otherwise is one.
    static let maxPassingPaths = 64

    /// Shrinks `counterexample` (from `counterexample(_:path:platform:stoppedAt:)`
    /// of `scenario` and `path` on `platform`) to the lines its failure
    /// needs: the error `run` stops it with, or else the failure of the
    /// `expect` line of the scenario numbered `expectLine`.
    ///
    /// `passing`: the shortest paths of the rows on `platform` that do not
    /// fail that way, for a failure that hangs on more than one choice;
    /// `systemTerminations`: explore's `--system-terminations`.
    ///
    /// - Returns: `nil` when `run` does not fail `counterexample` that way
    ///   (nothing to keep).
    package static func shrink(
        _ counterexample: String, scenario: [UInt8], path: [ExploreChoice], platform: Platform, expectLine: Int?,
        passing: [[ExploreChoice]] = [], systemTerminations: Int = 0, maxReplays: Int = maxShrinkReplays
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
        let choiceLines = Self.choiceLines(lines, path: path)
        let offered = Self.offered(
            scenario, path: path, platform: platform, systemTerminations: systemTerminations)
        // The witnesses: for each choice, the first other option with which the whole file passes.
        let all = Array(lines.indices)
        var passesWith: [Alternative?] = Array(repeating: nil, count: path.count)
        for k in path.indices where shrinker.witnesses.count < maxWitnesses {
            guard let at = choiceLines[k], k < offered.others.count else { continue }
            for other in offered.others[k] where shrinker.replays < maxReplays {
                let sibling = Shrinker.Sibling(at, other)
                if shrinker.passes(sibling, kept: all) {
                    passesWith[k] = other
                    shrinker.witnesses.append(sibling)
                    break
                }
            }
        }
        // None: the failure may hang on a choice the path did not make
        // (it did nothing where the system could have acted), or on more
        // than one: then the nearest of the paths that pass is the witness.
        var passingPath: [ExploreChoice]? = nil
        if shrinker.witnesses.isEmpty {
            var candidates = offered.skipped.flatMap { before, made in
                made.map { choice in
                    var other = path
                    other.insert(choice, at: before)
                    return other
                }
            }
            candidates += passing.prefix(maxPassingPaths).filter { $0 != path }
            for other in candidates where shrinker.replays < maxReplays {
                guard let text = try? Self.counterexample(scenario, path: other, platform: platform),
                    let sibling = Shrinker.Sibling(lines, written: text), shrinker.passes(sibling, kept: all)
                else { continue }
                passingPath = other
                shrinker.witnesses.append(sibling)
                break
            }
        }
        let kept = shrinker.minimize()
        let linesUntried = shrinker.replays >= maxReplays
        var choices: [ShrunkChoice] = []
        for (k, choice) in path.enumerated() {
            guard let at = choiceLines[k], kept.contains(at) else {
                choices.append(ShrunkChoice(choice: choice, freedom: .notNeeded))
                continue
            }
            if let other = passesWith[k] {
                choices.append(ShrunkChoice(choice: choice, freedom: .needed, passesWith: other))
                continue
            }
            // Each other option in turn, within the replays left: one that
            // loses the failure decides it.
            let others = k < offered.others.count ? offered.others[k] : []
            var (free, tried) = (true, true)
            for other in others {
                guard shrinker.replays < maxReplays else {
                    tried = false
                    break
                }
                if !shrinker.fails(Shrinker.Sibling(at, other), kept: kept) {
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
            let these = choices.filter { $0.freedom == freedom }.map { c in
                c.choice.description + (c.passesWith.map { " (with \($0.name) instead, run passes)" } ?? "")
            }
            if !these.isEmpty {
                text += "# locsim explore: choices that \(name): " + these.joined(separator: "; ") + "\n"
            }
        }
        if let passingPath {
            let choices = passingPath.isEmpty ? "(no choice)" : passingPath.map(\.description).joined(separator: "; ")
            text += "# locsim explore: the failure hangs on choices this path made otherwise: on the path "
            text += choices + ", run passes\n"
        } else if shrinker.witnesses.isEmpty {
            text += "# locsim explore: no path explored that passes makes run pass here: "
            text += "the failure hangs on no choice, and the lines kept are those it needs\n"
        }
        return Shrunk(
            text: text, kept: kept.count, lines: lines.count, replays: shrinker.replays, choices: choices,
            passingPath: passingPath)
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

    /// A candidate with one choice made otherwise: the unshrunk lines
    /// `range` (those the candidate keeps) replaced by `lines`.
    struct Sibling {
        var range: Range<Int>
        var lines: [String]
        /// Another instant of a window: `lines` go among the lines by their time.
        var byTime = false
        /// The lines a candidate must keep for it to stand: the choice's own.
        var required: [Int]

        /// The choice of line `at` made as `other`.
        init(_ at: Int, _ other: Explore.Alternative) {
            range = at..<at + 1
            lines = [other.line ?? "# locsim explore: nothing chosen here"]
            byTime = other.moved
            required = [at]
        }

        /// `written`, a counterexample of another path, as an edit of
        /// `unshrunk`: the lines between their common start and end; `nil`
        /// when they are the same. Its lines that are not comments stay.
        init?(_ unshrunk: [String], written: String) {
            var other = written.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if other.last == "" { other.removeLast() }
            guard other != unshrunk else { return nil }
            let count = min(unshrunk.count, other.count)
            var start = 0
            while start < count && unshrunk[start] == other[start] { start += 1 }
            var end = 0
            while end < count - start && unshrunk[unshrunk.count - 1 - end] == other[other.count - 1 - end] { end += 1 }
            range = start..<unshrunk.count - end
            lines = Array(other[start..<other.count - end])
            required = range.filter { !unshrunk[$0].hasPrefix("#") }
        }
    }

    let lines: [String]
    let maxReplays: Int
    var target: Failure? = nil
    /// The siblings every candidate must still pass with.
    var witnesses: [Sibling] = []
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

    /// True when `units` with `fixed` still fail as the target and pass
    /// with every witness, within the replays left (a candidate not
    /// judged whole is not taken).
    private mutating func test(_ units: [Int], _ fixed: [Int]) -> Bool {
        let kept = (fixed + units).sorted()
        guard witnesses.allSatisfy({ $0.required.allSatisfy(kept.contains) }), replays < maxReplays else {
            return false
        }
        guard fails(kept.map { (lines[$0], Optional($0)) }) else { return false }
        for witness in witnesses {
            guard replays < maxReplays, passes(witness, kept: kept) else { return false }
        }
        return true
    }

    /// True when the lines `kept` with `sibling`'s choice made otherwise
    /// fail as the target.
    mutating func fails(_ sibling: Sibling, kept: [Int]) -> Bool {
        fails(text(kept, sibling))
    }

    /// True when `run` of the lines `kept` with `sibling`'s choice made
    /// otherwise does not fail as the target at all: no error stops it,
    /// and the target's `expect` line holds.
    mutating func passes(_ sibling: Sibling, kept: [Int]) -> Bool {
        guard let target else { return false }
        switch replay(text(kept, sibling)) {
        case .stopped: return false
        case .ended(let failed):
            guard case .expect(let location, _) = target else { return true }
            return !failed.contains { $0.location.line == location.line }
        }
    }

    /// The lines `kept`, each with its index (`nil`: a line explore
    /// wrote), the sibling's lines in place of its range's: where the
    /// range was, or for another instant of a window, before the first
    /// timed line after it. A line for a line keeps its number.
    private func text(_ kept: [Int], _ sibling: Sibling) -> [(String, Int?)] {
        var out = kept.filter { !sibling.range.contains($0) }.map { (lines[$0], Optional($0)) }
        let oneForOne = sibling.range.count == sibling.lines.count
        let place = out.firstIndex { ($0.1 ?? 0) >= sibling.range.lowerBound } ?? out.count
        for (n, line) in sibling.lines.enumerated() {
            var at = place + n
            if sibling.byTime, let time = Explore.time(of: line) {
                at = out.firstIndex { Explore.time(of: $0.0).map { $0 > time } ?? false } ?? out.count
            }
            out.insert((line, oneForOne ? sibling.range.lowerBound + n : nil), at: at)
        }
        return out
    }

    /// True when `text` (lines with their unshrunk index) fails as the target.
    private mutating func fails(_ text: [(String, Int?)]) -> Bool {
        guard let target else { return false }
        return failure(of: text, expectLine: nil, target: target) == target
    }

    /// How `run` fails the lines `kept`: its error, or the failure of
    /// `expectLine`; `nil` when it does neither.
    mutating func failure(of kept: [Int], expectLine: Int?) -> Failure? {
        failure(of: kept.map { (lines[$0], Optional($0)) }, expectLine: expectLine, target: nil)
    }

    private mutating func failure(of text: [(String, Int?)], expectLine: Int?, target: Failure?) -> Failure? {
        let line: Int
        switch (replay(text), target) {
        case (.stopped(let location, let message), _): return .error(location, message)
        case (.ended, .error): return nil
        case (.ended(let failed), .expect(let location, _)):
            line = location.line
            return failed.first { $0.location.line == line }.map { .expect($0.location, $0.reason) }
        case (.ended(let failed), nil):
            guard let expectLine else { return nil }
            return failed.first { $0.location.line == expectLine }.map { .expect($0.location, $0.reason) }
        }
    }

    /// What `run` of one candidate came to, lines numbered as in the
    /// unshrunk counterexample (a line explore wrote keeps its own number).
    enum Replayed {
        case stopped(SourceLocation, String)
        case ended([FailedExpectation])
    }

    /// Replays `text` as `run` does: one replay of the budget.
    private mutating func replay(_ text: [(String, Int?)]) -> Replayed {
        replays += 1
        var bytes: [UInt8] = []
        for (line, _) in text { bytes += line.utf8 + [0x0A] }
        var reader = LineReader(bytes: bytes)
        var failed = FailedExpectations()
        func unshrunk(_ location: SourceLocation) -> SourceLocation {
            var l = location
            if l.line >= 1 && l.line <= text.count, let i = text[l.line - 1].1 { l.line = i + 1 }
            return l
        }
        do throws(ScenarioError) {
            try Replay.run(&reader, into: &failed)
        } catch {
            return .stopped(unshrunk(error.location), error.message)
        }
        return .ended(
            failed.list.map { f in
                var f = f
                f.location = unshrunk(f.location)
                return f
            })
    }
}

/// The `expect` lines a replay failed; every other record is let go.
private struct FailedExpectations: LogWriter {
    var list: [FailedExpectation] = []

    mutating func write(_ record: LogRecord) {
        if let failed = record.failedExpectation { list.append(failed) }
    }
}
