/// How libxml2 reads a file's bytes as characters, told by its first four
/// bytes as libxml2 2.9 tells them (`xmlDetectCharEncoding`, after XML 1.0
/// Appendix F): a byte order mark, or `<?` or `<` in UTF-16 or UTF-32.
///
/// A file of any other start is read byte by byte, as UTF-8 or in the
/// 8-bit encoding its declaration names. libxml2 refuses UTF-32 in the
/// unusual byte orders (2143, 3412) at its first character, and reads an
/// EBCDIC file (`4C 6F A7 94`) only past `GPXMarkupUTF8`, which refuses
/// its third byte; both are `bytes` here.
enum GPXEncodingForm: Equatable {
    case bytes
    case utf16(bigEndian: Bool)
    case utf32(bigEndian: Bool)

    /// The form of a file starting with `head` (its first four bytes or
    /// more, fewer only when the file is that short), and the length of its
    /// byte order mark (UTF-8's too), which libxml2 does not count as a
    /// column.
    static func detect(_ head: some Collection<UInt8>) -> (form: GPXEncodingForm, markLength: Int) {
        let b = Array(head.prefix(4))
        if b.starts(with: [0x00, 0x00, 0x00, 0x3C]) { return (.utf32(bigEndian: true), 0) }
        if b.starts(with: [0x3C, 0x00, 0x00, 0x00]) { return (.utf32(bigEndian: false), 0) }
        if b.starts(with: [0x00, 0x3C, 0x00, 0x3F]) { return (.utf16(bigEndian: true), 0) }
        if b.starts(with: [0x3C, 0x00, 0x3F, 0x00]) { return (.utf16(bigEndian: false), 0) }
        if b.starts(with: [0xFE, 0xFF]) { return (.utf16(bigEndian: true), 2) }
        if b.starts(with: [0xFF, 0xFE]) { return (.utf16(bigEndian: false), 2) }
        return (.bytes, b.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)
    }

    /// Bytes per code unit; 1 for `bytes`.
    var unitSize: Int {
        switch self {
        case .bytes: return 1
        case .utf16: return 2
        case .utf32: return 4
        }
    }

    /// The code unit `bytes` (`unitSize` of them) stand for.
    func unit(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        let bigEndian: Bool
        switch self {
        case .bytes: return UInt32(bytes.first!)
        case .utf16(let big), .utf32(let big): bigEndian = big
        }
        let ordered = bigEndian ? Array(bytes) : bytes.reversed()
        return ordered.reduce(0) { $0 << 8 | UInt32($1) }
    }
}
