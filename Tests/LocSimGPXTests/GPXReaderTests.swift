import LocSimKit
import Testing

@testable import LocSimGPX

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite struct GPXReaderTests {
    static let scenarios: String = {
        var path = "\(#filePath)"
        for _ in 0..<3 { path = FileIO.directory(of: path) }
        return path + "/Scenarios/gpx"
    }()

    static func points(_ path: String) throws(TrackError) -> [GPXPoint] {
        var points: [GPXPoint] = []
        try GPXParser.read(path) {
            points.append($0)
            return true
        }
        return points
    }

    /// A temporary GPX file with `text`; removed by the caller.
    /// The error reading `text` as a GPX file gives, if any.
    static func failure(_ text: String) -> TrackError? {
        let path = file(text)
        defer { unlink(path) }
        do {
            _ = try points(path)
            return nil
        } catch {
            return error
        }
    }

    static func file(_ text: String) -> String {
        var template = Array("/tmp/locsim-gpx-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        precondition(fd >= 0)
        _ = FileIO.writeAll(fd, Array(text.utf8))
        close(fd)
        return template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// A file of `count` untimed track points, longitude = index mod 180.
    static func longTrack(_ count: Int) -> String {
        var text = "<gpx><trk><trkseg>\n"
        for i in 0..<count { text += "<trkpt lat=\"1\" lon=\"\(i % 180)\"/>\n" }
        return Self.file(text + "</trkseg></trk></gpx>\n")
    }

    @Test func multiSegmentTrackWithElevationHDOPAndExtensions() throws {
        let points = try Self.points(Self.scenarios + "/morning-run.gpx")
        #expect(points.map(\.offset.value) == [0, 3000, 6000, 26_000, 29_000])
        #expect(points.map(\.latitude) == ["35.68123600", "35.68131000", "35.68140000", "35.68152000", "35.68160000"])
        #expect(points.map(\.accuracy) == [nil, "8", nil, "15", nil])
        #expect(points.map(\.altitude) == ["40.2", "40.4", "40.9", "41.3", "41.5"])
        // The heart-rate extension is skipped, and no speed comes from it.
        #expect(points.allSatisfy { $0.speed == nil })
        #expect(
            points[1].fix
                == Fix(Location(Coordinate(latitude: 35.68131, longitude: 139.7672), accuracy: 8), altitude: 40.4))
    }

    @Test func waypointsWhenTheFileHasNoTrack() throws {
        let points = try Self.points(Self.scenarios + "/xcode-waypoints.gpx")
        #expect(points.map(\.offset.value) == [0, 2000, 4500, 10_000])
    }

    @Test func trackPointsWinOverWaypoints() throws {
        let path = Self.file(
            """
            <gpx><wpt lat="1" lon="1"><name>Home</name></wpt>
            <trk><trkseg><trkpt lat="2" lon="2"/><trkpt lat="3" lon="3"/></trkseg></trk></gpx>
            """)
        defer { unlink(path) }
        #expect(try Self.points(path).map(\.latitude) == ["2", "3"])
    }

    @Test func gpx10SpeedAndCourseAndUntimedPoints() throws {
        let points = try Self.points(Self.scenarios + "/no-times.gpx")
        #expect(points.map(\.offset.value) == [0, 1000, 2000, 3000])
        #expect(points[0].fixLine(at: Millis(30_000)) == "30.000 fix 48.858370 2.294481 speed=1.4 course=90.0 alt=35\n")
        #expect(points[1].fixLine(at: Millis(31_000)) == "31.000 fix 48.858400 2.294600 4 speed=1.5 course=91.5\n")
    }

    @Test(arguments: [
        ("<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\">", "the file ends inside <trkpt>"),
        ("<kml/>", "root element is <gpx>"),
        ("<gpx><trk><trkseg><trkpt lat=\"91\" lon=\"2\"/></trkseg></trk></gpx>", "latitude '91'"),
        ("<gpx><trk><trkseg><trkpt lat=\"1\"/></trkseg></trk></gpx>", "needs both lat and lon"),
        ("<gpx><wpt lat=\"1e1\" lon=\"2\"/></gpx>", "latitude '1e1'"),
        ("<gpx><wpt lat=\"1\" lon=\"2\"><time>noon</time></wpt></gpx>", "time 'noon'"),
        ("<gpx><wpt lat=\"1\" lon=\"2\"><hdop>-1</hdop></wpt></gpx>", "hdop '-1'"),
        ("<gpx><wpt lat=\"1\" lon=\"2\"><ele>high</ele></wpt></gpx>", "ele 'high'"),
        // Past what a fix line takes: an error here, at the value's place.
        (
            "<gpx><wpt lat=\"1\" lon=\"2\"><hdop>200000.01</hdop></wpt></gpx>",
            "hdop '200000.01' is not a decimal number from 0 to 200000"
        ),
        (
            "<gpx><wpt lat=\"1\" lon=\"2\"><ele>1000000000000000.5</ele></wpt></gpx>",
            "ele '1000000000000000.5' is too large"
        ),
        (
            "<gpx><wpt lat=\"1\" lon=\"2\"><speed>-9999999999999999</speed></wpt></gpx>",
            "speed '-9999999999999999' is too large"
        ),
        (
            "<gpx><wpt lat=\"1\" lon=\"2\"><course>2000000000000000</course></wpt></gpx>",
            "course '2000000000000000' is too large"
        ),
        ("<gpx><trk></gpx>", "closing tag does not match"),
        ("<gpx></gpx><gpx/>", "content after the root element"),
        ("", "the file is empty"),
    ])
    func malformedFilesFailAtAPlace(_ text: String, _ message: String) {
        let path = Self.file(text)
        defer { unlink(path) }
        do {
            _ = try Self.points(path)
            Issue.record("expected an error for \(text)")
        } catch {
            #expect(error.message.contains(message), "\(error.message)")
            #expect(error.location != nil)
        }
    }

    @Test func aMissingFileFailsWithoutAPlace() {
        #expect(throws: TrackError.self) { try GPXReader().open("/nonexistent/track.gpx") }
    }

    /// A long generated track streams through the parser thread in order,
    /// in more batches than the queue holds.
    @Test func longTrackStreamsInOrder() throws {
        let count = 10_000
        let path = Self.longTrack(count)
        defer { unlink(path) }
        let stream = try GPXReader().open(path)
        var n = 0
        while let point = try stream.next() {
            #expect(point.offset == .seconds(Int64(n)))
            #expect(point.fix.location.coordinate.longitude == Double(n % 180))
            n += 1
        }
        #expect(n == count)
    }

    /// A replay that fails while a long track is still being read drops
    /// the stream; its parser thread stops (the test would hang otherwise).
    @Test func aStreamDroppedEarlyStopsItsThread() throws {
        let path = Self.longTrack(50_000)
        defer { unlink(path) }
        for _ in 0..<3 {
            let stream = try GPXReader().open(path)
            #expect(try stream.next() != nil)
        }
    }
}
