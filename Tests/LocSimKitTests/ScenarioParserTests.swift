import Testing

@testable import LocSimKit

/// SPEC §1: each statement form, each error with its message and column.
@Suite struct ScenarioParserTests {
    // MARK: Fixtures

    /// A line and the statement it must parse to.
    struct Valid: Sendable, CustomTestStringConvertible {
        var line: String
        var expected: Statement?
        var testDescription: String { line }
        init(_ line: String, _ expected: Statement?) {
            self.line = line
            self.expected = expected
        }
    }

    /// Lines whose last one must fail with `message` at `column`.
    struct Invalid: Sendable, CustomTestStringConvertible {
        var lines: [String]
        var message: String
        var column: Int
        var testDescription: String { lines.last ?? "" }
        init(_ line: String, _ message: String, _ column: Int, after earlier: [String] = []) {
            lines = earlier + [line]
            self.message = message
            self.column = column
        }
    }

    static func header(_ h: HeaderStatement, column: Int = 1) -> Statement {
        .header(h, SourceLocation(line: 1, column: column))
    }

    /// A timed statement on line 1 whose event word is at `column`.
    static func at(_ ms: Int64, _ event: Event, _ column: Int, _ argumentColumn: Int? = nil) -> Statement {
        .timed(
            TimedStatement(
                time: Millis(ms), event: event, location: SourceLocation(line: 1, column: column),
                argumentColumn: argumentColumn ?? column))
    }

    static func fix(
        _ lat: Double, _ lon: Double, _ acc: Double = 5, speed: Double? = nil, course: Double? = nil, alt: Double? = nil
    ) -> Event {
        .fix(Fix(Location(Coordinate(lat, lon), accuracy: acc), speed: speed, course: course, altitude: alt))
    }

    static let uuid = "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0"

    func parseAll(_ lines: [String]) throws(ScenarioError) -> [Statement?] {
        var parser = ScenarioParser()
        var out: [Statement?] = []
        for (i, line) in lines.enumerated() { out.append(try parser.parse(line, lineNumber: i + 1)) }
        return out
    }

    func error(_ lines: [String]) -> ScenarioError? {
        do {
            _ = try parseAll(lines)
            return nil
        } catch {
            return error
        }
    }

    // MARK: Valid lines

    static let blankAndHeaders: [Valid] = [
        Valid("", nil),
        Valid("   \t ", nil),
        Valid("# a comment", nil),
        Valid("   # indented comment with \"quotes", nil),
        Valid("locsim 1", header(.formatVersion(1))),
        Valid("locsim 1 # the format", header(.formatVersion(1))),
        Valid("platform iOS 13.4", header(.platform(Platform(.iOS, 13, 4)))),
        Valid("platform iPadOS 17", header(.platform(Platform(.iPadOS, 17, 0)))),
        Valid("platform iOS 14.2.1", header(.platform(Platform(.iOS, 14, 2)))),
        Valid("platform iOS 6.0", header(.platform(Platform(.iOS, 6, 0)))),
        Valid("platform macOS 26.9", header(.platform(Platform(.macOS, 26, 9)))),
        Valid("platform\twatchOS\t10.1", header(.platform(Platform(.watchOS, 10, 1)))),
        Valid("  platform tvOS 17.0", header(.platform(Platform(.tvOS, 17, 0)), column: 3)),
        Valid(
            "plist UIBackgroundModes location", header(.plist(key: "UIBackgroundModes", value: .array(["location"])))),
        Valid(
            "plist UIBackgroundModes location fetch",
            header(.plist(key: "UIBackgroundModes", value: .array(["location", "fetch"])))),
        Valid(
            "plist NSLocationWhenInUseUsageDescription \"We use it # not a comment\"",
            header(.plist(key: "NSLocationWhenInUseUsageDescription", value: .string("We use it # not a comment")))),
        Valid(#"plist K "say \"hi\" \\ bye""#, header(.plist(key: "K", value: .string(#"say "hi" \ bye"#)))),
        Valid("plist K \"\"", header(.plist(key: "K", value: .string("")))),
        Valid("plist K \"日本語\"", header(.plist(key: "K", value: .string("日本語")))),
        Valid(
            "plist NSLocationTemporaryUsageDescriptionDictionary.Navigate \"to guide you\"",
            header(
                .plist(key: "NSLocationTemporaryUsageDescriptionDictionary.Navigate", value: .string("to guide you")))),
        Valid(
            "plist UIRequiresPersistentWiFi true", header(.plist(key: "UIRequiresPersistentWiFi", value: .bool(true)))),
        Valid(
            "plist NSLocationDefaultAccuracyReduced false",
            header(.plist(key: "NSLocationDefaultAccuracyReduced", value: .bool(false)))),
        Valid("plist K \"true\"", header(.plist(key: "K", value: .string("true")))),
        Valid(
            "delegate didUpdateLocations didFailWithError",
            header(.delegate([.didUpdateLocations, .didFailWithError]))),
        Valid("delegate", header(.delegate([]))),
        Valid(
            "delegate locationManagerDidChangeAuthorization didResumeLocationUpdates",
            header(.delegate([.locationManagerDidChangeAuthorization, .didResumeLocationUpdates]))),
        Valid("set grace 5", header(.parameter(.grace(Millis(5000))))),
        Valid("set grace 2.5", header(.parameter(.grace(Millis(2500))))),
        Valid("set grace 0.001", header(.parameter(.grace(Millis(1))))),
        Valid("set grace 0", header(.parameter(.grace(Millis(0))))),
        Valid("set upgradePromptDelay none", header(.parameter(.upgradePromptDelay(nil)))),
        Valid("set upgradePromptDelay 30", header(.parameter(.upgradePromptDelay(Millis(30_000))))),
        Valid("set slcDistance 500.5", header(.parameter(.slcDistance(500.5)))),
        Valid("set maxRegions 20", header(.parameter(.maxRegions(20)))),
        Valid("set maxRegions 0", header(.parameter(.maxRegions(0)))),
        Valid("set deriveCrossings true", header(.parameter(.deriveCrossings(true)))),
        Valid("set relaunchAfterForceQuit false", header(.parameter(.relaunchAfterForceQuit(false)))),
        Valid("set reducedInterval 900", header(.parameter(.reducedInterval(Millis(900_000))))),
        Valid("seed 0", header(.seed(0))),
        Valid("seed 18446744073709551615", header(.seed(UInt64.max))),
    ]

    static let lifecycleAndWorld: [Valid] = [
        Valid("0 launch", at(0, .launch, 3)),
        Valid("12 launch", at(12_000, .launch, 4)),
        Valid("12.5 foreground", at(12_500, .foreground, 6)),
        Valid("0.001 background", at(1, .background, 7)),
        Valid("7 terminate  # force quit", at(7_000, .terminate, 3)),
        Valid("01:02:03 system terminate", at(3_723_000, .systemTerminate, 10, 17)),
        Valid("00:00:01.5 system notBusy", at(1_500, .systemNotBusy, 12, 19)),
        Valid("\t3\tlaunch", at(3_000, .launch, 4)),
        Valid("1 fix 35.6812345 139.7671234", at(1_000, fix(35.6812345, 139.7671234), 3, 7)),
        Valid("1 fix 35.6812345 139.7671234 12", at(1_000, fix(35.6812345, 139.7671234, 12), 3, 7)),
        Valid(
            "1 fix -33.9 -70.5 0 speed=3.5 course=270 alt=-12.25",
            at(1_000, fix(-33.9, -70.5, 0, speed: 3.5, course: 270, alt: -12.25), 3, 7)),
        Valid("1 fix 1 2 alt=3 speed=-1", at(1_000, fix(1, 2, speed: -1, alt: 3), 3, 7)),
        Valid("1 fix +90 -180 .5", at(1_000, fix(90, -180, 0.5), 3, 7)),
        Valid("1 fix 0.1 0.2", at(1_000, fix(0.1, 0.2), 3, 7)),
        Valid("2 enter home", at(2_000, .enter(regionID: "home"), 3, 9)),
        Valid("2 exit \"my office\"", at(2_000, .exit(regionID: "my office"), 3, 8)),
        Valid("3 visit arrive 35 139", at(3_000, .visitArrive(Location(Coordinate(35, 139), accuracy: 5)), 3, 9)),
        Valid("3 visit depart 35 139 40", at(3_000, .visitDepart(Location(Coordinate(35, 139), accuracy: 40)), 3, 9)),
        Valid(
            "4 beacon \(uuid) 1 2 near",
            at(4_000, .beacon(BeaconSighting(uuid: uuid, major: 1, minor: 2, proximity: .near)), 3, 10)),
        Valid(
            "4 beacon e2c56db5-dffb-48d2-b060-d0f5a71096e0 65535 0 immediate rssi=-59",
            at(
                4_000, .beacon(BeaconSighting(uuid: uuid, major: 65535, minor: 0, proximity: .immediate, rssi: -59)), 3,
                10)),
    ]

    static let appCalls: [Valid] =
        [
            Valid("1 app requestWhenInUseAuthorization", at(1_000, .app(.requestWhenInUseAuthorization), 3, 7)),
            Valid("1 app requestAlwaysAuthorization", at(1_000, .app(.requestAlwaysAuthorization), 3, 7)),
            Valid(
                "1 app requestTemporaryFullAccuracyAuthorization Navigate",
                at(1_000, .app(.requestTemporaryFullAccuracyAuthorization(purposeKey: "Navigate")), 3, 7)),
            Valid("1 app startUpdatingLocation", at(1_000, .app(.startUpdatingLocation), 3, 7)),
            Valid("1 app stopUpdatingLocation", at(1_000, .app(.stopUpdatingLocation), 3, 7)),
            Valid("1 app requestLocation", at(1_000, .app(.requestLocation), 3, 7)),
            Valid(
                "1 app startMonitoringSignificantLocationChanges",
                at(1_000, .app(.startMonitoringSignificantLocationChanges), 3, 7)),
            Valid(
                "1 app stopMonitoringSignificantLocationChanges",
                at(1_000, .app(.stopMonitoringSignificantLocationChanges), 3, 7)),
            Valid("1 app startMonitoringVisits", at(1_000, .app(.startMonitoringVisits), 3, 7)),
            Valid("1 app stopMonitoringVisits", at(1_000, .app(.stopMonitoringVisits), 3, 7)),
            Valid(
                "1 app startMonitoring home 35.1 139.2 100",
                at(
                    1_000,
                    .app(.startMonitoring(CircularRegion(id: "home", center: Coordinate(35.1, 139.2), radius: 100))), 3,
                    7)),
            Valid(
                "1 app startMonitoring home 35.1 139.2 -1 notifyOnExit=false notifyOnEntry=true",
                at(
                    1_000,
                    .app(
                        .startMonitoring(
                            CircularRegion(
                                id: "home", center: Coordinate(35.1, 139.2), radius: -1, notifyOnEntry: true,
                                notifyOnExit: false))), 3, 7)),
            Valid("1 app stopMonitoring home", at(1_000, .app(.stopMonitoring(id: "home")), 3, 7)),
            Valid("1 app requestState home", at(1_000, .app(.requestState(id: "home")), 3, 7)),
            Valid(
                "1 app startRangingBeacons \(uuid)",
                at(1_000, .app(.startRangingBeacons(BeaconConstraint(uuid: uuid))), 3, 7)),
            Valid(
                "1 app startRangingBeacons \(uuid) 7",
                at(1_000, .app(.startRangingBeacons(BeaconConstraint(uuid: uuid, major: 7))), 3, 7)),
            Valid(
                "1 app stopRangingBeacons \(uuid) 7 8",
                at(1_000, .app(.stopRangingBeacons(BeaconConstraint(uuid: uuid, major: 7, minor: 8))), 3, 7)),
            Valid(
                "1 app set allowsBackgroundLocationUpdates true",
                at(1_000, .app(.set(.allowsBackgroundLocationUpdates(true))), 3, 7)),
            Valid(
                "1 app set showsBackgroundLocationIndicator false",
                at(1_000, .app(.set(.showsBackgroundLocationIndicator(false))), 3, 7)),
            Valid(
                "1 app set pausesLocationUpdatesAutomatically true",
                at(1_000, .app(.set(.pausesLocationUpdatesAutomatically(true))), 3, 7)),
            Valid("1 app set distanceFilter none", at(1_000, .app(.set(.distanceFilter(nil))), 3, 7)),
            Valid("1 app set distanceFilter 10.5", at(1_000, .app(.set(.distanceFilter(10.5))), 3, 7)),
            Valid(
                "1 app addLocationNotification n1 35 139 200",
                at(
                    1_000,
                    .app(
                        .addLocationNotification(
                            CircularRegion(id: "n1", center: Coordinate(35, 139), radius: 200), repeats: false)), 3, 7)),
            Valid(
                "1 app addLocationNotification n1 35 139 200 repeats=true notifyOnEntry=false",
                at(
                    1_000,
                    .app(
                        .addLocationNotification(
                            CircularRegion(
                                id: "n1", center: Coordinate(35, 139), radius: 200, notifyOnEntry: false), repeats: true
                        )), 3, 7)),
        ]
        + DesiredAccuracy.allCases.map { a in
            Valid("1 app set desiredAccuracy \(a.rawValue)", at(1_000, .app(.set(.desiredAccuracy(a))), 3, 7))
        }

    static let userActions: [Valid] =
        Answer.allCases.map { a in
            Valid("5 user \(a.rawValue)", at(5_000, .user(.answer(a, precise: nil)), 3, 8))
        }
        + SettingsChoice.allCases.map { c in
            Valid("5 user settings \(c.rawValue)", at(5_000, .user(.settings(c, precise: nil)), 3, 8))
        } + [
            Valid("5 user allow precise=off", at(5_000, .user(.answer(.allow, precise: false)), 3, 8)),
            Valid("5 user allowOnce precise=on", at(5_000, .user(.answer(.allowOnce, precise: true)), 3, 8)),
            Valid(
                "5 user settings whileUsing precise=off", at(5_000, .user(.settings(.whileUsing, precise: false)), 3, 8)
            ),
            Valid("5 user settings precise on", at(5_000, .user(.precise(true)), 3, 8)),
            Valid("5 user settings locationServices off", at(5_000, .user(.locationServices(false)), 3, 8)),
            Valid("5 user settings restricted on", at(5_000, .user(.restricted(true)), 3, 8)),
            Valid("5 user tapNotification n1", at(5_000, .user(.tapNotification(id: "n1")), 3, 8)),
        ]

    @Test(arguments: blankAndHeaders + lifecycleAndWorld + appCalls + userActions)
    func parsesValidLine(_ c: Valid) throws {
        var parser = ScenarioParser()
        #expect(try parser.parse(c.line, lineNumber: 1) == c.expected)
    }

    // MARK: Times

    @Test func timesInAllThreeForms() throws {
        let statements = try parseAll([
            "0 launch", "12 fix 1 2", "12.5 fix 1 2", "+0.5 fix 1 2", "+2 fix 1 2", "00:00:20 fix 1 2",
            "00:01:00.25 fix 1 2", "+00:01:00 fix 1 2", "# comment between", "2:01:00.001 fix 1 2",
            "7260.001 fix 1 2", "+0 fix 1 2", "+.5 background",
        ])
        let times = statements.compactMap { s -> Int64? in
            if case .timed(let t)? = s { return t.time.value }
            return nil
        }
        #expect(
            times == [
                0, 12_000, 12_500, 13_000, 15_000, 20_000, 60_250, 120_250, 7_260_001, 7_260_001, 7_260_001, 7_260_501,
            ])
    }

    @Test func relativeTimeOnTheFirstLineCountsFromZero() throws {
        #expect(try parseAll(["+3 launch"]) == [Self.at(3_000, .launch, 4)])
    }

    @Test func equalTimesAreAllowed() throws {
        let statements = try parseAll(["5 launch", "5 background", "00:00:05 foreground"])
        #expect(statements.count == 3)
    }

    @Test func largestTimeIsExactInMilliseconds() throws {
        let statements = try parseAll(["1000000000000.999 launch"])
        guard case .timed(let t)? = statements[0] else {
            Issue.record("not timed")
            return
        }
        #expect(t.time.value == 1_000_000_000_000_999)
    }

    @Test func statementsCarryTheirLineNumber() throws {
        var parser = ScenarioParser()
        #expect(
            try parser.parse("platform iOS 15", lineNumber: 7)
                == .header(.platform(Platform(.iOS, 15)), SourceLocation(line: 7, column: 1)))
        let statement = try parser.parse("1 user allow", lineNumber: 9)
        guard case .timed(let t)? = statement else {
            Issue.record("not timed")
            return
        }
        #expect(t.location == SourceLocation(line: 9, column: 3))
        #expect(t.argumentColumn == 8)
    }

    @Test func errorsCarryTheirLineNumber() {
        let e = error(["locsim 1", "", "1 launch", "2 lanch"])
        #expect(e?.location == SourceLocation(line: 4, column: 3))
    }

    // MARK: Numbers

    /// The fast path and the `strtod` path must both give the correctly
    /// rounded double, the one Swift's own parser gives.
    @Test(arguments: [
        "0", "-0", "1", "35.6812345", "139.7671234", "-122.030258", "0.1", "0.3", "123456789012345",
        "9007199254740991", "9007199254740993", "12345678901234567890", "0.000000000000000000001",
        "0.0000000000000000000000012345", "1.7976931348623157", "89.99999999999999999999", "+7.5", ".25", "25.",
        "3.141592653589793238462643383279",
    ])
    func decimalsRoundLikeSwift(_ text: String) {
        var copy = text
        let parsed = copy.withUTF8 { ByteScanner.decimal(UnsafeRawBufferPointer($0), 0, $0.count) }
        #expect(parsed == Double(text))
        #expect(parsed?.sign == Double(text)?.sign)
    }

    @Test(arguments: ["", "-", "+", ".", "1.2.3", "1e5", "0x10", "nan", "inf", "1,5", "--1", "1-"])
    func nonDecimalsAreRejected(_ text: String) {
        var copy = text
        #expect(copy.withUTF8 { ByteScanner.decimal(UnsafeRawBufferPointer($0), 0, $0.count) } == nil)
    }

    @Test func everyParameterNameHasASetting() throws {
        for (name, kind) in ParameterSetting.kinds {
            let value: String
            switch kind {
            case .duration, .optionalDuration: value = "1"
            case .meters: value = "1.5"
            case .count: value = "3"
            case .bool: value = "true"
            }
            var parser = ScenarioParser()
            let statement = try parser.parse("set \(name) \(value)", lineNumber: 1)
            guard case .header(.parameter(let setting), _)? = statement else {
                Issue.record("set \(name) gave \(String(describing: statement))")
                continue
            }
            var parameters = Parameters()
            parameters.apply(setting)
            #expect(parameters != Parameters(), "set \(name) changed nothing")
        }
    }

    // MARK: Invalid lines

    static let eventList =
        "launch, foreground, background, terminate, system, app, user, fix, enter, exit, visit, beacon"

    static let syntaxErrors: [Invalid] = [
        Invalid("1 launch \u{7}", "unexpected control character 0x07; expected text, spaces or tabs", 10),
        Invalid("1 enter \"home", "unclosed string; expected a closing '\"' on the same line", 9),
        Invalid("1 enter \"home\\", "unclosed string; expected a closing '\"' on the same line", 9),
        Invalid(#"plist K "a\nb""#, #"unknown escape '\n' in a string; expected \" or \\"#, 11),
        Invalid(#"plist K "ab"c"#, "expected a space after the closing quote, found 'c'", 13),
        Invalid(#"plist K ab"c""#, "unexpected '\"' inside a word; a string must start a word", 11),
        Invalid(
            "lanch",
            "unknown statement 'lanch'; expected a time or one of: locsim, platform, plist, delegate, set, seed", 1),
        Invalid(
            "\"1\" launch",
            "unknown statement '\"1\"'; expected a time or one of: locsim, platform, plist, delegate, set, seed", 1),
        Invalid("  launch", "missing time before 'launch'; expected '<time> launch …'", 3),
        Invalid("platform iOS 14", "'platform' must come before the first timed line", 1, after: ["0 launch"]),
        Invalid("set grace 5", "'set' must come before the first timed line", 1, after: ["0 launch"]),
        Invalid("locsim 1", "'locsim' must come before the first timed line", 1, after: ["0 launch"]),
        Invalid(
            "5 platform iOS 14",
            "'platform' is a header statement; write it without a time, before the first timed line", 3),
    ]

    static let headerErrors: [Invalid] = [
        Invalid("locsim 2", "scenario format version 2 is newer than this locsim (1); upgrade locsim", 8),
        Invalid(
            "locsim 99999999999999999999999",
            "scenario format version 99999999999999999999999 is newer than this locsim (1); upgrade locsim", 8),
        Invalid("locsim 0", "unknown scenario format version 0; expected 1", 8),
        Invalid("locsim one", "expected a whole number for the format version, found 'one'", 8),
        Invalid("locsim", "missing argument <version> for locsim", 7),
        Invalid("locsim 1 2", "unexpected extra argument '2'", 10),
        Invalid("platform ios 13", "unknown platform 'ios'; expected one of: iOS, iPadOS, macOS, tvOS, watchOS", 10),
        Invalid("platform iOS", "missing argument <version> for platform", 13),
        Invalid("platform iOS 99.0", "iOS 99.0 is newer than the rules locsim knows (up to 26.x)", 14),
        Invalid("platform iOS 27", "iOS 27.0 is newer than the rules locsim knows (up to 26.x)", 14),
        Invalid("platform iOS 26.10", "iOS 26.10 is newer than the rules locsim knows (up to 26.9)", 14),
        Invalid("platform iOS 5.1", "iOS 5.1 is older than the rules locsim knows (from 6.0)", 14),
        Invalid("platform iPadOS 12", "iPadOS 12.0 is older than the rules locsim knows (from 13.0)", 17),
        Invalid("platform iOS 13.x", "expected a version like 13.4 for platform, found '13.x'", 14),
        Invalid("platform iOS 13.4.1.2", "expected a version like 13.4 for platform, found '13.4.1.2'", 14),
        Invalid("platform iOS 99999", "expected a version like 13.4 for platform, found '99999'", 14),
        Invalid("platform iOS 13.", "expected a version like 13.4 for platform, found '13.'", 14),
        Invalid("platform iOS 14 extra", "unexpected extra argument 'extra'", 17),
        Invalid("plist", "missing argument <key> for plist", 6),
        Invalid("plist UIBackgroundModes", "missing argument <value> for plist UIBackgroundModes", 24),
        Invalid("plist \"\" x", "expected an Info.plist key, found an empty string", 7),
        Invalid(
            "delegate didUpdateLocations didUpdate",
            "unknown delegate method 'didUpdate'; expected one of: "
                + DelegateMethods.names.map(\.0).joined(separator: ", "), 29),
        Invalid(
            "set gracee 5",
            "unknown parameter 'gracee'; expected one of: " + ParameterSetting.kinds.map(\.0).joined(separator: ", "), 5
        ),
        Invalid("set", "missing argument <parameter> for set", 4),
        Invalid("set grace", "missing argument <value> for set grace", 10),
        Invalid("set grace -1", "grace must not be negative, found '-1'", 11),
        Invalid("set grace 1.2345", "grace '1.2345' has more than 3 decimals; the resolution is 1 ms", 11),
        Invalid("set grace five", "expected seconds for grace (like 5 or 2.5), found 'five'", 11),
        Invalid("set grace 1e3", "expected seconds for grace (like 5 or 2.5), found '1e3'", 11),
        Invalid(
            "set grace 99999999999999", "grace '99999999999999' is too large; expected at most 1000000000000 seconds",
            11),
        Invalid(
            "set upgradePromptDelay never",
            "expected seconds for upgradePromptDelay (like 5 or 2.5, or none), found 'never'", 24),
        Invalid("set maxRegions -1", "maxRegions -1 is out of range; expected 0 to 2147483647", 16),
        Invalid("set maxRegions 2.5", "expected a whole number for maxRegions, found '2.5'", 16),
        Invalid("set slcDistance -5", "slcDistance must not be negative, found '-5'", 17),
        Invalid("set deriveCrossings yes", "expected true or false for deriveCrossings, found 'yes'", 21),
        Invalid("set grace 5 6", "unexpected extra argument '6'", 13),
        Invalid("seed -1", "expected a whole number from 0 to 18446744073709551615 for seed, found '-1'", 6),
        Invalid(
            "seed 18446744073709551616",
            "expected a whole number from 0 to 18446744073709551615 for seed, found '18446744073709551616'", 6),
    ]

    static let timeErrors: [Invalid] = [
        Invalid(
            "10 fix 1 2", "time goes backwards: 10.000 is before the previous line's 12.000", 1, after: ["12 launch"]),
        Invalid(
            "00:00:11.999 fix 1 2", "time goes backwards: 11.999 is before the previous line's 12.000", 1,
            after: ["12 launch"]),
        Invalid("0.0001 launch", "time '0.0001' has more than 3 decimals; the resolution is 1 ms", 1),
        Invalid("+0.0001 launch", "time '+0.0001' has more than 3 decimals; the resolution is 1 ms", 1),
        Invalid("00:00:01.0001 launch", "time '00:00:01.0001' has more than 3 decimals; the resolution is 1 ms", 1),
        Invalid("-5 launch", "negative time '-5'; times count seconds from the scenario start", 1),
        Invalid("-00:00:05 launch", "negative time '-00:00:05'; times count seconds from the scenario start", 1),
        Invalid("12a launch", "expected a time (seconds like 12.5, +seconds or hh:mm:ss), found '12a'", 1),
        Invalid("1e3 launch", "expected a time (seconds like 12.5, +seconds or hh:mm:ss), found '1e3'", 1),
        Invalid("+ launch", "expected a time (seconds like 12.5, +seconds or hh:mm:ss), found '+'", 1),
        Invalid("- launch", "expected a time (seconds like 12.5, +seconds or hh:mm:ss), found '-'", 1),
        Invalid(". launch", "expected a time (seconds like 12.5, +seconds or hh:mm:ss), found '.'", 1),
        Invalid("1:2:3 launch", "expected a time (seconds like 12.5, +seconds or hh:mm:ss), found '1:2:3'", 1),
        Invalid("01:02 launch", "expected a time (seconds like 12.5, +seconds or hh:mm:ss), found '01:02'", 1),
        Invalid("01:02:03x launch", "expected a time (seconds like 12.5, +seconds or hh:mm:ss), found '01:02:03x'", 1),
        Invalid("00:60:00 launch", "minutes and seconds must be 00 to 59 in '00:60:00'", 1),
        Invalid("00:00:60 launch", "minutes and seconds must be 00 to 59 in '00:00:60'", 1),
        Invalid(
            "99999999999999999999999 launch",
            "time '99999999999999999999999' is too large; expected at most 1000000000000 seconds", 1),
        Invalid(
            "99999999999999999:00:00 launch",
            "time '99999999999999999:00:00' is too large; expected at most 1000000000000 seconds", 1),
        Invalid(
            "+1 launch", "time '+1' is too large; expected at most 1000000000000 seconds from the start", 1,
            after: ["1000000000000 launch"]),
        Invalid("  5", "missing event after the time; expected one of: \(eventList)", 4),
    ]

    static let eventErrors: [Invalid] = [
        Invalid("1 lanch", "unknown event 'lanch'; expected one of: \(eventList)", 3),
        Invalid("1 \"launch\"", "unknown event '\"launch\"'; expected one of: \(eventList)", 3),
        Invalid("1 launch now", "unexpected extra argument 'now'", 10),
        Invalid("1 system", "missing argument <terminate|notBusy> for system", 9),
        Invalid("1 system busy", "unknown system event 'busy'; expected terminate or notBusy", 10),
        Invalid("1 fix abc 2", "expected a number for latitude, found 'abc'", 7),
        Invalid("1 fix 1 abc", "expected a number for longitude, found 'abc'", 9),
        Invalid("1 fix 1e5 2", "exponents are not supported in '1e5'; write latitude as a plain decimal number", 7),
        Invalid("1 fix 1", "missing argument <lon> for fix", 8),
        Invalid("1 fix", "missing argument <lat> for fix", 6),
        Invalid(
            "1 fix 139.7 35.6",
            "latitude 139.7 is out of range; expected -90 to 90 (are latitude and longitude swapped?)", 7),
        Invalid("1 fix 95 135", "latitude 95 is out of range; expected -90 to 90", 7),
        Invalid("1 fix 35 180.5", "longitude 180.5 is out of range; expected -180 to 180", 10),
        Invalid("1 fix 35 139 -1", "accuracy must not be negative, found '-1'", 14),
        Invalid("1 fix 35 139 5 6", "unexpected extra argument '6'; expected speed=<m/s>, course=<deg>, alt=<m>", 16),
        Invalid(
            "1 fix 35 139 heading=3", "unknown option 'heading' for fix; expected speed=<m/s>, course=<deg>, alt=<m>",
            14),
        Invalid("1 fix 35 139 speed=3 speed=4", "option 'speed' is given twice", 22),
        Invalid("1 fix 35 139 speed=fast", "expected a number for speed, found 'fast'", 20),
        Invalid("1 fix 35 139 speed=", "expected a number for speed, found ''", 20),
        Invalid("1 enter", "missing argument <regionId> for enter", 8),
        Invalid("1 enter \"\"", "expected a region id, found an empty string", 9),
        Invalid("1 exit a b", "unexpected extra argument 'b'", 10),
        Invalid("1 visit", "missing argument <arrive|depart> for visit", 8),
        Invalid("1 visit leave 1 2", "unknown visit event 'leave'; expected arrive or depart", 9),
        Invalid("1 visit arrive 1", "missing argument <lon> for visit arrive", 17),
        Invalid("1 visit depart 1 2 3 4", "unexpected extra argument '4'", 22),
        Invalid(
            "1 beacon B1 1 2 near", "expected a UUID like E2C56DB5-DFFB-48D2-B060-D0F5A71096E0 for uuid, found 'B1'", 10
        ),
        Invalid(
            "1 beacon E2C56DB5-DFFB-48D2-B060-D0F5A71096EG 1 2 near",
            "expected a UUID like E2C56DB5-DFFB-48D2-B060-D0F5A71096E0 for uuid, found 'E2C56DB5-DFFB-48D2-B060-D0F5A71096EG'",
            10),
        Invalid("1 beacon \(uuid) 65536 2 near", "major 65536 is out of range; expected 0 to 65535", 47),
        Invalid("1 beacon \(uuid) 1 -1 near", "minor -1 is out of range; expected 0 to 65535", 49),
        Invalid("1 beacon \(uuid) 1 2", "missing argument <immediate|near|far|unknown> for beacon", 50),
        Invalid(
            "1 beacon \(uuid) 1 2 close", "unknown proximity 'close'; expected one of: immediate, near, far, unknown",
            51),
        Invalid("1 beacon \(uuid) 1 2 far rssi=x", "expected a whole number for rssi, found 'x'", 60),
        Invalid("1 beacon \(uuid) 1 2 far tx=1", "unknown option 'tx' for beacon; expected rssi=<dBm>", 55),
    ]

    static let appErrors: [Invalid] = [
        Invalid("1 app", "missing argument <call> for app", 6),
        Invalid(
            "1 app startUpdating",
            "unknown app call 'startUpdating'; expected one of: "
                + [
                    "requestWhenInUseAuthorization", "requestAlwaysAuthorization",
                    "requestTemporaryFullAccuracyAuthorization",
                    "startUpdatingLocation", "stopUpdatingLocation", "requestLocation",
                    "startMonitoringSignificantLocationChanges", "stopMonitoringSignificantLocationChanges",
                    "startMonitoringVisits", "stopMonitoringVisits", "startMonitoring", "stopMonitoring",
                    "requestState",
                    "startRangingBeacons", "stopRangingBeacons", "set", "addLocationNotification",
                ].joined(separator: ", "), 7),
        Invalid("1 app startUpdatingLocation now", "unexpected extra argument 'now'", 29),
        Invalid("1 app startMonitoring home 35 139", "missing argument <radius> for startMonitoring", 34),
        Invalid("1 app startMonitoring home 35 139 big", "expected a number for radius, found 'big'", 35),
        Invalid("1 app startMonitoring", "missing argument <id> for startMonitoring", 22),
        Invalid(
            "1 app startMonitoring home 35 139 100 notifyOnEntry=yes",
            "expected true or false for notifyOnEntry, found 'yes'", 53),
        Invalid(
            "1 app startMonitoring home 35 139 100 repeats=true",
            "unknown option 'repeats' for startMonitoring; expected notifyOnEntry=<bool>, notifyOnExit=<bool>", 39),
        Invalid(
            "1 app startMonitoring home 35 139 100 foo",
            "unexpected extra argument 'foo'; expected notifyOnEntry=<bool>, notifyOnExit=<bool>", 39),
        Invalid(
            "1 app addLocationNotification n 35 139 100 repeats=true repeats=false", "option 'repeats' is given twice",
            57),
        Invalid("1 app stopMonitoring", "missing argument <id> for stopMonitoring", 21),
        Invalid(
            "1 app requestTemporaryFullAccuracyAuthorization",
            "missing argument <purposeKey> for requestTemporaryFullAccuracyAuthorization", 48),
        Invalid("1 app startRangingBeacons \(uuid) 1 2 3", "unexpected extra argument '3'", 68),
        Invalid("1 app set", "missing argument <property> for set", 10),
        Invalid(
            "1 app set headingFilter 5",
            "unknown property 'headingFilter'; expected one of: allowsBackgroundLocationUpdates, showsBackgroundLocationIndicator, pausesLocationUpdatesAutomatically, distanceFilter, desiredAccuracy",
            11),
        Invalid("1 app set distanceFilter", "missing argument <value> for set distanceFilter", 25),
        Invalid(
            "1 app set distanceFilter -1",
            "distanceFilter must not be negative, found '-1'; use none for kCLDistanceFilterNone", 26),
        Invalid("1 app set distanceFilter far", "expected meters or none for distanceFilter, found 'far'", 26),
        Invalid(
            "1 app set desiredAccuracy good",
            "unknown desiredAccuracy 'good'; expected one of: bestForNavigation, best, nearestTenMeters, hundredMeters, kilometer, threeKilometers, reduced",
            27),
        Invalid(
            "1 app set allowsBackgroundLocationUpdates 1",
            "expected true or false for allowsBackgroundLocationUpdates, found '1'", 43),
        Invalid("1 app set allowsBackgroundLocationUpdates true false", "unexpected extra argument 'false'", 48),
    ]

    static let userErrors: [Invalid] = [
        Invalid("1 user", "missing argument <answer> for user", 7),
        Invalid(
            "1 user yes",
            "unknown answer 'yes'; expected allow, allowWhileUsing, allowOnce, allowAlways, dontAllow, keepWhileUsing, changeToAlways, settings, tapNotification",
            8),
        Invalid("1 user allow precise=maybe", "expected on or off for precise, found 'maybe'", 22),
        Invalid("1 user allow precise=on precise=off", "option 'precise' is given twice", 25),
        Invalid("1 user allow now", "unexpected extra argument 'now'; expected precise=on|off", 14),
        Invalid("1 user allow accuracy=full", "unknown option 'accuracy' for user; expected precise=on|off", 14),
        Invalid("1 user allow precise=on now", "unexpected extra argument 'now'", 25),
        Invalid("1 user settings", "missing argument <setting> for settings", 16),
        Invalid(
            "1 user settings sometimes",
            "unknown setting 'sometimes'; expected one of: never, askNextTime, whileUsing, always, precise, locationServices, restricted",
            17),
        Invalid("1 user settings precise", "missing argument <on|off> for settings precise", 24),
        Invalid("1 user settings precise true", "expected on or off for precise, found 'true'", 25),
        Invalid("1 user settings locationServices on off", "unexpected extra argument 'off'", 37),
        Invalid("1 user tapNotification", "missing argument <id> for tapNotification", 23),
    ]

    @Test(arguments: syntaxErrors + headerErrors + timeErrors + eventErrors + appErrors + userErrors)
    func rejectsInvalidLine(_ c: Invalid) {
        let e = error(c.lines)
        #expect(e?.message == c.message)
        #expect(e?.location == SourceLocation(line: c.lines.count, column: c.column))
    }

    // MARK: Bytes

    func parseBytes(_ bytes: [UInt8]) -> Result<Statement?, ScenarioError> {
        var parser = ScenarioParser()
        var result: Result<Statement?, ScenarioError> = .success(nil)
        bytes.withUnsafeBytes { buffer in
            do throws(ScenarioError) {
                result = .success(try parser.parse(buffer, lineNumber: 1))
            } catch {
                result = .failure(error)
            }
        }
        return result
    }

    @Test(
        arguments: [
            ([0x31, 0x20, 0x65, 0x6E, 0x74, 0x65, 0x72, 0x20, 0xFF], "invalid UTF-8 byte 0xFF", 9),
            ([0x23, 0x20, 0x80], "invalid UTF-8 byte 0x80", 3),  // a stray continuation, even in a comment
            ([0x61, 0xC0, 0xAF], "invalid UTF-8 byte 0xC0", 2),  // overlong "/"
            ([0x61, 0xE3, 0x81], "invalid UTF-8 byte 0xE3", 2),  // truncated at the end of the line
            ([0x61, 0xE3, 0x81, 0x20], "invalid UTF-8 byte 0xE3", 2),  // truncated before a space
            ([0x61, 0xED, 0xA0, 0x80], "invalid UTF-8 byte 0xED", 2),  // a surrogate
            ([0x61, 0xF4, 0x90, 0x80, 0x80], "invalid UTF-8 byte 0xF4", 2),  // above U+10FFFF
            (
                [0x31, 0x20, 0x6C, 0x61, 0x75, 0x6E, 0x63, 0x68, 0x20, 0x20, 0x00],
                "unexpected control character 0x00; expected text, spaces or tabs", 11
            ),
            (
                [0x31, 0x20, 0x6C, 0x61, 0x75, 0x6E, 0x63, 0x68, 0x0D],
                "unexpected control character 0x0D; expected text, spaces or tabs", 9
            ),
            (
                [0x31, 0x20, 0x6C, 0x61, 0x75, 0x6E, 0x63, 0x68, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x7F],
                "unexpected control character 0x7F; expected text, spaces or tabs", 15
            ),
        ] as [([UInt8], String, Int)])
    func rejectsBytesThatAreNotText(_ bytes: [UInt8], _ message: String, _ column: Int) {
        guard case .failure(let e) = parseBytes(bytes) else {
            Issue.record("accepted")
            return
        }
        #expect(e.message == message)
        #expect(e.location.column == column)
    }

    @Test func acceptsMultibyteTextInStringsAndComments() throws {
        let statement = try parseBytes(Array("1 enter \"café 𝄞 家\" # ✓ 日本".utf8)).get()
        #expect(statement == Self.at(1_000, .enter(regionID: "café 𝄞 家"), 3, 9))
    }

    @Test func longWordsAreCutInMessages() {
        let word = String(repeating: "x", count: 100)
        let e = error(["1 \(word)"])
        #expect(
            e?.message == "unknown event '\(String(repeating: "x", count: 60))…'; expected one of: \(Self.eventList)")
    }

    /// Whatever the bytes, the parser returns or throws; it never traps.
    @Test func randomBytesNeverTrap() {
        var state: UInt64 = 42
        func next() -> UInt64 {  // xorshift64: enough to vary the lines
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
        let alphabet = Array("0123456789 .+-:#\"\\=\t abcdefxyzE".utf8) + [0xC3, 0xA9, 0xFF, 0x00]
        let words = [
            "fix", "app", "user", "set", "startMonitoring", "beacon", "platform", "iOS", "plist", "1e5",
            "99999999999999999999", "+1", "00:00:01", "visit", "arrive", "precise=on", "settings", Self.uuid,
        ]
        for _ in 0..<20_000 {
            var line: [UInt8] = []
            for _ in 0..<Int(next() % 8) {
                if next() % 2 == 0 {
                    line += Array(words[Int(next() % UInt64(words.count))].utf8)
                } else {
                    for _ in 0..<Int(next() % 6) { line.append(alphabet[Int(next() % UInt64(alphabet.count))]) }
                }
                line.append(0x20)
            }
            _ = parseBytes(line)
        }
    }
}
