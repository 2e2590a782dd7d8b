// The app's debug build records its sessions (docs/recorder.md): the
// TrailRecorder class, unchanged, handed a `RecordingLocationManager`
// where the app writes `CLLocationManager()`. Over LocSimCoreLocation the
// recorder records the SimulatedDevice; its session, replayed under the
// rules, shows the app exactly the records the device showed it. On Apple
// platforms LocSimRecorder is built on the real Core Location, which no
// test drives: these run where LocSimCoreLocation stands in for it.
#if !canImport(CoreLocation)
    import Foundation
    import LocSimCoreLocation
    import LocSimKit
    import LocSimRecorder
    import Testing
    import TrailRecorder

    @Suite struct TrailRecorderSessionTests {
        /// The device's clock, for the recorder (the wall clock on a phone).
        final class DeviceClock: @unchecked Sendable {
            weak var device: SimulatedDevice?
            var date: Date { device?.date ?? SimulatedDevice.defaultEpoch }
        }

        /// UIKit's notifications, as the app's delegate hears them.
        final class Lifecycle: SimulatedAppDelegate {
            let recorder: SessionRecorder
            init(_ recorder: SessionRecorder) { self.recorder = recorder }
            func applicationDidEnterBackground() { recorder.enteredBackground() }
            func applicationWillEnterForeground() { recorder.enteredForeground() }
        }

        /// A hike on a device with the app's debug build, then its session.
        static func recordedHike(
            parameters: [ParameterSetting] = [], _ body: (SimulatedDevice, TrailRecorder) throws -> Void
        ) throws -> (device: SimulatedDevice, session: RecordedSession) {
            let device = try SimulatedDevice(
                platform: .iOS(17, 0), plist: TrailRecorderTests.plist, parameters: parameters,
                epoch: Date(timeIntervalSince1970: 1_751_356_800))
            let clock = DeviceClock()
            clock.device = device
            let sessionRecorder = SessionRecorder { clock.date }
            sessionRecorder.describe(
                platform: "iOS 17.0",
                plist: [
                    ("NSLocationWhenInUseUsageDescription", .text("Shows your trail on the map.")),
                    (
                        "NSLocationAlwaysAndWhenInUseUsageDescription",
                        .text("Records your trail while the phone is in your pocket.")
                    ),
                    ("UIBackgroundModes", .list(["location"])),
                ])
            let lifecycle = Lifecycle(sessionRecorder)
            try device.withCurrent {
                sessionRecorder.launched()
                device.appDelegate = lifecycle
                // The one-line swap of the debug build.
                let trail = TrailRecorder(
                    now: { [unowned device] in device.date },
                    manager: RecordingLocationManager(recorder: sessionRecorder))
                try body(device, trail)
                try device.runUntilIdle()
            }
            return (device, sessionRecorder.session())
        }

        /// The records a device shows its app (`locsim compare` compares these).
        static func shown(_ log: String) -> [Substring] {
            log.split(separator: "\n").filter { line in
                let words = line.split(separator: " ")
                return words[1] == "delegate" || words[1] == "completion"
                    || (words[1] == "app" && ["launch", "foreground", "background"].contains(words[2]))
            }
        }

        /// The session replayed under the rules (with `settings`, the
        /// device's parameters, in its header) shows the app what the
        /// device showed it, record for record and to the millisecond:
        /// no disagreement within `locsim compare`'s tolerance or without it.
        static func expectReplaysToItsObservedLog(
            _ recorded: (device: SimulatedDevice, session: RecordedSession), settings: [String] = []
        ) throws {
            var scenario = recorded.session.scenario
            if let platform = scenario.range(of: "platform iOS 17.0\n") {
                scenario.insert(contentsOf: settings.map { $0 + "\n" }.joined(), at: platform.upperBound)
            }
            let replayed = try Scenario(text: scenario).replay()
            #expect(Self.shown(replayed.text) == recorded.session.observedLog.split(separator: "\n"))
            #expect(Self.shown(recorded.device.log.text) == recorded.session.observedLog.split(separator: "\n"))
        }

        @Test func aBackgroundHikeReplaysWithNoDisagreement() throws {
            let recorded = try Self.recordedHike { device, trail in
                trail.start()
                try device.user.answer(.allowWhileUsing)
                try device.feed(fix: TrailRecorderTests.step(0))
                try device.app.enterBackground()
                try device.feed(
                    trace: (1..<10).map { TrailRecorderTests.step(Double($0) * 6) }, interval: .seconds(5))
                try device.app.enterForeground()
                trail.stop()
                #expect(trail.trail.count == 10)
            }
            let scenario = recorded.session.scenario
            #expect(scenario.contains("0.000 app requestAlwaysAuthorization\n0.000 user allowWhileUsing\n"))
            #expect(scenario.contains("0.000 app set allowsBackgroundLocationUpdates true\n"))
            // The trace's first fix is at 0 too (`feed(trace:)` starts now), its last at 40.
            #expect(scenario.contains("40.000 fix 46.559086 7.835000 5\n40.000 foreground\n"))
            #expect(recorded.session.observedLog.split(separator: "\n").count == 15)
            try Self.expectReplaysToItsObservedLog(recorded)
        }

        /// Allow Once lapses while updates are paused (the first hike of
        /// TrailRecorderTests): the session says `allowOnce`, told from
        /// While Using by the lapse, and replays with the device's pause
        /// time in its header.
        @Test func allowOnceLapsingReplaysWithNoDisagreement() throws {
            let recorded = try Self.recordedHike(parameters: [.pauseAfter(.seconds(300))]) { device, trail in
                trail.start()
                try device.user.answer(.allowOnce)
                try device.feed(fix: TrailRecorderTests.step(0))
                try device.app.enterBackground()
                try device.advance(by: .seconds(60))
                try device.feed(fix: TrailRecorderTests.step(72))
                try device.advance(by: .seconds(900))
                try device.app.enterForeground()
                trail.start()
                try device.user.answer(.allowOnce)
                try device.feed(fix: TrailRecorderTests.step(80))
                #expect(trail.trail.count == 3)
            }
            #expect(recorded.session.scenario.contains("0.000 user allowOnce\n"))
            #expect(recorded.session.observedLog.contains("delegate locationManagerDidPauseLocationUpdates(_:)"))
            try Self.expectReplaysToItsObservedLog(recorded, settings: ["set pauseAfter 300"])
        }
    }
#endif
