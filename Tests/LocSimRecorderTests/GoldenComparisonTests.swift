// `locsim compare` over every shipped golden (issue 40, item 4): a golden
// log is what a device whose Core Location follows the rules would show,
// so each golden compares with its own scenario with no disagreement; with
// one rule's parameter changed in the scenario, the first disagreement
// names that parameter.
import Foundation
import LocSimKit
import LocSimTool
import Testing

@Suite struct GoldenComparisonTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every golden the comparer can replay alone: not in errors/, no gpx track.
    static let goldens: [(name: String, scenario: [UInt8], log: [UInt8])] = {
        let folder = root.appendingPathComponent("Scenarios").path
        guard let paths = try? ScenarioFinder.scenarios(in: [folder]) else { return [] }
        return paths.compactMap { path in
            guard !path.contains("/errors/"), let scenario = FileManager.default.contents(atPath: path),
                let log = FileManager.default.contents(atPath: String(path.dropLast(4)) + ".log")
            else { return nil }
            let text = String(decoding: scenario, as: UTF8.self)
            guard !text.split(separator: "\n").contains(where: { $0.split(separator: " ").dropFirst().first == "gpx" })
            else { return nil }
            return (String(path.dropFirst(folder.count + 1)), Array(scenario), Array(log))
        }
    }()

    static func compare(_ scenario: [UInt8], _ log: [UInt8]) throws(ComparisonError) -> Comparison {
        try Comparison.compare(session: scenario, sessionPath: "session.scn", observed: log, observedPath: "golden.log")
    }

    /// The scenario with `set <line>` after its `platform` line (or first),
    /// nil when it sets that parameter itself.
    static func changed(_ scenario: [UInt8], _ setting: String) -> [UInt8]? {
        var lines = String(decoding: scenario, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let name = setting.split(separator: " ")[0]
        if lines.contains(where: { $0.split(separator: " ").prefix(2) == ["set", name] }) { return nil }
        let at = lines.firstIndex { $0.hasPrefix("platform ") }.map { $0 + 1 } ?? 0
        lines.insert("set " + Substring(setting), at: at)
        return Array(lines.joined(separator: "\n").utf8)
    }

    /// The records a device shows its app, as the comparer counts them.
    static func isShown(_ line: LogLine) -> Bool {
        line.kind == "delegate" || line.kind == "completion"
            || (line.kind == "app" && ["launch", "foreground", "background"].contains(line.words.first ?? ""))
    }

    @Test func everyGoldenAgreesWithItsScenario() throws {
        #expect(Self.goldens.count > 150)
        for golden in Self.goldens {
            let comparison = try Self.compare(golden.scenario, golden.log)
            #expect(comparison.disagreements.map(\.text) == [], "\(golden.name)")
            guard case .success(let lines) = LogLine.lines(of: golden.log) else {
                Issue.record("\(golden.name): the golden does not read")
                continue
            }
            #expect(comparison.agreements == lines.filter(Self.isShown).count, "\(golden.name)")
        }
    }

    /// Each parameter, changed: the goldens it changes, and the first
    /// disagreement of each names it.
    @Test(arguments: [
        ("grace 1", "set grace"), ("grace 30", "set grace"), ("reducedInterval 3000", "set reducedInterval"),
    ])
    func aChangedParameterIsTheRuleNamed(setting: String, named: String) throws {
        var changedGoldens = 0
        for golden in Self.goldens {
            guard let scenario = Self.changed(golden.scenario, setting) else { continue }
            let comparison: Comparison
            do { comparison = try Self.compare(scenario, golden.log) } catch { continue }  // no longer replays
            guard let first = comparison.disagreements.first else { continue }
            changedGoldens += 1
            #expect(first.text.contains(named), "\(golden.name): \(first.text)")
        }
        #expect(changedGoldens > 0)
    }

    @Test func aBadObservedLineIsAnErrorAtIt() throws {
        let scenario = Array("locsim 1\nplatform iOS 17.0\n0 launch\n".utf8)
        do {
            _ = try Self.compare(scenario, Array("0.000 app launch foreground\n1.5 delegate x\n".utf8))
            Issue.record("a bad observed line compared")
        } catch {
            #expect(
                error.message
                    == "golden.log:2:1: error: not a log record: '<seconds with 3 decimals> <kind> <detail>' expected")
        }
        #expect(throws: ComparisonError.self) {
            try Self.compare(Array("locsim 1\n0 lanch\n".utf8), [])
        }
    }

    /// `reason=?`, the recorder's background launch: any reason matches,
    /// and it counts as an unknown; a word with another key does not.
    @Test func aKeyedWildcardMatchesAnyValueOfItsKey() throws {
        let golden = try #require(Self.goldens.first { $0.name == "services/geofence-while-terminated.scn" })
        let log = String(decoding: golden.log, as: UTF8.self)
        #expect(log.contains(" app launch background reason=region\n"))
        let unknown = log.replacingOccurrences(of: "reason=region", with: "reason=?")
        let comparison = try Self.compare(golden.scenario, Array(unknown.utf8))
        #expect(comparison.disagreements.map(\.text) == [])
        #expect(comparison.unknowns.count == 2)
        let wrongKey = log.replacingOccurrences(of: "reason=region", with: "cause=?")
        #expect(try Self.compare(golden.scenario, Array(wrongKey.utf8)).disagreements.count == 4)
    }

    @Test func aWildcardMatchesAndCountsAsUnknown() throws {
        let scenario = Array("locsim 1\nplatform iOS 17.0\n0 launch  # unknown: how it launched\n".utf8)
        let comparison = try Self.compare(
            scenario,
            Array("0.030 app launch ?\n0.030 delegate locationManagerDidChangeAuthorization(_:) notDetermined ?\n".utf8)
        )
        #expect(comparison.disagreements.isEmpty)
        #expect(comparison.agreements == 2)
        #expect(comparison.unknowns.count == 3)
        let late = try Self.compare(
            scenario,
            Array(
                "0.051 app launch foreground\n0.000 delegate locationManagerDidChangeAuthorization(_:) notDetermined fullAccuracy\n"
                    .utf8))
        #expect(late.disagreements.count == 1)
        #expect(late.report.hasSuffix("summary: 1 agreement, 1 disagreement, 1 unknown (timing tolerance 50 ms)\n"))
    }
}
