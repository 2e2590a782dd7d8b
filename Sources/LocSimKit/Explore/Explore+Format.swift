/// The report as a person or a tool reads it (`locsim explore --format`).
extension Explore.Report {
    static let columns = [
        "platform", "paths", "auth", "accuracy", "delivered", "held", "dropped", "failed", "shortest path",
    ]

    /// The report in `format` (the formats of `locsim matrix`); LF line
    /// ends, the same bytes on every machine and for any number of jobs.
    public func rendered(_ format: Matrix.Format) -> String {
        switch format {
        case .text: return rendered(.text, onlyFailing: false)
        case .markdown: return rendered(.markdown, onlyFailing: false)
        case .jsonl: return rendered(.jsonl, onlyFailing: false)
        }
    }

    /// The report in `format`; `onlyFailing`: only the rows of paths an
    /// error stopped or that failed an `expect` line (`--only-failing`),
    /// the summary lines still counting every path.
    public func rendered(_ format: Explore.Format, onlyFailing: Bool) -> String {
        switch format {
        case .text: return text(onlyFailing: onlyFailing)
        case .markdown: return markdown(onlyFailing: onlyFailing)
        case .jsonl: return jsonLines(onlyFailing: onlyFailing)
        case .dot: return dot
        }
    }

    /// The rows shown, each with its platform.
    private func shown(onlyFailing: Bool) -> [(Platform, Explore.Row)] {
        platforms.flatMap { p in p.rows.filter { !onlyFailing || $0.outcome.failed }.map { (p.platform, $0) } }
    }

    /// The table's cells, the `failed` column short (`41:1 [1], 42:1 [2]`),
    /// and the footnotes its numbers point to, in order.
    private func cells(onlyFailing: Bool) -> (cells: [[String]], notes: [String]) {
        var notes = Footnotes()
        let cells = shown(onlyFailing: onlyFailing).map { platform, row in
            Self.cells(row, on: platform, notes: &notes)
        }
        return (cells, notes.texts)
    }

    static func cells(_ row: Explore.Row, on platform: Platform, notes: inout Footnotes) -> [String] {
        let o = row.outcome
        let path = Self.path(row.shortestPath)
        if let error = o.error {
            let at = "\(error.location.line):\(error.location.column)"
            let stopped = "stopped at \(at) [\(notes.number(at + ": " + error.message))]"
            return [platform.description, paths(row.paths), "-", "-", "-", "-", "-", stopped, path]
        }
        let failed = o.failedExpectations.map { f in
            "\(f.location.line):\(f.location.column) [\(notes.number(Self.failed(f)))]"
        }
        return [
            platform.description, paths(row.paths), o.authorization.rawValue, o.accuracy?.word ?? "-",
            ReportTable.list(o.delivered), ReportTable.list(o.held), ReportTable.list(o.dropped),
            failed.isEmpty ? "-" : failed.joined(separator: ", "), path,
        ]
    }

    /// `1.000 whenInUse allowOnce; 5.000 settings always`, `(no choice)`.
    package static func path(_ choices: [ExploreChoice]) -> String {
        choices.isEmpty ? "(no choice)" : choices.map(\.description).joined(separator: "; ")
    }

    /// Distinct texts numbered from 1 in the order first met.
    struct Footnotes {
        private(set) var texts: [String] = []
        private var numbers: [String: Int] = [:]

        mutating func number(_ text: String) -> Int {
            if let n = numbers[text] { return n }
            texts.append(text)
            numbers[text] = texts.count
            return texts.count
        }
    }

    /// `12:1: expect delegate didEnterRegion (no delegate record contains 'didEnterRegion')`.
    static func failed(_ f: FailedExpectation) -> String {
        "\(f.location.line):\(f.location.column): expect \(f.expectation.text) (\(f.reason))"
    }

    /// `iOS 13.0: 7 paths, 12 distinct states, 3 outcomes`; sampled,
    /// `iOS 13.0: 1000 sampled paths (seed 7), 3 outcomes`.
    func summary(_ p: Explore.PlatformResult) -> String {
        let work =
            sampling.map { Self.count(p.paths, "sampled path") + " (seed \($0.seed))" }
            ?? Self.count(p.paths, "path") + ", " + Self.count(UInt64(p.states), "distinct state")
        let outcomes = p.sampledOutcomes ?? p.rows.count
        let shown = outcomes > p.rows.count ? " (\(p.rows.count) shown)" : ""
        return "\(p.platform): " + work + ", " + Self.count(UInt64(outcomes), "outcome") + shown
    }

    /// The table's header: `samples` for `paths` when the paths were sampled.
    var columnNames: [String] {
        guard sampling != nil else { return Self.columns }
        return Self.columns.map { $0 == "paths" ? "samples" : $0 }
    }

    /// `"paths":…`, or `"samples":…` when the paths were sampled.
    func jsonCount(_ n: UInt64) -> String {
        let paths = Self.jsonPaths(n)
        guard sampling != nil else { return paths }
        return "\"samples\"" + paths.dropFirst("\"paths\"".count)
    }

    /// A path count as the report prints it: `UInt64.max` is where counts
    /// stop (they saturate), so it reads `more than 18446744073709551614`.
    package static func paths(_ n: UInt64) -> String {
        n == .max ? "more than \(n - 1)" : "\(n)"
    }

    /// `1 path`, `7 paths`, `more than 18446744073709551614 paths`.
    package static func count(_ n: UInt64, _ word: String) -> String {
        paths(n) + " " + word + (n == 1 ? "" : "s")
    }

    /// `a + b`, stopping at `UInt64.max` as path counts do.
    package static func adding(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : sum
    }

    /// A path count in JSON: a number up to 2^53 − 1, which every JSON
    /// reader holds exactly; above, the digits as a string, and
    /// `"pathsSaturated":true` for a count that stopped at `UInt64.max`.
    static func jsonPaths(_ n: UInt64) -> String {
        guard n >= 1 << 53 else { return "\"paths\":\(n)" }
        return "\"paths\":\"\(n)\"" + (n == .max ? ",\"pathsSaturated\":true" : "")
    }

    private func text(onlyFailing: Bool) -> String {
        let (cells, notes) = cells(onlyFailing: onlyFailing)
        var out = ""
        let digest = self.digest
        if !digest.isEmpty { out += digest.joined(separator: "\n") + "\n\n" }
        out += ReportTable.text([columnNames] + cells)
        if !notes.isEmpty { out += "\n" + notes.enumerated().map { "[\($0 + 1)] \($1)\n" }.joined() }
        out += "\n"
        for p in platforms { out += summary(p) + "\n" }
        out += neverReachedText(bullet: "  ")
        return out
    }

    private func markdown(onlyFailing: Bool) -> String {
        let (cells, notes) = cells(onlyFailing: onlyFailing)
        var out = ""
        let digest = self.digest
        if !digest.isEmpty { out += digest.map { "- " + $0 + "\n" }.joined() + "\n" }
        out += ReportTable.markdown(columnNames, cells)
        if !notes.isEmpty { out += "\n" + notes.enumerated().map { "\($0 + 1). \($1)\n" }.joined() }
        out += "\n"
        for p in platforms { out += "- " + summary(p) + "\n" }
        out += neverReachedText(bullet: "- ")
        return out
    }

    /// `{"line":…,"column":…,"expectation":"expect …","reason":…}`.
    static func json(_ f: FailedExpectation) -> String {
        "{\"line\":\(f.location.line),\"column\":\(f.location.column),\"expectation\":"
            + ReportTable.json("expect " + f.expectation.text) + ",\"reason\":" + ReportTable.json(f.reason) + "}"
    }

    /// One object per outcome row, then one per platform.
    private func jsonLines(onlyFailing: Bool) -> String {
        let json = ReportTable.json(_:) as (String) -> String
        var out = ""
        for p in platforms {
            for row in p.rows where !onlyFailing || row.outcome.failed {
                let o = row.outcome
                out += "{\"platform\":" + json(p.platform.description) + "," + jsonCount(row.paths)
                if let error = o.error {
                    out += ",\"error\":{\"line\":\(error.location.line),\"column\":\(error.location.column)"
                    out += ",\"message\":" + json(error.message) + "}"
                } else {
                    out += ",\"auth\":" + json(o.authorization.rawValue)
                    out += ",\"accuracy\":" + (o.accuracy.map { json($0.word) } ?? "null")
                    out += ",\"delivered\":" + ReportTable.json(o.delivered) + ",\"held\":" + ReportTable.json(o.held)
                    out += ",\"dropped\":" + ReportTable.json(o.dropped)
                    let failed = o.failedExpectations.map(Self.json)
                    out += ",\"failedExpectations\":[" + failed.joined(separator: ",") + "]"
                }
                let path = row.shortestPath.map { c in
                    "{\"time\":" + json(c.time.description) + ",\"prompt\":"
                        + (c.prompt.map { json($0.rawValue) } ?? "null")
                        + ",\"action\":" + json(c.choiceText) + ",\"line\":"
                        + (c.line.map(String.init) ?? "null")
                        + "}"
                }
                out += ",\"shortestPath\":[" + path.joined(separator: ",") + "]}\n"
            }
        }
        for p in platforms {
            out += "{\"platform\":" + json(p.platform.description) + "," + jsonCount(p.paths)
            out += sampling.map { ",\"seed\":\($0.seed)" } ?? ",\"states\":\(p.states)"
            out += ",\"outcomes\":\(p.sampledOutcomes ?? p.rows.count)"
            // `expect sometimes` lines no path met: the rows do not list them.
            if !p.sometimesFailures.isEmpty {
                let lines = p.sometimesFailures.map { Self.json($0.expectation) }
                out += ",\"sometimesFailed\":[" + lines.joined(separator: ",") + "]"
            }
            out += "}\n"
        }
        return out
    }
}
