#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A word of a scenario line: a bare word or a double-quoted string, as byte
/// offsets into the line (a string's range includes its quotes).
struct Token {
    var start: Int
    var end: Int
    var isQuoted = false
    /// True when a quoted string holds `\"` or `\\`.
    var hasEscapes = false

    /// The 1-based column of the first byte.
    var column: Int { start + 1 }
    var count: Int { end - start }
}

/// Splits one scenario line into words, on bytes (SPEC §1): words are
/// separated by spaces or tabs, `#` outside a string starts a comment, and
/// strings are in double quotes with `\"` and `\\` escapes.
package struct ByteScanner {
    let bytes: UnsafeRawBufferPointer
    let lineNumber: Int
    /// Where the next word search starts.
    private(set) var position = 0
    /// Where the last word returned ends: "missing argument" errors point here.
    private(set) var lastEnd = 0

    init(_ bytes: UnsafeRawBufferPointer, lineNumber: Int) {
        self.bytes = bytes
        self.lineNumber = lineNumber
    }

    @inline(__always) func byte(_ i: Int) -> UInt8 { bytes[i] }

    /// The next word, or `nil` at the end of the line or at a comment.
    @inline(__always) mutating func next() throws(ScenarioError) -> Token? {
        let n = bytes.count
        var i = position
        while i < n, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
        if i == n || bytes[i] == UInt8(ascii: "#") {
            position = n
            return nil
        }
        let token = bytes[i] == UInt8(ascii: "\"") ? try quoted(from: i) : try bare(from: i)
        position = token.end
        lastEnd = token.end
        return token
    }

    /// The next word, which must exist: `missing argument <name> for <owner>`.
    @inline(__always) mutating func required(_ name: String, for owner: String) throws(ScenarioError) -> Token {
        guard let token = try next() else {
            throw error("missing argument <\(name)> for \(owner)", column: lastEnd + 1)
        }
        return token
    }

    /// The next word, which must exist and be a decimal number: `token`
    /// read and `number(token, name)` in one pass over the bytes.
    @inline(__always)
    mutating func requiredNumber(_ argument: String, _ name: String, for owner: String) throws(ScenarioError) -> (
        Double, Token
    ) {
        let n = bytes.count
        var i = position
        while i < n, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
        let (stop, value) = Self.scanDecimal(bytes, i, n)
        if let value, stop == n || bytes[stop] == 0x20 || bytes[stop] == 0x09 || bytes[stop] == UInt8(ascii: "#") {
            position = stop
            lastEnd = stop
            let token = Token(start: i, end: stop)
            return (try bounded(value, token, name), token)
        }
        // Not a plain number: read the word as such for the message.
        let token = try required(argument, for: owner)
        return (try number(token, name), token)
    }

    /// Fails if any word is left: `unexpected extra argument 'foo'`.
    mutating func end() throws(ScenarioError) {
        if let extra = try next() {
            throw error("unexpected extra argument '\(display(extra))'" + logFormHint(extra), at: extra)
        }
    }

    /// Bytes that end a bare word or are an error in one: tab, space, `"`, `#`.
    private static let wordStops: UInt64 = 1 << 0x09 | 1 << 0x20 | 1 << 0x22 | 1 << 0x23

    @inline(__always) private func bare(from start: Int) throws(ScenarioError) -> Token {
        var i = Self.firstByteBelow0x24(bytes, from: start)
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b < 64 && (Self.wordStops >> b) & 1 != 0 {
                if b == UInt8(ascii: "\"") {
                    throw error("unexpected '\"' inside a word; a string must start a word", column: i + 1)
                }
                break
            }
            i += 1
        }
        return Token(start: start, end: i)
    }

    /// Skips, eight bytes at a time, the bytes that cannot end a word: every
    /// word stop is below 0x24. Returns where the byte-by-byte scan should
    /// go on: at the first byte below 0x24 or within the last 8 bytes.
    @inline(__always)
    private static func firstByteBelow0x24(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return start }
        let ones: UInt64 = 0x0101_0101_0101_0101
        var i = start
        while i &+ 8 <= bytes.count {
            let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            // The high bit of the lowest byte below 0x24 is set (higher ones may be too).
            let below = (word &- 0x24 &* ones) & ~word & (0x80 &* ones)
            if below != 0 { return i &+ below.trailingZeroBitCount / 8 }
            i &+= 8
        }
        return i
    }

    private func quoted(from start: Int) throws(ScenarioError) -> Token {
        var i = start + 1
        let n = bytes.count
        var escapes = false
        while true {
            guard i < n else {
                throw error("unclosed string; expected a closing '\"' on the same line", column: start + 1)
            }
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { break }
            if b == UInt8(ascii: "\\") {
                guard i + 1 < n else {
                    throw error("unclosed string; expected a closing '\"' on the same line", column: start + 1)
                }
                let escaped = bytes[i + 1]
                guard escaped == UInt8(ascii: "\"") || escaped == UInt8(ascii: "\\") else {
                    let shown = text(i, i + 1 + Self.scalarLength(escaped))
                    throw error("unknown escape '\(shown)' in a string; expected \\\" or \\\\", column: i + 1)
                }
                escapes = true
                i += 2
                continue
            }
            i += 1
        }
        let end = i + 1
        if end < n, bytes[end] != 0x20, bytes[end] != 0x09, bytes[end] != UInt8(ascii: "#") {
            throw error(
                "expected a space after the closing quote, found '\(text(end, end + Self.scalarLength(bytes[end])))'",
                column: end + 1)
        }
        return Token(start: start, end: end, isQuoted: true, hasEscapes: escapes)
    }

    /// Bytes in the UTF-8 sequence `lead` starts (the line is already valid).
    static func scalarLength(_ lead: UInt8) -> Int {
        lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }

    // MARK: Words as values

    /// True when `token` is the bare word `word`.
    @inline(__always) func matches(_ token: Token, _ word: StaticString) -> Bool {
        guard !token.isQuoted, token.count == word.utf8CodeUnitCount, let base = bytes.baseAddress else { return false }
        return memcmp(base + token.start, word.utf8Start, token.count) == 0
    }

    /// The value of a word: a bare word as written, a string without quotes and escapes.
    func string(_ token: Token) -> String {
        guard token.isQuoted else { return text(token.start, token.end) }
        guard token.hasEscapes else { return text(token.start + 1, token.end - 1) }
        var unescaped: [UInt8] = []
        unescaped.reserveCapacity(token.count)
        var i = token.start + 1
        while i < token.end - 1 {
            if bytes[i] == UInt8(ascii: "\\") { i += 1 }
            unescaped.append(bytes[i])
            i += 1
        }
        return String(decoding: unescaped, as: UTF8.self)
    }

    /// The bytes `start..<end` of the line as text.
    func text(_ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// A word as written, cut at 60 bytes (on a character boundary) for messages.
    func display(_ token: Token) -> String {
        display(token.start, token.end)
    }

    func display(_ start: Int, _ end: Int) -> String {
        let limit = 60
        guard end - start > limit else { return text(start, end) }
        var cut = start + limit
        while cut > start, bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
        return text(start, cut) + "…"
    }

    // MARK: Errors

    func error(_ message: String, column: Int) -> ScenarioError {
        ScenarioError(message, line: lineNumber, column: column)
    }

    func error(_ message: String, at token: Token) -> ScenarioError {
        ScenarioError(message, line: lineNumber, column: token.column)
    }
}
