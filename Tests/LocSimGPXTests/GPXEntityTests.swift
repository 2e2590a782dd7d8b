import LocSimKit
import Testing

@testable import LocSimGPX

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Entities and over-long points in GPX files (issue 20 item 6): an
/// undefined entity is reported where it is, an entity the file declares
/// is refused before anything expands it, and a point whose fix line would
/// not fit a scenario line is refused where it is.
@Suite struct GPXEntityTests {
    func failure(_ text: String) -> TrackError? { GPXReaderTests.failure(text) }

    /// The error names the entity at its `&`, with or without an external
    /// DTD (which is never read), in a value, a skipped element or an
    /// attribute; before the fix, values after it read as empty.
    @Test(arguments: [
        ("<gpx><wpt lat=\"1\" lon=\"2\"><name>&foo;</name><ele>3</ele></wpt></gpx>", "foo", 1, 33),
        (
            "<!DOCTYPE gpx SYSTEM \"x.dtd\">\n<gpx><wpt lat=\"1\" lon=\"2\"><name>&foo;</name><ele>3</ele></wpt></gpx>",
            "foo", 2, 33
        ),
        (
            "<!DOCTYPE gpx SYSTEM \"x.dtd\">\n<gpx><wpt lat=\"1\" lon=\"2\"><ele>&nbsp;</ele></wpt>\n<wpt lat=\"1\" lon=\"2\"/></gpx>",
            "nbsp", 2, 32
        ),
        (
            "<gpx>\n  <wpt lat=\"1\" lon=\"2\"><name>a &amp; b &#233;</name></wpt>\n  <wpt lat=\"1\" lon=\"2\"><desc>x&bad;</desc></wpt></gpx>",
            "bad", 3, 31
        ),
    ])
    func anUndefinedEntityIsReportedWhereItIs(_ text: String, _ name: String, _ line: Int, _ column: Int) {
        expectFailure(text, "an undefined entity '&\(name);'", at: SourceLocation(line: line, column: column))
    }

    func expectFailure(
        _ text: String, _ message: String, at location: LocSimKit.SourceLocation,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let error = failure(text)
        #expect(
            error?.message.contains(message) == true, "\(String(describing: error))", sourceLocation: sourceLocation)
        #expect(error?.location == location, sourceLocation: sourceLocation)
    }

    /// Declared entities are refused at their `<!ENTITY`; a `<!ENTITY` in a
    /// comment or a quoted default is not a declaration.
    @Test(arguments: [
        (
            "<!DOCTYPE gpx [<!ENTITY a \"x\">]>\n<gpx><wpt lat=\"1\" lon=\"2\"><name>&a;&a;</name></wpt></gpx>", "a", 1,
            16
        ),
        (
            "<?xml version=\"1.0\"?>\n<!-- <!ENTITY no \"x\"> -->\n<!DOCTYPE gpx [\n  <!ATTLIST gpx a CDATA \"<!ENTITY q\">\n  <!ENTITY % p \"x\">\n]>\n<gpx/>\n",
            "%p", 5, 3
        ),
        ("<!DOCTYPE gpx [<!ENTITY\n\tlong \"x\">]><gpx/>", "long", 1, 16),
        // A UTF-8 byte order mark is not a column (it was: 1:17).
        ("\u{FEFF}<!DOCTYPE gpx [<!ENTITY a \"x\">]><gpx/>", "a", 1, 16),
    ])
    func aDeclaredEntityIsRefused(_ text: String, _ name: String, _ line: Int, _ column: Int) {
        expectFailure(text, "the file declares the entity '\(name)'", at: SourceLocation(line: line, column: column))
    }

    /// The file of nested references that cost 16 s of CPU is refused at
    /// the declaration, before one reference is read; also from a pipe.
    @Test func nestedEntitiesAreRefusedBeforeExpanding() throws {
        let text =
            "<!DOCTYPE gpx [<!ENTITY a \"xxxxxxxxxx\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">]>\n<gpx><wpt lat=\"1\" lon=\"2\"><name>"
            + String(repeating: "&b;", count: 200_000) + "</name></wpt></gpx>\n"
        #expect(failure(text)?.location == SourceLocation(line: 1, column: 16))
        // From a pipe (read to its end, then parsed from memory): a
        // shorter file, so that it fits the pipe without a writer thread.
        let short = String(text.prefix(4_000)) + "</name></wpt></gpx>\n"
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        _ = FileIO.writeAll(fds[1], Array(short.utf8))
        close(fds[1])
        defer { close(fds[0]) }
        var points = 0
        do {
            try GPXParser.read(fd: fds[0]) { _ in
                points += 1
                return true
            }
            Issue.record("expected the declaration to be refused")
        } catch {
            #expect(error.location == SourceLocation(line: 1, column: 16))
        }
        #expect(points == 0)
    }

    /// A document type declaration without entities still reads, and the
    /// scan is the same whatever the chunks the bytes come in.
    @Test func aDoctypeWithoutEntitiesReads() throws {
        let path = GPXReaderTests.file(
            "<?xml version=\"1.0\"?>\n<!DOCTYPE gpx [<!ELEMENT gpx ANY>]>\n<gpx><wpt lat=\"1\" lon=\"2\"><ele>3</ele></wpt></gpx>\n"
        )
        defer { unlink(path) }
        #expect(try GPXReaderTests.points(path).map(\.altitude) == ["3"])
        let text = Array("<!-- c -->\n<!DOCTYPE gpx [ <?pi x?> <!ENTITY e 'v'> ]><gpx/>".utf8)
        var whole = GPXProlog()
        whole.feed(text, end: true)
        var bytewise = GPXProlog()
        for byte in text { bytewise.feed([byte], end: false) }
        bytewise.feed([], end: true)
        #expect(whole.entity?.name == "e" && bytewise.entity?.name == "e")
        #expect(whole.entity?.location == SourceLocation(line: 2, column: 26))
        #expect(bytewise.entity?.location == whole.entity?.location)
    }

    /// A point whose `fix` line would pass a scenario line's 65,536 bytes
    /// is refused at the point, so `locsim gpx` never prints a line `run`
    /// cannot read back.
    @Test func aPointTooLongForAScenarioLineIsRefused() {
        let error = failure("<gpx>\n<wpt lat=\"1.\(String(repeating: "0", count: 70_000))\" lon=\"2\"/></gpx>")
        #expect(error?.message.contains("longer than a scenario line may be (65536)") == true)
        #expect(error?.location?.line == 2)
        // Just under the limit is read.
        let digits = LineReader.maxLineLength - GPXPointBuilder.fixLineOverhead - 4
        let path = GPXReaderTests.file("<gpx><wpt lat=\"1.\(String(repeating: "0", count: digits))\" lon=\"2\"/></gpx>")
        defer { unlink(path) }
        #expect((try? GPXReaderTests.points(path))?.count == 1)
    }
}
