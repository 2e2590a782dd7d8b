import Testing

@testable import LocSimKit

/// Issue 43 item 4, docs/rules.md §1: visionOS (an iPhone or iPad app on
/// Apple Vision Pro) and Mac Catalyst as platforms.
@Suite struct VisionAndCatalystTests {
    typealias S = SimulatorScript

    /// Version mapping: visionOS 1 and 2 are iOS 17 and 18's rules, Mac
    /// Catalyst carries iOS's number, 26 is 26 everywhere.
    @Test func versionsMapOntoIOS() {
        let cases: [(Platform, Int, Int)] = [
            (.visionOS(1), 17, 0), (.visionOS(2, 4), 18, 4), (.visionOS(26), 26, 0),
            (.macCatalyst(13, 1), 13, 1), (.macCatalyst(17, 4), 17, 4), (.macCatalyst(26), 26, 0),
        ]
        for (platform, major, minor) in cases {
            let rules = RulesVersion(platform)
            #expect((rules.major, rules.minor) == (major, minor), "\(platform)")
        }
        #expect(RulesVersion(.visionOS(1)).suspends && !RulesVersion(.macCatalyst(17)).suspends)
    }

    /// "This access level isn't available when running in visionOS":
    /// requestAlwaysAuthorization shows the When In Use prompt with the
    /// When In Use text, and from When In Use asks nothing more.
    @Test func visionOSAlwaysRequestIsAWhenInUseRequest() throws {
        var s = S(.visionOS(2))
        try s.at(0, .launch)
        #expect(
            try s.at(1, .app(.requestAlwaysAuthorization)) == [
                .prompt(.show(.whenInUse, text: "when", answers: [.allowWhileUsing, .allowOnce, .dontAllow]))
            ])
        try s.at(2, .user(.answer(.allowWhileUsing, precise: nil)))
        #expect(try s.at(3, .app(.requestAlwaysAuthorization)) == [])
        #expect(!RulesVersion(.visionOS(2)).shows(.upgrade) && RulesVersion(.iOS(18)).shows(.upgrade))
    }

    /// Settings there offer no Always, as on tvOS.
    @Test func visionOSSettingsOfferNoAlways() throws {
        var s = S(.visionOS(2))
        try s.launchAuthorized()
        #expect(throws: ScenarioError.self) { try s.at(3, .user(.settings(.always, precise: nil))) }
    }

    /// No background updates: the background mode and
    /// allowsBackgroundLocationUpdates begin no session, so the grace period
    /// ends and the app is suspended — where iOS 18 keeps it in use.
    @Test func visionOSRunsNoBackgroundSession() throws {
        for (platform, suspended) in [(Platform.visionOS(2), true), (Platform.iOS(18), false)] {
            var s = S(platform, plist: S.backgroundCapable)
            try s.launchAuthorized()
            try s.at(3, .app(.set(.allowsBackgroundLocationUpdates(true))))
            try s.at(3, .app(.startUpdatingLocation))
            try s.at(10, .background)
            let later = try s.at(60, S.fix(35, 139))
            #expect(later.contains(.app(.suspend)) == suspended, "\(platform)")
            #expect(s.simulator.session == !suspended, "\(platform)")
        }
    }

    /// The monitoring services and the heading do nothing: no record, no
    /// failure, and their events reach no one; ranging fails as unavailable.
    @Test func visionOSMonitoringDoesNothing() throws {
        var s = S(.visionOS(1))
        try s.launchAuthorized()
        for call: AppCall in [
            .startMonitoringSignificantLocationChanges, .startMonitoringVisits, .startUpdatingHeading,
            .stopMonitoringVisits, .stopMonitoringSignificantLocationChanges,
        ] {
            #expect(try s.at(3, .app(call)) == [], "\(call)")
        }
        #expect(try s.at(4, S.region("museum")) == [])
        #expect(s.simulator.read(.monitoredRegions) == "none")
        #expect(try s.at(5, S.fix(35, 139.7)) == [])
        let constraint = BeaconConstraint(uuid: "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0")
        #expect(
            try s.at(6, .app(.startRangingBeacons(constraint))) == [
                .delegate(.didFailRanging(constraint, .rangingUnavailable))
            ])
        for reading: ManagerReading in [
            .isMonitoringAvailable(.CLCircularRegion), .isRangingAvailable, .headingAvailable,
            .significantLocationChangeMonitoringAvailable,
        ] {
            #expect(s.simulator.read(reading) == "false", "\(reading)")
        }
        #expect(s.simulator.read(.maximumRegionMonitoringDistance) == "-1")
    }

    /// Mac Catalyst asks as iOS does (the When In Use prompt, status
    /// authorizedWhenInUse) and lives as a Mac app: never suspended, in use
    /// while it runs, so a When In Use app without the background mode gets
    /// its updates in the background.
    @Test func catalystWhenInUseIsDeliveredInTheBackground() throws {
        var s = S(.macCatalyst(17))
        try s.at(0, .launch)
        #expect(
            try s.at(1, .app(.requestWhenInUseAuthorization)) == [
                .prompt(.show(.whenInUse, text: "when", answers: [.allowWhileUsing, .allowOnce, .dontAllow]))
            ])
        try s.at(2, .user(.answer(.allowWhileUsing, precise: nil)))
        #expect(s.simulator.read(.authorizationStatus) == "authorizedWhenInUse")
        try s.at(3, .app(.startUpdatingLocation))
        #expect(try s.at(10, .background) == [.app(.background)])
        #expect(try s.at(600, S.fix(35, 139)) == [.delegate(.didUpdateLocations(S.location(35, 139)))])
        #expect(s.simulator.read(.headingAvailable) == "false")
    }

    /// UNLocationNotificationTrigger exists on iOS, iPadOS and watchOS only;
    /// the rest of the iOS API is there, by the mapped number.
    @Test func availabilityFollowsIOSSaveLocationNotifications() {
        let region = CircularRegion(id: "r", center: Coordinate(latitude: 35, longitude: 139), radius: 100)
        for platform: Platform in [.visionOS(2), .macCatalyst(17)] {
            let rules = RulesVersion(platform)
            #expect(Availability.problem(.addLocationNotification(region, repeats: false), on: rules) != nil)
            #expect(Availability.problem(.startMonitoringVisits, on: rules) == nil)
            #expect(Availability.problem(.requestTemporaryFullAccuracyAuthorization(purposeKey: "k"), on: rules) == nil)
        }
        let catalyst13 = RulesVersion(.macCatalyst(13, 1))
        #expect(
            Availability.problem(.requestTemporaryFullAccuracyAuthorization(purposeKey: "k"), on: catalyst13) != nil)
    }

    /// The Mac's settings for Mac Catalyst (by its macOS), an iPad's for visionOS.
    @Test func deviceSettingsByPlatform() {
        #expect(Simulator.missing(.airplaneMode, on: RulesVersion(.macCatalyst(17))) != nil)
        #expect(Simulator.missing(.backgroundAppRefresh, on: RulesVersion(.macCatalyst(17))) != nil)
        #expect(Simulator.missing(.lowPower, on: RulesVersion(.macCatalyst(14))) != nil)
        #expect(Simulator.missing(.lowPower, on: RulesVersion(.macCatalyst(15))) == nil)
        for setting: DeviceSetting in [.airplaneMode, .backgroundAppRefresh, .lowPower] {
            #expect(Simulator.missing(setting, on: RulesVersion(.visionOS(1))) == nil, "\(setting)")
        }
    }

    /// The parser knows both words (its refusals are in ScenarioParserTests+Errors),
    /// and `matrix --all` replays both.
    @Test func parserReadsTheNewPlatforms() throws {
        for (text, platform) in [("visionOS 2.0", Platform.visionOS(2)), ("macCatalyst 13.1", .macCatalyst(13, 1))] {
            var parser = ScenarioParser()
            #expect(
                try parser.parse("platform \(text)", lineNumber: 1)
                    == .header(.platform(platform), SourceLocation(line: 1, column: 1)))
        }
        #expect(Matrix.allPlatforms.contains(.visionOS(26)) && Matrix.allPlatforms.contains(.macCatalyst(26)))
    }
}
