import Testing

@testable import LocSimGPX
@testable import LocSimKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `locsim-gpx` run as `locsim` runs it: the points it prints, its errors,
/// and the process and pipe cleaned up however the reading ends.
@Suite struct GPXSidecarTests {
    static func points(_ reader: GPXSidecar, _ path: String) throws(TrackError) -> [TrackPoint] {
        let stream = try reader.stream(path)
        var points: [TrackPoint] = []
        while let point = try stream.next() { points.append(point) }
        return points
    }

    /// The program next to the test bundle reads the same points as the
    /// in-process reader, at the same places in the file.
    @Test(arguments: ["morning-run.gpx", "xcode-waypoints.gpx", "no-times.gpx"])
    func sidecarPointsEqualInProcessPoints(_ file: String) throws {
        let path = GPXReaderTests.scenarios + "/" + file
        let sidecar = try Self.points(GPXSidecar(), path)
        let inProcess = try GPXReaderTests.points(path).map {
            TrackPoint(offset: $0.offset, fix: $0.fix, location: $0.location)
        }
        #expect(sidecar == inProcess)
        #expect(!sidecar.isEmpty)
    }

    /// Values at the limits of the documented ranges come through the
    /// program and back into fixes (they used to be printed as lines the
    /// replay refused, with no place in the file).
    @Test func valuesAtTheDocumentedLimitsReplay() throws {
        let path = GPXReaderTests.file(
            """
            <gpx><wpt lat="1" lon="2"><ele>-1000000000000000</ele><hdop>200000</hdop>\
            <speed>1000000000000000</speed><course>1000000000000000</course></wpt></gpx>
            """)
        defer { unlink(path) }
        let points = try Self.points(GPXSidecar(), path)
        #expect(points.count == 1)
        #expect(points.first?.fix.location.accuracy == 1_000_000)
        #expect(points.first?.fix.altitude == -1e15)
    }

    /// Every malformed-file error comes back with its message and place.
    @Test(arguments: [
        "<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\">",
        "<gpx><trk><trkseg><trkpt lat=\"91\" lon=\"2\"/></trkseg></trk></gpx>",
        "<gpx><wpt lat=\"1\" lon=\"2\"><time>noon\nat home</time></wpt></gpx>",
        "<gpx><trk></gpx>",
        "<gpx><wpt lat=\"1\" lon=\"2\"><hdop>300000</hdop></wpt></gpx>",
        "<gpx><wpt lat=\"1\" lon=\"2\"><ele>10000000000000000</ele></wpt></gpx>",
        "",
    ])
    func errorsKeepMessageAndPlace(_ text: String) {
        let path = GPXReaderTests.file(text)
        defer { unlink(path) }
        var expected: TrackError?
        do { _ = try GPXReaderTests.points(path) } catch { expected = error }
        var actual: TrackError?
        do { _ = try Self.points(GPXSidecar(), path) } catch { actual = error }
        // A line end in a message becomes a space: the error is one line.
        expected?.message.replace("\n", with: " ")
        #expect(actual != nil)
        #expect(actual == expected)
    }

    @Test func aMissingProgramSaysWhereItWasLookedFor() throws {
        let reader = GPXSidecar(executable: "/nonexistent/locsim-gpx")
        #expect {
            _ = try reader.open(GPXReaderTests.scenarios + "/morning-run.gpx")
        } throws: { error in
            let error = error as? TrackError
            return error?.location == nil && error?.message.contains("'/nonexistent/locsim-gpx' is missing") == true
                && error?.message.contains("LOCSIM_GPX") == true
        }
    }

    /// A program that ends without finishing its output, or writes
    /// something else, is an error, not a shorter track.
    @Test(arguments: [
        ("/bin/false", "stopped before the end of the file (exit status 1)"),
        ("/bin/echo", "wrote a line locsim cannot read: '-'"),
    ])
    func aProgramThatMisbehavesIsAnError(_ program: String, _ message: String) {
        #expect {
            _ = try Self.points(GPXSidecar(executable: program), GPXReaderTests.scenarios + "/morning-run.gpx")
        } throws: { error in
            (error as? TrackError)?.message.contains(message) == true
        }
    }

    /// A replay that stops early drops the stream while the program is
    /// still writing: it is killed and reaped (the pipe is closed first).
    @Test func aStreamDroppedEarlyLeavesNoProcessAndNoPipe() throws {
        let path = GPXReaderTests.longTrack(200_000)
        defer { unlink(path) }
        var stream: GPXSidecarStream? = try GPXSidecar().stream(path)
        #expect(try stream?.next() != nil)
        let child = try #require(stream?.child)
        // Still running: 200,000 points do not fit in the pipe.
        #expect(kill(child.pid, 0) == 0)
        stream = nil
        // Reaped: no such process, not even a zombie.
        #expect(kill(child.pid, 0) == -1 && errno == ESRCH)
    }

    /// A stream read to its end has reaped its program already.
    @Test func aStreamReadToTheEndReapsItsProgram() throws {
        let stream = try GPXSidecar().stream(GPXReaderTests.scenarios + "/no-times.gpx")
        let pid = try #require(stream.child?.pid)
        while try stream.next() != nil {}
        #expect(stream.child == nil)
        #expect(kill(pid, 0) == -1 && errno == ESRCH)
    }
}
