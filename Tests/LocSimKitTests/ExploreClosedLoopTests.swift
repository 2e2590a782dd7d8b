import Testing

@testable import LocSimKit

/// `Explore` through the closed loop: `on` reactions (header and timed,
/// with `after`) and `expect` lines act on every path as in `run`.
@Suite struct ExploreClosedLoopTests {
    /// The provisional-Always geofence with a reaction and two expectations
    /// (Scenarios/explore/geofence-expectations.scn without its comments).
    static let geofence = """
        locsim 1
        platform iOS 13.0
        plist NSLocationWhenInUseUsageDescription "Finds stores near you."
        plist NSLocationAlwaysAndWhenInUseUsageDescription "Tells you when you pass a store."
        on launch app requestAlwaysAuthorization
        expect delegate didEnterRegion store
        expect final auth authorizedAlways

        0    launch
        3    app startMonitoring store 35.0 139.7 100
        5    background
        50   on didEnterRegion store after 1 app requestLocation
        100  enter store
        300  system notBusy
        305  fix 35.0 139.7 5

        """

    /// Relaunches that each ask again after Allow Once (ExploreTests), with
    /// the app starting updates when authorized (a header reaction), asking
    /// for one fix two seconds after each launch (`after`), a timed
    /// reaction from the second launch on, and expectations whose progress
    /// differs between paths that reach the same rule state.
    static func reactive(_ launches: Int, platform: String = "iOS 14.0") -> String {
        ExploreTests.relaunches(launches, platform: platform)
            .replacingOccurrences(
                of: "\n0 launch\n",
                with: """

                    on didChangeAuthorization authorizedWhenInUse app startUpdatingLocation
                    on launch after 2 app requestLocation
                    expect delegate didUpdateLocations by 50
                    expect no drop notAuthorized
                    expect final auth authorizedWhenInUse
                    0 launch

                    """
            )
            .replacingOccurrences(
                of: "150 terminate\n", with: "150 terminate\n150 on background app stopUpdatingLocation\n"
            )
            .split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasSuffix(" app startUpdatingLocation") }.joined(separator: "\n")
    }

    static func explore(_ text: String, platforms: [Platform]? = nil, merging: Bool = true) throws -> Explore.Report {
        try ExploreTests.explore(text, platforms: platforms, merging: merging)
    }

    @Test func eachPathsExpectationsAreCheckedAtItsEnd() throws {
        let p = try #require(try Self.explore(Self.geofence).platforms.first)
        #expect(
            p.rows.map { $0.shortestPath.map(\.description) } == [
                ["0.000 whenInUse allowWhileUsing", "300.000 upgrade keepWhileUsing"],
                ["0.000 whenInUse allowWhileUsing", "300.000 upgrade changeToAlways"],
                ["0.000 whenInUse allowWhileUsing", "300.000 upgrade dismiss"],
                ["0.000 whenInUse allowOnce"], ["0.000 whenInUse dontAllow"], ["0.000 whenInUse dismiss"],
            ])
        // The upgrade prompt dismissed keeps provisional Always: the final status holds, the crossing never comes.
        #expect(
            p.rows.map { $0.outcome.failedExpectations.map(\.location.line) } == [
                [6, 7], [], [6], [6, 7], [6, 7], [6, 7],
            ])
        #expect(p.rows[0].outcome.failedExpectations[1].reason == "the final status is authorizedWhenInUse")
        #expect(p.rows.map(\.outcome.failed) == [true, false, true, true, true, true])
        // The reaction ran on the path that hears of the crossing: the fix it asked for came too late.
        #expect(p.rows[1].outcome.deliveredCount("didEnterRegion") == 1)
        #expect(p.rows[1].outcome.dropped == [Tally.Count(name: "suspended", count: 1)])
        // The shortest path failing each expectation: Allow Once, one choice.
        #expect(p.failingPaths.map(\.expectation.location.line) == [6, 7])
        #expect(
            p.failingPaths.map { $0.path.map(\.description) } == [
                ["0.000 whenInUse allowOnce"], ["0.000 whenInUse allowOnce"],
            ])
    }

    /// Merged paths agree on what the `expect` lines have seen, so merging
    /// changes no result, failed expectations included.
    @Test func mergingWithExpectationsChangesNoResult() throws {
        for text in [Self.reactive(4), Self.reactive(3, platform: "iOS 13.0"), Self.geofence] {
            let merged = try Self.explore(text)
            let every = try Self.explore(text, merging: false)
            #expect(merged.platforms.map(\.rows) == every.platforms.map(\.rows))
            #expect(merged.platforms.map(\.paths) == every.platforms.map(\.paths))
            #expect(merged.platforms[0].states <= every.platforms[0].states)
        }
        let p = try Self.explore(Self.reactive(4)).platforms[0]
        #expect(p.rows.contains { !$0.outcome.failedExpectations.isEmpty })
        #expect(p.rows.contains { $0.outcome.failedExpectations.isEmpty && $0.outcome.error == nil })
        #expect(try Self.explore(Self.reactive(4), merging: false).platforms[0].states > p.states)
    }

    /// Every row's shortest path, as a plain scenario, replays in `run` to
    /// that row: the same counts, final authorization and failed expectations.
    @Test func everyRowIsRunOfItsCounterexample() throws {
        for text in [Self.geofence, Self.reactive(3), Self.reactive(2, platform: "iOS 13.0")] {
            try Self.everyRowReplays(text, try Self.explore(text, platforms: [.iOS(13), .iOS(14), .iOS(26)]))
        }
    }

    /// Each row of `report` (of `text`) is `run` of its shortest path's
    /// counterexample, and each failing path's counterexample fails its line.
    static func everyRowReplays(_ text: String, _ report: Explore.Report) throws {
        for p in report.platforms {
            for row in p.rows {
                let plain = try Explore.counterexample(
                    Array(text.utf8), path: row.shortestPath, platform: p.platform)
                #expect(Self.uncommented(plain, containing: " any").isEmpty)
                let log = try Replay.log(of: Array(plain.utf8))
                var counts = OutcomeCounts()
                for record in log.records { counts.count(record.record) }
                #expect(row.outcome.error == nil)
                #expect(row.outcome.delivered == counts.delivered)
                #expect(row.outcome.held == counts.held && row.outcome.dropped == counts.dropped)
                let last = log.records.last { $0.auth != nil }?.auth?.status ?? .notDetermined
                #expect(last == row.outcome.authorization)
                #expect(log.records.compactMap(\.failedExpectation) == row.outcome.failedExpectations)
            }
            // The counterexample of each failed expectation fails it in run.
            for failing in p.failingPaths {
                let plain = try Explore.counterexample(Array(text.utf8), path: failing.path, platform: p.platform)
                let failed = try Replay.log(of: Array(plain.utf8)).records.compactMap(\.failedExpectation)
                #expect(failed.contains(failing.expectation))
            }
        }
    }

    /// The lines of `text` that are not comments and hold `word`.
    static func uncommented(_ text: String, containing word: String) -> [Substring] {
        text.split(separator: "\n").filter { !$0.hasPrefix("#") && $0.contains(word) }
    }

    /// A policy's answers become timed `user` lines where `run` gives the
    /// same records that way: no `on prompt` is left, and `run` fails the
    /// same expectations (at the same lines) as the path.
    @Test func aPolicyBecomesATimedUserLineWhereThatIsFaithful() throws {
        let text = ExploreTests.withPolicy(Self.geofence, "on prompt whenInUse user allowOnce")
        let p = try Self.explore(text).platforms[0]
        #expect(p.rows.count == 1 && p.rows[0].shortestPath.isEmpty)
        let failing = try #require(p.failingPaths.first)
        let plain = try Explore.counterexample(Array(text.utf8), path: failing.path, platform: p.platform)
        #expect(Self.uncommented(plain, containing: "on prompt").isEmpty)
        #expect(Self.uncommented(plain, containing: "user allowOnce") == ["0.000 user allowOnce"])
        let log = try Replay.log(of: Array(plain.utf8))
        #expect(log.records.compactMap(\.failedExpectation) == p.rows[0].outcome.failedExpectations)
        #expect(!log.records.contains { $0.reaction?.trigger == "prompt" })
    }

    /// Where the plain form would not fail the same way (here the error
    /// that stops the path is the policy's own: its answer is not offered
    /// before iOS 13), the policy stays, with a comment saying why, and
    /// `run` stops with the row's error.
    @Test func aPolicyStaysWhereThePlainFormWouldDiffer() throws {
        let text = ExploreTests.withPolicy(ExploreTests.request, "on prompt whenInUse user allowOnce")
            .replacingOccurrences(of: "platform iOS 14.0", with: "platform iOS 12.5")
        let p = try Self.explore(text).platforms[0]
        let row = try #require(p.rows.first)
        let error = try #require(row.outcome.error)
        let written = try Explore.counterexample(Array(text.utf8), path: row.shortestPath, platform: p.platform)
        #expect(Self.uncommented(written, containing: "on prompt") == ["on prompt whenInUse user allowOnce"])
        #expect(
            written.hasSuffix(
                "# locsim explore: the 'on prompt' lines stay: the error that stops this path is the policy's own (line 3) (docs/explore.md, \"Counterexamples\")\n"
            ))
        var runError: ScenarioError? = nil
        do { _ = try Replay.log(of: Array(written.utf8)) } catch { runError = error }
        #expect(runError?.message == error.message && runError?.location == error.location)
    }

    /// A reaction queued behind the policy's answer at the prompt's instant
    /// (the temporary full-accuracy request of a reaction to a record the
    /// prompt's own instant gave) runs after it with the policy, before it
    /// with a timed line: the policy stays, with a comment naming the first
    /// record that would differ, and `run` replays the path's failure.
    @Test func aPolicyStaysWhereATimedLineWouldAnswerLater() throws {
        let text = """
            locsim 1
            platform iOS 14.0
            plist NSLocationWhenInUseUsageDescription "Why"
            plist NSLocationTemporaryUsageDescriptionDictionary.Nav "Needs precise"
            on prompt whenInUse user allowWhileUsing precise=off
            on launch app requestWhenInUseAuthorization
            on didChangeAuthorization notDetermined app startMonitoring store 35.0 139.7 100
            on didStartMonitoringFor store app requestTemporaryFullAccuracyAuthorization Nav
            expect delegate didEnterRegion nowhere

            0 launch
            2 fix 35.0 139.7 5

            """
        let p = try Self.explore(text).platforms[0]
        let failing = try #require(p.failingPaths.first)
        let written = try Explore.counterexample(Array(text.utf8), path: failing.path, platform: p.platform)
        #expect(
            Self.uncommented(written, containing: "on prompt") == [
                "on prompt whenInUse user allowWhileUsing precise=off"
            ])
        #expect(
            written.hasSuffix(
                "run's records would differ, from the record '0.000 prompt answer allowWhileUsing' on (docs/explore.md, \"Counterexamples\")\n"
            ))
        let log = try Replay.log(of: Array(written.utf8))
        #expect(log.records.compactMap(\.failedExpectation) == [failing.expectation])
    }

    /// Every counterexample `--counterexamples` writes for the shipped
    /// explore scenarios on every platform replays in `run` to the same
    /// failure, and is plain (no `any`, no `on prompt`) unless it says why
    /// its policies stay.
    @Test func everyShippedCounterexampleReplaysToItsFailure() throws {
        for name in try DocumentationTests.files(in: "Scenarios/explore", suffix: ".scn") {
            let text = try DocumentationTests.read(name)
            // Each platform as the scenario's own: `--platforms` translates answers, which `run` does not.
            for platform in Matrix.allPlatforms {
                let own = text.replacingOccurrences(
                    of:
                        "\nplatform \(try #require(text.split(separator: "\n").first { $0.hasPrefix("platform ") }?.dropFirst(9)))\n",
                    with: "\nplatform \(platform)\n")
                try Self.check(own, name: name)
            }
        }
    }

    /// A shipped explore scenario's report on a platform not its own, or
    /// `nil` where a window of it holds nothing on that platform alone (on
    /// macOS no grace timer suspends the app): explore's error.
    static func shipped(_ explore: () throws -> Explore.Report) throws -> Explore.Report? {
        do {
            return try explore()
        } catch let error as ScenarioError where error.message.hasPrefix("this window holds nothing on any path") {
            return nil
        }
    }

    private static func check(_ text: String, name: String) throws {
        do {
            guard let report = try Self.shipped({ try Self.explore(text) }) else { return }
            for p in report.platforms {
                let failures =
                    p.rows.filter { $0.outcome.error != nil }.map {
                        ($0.shortestPath, $0.outcome.error, [FailedExpectation]())
                    }
                    + p.failingPaths.map { ($0.path, nil as ScenarioError?, [$0.expectation]) }
                for (path, error, expectations) in failures {
                    let written = try Explore.counterexample(Array(text.utf8), path: path, platform: p.platform)
                    #expect(Self.uncommented(written, containing: " any").isEmpty)
                    if !Self.uncommented(written, containing: "on prompt").isEmpty {
                        #expect(
                            written.contains("# locsim explore: the 'on prompt' lines stay: "), "\(name) \(p.platform)")
                    }
                    var runError: ScenarioError? = nil
                    var failed: [FailedExpectation] = []
                    do {
                        failed = try Replay.log(of: Array(written.utf8)).records.compactMap(\.failedExpectation)
                    } catch {
                        runError = error
                    }
                    #expect(runError?.message == error?.message, "\(name) \(p.platform)")
                    #expect(expectations.allSatisfy(failed.contains), "\(name) \(p.platform)")
                }
            }
        }
    }

    /// A timed `user` line (or `user any`) for a prompt a policy answers is
    /// `run`'s error on the paths that reach it, through the same check.
    @Test func aPolicyAndAUserLineForTheSamePromptStopThePath() throws {
        let line = ExploreTests.withPolicy(
            ExploreTests.request.replacingOccurrences(
                of: "3 app startUpdatingLocation", with: "2 user allowWhileUsing\n3 app startUpdatingLocation"),
            "on prompt whenInUse user allowOnce")
        var runError: ScenarioError? = nil
        do { _ = try Replay.log(of: Array(line.utf8)) } catch { runError = error }
        let expected = try #require(runError)
        let stopped = try #require(try Self.explore(line).platforms.first?.rows.first?.outcome.error)
        #expect(stopped.message == expected.message && stopped.location == expected.location)
        #expect(stopped.message.contains("is answered by a policy"))
        // A delayed policy leaves the prompt on screen at `user any`: the same error.
        let any = ExploreTests.withPolicy(
            ExploreTests.request.replacingOccurrences(
                of: "3 app startUpdatingLocation", with: "2 user any\n3 app startUpdatingLocation"),
            "on prompt whenInUse after 5 user allowOnce")
        let rows = try Self.explore(any).platforms[0].rows
        #expect(
            !rows.isEmpty && rows.allSatisfy { $0.outcome.error?.message.contains("is answered by a policy") == true })
    }
}
