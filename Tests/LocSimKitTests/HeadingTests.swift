import Testing

@testable import LocSimKit

/// Heading updates (docs/rules.md §8, "Heading"): the start's initial
/// heading, `headingFilter`, the true heading, calibration, failure,
/// suspension and termination, several managers, the platforms, the parser
/// and `SimulatedDevice`.
@Suite struct HeadingTests {
    typealias S = SimulatorScript

    static func sample(_ magnetic: Double, _ trueHeading: Double = 50, _ accuracy: Double = 5) -> HeadingSample {
        HeadingSample(magnetic: magnetic, trueHeading: trueHeading, accuracy: accuracy)
    }

    /// What the app gets for `sample` when no location updates run: no true heading.
    static func delivered(_ magnetic: Double, true trueHeading: Double = -1, _ accuracy: Double = 5) -> Record {
        .delegate(.didUpdateHeading(sample(magnetic, trueHeading, accuracy)))
    }

    /// `record` naming its manager, as the log does once the app has several.
    static func of(_ manager: String, _ record: Record) -> Record { Record(.ofManager(manager, record.event)) }

    @Test func theStartDeliversTheCurrentHeadingWithoutAuthorization() throws {
        var s = S(Platform(.iOS, 17, 0))
        try s.at(0, .launch)
        #expect(try s.at(1, .heading(Self.sample(90))) == [], "no heading updates run yet")
        #expect(try s.at(2, .app(.startUpdatingHeading)) == [Self.delivered(90)])
        #expect(try s.at(3, .app(.startUpdatingHeading)) == [], "starting again gives no new event")
        try s.at(4, .app(.stopUpdatingHeading))
        #expect(try s.at(5, .app(.startUpdatingHeading)) == [Self.delivered(90)], "stop then start does")
    }

    @Test(arguments: [
        (1.0, 90.5, false), (1.0, 91.5, true), (1.0, 89.0, false), (5.0, 359.0, true), (10.0, 359.0, false),
        (0.0, 90.1, true), (0.0, 90.0, false),
    ])
    func theFilterMeasuresTheShorterTurnFromTheLastDelivered(filter: Double, next: Double, delivered: Bool) throws {
        var s = S(Platform(.iOS, 17, 0))
        try s.at(0, .launch)
        try s.at(1, .app(.set(.headingFilter(filter))))
        try s.at(2, .app(.startUpdatingHeading))
        #expect(try s.at(3, .heading(Self.sample(filter == 5 || filter == 10 ? 5 : 90))).count == 1)
        let records = try s.at(4, .heading(Self.sample(next)))
        let expected: Record =
            delivered ? Self.delivered(next) : .drop(.heading(Self.sample(next)), .headingFilter)
        #expect(records == [expected])
    }

    @Test func filterNoneDeliversEverySample() throws {
        var s = S(Platform(.iOS, 17, 0))
        try s.at(0, .launch)
        try s.at(1, .app(.set(.headingFilter(nil))))
        try s.at(2, .app(.startUpdatingHeading))
        try s.at(3, .heading(Self.sample(90)))
        #expect(try s.at(4, .heading(Self.sample(90))) == [Self.delivered(90)])
    }

    @Test func theTrueHeadingNeedsLocationUpdatesOfTheSameManager() throws {
        var s = S(Platform(.iOS, 17, 0))
        try s.launchAuthorized()
        try s.at(3, .app(.startUpdatingHeading))
        #expect(try s.at(4, .heading(Self.sample(90, 92))) == [Self.delivered(90)])
        try s.at(5, .app(.startUpdatingLocation))
        #expect(try s.at(6, .heading(Self.sample(100, 102))) == [Self.delivered(100, true: 102)])
        // Another manager's updates do not give this one a true heading.
        try s.at(7, .app(.stopUpdatingLocation))
        try s.at(8, .managerCall(manager: "nav", .startUpdatingLocation))
        let records = try s.at(9, .heading(Self.sample(110, 112)))
        #expect(records == [Self.of("default", Self.delivered(110))])
    }

    @Test func denialKeepsTheMagneticHeadingAndHidesTheTrueOne() throws {
        var s = S(Platform(.iOS, 17, 0))
        try s.at(0, .launch)
        try s.at(1, .app(.requestWhenInUseAuthorization))
        try s.at(2, .user(.answer(.dontAllow, precise: nil)))
        try s.at(3, .app(.startUpdatingLocation))
        try s.at(4, .app(.startUpdatingHeading))
        #expect(try s.at(5, .heading(Self.sample(90, 92))) == [Self.delivered(90)])
    }

    @Test func anInvalidSampleAsksAboutCalibrationOnceUntilAValidOne() throws {
        var s = S(Platform(.iOS, 17, 0))
        try s.at(0, .launch)
        try s.at(1, .app(.set(.headingFilter(nil))))
        try s.at(2, .app(.startUpdatingHeading))
        let ask = Record.delegate(.shouldDisplayHeadingCalibration)
        #expect(try s.at(3, .heading(Self.sample(10, 12, -1))) == [ask, Self.delivered(10, -1)])
        #expect(try s.at(4, .heading(Self.sample(20, 22, -1))) == [Self.delivered(20, -1)])
        #expect(try s.at(5, .heading(Self.sample(30, 32, 5))) == [Self.delivered(30)])
        #expect(try s.at(6, .heading(Self.sample(40, 42, -1))) == [ask, Self.delivered(40, -1)])
    }

    @Test func unavailableFailsRunningUpdatesOnceAndAStartDuringIt() throws {
        var s = S(Platform(.iOS, 17, 0))
        try s.at(0, .launch)
        let failure = Record.delegate(.didFailWithError(.headingFailure))
        #expect(try s.at(1, .headingUnavailable) == [], "nothing runs")
        #expect(try s.at(2, .app(.startUpdatingHeading)) == [failure])
        #expect(try s.at(3, .headingUnavailable) == [], "one spell, one error")
        #expect(try s.at(4, .heading(Self.sample(90))) == [Self.delivered(90)])
        #expect(try s.at(5, .headingUnavailable) == [failure])
    }

    @Test func aSuspendedAppGetsNoHeadingAndATerminatedOneNoService() throws {
        var s = S(Platform(.iOS, 17, 0)) { $0.grace = .zero }
        try s.at(0, .launch)
        try s.at(1, .app(.startUpdatingHeading))
        try s.at(2, .background)
        // The grace timer's `inuse end` comes first, at 2.
        #expect(try s.at(3, .heading(Self.sample(90))).last == Self.delivered(90), "running in the background")
        let suspended = try s.at(20, .heading(Self.sample(100)))
        #expect(suspended.last == .drop(.heading(Self.sample(100)), .suspended))
        #expect(try s.at(21, .foreground).contains(Self.delivered(100)) == false, "not queued")
        #expect(try s.at(22, .headingUnavailable) == [.delegate(.didFailWithError(.headingFailure))])
        try s.at(23, .terminate)
        try s.at(24, .launch)
        #expect(try s.at(25, .heading(Self.sample(120))) == [], "the new process runs no heading updates")
    }

    @Test func everyManagerGetsTheSampleWithItsOwnFilter() throws {
        var s = S(Platform(.iOS, 17, 0))
        try s.at(0, .launch)
        try s.at(1, .app(.startUpdatingHeading))
        try s.at(1, .managerCall(manager: "compass", .set(.headingFilter(30))))
        try s.at(1, .managerCall(manager: "compass", .startUpdatingHeading))
        try s.at(2, .heading(Self.sample(90)))
        let records = try s.at(3, .heading(Self.sample(100)))
        #expect(
            records == [
                Self.of("default", Self.delivered(100)),
                Self.of("compass", .drop(.heading(Self.sample(100)), .headingFilter)),
            ])
    }

    @Test func aMissingDelegateMethodDropsTheHeading() throws {
        var s = S(Platform(.iOS, 17, 0), delegate: [.locationManagerDidChangeAuthorization])
        try s.at(0, .launch)
        try s.at(1, .app(.startUpdatingHeading))
        let records = try s.at(2, .heading(Self.sample(10, 12, -1)))
        #expect(
            records == [
                .drop(.callback(.shouldDisplayHeadingCalibration), .notImplemented),
                .drop(.heading(Self.sample(10, -1, -1)), .notImplemented),
            ])
    }

    @Test func aMacHasNoCompassAndTvOSNoCall() throws {
        var mac = S(Platform(.macOS, 14, 0))
        try mac.at(0, .launch)
        #expect(try mac.at(1, .app(.startUpdatingHeading)) == [])
        #expect(try mac.at(2, .heading(Self.sample(90))) == [], "startUpdatingHeading had no effect")
        var old = S(Platform(.macOS, 10, 14))
        try old.at(0, .launch)
        #expect(throws: ScenarioError.self) { try old.at(1, .app(.startUpdatingHeading)) }
        var tv = S(Platform(.tvOS, 17, 0))
        try tv.at(0, .launch)
        #expect(throws: ScenarioError.self) { try tv.at(1, .app(.set(.headingFilter(5)))) }
        var watch = S(Platform(.watchOS, 10, 0))
        try watch.at(0, .launch)
        try watch.at(1, .app(.startUpdatingHeading))
        #expect(try watch.at(2, .heading(Self.sample(90))) == [Self.delivered(90)])
        #expect(Simulator.headingAvailable(on: Platform(.iOS, 6, 0), Parameters()))
        #expect(!Simulator.headingAvailable(on: Platform(.macOS, 14, 0), Parameters()))
        #expect(!Simulator.headingAvailable(on: Platform(.tvOS, 17, 0), Parameters()))
    }

    /// Issue 43 item 3: a device without a compass (`set compass false`):
    /// `headingAvailable()` is false and starting heading updates has "no
    /// effect" (Apple, startUpdatingHeading()).
    @Test func aDeviceWithoutACompassHasNoHeading() throws {
        var s = S(Platform(.iOS, 17, 0)) { $0.compass = false }
        try s.at(0, .launch)
        #expect(!s.simulator.headingAvailable)
        try s.at(1, .app(.startUpdatingHeading))
        #expect(try s.at(2, .heading(Self.sample(90))) == [])
        let device = try SimulatedDevice(platform: .iOS(17, 0), parameters: [.compass(false)])
        #expect(!device.headingAvailable)
    }

    // MARK: The language and the log

    @Test func theLinesParseAndPrint() throws {
        let log = try Replay.log(
            of: Array(
                """
                locsim 1
                platform iOS 17.0
                0 launch
                1 app set headingOrientation landscapeLeft
                1 app startUpdatingHeading
                2 heading 359.96 -1 12.25
                """.utf8))
        #expect(
            log.text.hasSuffix(
                "2.000 delegate locationManager(_:didUpdateHeading:) magneticHeading=360.0 trueHeading=-1.0 headingAccuracy=12.3\n"
            ))
    }

    @Test(arguments: [
        ("1 heading", "missing argument <magnetic heading or unavailable> for heading", 10),
        (
            "1 heading north 0 5", "expected a magnetic heading in degrees or 'unavailable' for heading, found 'north'",
            11
        ),
        ("1 heading 361 0 5", "magnetic heading 361 is out of range; expected 0 to 360", 11),
        ("1 heading 90 -2 5", "true heading -2 is out of range; expected -1 to 360", 14),
        ("1 heading 90 0 181", "heading accuracy 181 is out of range; expected -1 to 180", 16),
        ("1 heading 90 0", "missing argument <accuracy> for heading", 15),
        ("1 heading unavailable now", "unexpected extra argument 'now'", 23),
        (
            "1 app set headingFilter -1",
            "headingFilter must be from 0 to 360 degrees, found '-1'; use none for kCLHeadingFilterNone", 25
        ),
        ("1 app set headingFilter many", "expected degrees or none for headingFilter, found 'many'", 25),
        ("1 app startUpdatingHeading now", "unexpected extra argument 'now'", 28),
    ])
    func badLinesAreErrors(line: String, message: String, column: Int) {
        ScenarioParserTests.expectRejected(line, message, column: column)
    }

    @Test func anOrientationOutsideTheListIsAnError() {
        var parser = ScenarioParser()
        #expect(throws: ScenarioError.self) {
            _ = try parser.parse("1 app set headingOrientation sideways", lineNumber: 1)
        }
    }

    @Test func theJSONLogCarriesTheReadingsAsNumbers() throws {
        var writer = JSONLogWriter()
        writer.write(LogRecord(Instant(sinceStart: .seconds(2)), Self.delivered(90.25, true: 92, 5)))
        #expect(writer.text.contains(#""magneticHeading":90.3,"trueHeading":92.0,"headingAccuracy":5.0"#))
    }

    // MARK: SimulatedDevice

    final class HeadingRecorder: SimulatedLocationManagerDelegate {
        var heard: [String] = []
        func locationManager(_ manager: SimulatedLocationManager, didUpdateHeading newHeading: HeadingSample) {
            heard.append("heading \(newHeading.magnetic) \(newHeading.trueHeading)")
        }
        func locationManagerShouldDisplayHeadingCalibration(_ manager: SimulatedLocationManager) -> Bool {
            heard.append("calibrate?")
            return true
        }
        func locationManager(_ manager: SimulatedLocationManager, didFailWithError error: any Error) {
            heard.append("fail \((error as? SimulatedLocationError)?.code.rawValue ?? "?")")
        }
    }

    @Test func theSimulatedManagerHasTheHeadingMembers() throws {
        let device = try SimulatedDevice(platform: .iOS(17, 0))
        #expect(device.headingAvailable)
        let manager = device.makeLocationManager()
        let recorder = HeadingRecorder()
        manager.delegate = recorder
        #expect(manager.headingFilter == 1)
        manager.headingFilter = SimulatedLocationManager.headingFilterNone
        #expect(manager.headingFilter == SimulatedLocationManager.headingFilterNone)
        manager.headingOrientation = .faceUp
        #expect(manager.headingOrientation == .faceUp)
        #expect(manager.heading == nil)
        manager.startUpdatingHeading()
        try device.world.sense(heading: Self.sample(10, 12, -1))
        try device.world.loseHeading()
        try device.world.sense(heading: Self.sample(20, 22))
        #expect(
            recorder.heard == ["calibrate?", "heading 10.0 -1.0", "fail kCLErrorHeadingFailure", "heading 20.0 -1.0"])
        #expect(manager.heading == Self.sample(20, -1))
        manager.stopUpdatingHeading()
        try device.world.sense(heading: Self.sample(30))
        #expect(recorder.heard.count == 4)
        try SimulatedDeviceTests.expectRoundTrip(device)
    }

    @Test func aHeadingOutOfRangeIsRejectedAsALineWouldBe() throws {
        let device = try SimulatedDevice(platform: .iOS(17, 0))
        #expect(throws: DeviceError.self) { try device.world.sense(heading: Self.sample(400)) }
        #expect(throws: DeviceError.self) { try device.world.sense(heading: Self.sample(.nan)) }
        #expect(throws: DeviceError.self) { try device.world.sense(heading: Self.sample(90, 90, 200)) }
    }

    @Test func aMacDeviceHasNoCompass() throws {
        let device = try SimulatedDevice(platform: .macOS(14, 0))
        #expect(!device.headingAvailable)
        let tv = try SimulatedDevice(platform: .tvOS(17, 0))
        let manager = tv.makeLocationManager()
        manager.startUpdatingHeading()
        #expect(manager.lastError?.code == .unavailable)
    }
}
