import Testing

@testable import LocSimKit

/// Issue 29 item 6 (docs/language.md, "Reading the manager"): `on … if`
/// guards and `expect property` over the manager's properties, each where
/// its platform has it.
@Suite struct ReadingTheManagerTests {
    static let header = """
        locsim 1
        platform iOS 17.0
        plist NSLocationWhenInUseUsageDescription "when"
        plist NSLocationAlwaysAndWhenInUseUsageDescription "always"

        """

    static func run(_ text: String) throws(ScenarioError) -> (lines: [String], failed: [FailedExpectation]) {
        var reader = LineReader(bytes: Array(text.utf8))
        var writer = TextLogWriter()
        var report = ReplayReport()
        try Replay.run(&reader, into: &writer, report: &report)
        return (writer.text.split(separator: "\n").map(String.init), report.failedExpectations)
    }

    static func error(_ text: String) -> ScenarioError? {
        do { _ = try run(text) } catch { return error }
        return nil
    }

    @Test func aGuardRunsTheActionOnlyWhenThePropertyReadsTheValue() throws {
        let log = try Self.run(
            Self.header + """
                on launch if authorizationStatus authorizedWhenInUse app startUpdatingLocation
                on launch if authorizationStatus notDetermined app requestWhenInUseAuthorization
                0 launch
                1 user allowWhileUsing
                2 terminate
                3 launch
                """)
        #expect(
            log.lines.filter { $0.contains(" react ") } == [
                #"0.000 react "app requestWhenInUseAuthorization" on=launch"#,
                #"3.000 react "app startUpdatingLocation" on=launch"#,
            ])
    }

    @Test func aDelayedGuardIsReadWhenTheActionComesDue() throws {
        let log = try Self.run(
            Self.header + """
                on launch if locationServicesEnabled true after 5 app requestWhenInUseAuthorization
                0 launch
                1 user settings locationServices off
                """)
        #expect(!log.lines.contains { $0.contains(" react ") }, "Location Services were off at 5")
    }

    @Test func regionsPersistAcrossARelaunchInMonitoredRegions() throws {
        var s = SimulatorScript(Platform(.iOS, 17, 0), plist: AuthorizationRulesTests.both)
        try s.launchAuthorized()
        try s.at(3, .app(.requestAlwaysAuthorization))
        try s.at(4, .user(.answer(.changeToAlways, precise: nil)))
        try s.at(5, SimulatorScript.region("work"))
        try s.at(6, SimulatorScript.region("home"))
        #expect(s.simulator.read(.monitoredRegions) == "home,work")
        #expect(s.simulator.read(.location) == "nil")
        try s.at(7, .background)
        try s.at(10, .systemTerminate)
        try s.at(100, .enter(regionID: "home"))
        #expect(s.simulator.read(.monitoredRegions) == "home,work")
        try s.at(101, SimulatorScript.fix(35, 139.7))
        #expect(s.simulator.read(.location) == "35.000000,139.700000")
    }

    @Test(arguments: [
        (
            "iOS 13.0", "authorizationStatus authorizedAlways",
            "authorizationStatus is not available on iOS 13.0: it was introduced in iOS 14.0 (before it, the class method CLLocationManager.authorizationStatus())"
        ),
        (
            "tvOS 17.0", "monitoredRegions none",
            "monitoredRegions is not available on tvOS 17.0: CLLocationManager.h marks it unavailable there"
        ),
        (
            "watchOS 10.0", "significantLocationChangeMonitoringAvailable false",
            "significantLocationChangeMonitoringAvailable is not available on watchOS 10.0: CLLocationManager.h marks it unavailable there"
        ),
        (
            "iOS 12.0", "rangedBeaconConstraints none",
            "rangedBeaconConstraints is not available on iOS 12.0: it was introduced in iOS 13.0"
        ),
    ])
    func aPropertyThePlatformLacksIsAnErrorAtItsLine(platform: String, line: String, message: String) {
        let error = Self.error("locsim 1\nplatform \(platform)\nexpect property \(line)\n0 launch\n")
        #expect(error?.message == message)
        #expect(error?.location.line == 3)
        let guarded = Self.error("locsim 1\nplatform \(platform)\non launch if \(line) app requestLocation\n0 launch\n")
        #expect(guarded?.message == message)
    }

    @Test func expectPropertyReportsWhatTheManagerRead() throws {
        let log = try Self.run(
            Self.header + """
                expect property monitoredRegions home,work
                expect property location nil
                expect property headingAvailable true
                expect property maximumRegionMonitoringDistance 400000
                0 launch
                1 app requestWhenInUseAuthorization
                2 user allowWhileUsing
                3 app startMonitoring work 35.000000 139.700000 100
                """)
        #expect(log.failed.map(\.reason) == ["monitoredRegions is work"])
    }

    @Test func valuesAreCheckedAgainstTheirType() {
        for (line, message) in [
            ("expect property authorizationStatus always", "unknown authorization status 'always'"),
            ("expect property location 95,10", "expected nil or <latitude>,<longitude> for location"),
            ("expect property monitoredRegions home,,work", "expected none or a comma-separated list"),
            ("expect property isMonitoringAvailable CLRegion true", "unknown region class 'CLRegion'"),
            ("expect property speed 3", "unknown property 'speed'"),
            ("on prompt any if locationServicesEnabled true user dismiss", "if"),
        ] {
            let error = Self.error("locsim 1\nplatform iOS 17.0\n\(line)\n0 launch\n")
            #expect(error?.message.contains(message) == true, "\(line): \(String(describing: error?.message))")
        }
    }
}
