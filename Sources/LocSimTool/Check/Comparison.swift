import LocSimKit

/// `locsim compare <session.scn> <observed.log>` (docs/recorder.md): the
/// session replayed under the rules, its records set against a device's,
/// each difference named with the rule behind the model's record.
///
/// Compared are the records a device shows its app: `delegate` and
/// `completion` records and the `app` launches and foreground and
/// background changes. Every other kind (holds and drops, `auth`, `inuse`,
/// suspensions) is the model's reasoning, which a device does not show;
/// an observed log's records of those kinds are passed over, so a golden
/// log compares with its own scenario with no disagreement.
package struct Comparison: Sendable {
    /// Two records that differ only in time by at most this much agree.
    package static let tolerance: Int64 = 50

    package var agreements = 0
    package var disagreements: [Disagreement] = []
    /// What the session could not tell (its `# unknown:` comments) and the
    /// device's `?` words: neither agreed nor disagreed.
    package var unknowns: [String] = []

    package struct Disagreement: Equatable, Sendable {
        /// When, for the report's order.
        package var time: Int64
        package var text: String
    }

    /// Compares `observed` with the replay of `session`; the model's log is
    /// returned too, for the report.
    package static func compare(
        session: [UInt8], sessionPath: String, observed: [UInt8], observedPath: String, tracks: TrackSource? = nil
    ) throws(ComparisonError) -> Comparison {
        let text: [UInt8]
        do throws(ScenarioError) { text = try Replay.textLog(of: session, tracks: tracks) } catch {
            throw ComparisonError(message: error.formatted(file: sessionPath))
        }
        guard case .success(let model) = LogLine.lines(of: text) else {
            throw ComparisonError(message: "\(sessionPath): the model's log does not read back")
        }
        let device: [LogLine]
        switch LogLine.lines(of: observed) {
        case .success(let lines): device = lines
        case .failure(let error):
            throw ComparisonError(
                message: Shown.place(observedPath, SourceLocation(line: error.line, column: 1), "error") + error.message
            )
        }
        var comparison = Comparison()
        comparison.unknowns = unknownLines(session, path: sessionPath)
        comparison.match(model: model, device: device, observedPath: observedPath, sessionPath: sessionPath)
        return comparison
    }

    /// Whether a record is one a device shows its app.
    static func isCompared(_ line: LogLine) -> Bool {
        switch line.kind {
        case "delegate", "completion": return true
        case "app":
            guard let action = line.words.first else { return false }
            return action == "launch" || action == "foreground" || action == "background"
        default: return false
        }
    }

    private mutating func match(model all: [LogLine], device: [LogLine], observedPath: String, sessionPath: String) {
        let model = all.filter(Self.isCompared)
        let observed = device.filter(Self.isCompared)
        var modelTaken = [Bool](repeating: false, count: model.count)
        var pairs = [Int?](repeating: nil, count: observed.count)
        // Agreements: the same record within the tolerance, the earliest first.
        for (i, record) in observed.enumerated() {
            let found = model.indices.first { j in
                !modelTaken[j] && record.sameRecord(as: model[j])
                    && abs(record.time - model[j].time) <= Self.tolerance
                    && abs(record.stamp - model[j].stamp) <= Self.tolerance
            }
            guard let found else { continue }
            modelTaken[found] = true
            pairs[i] = found
            agreements += 1
            if record.hasUnknownWord {
                let place = "\(observedPath):\(record.number)"
                unknowns.append(place + ": unknown: a word the device could not tell: '\(record.text)'")
            }
        }
        // The same record at another time: the nearest one left.
        for (i, record) in observed.enumerated() where pairs[i] == nil {
            let candidates = model.indices.filter { !modelTaken[$0] && record.sameRecord(as: model[$0]) }
            guard let j = candidates.min(by: { abs(model[$0].time - record.time) < abs(model[$1].time - record.time) })
            else { continue }
            modelTaken[j] = true
            pairs[i] = j
            let why = Rules.explain(model[j], in: all)
            disagreements.append(
                Disagreement(
                    time: min(record.time, model[j].time),
                    text: "\(observedPath):\(record.number): disagreement: the device: '\(record.text)'; "
                        + "the model: '\(model[j].text)' (\(why))"))
        }
        for (i, record) in observed.enumerated() where pairs[i] == nil {
            let why = Rules.explainMissing(record, in: all)
            disagreements.append(
                Disagreement(
                    time: record.time,
                    text: "\(observedPath):\(record.number): disagreement: the device: '\(record.text)'; "
                        + "the model: none (\(why))"))
        }
        for (j, record) in model.enumerated() where !modelTaken[j] {
            let why = Rules.explain(record, in: all)
            disagreements.append(
                Disagreement(
                    time: record.time,
                    text: "\(sessionPath): disagreement: the device: none; the model: '\(record.text)' (\(why))"))
        }
        // In time order (a timing difference at the earlier of its two
        // times), so the first is the cause of those after it.
        disagreements.sort { $0.time < $1.time }
    }

    /// The session's `# unknown:` comments, with their lines.
    static func unknownLines(_ session: [UInt8], path: String) -> [String] {
        var found: [String] = []
        let text = String(decoding: session, as: UTF8.self)
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let hash = line.firstIndex(of: "#") else { continue }
            let comment = line[line.index(after: hash)...].drop { $0 == " " }
            if comment.hasPrefix("unknown:") { found.append("\(path):\(index + 1): \(comment)") }
        }
        return found
    }

    /// The report: each disagreement, each unknown, then the summary line.
    package var report: String {
        var text = ""
        for disagreement in disagreements { text += disagreement.text + "\n" }
        for unknown in unknowns { text += unknown + "\n" }
        let plural = { (n: Int, word: String) in "\(n) \(word)\(n == 1 ? "" : "s")" }
        text += "summary: " + plural(agreements, "agreement") + ", " + plural(disagreements.count, "disagreement")
        text += ", " + plural(unknowns.count, "unknown") + " (timing tolerance \(Self.tolerance) ms)\n"
        return text
    }
}

package struct ComparisonError: Error, Equatable, Sendable {
    package var message: String
}
