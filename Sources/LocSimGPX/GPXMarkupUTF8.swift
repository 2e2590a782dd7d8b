import LocSimKit

/// Reads a whole GPX file for a byte that is not UTF-8: inside markup (a
/// tag, its name, attribute names and values, namespace prefixes and
/// URIs; an entity reference, a comment, a processing instruction or the
/// document type declaration) or in character data and CDATA, told apart
/// in the message.
///
/// FoundationXML turns the names libxml2 hands it into strings and traps
/// (illegal instruction) when they are not UTF-8, so such a file is
/// refused here, at the byte, before `XMLParser` sees it (docs/gpx.md,
/// "Errors"); in character data too (see `failure`). A file whose XML declaration names another encoding, or
/// that starts with a UTF-16 or UTF-32 byte order mark, a zero byte or
/// `<?` in UTF-16 (`GPXEncodingForm`), is not checked (a declared UTF-16 or UTF-32 without one is: libxml2 reads
/// such a file as UTF-8): libxml2 converts it to UTF-8 before FoundationXML sees a
/// name. Places count as `GPXByteInput` counts them (libxml2's line, and
/// its column in characters), a UTF-8 byte order mark not counted.
struct GPXMarkupUTF8 {
    private enum State { case start, text, reference, open, bang, tag, comment, instruction, cdata, doctype, skipped }

    private var state = State.start
    /// Bytes of the file's start kept until the encoding is known.
    private var head: [UInt8] = []
    private var quote: UInt8 = 0
    /// Consecutive `-` (comment), `?` (instruction) or `]` (CDATA) just read.
    private var run = 0
    /// `[` not closed yet, in the document type declaration.
    private var depth = 0
    /// Bytes read of `<!--` or `<![CDATA[` after `<!`.
    private var keyword: [UInt8] = []
    /// Continuation bytes the current character still needs.
    private var pending = 0
    /// The range the next continuation byte must fall in.
    private var next: ClosedRange<UInt8> = 0x80...0xBF
    private var lead: UInt8 = 0
    private var leadLocation = SourceLocation(line: 1, column: 1)
    private var position = GPXTextPosition()

    /// The first offending byte and its place; `inText` when it is in
    /// character data or CDATA as this scan reads the file.
    ///
    /// Such a byte is refused too (libxml2 calls it an error as well): the
    /// scan's idea of where markup is can differ from libxml2's in a file
    /// that is not well formed, which libxml2 reads on past its errors (the
    /// fuzzer found `<gpx<?x …` making the rest of a file an instruction
    /// for libxml2, and `<![CDATA[` without its end hiding a name that is
    /// not UTF-8 from this scan), and after a byte that is not UTF-8 in
    /// text libxml2 hands FoundationXML names it traps on.
    private(set) var failure: (byte: UInt8, location: SourceLocation, inText: Bool)?
    /// A character reference in character data that names no character
    /// XML allows (`&#x110000;`, `&#0;`), and where its `&` is: libxml2
    /// reports none of them and hands on text that is not the file's.
    private(set) var badReference: (text: String, location: SourceLocation)?
    private var referenceStart = SourceLocation(line: 1, column: 1)
    private var referenceBytes: [UInt8] = []

    /// The failure is a character the file's end cuts short.
    private(set) var endsInsideCharacter = false

    /// No more bytes are needed: a byte was found, or the file is not checked.
    var isDone: Bool { failure != nil || badReference != nil || state == .skipped }

    /// Bytes of the start needed to see the XML declaration's encoding.
    private static let headLength = 256

    /// Scans the next bytes of the file; `end` when they are its last.
    mutating func feed(_ bytes: some Collection<UInt8>, end: Bool) {
        // A file cut short inside a character: said as such, at the
        // character, as other files cut short are (libxml2 calls it a bare
        // "internal error" 1; issue 31).
        defer {
            if end && failure == nil && pending > 0 && state != .skipped {
                failure = (lead, leadLocation, state == .text || state == .cdata)
                endsInsideCharacter = true
            }
        }
        guard state == .start else {
            for b in bytes where failure == nil { step(b) }
            return
        }
        head.append(contentsOf: bytes)
        guard head.count >= Self.headLength || end else { return }
        let start = head
        head = []
        state = Self.checked(start) ? .text : .skipped
        let body = start.starts(with: [0xEF, 0xBB, 0xBF]) ? start.dropFirst(3) : start[...]
        for b in body where !isDone { step(b) }
    }

    /// Whether a file starting with `start` is read as UTF-8 by libxml2:
    /// it names no encoding, or UTF-8, or what libxml2 does not take as an
    /// encoding's name (a quoted `EncName` of XML 1.0; the fuzzer found
    /// `encoding="UTF<?xml …` read as UTF-8, and trapping).
    private static func checked(_ start: [UInt8]) -> Bool {
        guard let first = start.first, first != 0, first != 0xFE, first != 0xFF else { return false }
        // `<?` in UTF-16 little-endian: libxml2 reads the file as UTF-16
        // (`3C 00 00 00`, UTF-32 little-endian, it refuses: still checked).
        if case .utf16 = GPXEncodingForm.detect(start).form { return false }
        guard start.starts(with: Array("<?xml".utf8)) else { return true }
        // Only a well-formed declaration names the encoding, as
        // `GPXXMLDeclaration` reads it (libxml2 ignores the encoding of a
        // malformed one; the fuzzer found `<?xml \t…<?xml version="1.0"
        // encoding="UTF-1"?>` and `version="1n0"` trapping); a file with any
        // other was refused before this check.
        guard let declared = (try? GPXXMLDeclaration.check(start[...])) ?? nil else { return true }
        let name = String(decoding: declared, as: UTF8.self).lowercased()
        // A file without a byte order mark is 8-bit, whatever UTF-16 or
        // UTF-32 the declaration names: libxml2 then reads it as UTF-8.
        return ["utf-8", "utf8", "utf-16", "utf16", "utf-32", "utf32", "ucs"].contains { name.hasPrefix($0) }
    }

    private mutating func step(_ b: UInt8) {
        step(b, at: position.advance(past: b))
    }

    /// `step(_:)` once `b`'s place is counted.
    private mutating func step(_ b: UInt8, at location: SourceLocation) {
        switch state {
        case .start, .skipped, .text:
            if b == UInt8(ascii: "<") {
                state = .open
            } else if b == UInt8(ascii: "&") {
                checkText(b, at: location)
                state = .reference
                referenceStart = location
                referenceBytes = []
            } else {
                checkText(b, at: location)
            }
            return
        case .reference:
            // An entity reference's name is a name (FoundationXML traps on
            // one that is not UTF-8 when libxml2 asks it for the entity;
            // found by bench/fuzz-gpx.sh): it ends at `;` or a byte that
            // cannot continue it.
            let ascii = b < 0x80
            let nameByte =
                !ascii || (b | 0x20) &- UInt8(ascii: "a") < 26 || b &- UInt8(ascii: "0") < 10
                || b == UInt8(ascii: "_") || b == UInt8(ascii: ":") || b == UInt8(ascii: ".") || b == UInt8(ascii: "-")
                || b == UInt8(ascii: "#")
            guard nameByte else {
                if b == UInt8(ascii: ";") { checkReference() }
                state = .text
                return step(b, at: location)
            }
            if referenceBytes.count < 16 { referenceBytes.append(b) }
        case .open:
            switch b {
            case UInt8(ascii: "!"):
                state = .bang
                keyword = []
            case UInt8(ascii: "?"):
                state = .instruction
                run = 0
            default:
                state = .tag
                quote = 0
            }
        case .bang:
            keyword.append(b)
            if keyword == Array("--".utf8) {
                state = .comment
                run = 0
            } else if keyword == Array("[CDATA[".utf8) {
                state = .cdata
                run = 0
            } else if !Array("--".utf8).starts(with: keyword) && !Array("[CDATA[".utf8).starts(with: keyword) {
                state = .doctype
                quote = 0
                depth = 0
                if keyword == [UInt8(ascii: "[")] { depth = 1 }
            }
        case .tag:
            if !quoted(b) && b == UInt8(ascii: ">") { state = .text }
        case .comment:
            if b == UInt8(ascii: ">") && run >= 2 { state = .text }
            run = b == UInt8(ascii: "-") ? run + 1 : 0
        case .instruction:
            if b == UInt8(ascii: ">") && run >= 1 { state = .text }
            run = b == UInt8(ascii: "?") ? 1 : 0
        case .cdata:
            if b == UInt8(ascii: ">") && run >= 2 { state = .text }
            run = b == UInt8(ascii: "]") ? run + 1 : 0
            checkText(b, at: location)
            return
        case .doctype:
            guard !quoted(b) else { break }
            if b == UInt8(ascii: "[") {
                depth += 1
            } else if b == UInt8(ascii: "]") {
                depth -= 1
            } else if b == UInt8(ascii: ">") && depth <= 0 {
                state = .text
            }
        }
        check(b, at: location)
    }

    /// Checks the character reference just read (its name in `referenceBytes`).
    private mutating func checkReference() {
        guard referenceBytes.first == UInt8(ascii: "#") else { return }
        let hex = referenceBytes.count > 1 && referenceBytes[1] == UInt8(ascii: "x")
        let digits = String(decoding: referenceBytes.dropFirst(hex ? 2 : 1), as: UTF8.self)
        // Too many digits for any character (`count` is at most 15) reads as past U+10FFFF.
        let value = UInt32(digits, radix: hex ? 16 : 10) ?? (digits.isEmpty ? nil : 0x11_0000)
        guard let value else { return }  // `&#;`: libxml2's own error
        let allowed =
            value == 0x09 || value == 0x0A || value == 0x0D || (0x20...0xD7FF).contains(value)
            || (0xE000...0xFFFD).contains(value) || (0x1_0000...0x10_FFFF).contains(value)
        guard !allowed else { return }
        let text = "&" + String(decoding: referenceBytes, as: UTF8.self) + (referenceBytes.count == 16 ? "…" : ";")
        badReference = (text, referenceStart)
    }

    /// Whether `b` is inside a quoted string or opens one (in a tag or a declaration).
    private mutating func quoted(_ b: UInt8) -> Bool {
        if quote != 0 {
            if b == quote { quote = 0 }
            return true
        }
        guard b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") else { return false }
        quote = b
        return true
    }

    /// `check` in character data or CDATA.
    private mutating func checkText(_ b: UInt8, at location: SourceLocation) {
        check(b, at: location)
        if let (byte, place, _) = failure { failure = (byte, place, true) }
    }

    /// Checks `b`, read at `location`, continues valid UTF-8.
    private mutating func check(_ b: UInt8, at location: SourceLocation) {
        if pending > 0 {
            guard next.contains(b) else {
                failure = (lead, leadLocation, false)
                return
            }
            pending -= 1
            next = 0x80...0xBF
            return
        }
        lead = b
        leadLocation = location
        switch b {
        case 0x00...0x7F: return
        case 0xC2...0xDF: pending = 1
        case 0xE0:
            pending = 2
            next = 0xA0...0xBF
        case 0xED:
            pending = 2
            next = 0x80...0x9F
        case 0xE1...0xEF: pending = 2
        case 0xF0:
            pending = 3
            next = 0x90...0xBF
        case 0xF4:
            pending = 3
            next = 0x80...0x8F
        case 0xF1...0xF3: pending = 3
        default: failure = (b, location, false)
        }
    }
}
