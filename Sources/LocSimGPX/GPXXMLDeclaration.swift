import LocSimKit

/// Checks the XML declaration a GPX file starts with
/// (`<?xml version="1.0" encoding="UTF-8"?>`) before FoundationXML reads
/// the file.
///
/// libxml2 reads on past a declaration that is not well formed and
/// ignores the encoding it names: the fuzzer found
/// `<?xml version="1n0" encoding="UTF08"?>` read as UTF-8, and a byte that
/// is not UTF-8 in a name after it trapping in FoundationXML (issue 20).
/// Such a declaration is refused at the first character that does not fit
/// XML 1.0's grammar (as libxml2 reads it: a version `1.` and digits),
/// so a declaration `GPXMarkupUTF8` reads an encoding from is one libxml2
/// uses (docs/gpx.md, "The XML declaration").
enum GPXXMLDeclaration {
    /// What the declaration lacks, and where.
    struct Malformation: Error, Equatable {
        var expected: String
        var location: SourceLocation
    }

    /// Checks the declaration at the start of `head` (the file's first
    /// bytes, a UTF-8 byte order mark allowed): nothing when it fits or
    /// the file does not start with `<?xml` and white space (then it has no
    /// declaration, or is UTF-16 or UTF-32, which libxml2 reads by their
    /// bytes whatever the declaration says). Returns the encoding a
    /// declaration that fits names, if it names one.
    @discardableResult
    static func check(_ head: ArraySlice<UInt8>) throws(Malformation) -> ArraySlice<UInt8>? {
        var cursor = Cursor(bytes: head)
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { cursor.start += 3 }
        cursor.i = cursor.start
        guard cursor.skip("<?xml"), cursor.spaces() else { return nil }
        try cursor.pseudoAttribute("version", "a version \"1.\" and digits (\"1.0\")") { value in
            value.starts(with: "1.".utf8) && value.dropFirst(2).allSatisfy { $0 &- UInt8(ascii: "0") < 10 }
        }
        var spaced = cursor.spaces()
        var encoding: ArraySlice<UInt8>? = nil
        if spaced && cursor.peek("encoding") {
            encoding = try cursor.pseudoAttribute(
                "encoding", "an encoding name: a letter, then letters, digits, '.', '_' or '-'"
            ) { value in
                guard let first = value.first, (first | 0x20) &- UInt8(ascii: "a") < 26 else { return false }
                return value.allSatisfy { b in
                    (b | 0x20) &- UInt8(ascii: "a") < 26 || b &- UInt8(ascii: "0") < 10 || b == UInt8(ascii: ".")
                        || b == UInt8(ascii: "_") || b == UInt8(ascii: "-")
                }
            }
            spaced = cursor.spaces()
        }
        if spaced && cursor.peek("standalone") {
            try cursor.pseudoAttribute("standalone", "\"yes\" or \"no\"") { value in
                value.elementsEqual("yes".utf8) || value.elementsEqual("no".utf8)
            }
            _ = cursor.spaces()
        }
        guard cursor.skip("?>") else {
            throw cursor.failure(spaced ? "encoding=\"…\", standalone=\"…\" or '?>'" : "white space or '?>'")
        }
        return encoding
    }

    /// Reads the declaration's bytes in order.
    private struct Cursor {
        let bytes: ArraySlice<UInt8>
        /// Where the declaration starts (after a byte order mark).
        var start: Int
        var i: Int

        init(bytes: ArraySlice<UInt8>) {
            self.bytes = bytes
            start = bytes.startIndex
            i = start
        }

        func peek(_ text: String) -> Bool { bytes[i...].starts(with: text.utf8) }

        mutating func skip(_ text: String) -> Bool {
            guard peek(text) else { return false }
            i += text.utf8.count
            return true
        }

        /// Past XML's white space: whether there was any.
        mutating func spaces() -> Bool {
            let from = i
            while i < bytes.endIndex, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
            return i > from
        }

        /// `name` `=` and a quoted value whose bytes `fits` (white space
        /// around `=`): the value; its place and `what` when it does not fit.
        @discardableResult
        mutating func pseudoAttribute(
            _ name: String, _ what: String, _ fits: (ArraySlice<UInt8>) -> Bool
        ) throws(Malformation) -> ArraySlice<UInt8> {
            guard skip(name) else { throw failure("\(name)=\"…\"") }
            _ = spaces()
            guard skip("=") else { throw failure("'=' after \(name)") }
            _ = spaces()
            guard i < bytes.endIndex, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else {
                throw failure("a quoted value after \(name)=")
            }
            let quote = bytes[i]
            i += 1
            let valueStart = i
            while i < bytes.endIndex, bytes[i] != quote, bytes[i] != UInt8(ascii: ">") { i += 1 }
            let value = bytes[valueStart..<i]
            guard i < bytes.endIndex, bytes[i] == quote else {
                i = valueStart
                throw failure("\(what), then a closing quote")
            }
            guard fits(value) else {
                i = valueStart
                throw failure(what)
            }
            i += 1
            return value
        }

        /// `expected` at the current byte: its line, and its column in characters.
        func failure(_ expected: String) -> Malformation {
            var position = GPXTextPosition()
            for b in bytes[start..<i] { position.advance(past: b) }
            return Malformation(expected: expected, location: position.location)
        }
    }
}
