import Testing

@testable import LocSimKit

/// What a run warns about at its end (docs/language.md, "Errors, warnings
/// and notes"): fixes no service took, `on` lines that never fired,
/// `expect` deadlines past the end — the silent failures a new user hit.
@Suite struct EndOfRunWarningsTests {
    static func warnings(_ body: String) throws(ScenarioError) -> [String] {
        var reader = LineReader(bytes: Array(("locsim 1\n" + body).utf8))
        var writer = TextLogWriter()
        var report = ReplayReport()
        try Replay.run(&reader, into: &writer, report: &report)
        return report.warnings.map(\.description)
    }

    /// macOS grants Always, so a reaction waiting for When In Use never
    /// starts updates: every fix is unheard, and the `on` line never fires.
    @Test func aFlowThatNeverStartsUpdatesSaysSo() throws {
        let warnings = try Self.warnings(
            """
            platform macOS 14.0
            plist NSLocationUsageDescription "x"
            on didChangeAuthorization authorizedWhenInUse app startUpdatingLocation
            0 launch
            1 app requestWhenInUseAuthorization
            2 user allow
            3 fix 35 139 5
            4 fix 35 139 5
            5 fix 35 139 5
            """)
        #expect(warnings.contains { $0.hasPrefix("<scenario>:4:1: warning: this 'on' line never fired") })
        #expect(warnings.contains { $0.hasPrefix("<scenario>:8:3: warning: 3 fixes reached no running service") })
    }

    /// Fixes before updates start and after they stop count; those
    /// delivered do not, whichever route they take (plain or the rules').
    /// The warning stands at the first one's event word.
    @Test func onlyFixesNoServiceTookAreCounted() throws {
        let warnings = try Self.warnings(
            """
            platform iOS 17.0
            plist NSLocationWhenInUseUsageDescription "x"
            0 launch
            1 fix 35 139 5
            2 app requestWhenInUseAuthorization
            3 user allowWhileUsing
            4 app startUpdatingLocation
            5 fix 35 139 5
            6 fix 35.001 139 5
            7 fix 35.002 139 5
            8 app stopUpdatingLocation
            9 fix 35.003 139 5
            """)
        #expect(
            warnings == [
                "<scenario>:5:3: warning: 2 fixes reached no running service (standard updates, requestLocation, liveUpdates, significant-change monitoring and derived crossings were all off), the first here"
            ])
    }

    @Test func aDeadlinePastTheEndAndAnUnansweredPolicyAreWarned() throws {
        let warnings = try Self.warnings(
            """
            platform iOS 17.0
            plist NSLocationWhenInUseUsageDescription "x"
            on prompt whenInUse user allowWhileUsing
            expect no drop by 100
            0 launch
            """)
        #expect(
            warnings == [
                "<scenario>:4:1: warning: this policy never answered a prompt on iOS 17.0",
                "<scenario>:5:1: warning: the run ends at 0.000, before this expectation's deadline: it was checked over a shorter run than it names",
            ])
    }

    /// Each version's button listed once (docs/matrix.md): the policy for
    /// the button this version does not offer is not warned about when
    /// another policy answered the same prompt (issue 42: every matrix row
    /// said so).
    @Test func anotherVersionsButtonIsNotWarned() throws {
        let warnings = try Self.warnings(
            """
            platform iOS 12.0
            plist NSLocationWhenInUseUsageDescription "x"
            on launch app requestWhenInUseAuthorization
            on prompt whenInUse user allowWhileUsing
            on prompt whenInUse user allow
            on prompt upgrade user changeToAlways
            0 launch
            """)
        // Lines 5 and 6 are one answer for two versions: neither is warned;
        // the upgrade policy never answered anything.
        #expect(warnings == ["<scenario>:7:1: warning: this policy never answered a prompt on iOS 12.0"])
    }

    /// A scenario whose every setup is used warns about nothing.
    @Test func aFlowThatUsesEverythingIsQuiet() throws {
        let warnings = try Self.warnings(
            """
            platform iOS 17.0
            plist NSLocationWhenInUseUsageDescription "x"
            on prompt whenInUse user allowWhileUsing
            on didChangeAuthorization authorizedWhenInUse app startUpdatingLocation
            expect delegate didUpdateLocations by 3
            0 launch
            1 app requestWhenInUseAuthorization
            3 fix 35 139 5
            """)
        #expect(warnings.isEmpty)
    }
}
