import Testing

@testable import LocSimKit

/// One record and the exact line the writer must print for it.
struct LogLineCase: Sendable, CustomTestStringConvertible {
    var record: LogRecord
    var line: String
    var testDescription: String { line }

    init(_ seconds: Int64, _ record: Record, _ line: String) {
        self.record = LogRecord(.ms(seconds), record)
        self.line = line
    }
}

/// Records used by the text and JSON writer tests.
enum LogSamples {
    static let tokyo = Location(Coordinate(latitude: 35.6812, longitude: 139.7671), accuracy: 5)
    static let sydney = Location(Coordinate(latitude: -33.868_820, longitude: 151.209_296), accuracy: 65.4)
    static let uuid = "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0"
    static let beacon = BeaconSighting(uuid: uuid, major: 1, minor: 2, proximity: .near, rssi: -60)
}

@Suite struct TextLogWriterTests {
    typealias S = LogSamples

    /// Every record kind and delegate method of SPEC §2.
    static let cases: [LogLineCase] = [
        // update (docs/modern.md)
        .init(
            10000, .update(.liveUpdate(S.tokyo, [.stationary, .accuracyLimited])),
            "10.000 update liveUpdates 35.681200,139.767100 ±5 stationary accuracyLimited"),
        .init(
            15000, .update(.liveUpdate(nil, [.insufficientlyInUse])),
            "15.000 update liveUpdates location=nil insufficientlyInUse"),
        .init(
            3000, .update(.serviceSession(name: "nav", [.authorizationRequestInProgress, .alwaysAuthorizationDenied])),
            "3.000 update serviceSession nav diagnostic alwaysAuthorizationDenied authorizationRequestInProgress"),
        .init(3000, .update(.backgroundActivitySession([])), "3.000 update backgroundActivitySession diagnostic"),
        .init(
            61000, .update(.earlierLiveUpdate(S.tokyo, [.stationary], fixedAt: .seconds(60))),
            "61.000 update liveUpdates 35.681200,139.767100 ±5 stationary @60.000"),
        // session (docs/modern.md, session records)
        .init(
            12000, .session(.begin(.liveUpdates(.fitness), .waiting)),
            "12.000 session liveUpdates begin configuration=fitness state=waiting"),
        .init(
            5000, .session(.begin(.serviceSession(name: "geo", .always), .effective)),
            "5.000 session serviceSession geo begin requirement=always state=effective"),
        .init(
            30000, .session(.effective(.backgroundActivitySession)),
            "30.000 session backgroundActivitySession effective"),
        .init(
            40000, .session(.end(.serviceSession(name: "geo", .always), .terminated)),
            "40.000 session serviceSession geo end reason=terminated"),
        .init(
            60000, .hold(.liveUpdate(S.tokyo), .notRestarted),
            "60.000 hold liveUpdates 35.681200,139.767100 ±5 reason=notRestarted"),
        .init(
            4000, .update(.monitorEvent(monitor: "geo", id: "home", .satisfied, [])),
            "4.000 update monitor geo home satisfied"),
        .init(
            4000,
            .update(
                .refinedMonitorEvent(
                    monitor: "geo", id: "lobby", .satisfied, [.accuracyLimited],
                    refinement: BeaconConstraint(uuid: "U", major: 3, minor: 9))),
            "4.000 update monitor geo lobby satisfied accuracyLimited refinement=U.3.9"),
        .init(
            90000, .drop(.liveUpdate(S.tokyo), .stationary),
            "90.000 drop liveUpdates 35.681200,139.767100 ±5 reason=stationary"),
        .init(
            7000, .drop(.liveUpdate(S.tokyo), .serviceSessionRequired),
            "7.000 drop liveUpdates 35.681200,139.767100 ±5 reason=serviceSessionRequired"),
        // delegate
        .init(
            0, .delegate(.didChangeAuthorization(.authorizedWhenInUse)),
            "0.000 delegate locationManager(_:didChangeAuthorization:) authorizedWhenInUse"),
        .init(
            0, .delegate(.locationManagerDidChangeAuthorization(.authorizedAlways, .reducedAccuracy)),
            "0.000 delegate locationManagerDidChangeAuthorization(_:) authorizedAlways reducedAccuracy"),
        .init(
            1000, .delegate(.didUpdateLocations(S.tokyo)),
            "1.000 delegate locationManager(_:didUpdateLocations:) 35.681200,139.767100 ±5"),
        // Several locations in one call: each with its own time, oldest first (issue 43).
        .init(
            30000, .delegate(.didUpdateLocations([(S.tokyo, fixedAt: .seconds(21)), (S.sydney, fixedAt: .seconds(22))])),
            "30.000 delegate locationManager(_:didUpdateLocations:) 35.681200,139.767100 ±5 @21.000 -33.868820,151.209296 ±65 @22.000"
        ),
        .init(
            1500, .delegate(.didUpdateLocations(S.sydney)),
            "1.500 delegate locationManager(_:didUpdateLocations:) -33.868820,151.209296 ±65"),
        .init(
            2, .delegate(.didFailWithError(.denied)),
            "0.002 delegate locationManager(_:didFailWithError:) kCLErrorDenied"),
        .init(
            3000, .delegate(.didStartMonitoring(regionID: "home")),
            "3.000 delegate locationManager(_:didStartMonitoringFor:) home"),
        .init(
            3000, .delegate(.monitoringDidFail(regionID: nil, .regionMonitoringFailure)),
            "3.000 delegate locationManager(_:monitoringDidFailFor:withError:) nil kCLErrorRegionMonitoringFailure"),
        .init(
            3000, .delegate(.monitoringDidFail(regionID: "work", .regionMonitoringDenied)),
            "3.000 delegate locationManager(_:monitoringDidFailFor:withError:) work kCLErrorRegionMonitoringDenied"),
        .init(
            4000, .delegate(.didDetermineState(.inside, regionID: "home")),
            "4.000 delegate locationManager(_:didDetermineState:for:) inside home"),
        .init(
            4000, .delegate(.didEnterRegion(regionID: "home")),
            "4.000 delegate locationManager(_:didEnterRegion:) home"),
        .init(
            4000, .delegate(.didExitRegion(regionID: "home")),
            "4.000 delegate locationManager(_:didExitRegion:) home"),
        .init(
            12000, .delegate(.didVisit(arrival: .ms(12000), departure: nil, S.tokyo)),
            "12.000 delegate locationManager(_:didVisit:) arrival=12.000 departure=distantFuture 35.681200,139.767100 ±5"
        ),
        .init(
            20500, .delegate(.didVisit(arrival: nil, departure: .ms(20500), S.tokyo)),
            "20.500 delegate locationManager(_:didVisit:) arrival=distantPast departure=20.500 35.681200,139.767100 ±5"),
        .init(
            5000, .delegate(.didRange(BeaconConstraint(uuid: S.uuid, major: 1), S.beacon)),
            "5.000 delegate locationManager(_:didRange:satisfying:) \(S.uuid).1 1.2:near"),
        .init(
            5000, .delegate(.didRange(BeaconConstraint(uuid: S.uuid, major: 1, minor: 2), S.beacon)),
            "5.000 delegate locationManager(_:didRange:satisfying:) \(S.uuid).1.2 1.2:near"),
        .init(
            5000, .delegate(.didFailRanging(BeaconConstraint(uuid: S.uuid), .rangingUnavailable)),
            "5.000 delegate locationManager(_:didFailRangingFor:error:) \(S.uuid) kCLErrorRangingUnavailable"),
        .init(6000, .delegate(.didPauseLocationUpdates), "6.000 delegate locationManagerDidPauseLocationUpdates(_:)"),
        .init(6000, .delegate(.didResumeLocationUpdates), "6.000 delegate locationManagerDidResumeLocationUpdates(_:)"),
        // completion
        .init(
            2000, .completion(method: "requestTemporaryFullAccuracyAuthorization", error: .promptDeclined),
            "2.000 completion requestTemporaryFullAccuracyAuthorization error=kCLErrorPromptDeclined"),
        .init(
            2000, .completion(method: "requestTemporaryFullAccuracyAuthorization", error: nil),
            "2.000 completion requestTemporaryFullAccuracyAuthorization error=nil"),
        // prompt
        .init(
            2000,
            .prompt(
                .show(.whenInUse, text: #"We use it "here""#, answers: [.allowWhileUsing, .allowOnce, .dontAllow])),
            #"2.000 prompt show whenInUse "We use it \"here\"" allowWhileUsing,allowOnce,dontAllow"#),
        .init(
            2000, .prompt(.show(.upgrade, text: #"a\b"#, answers: [.keepWhileUsing, .changeToAlways])),
            #"2.000 prompt show upgrade "a\\b" keepWhileUsing,changeToAlways"#),
        .init(
            2000, .prompt(.show(.locationServices, text: "", answers: [])),
            #"2.000 prompt show locationServices """#),
        .init(2500, .prompt(.answer(.allowOnce)), "2.500 prompt answer allowOnce"),
        .init(2500, .prompt(.dismiss), "2.500 prompt dismiss"),
        // app
        .init(0, .app(.launchForeground), "0.000 app launch foreground"),
        .init(0, .app(.launchBackground(.region)), "0.000 app launch background reason=region"),
        .init(0, .app(.foreground), "0.000 app foreground"),
        .init(0, .app(.background), "0.000 app background"),
        .init(0, .app(.suspend), "0.000 app suspend"),
        .init(0, .app(.wake(.location)), "0.000 app wake reason=location"),
        .init(0, .app(.terminate(.user)), "0.000 app terminate reason=user"),
        .init(0, .app(.terminate(.crash)), "0.000 app terminate reason=crash"),
        // auth
        .init(
            3000,
            .auth(
                AuthView(
                    status: .authorizedAlways, settings: .whileUsing, accuracy: .fullAccuracy, provisional: true,
                    temporary: false)),
            "3.000 auth status=authorizedAlways settings=whileUsing accuracy=full provisional"),
        .init(
            3000,
            .auth(
                AuthView(
                    status: .authorizedWhenInUse, settings: .askNextTime, accuracy: .reducedAccuracy,
                    provisional: false, temporary: true)),
            "3.000 auth status=authorizedWhenInUse settings=askNextTime accuracy=reduced temporary"),
        .init(
            3000,
            .auth(
                AuthView(
                    status: .notDetermined, settings: .none, accuracy: .fullAccuracy, provisional: false,
                    temporary: false)),
            "3.000 auth status=notDetermined settings=none accuracy=full"),
        .init(
            3000,
            .auth(
                AuthView(
                    status: .authorizedAlways, settings: .always, accuracy: .fullAccuracy, provisional: true,
                    temporary: true)),
            "3.000 auth status=authorizedAlways settings=always accuracy=full provisional temporary"),
        // inuse, indicator
        .init(1000, .inUseBegin(.backgroundSession), "1.000 inuse begin reason=backgroundSession"),
        .init(5000, .inUseEnd(.graceExpired), "5.000 inuse end reason=graceExpired"),
        .init(5000, .indicator(on: true), "5.000 indicator on"),
        .init(5000, .indicator(on: false), "5.000 indicator off"),
        // hold, drop
        .init(
            7000, .hold(.enter(regionID: "home"), .provisionalAlways), "7.000 hold enter home reason=provisionalAlways"),
        .init(
            7000, .hold(.visitArrive(S.tokyo), .provisionalAlways),
            "7.000 hold visit arrive 35.681200,139.767100 ±5 reason=provisionalAlways"),
        .init(7000, .drop(.enter(regionID: "home"), .notInUse), "7.000 drop enter home reason=notInUse"),
        .init(7000, .drop(.exit(regionID: "home"), .superseded), "7.000 drop exit home reason=superseded"),
        .init(7000, .drop(.fix(S.sydney), .suspended), "7.000 drop fix -33.868820,151.209296 ±65 reason=suspended"),
        .init(
            7000, .drop(.significantChange(S.tokyo), .stale),
            "7.000 drop significantChange 35.681200,139.767100 ±5 reason=stale"),
        .init(
            7000, .drop(.visitDepart(S.tokyo), .keptWhileUsing),
            "7.000 drop visit depart 35.681200,139.767100 ±5 reason=keptWhileUsing"),
        .init(7000, .drop(.beacon(S.beacon), .unavailable), "7.000 drop beacon \(S.uuid) 1.2:near reason=unavailable"),
        .init(
            7000, .drop(.notification(id: "park", entry: false), .notAuthorized),
            "7.000 drop notification park exit reason=notAuthorized"),
        .init(
            7000, .drop(.callback(.didVisit(arrival: .ms(1), departure: .ms(2), S.tokyo)), .notImplemented),
            "7.000 drop locationManager(_:didVisit:) arrival=0.001 departure=0.002 35.681200,139.767100 ±5 reason=notImplemented"
        ),
        .init(
            7000, .drop(.fix(S.tokyo), .reducedAccuracy),
            "7.000 drop fix 35.681200,139.767100 ±5 reason=reducedAccuracy"),
        .init(
            7000, .drop(.fix(S.tokyo), .distanceFilter), "7.000 drop fix 35.681200,139.767100 ±5 reason=distanceFilter"),
        // ids that are not plain words are quoted, so the line still splits into its fields
        .init(7000, .drop(.enter(regionID: "my home"), .notInUse), #"7.000 drop enter "my home" reason=notInUse"#),
        .init(
            4000, .delegate(.didEnterRegion(regionID: #"the "office""#)),
            #"4.000 delegate locationManager(_:didEnterRegion:) "the \"office\"""#),
        .init(
            4000, .delegate(.didDetermineState(.inside, regionID: "a=b")),
            #"4.000 delegate locationManager(_:didDetermineState:for:) inside "a=b""#),
        .init(
            3000, .delegate(.monitoringDidFail(regionID: "nil", .regionMonitoringFailure)),
            #"3.000 delegate locationManager(_:monitoringDidFailFor:withError:) "nil" kCLErrorRegionMonitoringFailure"#),
        .init(8000, .notification(id: "#1 park", entry: true), ##"8.000 notification "#1 park" entry"##),
        // notification, warning, crash
        .init(8000, .notification(id: "park", entry: true), "8.000 notification park entry"),
        .init(
            9000, .warning("This app has attempted to access privacy-sensitive data without a usage description."),
            "9.000 warning This app has attempted to access privacy-sensitive data without a usage description."),
        .init(
            9000, .crash("Invalid parameter not satisfying: !stayUp || CLClientIsBackgroundable(internal->fClient)"),
            "9.000 crash Invalid parameter not satisfying: !stayUp || CLClientIsBackgroundable(internal->fClient)"),
        // react, expect (docs/language.md, "Reactions", "Expectations")
        .init(
            3000,
            .react(ReactionRecord(action: "app startUpdatingLocation", trigger: "didChangeAuthorization", line: 8)),
            "3.000 react \"app startUpdatingLocation\" on=didChangeAuthorization"),
        .init(
            50000,
            .react(
                ReactionRecord(
                    action: "app stopMonitoring \"north gate\"", trigger: "background", line: 19, skipped: .suspended)),
            "50.000 react \"app stopMonitoring \\\"north gate\\\"\" on=background reason=suspended"),
        .init(
            90000,
            .expect(
                FailedExpectation(
                    .none(kind: "drop", words: ["reason=notInUse"], by: nil), at: SourceLocation(line: 6, column: 1),
                    reason: "r")),
            "90.000 expect failed \"expect no drop reason=notInUse\" line=6"),
    ]

    @Test(arguments: cases)
    func line(_ c: LogLineCase) {
        var writer = TextLogWriter()
        writer.write(c.record)
        #expect(writer.text == c.line + "\n")
    }

    @Test func everyKindIsCovered() {
        let kinds = Set(Self.cases.map(\.record.record.kind.name))
        #expect(kinds == Set(RecordFilter.kinds))
    }

    @Test func linesFollowEachOther() {
        var writer = TextLogWriter()
        writer.write(LogRecord(.ms(0), .app(.launchForeground)))
        writer.write(LogRecord(.ms(3_600_001), .indicator(on: true)))
        #expect(writer.text == "0.000 app launch foreground\n3600.001 indicator on\n")
    }

    struct NumberCase: Sendable, CustomTestStringConvertible {
        var latitude: Double
        var longitude: Double
        var accuracy: Double
        var expected: String
        var testDescription: String { expected }
    }

    /// Rounding: `value × 10⁶` (or meters) rounded half away from zero in
    /// double precision; a `-` only when the rounded integer is negative.
    static let numbers: [NumberCase] = [
        .init(latitude: 0.000_000_5, longitude: -0.000_000_5, accuracy: 0.5, expected: "0.000001,-0.000001 ±1"),
        .init(latitude: -0.000_000_4, longitude: -0.0, accuracy: 0.4, expected: "0.000000,0.000000 ±0"),
        .init(latitude: 0.000_000_4_999, longitude: 0.000_001_5, accuracy: 2.5, expected: "0.000000,0.000002 ±3"),
        .init(
            latitude: 89.999_999_6, longitude: -179.999_999_6, accuracy: 4.499_999, expected: "90.000000,-180.000000 ±4"
        ),
        .init(
            latitude: 35.681_234_5, longitude: -122.030_258_49, accuracy: 1e6,
            expected: "35.681235,-122.030258 ±1000000"),
        .init(latitude: -1.5, longitude: 10, accuracy: -1, expected: "-1.500000,10.000000 ±-1"),
        .init(
            latitude: .nan, longitude: .infinity, accuracy: -.infinity,
            expected: "0.000000,9223372036854.775807 ±-9223372036854775808"),
    ]

    @Test(arguments: numbers)
    func coordinatesAndAccuracy(_ c: NumberCase) {
        var writer = TextLogWriter()
        let location = Location(Coordinate(latitude: c.latitude, longitude: c.longitude), accuracy: c.accuracy)
        writer.write(LogRecord(.ms(0), .delegate(.didUpdateLocations(location))))
        #expect(writer.text == "0.000 delegate locationManager(_:didUpdateLocations:) \(c.expected)\n")
    }

    @Test func sixDecimalCoordinatesPrintAsWritten() {
        // A coordinate written with at most six decimals prints exactly as written.
        var random = SplitMix64(seed: 42)
        for _ in 0..<100_000 {
            let micro = Int64(random.next() % 360_000_001) - 180_000_000
            var bytes = ByteBuffer()
            LogBytes.appendFixed6(Double(micro) / 1e6, to: &bytes)
            let sign = micro < 0 ? "-" : ""
            let m = micro.magnitude
            let fraction = String(m % 1_000_000)
            let expected =
                sign + String(m / 1_000_000) + "." + String(repeating: "0", count: 6 - fraction.count) + fraction
            #expect(String(decoding: bytes.array, as: UTF8.self) == expected)
        }
    }

    @Test func everyMillisecondPrintsItsThreeDigits() {
        for millis in 0..<1000 as Range<UInt64> {
            var word = LogBytes.millisWord(millis).littleEndian
            let text = withUnsafeBytes(of: &word) { String(decoding: $0.prefix(4), as: UTF8.self) }
            let plain = String(millis)
            #expect(text == "." + String(repeating: "0", count: 3 - plain.count) + plain)
        }
    }

    @Test func coordinatesOfEveryWidthPrintAsWritten() {
        // One, two and three digits of degrees, at each width's ends.
        for micro: Int64 in [
            0, 1, 999_999, 1_000_000, 9_999_999, 10_000_000, 99_999_999, 100_000_000, 180_000_000, 999_999_999,
        ] {
            for signed in [micro, -micro] {
                var bytes = ByteBuffer()
                LogBytes.appendFixed6(Double(signed) / 1e6, to: &bytes)
                let m = signed.magnitude
                let fraction = String(m % 1_000_000)
                let expected =
                    (signed < 0 ? "-" : "") + String(m / 1_000_000) + "."
                    + String(repeating: "0", count: 6 - fraction.count) + fraction
                #expect(String(decoding: bytes.array, as: UTF8.self) == expected)
            }
        }
    }

    @Test func eightDigitsMatchesStringConversion() {
        var random = SplitMix64(seed: 3)
        for i in 0..<200_000 {
            let n = i < 100_000 ? UInt64(i) : random.next() % 100_000_000
            var word = LogBytes.eightDigits(n).littleEndian
            let text = withUnsafeBytes(of: &word) { String(decoding: $0, as: UTF8.self) }
            let plain = String(n)
            #expect(text == String(repeating: "0", count: 8 - plain.count) + plain)
        }
    }

    @Test func controlBytesInQuotedTextAreKept() {
        // The scenario syntax has only `\"` and `\\`; other bytes pass through.
        var writer = TextLogWriter()
        writer.write(
            LogRecord(.ms(0), .prompt(.show(.legacy, text: "tab\there ünïcode", answers: [.allow, .dontAllow]))))
        #expect(writer.text == "0.000 prompt show legacy \"tab\there ünïcode\" allow,dontAllow\n")
    }

    @Test func flushesToAFileInChunksAndCommits() throws {
        let path = FileIO.temporaryDirectory + "/locsim-text-writer-test-\(UInt64.random(in: 0...UInt64.max)).log"
        defer { unlinkFile(path) }
        var writer = TextLogWriter(output: try OutputBuffer.file(path))
        var expected = ""
        for i in 0..<5000 {
            writer.write(LogRecord(.ms(Int64(i)), .indicator(on: i % 2 == 0)))
            expected += "\(Millis(Int64(i))) indicator \(i % 2 == 0 ? "on" : "off")\n"
        }
        #expect(!FileIO.readFile(path).isSuccess)  // nothing at the target before commit
        try writer.output.commit()
        let written = try FileIO.readFile(path).get()
        #expect(String(decoding: written, as: UTF8.self) == expected)
    }
}
