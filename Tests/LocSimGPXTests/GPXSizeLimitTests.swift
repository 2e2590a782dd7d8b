import LocSimKit
import Testing

@testable import LocSimGPX

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Values and markup too large to read (issue 31 items 2 and 4): an error
/// at the value's place, quoting it cut short, in bounded memory.
@Suite struct GPXSizeLimitTests {
    func failure(_ text: String) -> TrackError? { GPXReaderTests.failure(text) }

    static let point = "<trkpt lat=\"1\" lon=\"2\">"

    /// A `<time>` past `maxValueBytes` is an error at the `<time>`, its
    /// value quoted in 60 bytes and `…`, so `locsim-gpx`'s error line stays short.
    @Test func aLongTimeIsRefusedAtItsPlaceQuotedShort() throws {
        let long = String(repeating: "9", count: 3 * GPXPointBuilder.maxValueBytes)
        let error = try #require(
            failure("<gpx><trk><trkseg>\n\(Self.point)<time>\(long)</time></trkpt></trkseg></trk></gpx>"))
        #expect(
            error.message
                == "time '\(String(repeating: "9", count: 60))…' is longer than 65536 bytes; locsim reads a value of at most that"
        )
        #expect(error.location == SourceLocation(line: 2, column: 29))
        // The error line `locsim-gpx` writes is short whatever the value.
        #expect(GPXPointLines.errorLine(error).utf8.count < 200)
    }

    /// Just under the limit a value is read as before (a time with a long fraction is a time).
    @Test func aValueUpToTheLimitIsRead() throws {
        let fraction = String(repeating: "0", count: GPXPointBuilder.maxValueBytes - 21)
        let time = "2024-05-01T07:00:00.\(fraction)Z"
        #expect(time.utf8.count == GPXPointBuilder.maxValueBytes)
        let path = GPXReaderTests.file(
            "<gpx><trk><trkseg>\(Self.point)<time>\(time)</time></trkpt></trkseg></trk></gpx>")
        defer { unlink(path) }
        #expect(try GPXReaderTests.points(path).count == 1)
    }

    /// A bad number is quoted cut short too.
    @Test func aLongBadNumberIsQuotedShort() throws {
        let error = try #require(
            failure("<gpx>\(Self.point)<ele>1\(String(repeating: "x", count: 5000))</ele></trkpt></gpx>"))
        #expect(error.message.hasPrefix("ele '1xxxxxxxxx"))
        #expect(error.message.contains("…' is not a decimal number"))
        #expect(error.message.utf8.count < 120)
    }

    /// Every message fits an error line, whatever it quotes.
    @Test func anErrorLineIsCutShort() {
        let line = GPXPointLines.errorLine(
            TrackError(String(repeating: "é", count: 10_000), at: SourceLocation(line: 3, column: 4)))
        #expect(line.utf8.count <= GPXPointLines.maxMessageBytes + 20)
        #expect(line.hasPrefix("error 3 4 éé") && line.hasSuffix("…\n"))
    }

    /// A comment, an attribute or a name libxml2 will not read is named,
    /// at its start, instead of libxml2's bare "internal error" at the
    /// file's end; the same markup a little smaller is read.
    @Test(arguments: [
        ("<!--", "-->", "a comment of 10000100 bytes", 2, 6),
        ("<trk note=\"", "\"></trk>", "a start tag with its attributes of 10000100 bytes", 2, 6),
        ("<?pi ", "?>", "a processing instruction of 10000100 bytes", 2, 6),
    ])
    func markupTooLargeForLibxml2(open: String, close: String, what: String, line: Int, column: Int) throws {
        let filler = String(
            repeating: "x", count: 10_000_100 - open.utf8.count - close.utf8.count + (close.hasSuffix("</trk>") ? 6 : 0)
        )
        // A document type declaration: read by the XML parser, not locsim's own reader.
        let text =
            "<!DOCTYPE gpx>\n<gpx>\(open)\(filler)\(close)<trk><trkseg>\(Self.point)</trkpt></trkseg></trk></gpx>"
        let error = try #require(failure(text))
        #expect(error.message.hasPrefix("\(what) is too large for the XML parser"))
        #expect(error.location == SourceLocation(line: line, column: column))
        let smaller = String(repeating: "x", count: 9_000_000)
        #expect(
            failure(
                "<!DOCTYPE gpx>\n<gpx>\(open)\(smaller)\(close)<trk><trkseg>\(Self.point)</trkpt></trkseg></trk></gpx>")
                == nil)
    }

    @Test func aNameTooLongForLibxml2() throws {
        let name = String(repeating: "n", count: GPXMarkupSizes.maxNameCharacters + 1)
        let error = try #require(
            failure("<!DOCTYPE gpx>\n<gpx><trk><trkseg>\(Self.point)<\(name)/></trkpt></trkseg></trk></gpx>"))
        #expect(error.message == "a name longer than 50000 characters is too long for the XML parser (libxml2)")
        #expect(error.location == SourceLocation(line: 2, column: 43))
        let fits = String(repeating: "n", count: GPXMarkupSizes.maxNameCharacters)
        #expect(
            failure("<!DOCTYPE gpx>\n<gpx><trk><trkseg>\(Self.point)<\(fits)/></trkpt></trkseg></trk></gpx>") == nil)
    }
}
