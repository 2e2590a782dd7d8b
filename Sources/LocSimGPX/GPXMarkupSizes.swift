import LocSimKit

/// Finds the first piece of markup larger than libxml2 reads: a name (of an
/// element or an attribute) longer than 50,000 characters, or a start tag
/// with its attributes, a comment, a processing instruction or a CDATA
/// section of 10,000,000 bytes or more, a comment or instruction inside
/// the document type declaration included.
///
/// Such a file is well-formed XML, but libxml2 (without `XML_PARSE_HUGE`,
/// which FoundationXML does not set) stops at it with a bare "internal
/// error" (1), or a malformed tag (68, 73), reported where it stopped
/// reading, often the file's end. `GPXParser` runs this scan only after
/// the XML reader failed, to say what was too large and where it starts
/// (issue 31). Places count as `GPXMarkupUTF8` counts them: libxml2's
/// line, and its column in characters, a UTF-8 byte order mark not counted.
struct GPXMarkupSizes {
    /// libxml2's `XML_MAX_NAME_LENGTH`.
    static let maxNameCharacters = 50_000
    /// libxml2's `XML_MAX_LOOKUP_LIMIT`: the push parser it runs under
    /// FoundationXML looks this far for the end of a piece of markup,
    /// counted from a place in its buffer, so markup a little shorter
    /// fails too (from 9,999,909 bytes for a start tag in this project's
    /// tests): markup from `reportedMarkupBytes` on is named.
    static let maxMarkupBytes = 10_000_000
    static let reportedMarkupBytes = 9_900_000

    /// What is too large, in words, and where it starts.
    struct Oversize: Equatable {
        var message: String
        var location: SourceLocation
        /// The earliest place libxml2 may report it at: the document type
        /// declaration's start for markup inside it (libxml2 stops there).
        var reported: SourceLocation
    }

    private enum State { case text, open, bang, name, tag, quoted, comment, instruction, cdata, doctype }

    private var state = State.text
    private var position = GPXTextPosition()
    private var started = false
    /// The markup being read: its kind in words, where it starts, its bytes so far.
    private var kind = ""
    private var markupStart = SourceLocation(line: 1, column: 1)
    private var markupBytes = 0
    /// The name being read: where it starts and its characters so far.
    private var nameStart = SourceLocation(line: 1, column: 1)
    private var nameCharacters = 0
    private var quote: UInt8 = 0
    /// Consecutive `-`, `?` or `]` just read; bytes read after `<!`.
    private var run = 0
    private var keyword: [UInt8] = []
    private var depth = 0
    /// Inside the document type declaration: where a `<` was read, and
    /// the bytes of `<!--` or `<?` read from it (a comment or an
    /// instruction there has libxml2's limits too).
    private var subsetStart = SourceLocation(line: 1, column: 1)
    private var subsetRun = 0
    /// The comment or instruction being read is inside the declaration.
    private var inSubset = false
    /// Where the document type declaration starts.
    private var doctypeStart = SourceLocation(line: 1, column: 1)

    /// The first oversized piece of markup found.
    private(set) var found: Oversize?

    /// No more bytes are needed: found, or a file in UTF-16 or UTF-32
    /// (its sizes are not libxml2's, which counts UTF-8), not scanned.
    var isDone: Bool { found != nil || skipped }
    private var skipped = false

    /// Markup too large, once it ends (or the file does, `end`).
    private mutating func markupEnded(end: Bool = false) {
        guard markupBytes >= Self.reportedMarkupBytes, state != .doctype else { return }
        let size = end ? "\(markupBytes) bytes or more (the file ends inside it)" : "\(markupBytes) bytes"
        found = Oversize(
            message: "\(kind) of \(size) is too large for the XML parser (libxml2 reads a start tag with its"
                + " attributes, a comment, a processing instruction or a CDATA section of up to about \(Self.maxMarkupBytes) bytes)",
            location: markupStart, reported: inSubset ? doctypeStart : markupStart)
    }

    /// Scans the next bytes of the file; `end` when they are its last.
    mutating func feed(_ bytes: some Collection<UInt8>, end: Bool) {
        defer { if end && !isDone && state != .text { markupEnded(end: true) } }
        var rest = bytes[...]
        if !started {
            started = true
            if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
            let head = Array(rest.prefix(2))
            skipped = head.contains(0) || head.first == 0xFE || head.first == 0xFF
        }
        for b in rest where !isDone {
            step(b, at: position.advance(past: b))
        }
    }

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    private mutating func step(_ b: UInt8, at location: SourceLocation) {
        if state != .text { markupBytes += 1 }
        switch state {
        case .text:
            if b == UInt8(ascii: "<") {
                state = .open
                markupStart = location
                markupBytes = 1
            }
        case .open:
            switch b {
            case UInt8(ascii: "!"):
                state = .bang
                keyword = []
            case UInt8(ascii: "?"):
                state = .instruction
                kind = "a processing instruction"
                run = 0
            case UInt8(ascii: "/"):
                kind = "an end tag"
                startName(at: location, counting: false)
            default:
                kind = "a start tag with its attributes"
                startName(at: location, counting: true)
                nameCharacters = 1
            }
        case .bang:
            keyword.append(b)
            if keyword == Array("--".utf8) {
                state = .comment
                kind = "a comment"
                run = 0
            } else if keyword == Array("[CDATA[".utf8) {
                state = .cdata
                kind = "a CDATA section"
                run = 0
            } else if !Array("--".utf8).starts(with: keyword) && !Array("[CDATA[".utf8).starts(with: keyword) {
                state = .doctype
                quote = 0
                subsetRun = 0
                doctypeStart = markupStart
                depth = keyword == [UInt8(ascii: "[")] ? 1 : 0
            }
        case .name:
            if Self.isSpace(b) || b == UInt8(ascii: "=") || b == UInt8(ascii: "/") {
                state = .tag
            } else if b == UInt8(ascii: ">") {
                state = .text
                markupEnded()
            } else if b & 0xC0 != 0x80 {
                nameCharacters += 1
                if nameCharacters > Self.maxNameCharacters {
                    found = Oversize(
                        message:
                            "a name longer than \(Self.maxNameCharacters) characters is too long for the XML parser (libxml2)",
                        location: nameStart, reported: nameStart)
                }
            }
        case .tag:
            if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                quote = b
                state = .quoted
            } else if b == UInt8(ascii: ">") {
                state = .text
                markupEnded()
            } else if !Self.isSpace(b) && b != UInt8(ascii: "=") && b != UInt8(ascii: "/") {
                startName(at: location, counting: true)
                nameCharacters = 1
            }
        case .quoted:
            if b == quote { state = .tag }
        case .comment:
            if b == UInt8(ascii: ">") && run >= 2 { endMarkup() }
            run = b == UInt8(ascii: "-") ? run + 1 : 0
        case .instruction:
            if b == UInt8(ascii: ">") && run >= 1 { endMarkup() }
            run = b == UInt8(ascii: "?") ? 1 : 0
        case .cdata:
            if b == UInt8(ascii: ">") && run >= 2 {
                state = .text
                markupEnded()
            }
            run = b == UInt8(ascii: "]") ? run + 1 : 0
        case .doctype:
            if quote == 0, subsetStep(b, at: location) { return }
            if quote != 0 {
                if b == quote { quote = 0 }
            } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                quote = b
            } else if b == UInt8(ascii: "[") {
                depth += 1
            } else if b == UInt8(ascii: "]") {
                depth -= 1
            } else if b == UInt8(ascii: ">") && depth <= 0 {
                state = .text
            }
        }
    }

    /// A comment or instruction ends: its size is judged, and the scan
    /// goes on in the text, or in the declaration it was inside.
    private mutating func endMarkup() {
        markupEnded()
        state = inSubset ? .doctype : .text
        inSubset = false
    }

    /// Reads `b` in the declaration for `<!--` and `<?`; true when it
    /// starts a comment or an instruction there.
    private mutating func subsetStep(_ b: UInt8, at location: SourceLocation) -> Bool {
        switch (subsetRun, b) {
        case (_, UInt8(ascii: "<")):
            subsetStart = location
            subsetRun = 1
        case (1, UInt8(ascii: "!")), (2, UInt8(ascii: "-")):
            subsetRun += 1
        case (3, UInt8(ascii: "-")):
            subsetRun = 0
            state = .comment
            kind = "a comment"
            run = 0
        case (1, UInt8(ascii: "?")):
            subsetRun = 0
            state = .instruction
            kind = "a processing instruction"
            run = 0
        default:
            subsetRun = 0
            return false
        }
        guard state != .doctype else { return false }
        inSubset = true
        markupStart = subsetStart
        markupBytes = state == .comment ? 4 : 2
        return true
    }

    /// A name starts at `location` (for an end tag, after the `/`).
    private mutating func startName(at location: SourceLocation, counting: Bool) {
        state = .name
        nameStart = location
        nameCharacters = 0
        if !counting { nameStart = SourceLocation(line: location.line, column: location.column + 1) }
    }
}
