import Testing
@testable import LocSimKit

/// RULES §1, §4, §5, §9: requests, prompts, answers, callbacks by version.
@Suite struct AuthorizationRulesTests {
    typealias S = SimulatorScript
    static let both: [String: PlistValue] = [
        "NSLocationWhenInUseUsageDescription": .string("when"),
        "NSLocationAlwaysAndWhenInUseUsageDescription": .string("always"),
        "NSLocationAlwaysUsageDescription": .string("always-old"),
    ]

    func prompts(_ records: [Record]) -> [PromptRecord] {
        records.compactMap { if case .prompt(let p) = $0 { return p } else { return nil } }
    }

    @Test(arguments: [
        (Platform(.iOS, 8, 0), PromptKind.always, "always-old", [Answer.allow, .dontAllow]),
        (Platform(.iOS, 12, 0), .always, "always", [.allowAlways, .allowWhileUsing, .dontAllow]),
        (Platform(.iOS, 13, 0), .whenInUse, "when", [.allowWhileUsing, .allowOnce, .dontAllow]),
        (Platform(.iOS, 14, 0), .whenInUse, "when", [.allowWhileUsing, .allowOnce, .dontAllow]),
    ])
    func firstAlwaysPromptByVersion(platform: Platform, kind: PromptKind, text: String, answers: [Answer]) throws {
        var s = S(platform, plist: Self.both)
        try s.at(0, .launch)
        let records = try s.at(1, .app(.requestAlwaysAuthorization))
        #expect(prompts(records) == [.show(kind, text: text, answers: answers)])
    }

    @Test func requestOutsideTheForegroundWarnsAndDoesNothing() throws {
        var s = S()
        try s.at(0, .launch)
        try s.at(1, .background)
        let records = try s.at(2, .app(.requestWhenInUseAuthorization))
        #expect(records.count == 1)
        if case .warning = records[0] {} else { Issue.record("expected a warning, got \(records)") }
    }

    @Test func missingKeyWarnsAndDoesNothing() throws {
        var s = S(Platform(.iOS, 13, 0), plist: ["NSLocationWhenInUseUsageDescription": .string("w")])
        try s.at(0, .launch)
        let records = try s.at(1, .app(.requestAlwaysAuthorization))
        #expect(records.count == 1)
        if case .warning(let text) = records[0] {
            #expect(text.contains("NSLocationAlwaysAndWhenInUseUsageDescription"))
        } else { Issue.record("expected a warning") }
        #expect(s.simulator.authorization.grant == .notDetermined)
    }

    @Test func allowWhileUsingFromAlwaysRequestIsProvisional() throws {
        var s = S()
        try s.at(0, .launch)
        try s.at(1, .app(.requestAlwaysAuthorization))
        let records = try s.at(2, .user(.answer(.allowWhileUsing, precise: nil)))
        #expect(records == [
            .prompt(.answer(.allowWhileUsing)),
            .auth(AuthView(status: .authorizedAlways, settings: .whileUsing, accuracy: .full, provisional: true, temporary: false)),
            .delegate(.didChangeAuthorization(.authorizedAlways)),
        ])
    }

    func whenInUseThenAlways(_ platform: Platform) throws -> (SimulatorScript, [Record]) {
        var s = S(platform, plist: Self.both)
        try s.at(0, .launch)
        try s.at(1, .app(.requestWhenInUseAuthorization))
        try s.at(2, .user(.answer(.allowWhileUsing, precise: nil)))
        let records = try s.at(3, .app(.requestAlwaysAuthorization))
        return (s, records)
    }

    @Test func ios13_0EntersProvisionalFromWhenInUse() throws {
        let (_, records) = try whenInUseThenAlways(Platform(.iOS, 13, 0))
        #expect(records == [
            .auth(AuthView(status: .authorizedAlways, settings: .whileUsing, accuracy: .full, provisional: true, temporary: false)),
            .delegate(.didChangeAuthorization(.authorizedAlways)),
        ])
    }

    @Test func ios13_4ShowsTheUpgradePromptAtOnceOneTimeOnly() throws {
        var (s, records) = try whenInUseThenAlways(Platform(.iOS, 13, 4))
        #expect(records == [.prompt(.show(.upgrade, text: "always", answers: [.keepWhileUsing, .changeToAlways]))])
        #expect(try s.at(4, .user(.answer(.keepWhileUsing, precise: nil))) == [.prompt(.answer(.keepWhileUsing))])
        #expect(try s.at(5, .app(.requestAlwaysAuthorization)) == [])
    }

    @Test func ios13_4IgnoresAlwaysRequestAfterAllowOnce() throws {
        var s = S(Platform(.iOS, 13, 4), plist: Self.both)
        try s.at(0, .launch)
        try s.at(1, .app(.requestWhenInUseAuthorization))
        try s.at(2, .user(.answer(.allowOnce, precise: nil)))
        #expect(try s.at(3, .app(.requestAlwaysAuthorization)) == [])
    }

    @Test func ios14UsesTheNewCallbackWhenImplemented() throws {
        var s = S(Platform(.iOS, 14, 0))
        #expect(try s.at(0, .launch).last == .delegate(.locationManagerDidChangeAuthorization(.notDetermined, .full)))
        var old = S(Platform(.iOS, 14, 0), delegate: .all.subtracting(.locationManagerDidChangeAuthorization))
        #expect(try old.at(0, .launch).last == .delegate(.didChangeAuthorization(.notDetermined)))
        var ios13 = S(Platform(.iOS, 13, 0))
        #expect(try ios13.at(0, .launch).last == .delegate(.didChangeAuthorization(.notDetermined)))
    }

    @Test func preciseOffGivesReducedAccuracyOnIOS14() throws {
        var s = S(Platform(.iOS, 14, 0))
        try s.at(0, .launch)
        try s.at(1, .app(.requestWhenInUseAuthorization))
        let records = try s.at(2, .user(.answer(.allowWhileUsing, precise: false)))
        #expect(records.last == .delegate(.locationManagerDidChangeAuthorization(.authorizedWhenInUse, .reduced)))
    }

    @Test func preciseSwitchDoesNotExistBeforeIOS14() throws {
        var s = S(Platform(.iOS, 13, 0))
        try s.at(0, .launch)
        try s.at(1, .app(.requestWhenInUseAuthorization))
        #expect(throws: ScenarioError.self) { try s.at(2, .user(.answer(.allowWhileUsing, precise: false))) }
    }

    @Test func answersNeedAPromptThatOffersThem() throws {
        var s = S()
        try s.at(0, .launch)
        #expect(throws: ScenarioError("'allow': no prompt is on screen to answer", line: 2, column: 1)) {
            try s.at(1, .user(.answer(.allow, precise: nil)))
        }
        try s.at(2, .app(.requestWhenInUseAuthorization))
        #expect(throws: ScenarioError.self) { try s.at(3, .user(.answer(.allowAlways, precise: nil))) }
    }

    @Test func leavingTheForegroundDismissesTheRequestPrompt() throws {
        var s = S()
        try s.at(0, .launch)
        try s.at(1, .app(.requestWhenInUseAuthorization))
        #expect(try s.at(2, .background) == [.app(.background), .prompt(.dismiss)])
        try s.at(3, .foreground)
        #expect(prompts(try s.at(4, .app(.requestWhenInUseAuthorization))).count == 1)
    }

    @Test func legacyStartUpdatingPromptsAndDenialFails() throws {
        var s = S(Platform(.iOS, 7, 0), plist: ["NSLocationUsageDescription": .string("why")])
        #expect(try s.at(0, .launch).last == .delegate(.didChangeAuthorization(.notDetermined)))
        #expect(try s.at(1, .app(.startUpdatingLocation)) == [.prompt(.show(.legacy, text: "why", answers: [.allow, .dontAllow]))])
        #expect(try s.at(2, .user(.answer(.dontAllow, precise: nil))) == [
            .prompt(.answer(.dontAllow)),
            .auth(AuthView(status: .denied, settings: .never, accuracy: .full, provisional: false, temporary: false)),
            .delegate(.didChangeAuthorization(.denied)),
            .delegate(.didFailWithError(.kCLErrorDenied)),
        ])
    }

    @Test func requestApisDoNotExistOnIOS7() throws {
        var s = S(Platform(.iOS, 7, 0))
        try s.at(0, .launch)
        #expect(throws: ScenarioError.self) { try s.at(1, .app(.requestWhenInUseAuthorization)) }
    }

    @Test func settingsChangeWhileSuspendedIsOwedUntilTheAppRuns() throws {
        var s = S()
        try s.at(0, .launch)
        try s.at(1, .app(.requestWhenInUseAuthorization))
        try s.at(2, .user(.answer(.allowWhileUsing, precise: nil)))
        try s.at(3, .background)
        let change = try s.at(100, .user(.settings(.never, precise: nil)))
        #expect(!change.contains { if case .delegate = $0 { return true } else { return false } })
        #expect(try s.at(200, .foreground) == [
            .app(.foreground), .inUseBegin(.foreground), .delegate(.didChangeAuthorization(.denied)),
        ])
    }
}
