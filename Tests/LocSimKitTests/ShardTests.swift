import Testing

@testable import LocSimKit
@testable import LocSimTool

/// `check --shard i/n` and `check --summary jsonl` (docs/ci-shards.md), with
/// `FakeCheck`'s replay: a scenario's log is its text upper-cased.
@Suite struct ShardTests {
    func run(_ inputs: [String], shard: Shard?) throws -> (Check.Summary, [ScenarioResult]) {
        let (summary, _, results) = try FakeCheck.run(inputs, shard: shard)
        return (summary, results)
    }

    @Test func theShardsTogetherCheckEveryScenarioOnceWithTheUnshardedResults() throws {
        let dir = TemporaryFolder()
        defer { dir.remove() }
        FakeCheck.writeSuite(dir)
        let (whole, expected) = try run([dir.path], shard: nil)
        #expect(expected.count == 70 && whole.passed > 0 && whole.failed > 0)
        for count in [1, 2, 3, 7, 100] {
            var union: [ScenarioResult] = []
            var passed = 0
            for index in 1...count {
                let (summary, results) = try run([dir.path], shard: Shard(index: index, count: count))
                #expect(summary.otherShards == 70 - results.count)
                passed += summary.passed
                union += results
            }
            // Each scenario once, with the same result and records; each
            // shard keeps the unsharded order.
            #expect(union.sorted { $0.name < $1.name } == expected.sorted { $0.name < $1.name })
            #expect(passed == whole.passed)
        }
    }

    /// A scenario's shard is a function of its path inside the folder given:
    /// the same tree checked from another place splits the same way.
    @Test func theShardDependsOnlyOnThePathInsideTheCheckedFolder() throws {
        let one = TemporaryFolder()
        let other = TemporaryFolder()
        defer {
            one.remove()
            other.remove()
        }
        FakeCheck.writeSuite(one)
        FakeCheck.writeSuite(other)
        let entries = try ScenarioFinder.entries(in: [one.path])
        #expect(
            entries.contains { $0.path == one.path + "/sub/deeper/s12.scn" && $0.key == "sub/deeper/s12.scn" })
        #expect(try ScenarioFinder.entries(in: [other.path + "/"]).map(\.key) == entries.map(\.key))
        for index in 1...3 {
            let (_, a) = try run([one.path], shard: Shard(index: index, count: 3))
            let (_, b) = try run([other.path + "/"], shard: Shard(index: index, count: 3))
            #expect(
                a.map { $0.name.dropFirst(one.path.count + 1) } == b.map { $0.name.dropFirst(other.path.count + 1) })
        }
        // Pinned (FNV-1a 64 by its definition), so no release moves a scenario.
        #expect(Shard.fnv1a64("quickstart.scn".utf8) == 0x8106_b257_856a_60e2)
        #expect(Shard.fnv1a64("tutorial/run-tracker.scn".utf8) == 0xd825_f820_64ae_8d96)
        #expect(Shard.number(of: "quickstart.scn", count: 4) == 3)
        #expect(Shard.number(of: "tutorial/run-tracker.scn", count: 7) == 7)
    }

    @Test func badShardValuesAreRefusedWithAReason() {
        #expect(Shard.parse("2/4") == .success(Shard(index: 2, count: 4)!))
        #expect(Shard.parse("1/1") == .success(Shard(index: 1, count: 1)!))
        for bad in ["0/4", "5/4", "4", "1/0", "-1/4", "+1/4", "1/4/4", "a/b", " 1/4", "1/", "/4", "", "1/99999999999"] {
            guard case .failure(let error) = Shard.parse(bad) else {
                Issue.record("'\(bad)' was accepted")
                continue
            }
            #expect(error.message.hasPrefix("'--shard' "))
        }
        #expect(
            Shard.parse("0/4")
                == .failure(
                    ShardError(
                        "'--shard' index counts from 1 (1/4 … 4/4), not 0; for a 0-based index such as JOB_COMPLETION_INDEX, add 1"
                    )))
    }

    @Test func summaryLinesGiveNameResultRecordsAndMicroseconds() throws {
        let dir = TemporaryFolder()
        defer { dir.remove() }
        dir.write("a.scn", "one\ntwo\nthree\n")
        dir.write("a.log", "ONE\nTWO\nTHREE\n")
        dir.write("b \"q\".scn", "x\n")
        let (_, results) = try run([dir.path], shard: nil)
        #expect(
            results == [
                ScenarioResult(name: dir.path + "/a.scn", result: .passed, records: 3, microseconds: 0),
                ScenarioResult(name: dir.path + "/b \"q\".scn", result: .failed, records: 1, microseconds: 0),
            ])
        #expect(
            results[1].jsonLine
                == "{\"name\":\"\(dir.path)/b \\\"q\\\".scn\",\"result\":\"failed\",\"records\":1,\"time_us\":0}\n")
        let timed = ScenarioResult(name: "e.scn", result: .updated, records: 0, microseconds: 1830)
        #expect(timed.jsonLine == "{\"name\":\"e.scn\",\"result\":\"updated\",\"records\":0,\"time_us\":1830}\n")
    }
}
