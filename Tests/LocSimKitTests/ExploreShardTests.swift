import Testing

@testable import LocSimKit

/// `explore --shard <i>/<n>` and `explore --merge` (docs/explore.md,
/// "Sharded search"), in one process (tests/cli.sh runs each shard in a
/// process of its own).
@Suite struct ExploreShardTests {
    /// The report the files of `n` shards merge to, their prefixes cut
    /// `cut` choices deep (`nil`: as planned).
    static func merged(_ text: String, _ explore: Explore, shards n: Int, cut: Int?) throws -> Result<
        Explore.Report, ScenarioError
    > {
        let files = try (1...n).map { i in
            let shard = try #require(Shard(index: i, count: n))
            let file = try explore.shardFile(Array(text.utf8), name: "x.scn", shard: shard, cut: cut)
            return Explore.ShardInput(name: "part-\(i).jsonl", bytes: Array(file.utf8))
        }
        switch Explore.merge(files, jobs: 1) {
        case .success(let merged): return merged.report
        case .failure(let error): throw error
        }
    }

    /// `merged` renders as `whole` in every format, with its state counts;
    /// or both stop with the same error.
    static func expectSame(
        _ whole: Result<Explore.Report, ScenarioError>, _ merged: Result<Explore.Report, ScenarioError>,
        _ context: String
    ) {
        switch (whole, merged) {
        case (.success(let w), .success(let m)):
            for format in [Explore.Format.text, .markdown, .jsonl] {
                #expect(w.rendered(format, onlyFailing: false) == m.rendered(format, onlyFailing: false), "\(context)")
            }
            #expect(w.platforms.map(\.states) == m.platforms.map(\.states), "\(context)")
        case (.failure(let w), .failure(let m)):
            #expect(w.message == m.message && w.location == m.location, "\(context)")
        default:
            Issue.record("\(context): \(whole) merged as \(merged)")
        }
    }

    /// Cut 0 to 4 choices deep in 2 shards, or 1 and 3 deep in 3 shards,
    /// the shipped explore scenarios and the synthetic flow merge to the
    /// whole search's report, on their own platform and on three others
    /// with the system's endings (tests/cli.sh: 1 to 4 shards as planned).
    @Test func everyCutMergesToTheWholeReport() throws {
        var texts = try DocumentationTests.files(in: "Scenarios/explore", suffix: ".scn").map {
            try DocumentationTests.read($0)
        }
        texts.append(ExploreTests.relaunches(5))
        var others = Explore(platforms: [.init(.iOS, 12, 5), .init(.iOS, 13), .init(.iOS, 17)], jobs: 1)
        others.systemTerminations = 1
        for (t, text) in texts.enumerated() {
            for explore in [Explore(jobs: 1), others] {
                let whole = Result { () throws(ScenarioError) in try explore.run(Array(text.utf8)) }
                for (cut, n) in [(0, 2), (1, 2), (2, 2), (3, 2), (4, 2), (1, 3), (3, 3)] {
                    let merged = try Self.merged(text, explore, shards: n, cut: cut)
                    Self.expectSame(whole, merged, "scenario \(t), cut \(cut), \(n) shards")
                }
            }
        }
    }

    /// Where a limit stops the whole search, the merge stops with its error,
    /// at its place, after as many states, at every cut.
    @Test func limitsStopTheMergeWhereTheyStopTheWholeSearch() throws {
        let text = ExploreTests.relaunches(5)
        for (states, outcomes) in [(1, 1_000_000), (7, 1_000_000), (30, 1_000_000), (100_000, 50), (100_000, 400)] {
            let explore = Explore(jobs: 1, maxStates: states, maxOutcomes: outcomes)
            let whole = Result { () throws(ScenarioError) in try explore.run(Array(text.utf8)) }
            guard case .failure = whole else {
                Issue.record("limits \(states), \(outcomes) did not stop the search")
                continue
            }
            for cut in [0, 1, 3, 5] {
                Self.expectSame(
                    whole, try Self.merged(text, explore, shards: 3, cut: cut),
                    "limits \(states) \(outcomes) cut \(cut)")
            }
        }
    }

    /// A choice point's fingerprint is its key's: equal keys (met on
    /// different paths) give one fingerprint, the distinct keys of a search
    /// distinct ones.
    @Test func fingerprintsTellTheStatesApart() throws {
        let input = try ExploreInput(Array(ExploreTests.relaunches(6).utf8), platform: nil)
        var search = ExploreSearch(input, maxStates: 100_000, maxOutcomes: 1_000_000, progress: nil)
        for cut in 1...4 {
            let keys = search.plan(shards: 1, cut: cut).prefixes.map(\.key)
            let prints = keys.map(ExploreSearch.fingerprint)
            #expect(Set(prints).count == keys.count)
            // The same keys built again, by a search of its own: the same fingerprints.
            var again = ExploreSearch(input, maxStates: 100_000, maxOutcomes: 1_000_000, progress: nil)
            #expect(again.plan(shards: 1, cut: cut).prefixes.map(\.key).map(ExploreSearch.fingerprint) == prints)
            if let hex = prints.first?.hex { #expect(ExploreSearch.Fingerprint(hex: hex) == prints.first) }
        }
    }

    /// A choice point above the cut that a shard met below an earlier
    /// prefix (here: said to be met, with all that follows it) is one the
    /// whole search remembers: the merge finds its outcomes by searching it
    /// again, counting none of its states, and the rows stay the whole search's.
    @Test func aChoicePointAboveTheCutMetBelowIsSearchedWithoutCounting() throws {
        let input = try ExploreInput(Array(ExploreTests.relaunches(4).utf8), platform: nil)
        func search() -> ExploreSearch {
            ExploreSearch(input, maxStates: 100_000, maxOutcomes: 1_000_000, progress: nil)
        }
        var whole = search()
        let outcomes = try whole.run()
        var planner = search()
        let cut = 3
        let prefixes = planner.plan(shards: 1, cut: cut).prefixes
        let above = try #require(planner.plan(shards: 1, cut: 1).prefixes.first)
        var shard = search()
        var split = ExploreSearch.Split(cut: cut, merging: true)
        for (k, part) in shard.shard(prefixes, cut: cut, index: 1, count: 1) {
            split.prefixes[ExploreSearch.fingerprint(prefixes[k].key)] = part
        }
        var met = search()
        for (_, part) in met.shard([above], cut: 1, index: 1, count: 1) {
            for case .enter(let fingerprint, _) in part.log { split.seen.insert(fingerprint) }
        }
        var merge = search()
        merge.split = split
        let merged = try merge.run()
        #expect(
            merged.rows(merge.counts, errors: merge.errors, failures: merge.failures)
                == outcomes.rows(whole.counts, errors: whole.errors, failures: whole.failures))
        #expect(merge.states > 0 && merge.states < whole.states)
    }

    /// A line of a shard's file that is not what the file holds is an error
    /// at its line and column.
    @Test func aBrokenLineIsAnErrorAtItsColumn() throws {
        let explore = Explore(jobs: 1)
        let text = ExploreTests.relaunches(2)
        let file = try explore.shardFile(
            Array(text.utf8), name: "x.scn", shard: try #require(Shard(index: 1, count: 1)))
        var lines = file.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[2] = lines[2].replacingOccurrences(of: "\"cut\":", with: "\"cut\":x")
        let broken = lines.joined(separator: "\n")
        let column = try #require(lines[2].firstIndex(of: "x")).utf16Offset(in: lines[2]) + 1
        guard case .failure(let error) = Explore.merge([.init(name: "p.jsonl", bytes: Array(broken.utf8))], jobs: 1)
        else {
            Issue.record("a broken line merged")
            return
        }
        #expect(error.message == "p.jsonl:3:\(column): error: expected a JSON value")
    }
}
