import Testing

@testable import LocSimKit

/// `gpx` lines through `Replay` with an in-memory track reader: the
/// interleaving and timing rules without any GPX parsing.
@Suite struct TrackPlayerTests {
    /// Hands out fixed points (offsets in ms, longitude = index) for any path.
    struct FakeReader: TrackReader {
        var offsets: [Int64]
        var failAt: Int? = nil

        func open(_ path: String) throws(TrackError) -> any TrackStream {
            guard path == "dir/track.gpx" else { throw TrackError("No such file or directory") }
            return Stream(offsets: offsets, failAt: failAt)
        }

        final class Stream: TrackStream {
            let offsets: [Int64]
            let failAt: Int?
            var index = 0
            init(offsets: [Int64], failAt: Int?) {
                self.offsets = offsets
                self.failAt = failAt
            }
            func next() throws(TrackError) -> TrackPoint? {
                defer { index += 1 }
                if index == failAt { throw TrackError("bad point", at: SourceLocation(line: 9, column: 4)) }
                guard index < offsets.count else { return nil }
                let fix = Fix(Location(Coordinate(latitude: 1, longitude: Double(index)), accuracy: 5))
                return TrackPoint(
                    offset: Millis(offsets[index]), fix: fix, location: SourceLocation(line: index + 1, column: 1))
            }
        }
    }

    static let header = """
        locsim 1
        plist NSLocationWhenInUseUsageDescription "x"
        0 launch
        0 app requestWhenInUseAuthorization
        0 user allowWhileUsing
        0 app startUpdatingLocation

        """

    func deliveries(_ body: String, offsets: [Int64], failAt: Int? = nil) throws(ScenarioError) -> [String] {
        var reader = LineReader(Self.header + body)
        var output = OutputBuffer.memory()
        let source = TrackSource(reader: FakeReader(offsets: offsets, failAt: failAt), scenario: "dir/scenario.scn")
        try Replay.run(&reader, format: .text, into: &output, tracks: source)
        return String(decoding: output.contents, as: UTF8.self).split(separator: "\n")
            .filter { $0.contains("didUpdateLocations") || $0.contains(" app ") && !$0.hasPrefix("0.000") }
            .map { String($0) }
    }

    @Test func pointsKeepTheirSpacingFromTheLineTime() throws {
        #expect(
            try deliveries("10 gpx track.gpx\n", offsets: [0, 1500, 4000]) == [
                "10.000 delegate locationManager(_:didUpdateLocations:) 1.000000,0.000000 ±5",
                "11.500 delegate locationManager(_:didUpdateLocations:) 1.000000,1.000000 ±5",
                "14.000 delegate locationManager(_:didUpdateLocations:) 1.000000,2.000000 ±5",
            ])
    }

    @Test func speedDividesTheSpacing() throws {
        #expect(
            try deliveries("10 gpx track.gpx speed 4\n", offsets: [0, 1000, 3000]).map { $0.prefix(6) }
                == ["10.000", "10.250", "10.750"])
    }

    /// A later line plays between points; at an equal time the point comes first.
    @Test func laterLinesInterleaveAndPointsWinTies() throws {
        #expect(
            try deliveries("10 gpx track.gpx\n12 background\n", offsets: [0, 2000, 2500]) == [
                "10.000 delegate locationManager(_:didUpdateLocations:) 1.000000,0.000000 ±5",
                "12.000 delegate locationManager(_:didUpdateLocations:) 1.000000,1.000000 ±5",
                "12.000 app background",
                "12.500 delegate locationManager(_:didUpdateLocations:) 1.000000,2.000000 ±5",
                "17.000 app suspend",
            ])
    }

    @Test func errorsNameTheTrackOrTheLine() {
        // In the track, with a note at the gpx line that read it (at its path).
        var inTrack = ScenarioError("bad point", at: SourceLocation(line: 9, column: 4), file: "track.gpx")
        inTrack.notes = [ScenarioError.Note("in the track this gpx line plays", at: SourceLocation(line: 7, column: 8))]
        #expect(throws: inTrack) {
            _ = try deliveries("10 gpx track.gpx\n", offsets: [0, 1000], failAt: 1)
        }
        // The path tried is the scenario's folder's (`dir/scenario.scn`).
        #expect(
            throws: ScenarioError(
                "cannot read 'other.gpx' at 'dir/other.gpx' (a relative path starts from the scenario's folder): No such file or directory",
                line: 7, column: 8)
        ) {
            _ = try deliveries("10 gpx other.gpx\n", offsets: [0])
        }
        #expect(
            throws: ScenarioError(
                "the previous gpx track still has points after this time; one track plays at a time", line: 8, column: 4
            )
        ) {
            _ = try deliveries("10 gpx track.gpx\n11 gpx track.gpx\n", offsets: [0, 5000])
        }
        // Without a track reader (a library user without LocSimGPX).
        var reader = LineReader("0 gpx track.gpx\n")
        var output = OutputBuffer.memory()
        #expect(throws: ScenarioError.self) { try Replay.run(&reader, format: .text, into: &output) }
    }

    @Test func parsesAsATrackStatement() throws {
        var parser = ScenarioParser()
        let statement = try parser.parse("2.5 gpx \"my run.gpx\" speed 1.5", lineNumber: 3)
        #expect(
            statement
                == .track(
                    TrackStatement(
                        time: Millis(2500), path: "my run.gpx", speed: 1.5,
                        location: SourceLocation(line: 3, column: 5), pathColumn: 9)))
        #expect(
            TrackStatement(
                time: .seconds(1), path: "", speed: 1e-300, location: .init(line: 1, column: 1), pathColumn: 1
            )
            .time(at: .seconds(1)) == nil)
    }
}
