import Testing

@testable import LocSimKit

/// docs/rules.md §1, §2, §4 on lifecycle edges: macOS, dismissed prompts.
@Suite struct LifecycleRulesTests {
    typealias S = SimulatorScript

    @Test func macOSAppsAreNeverSuspendedAndStayInUse() throws {
        var s = S(Platform(.macOS, 11, 0), plist: ["NSLocationUsageDescription": .string("why")])
        try s.at(0, .launch)
        #expect(
            try s.at(1, .app(.requestLocation)) == [
                .prompt(.show(.legacy, text: "why", answers: [.allow, .dontAllow]))
            ])
        try s.at(2, .user(.answer(.allow, precise: nil)))
        try s.at(3, .background)
        try s.at(1000, S.region("home"))
        #expect(
            try s.at(2000, .enter(regionID: "home")) == [
                .delegate(.didDetermineState(.inside, regionID: "home")), .delegate(.didEnterRegion(regionID: "home")),
            ])
        #expect(s.finish().isEmpty)
        #expect(s.simulator.app == .background && s.simulator.inUse)
    }

    @Test func dismissedTemporaryFullAccuracyPromptCompletesDeclined() throws {
        var s = S(
            Platform(.iOS, 14, 0),
            plist: [
                "NSLocationWhenInUseUsageDescription": .string("w"),
                "NSLocationTemporaryUsageDescriptionDictionary.nav": .string("navigate"),
            ])
        try s.at(0, .launch)
        try s.at(1, .app(.requestWhenInUseAuthorization))
        try s.at(2, .user(.answer(.allowWhileUsing, precise: false)))
        try s.at(3, .app(.requestTemporaryFullAccuracyAuthorization(purposeKey: "nav")))
        #expect(
            try s.at(4, .background) == [
                .app(.background), .prompt(.dismiss),
                .completion(method: "requestTemporaryFullAccuracyAuthorization", error: .promptDeclined),
            ])
    }

    @Test func regionStateIsWithheldUnderReducedAccuracy() throws {
        var s = S(Platform(.iOS, 14, 0))
        try s.at(0, .launch)
        try s.at(1, .app(.requestWhenInUseAuthorization))
        try s.at(2, .user(.answer(.allowWhileUsing, precise: false)))
        #expect(
            try s.at(3, S.region("cafe")) == [
                .delegate(.didStartMonitoring(regionID: "cafe")),
                .drop(.callback(.didDetermineState(.unknown, regionID: "cafe")), .reducedAccuracy),
            ])
    }
}

@Suite struct RegionStateAuthorizationTests {
    typealias S = SimulatorScript

    /// §8: before authorization no region event reaches the app, not even the
    /// state at start, which would reveal the position.
    @Test func regionStateIsWithheldBeforeAuthorization() throws {
        var s = S()
        try s.at(0, .launch)
        try s.at(1, S.fix(35, 139.7))
        #expect(
            try s.at(2, S.region("home")) == [
                .delegate(.didStartMonitoring(regionID: "home")),
                .drop(.callback(.didDetermineState(.inside, regionID: "home")), .notAuthorized),
            ])
        #expect(
            try s.at(3, .app(.requestState(id: "home"))) == [
                .drop(.callback(.didDetermineState(.inside, regionID: "home")), .notAuthorized)
            ])
    }

    /// §4: on iOS 8–10 requestAlwaysAuthorization needs the When In Use key too.
    @Test func alwaysOnIOS9NeedsTheWhenInUseKey() throws {
        var s = S(Platform(.iOS, 9, 3), plist: ["NSLocationAlwaysUsageDescription": .string("a")])
        try s.at(0, .launch)
        let records = try s.at(1, .app(.requestAlwaysAuthorization))
        #expect(records.count == 1)
        if case .warning(let text) = records.first?.event {
            #expect(text.contains("NSLocationWhenInUseUsageDescription"))
        } else {
            Issue.record("expected a warning, got \(records)")
        }
    }
}
