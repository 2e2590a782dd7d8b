// The recorder over LocSimCoreLocation, recording a SimulatedDevice: each
// session replays with no disagreement, and a rule changed through its
// parameter is the rule the disagreement names (issue 40, item 4). On Apple
// platforms the recorder is built on the real Core Location, which no test
// can drive: these run where LocSimCoreLocation stands in for it.
#if !canImport(CoreLocation)
    import Foundation
    import LocSimCoreLocation
    import LocSimKit
    import LocSimRecorder
    import LocSimTool
    import Testing

    /// The device's clock, for the recorder.
    final class DeviceClock: @unchecked Sendable {
        weak var device: SimulatedDevice?
        var date: Date { device?.date ?? SimulatedDevice.defaultEpoch }
    }

    /// An app whose debug build swapped `CLLocationManager()` for
    /// `RecordingLocationManager(recorder:)`; its delegate keeps what it hears.
    final class RecordedApp: NSObject, CLLocationManagerDelegate {
        let device: SimulatedDevice
        let recorder: SessionRecorder
        let manager: RecordingLocationManager
        var locations = 0

        static let plist: [String: PlistValue] = [
            "NSLocationWhenInUseUsageDescription": "Shows where you are.",
            "NSLocationAlwaysAndWhenInUseUsageDescription": "Tracks you.",
        ]

        init(_ platform: Platform = .iOS(17, 0), privacy: CoordinatePrivacy = .exact) throws {
            device = try SimulatedDevice(platform: platform, plist: Self.plist)
            let clock = DeviceClock()
            clock.device = device
            recorder = SessionRecorder(options: .init(privacy: privacy)) { clock.date }
            recorder.describe(
                platform: platform.description,
                plist: Self.plist.sorted { $0.key < $1.key }.map { ($0.key, InfoValue($0.value)) })
            recorder.launched()
            let recorder = recorder
            manager = device.withCurrent { RecordingLocationManager(recorder: recorder) }
            super.init()
            manager.delegate = self
        }

        func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {}
        func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
            self.locations += locations.count
        }
        func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {}

        func at(_ seconds: Int64) throws { try device.advance(to: .seconds(seconds)) }
        func fix(_ latitude: Double, _ longitude: Double, accuracy: Double = 5) throws {
            try device.feed(fix: Fix(latitude: latitude, longitude: longitude, accuracy: accuracy))
        }
        func background() throws {
            recorder.enteredBackground()
            try device.app.enterBackground()
        }
        func foreground() throws {
            recorder.enteredForeground()
            try device.app.enterForeground()
        }

        /// The recorded session compared with its own replay, with `set`
        /// lines added after its `platform` line.
        func compared(_ settings: String...) throws -> Comparison {
            try device.runUntilIdle()
            let session = recorder.session()
            var scenario = session.scenario
            if !settings.isEmpty, let platform = scenario.range(of: "\nplatform ") {
                let end = scenario[platform.upperBound...].firstIndex(of: "\n")!
                scenario.insert(contentsOf: settings.map { "\nset " + $0 }.joined(), at: end)
            }
            return try Comparison.compare(
                session: Array(scenario.utf8), sessionPath: "session.scn", observed: Array(session.observedLog.utf8),
                observedPath: "session.observed.log")
        }

        /// The device's own records a device shows its app, as the observed log has them.
        var shownRecords: [String] { shown(device.log).split(separator: "\n").map(String.init) }
    }

    extension InfoValue {
        init(_ value: PlistValue) {
            switch value {
            case .string(let text): self = .text(text)
            case .bool(let flag): self = .flag(flag)
            case .array(let words): self = .list(words)
            }
        }
    }

    @Suite struct RecorderTests {
        /// While Using, updates in the foreground and in the grace period:
        /// the observed log is the device's own, and the session replays to it.
        @Test func whileUsingUpdatesReplayWithNoDisagreement() throws {
            let app = try RecordedApp()
            try app.at(1)
            app.manager.requestWhenInUseAuthorization()
            try app.device.user.answer(.allowWhileUsing)
            app.manager.desiredAccuracy = kCLLocationAccuracyNearestTenMeters
            app.manager.startUpdatingLocation()
            try app.at(2)
            try app.fix(35.681236, 139.767125, accuracy: 8)
            try app.at(4)
            try app.background()
            try app.at(6)
            try app.fix(35.682, 139.768)
            try app.at(12)
            try app.fix(35.683, 139.769)  // past the grace period: dropped, never seen
            let comparison = try app.compared()
            #expect(comparison.disagreements.map(\.text) == [])
            #expect(app.locations == 2)
            let observed = app.recorder.session().observedLog.split(separator: "\n").map(String.init)
            #expect(observed == app.shownRecords)
            #expect(comparison.agreements == observed.count)
            let scenario = app.recorder.session().scenario
            #expect(scenario.hasSuffix("6.000 fix 35.682000 139.768000 5\n"))
            #expect(scenario.contains("1.000 user allowWhileUsing\n"))
            #expect(!scenario.contains("139.769"))
        }

        /// A shorter grace period than the device's: the fix the device
        /// delivered in the background is one the model drops, and the
        /// disagreement names `grace`.
        @Test func aShorterGraceIsTheRuleNamed() throws {
            let app = try RecordedApp()
            app.manager.requestWhenInUseAuthorization()
            try app.device.user.answer(.allowWhileUsing)
            app.manager.startUpdatingLocation()
            try app.at(4)
            try app.background()
            try app.at(7)
            try app.fix(35.682, 139.768)
            let comparison = try app.compared("grace 2")
            #expect(comparison.disagreements.count == 1)
            let text = try #require(comparison.disagreements.first?.text)
            #expect(text.contains("7.000 delegate locationManager(_:didUpdateLocations:) 35.682000,139.768000 ±5'"))
            #expect(text.contains("reason=notInUse': docs/rules.md §3, §8, set grace"))
        }

        /// Allow Once: the answer is told apart from While Using by its
        /// expiry; a longer grace period moves the expiry, and the
        /// disagreement names `grace` (Allow Once ends with the in-use period, rules.md §7).
        @Test func allowOnceExpiryAndItsRule() throws {
            let app = try RecordedApp()
            app.manager.requestWhenInUseAuthorization()
            try app.device.user.answer(.allowOnce)
            try app.at(4)
            try app.background()
            try app.at(20)
            #expect(app.device.authorizationStatus == .notDetermined)
            #expect(app.recorder.session().scenario.contains("0.000 user allowOnce\n"))
            #expect(try app.compared().disagreements.map(\.text) == [])
            let longer = try app.compared("grace 10")
            #expect(longer.disagreements.count == 1)
            let text = try #require(longer.disagreements.first?.text)
            // The model's app is suspended at 9 (suspendAfter) while still in
            // use, so the expiry it would tell at 14 waits for the app's next run.
            #expect(
                text
                    == "session.observed.log:5: disagreement: the device: '9.000 delegate "
                    + "locationManagerDidChangeAuthorization(_:) notDetermined fullAccuracy'; the model: none "
                    + "(the model's app is in use in the background until '14.000 inuse end reason=graceExpired': "
                    + "docs/rules.md §3, §7, set grace)")
        }

        /// Precise off: one location per `reducedInterval`; a longer interval
        /// in the model drops the device's second one and names it.
        @Test func reducedIntervalIsTheRuleNamed() throws {
            let app = try RecordedApp()
            app.manager.requestWhenInUseAuthorization()
            try app.device.user.answer(.allowWhileUsing, precise: false)
            app.manager.startUpdatingLocation()
            for second in stride(from: Int64(1), through: 1901, by: 100) {
                try app.at(second)
                try app.fix(35.681236, 139.767125)
            }
            #expect(app.locations == 3)
            #expect(app.recorder.session().scenario.contains("0.000 user allowWhileUsing precise=off\n"))
            #expect(try app.compared().disagreements.map(\.text) == [])
            let longer = try app.compared("reducedInterval 1000")
            #expect(longer.disagreements.count == 1)
            let text = try #require(longer.disagreements.first?.text)
            #expect(text.contains("'901.000 delegate locationManager(_:didUpdateLocations:)"))
            #expect(text.contains("reason=reducedInterval': docs/rules.md §10, set reducedInterval"))
        }

        /// Regions: crossings come back from the region callbacks, a
        /// Settings change from an authorization change with no request.
        @Test func regionsAndSettingsReplayWithNoDisagreement() throws {
            let app = try RecordedApp()
            app.manager.requestWhenInUseAuthorization()
            try app.device.user.answer(.allowWhileUsing)
            let home = CLCircularRegion(
                center: CLLocationCoordinate2D(latitude: 35.68, longitude: 139.76), radius: 150,
                identifier: "north gate")
            app.manager.startMonitoring(for: home)
            try app.at(10)
            try app.device.world.enter(regionID: "north gate")
            try app.at(20)
            try app.device.world.exit(regionID: "north gate")
            try app.at(30)
            try app.device.user.settings(.never)
            let scenario = app.recorder.session().scenario
            #expect(scenario.contains("0.000 app startMonitoring \"north gate\" 35.680000 139.760000 150\n"))
            #expect(scenario.contains("10.000 enter \"north gate\"\n"))
            #expect(scenario.contains("30.000 user settings never"))
            let comparison = try app.compared()
            #expect(comparison.disagreements.map(\.text) == [])
            #expect(comparison.agreements == app.shownRecords.count)
        }

        /// A second manager: `app[manager2]` lines from its creation on, and
        /// every manager-specific record names its manager.
        @Test func aSecondManagerIsManager2() throws {
            let app = try RecordedApp()
            app.manager.requestWhenInUseAuthorization()
            try app.device.user.answer(.allowWhileUsing)
            try app.at(5)
            let recorder = app.recorder
            let second = app.device.withCurrent { RecordingLocationManager(recorder: recorder) }
            second.delegate = app
            second.desiredAccuracy = kCLLocationAccuracyHundredMeters
            second.requestLocation()
            try app.at(6)
            try app.fix(35.681236, 139.767125, accuracy: 50)
            #expect(second.number == 2)
            let session = app.recorder.session()
            #expect(
                session.scenario.hasSuffix(
                    "5.000 app[manager2] set distanceFilter none  # the manager is made\n"
                        + "5.000 app[manager2] set desiredAccuracy hundredMeters\n5.000 app[manager2] requestLocation\n"
                        + "6.000 fix 35.681236 139.767125 50\n"))
            #expect(
                session.observedLog.hasSuffix(
                    "5.000 delegate locationManagerDidChangeAuthorization(_:) authorizedWhenInUse fullAccuracy manager=manager2\n"
                        + "6.000 delegate locationManager(_:didUpdateLocations:) 35.681236,139.767125 ±50 manager=manager2\n"
                ))
            #expect(app.recorder.session().observedLog.split(separator: "\n").map(String.init) == app.shownRecords)
            #expect(try app.compared().disagreements.map(\.text) == [])
            withExtendedLifetime(second) {}
        }

        /// Locations queued while the app was suspended come in one call:
        /// one record with each location's time, each a `fix` at its time.
        @Test func aQueuedBatchIsOneRecord() throws {
            let app = try RecordedApp(.iOS(12, 4))  // Always: a suspended app's updates are queued
            app.manager.requestAlwaysAuthorization()
            try app.device.user.answer(.allowAlways)
            app.manager.startUpdatingLocation()
            try app.at(1)
            try app.background()
            try app.at(20)  // suspended at 11: its fixes are queued
            try app.fix(35.001, 139.7)
            try app.at(21)
            try app.fix(35.002, 139.7)
            try app.at(30)
            try app.foreground()
            let session = app.recorder.session()
            #expect(
                session.observedLog.contains(
                    "30.000 delegate locationManager(_:didUpdateLocations:) 35.001000,139.700000 ±5 @20.000 "
                        + "35.002000,139.700000 ±5 @21.000\n"))
            #expect(session.scenario.contains("20.000 fix 35.001000 139.700000 5\n21.000 fix 35.002000 139.700000 5\n"))
            #expect(session.observedLog.split(separator: "\n").map(String.init) == app.shownRecords)
            #expect(try app.compared().disagreements.map(\.text) == [])
        }

        /// Before iOS 8 status 3 is `authorized`; from When In Use on iOS 12
        /// the Always prompt is the upgrade prompt (`changeToAlways`).
        @Test(arguments: [Platform.iOS(7, 0), .iOS(12, 0)])
        func olderSystemsNameTheirStatusAndAnswers(platform: Platform) throws {
            let app = try RecordedApp(platform)
            if platform.major >= 8 {
                app.manager.requestWhenInUseAuthorization()
                try app.device.user.answer(.allow)
                try app.at(2)
            }
            if platform.major >= 8 {
                app.manager.requestAlwaysAuthorization()
                try app.device.user.answer(.changeToAlways)
            } else {
                app.manager.startUpdatingLocation()  // iOS 7 asks at the first use
                try app.device.user.answer(.allow)
            }
            let session = app.recorder.session()
            if platform.major < 8 {
                #expect(session.observedLog.contains(" locationManager(_:didChangeAuthorization:) authorized\n"))
            } else {
                #expect(session.scenario.hasSuffix("2.000 app requestAlwaysAuthorization\n2.000 user changeToAlways\n"))
            }
            #expect(try app.compared().disagreements.map(\.text) == [])
        }

        /// Screen Time's restriction lifted is `user settings restricted
        /// off`, not a choice of the app's setting.
        @Test func aLiftedRestrictionIsRestrictedOff() throws {
            let app = try RecordedApp()
            try app.at(1)
            try app.device.user.setRestricted(true)
            try app.at(2)
            try app.device.user.setRestricted(false)
            let scenario = app.recorder.session().scenario
            #expect(scenario.contains("1.000 user settings restricted on"))
            #expect(scenario.contains("2.000 user settings restricted off"))
            #expect(try app.compared().disagreements.map(\.text) == [])
        }

        /// The privacy option: coordinates rounded before they are kept.
        @Test func roundedCoordinatesAreAllTheSessionHolds() throws {
            let app = try RecordedApp(privacy: .rounded(decimals: 2))
            app.manager.requestWhenInUseAuthorization()
            try app.device.user.answer(.allowWhileUsing)
            app.manager.startUpdatingLocation()
            try app.at(2)
            try app.fix(35.681236, 139.767125)
            let session = app.recorder.session()
            #expect(session.scenario.contains("2.000 fix 35.680000 139.770000 5\n"))
            #expect(!session.scenario.contains("681236") && !session.observedLog.contains("681236"))
            #expect(try app.compared().disagreements.map(\.text) == [])
        }
    }
#endif
