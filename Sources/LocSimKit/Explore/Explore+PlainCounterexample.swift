/// A counterexample's `on prompt` policies written out as timed `user`
/// lines where that is faithful (docs/explore.md, "Counterexamples").
///
/// A policy answers in the middle of its instant, queued behind the
/// reactions before it; a timed `user` line applies after every reaction
/// of its instant has run. Where nothing else happens between the two
/// points the records are the same; where something does (a reaction
/// queued at the prompt's instant, a line at the same time after the one
/// that showed it) they differ. Which it is is not guessed: both forms are
/// replayed by `Replay.run`, as `locsim run` replays them, and the plain
/// form is kept only when its records and failed expectations (or error)
/// are the policy form's, line numbers mapped, the policies' own `react`
/// records aside.
extension Explore {
    /// `text` (a counterexample with policies) with each policy line made a
    /// comment and each answer it gave written as `<time> user <answer>`
    /// (the `react` record's action) after a timed line of that time or
    /// before (`Anchor`, each tried in turn), when `run` of that gives the
    /// same records; else `text` with a closing comment saying why its
    /// policies stay.
    static func plainPolicies(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        let policyLines = Set(lines.indices.filter { Self.isPolicy(lines[$0]) }.map { $0 + 1 })
        guard !policyLines.isEmpty else { return text }
        let withPolicies = Self.replay(text)
        // The answers the policies gave, in log order; a skipped one gave none.
        let answers = withPolicies.records.compactMap { record -> Answer? in
            guard let react = record.reaction, policyLines.contains(react.line), react.skipped == nil else {
                return nil
            }
            return Answer(time: record.time.sinceStart, action: react.action, line: react.line)
        }
        var firstDifference: LogRecord? = nil
        var tried: Set<String> = []
        for anchor in Anchor.allCases {
            guard let (plain, newLine) = Self.plain(lines, policyLines, answers, anchor), tried.insert(plain).inserted
            else { continue }
            let expected = withPolicies.mapped(newLine, dropping: policyLines)
            let replayed = Self.replay(plain)
            if replayed == expected { return plain }
            if tried.count == 1 { firstDifference = zip(replayed.records, expected.records).first { $0 != $1 }?.1 }
        }
        if let error = withPolicies.error, policyLines.contains(error.location.line) {
            return Self.keepingPolicies(
                text, "the error that stops this path is the policy's own (line \(error.location.line))")
        }
        let at =
            firstDifference.map { record -> String in
                var writer = TextLogWriter()
                writer.write(record)
                return ", from the record '\(writer.text.split(separator: "\n").first ?? "")' on"
            } ?? ""
        return Self.keepingPolicies(
            text,
            "as timed user lines their answers would come after what runs before them at their instant, and run's records would differ\(at)"
        )
    }

    /// An answer a policy gave: when, what (`user …`), and the policy's line.
    private struct Answer {
        var time: Millis
        var action: String
        var line: Int
    }

    /// Which timed line a `user` line for an answer at time `t` follows.
    private enum Anchor: CaseIterable {
        /// The first line at `t`: the line that showed the prompt, most often.
        case firstAtTime
        /// The last line at or before `t`.
        case lastByTime
        /// The last line before `t`: a timer or a delayed reaction showed it.
        case lastBeforeTime

        /// The anchor line's number in `lines` (from 1), or nil when there is none.
        func line(for t: Millis, in lines: [String]) -> Int? {
            let times = lines.map(Explore.time(of:))
            let index: Int?
            switch self {
            case .firstAtTime: index = times.firstIndex { $0 == t }
            case .lastByTime: index = times.lastIndex { $0.map { $0 <= t } ?? false }
            case .lastBeforeTime: index = times.lastIndex { $0.map { $0 < t } ?? false }
            }
            return index.map { $0 + 1 }
        }
    }

    /// The plain form with the answers after their anchors, and the line
    /// numbers of the policy form there; nil when an answer has no anchor.
    private static func plain(
        _ lines: [String], _ policyLines: Set<Int>, _ answers: [Answer], _ anchor: Anchor
    ) -> (String, [Int: Int])? {
        var after: [Int: [String]] = [:]
        for answer in answers {
            guard let line = anchor.line(for: answer.time, in: lines) else { return nil }
            after[line, default: []] += [
                "# locsim explore: the policy of line \(answer.line) answered here", "\(answer.time) \(answer.action)",
            ]
        }
        var plain = ""
        var newLine: [Int: Int] = [:]
        var count = 0
        for (i, line) in lines.enumerated() {
            count += 1
            newLine[i + 1] = count
            plain +=
                policyLines.contains(i + 1)
                ? "# \(line)  (locsim explore: its answers are the timed user lines below)\n" : line + "\n"
            for extra in after[i + 1] ?? [] {
                count += 1
                plain += extra + "\n"
            }
        }
        return (plain, newLine)
    }

    /// `text` with a last comment saying why its policies stay (no line moves).
    private static func keepingPolicies(_ text: String, _ why: String) -> String {
        text + "# locsim explore: the 'on prompt' lines stay: \(why) (docs/explore.md, \"Counterexamples\")\n"
    }

    /// `on prompt …` or `<time> on prompt …`.
    private static func isPolicy(_ line: String) -> Bool {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).prefix(3)
        guard words.count >= 2 else { return false }
        if words[0] == "on" { return words[1] == "prompt" }
        return words.count == 3 && Self.time(of: line) != nil && words[1] == "on" && words[2] == "prompt"
    }

    /// The time of a timed line (its first word a number of seconds), else nil.
    static func time(of line: String) -> Millis? {
        guard let word = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).first,
            word.first?.isNumber == true, let seconds = Double(word), seconds < 1e12
        else { return nil }
        return Millis(Int64((seconds * 1000).rounded()))
    }

    /// What `run` gives for a scenario: its records, and the error that stopped it.
    struct Replayed: Equatable {
        var records: [LogRecord] = []
        var error: ScenarioError? = nil

        /// These records as the plain form would number them, without the policies' `react` records.
        func mapped(_ newLine: [Int: Int], dropping policies: Set<Int>) -> Replayed {
            var out = Replayed()
            for var record in records {
                if let react = record.reaction {
                    if policies.contains(react.line) { continue }
                    var moved = react
                    moved.line = newLine[react.line] ?? react.line
                    record.record = Record(.react(moved))
                } else if var failed = record.failedExpectation {
                    failed.location.line = newLine[failed.location.line] ?? failed.location.line
                    record.record = Record(.expect(failed))
                }
                out.records.append(record)
            }
            if var error {
                error.location.line = newLine[error.location.line] ?? error.location.line
                error.notes = []
                out.error = error
            }
            return out
        }
    }

    static func replay(_ text: String) -> Replayed {
        var collector = RecordCollector()
        var reader = LineReader(bytes: Array(text.utf8))
        do {
            try Replay.run(&reader, into: &collector)
            return Replayed(records: collector.records)
        } catch {
            var error = error
            error.notes = []  // they name lines that moved; the message and its line decide
            return Replayed(records: collector.records, error: error)
        }
    }
}
