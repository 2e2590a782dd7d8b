import LocSimKit

/// Reads the start of a GPX file, up to its root element, for entity
/// declarations (`<!ENTITY …>` in the `<!DOCTYPE … [ … ]>` internal subset).
///
/// GPX files declare no entities, and libxml2 expands declared ones with
/// no bound a file can feel: 3 MB of references to a nested entity cost
/// 16 s of CPU, a 4 MB file 46 s (issue 20). `XMLParser` does not tell its
/// delegate about declarations, so the bytes are read here first and a
/// declaration is refused at its place (docs/gpx.md, "Errors"). Only the
/// prolog is read: comments and processing instructions are skipped, quoted
/// strings in the declaration too; anything else ends the scan, for the
/// XML parser to judge.
///
/// The scan reads UTF-8 bytes: a file libxml2 reads as UTF-16 or UTF-32
/// (`GPXEncodingForm`) is turned into UTF-8 first (`GPXUTF8Transcoder`),
/// so such a file cannot hide a declaration from it, and the place named
/// is the line and character libxml2 counts. A file of another encoding
/// is read as its bytes: for the ones ASCII bytes stand for ASCII in
/// (ISO-8859-1, …) the scan is exact; for the others `GPXParser` keeps
/// libxml2 from recording a declaration the scan missed.
struct GPXProlog {
    private enum State { case misc, comment, instruction, doctype, subset, entityName, done }

    private var state = State.misc
    /// Inside the `[ … ]` of the document type declaration.
    private var inSubset = false
    /// The quote that opened the string being read, in a declaration.
    private var quote: UInt8?
    /// Bytes not scanned yet: fewer than the longest keyword, kept for the next chunk.
    private var carry: [UInt8] = []
    private var position = GPXTextPosition()
    private var name: [UInt8] = []
    private var transcoder = GPXUTF8Transcoder()

    /// The first declared entity's name (`%name` for a parameter entity)
    /// and where its `<!ENTITY` starts.
    private(set) var entity: (name: String, location: SourceLocation)?

    /// No more bytes are needed: the root element, the end of the
    /// declaration or a declared entity was reached.
    var isDone: Bool { state == .done }

    /// The longest keyword looked for (`<!DOCTYPE`).
    private static let lookahead = 9

    /// Scans the next bytes of the file; `end` when they are its last.
    mutating func feed(_ bytes: some Collection<UInt8>, end: Bool) {
        scan(transcoder.feed(bytes, end: end), end: end)
    }

    /// Scans the next bytes of the file in UTF-8.
    private mutating func scan(_ bytes: [UInt8], end: Bool) {
        let buffer = carry + bytes
        var i = 0
        while i < buffer.count && state != .done {
            if !end && buffer.count - i < Self.lookahead { break }
            i += step(buffer[i...])
        }
        carry = state == .done ? [] : Array(buffer[i...])
        if end, state == .entityName { finishEntity() }
        if end { state = .done }
    }

    /// Handles the bytes at the start of `rest`; returns how many it used.
    private mutating func step(_ rest: ArraySlice<UInt8>) -> Int {
        let byte = rest.first!
        func starts(_ keyword: String) -> Bool { rest.starts(with: keyword.utf8) }
        switch state {
        case .misc:
            if starts("<?") { return advance(rest, 2, to: .instruction) }
            if starts("<!--") { return advance(rest, 4, to: .comment) }
            if starts("<!DOCTYPE") { return advance(rest, 9, to: .doctype) }
            // White space may come before the root (a byte order mark
            // is dropped before the scan: libxml2 does not count it).
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                return advance(rest, 1, to: .misc)
            }
            state = .done
            return 0
        case .comment:
            return starts("-->") ? advance(rest, 3, to: inSubset ? .subset : .misc) : advance(rest, 1, to: .comment)
        case .instruction:
            return starts("?>") ? advance(rest, 2, to: inSubset ? .subset : .misc) : advance(rest, 1, to: .instruction)
        case .doctype, .subset:
            if let open = quote {
                if byte == open { quote = nil }
                return advance(rest, 1, to: state)
            }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
                return advance(rest, 1, to: state)
            }
            if state == .doctype {
                if byte == UInt8(ascii: "[") {
                    inSubset = true
                    return advance(rest, 1, to: .subset)
                }
                return advance(rest, 1, to: byte == UInt8(ascii: ">") ? .done : .doctype)
            }
            if starts("<!--") { return advance(rest, 4, to: .comment) }
            if starts("<?") { return advance(rest, 2, to: .instruction) }
            if starts("<!ENTITY") {
                entity = ("", position.location)
                return advance(rest, 8, to: .entityName)
            }
            return advance(rest, 1, to: byte == UInt8(ascii: "]") ? .done : .subset)
        case .entityName:
            let isSpace = byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
            if isSpace && name.filter({ $0 != UInt8(ascii: "%") }).isEmpty { return advance(rest, 1, to: .entityName) }
            if isSpace || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: ">")
                || name.count >= 200
            {
                finishEntity()
                return 0
            }
            name.append(byte)
            return advance(rest, 1, to: .entityName)
        case .done:
            return 0
        }
    }

    private mutating func finishEntity() {
        entity?.name = String(decoding: name, as: UTF8.self)
        state = .done
    }

    /// Moves past `count` bytes of `rest`, counting lines and columns (a
    /// column is a character: UTF-8 continuation bytes do not count).
    private mutating func advance(_ rest: ArraySlice<UInt8>, _ count: Int, to next: State) -> Int {
        for byte in rest.prefix(count) { position.advance(past: byte) }
        state = next
        return count
    }
}
