/// The tables `locsim matrix` and `locsim explore` print: aligned text,
/// Markdown, and the JSON pieces of their JSON Lines.
enum ReportTable {
    /// Columns aligned two spaces apart; the last column is not padded (no
    /// trailing spaces). `rows[0]` is the heading.
    static func text(_ rows: [[String]]) -> String {
        var widths: [Int] = []
        for cells in rows {
            for (i, cell) in cells.enumerated() {
                if i == widths.count { widths.append(0) }
                widths[i] = max(widths[i], cell.count)
            }
        }
        var out = ""
        for cells in rows {
            for (i, cell) in cells.enumerated() {
                let last = i == cells.count - 1
                out += last ? cell : cell + String(repeating: " ", count: widths[i] - cell.count + 2)
            }
            out += "\n"
        }
        return out
    }

    /// A Markdown table with `heading`, `|` in a cell escaped `\|`.
    static func markdown(_ heading: [String], _ rows: [[String]]) -> String {
        func row(_ cells: [String]) -> String {
            "| " + cells.map(escapingPipes).joined(separator: " | ") + " |\n"
        }
        var out = row(heading)
        out += "|" + String(repeating: "---|", count: heading.count) + "\n"
        for r in rows { out += row(r) }
        return out
    }

    /// A JSON string literal, escaped as the JSON Lines log escapes it.
    static func json(_ s: String) -> String {
        var bytes = ByteBuffer(capacity: s.utf8.count + 8)
        LogBytes.appendJSONString(s, to: &bytes)
        return String(decoding: bytes.array, as: UTF8.self)
    }

    /// `{"notInUse":2,"stale":1}`, in the order given.
    static func json(_ counts: [Tally.Count]) -> String {
        "{" + counts.map { json($0.name) + ":\($0.count)" }.joined(separator: ",") + "}"
    }

    /// `notInUse 2, stale 1`, or `-` for none.
    static func list(_ counts: [Tally.Count]) -> String {
        counts.isEmpty ? "-" : counts.map { "\($0.name) \($0.count)" }.joined(separator: ", ")
    }

    /// `|` escaped for a Markdown table cell.
    private static func escapingPipes(_ s: String) -> String {
        var out = ""
        for c in s { out += c == "|" ? "\\|" : String(c) }
        return out
    }
}
