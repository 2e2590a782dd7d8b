import LocSimKit
import Testing

@testable import LocSimGPX

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Declared entities in files libxml2 reads as UTF-16 or UTF-32 (by a byte
/// order mark or the bytes of `<?` or `<`): refused at the place libxml2
/// counts, as in UTF-8; such files without entities still read. Before,
/// the prolog scan read their bytes as UTF-8, saw no `<!DOCTYPE`, and
/// 3 MB of nested references (6 MB in UTF-16) cost 12.6 s of CPU.
@Suite struct GPXEntityEncodingTests {
    /// UTF-16 and UTF-32 byte orders, with or without a byte order mark.
    enum Form: String, CaseIterable, CustomTestStringConvertible {
        case utf16LE, utf16BE, utf16LEMark, utf16BEMark, utf32BE
        var testDescription: String { rawValue }

        func encode(_ text: String) -> [UInt8] {
            switch self {
            case .utf16LE: return text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
            case .utf16BE: return text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            case .utf16LEMark: return [0xFF, 0xFE] + Form.utf16LE.encode(text)
            case .utf16BEMark: return [0xFE, 0xFF] + Form.utf16BE.encode(text)
            case .utf32BE:
                return text.unicodeScalars.flatMap { s in
                    (0..<4).reversed().map { UInt8(truncatingIfNeeded: s.value >> ($0 * 8)) }
                }
            }
        }
    }

    static let declaration = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n"

    /// A temporary file with `bytes`; removed by the caller.
    static func file(_ bytes: [UInt8]) -> String {
        var template = Array("/tmp/locsim-gpx-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        precondition(fd >= 0)
        _ = FileIO.writeAll(fd, bytes)
        close(fd)
        return template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    static func read(_ bytes: [UInt8]) -> Result<[GPXPoint], TrackError> {
        let path = file(bytes)
        defer { unlink(path) }
        return Result { () throws(TrackError) in try GPXReaderTests.points(path) }
    }

    /// The declaration is refused at its `<!ENTITY`, its column counted in
    /// characters (a character outside the BMP, two UTF-16 units, is one),
    /// as in the same text in UTF-8; nothing is expanded.
    @Test(arguments: Form.allCases)
    func aDeclaredEntityIsRefused(_ form: Form) throws {
        let text =
            Self.declaration.replacingOccurrences(of: "UTF-16", with: form == .utf32BE ? "UCS-4" : "UTF-16")
            + "<!-- é😀 --><!DOCTYPE gpx [<!ENTITY a \"xxxxxxxxxx\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">]>\n"
            + "<gpx><wpt lat=\"1\" lon=\"2\"><name>" + String(repeating: "&b;", count: 100_000)
            + "</name></wpt></gpx>\n"
        guard case .failure(let error) = Self.read(form.encode(text)) else {
            Issue.record("expected the declaration to be refused")
            return
        }
        #expect(error.message.contains("the file declares the entity 'a'"), "\(error)")
        #expect(error.location == SourceLocation(line: 2, column: 27))
        guard case .failure(let utf8) = Self.read(Array(text.utf8)) else { return }
        #expect(utf8.location == error.location)
    }

    /// A file without entities reads the same points as in UTF-8, a
    /// `<!DOCTYPE>` without entities and characters outside ASCII included
    /// (UTF-16 little-endian without a byte order mark was refused as not
    /// UTF-8 before).
    @Test(arguments: Form.allCases)
    func aFileWithoutEntitiesReads(_ form: Form) throws {
        let text =
            Self.declaration.replacingOccurrences(of: "UTF-16", with: form == .utf32BE ? "UCS-4" : "UTF-16")
            + "<!DOCTYPE gpx [<!ELEMENT gpx ANY>]>\n<gpx><wpt lat=\"1.5\" lon=\"2.5\"><ele>3</ele><name>é😀 &amp; &#233;</name></wpt>\n"
            + "<wpt lat=\"3\" lon=\"4\"/></gpx>\n"
        let points = try Self.read(form.encode(text)).get()
        #expect(
            points.map { [$0.latitude, $0.longitude, $0.altitude ?? "-"] } == [["1.5", "2.5", "3"], ["3", "4", "-"]])
    }

    /// The transcoder gives the same UTF-8 whatever the chunks; a lone
    /// surrogate and a unit cut short become U+FFFD; other files pass as
    /// they are.
    @Test func theTranscoderReadsAnyChunks() {
        let text = "<?xml?>\n<!-- é😀 -->"
        for form in Form.allCases {
            let bytes = form.encode(text)
            var whole = GPXUTF8Transcoder()
            var bytewise = GPXUTF8Transcoder()
            var out: [UInt8] = []
            for byte in bytes { out += bytewise.feed([byte], end: false) }
            out += bytewise.feed([], end: true)
            #expect(whole.feed(bytes, end: true) == Array(text.utf8), "\(form)")
            #expect(out == Array(text.utf8), "\(form)")
        }
        var lone = GPXUTF8Transcoder()
        #expect(
            lone.feed([0xFF, 0xFE, 0x3C, 0x00, 0x00, 0xD8, 0x3E, 0x00, 0x3E], end: true)
                == Array("<\u{FFFD}>\u{FFFD}".utf8))
        var mark = GPXUTF8Transcoder()
        #expect(mark.feed([0xEF, 0xBB, 0xBF, 0x3C], end: true) == [0x3C])
        var plain = GPXUTF8Transcoder()
        #expect(
            plain.feed([0x3C, 0xFF], end: false) == []
                && plain.feed([0x00, 0x3E], end: true) == [0x3C, 0xFF, 0x00, 0x3E])
    }
}
