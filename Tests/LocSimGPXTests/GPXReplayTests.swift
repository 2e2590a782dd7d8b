import LocSimKit
import Testing

@testable import LocSimGPX

/// A `gpx` line plays exactly what `locsim gpx` prints, both read through
/// `locsim-gpx` (built next to the test bundle) as the `locsim` command does.
@Suite struct GPXReplayTests {
    static let directory = GPXReaderTests.scenarios

    static func log(_ scenario: String, reader: any TrackReader = GPXSidecar()) throws(ScenarioError) -> String {
        let source = TrackSource(reader: reader, scenario: directory + "/scenario.scn")
        return String(decoding: try Replay.textLog(of: Array(scenario.utf8), tracks: source), as: UTF8.self)
    }

    static let header = """
        locsim 1
        platform iOS 13.0
        plist NSLocationWhenInUseUsageDescription "x"
        plist UIBackgroundModes location
        0 launch
        1 app requestWhenInUseAuthorization
        2 user allowWhileUsing
        3 app set allowsBackgroundLocationUpdates true
        3 app startUpdatingLocation

        """

    @Test(arguments: ["morning-run.gpx", "xcode-waypoints.gpx", "no-times.gpx"], [1.0, 2.5])
    func gpxLineEqualsItsFixLines(_ file: String, _ speed: Double) throws {
        var lines = OutputBuffer.memory()
        try GPXSidecar().writeFixLines(Self.directory + "/" + file, start: .seconds(10), speed: speed, into: &lines)
        let inline = Self.header + String(decoding: lines.contents, as: UTF8.self)
        let viaTrack = Self.header + "10 gpx \(file) speed \(speed)\n"
        #expect(try Self.log(viaTrack) == Self.log(inline))
        #expect(try Self.log(viaTrack, reader: GPXReader()) == Self.log(viaTrack))
        #expect(try Self.log(inline).contains("didUpdateLocations"))
    }

    /// Scenario lines after a `gpx` line interleave with its points by
    /// time; a point plays before a line at the same time.
    @Test func linesInterleaveWithTheTrack() throws {
        let log = try Self.log(Self.header + "10 gpx morning-run.gpx\n13 background\n37 app stopUpdatingLocation\n")
        let kinds = log.split(separator: "\n").filter {
            !$0.hasPrefix("0.000") && !$0.hasPrefix("1.000") && !$0.hasPrefix("2.000")
        }
        #expect(
            kinds == [
                "10.000 delegate locationManager(_:didUpdateLocations:) 35.681236,139.767125 ±5",
                "13.000 delegate locationManager(_:didUpdateLocations:) 35.681310,139.767200 ±8",
                "13.000 app background",
                "13.000 indicator on",
                "16.000 delegate locationManager(_:didUpdateLocations:) 35.681400,139.767310 ±5",
                "36.000 delegate locationManager(_:didUpdateLocations:) 35.681520,139.767450 ±15",
                "37.000 indicator off",
                "37.000 inuse end reason=sessionEnded",
                "37.000 app suspend",
            ])
    }

    /// With a note at the scenario's `gpx` line that read the file (issue 30).
    @Test func anErrorInTheTrackNamesTheTrackFile() {
        #expect {
            _ = try Self.log("locsim 1\n0 launch\n1 gpx errors/backwards.gpx\n")
        } throws: { error in
            guard let error = error as? ScenarioError else { return false }
            return error.formatted(file: "dir/x.scn")
                == """
                dir/errors/backwards.gpx:4:30: error: time goes backwards: this point is 4.000 s before the previous timed point
                dir/x.scn:3:7: note: in the track this gpx line plays
                """
        }
    }
}

/// `SimulatedDevice.feed(gpx:speed:)` plays a track as the `gpx` line does.
@Suite struct DeviceGPXTests {
    @Test(arguments: [1.0, 2.5])
    func feedingAGPXFileGivesTheGPXLinesRecords(speed: Double) throws {
        let device = try SimulatedDevice(
            platform: .iOS(13, 0),
            plist: ["NSLocationWhenInUseUsageDescription": "x", "UIBackgroundModes": ["location"]])
        let manager = device.makeLocationManager()
        try device.advance(to: .seconds(1))
        manager.requestWhenInUseAuthorization()
        try device.advance(to: .seconds(2))
        try device.user.answer(.allowWhileUsing)
        try device.advance(to: .seconds(3))
        manager.allowsBackgroundLocationUpdates = true
        manager.startUpdatingLocation()
        try device.advance(to: .seconds(10))
        try device.feed(gpx: GPXReplayTests.directory + "/morning-run.gpx", speed: speed)
        try device.runUntilIdle()
        let viaTrack = GPXReplayTests.header + "10 gpx morning-run.gpx speed \(speed)\n"
        #expect(device.log.text == (try GPXReplayTests.log(viaTrack)))
        #expect(device.log.text.contains("didUpdateLocations"))
        #expect(try Replay.log(of: Array(device.scenario.utf8)) == device.log)
    }

    @Test func aMissingFileIsRejected() throws {
        let device = try SimulatedDevice()
        do {
            try device.feed(gpx: "/nonexistent/track.gpx")
            Issue.record("no error")
        } catch { #expect(error.code == .rejected && error.message.contains("track.gpx")) }
    }
}
