import Testing

@testable import LocSimKit

/// docs/rules.md §1, §4, §5, §9: requests, prompts, answers, callbacks by version.
@Suite struct AuthorizationRulesTests {
    typealias S = SimulatorScript
    static let both: [String: PlistValue] = [
        "NSLocationWhenInUseUsageDescription": .string("when"),
        "NSLocationAlwaysAndWhenInUseUsageDescription": .string("always"),
        "NSLocationAlwaysUsageDescription": .string("always-old"),
    ]

    func prompts(_ records: [Record]) -> [PromptRecord] {
        records.compactMap { if case .prompt(let p) = $0.event { return p } else { return nil } }
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
        if case .warning = records[0].event {} else { Issue.record("expected a warning, got \(records)") }
    }

    @Test func missingKeyWarnsAndDoesNothing() throws {
        var s = S(Platform(.iOS, 13, 0), plist: ["NSLocationWhenInUseUsageDescription": .string("w")])
        try s.at(0, .launch)
        let records = try s.at(1, .app(.requestAlwaysAuthorization))
        #expect(records.count == 1)
        if case .warning(let text) = records[0].event {
            #expect(text.contains("NSLocationAlwaysAndWhenInUseUsageDescription"))
        } else {
            Issue.record("expected a warning")
        }
        #expect(s.simulator.authorization.grant == .notDetermined)
    }

    @Test func allowWhileUsingFromAlwaysRequestIsProvisional() throws {
        var s = S()
        try s.at(0, .launch)
        try s.at(1, .app(.requestAlwaysAuthorization))
        let records = try s.at(2, .user(.answer(.allowWhileUsing, precise: nil)))
        #expect(
            records == [
                .prompt(.answer(.allowWhileUsing)),
                .auth(
                    AuthView(
                        status: .authorizedAlways, settings: .whileUsing, accuracy: .fullAccuracy, provisional: true,
                        temporary: false)),
                .delegate(.didChangeAuthorization(.authorizedAlways)),
            ])
    }

    func whenInUseThenAlways(_ platform: Platform) throws -> (SimulatorScript, [Record]) {
        var s = S(platform, plist: Self.both)
        try s.launchAuthorized()
        let records = try s.at(3, .app(.requestAlwaysAuthorization))
        return (s, records)
    }

    @Test func ios13_0EntersProvisionalFromWhenInUse() throws {
        let (_, records) = try whenInUseThenAlways(Platform(.iOS, 13, 0))
        #expect(
            records == [
                .auth(
                    AuthView(
                        status: .authorizedAlways, settings: .whileUsing, accuracy: .fullAccuracy, provisional: true,
                        temporary: false)),
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
        try s.launchAuthorized(.allowOnce)
        #expect(try s.at(3, .app(.requestAlwaysAuthorization)) == [])
    }

    @Test func ios14UsesTheNewCallbackWhenImplemented() throws {
        var s = S(Platform(.iOS, 14, 0))
        #expect(
            try s.at(0, .launch).last
                == .delegate(.locationManagerDidChangeAuthorization(.notDetermined, .fullAccuracy)))
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
        #expect(
            records.last == .delegate(.locationManagerDidChangeAuthorization(.authorizedWhenInUse, .reducedAccuracy)))
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
        #expect(
            try s.at(1, .app(.startUpdatingLocation)) == [
                .prompt(.show(.legacy, text: "why", answers: [.allow, .dontAllow]))
            ])
        #expect(
            try s.at(2, .user(.answer(.dontAllow, precise: nil))) == [
                .prompt(.answer(.dontAllow)),
                .auth(
                    AuthView(
                        status: .denied, settings: .never, accuracy: .fullAccuracy, provisional: false, temporary: false
                    )),
                .delegate(.didChangeAuthorization(.denied)),
                .delegate(.didFailWithError(.denied)),
            ])
    }

    @Test func requestApisDoNotExistOnIOS7() throws {
        var s = S(Platform(.iOS, 7, 0))
        try s.at(0, .launch)
        #expect(throws: ScenarioError.self) { try s.at(1, .app(.requestWhenInUseAuthorization)) }
    }

    @Test func settingsChangeWhileSuspendedIsOwedUntilTheAppRuns() throws {
        var s = S()
        try s.launchAuthorized()
        try s.at(3, .background)
        let change = try s.at(100, .user(.settings(.never, precise: nil)))
        #expect(!change.contains { if case .delegate = $0.event { return true } else { return false } })
        #expect(
            try s.at(200, .foreground) == [
                .app(.foreground), .inUseBegin(.foreground), .delegate(.didChangeAuthorization(.denied)),
            ])
    }

    // Fixes made while writing Scenarios/authorization.

    /// docs/rules.md §4: only a missing key or a request outside the foreground warns;
    /// a request while a prompt is on screen does nothing, silently.
    @Test func requestWhilePromptOnScreenDoesNothingWithoutWarning() throws {
        var s = S(Platform(.iOS, 13, 4), plist: Self.both)
        try s.at(0, .launch)
        try s.at(1, .app(.requestWhenInUseAuthorization))
        #expect(try s.at(2, .app(.requestWhenInUseAuthorization)) == [])
        #expect(try s.at(3, .app(.requestAlwaysAuthorization)) == [])
    }

    /// docs/rules.md §8, §2: the kCLErrorDenied owed with a denial made while the app
    /// was suspended comes with the owed callback.
    @Test func denialWhileSuspendedFailsRunningUpdatesOnResume() throws {
        var s = S()
        try s.launchAuthorized()
        try s.at(3, .app(.startUpdatingLocation))
        try s.at(4, .background)
        try s.at(20, .user(.settings(.never, precise: nil)))
        #expect(
            try s.at(30, .foreground) == [
                .app(.foreground), .inUseBegin(.foreground), .delegate(.didChangeAuthorization(.denied)),
                .delegate(.didFailWithError(.denied)),
            ])
        // Changed and changed back while suspended: the app hears nothing.
        try s.at(31, .background)
        try s.at(50, .user(.settings(.whileUsing, precise: nil)))
        try s.at(51, .user(.settings(.never, precise: nil)))
        #expect(try s.at(60, .foreground) == [.app(.foreground), .inUseBegin(.foreground)])
    }

    func temporaryFullAccuracy() throws -> SimulatorScript {
        var plist = Self.both
        plist["NSLocationTemporaryUsageDescriptionDictionary.Nav"] = .string("nav")
        var s = S(Platform(.iOS, 14, 0), plist: plist)
        try s.at(0, .launch)
        try s.at(1, .app(.requestWhenInUseAuthorization))
        try s.at(2, .user(.answer(.allowWhileUsing, precise: false)))
        try s.at(3, .app(.requestTemporaryFullAccuracyAuthorization(purposeKey: "Nav")))
        try s.at(4, .user(.answer(.allowOnce, precise: nil)))
        #expect(s.simulator.authorization.accuracy(on: RulesVersion(Platform(.iOS, 14, 0))) == .fullAccuracy)
        return s
    }

    /// docs/rules.md §10 (choice): an explicit Precise setting, or a Settings choice
    /// that removes access, ends temporary full accuracy.
    @Test func explicitSettingsEndTemporaryFullAccuracy() throws {
        var off = try temporaryFullAccuracy()
        #expect(
            try off.at(5, .user(.precise(false))) == [
                .auth(
                    AuthView(
                        status: .authorizedWhenInUse, settings: .whileUsing, accuracy: .reducedAccuracy,
                        provisional: false, temporary: false)),
                .delegate(.locationManagerDidChangeAuthorization(.authorizedWhenInUse, .reducedAccuracy)),
            ])
        var on = try temporaryFullAccuracy()
        #expect(
            try on.at(5, .user(.precise(true))) == [
                .auth(
                    AuthView(
                        status: .authorizedWhenInUse, settings: .whileUsing, accuracy: .fullAccuracy,
                        provisional: false, temporary: false))
            ])
        var never = try temporaryFullAccuracy()
        #expect(
            try never.at(5, .user(.settings(.never, precise: nil))) == [
                .auth(
                    AuthView(
                        status: .denied, settings: .never, accuracy: .reducedAccuracy, provisional: false,
                        temporary: false)),
                .delegate(.locationManagerDidChangeAuthorization(.denied, .reducedAccuracy)),
            ])
        // Nothing is left to expire when in use ends.
        try never.at(6, .background)
        #expect(never.finish().map(\.record) == [.inUseEnd(.graceExpired), .app(.suspend)])
    }

    /// docs/rules.md §1: a Settings choice the platform's Settings app does not offer is a scenario error.
    @Test(arguments: [
        (Platform(.iOS, 12, 4), SettingsChoice.askNextTime),
        (Platform(.tvOS, 14, 0), .always),
        (Platform(.macOS, 11, 0), .whileUsing),
        (Platform(.macOS, 11, 0), .askNextTime),
        (Platform(.iOS, 7, 0), .whileUsing),
    ])
    func settingsChoicesThePlatformLacksAreErrors(platform: Platform, choice: SettingsChoice) throws {
        var s = S(platform)
        try s.at(0, .launch)
        #expect(throws: ScenarioError.self) { try s.at(1, .user(.settings(choice, precise: nil))) }
    }

    @Test(arguments: [
        (Platform(.iOS, 13, 0), SettingsChoice.askNextTime),
        (Platform(.tvOS, 14, 0), .whileUsing),
        (Platform(.macOS, 11, 0), .always),
        (Platform(.iOS, 7, 0), .never),
    ])
    func settingsChoicesThePlatformOffersAreAccepted(platform: Platform, choice: SettingsChoice) throws {
        var s = S(platform)
        try s.at(0, .launch)
        try s.at(1, .user(.settings(choice, precise: nil)))
    }

    /// Apple, SDK availability: macOS's request APIs arrived in 10.15, requestLocation in 10.14;
    /// UNLocationNotificationTrigger does not exist on macOS.
    @Test func macOSAvailabilityFollowsMacOSVersions() throws {
        var old = S(Platform(.macOS, 10, 14))
        try old.at(0, .launch)
        #expect(throws: ScenarioError.self) { try old.at(1, .app(.requestWhenInUseAuthorization)) }
        try old.at(2, .app(.requestLocation))
        var new = S(Platform(.macOS, 10, 15), plist: ["NSLocationUsageDescription": .string("u")])
        try new.at(0, .launch)
        #expect(
            prompts(try new.at(1, .app(.requestAlwaysAuthorization))) == [
                .show(.legacy, text: "u", answers: [.allow, .dontAllow])
            ])
        let region = CircularRegion(id: "r", center: Coordinate(latitude: 35, longitude: 139.7), radius: 100)
        #expect(throws: ScenarioError.self) { try new.at(2, .app(.addLocationNotification(region, repeats: false))) }
    }

    /// From 26 every platform shares iOS's number.
    @Test func platformsShareIOSNumbersFrom26() {
        #expect(RulesVersion(Platform(.watchOS, 11, 0)).major == 18)
        #expect(RulesVersion(Platform(.watchOS, 26, 0)).major == 26)
        #expect(RulesVersion(Platform(.macOS, 15, 0)).major == 18)
        #expect(RulesVersion(Platform(.macOS, 26, 0)).major == 26)
    }
}
