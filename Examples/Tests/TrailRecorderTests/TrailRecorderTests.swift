import Foundation
import LocSimCoreLocation
import LocSimKit
import Testing
import TrailRecorder

/// `TrailRecorder`, the app's own Core Location class, on simulated
/// devices: made inside `withCurrent`, its `CLLocationManager()` belongs to
/// the test's device, and the recorder reads the device's clock.
@Suite struct TrailRecorderTests {
    static let plist: [String: PlistValue] = [
        "NSLocationWhenInUseUsageDescription": "Shows your trail on the map.",
        "NSLocationAlwaysAndWhenInUseUsageDescription": "Records your trail while the phone is in your pocket.",
        "UIBackgroundModes": ["location"],
    ]
    static let trailhead = Coordinate(latitude: 46.5586, longitude: 7.8350)

    /// A device, and the recorder made on it reading its clock.
    static func hike(
        _ platform: Platform, parameters: [ParameterSetting] = []
    ) throws -> (SimulatedDevice, TrailRecorder) {
        let device = try SimulatedDevice(
            platform: platform, plist: plist, parameters: parameters,
            epoch: Date(timeIntervalSince1970: 1_751_356_800))  // 2025-07-01 08:00 UTC
        let recorder = device.withCurrent { TrailRecorder(now: { [unowned device] in device.date }) }
        return (device, recorder)
    }

    /// A fix `meters` north of the trailhead, walking north at 1.2 m/s.
    static func step(_ meters: Double, accuracy: Double = 5) -> Fix {
        Fix(
            Location(Coordinate(latitude: trailhead.latitude + meters / 111_195, longitude: trailhead.longitude), accuracy: accuracy),
            speed: 1.2, course: 0, altitude: 1_034 + meters / 10)
    }

    @Test func allowOnceLapsesDuringALunchBreakAndTheRecorderAsksAgain() throws {
        // Updates pause after 5 minutes in one place (pausesLocationUpdatesAutomatically is left on).
        let (device, recorder) = try Self.hike(.iOS(17, 0), parameters: [.pauseAfter(.seconds(300))])
        recorder.start()
        try device.user.answer(.allowOnce)
        #expect(recorder.state == .recording)
        try device.feed(fix: Self.step(0))
        try device.app.enterBackground()  // phone in the pocket: the session keeps Allow Once alive
        try device.advance(by: .seconds(60))
        try device.feed(fix: Self.step(72))
        #expect(recorder.trail.count == 2)

        // Lunch: no movement; updates pause, the session ends, the app is
        // suspended and Allow Once lapses.
        try device.advance(by: .seconds(900))
        #expect(device.log.records.last { $0.auth != nil }?.auth?.status == .notDetermined)

        // Back in the app: it hears notDetermined and asks again at once.
        try device.app.enterForeground()
        #expect(recorder.state == .needsPermission)
        try device.user.answer(.allowOnce)
        #expect(recorder.state == .recording)
        try device.feed(fix: Self.step(80))
        #expect(recorder.trail.count == 3)
    }

    @Test func iOS13ProvisionalAlwaysThenKeepWhileUsing() throws {
        let (device, recorder) = try Self.hike(.iOS(13, 0))
        recorder.start()  // requestAlwaysAuthorization: iOS 13 shows the When In Use prompt
        try device.user.answer(.allowWhileUsing)
        // Provisional Always: the app is told Always (by the old callback:
        // iOS 13 has no other) though Settings says While Using.
        #expect(recorder.backgroundAllowed)
        #expect(recorder.state == .recording)
        #expect(device.log.callbacks.contains(.didChangeAuthorization(.authorizedAlways)))

        try device.app.enterBackground()
        try device.advance(by: .seconds(10))
        try device.feed(fix: Self.step(12))
        try device.app.systemNotBusy()  // the upgrade prompt
        try device.user.answer(.keepWhileUsing)
        try device.app.enterForeground()
        #expect(!recorder.backgroundAllowed)
        #expect(device.unimplementedDelegateMethods.isEmpty == false)  // didPause… and the like
        #expect(!device.unimplementedDelegateMethods.contains(.didChangeAuthorization))
    }

    @Test func backgroundTrackingKeepsSpeedCourseAltitudeAndDeviceTime() throws {
        let (device, recorder) = try Self.hike(.iOS(17, 0))
        recorder.start()
        try device.user.answer(.allowWhileUsing)
        try device.app.enterBackground()
        try device.feed(trace: (0..<10).map { Self.step(Double($0) * 1.2) }, interval: .seconds(1))
        #expect(recorder.trail.count == 10)
        let last = try #require(recorder.trail.last)
        #expect(last.speed == 1.2)
        #expect(last.course == 0)
        #expect(abs(last.altitude - (1_034 + 10.8 / 10)) < 1e-9)
        #expect(last.verticalAccuracy == 5)
        #expect(last.timestamp == device.date)
        #expect(last.timestamp == Date(timeIntervalSince1970: 1_751_356_800 + 9))
        #expect(abs(recorder.distanceWalked - 10.8) < 0.01)
    }

    @Test func turningLocationOffInSettingsIsACLErrorDenied() throws {
        let (device, recorder) = try Self.hike(.iOS(17, 0))
        recorder.start()
        try device.user.answer(.allowWhileUsing)
        try device.feed(fix: Self.step(0))
        try device.user.settings(.never)
        #expect(recorder.lastErrorCode == .denied)
        #expect(recorder.state == .denied)
    }

    @Test func theHostsDateMakesEveryFixStale() throws {
        // The recorder on the host's `Date()`: the device's fixes are dated
        // from its epoch (2025), so each looks months old and is dropped.
        // Give the app's code the device's clock (`device.date`).
        let device = try SimulatedDevice(platform: .iOS(17, 0), plist: Self.plist)
        let recorder = device.withCurrent { TrailRecorder(now: Date.init) }
        recorder.start()
        try device.user.answer(.allowWhileUsing)
        try device.feed(fix: Self.step(0))
        #expect(device.log.text.contains("didUpdateLocations"))
        #expect(recorder.trail.isEmpty)
    }
}
