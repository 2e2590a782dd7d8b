import Testing

@testable import LocSimGPX
@testable import LocSimKit

/// Files on which FoundationXML crashed `locsim-gpx` (found by
/// bench/fuzz-gpx.sh), and their kin: a processing instruction without
/// data (`<?x?>`, a segmentation fault in FoundationXML's handler) and an
/// XML declaration that is not well formed (libxml2 then ignores its
/// encoding, and a byte that is not UTF-8 in a name trapped). Each is read
/// from a file and from a pipe, with the fast reader and without.
@Suite struct GPXFuzzCrashTests {
    typealias Reader = GPXFastReaderTests

    /// Every way `GPXParser.read` reads `bytes`: the same result each time.
    static func readAllWays(_ bytes: [UInt8]) -> Reader.Result {
        let results = everyWay(bytes)
        #expect(results.allSatisfy { $0 == results[0] })
        return results[0]
    }

    /// The results of every way `GPXParser.read` reads `bytes` (libxml2
    /// may stop elsewhere in a malformed file read as a stream).
    static func everyWay(_ bytes: [UInt8]) -> [Reader.Result] {
        [(true, false), (false, false), (true, true), (false, true)].map { Reader.read(bytes, fast: $0, pipe: $1) }
    }

    static let track =
        "<gpx version=\"1.1\"><trk><trkseg><trkpt lat=\"1\" lon=\"2\"><ele>3</ele></trkpt></trkseg></trk></gpx>"

    static func error(_ message: String, _ line: Int, _ column: Int) -> TrackError {
        TrackError(message, at: SourceLocation(line: line, column: column))
    }

    /// The four crash files bench/fuzz-gpx.sh found: an error, never a crash.
    @Test func fuzzerCrashesAreErrors() {
        let declaration: [UInt8] =
            Array(
                "<?xml version=\"1n0\" encoding=\"UTF08\"?>\n<gpx version=\"0.0\" fersioGPX/1/0\">\n  <trk>\"?>\n<wpx versio\">\n  <tr0\" encoding:\"UTF-8\"?>\nstan?alone<gp"
                    .utf8)
            + [UInt8](repeating: 0xFF, count: 21)
            + Array("k>\n    <trkrkseg>\n  </trk>\n</gpx>\n".utf8)
        #expect(
            Self.readAllWays(declaration).error
                == Self.error(
                    "malformed GPX: the XML declaration is not well formed: expected a version \"1.\" and digits (\"1.0\")"
                        + " (it reads <?xml version=\"1.0\" encoding=\"UTF-8\"?>, the encoding optional)", 1, 16))
        let instructions: [[UInt8]] = [
            Array("<?x?>\n<gpx version=\"1.1>>>>>>>>>>>>>>>>>>>>>x version=\"1.1>".utf8),
            Array(
                "<?xml?> version=\"1.<gpx>\n<trk><trksese0\" encodin>\n<tr\t\t\t\t\t\t\t\t\t\t\t\t\treator=\"g>\n<tr\t\t\t\tGa"
                    .utf8),
            Array("<?xme?>i".utf8) + [0x01, 0x00, 0x00, 0x00, 0x00] + Array("l ve?>i".utf8)
                + [0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x06] + Array("<?>".utf8),
        ]
        for bytes in instructions {
            for result in Self.everyWay(bytes) {
                #expect(result.points.isEmpty)
                #expect(result.error?.message.hasPrefix("malformed GPX: ") == true)
            }
        }
    }

    /// A byte that is not UTF-8 in an entity reference's name, in
    /// character data (FoundationXML trapped when libxml2 asked it for the
    /// entity; found by bench/fuzz-gpx.sh): refused at the byte.
    @Test func invalidBytesInAReferenceAreRefusedAtTheByte() {
        let doctype = "<?xml version=\"1.0\"?>\n<!DOCTYPE gpx SYSTEM \"gpx.dtd\">\n"
        let found: [UInt8] =
            Array(
                (doctype
                    + "<gpx version=\"1.1\">\n  <trk><name>Morning &amp; evening</name><trkseg>\n    <trkpt lat=\"35.0\" lon=\"139.0\"><name>Caf&eac")
                    .utf8)
            + [0xF5] + Array("ue;</name><ele>40</ele></trkpt>\n  </trkseg></trk>\n</gpx>\n".utf8)
        let message =
            "malformed GPX: a byte that is not UTF-8 (0xF5) in a name, an attribute, a comment or a processing instruction (is the file UTF-8?)"
        #expect(Self.readAllWays(found).error == Self.error(message, 5, 48))
        for head in ["", doctype] {
            let bytes = Array((head + "<gpx><trk><name>a &e").utf8) + [0xF5, 0x75] + Array(";</name></trk></gpx>".utf8)
            #expect(Self.readAllWays(bytes).error == Self.error(message, head.isEmpty ? 1 : 3, 21))
        }
    }

    /// A name that is not UTF-8 where libxml2 reads markup after errors
    /// this scan reads as CDATA (found by bench/fuzz-gpx.sh): refused at
    /// the byte.
    @Test func invalidBytesAfterUnendedCDATAAreRefused() {
        let bytes =
            Array(
                "<gpx<?x version=\"1.1\">\n<trk><name>Mo<![CDATA[p</name>\n<trkpt lat=\"1\" lon=\"2\"><tg=\"a\"?>\n<t"
                    .utf8)
            + [0xF1, 0xFF] + Array("rkseg></gpx>\n".utf8)
        for result in Self.everyWay(bytes) {
            #expect(
                result.error
                    == Self.error(
                        "malformed GPX: a byte that is not UTF-8 (0xF1) in character data (is the file UTF-8?)", 4, 3))
        }
    }

    /// A processing instruction without data is skipped wherever XML allows
    /// one, as one with data is: by the fast reader itself, and by
    /// FoundationXML (a file the fast reader hands over).
    @Test func instructionsWithoutDataAreSkipped() {
        let expected = Self.readAllWays(Array(Self.track.utf8))
        #expect(expected.points.count == 1)
        let (head, body) = Self.track.split(separator: "<trk>", maxSplits: 1).map(String.init).pair
        for text in [
            "<?x?>\n" + Self.track, "<?xml version=\"1.0\"?><?x?>" + Self.track, Self.track + "\n<?x?>",
            head + "<?x?><trk>" + body, head + "<?x data\nover lines?><trk>" + body,
            Self.track.replacingOccurrences("<ele>", "<?x?><ele>"),
            Self.track.replacingOccurrences("</trkpt>", "<?x-y.z?></trkpt>"),
        ] {
            let bytes = Array(text.utf8)
            #expect(Reader.unsure(bytes) == nil, "\(text)")
            var result = Self.readAllWays(bytes)
            // A point's place moves with what comes before it on its line.
            result.points = result.points.map { point in
                var point = point
                point.location = expected.points[0].location
                return point
            }
            #expect(result == expected, "\(text)")
        }
        // Where the fast reader hands the file over: FoundationXML reads it.
        for text in [
            "<!DOCTYPE gpx [ <?x?> ]>\n" + Self.track, "<?x?>\n<!DOCTYPE gpx>\n" + Self.track,
            Self.track.replacingOccurrences("<ele>3", "<ele>3<?x?>"),
            "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<?x?>" + Self.track,
        ] {
            let result = Self.readAllWays(Array(text.utf8))
            #expect(result.error == nil, "\(text)")
            #expect(result.points.map(\.fix) == expected.points.map(\.fix), "\(text)")
        }
        // UTF-16, with a byte order mark.
        let utf16: [UInt8] =
            [0xFF, 0xFE]
            + ("<?x?>\n" + Self.track).utf16.flatMap { unit -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        #expect(Self.readAllWays(utf16).points.map(\.fix) == expected.points.map(\.fix))
        // The target `xml` is reserved: libxml2's error, not a crash.
        #expect(Self.readAllWays(Array(("<gpx><?xml?>" + String(Self.track.dropFirst(5))).utf8)).error != nil)
    }

    /// An XML declaration that is not well formed is refused at the first
    /// character that does not fit, before FoundationXML reads the file.
    @Test func malformedDeclarationsAreRefusedInPlace() {
        let cases: [(declaration: String, expected: String, column: Int)] = [
            ("<?xml version=\"1n0\" encoding=\"UTF08\"?>", "a version \"1.\" and digits (\"1.0\")", 16),
            ("<?xml version=\"2.0\"?>", "a version \"1.\" and digits (\"1.0\")", 16),
            ("<?xml encoding=\"ISO-8859-1\" version=\"1.0\"?>", "version=\"…\"", 7),
            ("<?xml version=1.0?>", "a quoted value after version=", 15),
            (
                "<?xml version=\"1.0\" encoding=\"UTF<?xml version=.\"\" 01encoding=\"UTF-8\"?>",
                "an encoding name: a letter, then letters, digits, '.', '_' or '-'", 31
            ),
            ("<?xml \t\t\t<?xml version=\"1.0\" encoding=\"UTF-1\"?>", "version=\"…\"", 10),
            ("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"maybe\"?>", "\"yes\" or \"no\"", 50),
            ("<?xml version=\"1.0\"encoding=\"UTF-8\"?>", "white space or '?>'", 20),
            ("<?xml version=\"1.0\" encoding=\"UTF-8\" x?>", "encoding=\"…\", standalone=\"…\" or '?>'", 38),
            ("<?xml version=\"1.0?>", "a version \"1.\" and digits (\"1.0\"), then a closing quote", 16),
        ]
        for (declaration, expected, column) in cases {
            let bytes = Array((declaration + "\n" + Self.track).utf8) + [0xFF]
            #expect(
                Self.readAllWays(bytes).error
                    == Self.error(
                        "malformed GPX: the XML declaration is not well formed: expected \(expected)"
                            + " (it reads <?xml version=\"1.0\" encoding=\"UTF-8\"?>, the encoding optional)", 1, column
                    ),
                "\(declaration)")
        }
        for declaration in [
            "<?xml version=\"1.0\"?>", "<?xml version='1.1' encoding='latin1' standalone='yes' ?>",
            "<?xml\n version = \"1.0\"\n encoding = \"UTF-8\"?>", "\u{FEFF}<?xml version=\"1.0\"?>",
        ] {
            #expect(Self.readAllWays(Array((declaration + "\n" + Self.track).utf8)).points.count == 1, "\(declaration)")
        }
    }
}

extension Array where Element == String {
    fileprivate var pair: (String, String) { (self[0], self[1]) }
}

extension String {
    fileprivate func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
