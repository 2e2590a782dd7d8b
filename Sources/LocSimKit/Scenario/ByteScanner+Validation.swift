extension ByteScanner {
    /// Checks that a line is UTF-8 text: well-formed sequences and no control
    /// characters other than tab.
    ///
    /// Eight bytes at a time while the line is printable ASCII; byte by byte
    /// from the first word that is not.
    static func validate(_ bytes: UnsafeRawBufferPointer, lineNumber: Int) throws(ScenarioError) {
        let n = bytes.count
        guard let base = bytes.baseAddress else { return }
        var i = 0
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while i + 8 <= n {
            let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            let nonASCII = word & highs
            let below20 = (word &- 0x20 &* ones) & ~word & highs  // some byte < 0x20
            let del = word ^ (0x7F &* ones)
            let isDEL = (del &- ones) & ~del & highs  // some byte == 0x7F
            if nonASCII | below20 | isDEL != 0 { break }
            i += 8
        }
        while i < n {
            let b = bytes[i]
            if b < 0x80 {
                if b == 0x0D {
                    // A `\r` before `\n` is dropped by the line reader; one
                    // left in a line is a CR-only line end, which shows as
                    // nothing in an editor.
                    throw ScenarioError(
                        "unexpected carriage return (\\r) not followed by a line feed; the file has CR-only line ends (classic Mac): convert them to LF",
                        line: lineNumber, column: i + 1)
                }
                if (b < 0x20 && b != 0x09) || b == 0x7F {
                    throw ScenarioError(
                        "unexpected control character \(hex(b)); expected text, spaces or tabs",
                        line: lineNumber, column: i + 1)
                }
                i += 1
                continue
            }
            let length = sequenceLength(at: i, in: bytes)
            if length == 0 {
                throw ScenarioError("invalid UTF-8 byte \(hex(b))", line: lineNumber, column: i + 1)
            }
            if length == 3 && b == 0xEF && bytes[i + 1] == 0xBB && bytes[i + 2] == 0xBF {
                // Only the file's first bytes may be a byte-order mark (the
                // line reader skips it there); elsewhere it is invisible and
                // would make a word look right and fail (files joined with `cat`).
                throw ScenarioError(
                    "unexpected byte-order mark (U+FEFF, invisible) inside the file; only its first bytes may be one: delete it",
                    line: lineNumber, column: i + 1)
            }
            i += length
        }
    }

    /// The length of the well-formed UTF-8 sequence starting at `i`, or 0.
    private static func sequenceLength(at i: Int, in bytes: UnsafeRawBufferPointer) -> Int {
        let lead = bytes[i]
        // The allowed range of the second byte excludes overlong forms,
        // surrogates and scalars above U+10FFFF (Unicode Table 3-7).
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            high = 0x9F
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            high = 0x8F
        default: return 0
        }
        guard i + length <= bytes.count else { return 0 }
        let second = bytes[i + 1]
        guard second >= low && second <= high else { return 0 }
        var k = 2
        while k < length {
            guard bytes[i + k] & 0xC0 == 0x80 else { return 0 }
            k += 1
        }
        return length
    }

    /// `0x0D`, `0xFF`: a byte in messages.
    static func hex(_ b: UInt8) -> String {
        let digits: [Character] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B", "C", "D", "E", "F"]
        return "0x" + String(digits[Int(b >> 4)]) + String(digits[Int(b & 0x0F)])
    }
}
