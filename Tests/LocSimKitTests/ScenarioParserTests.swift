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
        .fix(
            Fix(
                Location(Coordinate(latitude: lat, longitude: lon), accuracy: acc), speed: speed, course: course,
                altitude: alt))
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
        Valid("60 system deliverFirst", at(60_000, .systemDeliverFirst, 4, 11)),
        Valid("15 system inputFirst", at(15_000, .systemInputFirst, 4, 11)),
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
        Valid(
            "3 visit arrive 35 139",
            at(3_000, .visitArrive(Location(Coordinate(latitude: 35, longitude: 139), accuracy: 5)), 3, 9)),
        Valid(
            "3 visit depart 35 139 40",
            at(3_000, .visitDepart(Location(Coordinate(latitude: 35, longitude: 139), accuracy: 40)), 3, 9)),
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
            Valid("1 app liveUpdates start", at(1_000, .modern(.liveUpdatesStart(.default)), 3, 7)),
            Valid(
                "1 app liveUpdates start automotiveNavigation",
                at(1_000, .modern(.liveUpdatesStart(.automotiveNavigation)), 3, 7)),
            Valid("1 app liveUpdates stop", at(1_000, .modern(.liveUpdatesStop), 3, 7)),
            Valid("1 app backgroundActivitySession begin", at(1_000, .modern(.backgroundActivitySessionBegin), 3, 7)),
            Valid("1 app backgroundActivitySession end", at(1_000, .modern(.backgroundActivitySessionEnd), 3, 7)),
            Valid(
                "1 app backgroundActivitySession release", at(1_000, .modern(.backgroundActivitySessionRelease), 3, 7)),
            Valid(
                "1 app serviceSession begin nav always fullAccuracyPurposeKey=Navigate",
                at(1_000, .modern(.serviceSessionBegin(name: "nav", .always, fullAccuracyPurposeKey: "Navigate")), 3, 7)
            ),
            Valid("1 app serviceSession end nav", at(1_000, .modern(.serviceSessionEnd(name: "nav")), 3, 7)),
            Valid("1 app serviceSession release nav", at(1_000, .modern(.serviceSessionRelease(name: "nav")), 3, 7)),
            Valid("1 app monitor geo open", at(1_000, .modern(.monitorOpen(name: "geo")), 3, 7)),
            Valid(
                "1 app monitor geo add home 35 139.5 100",
                at(
                    1_000,
                    .modern(
                        .monitorAdd(
                            name: "geo", id: "home",
                            .circle(center: Coordinate(latitude: 35, longitude: 139.5), radius: 100))), 3, 7)),
            Valid(
                "1 app monitor geo add desk beacon \(uuid) 1",
                at(
                    1_000,
                    .modern(.monitorAdd(name: "geo", id: "desk", .beacon(BeaconConstraint(uuid: uuid, major: 1)))), 3, 7
                )),
            Valid("1 app monitor geo remove home", at(1_000, .modern(.monitorRemove(name: "geo", id: "home")), 3, 7)),
            Valid("1 app monitor geo close", at(1_000, .modern(.monitorClose(name: "geo")), 3, 7)),
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
                    .app(
                        .startMonitoring(
                            CircularRegion(
                                id: "home", center: Coordinate(latitude: 35.1, longitude: 139.2), radius: 100))), 3,
                    7)),
            Valid(
                "1 app startMonitoring home 35.1 139.2 -1 notifyOnExit=false notifyOnEntry=true",
                at(
                    1_000,
                    .app(
                        .startMonitoring(
                            CircularRegion(
                                id: "home", center: Coordinate(latitude: 35.1, longitude: 139.2), radius: -1,
                                notifyOnEntry: true,
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
            Valid(
                "1 app set activityType automotiveNavigation",
                at(1_000, .app(.set(.activityType(.automotiveNavigation))), 3, 7)),
            Valid("1 app set activityType airborne", at(1_000, .app(.set(.activityType(.airborne))), 3, 7)),
            Valid("1 app set distanceFilter 10.5", at(1_000, .app(.set(.distanceFilter(10.5))), 3, 7)),
            Valid(
                "1 app addLocationNotification n1 35 139 200",
                at(
                    1_000,
                    .app(
                        .addLocationNotification(
                            CircularRegion(id: "n1", center: Coordinate(latitude: 35, longitude: 139), radius: 200),
                            repeats: false)), 3, 7)),
            Valid(
                "1 app addLocationNotification n1 35 139 200 repeats=true notifyOnEntry=false",
                at(
                    1_000,
                    .app(
                        .addLocationNotification(
                            CircularRegion(
                                id: "n1", center: Coordinate(latitude: 35, longitude: 139), radius: 200,
                                notifyOnEntry: false), repeats: true
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

    /// 10^12 seconds is the largest time, decimals included (one more
    /// millisecond is an error: ScenarioParserTests+Errors).
    @Test func largestTimeIsExactInMilliseconds() throws {
        let statements = try parseAll(["1000000000000.000 launch"])
        guard case .timed(let t)? = statements[0] else {
            Issue.record("not timed")
            return
        }
        #expect(t.time.value == 1_000_000_000_000_000)
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
            let values: [String]
            switch kind {
            case .duration, .optionalDuration: values = ["1"]
            case .meters: values = ["1.5"]
            case .count: values = ["3"]
            // One of the two differs from the default (`deriveCrossings` is
            // off by default, `gps` and `compass` on).
            case .bool: values = ["true", "false"]
            }
            var changed = false
            for value in values {
                var parser = ScenarioParser()
                let statement = try parser.parse("set \(name) \(value)", lineNumber: 1)
                guard case .header(.parameter(let setting), _)? = statement else {
                    Issue.record("set \(name) gave \(String(describing: statement))")
                    continue
                }
                var parameters = Parameters()
                parameters.apply(setting)
                changed = changed || parameters != Parameters()
            }
            #expect(changed, "set \(name) changed nothing")
        }
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
                "unexpected carriage return (\\r) not followed by a line feed; the file has CR-only line ends (classic Mac): convert them to LF",
                9
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
