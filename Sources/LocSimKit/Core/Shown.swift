/// How an error or report prints a name it did not write itself (a file
/// name from a folder or a command line, a string from a shard's file):
/// one line, its bytes recoverable, nothing a terminal acts on.
package enum Shown {
    /// `text` with its control characters (C0, DEL, C1) and the Unicode
    /// line and direction controls written as `\u{…}` (a line feed `\n`,
    /// a tab `\t`, a backslash `\\`), and each byte of a file name that is
    /// not UTF-8 (`SystemPath`'s U+10FF80 + byte) as `\xFF`.
    package static func escaped(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        func append(_ string: String) { out.append(contentsOf: string.unicodeScalars) }
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: append("\\n")
            case 0x09: append("\\t")
            case 0x5C: append("\\\\")
            case 0..<0x20, 0x7F...0x9F, 0x2028...0x202E, 0x2066...0x2069:
                append("\\u{" + String(scalar.value, radix: 16) + "}")
            case 0x10FF80...0x10FFFF: append("\\x" + String(scalar.value - 0x10FF00, radix: 16, uppercase: true))
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    /// The start of a compiler-style line, `file:line:column: <severity>: `,
    /// the file's name escaped (`escaped`): every `file:line:column:`
    /// message is made here, so a name with a line feed in it cannot split
    /// the line or forge another (docs/cli-files.md, "File names").
    package static func place(_ file: String, _ location: SourceLocation, _ severity: String) -> String {
        "\(escaped(file)):\(location.line):\(location.column): \(severity): "
    }
}
