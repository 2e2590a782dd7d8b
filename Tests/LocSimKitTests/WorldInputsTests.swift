import Testing

@testable import LocSimKit

/// The world inputs of issue 19 (docs/rules.md §8 "No fix", docs/modern.md):
/// `nofix`, beacon silence, assumed condition states, the user's power settings.
@Suite struct WorldInputsTests {
    typealias S = SimulatorScript

    static let unknown = Record.delegate(.didFailWithError(.locationUnknown))

    // MARK: nofix (docs/rules.md §8, "No fix")

    @Test func outageReportsLocationUnknownOnceToRunningUpdates() throws {
        var s = S()
        try s.launchAuthorized()
        try s.at(3, .app(.startUpdatingLocation))
        #expect(try s.at(10, .noFix(until: nil)) == [Self.unknown])
        #expect(try s.at(11, .noFix(until: nil)) == [], "one outage, one error")
        // The next fix ends it and is delivered.
        #expect(try s.at(12, S.fix(35, 139)) == [.delegate(.didUpdateLocations(S.location(35, 139)))])
    }

    @Test func fixesBeforeUntilAreNotSensed() throws {
        var s = S()
        try s.launchAuthorized()
        try s.at(3, .app(.startUpdatingLocation))
        try s.at(10, .noFix(until: .seconds(20)))
        #expect(try s.at(15, S.fix(35, 139)) == [.drop(.fix(S.location(35, 139)), .locationUnavailable)])
        #expect(try s.at(20, S.fix(35, 139)) == [.delegate(.didUpdateLocations(S.location(35, 139)))])
    }

    @Test func noUpdatesNoError() throws {
        var s = S()
        try s.launchAuthorized()
        #expect(try s.at(10, .noFix(until: nil)) == [])
        #expect(try s.at(11, .app(.startUpdatingLocation)) == [Self.unknown], "starting during an outage reports it")
    }

    @Test func requestLocationFailsAtItsTimeoutWhenNothingIsSensed() throws {
        var s = S { $0.requestLocationTimeout = .seconds(10) }
        try s.launchAuthorized()
        try s.at(3, .noFix(until: .seconds(30)))
        try s.at(4, .app(.requestLocation))
        try s.at(5, S.fix(35, 139))
        #expect(try s.at(14, .app(.stopMonitoringVisits)) == [Self.unknown])
    }

    @Test func aSuspendedAppLosesTheError() throws {
        var s = S { $0.grace = .zero }
        try s.launchAuthorized()
        try s.at(3, .app(.startUpdatingLocation))
        try s.at(4, .background)
        let records = try s.at(100, .noFix(until: nil))
        #expect(records.last == .drop(.callback(.didFailWithError(.locationUnknown)), .suspended))
    }

    @Test func untilMustComeAfterTheLine() throws {
        var s = S()
        try s.at(0, .launch)
        #expect(throws: ScenarioError.self) { try s.at(10, .noFix(until: .seconds(10))) }
    }

    @Test func liveUpdatesFlagLocationUnavailableOnIOS18Only() throws {
        for (major, expected) in [(18, [Record.update(.liveUpdate(nil, [.locationUnavailable]))]), (17, [])] {
            var s = S(Platform(.iOS, major, 0))
            try s.launchAuthorized()
            try s.at(3, .modern(.liveUpdatesStart(.default)))
            #expect(try s.at(10, .noFix(until: nil)) == expected)
            #expect(try s.at(11, .noFix(until: .seconds(30))) == [], "the flags did not change")
            #expect(try s.at(31, S.fix(35, 139)) == [.update(.liveUpdate(S.location(35, 139), []))])
        }
    }

    static func event(_ line: String) throws(ScenarioError) -> Event? {
        var parser = ScenarioParser()
        guard case .timed(let t)? = try parser.parse(line, lineNumber: 1) else { return nil }
        return t.event
    }

    @Test func parsesAndWritesNoFix() throws {
        #expect(try Self.event("1 nofix") == .noFix(until: nil))
        #expect(try Self.event("1 nofix until 00:01:00") == .noFix(until: .seconds(60)))
        #expect(Scenario.text(of: Event.noFix(until: .seconds(60))) == "nofix until 60.000")
        #expect(try Self.event(Scenario.text(of: Event.noFix(until: .seconds(60))).replacing("nofix", with: "1 nofix")) == .noFix(until: .seconds(60)))
        for bad in ["1 nofix 30", "1 nofix until", "1 nofix until +5", "1 nofix until 30 more"] {
            #expect(throws: ScenarioError.self) { try Self.event(bad) }
        }
    }
}
