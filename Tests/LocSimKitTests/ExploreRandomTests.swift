import Testing

@testable import LocSimKit

/// `explore --random <n> --seed <s>` (docs/explore.md, "Random paths").
@Suite struct ExploreRandomTests {
    static func sample(
        _ text: String, _ samples: Int, seed: UInt64, maxOutcomes: Int = Explore.defaultMaxOutcomes
    ) throws -> Explore.Report {
        var explore = Explore(jobs: 1, maxOutcomes: maxOutcomes)
        explore.sampling = Explore.Sampling(samples: samples, seed: seed)
        return try explore.run(Array(text.utf8))
    }

    /// The same seed gives the same report; the samples add up to `n`; and
    /// every sampled outcome is one the exhaustive search finds, with a
    /// shortest path no shorter than its.
    @Test func samplesAreReproducibleAndAmongTheExhaustiveOutcomes() throws {
        let text = ExploreTests.relaunches(2)
        let a = try Self.sample(text, 2_000, seed: 7)
        #expect(a == (try Self.sample(text, 2_000, seed: 7)))
        #expect(a.sampling == Explore.Sampling(samples: 2_000, seed: 7))
        let all = try ExploreTests.explore(text)
        let p = try #require(a.platforms.first)
        let q = try #require(all.platforms.first)
        #expect(p.paths == 2_000)
        #expect(p.sampledOutcomes == p.rows.count)
        #expect(p.rows.reduce(0) { $0 + $1.paths } == 2_000)
        #expect(p.rows.count > 1)
        for row in p.rows {
            let exhaustive = try #require(q.rows.first { $0.outcome == row.outcome }, "\(row.outcome)")
            #expect(row.shortestPath.count >= exhaustive.shortestPath.count)
        }
        #expect(try Self.sample(text, 2_000, seed: 8) != a)
    }

    /// Past 100 outcomes the table lists the 100 most samples reached,
    /// most first (the summary counts them all).
    @Test func theRowsAreTheOutcomesMostSamplesReached() throws {
        let report = try Self.sample(ExploreTests.relaunches(4), 2_000, seed: 7)
        let p = try #require(report.platforms.first)
        let outcomes = try #require(p.sampledOutcomes)
        #expect(outcomes > 100 && p.rows.count == 100)
        #expect(zip(p.rows, p.rows.dropFirst()).allSatisfy { $0.paths >= $1.paths })
        #expect(p.rows.reduce(0) { $0 + $1.paths } < 2_000)
        #expect(report.summary(p) == "iOS 14.0: 2000 sampled paths (seed 7), \(outcomes) outcomes (100 shown)")
    }

    /// Each option of a choice point is drawn about as often as each other:
    /// one prompt with six options (iOS 14: two granting answers with the
    /// Precise switch on and off, Don't Allow, dismissing), six outcomes.
    @Test func eachOptionOfAChoicePointIsEquallyLikely() throws {
        let report = try Self.sample(ExploreTests.request, 6_000, seed: 1)
        let rows = try #require(report.platforms.first).rows
        #expect(rows.count == 6)
        for row in rows {
            #expect(row.paths > 900 && row.paths < 1_100, "\(row.shortestPath.map(\.description)): \(row.paths)")
            #expect(row.shortestPath.count == 1)
        }
    }

    /// The rendered report counts samples, names the seed, and says what
    /// no sampled path reached.
    @Test func theReportCountsSamples() throws {
        let report = try Self.sample(ExploreTests.request, 60, seed: 3)
        let text = report.rendered(.text, onlyFailing: false)
        let lines = text.split(separator: "\n")
        #expect(lines.first?.hasPrefix("platform  samples  auth") == true)
        #expect(lines.contains("iOS 14.0: 60 sampled paths (seed 3), 6 outcomes"))
        #expect(lines.contains("what no sampled path reached:"))
        let json = report.rendered(.jsonl, onlyFailing: false).split(separator: "\n")
        #expect(json.last == "{\"platform\":\"iOS 14.0\",\"samples\":60,\"seed\":3,\"outcomes\":6}")
        #expect(json.first?.hasPrefix("{\"platform\":\"iOS 14.0\",\"samples\":") == true)
    }

    /// Outcomes past `maxOutcomes` stop the sampling with the documented error.
    @Test func tooManyOutcomesStopWithAnError() throws {
        #expect {
            _ = try Self.sample(ExploreTests.request, 100, seed: 1, maxOutcomes: 5)
        } throws: { error in
            (error as? ScenarioError)?.message.hasPrefix(
                "explore stopped on iOS 14.0: more than 5 outcomes (--max-outcomes) after ") == true
        }
    }

    /// A sampled path of more than 2000 choices stops with the limit's error.
    @Test func aPathOfTooManyChoicesStops() throws {
        var text = "locsim 1\nplatform iOS 14.0\nplist NSLocationWhenInUseUsageDescription \"Why\"\n0 launch\n"
        for k in 1...2_001 { text += "\(k) user settings any\n" }
        #expect {
            _ = try Self.sample(text, 1, seed: 1)
        } throws: { error in
            (error as? ScenarioError)?.message == "explore stopped on iOS 14.0: a path of more than 2000 choices"
        }
    }

    /// The failing paths and counterexamples of a sample are those of the
    /// rows: the shortest failing path found replays in `run` to its failure.
    @Test func theShortestFailingSampleReplaysToItsFailure() throws {
        let text = ExploreClosedLoopTests.geofence
        let report = try Self.sample(text, 200, seed: 5)
        let p = try #require(report.platforms.first)
        #expect(!p.failingPaths.isEmpty)
        for failing in p.failingPaths {
            let written = try Explore.counterexample(Array(text.utf8), path: failing.path, platform: p.platform)
            let log = try Replay.log(of: Array(written.utf8))
            #expect(log.records.compactMap(\.failedExpectation).contains(failing.expectation))
        }
    }
}
