import Testing

@testable import LocSimKit

/// `Explore`: choice points, merging, outcomes and counterexamples.
@Suite struct ExploreTests {
    /// Asks When In Use, starts updates, gets a fix in the foreground, then
    /// one in the background: each answer ends differently.
    static let request = """
        locsim 1
        platform iOS 14.0
        plist NSLocationWhenInUseUsageDescription "Why"
        0 launch
        1 app requestWhenInUseAuthorization
        3 app startUpdatingLocation
        4 fix 35.0 139.7 5
        10 background
        20 fix 35.1 139.7 5

        """

    /// `launches` launches that each ask, get a fix and end: Allow Once
    /// expires at the end of each, so the next launch asks again; a
    /// Settings choice point between launches.
    static func relaunches(_ launches: Int, platform: String = "iOS 14.0") -> String {
        var text = """
            locsim 1
            platform \(platform)
            plist NSLocationWhenInUseUsageDescription "Why"
            plist NSLocationAlwaysAndWhenInUseUsageDescription "Why always"

            """
        for k in 0..<launches {
            let t = k * 100
            text += "\(t) launch\n\(t + 1) app requestWhenInUseAuthorization\n\(t + 2) app startUpdatingLocation\n"
            text += "\(t + 3) fix 35.0 139.7 5\n\(t + 50) terminate\n"
            if k % 2 == 1 { text += "\(t + 60) user settings any\n" }
        }
        return text
    }

    static func explore(
        _ text: String, platforms: [Platform]? = nil, merging: Bool = true, systemTerminations: Int = 0
    ) throws -> Explore.Report {
        var explore = Explore(platforms: platforms, jobs: 1)
        explore.merging = merging
        explore.systemTerminations = systemTerminations
        return try explore.run(Array(text.utf8))
    }

    @Test func anUnansweredPromptBranchesOnEveryAnswerWithThePreciseSwitch() throws {
        let report = try Self.explore(Self.request)
        let p = try #require(report.platforms.first)
        #expect(p.platform == .iOS(14))
        // allowWhileUsing and allowOnce, each precise on and off; dontAllow without the switch; dismiss.
        #expect(p.paths == 6)
        let paths = p.rows.map { $0.shortestPath.map(\.description) }
        #expect(
            paths == [
                ["1.000 whenInUse allowWhileUsing precise=on"], ["1.000 whenInUse allowWhileUsing precise=off"],
                ["1.000 whenInUse allowOnce precise=on"], ["1.000 whenInUse allowOnce precise=off"],
                ["1.000 whenInUse dontAllow"], ["1.000 whenInUse dismiss"],
            ])
        let once = p.rows[3].outcome
        // Allow Once: the foreground fix arrives; in the background the grace
        // ends at 15 s and Allow Once with it (§7), so the fix at 20 s is dropped.
        #expect(once.deliveredCount("didUpdateLocations") == 1)
        #expect(once.dropped == [Tally.Count(name: "notAuthorized", count: 1)])
        #expect(once.accuracy == .reducedAccuracy && once.authorization == .notDetermined)
        let denied = p.rows[4].outcome
        #expect(denied.authorization == .denied && denied.deliveredCount("didUpdateLocations") == 0)
        #expect(denied.deliveredCount("didFailWithError") == 1)
        // Dismissed: still notDetermined (the request may be made again), both fixes dropped unauthorized.
        let dismissed = p.rows[5].outcome
        #expect(dismissed.authorization == .notDetermined && dismissed.deliveredCount("didUpdateLocations") == 0)
        #expect(dismissed.dropped == [Tally.Count(name: "notAuthorized", count: 2)])
    }

    @Test func theOffersAreThePlatformsOwn() throws {
        let report = try Self.explore(Self.request, platforms: [.iOS(12, 5), .iOS(13)])
        #expect(report.platforms.map(\.paths) == [3, 4])
        #expect(
            report.platforms[0].rows.map { $0.shortestPath.map(\.description) } == [
                ["1.000 whenInUse allow"], ["1.000 whenInUse dontAllow"], ["1.000 whenInUse dismiss"],
            ])
    }

    /// Merging paths that reach the same state changes no result: the same
    /// rows, paths and shortest paths as searching every path to its end.
    @Test func mergingChangesNoResult() throws {
        for text in [Self.relaunches(4), Self.relaunches(3, platform: "iOS 13.0"), Self.request] {
            let merged = try Self.explore(text)
            let every = try Self.explore(text, merging: false)
            #expect(merged.platforms.map(\.rows) == every.platforms.map(\.rows))
            #expect(merged.platforms.map(\.paths) == every.platforms.map(\.paths))
            #expect(merged.platforms[0].states <= every.platforms[0].states)
        }
    }

    /// The work grows with distinct states: twelve launches and six Settings
    /// points are over a million paths.
    @Test func aMillionPathsAreAFewThousandStates() throws {
        let p = try #require(try Self.explore(Self.relaunches(12)).platforms.first)
        #expect(p.paths > 1_000_000)
        #expect(p.states < 20_000)
        #expect(p.rows.reduce(0) { $0 + $1.paths } == p.paths)
    }

    /// Every row's shortest path, written as a plain scenario, replays to
    /// that row's outcome in `locsim run`.
    @Test func counterexamplesReplayToTheirOutcome() throws {
        for text in [
            Self.relaunches(3),
            Self.request.replacingOccurrences(of: "10 background", with: "10 background\n11 app stopUpdatingLocation"),
            Self.withPolicy(Self.relaunches(3), "on prompt whenInUse user allowOnce precise=off"),
            Self.withPolicy(Self.relaunches(2), "on prompt whenInUse user allowWhileUsing"),
        ] {
            let report = try Self.explore(text, platforms: [.iOS(13), .iOS(14)])
            for p in report.platforms {
                for row in p.rows {
                    let plain = try Explore.counterexample(
                        Array(text.utf8), path: row.shortestPath, platform: p.platform)
                    #expect(!plain.contains(" any"))
                    do {
                        let log = try Replay.log(of: Array(plain.utf8))
                        let tally = Tally(log.records)
                        func sorted(_ c: [Tally.Count]) -> [Tally.Count] { c.sorted { $0.name < $1.name } }
                        #expect(row.outcome.error == nil)
                        #expect(sorted(row.outcome.dropped) == sorted(tally.dropped))
                        #expect(sorted(row.outcome.held) == sorted(tally.held))
                        #expect(
                            row.outcome.delivered.reduce(0) { $0 + $1.count } == tally.delivered
                                + tally.authorizationCallbacks)
                        let last = log.records.last { $0.auth != nil }?.auth?.status ?? .notDetermined
                        #expect(last == row.outcome.authorization)
                    } catch {
                        #expect(row.outcome.error?.message == error.message)
                        #expect(row.outcome.error?.location.line == error.location.line)
                    }
                }
            }
        }
    }

    /// `text` with `policy` written after its `platform` line.
    static func withPolicy(_ text: String, _ policy: String) -> String {
        text.replacingOccurrences(of: "platform iOS 14.0\n", with: "platform iOS 14.0\n\(policy)\n")
            .replacingOccurrences(of: "platform iOS 13.0\n", with: "platform iOS 13.0\n\(policy)\n")
    }

    /// A prompt an `on prompt` policy answers is no choice point: the
    /// policy's answer applies on every path, as in `run`.
    @Test func aPromptAPolicyAnswersIsNotAChoicePoint() throws {
        let policy = Self.withPolicy(Self.request, "on prompt whenInUse user allowOnce precise=off")
        let p = try #require(try Self.explore(policy).platforms.first)
        #expect(p.paths == 1)
        let row = try #require(p.rows.first)
        #expect(row.shortestPath.isEmpty)
        // Allow Once without Precise: the same outcome as the branch that chose it.
        #expect(row.outcome.accuracy == .reducedAccuracy && row.outcome.authorization == .notDetermined)
        #expect(row.outcome.deliveredCount("didUpdateLocations") == 1)
        #expect(row.outcome.dropped == [Tally.Count(name: "notAuthorized", count: 1)])
        // Policies for one kind leave the others' prompts as choice points.
        let other = Self.withPolicy(Self.request, "on prompt always user allowWhileUsing")
        #expect(try Self.explore(other).platforms[0].paths == 6)
        // A policy whose answer the prompt never offers is run's error.
        let wrong = Self.withPolicy(Self.request, "on prompt whenInUse user allow")
        let stopped = try #require(try Self.explore(wrong).platforms.first?.rows.first?.outcome.error)
        #expect(stopped.message.contains("no policy for the whenInUse prompt gives one of its answers"))
    }

    @Test func userAnyWithNoPromptIsAnError() throws {
        let text = """
            locsim 1
            platform iOS 14.0
            0 launch
            2 user any

            """
        #expect(
            throws: ScenarioError(
                "'user any': no prompt is on screen here on any path (iOS 14.0); nothing to choose, so no user action "
                    + "is possible: move the line to where the prompt shows, or remove it", line: 4, column: 3)
        ) {
            try Self.explore(text)
        }
        // Where some platform shows the prompt, the others pass the line doing nothing.
        let allowOnceTwice = """
            locsim 1
            platform iOS 13.0
            plist NSLocationWhenInUseUsageDescription "Why"
            0 launch
            1 app requestWhenInUseAuthorization
            2 user any
            10 terminate
            20 launch
            21 app requestWhenInUseAuthorization
            22 user any

            """
        let report = try Self.explore(allowOnceTwice, platforms: [.iOS(12, 5), .iOS(13)])
        // iOS 12: allow, dontAllow, dismiss; only after the dismissal does the second prompt show (3 more).
        // iOS 13: 4 options, and after allowOnce and after dismiss 4 more each.
        #expect(report.platforms.map(\.paths) == [5, 10])
        let plain = try Explore.counterexample(
            Array(allowOnceTwice.utf8), path: report.platforms[0].rows[0].shortestPath, platform: .iOS(12, 5))
        #expect(plain.contains("2.000 user allow\n") && plain.contains("# 22 user any  (locsim explore: no choice"))
        #expect(throws: Never.self) { try Replay.log(of: Array(plain.utf8)) }
        // run needs the action itself.
        #expect(throws: ScenarioError.self) { try Replay.log(of: Array(text.utf8)) }
    }

    @Test func aLineThatAnswersLaterKeepsThePromptForIt() throws {
        let text = Self.request.replacingOccurrences(
            of: "3 app startUpdatingLocation", with: "2 user allowWhileUsing\n3 app startUpdatingLocation")
        let p = try #require(try Self.explore(text).platforms.first)
        #expect(p.paths == 1 && p.rows[0].shortestPath.isEmpty)
        #expect(p.rows[0].outcome.authorization == .authorizedWhenInUse)
    }

    @Test func theStateLimitStopsTheSearch() throws {
        var explore = Explore(jobs: 1, maxStates: 50)
        explore.merging = true
        #expect(throws: ScenarioError.self) { try explore.run(Array(Self.relaunches(12).utf8)) }
    }

    @Test func settingsAnyRangesOverThePlatformsSettings() throws {
        let text = """
            locsim 1
            platform iOS 12.5
            0 user settings any

            """
        let p = try #require(try Self.explore(text).platforms.first)
        // No Always usage key: Settings offers never and whileUsing only (no askNextTime before iOS 13).
        #expect(
            p.rows.map { $0.shortestPath.map(\.description) } == [
                ["0.000 settings never"], ["0.000 settings whileUsing"],
            ])
    }
}
