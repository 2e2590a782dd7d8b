/// The report as a person or a tool reads it (`locsim explore --format`).
extension Explore.Report {
    static let columns = [
        "platform", "paths", "auth", "accuracy", "delivered", "held", "dropped", "failed", "shortest path",
    ]

    /// The report in `format` (the formats of `locsim matrix`); LF line
    /// ends, the same bytes on every machine and for any number of jobs.
    public func rendered(_ format: Matrix.Format) -> String {
        switch format {
        case .text: return text
        case .markdown: return markdown
        case .jsonl: return jsonLines
        }
    }

    private var cells: [[String]] {
        platforms.flatMap { p in p.rows.map { Self.cells($0, on: p.platform) } }
    }

    static func cells(_ row: Explore.Row, on platform: Platform) -> [String] {
        let o = row.outcome
        let path = row.shortestPath.isEmpty ? "(no choice)" : row.shortestPath.map(\.description).joined(separator: "; ")
        if let error = o.error {
            let stopped = "stopped at \(error.location.line):\(error.location.column): \(error.message)"
            return [platform.description, paths(row.paths), "-", "-", "-", "-", "-", stopped, path]
        }
        return [
            platform.description, paths(row.paths), o.authorization.rawValue, o.accuracy?.word ?? "-",
            ReportTable.list(o.delivered), ReportTable.list(o.held), ReportTable.list(o.dropped),
            o.failedExpectations.isEmpty ? "-" : o.failedExpectations.map(Self.failed).joined(separator: "; "), path,
        ]
    }

    /// `12:1: expect delegate didEnterRegion (no delegate record contains 'didEnterRegion')`.
    static func failed(_ f: FailedExpectation) -> String {
        "\(f.location.line):\(f.location.column): expect \(f.expectation.text) (\(f.reason))"
    }

    /// `iOS 13.0: 7 paths, 12 distinct states, 3 outcomes`.
    static func summary(_ p: Explore.PlatformResult) -> String {
        "\(p.platform): " + count(p.paths, "path") + ", " + count(UInt64(p.states), "distinct state") + ", "
            + count(UInt64(p.rows.count), "outcome")
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

    private var text: String {
        var out = ReportTable.text([Self.columns] + cells)
        out += "\n"
        for p in platforms { out += Self.summary(p) + "\n" }
        return out
    }

    private var markdown: String {
        var out = ReportTable.markdown(Self.columns, cells)
        out += "\n"
        for p in platforms { out += "- " + Self.summary(p) + "\n" }
        return out
    }

    /// One object per outcome row, then one per platform.
    private var jsonLines: String {
        let json = ReportTable.json(_:) as (String) -> String
        var out = ""
        for p in platforms {
            for row in p.rows {
                let o = row.outcome
                out += "{\"platform\":" + json(p.platform.description) + "," + Self.jsonPaths(row.paths)
                if let error = o.error {
                    out += ",\"error\":{\"line\":\(error.location.line),\"column\":\(error.location.column)"
                    out += ",\"message\":" + json(error.message) + "}"
                } else {
                    out += ",\"auth\":" + json(o.authorization.rawValue)
                    out += ",\"accuracy\":" + (o.accuracy.map { json($0.word) } ?? "null")
                    out += ",\"delivered\":" + ReportTable.json(o.delivered) + ",\"held\":" + ReportTable.json(o.held)
                    out += ",\"dropped\":" + ReportTable.json(o.dropped)
                    let failed = o.failedExpectations.map { f in
                        "{\"line\":\(f.location.line),\"column\":\(f.location.column),\"expectation\":"
                            + json("expect " + f.expectation.text) + ",\"reason\":" + json(f.reason) + "}"
                    }
                    out += ",\"failedExpectations\":[" + failed.joined(separator: ",") + "]"
                }
                let path = row.shortestPath.map { c in
                    "{\"time\":" + json(c.time.description) + ",\"prompt\":" + (c.prompt.map { json($0.rawValue) } ?? "null")
                        + ",\"action\":" + json(Scenario.text(of: c.action)) + ",\"line\":" + (c.line.map(String.init) ?? "null")
                        + "}"
                }
                out += ",\"shortestPath\":[" + path.joined(separator: ",") + "]}\n"
            }
        }
        for p in platforms {
            out += "{\"platform\":" + json(p.platform.description) + "," + Self.jsonPaths(p.paths) + ",\"states\":\(p.states)"
            out += ",\"outcomes\":\(p.rows.count)}\n"
        }
        return out
    }
}
