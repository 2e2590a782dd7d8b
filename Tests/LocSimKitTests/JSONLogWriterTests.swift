import Foundation  // JSONSerialization, to prove every line parses (tests only)
import Testing

@testable import LocSimKit

@Suite struct JSONLogWriterTests {
    typealias S = LogSamples

    /// Every record kind and delegate method of SPEC §2, as JSON Lines.
    static let cases: [LogLineCase] = [
        .init(
            10000, .update(.liveUpdate(S.tokyo, [.stationary])),
            #"{"t":10.000,"kind":"update","stream":"liveUpdates","lat":35.681200,"lon":139.767100,"accuracy":5,"stationary":true,"authorizationDenied":false,"authorizationDeniedGlobally":false,"authorizationRestricted":false,"authorizationRequestInProgress":false,"insufficientlyInUse":false,"serviceSessionRequired":false,"accuracyLimited":false,"locationUnavailable":false}"#
        ),
        .init(
            11000, .session(.begin(.backgroundActivitySession, .waiting)),
            #"{"t":11.000,"kind":"session","stream":"backgroundActivitySession","action":"begin","state":"waiting"}"#),
        .init(
            12000, .session(.begin(.liveUpdates(.fitness), .effective)),
            #"{"t":12.000,"kind":"session","stream":"liveUpdates","action":"begin","configuration":"fitness","state":"effective"}"#
        ),
        .init(
            20000, .session(.end(.serviceSession(name: "geo", .always), .released)),
            #"{"t":20.000,"kind":"session","stream":"serviceSession","session":"geo","action":"end","reason":"released"}"#
        ),
        .init(
            61000, .update(.earlierLiveUpdate(S.tokyo, [], fixedAt: .seconds(60))),
            #"{"t":61.000,"kind":"update","stream":"liveUpdates","lat":35.681200,"lon":139.767100,"accuracy":5,"stationary":false,"authorizationDenied":false,"authorizationDeniedGlobally":false,"authorizationRestricted":false,"authorizationRequestInProgress":false,"insufficientlyInUse":false,"serviceSessionRequired":false,"accuracyLimited":false,"locationUnavailable":false,"timestamp":60.000}"#
        ),
        .init(
            3000, .update(.backgroundActivitySession([.insufficientlyInUse])),
            #"{"t":3.000,"kind":"update","stream":"backgroundActivitySession","element":"diagnostic","authorizationDenied":false,"authorizationDeniedGlobally":false,"authorizationRestricted":false,"insufficientlyInUse":true,"serviceSessionRequired":false,"authorizationRequestInProgress":false}"#
        ),
        .init(
            0, .delegate(.didChangeAuthorization(.authorizedWhenInUse)),
            #"{"t":0.000,"kind":"delegate","method":"locationManager(_:didChangeAuthorization:)","status":"authorizedWhenInUse"}"#
        ),
        .init(
            0, .delegate(.locationManagerDidChangeAuthorization(.authorizedAlways, .reducedAccuracy)),
            #"{"t":0.000,"kind":"delegate","method":"locationManagerDidChangeAuthorization(_:)","status":"authorizedAlways","accuracyAuthorization":"reducedAccuracy"}"#
        ),
        // Several locations in one call (docs/log-format.md, issue 43): one `locations` array.
        .init(
            30000, .delegate(.didUpdateLocations([(S.tokyo, fixedAt: .seconds(21)), (S.sydney, fixedAt: .seconds(22))])),
            #"{"t":30.000,"kind":"delegate","method":"locationManager(_:didUpdateLocations:)","locations":[{"lat":35.681200,"lon":139.767100,"accuracy":5,"timestamp":21.000},{"lat":-33.868820,"lon":151.209296,"accuracy":65,"timestamp":22.000}]}"#
        ),
        .init(
            12500, .delegate(.didUpdateLocations(S.sydney)),
            #"{"t":12.500,"kind":"delegate","method":"locationManager(_:didUpdateLocations:)","lat":-33.868820,"lon":151.209296,"accuracy":65}"#
        ),
        .init(
            2, .delegate(.didFailWithError(.denied)),
            #"{"t":0.002,"kind":"delegate","method":"locationManager(_:didFailWithError:)","error":"kCLErrorDenied"}"#),
        .init(
            3000, .delegate(.didStartMonitoring(regionID: "home")),
            #"{"t":3.000,"kind":"delegate","method":"locationManager(_:didStartMonitoringFor:)","region":"home"}"#),
        .init(
            3000, .delegate(.monitoringDidFail(regionID: nil, .regionMonitoringFailure)),
            #"{"t":3.000,"kind":"delegate","method":"locationManager(_:monitoringDidFailFor:withError:)","region":"nil","error":"kCLErrorRegionMonitoringFailure"}"#
        ),
        .init(
            4000, .delegate(.didDetermineState(.outside, regionID: "home")),
            #"{"t":4.000,"kind":"delegate","method":"locationManager(_:didDetermineState:for:)","regionState":"outside","region":"home"}"#
        ),
        .init(
            4000, .delegate(.didEnterRegion(regionID: "home")),
            #"{"t":4.000,"kind":"delegate","method":"locationManager(_:didEnterRegion:)","region":"home"}"#),
        .init(
            4000, .delegate(.didExitRegion(regionID: "home")),
            #"{"t":4.000,"kind":"delegate","method":"locationManager(_:didExitRegion:)","region":"home"}"#),
        .init(
            12000, .delegate(.didVisit(arrival: .ms(12000), departure: nil, S.tokyo)),
            #"{"t":12.000,"kind":"delegate","method":"locationManager(_:didVisit:)","arrival":12.000,"departure":"distantFuture","lat":35.681200,"lon":139.767100,"accuracy":5}"#
        ),
        .init(
            20500, .delegate(.didVisit(arrival: nil, departure: .ms(20500), S.tokyo)),
            #"{"t":20.500,"kind":"delegate","method":"locationManager(_:didVisit:)","arrival":"distantPast","departure":20.500,"lat":35.681200,"lon":139.767100,"accuracy":5}"#
        ),
        .init(
            5000, .delegate(.didRange(BeaconConstraint(uuid: S.uuid, major: 1), S.beacon)),
            #"{"t":5.000,"kind":"delegate","method":"locationManager(_:didRange:satisfying:)","constraint":"\#(S.uuid).1","major":1,"minor":2,"proximity":"near"}"#
        ),
        .init(
            5000, .delegate(.didFailRanging(BeaconConstraint(uuid: S.uuid), .rangingUnavailable)),
            #"{"t":5.000,"kind":"delegate","method":"locationManager(_:didFailRangingFor:error:)","constraint":"\#(S.uuid)","error":"kCLErrorRangingUnavailable"}"#
        ),
        .init(
            6000, .delegate(.didPauseLocationUpdates),
            #"{"t":6.000,"kind":"delegate","method":"locationManagerDidPauseLocationUpdates(_:)"}"#),
        .init(
            6000, .delegate(.didResumeLocationUpdates),
            #"{"t":6.000,"kind":"delegate","method":"locationManagerDidResumeLocationUpdates(_:)"}"#),
        .init(
            2000, .completion(method: "requestTemporaryFullAccuracyAuthorization", error: .promptDeclined),
            #"{"t":2.000,"kind":"completion","method":"requestTemporaryFullAccuracyAuthorization","error":"kCLErrorPromptDeclined"}"#
        ),
        .init(
            2000,
            .prompt(
                .show(.whenInUse, text: #"We use it "here""#, answers: [.allowWhileUsing, .allowOnce, .dontAllow])),
            #"{"t":2.000,"kind":"prompt","action":"show","prompt":"whenInUse","text":"We use it \"here\"","answers":["allowWhileUsing","allowOnce","dontAllow"]}"#
        ),
        .init(
            2000, .prompt(.show(.locationServices, text: "", answers: [])),
            #"{"t":2.000,"kind":"prompt","action":"show","prompt":"locationServices","text":"","answers":[]}"#),
        .init(
            2500, .prompt(.answer(.allowOnce)), #"{"t":2.500,"kind":"prompt","action":"answer","answer":"allowOnce"}"#),
        .init(2500, .prompt(.dismiss), #"{"t":2.500,"kind":"prompt","action":"dismiss"}"#),
        .init(0, .app(.launchForeground), #"{"t":0.000,"kind":"app","action":"launch","state":"foreground"}"#),
        .init(
            0, .app(.launchBackground(.visit)),
            #"{"t":0.000,"kind":"app","action":"launch","state":"background","reason":"visit"}"#),
        .init(0, .app(.suspend), #"{"t":0.000,"kind":"app","action":"suspend"}"#),
        .init(0, .app(.terminate(.system)), #"{"t":0.000,"kind":"app","action":"terminate","reason":"system"}"#),
        .init(
            3000,
            .auth(
                AuthView(
                    status: .authorizedAlways, settings: .whileUsing, accuracy: .fullAccuracy, provisional: true,
                    temporary: false)),
            #"{"t":3.000,"kind":"auth","status":"authorizedAlways","settings":"whileUsing","accuracyAuthorization":"full","provisional":true,"temporary":false}"#
        ),
        .init(1000, .inUseBegin(.foreground), #"{"t":1.000,"kind":"inuse","action":"begin","reason":"foreground"}"#),
        .init(5000, .inUseEnd(.graceExpired), #"{"t":5.000,"kind":"inuse","action":"end","reason":"graceExpired"}"#),
        .init(5000, .indicator(on: false), #"{"t":5.000,"kind":"indicator","state":"off"}"#),
        .init(
            7000, .hold(.enter(regionID: "home"), .provisionalAlways),
            #"{"t":7.000,"kind":"hold","event":"enter","region":"home","reason":"provisionalAlways"}"#),
        .init(
            7000, .drop(.fix(S.tokyo), .notInUse),
            #"{"t":7.000,"kind":"drop","event":"fix","lat":35.681200,"lon":139.767100,"accuracy":5,"reason":"notInUse"}"#
        ),
        .init(
            7000, .drop(.visitArrive(S.tokyo), .stale),
            #"{"t":7.000,"kind":"drop","event":"visit","phase":"arrive","lat":35.681200,"lon":139.767100,"accuracy":5,"reason":"stale"}"#
        ),
        .init(
            7000, .drop(.beacon(S.beacon), .unavailable),
            #"{"t":7.000,"kind":"drop","event":"beacon","uuid":"\#(S.uuid)","major":1,"minor":2,"proximity":"near","reason":"unavailable"}"#
        ),
        .init(
            7000, .drop(.callback(.didExitRegion(regionID: "home")), .notImplemented),
            #"{"t":7.000,"kind":"drop","method":"locationManager(_:didExitRegion:)","region":"home","reason":"notImplemented"}"#
        ),
        .init(
            8000, .notification(id: "park", entry: false),
            #"{"t":8.000,"kind":"notification","id":"park","direction":"exit"}"#),
        .init(9000, .warning("no key"), #"{"t":9.000,"kind":"warning","message":"no key"}"#),
        .init(9000, .crash(#"say "no"\"#), #"{"t":9.000,"kind":"crash","message":"say \"no\"\\"}"#),
        .init(
            3000,
            .react(ReactionRecord(action: "user allowWhileUsing", trigger: "prompt", line: 5, skipped: .noPrompt)),
            #"{"t":3.000,"kind":"react","do":"user allowWhileUsing","on":"prompt","reason":"noPrompt"}"#),
        .init(
            9000, .expect(FailedExpectation(.finalAuth(.denied), at: SourceLocation(line: 4, column: 1), reason: "r")),
            #"{"t":9.000,"kind":"expect","result":"failed","expectation":"expect final auth denied","line":"4"}"#),
    ]

    @Test(arguments: cases)
    func line(_ c: LogLineCase) throws {
        var writer = JSONLogWriter()
        writer.write(c.record)
        #expect(writer.text == c.line + "\n")
        // And it is valid JSON, with t, kind and (for delegate records) method.
        let object = try JSONSerialization.jsonObject(with: Data(c.line.utf8)) as? [String: Any]
        #expect(object?["t"] is NSNumber)
        #expect(object?["kind"] as? String == c.record.record.kind.name)
        if case .delegate = c.record.record.event { #expect(object?["method"] is String) }
    }

    @Test func everyKindIsCovered() {
        #expect(Set(Self.cases.map(\.record.record.kind.name)) == Set(RecordFilter.kinds))
    }

    @Test func escapesQuotesBackslashesAndControlCharacters() throws {
        var writer = JSONLogWriter()
        let text = "q\" b\\ nl\n tab\t bell\u{07} esc\u{1B} del\u{7F} é 東京 \u{2028}"
        writer.write(LogRecord(.ms(0), .warning(text)))
        #expect(
            writer.text
                == #"{"t":0.000,"kind":"warning","message":"q\" b\\ nl\u000a tab\u0009 bell\u0007 esc\u001b del"#
                + "\u{7F} é 東京 \u{2028}\"}\n")
        let line = writer.text.dropLast()
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        #expect(object?["message"] as? String == text)
    }
}
