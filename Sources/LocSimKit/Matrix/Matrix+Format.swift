/// The matrix as a person or a tool reads it (`locsim matrix --format`).
extension Matrix {
    /// The output formats of `locsim matrix`.
    public enum Format: String, Equatable, Sendable, CaseIterable {
        /// An aligned table, then one divergence per adjacent pair.
        case text
        /// A Markdown table and list, to paste into an issue or a README.
        case markdown
        /// One JSON object per row, then one per divergence.
        case jsonl
    }
}

extension Matrix.Report {
    static let columns = ["platform"] + Matrix.Column.all.map(\.name) + ["errors"]

    /// The report in `format`; LF line ends, the same bytes on every machine.
    public func rendered(_ format: Matrix.Format) -> String {
        switch format {
        case .text: return text
        case .markdown: return markdown
        case .jsonl: return jsonLines
        }
    }

    /// The cells of a row, in `columns` order (text and Markdown).
    static func cells(_ row: Matrix.Row) -> [String] {
        switch row.outcome {
        case .success(let tally):
            var errors: [String] = []
            if tally.warnings > 0 { errors.append("\(tally.warnings) warning" + (tally.warnings == 1 ? "" : "s")) }
            if tally.failedExpectations > 0 {
                let n = tally.failedExpectations
                let named = row.failedExpectations.map { "line \($0.location.line) 'expect \($0.expectation.text)'" }
                errors.append(
                    "\(n) expectation\(n == 1 ? "" : "s") failed"
                        + (named.isEmpty ? "" : ": " + named.joined(separator: ", ")))
            }
            for warning in row.warnings { errors.append("line \(warning.location.line): \(warning.message)") }
            return [row.platform.description] + Matrix.Column.all.map { $0.cell(tally) }
                + [errors.isEmpty ? "-" : errors.joined(separator: "; ")]
        case .failure(let error):
            // Counts up to an error would read as the flow's result; they
            // are not. The authorization at the stop says where the flow
            // stood, marked as such.
            let stopped = "stopped at \(error.location.line):\(error.location.column): \(error.message)"
            let final = row.authorizationAtStop.map { Matrix.Column.final($0) + " at stop" } ?? "-"
            return [row.platform.description, final] + Matrix.Column.all.dropFirst().map { _ in "-" } + [stopped]
        }
    }

    /// `iOS 12.5 -> iOS 13.0`.
    private static func pair(_ d: Divergence) -> String { "\(d.from) -> \(d.to)" }

    /// `from line 4, 6 lines differ`, or `same log`.
    private static func summary(_ d: Divergence) -> String {
        guard let line = d.line else { return "same log" }
        let count = d.differingLines == 1 ? "1 line differs" : "\(d.differingLines) lines differ"
        return "from line \(line), \(count)"
    }

    /// The first run's lines, `- ` and `+ ` prefixed, with a count of those not shown.
    private static func runLines(_ d: Divergence) -> [String] {
        var lines = d.removed.map { "- " + $0 }
        if d.removedCount > d.removed.count { lines.append("- … \(d.removedCount - d.removed.count) more") }
        lines += d.added.map { "+ " + $0 }
        if d.addedCount > d.added.count { lines.append("+ … \(d.addedCount - d.added.count) more") }
        return lines
    }

    // MARK: - Text

    private var text: String {
        var out = ReportTable.text([Self.columns] + rows.map(Self.cells))
        if !divergences.isEmpty { out += "\n" }
        for d in divergences {
            out += Self.pair(d) + ": " + Self.summary(d) + "\n"
            for line in Self.runLines(d) { out += "  " + line + "\n" }
        }
        return out
    }

    // MARK: - Markdown

    private var markdown: String {
        var out = ReportTable.markdown(Self.columns, rows.map(Self.cells))
        if !divergences.isEmpty { out += "\n" }
        for d in divergences {
            out += "- **" + Self.pair(d) + "**: " + Self.summary(d) + "\n"
            let lines = Self.runLines(d)
            guard !lines.isEmpty else { continue }
            out += "  ```diff\n"
            for line in lines { out += "  " + line + "\n" }
            out += "  ```\n"
        }
        return out
    }

    // MARK: - JSON Lines

    private var jsonLines: String {
        var out = ""
        for r in rows {
            out += "{\"platform\":" + Self.json(r.platform.description)
            switch r.outcome {
            case .success(let tally):
                for column in Matrix.Column.all { out += "," + column.json(tally) }
                out += ",\"warnings\":\(tally.warnings)"
                if tally.failedExpectations > 0 {
                    out += ",\"failedExpectations\":\(tally.failedExpectations),\"failed\":["
                    out +=
                        r.failedExpectations.map { failed in
                            "{\"line\":\(failed.location.line),\"expect\":" + Self.json(failed.expectation.text)
                                + ",\"reason\":"
                                + Self.json(failed.reason) + "}"
                        }.joined(separator: ",") + "]"
                }
                if !r.warnings.isEmpty {
                    out +=
                        ",\"scenarioWarnings\":["
                        + r.warnings.map { warning in
                            "{\"line\":\(warning.location.line),\"column\":\(warning.location.column),\"message\":"
                                + Self.json(warning.message) + "}"
                        }.joined(separator: ",") + "]"
                }
            case .failure(let error):
                if let view = r.authorizationAtStop { out += ",\"finalAtStop\":" + Matrix.Column.finalJSON(view) }
                out += ",\"error\":{\"line\":\(error.location.line),\"column\":\(error.location.column)"
                out += ",\"message\":" + Self.json(error.message) + "}"
            }
            out += "}\n"
        }
        for d in divergences {
            out += "{\"from\":" + Self.json(d.from.description) + ",\"to\":" + Self.json(d.to.description)
            if let line = d.line {
                out += ",\"line\":\(line),\"differingLines\":\(d.differingLines)"
                out += ",\"removed\":[" + d.removed.map(Self.json).joined(separator: ",") + "]"
                out += ",\"added\":[" + d.added.map(Self.json).joined(separator: ",") + "]"
                out += ",\"removedCount\":\(d.removedCount),\"addedCount\":\(d.addedCount)"
            } else {
                out += ",\"line\":null"
            }
            out += "}\n"
        }
        return out
    }

    static func json(_ s: String) -> String { ReportTable.json(s) }
    static func json(_ counts: [Tally.Count]) -> String { ReportTable.json(counts) }
}
