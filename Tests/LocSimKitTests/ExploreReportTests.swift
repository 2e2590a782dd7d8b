import Foundation
import Testing

@testable import LocSimKit

/// The explore report read at `--all` (issue 28, items 1 and 3): the
/// digest, the short `failed` column and its notes, `--only-failing`, one
/// counterexample per line and distinct path, `--format dot`, `expect
/// sometimes`, and what no path reached.
@Suite struct ExploreReportTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func scenario(_ name: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent("Scenarios/explore/\(name).scn"), encoding: .utf8)
    }

    static func explore(_ text: String, platforms: [Platform]? = Matrix.allPlatforms, graph: Bool = false) throws
        -> Explore.Report
    {
        var explore = Explore(platforms: platforms, jobs: 1)
        explore.graph = graph
        return try explore.run(Array(text.utf8))
    }

    /// The failed expectations `run` reports for `text`.
    static func runFailures(_ text: String) throws -> [FailedExpectation] {
        var reader = LineReader(bytes: Array(text.utf8))
        var writer = TextLogWriter()
        var report = ReplayReport()
        try Replay.run(&reader, into: &writer, report: &report)
        return report.failedExpectations
    }

    static let names = ["allow-once-asks-again", "geofence-expectations", "policy-allow-once", "provisional-geofence"]

    @Test func theDigestGroupsEachFailedLineOverThePlatforms() throws {
        let report = try Self.explore(try Self.scenario("geofence-expectations"))
        let digest = report.digest
        // One line per failed `expect` line, then one per place an error stopped paths.
        let failing = Explore.FailingPath.byLine(report)
        #expect(failing.map(\.shortest.expectation.location.line) == [41, 42])
        #expect(digest.count == failing.count + 2)
        for line in failing {
            let platforms = report.platforms.filter { p in
                p.rows.contains {
                    $0.outcome.failedExpectations.contains {
                        $0.location.line == line.shortest.expectation.location.line
                    }
                }
            }
            #expect(line.platforms == platforms.map(\.platform))
        }
        #expect(digest[0].hasPrefix("expect 41:1 fails on 14 platforms — "))
        #expect(digest[0].hasSuffix("; shortest: iOS 8.0 (no choice)"))
        #expect(digest[0].contains("dontAllow") && digest[0].contains("dismiss") && !digest[0].contains("precise="))
        #expect(digest[2] == "stopped at 40:15 on 2 platforms; shortest: iOS 7.0 (no choice)")
        #expect(report.rendered(.text).hasPrefix(digest.joined(separator: "\n") + "\n\n"))
    }

    @Test func theFailedColumnIsShortAndItsNotesSayWhy() throws {
        let report = try Self.explore(try Self.scenario("geofence-expectations"))
        let text = report.rendered(.text)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let header = try #require(lines.firstIndex { $0.hasPrefix("platform ") })
        let start = try #require(lines[header].range(of: "failed"))
        let end = try #require(lines[header].range(of: "shortest path"))
        let width = lines[header].distance(from: start.lowerBound, to: end.lowerBound)
        #expect(width <= 25)
        for p in report.platforms {
            for row in p.rows {
                for f in row.outcome.failedExpectations {
                    let note = "] \(f.location.line):\(f.location.column): expect \(f.expectation.text) (\(f.reason))"
                    #expect(text.contains(note))
                }
                if let error = row.outcome.error {
                    #expect(text.contains("] \(error.location.line):\(error.location.column): \(error.message)\n"))
                }
            }
        }
        // Each note once.
        let notes = lines.filter { $0.hasPrefix("[") }
        #expect(Set(notes.map { $0.drop { $0 != " " } }).count == notes.count)
    }

    @Test func onlyFailingKeepsTheFailingRowsAndEverySummary() throws {
        let report = try Self.explore(try Self.scenario("provisional-geofence"))
        let all = report.rendered(.text, onlyFailing: false)
        let failing = report.rendered(.text, onlyFailing: true)
        let rows = failing.split(separator: "\n").filter { line in
            report.platforms.contains { line.hasPrefix($0.platform.description + " ") }
        }
        let failedRows = report.platforms.flatMap(\.rows).filter(\.outcome.failed)
        #expect(rows.count == failedRows.count && failedRows.count == 3)
        for p in report.platforms { #expect(failing.contains(report.summary(p) + "\n")) }
        #expect(all.count > failing.count)
        let json = report.rendered(.jsonl, onlyFailing: true).split(separator: "\n")
        #expect(json.count == failedRows.count + report.platforms.count)
    }

    @Test func oneCounterexamplePerLineAndDistinctPath() throws {
        let text = try Self.scenario("geofence-expectations")
        let report = try Self.explore(text)
        let files = report.counterexamples
        var perPlatform = 0
        for p in report.platforms {
            perPlatform += p.failingPaths.count + p.rows.filter { $0.outcome.error != nil }.count
        }
        #expect(files.count < perPlatform)
        var keys = Set<String>()
        for file in files {
            let place = file.suffix.hasPrefix("expect") ? file.suffix : "\(file.stoppedAt ?? 0)"
            #expect(keys.insert(place + " " + Explore.Report.path(file.path)).inserted)
            let plain = try Explore.counterexample(
                Array(text.utf8), path: file.path, platform: file.platform, stoppedAt: file.stoppedAt)
            // Each platform it stands for fails the same line with the same choices.
            for platform in [file.platform] + file.alsoOn where file.stoppedAt == nil {
                let line = Int(file.suffix.dropFirst("expect-".count))
                let p = try #require(report.platforms.first { $0.platform == platform })
                #expect(p.failingPaths.contains { $0.expectation.location.line == line && $0.path == file.path })
            }
            if file.stoppedAt == nil {
                let line = Int(file.suffix.dropFirst("expect-".count))
                #expect(try Self.runFailures(plain).contains { $0.location.line == line })
            }
        }
        // The iOS 8–10 paths (no choice) are one file.
        let noChoice41 = files.filter { $0.suffix == "expect-41" && $0.path.isEmpty }
        #expect(
            noChoice41.count == 1 && noChoice41[0].platform == .iOS(8) && noChoice41[0].alsoOn == [.iOS(9), .iOS(10)])
    }

    /// Paths from the start to the ends, counted over the graph's edges.
    static func pathCount(_ g: ExploreGraph) -> UInt64 {
        var memo: [Int: UInt64] = [:]
        func count(_ t: ExploreGraph.Target) -> UInt64 {
            switch t {
            case .end: return 1
            case .choice(let i):
                if let known = memo[i] { return known }
                let n = g.edges.filter { $0.from == i }.reduce(UInt64(0)) { $0 + count($1.to) }
                memo[i] = n
                return n
            }
        }
        return g.edges.filter { $0.from == nil }.reduce(0) { $0 + count($1.to) }
    }

    @Test func theDotGraphHasEveryChoicePointOptionAndPath() throws {
        for name in Self.names {
            let report = try Self.explore(try Self.scenario(name), graph: true)
            let dot = report.rendered(.dot, onlyFailing: false)
            #expect(dot.hasPrefix("digraph explore {\n") && dot.hasSuffix("}\n"))
            var declared = Set<String>()
            var edges: [(String, String)] = []
            for line in dot.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                if let arrow = line.range(of: " -> ") {
                    let from = String(line[..<arrow.lowerBound])
                    let to = String(line[arrow.upperBound...].prefix { $0 != " " && $0 != ";" })
                    edges.append((from, to))
                } else if line.hasPrefix("p"), let space = line.firstIndex(of: " "), line.contains("[shape=") {
                    declared.insert(String(line[..<space]))
                }
            }
            for (from, to) in edges {
                #expect(declared.contains(from) && declared.contains(to), "\(name): \(from) -> \(to)")
            }
            for (k, p) in report.platforms.enumerated() {
                let g = try #require(p.graph)
                // As many paths through the graph as the search counted.
                #expect(Self.pathCount(g) == p.paths, "\(name) \(p.platform)")
                #expect(g.choicePoints.count == p.states)
                // Every choice point has its options as edges, each once.
                for i in g.choicePoints.indices {
                    let options = g.edges.filter { $0.from == i }.map(\.option)
                    #expect(!options.isEmpty && Set(options).count == options.count)
                }
                #expect(edges.filter { $0.0.hasPrefix("p\(k)_") }.count == g.edges.count)
            }
        }
        // Without `graph`, none is kept.
        #expect(try Self.explore(try Self.scenario("provisional-geofence")).platforms.allSatisfy { $0.graph == nil })
    }

    static let sometimes = """
        locsim 1
        platform iOS 13.0
        plist NSLocationWhenInUseUsageDescription "Finds stores near you."
        plist NSLocationAlwaysAndWhenInUseUsageDescription "Tells you when you pass a store."
        expect sometimes delegate didEnterRegion store
        expect sometimes final auth denied

        0    launch
        1    app requestAlwaysAuthorization
        3    app startMonitoring store 35.0 139.7 100
        5    background
        100  enter store
        300  system notBusy

        """

    @Test func sometimesHoldsWhenSomePathMeetsIt() throws {
        let report = try Self.explore(Self.sometimes, platforms: [.iOS(9), .iOS(13), .tvOS(26)])
        let (ios9, ios13, tvos) = (report.platforms[0], report.platforms[1], report.platforms[2])
        // iOS 13: one path delivers the crossing, one ends denied: both hold;
        // the rows are those of the flow without the lines.
        #expect(ios13.failingPaths.isEmpty)
        let plain = try Self.explore(
            Self.sometimes.replacingOccurrences(of: "expect sometimes", with: "# expect sometimes"),
            platforms: [.iOS(13)])
        #expect(ios13.rows == plain.platforms[0].rows)
        // iOS 9 never prompts (no iOS 8–10 Always key): no path meets either line.
        #expect(ios9.failingPaths.map(\.expectation.location.line) == [5, 6])
        #expect(
            ios9.failingPaths.allSatisfy {
                $0.reachedEnd && $0.expectation.reason.hasPrefix("on no path; on the shortest: ")
            })
        #expect(ios9.failingPaths[0].expectation.expectation.text == "sometimes delegate didEnterRegion store")
        #expect(ios9.rows.allSatisfy { $0.outcome.failedExpectations.isEmpty })
        // tvOS: every path stops with an error: a finding, with no file of its own.
        #expect(tvos.failingPaths.count == 2 && tvos.failingPaths.allSatisfy { !$0.reachedEnd })
        #expect(tvos.failingPaths[0].expectation.reason == "on no path: every path stopped with an error")
        #expect(report.counterexamples.filter { $0.suffix.hasPrefix("expect") }.map(\.platform) == [.iOS(9), .iOS(9)])
        #expect(
            report.digest.first
                == "expect 5:1 (sometimes) is met on no path on 2 platforms; shortest: iOS 9.0 (no choice)")
        let json = report.rendered(.jsonl)
        #expect(
            json.contains(
                "{\"platform\":\"iOS 9.0\",\"paths\":1,\"states\":0,\"outcomes\":1,\"sometimesFailed\":[{\"line\":5,"))
        #expect(!json.contains("{\"platform\":\"iOS 13.0\",\"paths\":6,\"states\":2,\"outcomes\":6,\"sometimes"))
    }

    @Test func runChecksSometimesOnItsOnePath() throws {
        // Answered Don't Allow: the crossing is not delivered, the status is denied.
        let denied = Self.sometimes.replacingOccurrences(
            of: "3    app start", with: "2    user dontAllow\n3    app start")
        let failed = try Self.runFailures(denied)
        #expect(failed.map(\.location.line) == [5])
        #expect(
            failed[0].expectation == .sometimes(.some(kind: "delegate", words: ["didEnterRegion", "store"], by: nil)))
        #expect(failed[0].reason == "no delegate record contains 'didEnterRegion store'")
        let whileUsing = Self.sometimes.replacingOccurrences(
            of: "3    app start", with: "2    user allowWhileUsing\n3    app start")
        #expect(try Self.runFailures(whileUsing).map(\.location.line) == [5, 6])
    }

    @Test func sometimesParsesBeforeEveryForm() throws {
        for (line, text) in [
            ("expect sometimes no drop reason=notAuthorized by 50", "sometimes no drop reason=notAuthorized by 50.000"),
            ("expect sometimes final accuracy full", "sometimes final accuracy full"),
        ] {
            let scenario = "locsim 1\nplatform iOS 14.0\n\(line)\n0 launch\n"
            let failed = try Self.runFailures(scenario)
            #expect(failed.allSatisfy { $0.expectation.text == text })
        }
        var reader = LineReader(bytes: Array("locsim 1\nexpect sometimes\n".utf8))
        var writer = TextLogWriter()
        var report = ReplayReport()
        #expect(throws: ScenarioError.self) { try Replay.run(&reader, into: &writer, report: &report) }
    }

    @Test func theReportEndsWithWhatNoPathReached() throws {
        for name in Self.names {
            let report = try Self.explore(try Self.scenario(name))
            let text = report.rendered(.text)
            #expect(text.hasSuffix("\nwhat no path reached:\n" + report.neverReached.map { "  " + $0 + "\n" }.joined()))
            let rows = report.platforms.flatMap(\.rows)
            let dropped = Set(rows.flatMap(\.outcome.dropped).map(\.name))
            let line = try #require(report.neverReached.first { $0.hasPrefix("no drop for: ") })
            let never = Set(line.dropFirst("no drop for: ".count).split(separator: ", ").map(String.init))
            #expect(never.isDisjoint(with: dropped))
            // Without an error row, every reason is either dropped on a row or listed.
            if !rows.contains(where: { $0.outcome.error != nil }) {
                #expect(never.union(dropped) == Set(DropReason.allCases.map(\.description)))
            }
        }
        let geofence = try Self.explore(try Self.scenario("provisional-geofence"), platforms: nil)
        #expect(
            geofence.neverReached.contains(
                "no prompt shown of: always, temporaryFullAccuracy, legacy, locationServices"))
        #expect(geofence.neverReached.contains("no region event under: denied"))
        let policy = try Self.explore(try Self.scenario("policy-allow-once"), platforms: nil)
        #expect(
            policy.neverReached.last
                == "no path answered: whenInUse allowWhileUsing, whenInUse dontAllow, whenInUse dismiss")
    }
}
