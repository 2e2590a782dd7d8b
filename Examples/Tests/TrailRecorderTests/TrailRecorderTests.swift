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

    /// A device, and the recorder made on it reading its clock; `body`
    /// runs with the device current, so the recorder's calls (the class
    /// method `CLLocationManager.authorizationStatus()` too) reach it.
    static func hike(
        _ platform: Platform, parameters: [ParameterSetting] = [],
        _ body: (SimulatedDevice, TrailRecorder) throws -> Void
    ) throws {
        let device = try SimulatedDevice(
            platform: platform, plist: plist, parameters: parameters,
            epoch: Date(timeIntervalSince1970: 1_751_356_800))  // 2025-07-01 08:00 UTC
        try device.withCurrent {
            let recorder = TrailRecorder(now: { [unowned device] in device.date })
            try body(device, recorder)
        }
    }

    /// The app delegate: each launch makes the app's recorder, as a new process does.
    final class Launcher: SimulatedAppDelegate {
        unowned let device: SimulatedDevice
        var recorders: [TrailRecorder] = []
        init(_ device: SimulatedDevice) { self.device = device }
        func applicationDidFinishLaunching(inBackground: Bool) {
            recorders.append(TrailRecorder(now: { [unowned device] in device.date }))
        }
    }

    /// A fix `meters` north of the trailhead, walking north at 1.2 m/s.
    static func step(_ meters: Double, accuracy: Double = 5) -> Fix {
        Fix(
            Location(
                Coordinate(latitude: trailhead.latitude + meters / 111_195, longitude: trailhead.longitude),
                accuracy: accuracy),
            speed: 1.2, course: 0, altitude: 1_034 + meters / 10)
    }

    @Test func allowOnceLapsesDuringALunchBreakAndRecordingCanResume() throws {
        // Updates pause after 5 minutes in one place (the recorder leaves
        // pausesLocationUpdatesAutomatically on, its default).
        try Self.hike(.iOS(17, 0), parameters: [.pauseAfter(.seconds(300))]) { device, recorder in
            recorder.start()
            try device.user.answer(.allowOnce)
            #expect(recorder.state == .recording)
            try device.feed(fix: Self.step(0))
            try device.app.enterBackground()  // phone in the pocket: the session keeps Allow Once alive
            try device.advance(by: .seconds(60))
            try device.feed(fix: Self.step(72))
            #expect(recorder.trail.count == 2)

            // Lunch: no movement. Updates pause, the session ends, Allow
            // Once lapses and the app is suspended.
            try device.advance(by: .seconds(900))
            #expect(device.log.records.last { $0.auth != nil }?.auth?.status == .notDetermined)
            // The recorder must not claim to record: nothing will arrive.
            #expect(recorder.state == .needsPermission)

            // Back in the app, the user taps Record: it asks again.
            try device.app.enterForeground()
            recorder.start()
            try device.user.answer(.allowOnce)
            #expect(recorder.state == .recording)
            try device.feed(fix: Self.step(80))
            #expect(recorder.trail.count == 3)
        }
    }

    @Test func iOS13ProvisionalAlwaysIsHeldUntilTheUpgradePrompt() throws {
        try Self.hike(.iOS(13, 0)) { device, recorder in
            recorder.start()  // requestAlwaysAuthorization: iOS 13 shows the When In Use prompt
            try device.user.answer(.allowWhileUsing)
            // Provisional Always: the app is told Always (by the old
            // callback: iOS 13 has no other) though Settings says While Using.
            #expect(device.log.callbacks.contains(.didChangeAuthorization(.authorizedAlways)))
            #expect(recorder.backgroundAllowed)
            #expect(recorder.state == .recording)
            try device.feed(fix: Self.step(0))

            // In the pocket, then the system ends the app. A significant
            // change would relaunch it with Always; provisional Always
            // holds it until the user answers the upgrade prompt.
            try device.app.enterBackground()
            try device.app.terminateBySystem()
            try device.advance(by: .seconds(600))
            try device.feed(fix: Self.step(2_000))
            #expect(device.log.records.contains { $0.holdReason == .provisionalAlways })
            try device.app.systemNotBusy()  // the upgrade prompt
            try device.user.answer(.keepWhileUsing)
            #expect(device.log.records.contains { $0.dropReason == .keptWhileUsing })

            // The user opens the app: a new process, whose recorder (made
            // at launch) learns it has While Using only. The old one's
            // manager ended with its process.
            let app = Launcher(device)
            device.appDelegate = app
            try device.app.launch()
            let relaunched = try #require(app.recorders.first)
            #expect(!relaunched.backgroundAllowed)
            #expect(device.log.callbacks.last == .didChangeAuthorization(.authorizedWhenInUse))
            #expect(recorder.trail.count == 1)
            recorder.stop()  // the old process's object: ignored, not thrown
            #expect(device.ignoredCalls.last?.code == .processEnded)
        }
    }

    @Test func backgroundTrackingKeepsSpeedCourseAltitudeAndDeviceTime() throws {
        try Self.hike(.iOS(17, 0)) { device, recorder in
            recorder.start()
            try device.user.answer(.allowWhileUsing)
            try device.app.enterBackground()
            // Ten fixes 6 m (5 s at 1.2 m/s) apart: each passes the 5 m distance filter.
            try device.feed(trace: (0..<10).map { Self.step(Double($0) * 6) }, interval: .seconds(5))
            #expect(recorder.trail.count == 10)
            let last = try #require(recorder.trail.last)
            #expect(last.speed == 1.2)
            #expect(last.course == 0)
            #expect(abs(last.altitude - (1_034 + 54.0 / 10)) < 1e-9)
            #expect(last.verticalAccuracy == 5)
            #expect(last.timestamp == device.date)
            #expect(last.timestamp == Date(timeIntervalSince1970: 1_751_356_800 + 45))
            #expect(abs(recorder.distanceWalked - 54) < 0.01)
        }
    }

    @Test func turningLocationOffInSettingsIsACLErrorDenied() throws {
        try Self.hike(.iOS(17, 0)) { device, recorder in
            recorder.start()
            try device.user.answer(.allowWhileUsing)
            try device.feed(fix: Self.step(0))
            try device.user.settings(.never)
            #expect(recorder.lastErrorCode == .denied)
            #expect(recorder.state == .denied)
        }
    }

    @Test func theHostsDateMakesEveryFixStale() throws {
        // The recorder on the host's `Date()`: the device's fixes are dated
        // from its epoch (2025-07-01), so each looks long stale and is
        // dropped. Give the app's code the device's clock (`device.date`).
        let device = try SimulatedDevice(
            platform: .iOS(17, 0), plist: Self.plist, epoch: Date(timeIntervalSince1970: 1_751_356_800))
        try device.withCurrent {
            let recorder = TrailRecorder(now: Date.init)
            recorder.start()
            try device.user.answer(.allowWhileUsing)
            try device.feed(fix: Self.step(0))
            #expect(device.log.text.contains("didUpdateLocations"))
            #expect(recorder.trail.isEmpty)
        }
    }
}
