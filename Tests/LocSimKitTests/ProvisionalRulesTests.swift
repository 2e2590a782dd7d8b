import Testing

@testable import LocSimKit

/// docs/rules.md §6: provisional Always.
@Suite struct ProvisionalRulesTests {
    typealias S = SimulatorScript

    func provisionalInBackground(_ configure: @escaping (inout Parameters) -> Void = { _ in }) throws -> SimulatorScript
    {
        var s = S(Platform(.iOS, 13, 0), plist: AuthorizationRulesTests.both, configure)
        try s.at(0, .launch)
        try s.at(1, .app(.requestAlwaysAuthorization))
        try s.at(2, .user(.answer(.allowWhileUsing, precise: nil)))
        try s.at(3, S.region("home"))
        try s.at(4, .background)
        try s.at(60, .systemNotBusy)  // nothing pending yet: grace ends, the app is suspended
        return s
    }

    @Test func eventsNotInUseAreHeldAndSuperseded() throws {
        var s = try provisionalInBackground()
        #expect(try s.at(100, .enter(regionID: "home")) == [.hold(.enter(regionID: "home"), .provisionalAlways)])
        #expect(
            try s.at(200, .exit(regionID: "home")) == [
                .drop(.enter(regionID: "home"), .superseded), .hold(.exit(regionID: "home"), .provisionalAlways),
            ])
    }

    @Test func upgradePromptShowsOnceAtNotBusy() throws {
        var s = try provisionalInBackground()
        try s.at(100, .enter(regionID: "home"))
        #expect(
            try s.at(101, .systemNotBusy) == [
                .prompt(.show(.upgrade, text: "always", answers: [.keepWhileUsing, .changeToAlways]))
            ])
        try s.at(102, .user(.answer(.keepWhileUsing, precise: nil)))
        try s.at(103, .foreground)
        try s.at(104, .background)
        #expect(
            try s.at(200, .enter(regionID: "home")) == [
                .inUseEnd(.graceExpired), .app(.suspend), .drop(.enter(regionID: "home"), .suspended),
            ])
        #expect(try s.at(201, .systemNotBusy) == [])
    }

    @Test func changeToAlwaysDeliversFreshEventsWakingTheApp() throws {
        var s = try provisionalInBackground()
        try s.at(100, .enter(regionID: "home"))
        try s.at(101, .systemNotBusy)
        #expect(
            try s.at(102, .user(.answer(.changeToAlways, precise: nil))) == [
                .prompt(.answer(.changeToAlways)),
                .auth(
                    AuthView(
                        status: .authorizedAlways, settings: .always, accuracy: .fullAccuracy, provisional: false,
                        temporary: false)),
                .app(.wake(.region)),
                .delegate(.didDetermineState(.inside, regionID: "home")),
                .delegate(.didEnterRegion(regionID: "home")),
            ])
    }

    @Test func keepWhileUsingDropsHeldEventsWithACallbackWhenTheAppRuns() throws {
        var s = try provisionalInBackground()
        try s.at(100, .enter(regionID: "home"))
        try s.at(101, .systemNotBusy)
        #expect(
            try s.at(102, .user(.answer(.keepWhileUsing, precise: nil))) == [
                .prompt(.answer(.keepWhileUsing)),
                .auth(
                    AuthView(
                        status: .authorizedWhenInUse, settings: .whileUsing, accuracy: .fullAccuracy,
                        provisional: false, temporary: false)),
                .drop(.enter(regionID: "home"), .keptWhileUsing),
            ])
        #expect(try s.at(103, .foreground).last == .delegate(.didChangeAuthorization(.authorizedWhenInUse)))
    }

    @Test func oldHeldEventsGoStale() throws {
        var s = try provisionalInBackground { $0.heldEventMaxAge = .seconds(60) }
        try s.at(100, .enter(regionID: "home"))
        try s.at(160, .systemNotBusy)
        let records = try s.at(161, .user(.answer(.changeToAlways, precise: nil)))
        #expect(records.last == .drop(.enter(regionID: "home"), .stale))
    }

    @Test func upgradePromptDelayShowsItWithoutNotBusy() throws {
        var s = try provisionalInBackground { $0.upgradePromptDelay = .seconds(30) }
        try s.at(100, .enter(regionID: "home"))
        let rest = s.finish()
        #expect(
            rest.first
                == LogRecord(
                    .ms(130_000), .prompt(.show(.upgrade, text: "always", answers: [.keepWhileUsing, .changeToAlways])))
        )
    }
}
