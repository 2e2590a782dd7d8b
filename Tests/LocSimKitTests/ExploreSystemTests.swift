import Testing

@testable import LocSimKit

/// The system's choices in `locsim explore` (docs/explore.md, "The system's
/// choices"): `system any` lines and `--system-terminations`.
@Suite struct ExploreSystemTests {
    /// Provisional Always with both prompts answered by policies: the
    /// crossing at 100 is held until the upgrade prompt shows.
    static func geofence(_ lines: String) -> String {
        """
        locsim 1
        platform iOS 13.0
        plist NSLocationWhenInUseUsageDescription "Finds stores near you."
        plist NSLocationAlwaysAndWhenInUseUsageDescription "Tells you when you pass a store."
        on prompt whenInUse user allowWhileUsing
        on prompt upgrade user changeToAlways
        expect delegate didEnterRegion store

        0    launch
        1    app requestAlwaysAuthorization
        3    app startMonitoring store 35.0 139.7 100
        5    background

        """ + lines
    }

    static let systemAny = geofence(
        """
        60   system any
        100  enter store
        200  system any

        """)

    static func explore(_ text: String, systemTerminations: Int = 0, merging: Bool = true) throws -> Explore.Report {
        try ExploreTests.explore(text, merging: merging, systemTerminations: systemTerminations)
    }

    /// At 60 the app is suspended: the system ends it or not. At 200 the
    /// upgrade prompt is pending as well: nothing, an ending, or the prompt
    /// (where the app still runs); after an ending at 60 only the prompt.
    @Test func systemAnyOffersWhatTheSystemCanDoThere() throws {
        let p = try #require(try Self.explore(Self.systemAny).platforms.first)
        #expect(p.paths == 3 + 2)
        #expect(
            p.rows.map { $0.shortestPath.map(\.description) } == [
                [], ["200.000 system notBusy"], ["60.000 system terminate", "200.000 system notBusy"],
            ])
        #expect(p.rows.map(\.paths) == [3, 1, 1])
        // Nothing shown, the crossing stays held: the expectation fails.
        #expect(p.rows[0].outcome.failed && !p.rows[1].outcome.failed && !p.rows[2].outcome.failed)
        let ending = p.rows[2].shortestPath[0]
        #expect(ending.event == .systemTerminate && ending.action == nil && ending.line == 13)
        try ExploreClosedLoopTests.everyRowReplays(Self.systemAny, try Self.explore(Self.systemAny))
    }

    /// An ending chosen at a `system any` line is written as the line's
    /// `system terminate`; a `system any` where the system did nothing is
    /// a comment.
    @Test func aSystemAnyCounterexampleNamesWhatTheSystemDid() throws {
        let p = try #require(try Self.explore(Self.systemAny).platforms.first)
        let written = try Explore.counterexample(
            Array(Self.systemAny.utf8), path: p.rows[2].shortestPath, platform: p.platform)
        #expect(
            ExploreClosedLoopTests.uncommented(written, containing: "system") == [
                "60.000 system terminate", "200.000 system notBusy",
            ])
        let idle = try Explore.counterexample(Array(Self.systemAny.utf8), path: [], platform: p.platform)
        #expect(ExploreClosedLoopTests.uncommented(idle, containing: "system").isEmpty)
        #expect(idle.contains("# 60   system any  (locsim explore: no choice here on this path)"))
    }

    /// docs/explore.md: a `system any` line is a line at its time, the timers
    /// due at that instant run before its choice (issue 41). The app in the
    /// background since 1 is suspended at 6.000: a `system any` at 6 ends
    /// it after its suspension, on every path (`expect app suspend` holds);
    /// one at 5.999 ends it before, and that path has no suspension.
    @Test func aSystemAnyRunsTheTimersOfItsInstantFirst() throws {
        func text(_ time: String) -> String {
            """
            locsim 1
            platform iOS 14.0
            expect app suspend

            0 launch
            1 background
            \(time) system any

            """
        }
        let atSuspension = try #require(try Self.explore(text("6")).platforms.first)
        #expect(atSuspension.paths == 2 && atSuspension.rows.allSatisfy { !$0.outcome.failed })
        let before = try #require(try Self.explore(text("5.999")).platforms.first)
        #expect(before.paths == 2)
        #expect(
            before.rows.filter(\.outcome.failed).map { $0.shortestPath.map(\.description) } == [
                ["5.999 system terminate"]
            ])
        #expect(
            try ExploreLimitsTests.documents(
                "the timers and delayed reactions due at that instant run before its choice is made"))
    }

    /// A `system any` where no path gives the system anything to do is the
    /// scenario's mistake; one where some path does is not.
    @Test func aSystemAnyWithNothingToChooseOnEveryPathIsAnError() throws {
        let foreground = """
            locsim 1
            platform iOS 13.0
            0 launch
            5 system any

            """
        #expect {
            try Self.explore(foreground)
        } throws: { error in
            let e = error as? ScenarioError
            return e?.location == SourceLocation(line: 4, column: 3)
                && e?.message.hasPrefix("'system any': the app is neither in the background nor suspended") == true
        }
        // Ended at 60 on one path, the app has nothing left to end at 70 there.
        let twice = """
            locsim 1
            platform iOS 13.0
            0 launch
            5 background
            60 system any
            70 system any

            """
        #expect(try Self.explore(twice).platforms[0].paths == 1 + 2)
    }

    /// `--system-terminations k`: before each line at which the app is
    /// suspended, the system ends it or not, at most `k` times per path;
    /// with `n` such lines on a path that never ends, sum over i ≤ k of
    /// C(n, i) paths at most (an ending changes the lines after it).
    static let suspendedTwice = geofence(
        """
        100  enter store
        200  system notBusy
        300  exit store

        """)

    @Test func suspensionsBecomeChoicePointsUpToK() throws {
        let paths = try (0...3).map { k in try Self.explore(Self.suspendedTwice, systemTerminations: k).platforms[0] }
        // Suspended before 100 and before 200 (the relaunch at 200 runs
        // until the grace ends), and at 300 on every path.
        #expect(paths.map(\.paths) == [1, 4, 6, 6])
        let endings = paths[2].rows.map { $0.shortestPath.map(\.description) }
        #expect(
            endings == [[], ["300.000 system terminate"], ["200.000 system terminate", "300.000 system terminate"]])
        for k in 1...2 {
            let report = try Self.explore(Self.suspendedTwice, systemTerminations: k)
            try ExploreClosedLoopTests.everyRowReplays(Self.suspendedTwice, report)
            let every = try Self.explore(Self.suspendedTwice, systemTerminations: k, merging: false)
            #expect(every.platforms.map(\.rows) == report.platforms.map(\.rows))
            #expect(every.platforms.map(\.paths) == report.platforms.map(\.paths))
        }
    }

    /// An ending at a suspension is written before the line it came
    /// before, at that line's time, with a comment saying why.
    @Test func aSuspensionEndingIsWrittenBeforeItsLine() throws {
        let p = try Self.explore(Self.suspendedTwice, systemTerminations: 1).platforms[0]
        let written = try Explore.counterexample(
            Array(Self.suspendedTwice.utf8), path: p.rows[1].shortestPath, platform: p.platform)
        #expect(
            written.hasSuffix(
                "\n# locsim explore: the app was suspended here; the system ends it (--system-terminations)\n300.000 system terminate\n300  exit store\n"
            ))
    }
}
