import LocSimKit

/// One line of a text log (docs/log-format.md), `<t> <kind> <detail>`, as
/// `locsim compare` reads a model's log and a device's observed one.
package struct LogLine: Equatable, Sendable {
    /// Milliseconds from the start.
    package var time: Int64
    package var kind: String
    /// The detail's words, without a location's trailing `@t`.
    package var words: [Substring]
    /// A location's own time (`@t`); its record's time when it has none.
    package var stamp: Int64
    /// The line's number in its file (1 for the first).
    package var number: Int
    /// The line as written.
    package var text: String

    /// Parses `text`; nil when it is not a record (the message says why).
    package static func parse(_ text: Substring, number: Int) -> Result<LogLine, LogLineError> {
        let fields = text.split(separator: " ", omittingEmptySubsequences: false)
        guard fields.count >= 2, let time = milliseconds(fields[0]) else {
            let expected = "'<seconds with 3 decimals> <kind> <detail>' expected"
            return .failure(LogLineError(message: "not a log record: " + expected))
        }
        guard !fields[1].isEmpty else { return .failure(LogLineError(message: "a record needs a kind after its time")) }
        var words = Array(fields.dropFirst(2))
        var stamp = time
        if let last = words.last, last.first == "@", let at = milliseconds(last.dropFirst()) {
            stamp = at
            words.removeLast()
        }
        return .success(
            LogLine(
                time: time, kind: String(fields[1]), words: words, stamp: stamp, number: number, text: String(text)))
    }

    /// `12.345` as 12345; nil for any other form.
    static func milliseconds(_ word: Substring) -> Int64? {
        let parts = word.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 3, !parts[0].isEmpty, parts[0].count <= 13,
            let seconds = Int64(parts[0]), let fraction = Int64(parts[1]), seconds >= 0,
            parts[0].allSatisfy(\.isASCII), parts[1].allSatisfy(\.isASCII)
        else { return nil }
        return seconds * 1000 + fraction
    }

    /// 12345 as `12.345`.
    static func seconds(_ ms: Int64) -> String {
        let fraction = String(ms % 1000)
        return "\(ms / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// The lines of a log's bytes, or the first that is not a record.
    /// Blank lines and `#` comments are skipped; `#` comments are where a
    /// device's log says what it could not see.
    package static func lines(of bytes: [UInt8]) -> Result<[LogLine], LogLineError> {
        let text = String(decoding: bytes, as: UTF8.self)
        var lines: [LogLine] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.last == "\r" ? raw.dropLast() : raw
            guard !line.isEmpty, line.first != "#" else { continue }
            switch parse(line, number: index + 1) {
            case .success(let parsed): lines.append(parsed)
            case .failure(var error):
                error.line = index + 1
                return .failure(error)
            }
        }
        return .success(lines)
    }

    /// The same record, a device's `?` standing for any one word.
    package func sameRecord(as model: LogLine) -> Bool {
        guard kind == model.kind, words.count == model.words.count else { return false }
        return zip(words, model.words).allSatisfy { Self.word($0, matches: $1) }
    }

    /// An observed word against the model's: the same, or one the device
    /// could not tell — `?` matches any word, `<key>=?` any value of that
    /// key (`reason=?`, a background launch's reason, docs/recorder.md).
    static func word(_ mine: Substring, matches theirs: Substring) -> Bool {
        if mine == theirs || mine == "?" { return true }
        guard mine.hasSuffix("=?"), let equals = theirs.firstIndex(of: "=") else { return false }
        return mine.dropLast() == theirs[...equals]
    }

    /// A word the device could not tell (`?`, `<key>=?`).
    package var hasUnknownWord: Bool { words.contains { $0 == "?" || $0.hasSuffix("=?") } }

    /// The line's detail words after the method or event (`35.1,139.1 ±5`
    /// of a location), for finding what the model did with the same thing.
    package var arguments: ArraySlice<Substring> {
        let named = words.filter { !$0.hasPrefix("manager=") }
        return named.dropFirst()
    }
}

package struct LogLineError: Error, Equatable, Sendable {
    package var message: String
    /// The line's number in its file (`lines(of:)`).
    package var line = 0
}
