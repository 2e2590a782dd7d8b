import Testing

@testable import LocSimKit

/// `Explore` on long and odd input (issue 28, "as hard to break as run"):
/// the documented limits are reached and give their errors, path counts
/// that stopped say so, and what docs/explore.md says of prompts without
/// choices is what the code does.
@Suite struct ExploreLimitsTests {
    static func explore(_ text: String, platforms: [Platform]? = nil, maxOutcomes: Int = Explore.defaultMaxOutcomes)
        throws(ScenarioError)
        -> Explore.Report
    {
        try Explore(platforms: platforms, jobs: 1, maxOutcomes: maxOutcomes).run(Array(text.utf8))
    }

    /// The `ScenarioError` `body` throws; `nil` when it throws none.
    static func error(_ body: () throws -> Void) -> ScenarioError? {
        do { try body() } catch { return error as? ScenarioError }
        return nil
    }

    static let docs = Result { try DocumentationTests.read("docs/explore.md") }

    /// The sentence of docs/explore.md a test checks, whitespace as one space.
    static func documents(_ sentence: String) throws -> Bool {
        let flat = try docs.get().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return flat.contains(sentence)
    }

    @Test func aPathOfMoreThan2000ChoicesIsTheDocumentedError() throws {
        var text = "locsim 1\nplatform iOS 14.0\nplist NSLocationWhenInUseUsageDescription \"Why\"\n0 launch\n"
        for k in 1...2001 { text += "\(k) user settings any\n" }
        // Each line is a choice point: the 2001st is one past the limit, met
        // on the first path followed (a call stack per choice overflowed at 460).
        let error = try #require(Self.error { _ = try Self.explore(text) })
        #expect(error.message == "explore stopped on iOS 14.0: a path of more than 2000 choices")
        #expect(error.location.line == 2005)
        #expect(try Self.documents("or follows a path of more than 2000 choices, stops with"))
    }

    @Test func outcomesKeptAreBoundedWithTheDocumentedError() throws {
        let text = ExploreTests.relaunches(8)
        let all = try Self.explore(text)
        let kept = all.platforms[0].rows.count
        #expect(kept > 10)
        let error = try #require(Self.error { _ = try Self.explore(text, maxOutcomes: 10) })
        #expect(
            error.message.hasPrefix("explore stopped on iOS 14.0: more than 10 outcomes kept (--max-outcomes) after "))
        #expect(error.message.contains("reduce the choices"))
        #expect(try Self.documents("more than `--max-outcomes` outcomes"))
    }

    @Test func aSaturatedPathCountSaysMoreThanAndJSONKeepsItsDigits() throws {
        #expect(Explore.Report.paths(7) == "7")
        #expect(Explore.Report.paths(.max) == "more than 18446744073709551614")
        #expect(Explore.Report.count(.max, "path") == "more than 18446744073709551614 paths")
        #expect(Explore.Report.adding(.max - 1, 5) == .max)
        let outcome = ExploreOutcome(
            authorization: .denied, accuracy: nil, delivered: [], held: [], dropped: [], error: nil,
            failedExpectations: [])
        func report(_ paths: UInt64) -> Explore.Report {
            let row = Explore.Row(outcome: outcome, paths: paths, shortestPath: [])
            return Explore.Report(platforms: [
                Explore.PlatformResult(platform: .iOS(14), rows: [row], paths: paths, states: 1)
            ])
        }
        #expect(
            report(.max).rendered(.text).contains("iOS 14.0: more than 18446744073709551614 paths, 1 distinct state"))
        let json = report(.max).rendered(.jsonl)
        #expect(json.contains("\"paths\":\"18446744073709551615\",\"pathsSaturated\":true"))
        // Exact in a double up to 2^53 − 1; above, a string of the exact digits.
        #expect(report((1 << 53) - 1).rendered(.jsonl).contains("\"paths\":9007199254740991,"))
        #expect(report(1 << 53).rendered(.jsonl).contains("\"paths\":\"9007199254740992\","))
        #expect(!report(1 << 53).rendered(.jsonl).contains("pathsSaturated"))
        #expect(try Self.documents("printed `more than 18446744073709551614`"))
    }

    /// A `user any` after a policy answered the prompt stops every path with
    /// `run`'s error on every platform: skipped silently where the prompt was
    /// gone, "no prompt is on screen" on iOS 12.5, before.
    @Test func userAnyAfterAPolicyStopsEachPathWithRunsError() throws {
        let text = """
            locsim 1
            platform iOS 14.0
            plist NSLocationWhenInUseUsageDescription "Why"
            on prompt whenInUse user allowWhileUsing

            0 launch
            1 app requestWhenInUseAuthorization
            2 user any
            3 app startUpdatingLocation

            """
        let runError = try #require(Self.error { _ = try Replay.log(of: Array(text.utf8)) })
        #expect(runError.message.contains("is answered by a policy") && runError.message.contains("not both"))
        let report = try Self.explore(text, platforms: [.iOS(12, 5), .iOS(14), .iOS(26)])
        for p in report.platforms {
            #expect(p.rows.count == 1)
            let error = try #require(p.rows.first?.outcome.error)
            #expect(error.message == runError.message && error.location == runError.location)
            // Its counterexample keeps the line, and `run` stops there the same
            // way (where the policy's answer is the platform's own: iOS 12.5's
            // is translated, which a counterexample does not do, docs/explore.md).
            guard p.platform.major >= 14 else { continue }
            let cx = try Explore.counterexample(
                Array(text.utf8), path: p.rows[0].shortestPath, platform: p.platform, stoppedAt: error.location.line)
            let replayed = try #require(Self.error { _ = try Replay.log(of: Array(cx.utf8)) })
            #expect(replayed.message == runError.message && replayed.location.line == error.location.line)
        }
        #expect(try Self.documents("A `user any` reached after a policy answered the last prompt stops each such path"))
    }

    /// docs/explore.md: the Location Services alert offers no answer and is
    /// no choice point; `run` rejects `user dismiss` for it.
    @Test func theLocationServicesAlertIsNoChoicePoint() throws {
        let text = """
            locsim 1
            platform iOS 14.0
            plist NSLocationWhenInUseUsageDescription "Why"
            0 user settings locationServices off
            1 launch
            2 app requestWhenInUseAuthorization
            3 app startUpdatingLocation

            """
        let p = try Self.explore(text).platforms[0]
        #expect(p.paths == 1 && p.states == 0 && p.rows.map(\.shortestPath) == [[]])
        let dismissed = text.replacingOccurrences(of: "3 app start", with: "2 user dismiss\n3 app start")
        #expect(Self.error { _ = try Replay.log(of: Array(dismissed.utf8)) } != nil)
        #expect(
            try Self.documents(
                "offers no answer and is no choice point: explore follows no option there, as `run` rejects `user dismiss` for it."
            ))
        #expect(try !Self.documents("the Location Services alert (which offers no answer) included"))
    }

    /// docs/explore.md: Settings offers `askNextTime` from iOS 13, not on macOS.
    @Test func settingsOfferNoAskNextTimeOnMacOS() throws {
        let text = """
            locsim 1
            platform iOS 14.0
            plist NSLocationWhenInUseUsageDescription "Why"
            0 launch
            1 app requestWhenInUseAuthorization
            2 user any
            3 user settings any

            """
        let report = try Self.explore(text, platforms: [.iOS(14), .macOS(14)])
        func settings(_ p: Explore.PlatformResult) -> Set<String> {
            Set(p.rows.flatMap(\.shortestPath).filter { $0.prompt == nil }.map(\.choiceText))
        }
        #expect(settings(report.platforms[0]).contains("settings askNextTime"))
        #expect(!settings(report.platforms[1]).contains("settings askNextTime"))
        #expect(try Self.documents("`askNextTime` (iOS 13+, not on macOS)"))
    }

    /// docs/explore.md: a `user any` line every path stopped before is no error.
    @Test func aUserAnyNoPathReachesIsNoError() throws {
        let text = """
            locsim 1
            platform iOS 14.0
            plist NSLocationWhenInUseUsageDescription "Why"
            0 launch
            1 app requestWhenInUseAuthorization
            2 app startMonitoring store 35.0 139.7 100
            5 user any

            """
        let p = try Self.explore(text, platforms: [.watchOS(26)]).platforms[0]
        #expect(p.rows.count == 1 && p.rows[0].outcome.error?.location.line == 6)
        #expect(
            try Self.documents(
                "A `user any` line that no path reaches at all, because an error stopped every path before it"))
        #expect(try Self.documents("is no error: the rows show what stopped them, and the exit status is 0."))
    }
}
