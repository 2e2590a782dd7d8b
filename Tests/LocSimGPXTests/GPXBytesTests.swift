import Testing

@testable import LocSimGPX
@testable import LocSimKit

/// The byte-level pieces the fast reader and `locsim-gpx` use instead of
/// `String`s (issue 20): each gives what the code it stands in for gives.
@Suite struct GPXBytesTests {
    /// Lines and times written into a `ByteBuffer` (`LogBytes`) read as `String(n)` and `Millis.description` do.
    @Test func numbersWriteAsTheirDescriptions() {
        var buffer = ByteBuffer(capacity: 1)
        var expected = ""
        for n: Int64 in [0, 1, 9, 10, 99, 100, 12345, 999_999_999, 1_000_000_000_000_000_000, Int64.max] {
            LogBytes.appendInteger(n, to: &buffer)
            buffer.append(UInt8(ascii: " "))
            expected += "\(n) "
        }
        for ms: Int64 in [0, 1, 10, 100, 999, 1000, 1001, 86_400_000, -1, -1500, 1_000_000_000_000_000] {
            LogBytes.appendSeconds(Millis(ms), to: &buffer)
            buffer.append(" ")
            expected += "\(Millis(ms)) "
        }
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == expected)
        #expect(String(decoding: buffer.bytes(from: 2), as: UTF8.self) == String(expected.dropFirst(2)))
    }

    @Test func accuracyRoundsToCentsAndDropsTrailingZeros() {
        let cases: [(Double, String)] = [
            (0.004, "0"), (0.005, "0.01"), (0.1, "0.1"), (0.25, "0.25"), (2.5, "2.5"), (10.01, "10.01"),
            (10.1, "10.1"), (99.999, "100"), (1_000_000, "1000000"), (12_345.67, "12345.67"),
        ]
        for (meters, text) in cases { #expect(GPXPointBuilder.meters(meters) == text, "\(meters)") }
    }

    /// Values trimmed from the bytes read as the `String` path trims them.
    @Test func valuesTrimAsStrings() {
        for text in ["40.3", " 40.3", "40.3 ", "\t40.3\n", "", " ", "4 0", "40.3\u{301}", " \u{301}40.3", "\u{A0}40.3"]
        {
            var fromBytes = GPXPointBuilder()
            var fromString = GPXPointBuilder()
            _ = fromBytes.start("trkpt", lat: "1", lon: "2", at: SourceLocation(line: 1, column: 1))
            _ = fromString.start("trkpt", lat: "1", lon: "2", at: SourceLocation(line: 1, column: 1))
            var copy = text
            let a = copy.withUTF8 { fromBytes.value(.ele, bytes: $0, at: SourceLocation(line: 1, column: 1)) }
            let b = fromString.value(.ele, text, at: SourceLocation(line: 1, column: 1))
            #expect(a == b, "\(text)")
            #expect(fromBytes.point == fromString.point, "\(text)")
        }
    }
}
