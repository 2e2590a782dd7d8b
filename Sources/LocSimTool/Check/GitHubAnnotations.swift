import LocSimKit

/// GitHub Actions workflow commands for locsim's errors and golden
/// mismatches (`--annotations github`, on by itself under
/// `GITHUB_ACTIONS=true`; docs/ci-shards.md, "Annotations"): each becomes
/// `::error file=…,line=…,col=…,title=…::…`, which GitHub shows on the line
/// in the pull request's diff.
///
/// Escaping is GitHub's (`@actions/core`, `command.ts`): in the message
/// `%`, CR and LF become `%25`, `%0D`, `%0A`; a property value also has
/// `:` and `,` as `%3A` and `%2C`. Paths are relative to the workspace.
package struct GitHubAnnotations: Equatable, Sendable {
    /// `$GITHUB_WORKSPACE`, where GitHub resolves an annotation's `file`; `nil`: unset.
    package var workspace: String?
    /// The current folder, absolute: relative paths are read from it.
    package var currentDirectory: String

    package init(workspace: String?, currentDirectory: String) {
        self.workspace = workspace.map(Self.trimmedSlash)
        self.currentDirectory = Self.trimmedSlash(currentDirectory)
    }

    package enum Severity: String, Sendable {
        case error, warning
    }

    /// The most diff lines one mismatch's annotation quotes (the whole diff
    /// is in the job's log and the JUnit report).
    package static let maxDiffLines = 40

    /// One annotation: a workflow command's parts.
    package struct Note: Equatable, Sendable {
        package var severity: Severity
        package var file: String? = nil
        package var line: Int? = nil
        package var column: Int? = nil
        package var title: String
        package var message: String
    }

    /// One workflow command, ending in `\n`.
    package func command(
        _ severity: Severity, file: String? = nil, line: Int? = nil, column: Int? = nil, title: String,
        message: String
    ) -> String {
        command(Note(severity: severity, file: file, line: line, column: column, title: title, message: message))
    }

    /// `note` as a workflow command, ending in `\n`.
    package func command(_ note: Note) -> String {
        var properties: [String] = []
        if let file = note.file { properties.append("file=" + Self.escapedProperty(relative(file))) }
        if let line = note.line { properties.append("line=\(line)") }
        if let column = note.column { properties.append("col=\(column)") }
        properties.append("title=" + Self.escapedProperty(note.title))
        return "::\(note.severity.rawValue) " + properties.joined(separator: ",") + "::"
            + Self.escapedData(note.message) + "\n"
    }

    /// `path` relative to the workspace: an absolute path inside it loses
    /// the workspace's prefix, a relative one gains the current folder's
    /// place in it; a path outside it stays as it is.
    package func relative(_ path: String) -> String {
        var path = path
        while path.hasPrefix("./") { path.removeFirst(2) }
        guard let workspace else { return path }
        let absolute = path.hasPrefix("/") ? path : currentDirectory + "/" + path
        guard absolute.hasPrefix(workspace + "/") else { return path }
        return String(absolute.dropFirst(workspace.count + 1))
    }

    /// The annotations of one scenario's report (`Check.Outcome.report`):
    /// each `x.scn:3:10: error: …` line with its place, each other line
    /// about the scenario on its file, and each golden's diff on the
    /// golden's first changed line, quoting the diff.
    package func annotations(ofReport report: String, scenario: String) -> String {
        var notes: [Note] = []
        var diff: Diff? = nil
        func endDiff() {
            guard let d = diff else { return }
            var text = d.text.prefix(Self.maxDiffLines).joined(separator: "\n")
            if d.text.count > Self.maxDiffLines { text += "\n…" }
            notes.append(
                Note(
                    severity: .error, file: d.golden, line: d.changed, title: "locsim check: golden mismatch",
                    message: "\(scenario) does not replay as its golden \(d.golden)\n" + text))
            diff = nil
        }
        for line in report.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("--- a/") {
                endDiff()
                diff = Diff(golden: String(line.dropFirst(6)), text: [line])
                continue
            }
            if var d = diff, let first = line.first, "+- @\\".contains(first) {
                d.add(line)
                diff = d
                continue
            }
            endDiff()
            // Where the differing log went belongs to the mismatch before it.
            if line.hasPrefix(scenario + ": the replayed log is in "), !notes.isEmpty {
                notes[notes.count - 1].message += "\n" + line
                continue
            }
            var note = self.note(ofDiagnostic: String(line), title: "locsim check")
            if note.file == nil, line.hasPrefix(scenario + ": ") {
                (note.file, note.message) = (scenario, String(line.dropFirst(scenario.count + 2)))
            }
            notes.append(note)
        }
        endDiff()
        return notes.map(command).joined()
    }

    /// A golden's diff as it is read, and its first changed line: the first
    /// hunk's old start and its context lines before the first change.
    private struct Diff {
        var golden: String
        var text: [Substring]
        var start: Int? = nil
        var context = 0
        var changed: Int? = nil

        mutating func add(_ line: Substring) {
            text.append(line)
            if start == nil, line.hasPrefix("@@ -") {
                start = Int(line.dropFirst(4).prefix { $0.isASCII && $0.isNumber })
                return
            }
            guard let start, changed == nil, let first = line.first else { return }
            if first == " " {
                context += 1
            } else if first == "-" || first == "+" {
                changed = max(1, start + context)
            }
        }
    }

    /// The workflow command for one line of locsim's standard error:
    /// `file:line:column: error|warning: message`, `file: error: message`,
    /// `locsim: error: message` (no file), any other line an error on no
    /// file.
    package func annotation(ofDiagnostic line: String, title: String) -> String {
        command(note(ofDiagnostic: line, title: title))
    }

    /// `annotation(ofDiagnostic:title:)`'s parts.
    func note(ofDiagnostic line: String, title: String) -> Note {
        // `locsim: part.jsonl:2:1: error: …` (a merge's): the place is the file's.
        if line.hasPrefix("locsim: "), !line.hasPrefix("locsim: error: "), !line.hasPrefix("locsim: warning: ") {
            return note(ofDiagnostic: String(line.dropFirst(8)), title: title)
        }
        for severity in [Severity.error, .warning] {
            guard let range = Self.range(of: ": \(severity.rawValue): ", in: line) else { continue }
            let place = line[..<range.lowerBound]
            let message = String(line[range.upperBound...])
            let parts = place.split(separator: ":", omittingEmptySubsequences: false)
            if parts.count >= 3, let l = Int(parts[parts.count - 2]), let c = Int(parts[parts.count - 1]) {
                let file = parts.dropLast(2).joined(separator: ":")
                return Note(severity: severity, file: file, line: l, column: c, title: title, message: message)
            }
            let file = place == "locsim" ? nil : String(place)
            return Note(severity: severity, file: file, title: title, message: message)
        }
        return Note(severity: .error, title: title, message: line)
    }

    /// The first range of `needle` in `text`, by bytes (no `_StringProcessing`).
    private static func range(of needle: String, in text: String) -> Range<String.Index>? {
        var index = text.startIndex
        while index < text.endIndex {
            if text[index...].hasPrefix(needle) {
                return index..<text.utf8.index(index, offsetBy: needle.utf8.count)
            }
            index = text.index(after: index)
        }
        return nil
    }

    /// A workflow command's message: `%`, CR, LF escaped.
    package static func escapedData(_ text: String) -> String {
        escaped(text, also: [])
    }

    /// A property value: also `:` and `,`.
    package static func escapedProperty(_ text: String) -> String {
        escaped(text, also: [(":", "%3A"), (",", "%2C")])
    }

    private static func escaped(_ text: String, also: [(Unicode.Scalar, String)]) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out.append(contentsOf: "%25".unicodeScalars)
            case "\r": out.append(contentsOf: "%0D".unicodeScalars)
            case "\n": out.append(contentsOf: "%0A".unicodeScalars)
            default:
                if let replacement = also.first(where: { $0.0 == scalar }) {
                    out.append(contentsOf: replacement.1.unicodeScalars)
                } else {
                    out.append(scalar)
                }
            }
        }
        return String(out)
    }

    private static func trimmedSlash(_ path: String) -> String {
        path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }
}
