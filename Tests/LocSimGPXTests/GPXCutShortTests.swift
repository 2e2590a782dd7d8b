import LocSimKit
import Testing

@testable import LocSimGPX

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A GPX file cut short gives one message, at one place, whether it is read
/// from a file or from a pipe (`locsim gpx -`), and says it ends there
/// (issue 31 item 6).
@Suite struct GPXCutShortTests {
    /// The error reading `text` from a regular file and from a pipe.
    func errors(_ text: [UInt8]) -> (file: TrackError?, pipe: TrackError?) {
        let path = GPXEntityEncodingTests.file(text)
        defer { unlink(path) }
        var file: TrackError? = nil
        do { try GPXParser.read(path) { _ in true } } catch { file = error }
        var ends: [Int32] = [0, 0]
        precondition(pipe(&ends) == 0 && text.count < 65_536)
        _ = FileIO.writeAll(ends[1], text)
        close(ends[1])
        defer { close(ends[0]) }
        var piped: TrackError? = nil
        do { try GPXParser.read(fd: ends[0]) { _ in true } } catch { piped = error }
        return (file, piped)
    }

    static let cuts: [(String, [UInt8], String, Int, Int)] = [
        (
            "a tag", Array("<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"><ti".utf8),
            "malformed GPX: the file ends inside <ti>", 1, 45
        ),
        (
            "a comment, read by the XML parser", Array("<!DOCTYPE gpx>\n<gpx><!-- ab".utf8),
            "malformed GPX: the file ends inside <gpx>", 2, 13
        ),
        (
            "a character in text", Array("<!DOCTYPE gpx>\n<gpx><trk><name>ab".utf8) + [0xE2, 0x82],
            "malformed GPX: the file ends inside a character (its first byte 0xE2; a file cut short?)", 2, 19
        ),
        (
            "a character in an attribute", Array("<gpx a=\"".utf8) + [0xF0, 0x9F],
            "malformed GPX: the file ends inside a character (its first byte 0xF0; a file cut short?)", 1, 9
        ),
    ]

    @Test(arguments: cuts.indices)
    func oneMessageFromAFileOrAPipe(_ index: Int) throws {
        let (_, text, message, line, column) = Self.cuts[index]
        let (file, pipe) = errors(text)
        let error = try #require(file)
        #expect(error.message == message)
        #expect(error.location == SourceLocation(line: line, column: column))
        #expect(pipe == file)
    }
}
