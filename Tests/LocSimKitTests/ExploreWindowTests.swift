import Foundation
import Testing

@testable import LocSimKit

/// Windows of time in `locsim explore` (docs/explore.md, "Windows of
/// time"): `<t1>..<t2> <event>` lines.
@Suite struct ExploreWindowTests {
    /// Allow Once ends at 15.000 (the background grace after 10): the user
    /// comes back at some instant of 12..20.
    static let allowOnce = """
        locsim 1
        platform iOS 14.0
        plist NSLocationWhenInUseUsageDescription "Shows your run."
        on prompt whenInUse user allowOnce
        expect delegate didUpdateLocations

        0    launch
        1    app requestWhenInUseAuthorization
        2    app startUpdatingLocation
        10   background
        12..20 foreground
        21   fix 35.0 139.7 5

        """

    static func explore(_ text: String, merging: Bool = true) throws -> Explore.Report {
        try ExploreTests.explore(text, merging: merging)
    }

    /// The start, the end, and just before and after the grace timer.
    @Test func aWindowTriesTheInstantsThatCanMakeADifference() throws {
        let every = try Self.explore(Self.allowOnce, merging: false).platforms[0]
        #expect(every.paths == 4)
        let p = try Self.explore(Self.allowOnce).platforms[0]
        #expect(p.rows == every.rows)
        #expect(p.rows.map { $0.shortestPath.map(\.description) } == [["12.000 foreground"], ["15.001 foreground"]])
        #expect(p.rows.map(\.outcome.failed) == [false, true])
        let choice = try #require(p.rows.first?.shortestPath.first)
        #expect(choice.event == .foreground && choice.line == 11)
        try ExploreClosedLoopTests.everyRowReplays(Self.allowOnce, p.report)
    }

    /// The instant chosen is written as a line in time order; the window
    /// line becomes a comment.
    @Test func aCounterexamplePicksTheInstant() throws {
        let p = try Self.explore(Self.allowOnce).platforms[0]
        let written = try Explore.counterexample(
            Array(Self.allowOnce.utf8), path: p.rows[1].shortestPath, platform: p.platform)
        #expect(
            written.contains(
                "10   background\n# 12..20 foreground  (locsim explore: at 15.001 on this path)\n15.001 foreground\n21   fix"
            ))
    }

    /// Every instant on a finer grid than explore's — every 10 ms over each
    /// window of the shipped examples, and every millisecond within 5 ms of
    /// each whole second in it — written as a line at that instant, in time
    /// order (after the lines of that time), and explored, reaches only
    /// outcomes the window's search reached, and together they reach all of
    /// them. (Moving the line moves the lines between by one: errors are
    /// compared by message.)
    @Test func aFinerGridFindsNothingMore() throws {
        let names = try DocumentationTests.files(in: "Scenarios/explore", suffix: ".scn")
        var windows = 0
        for name in names {
            let text = try DocumentationTests.read(name)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let times = lines.map { line -> Double? in
                guard line.first?.isNumber == true else { return nil }
                return Double(line.split(separator: " ")[0])
            }
            guard
                let index = lines.firstIndex(where: {
                    $0.first?.isNumber == true && $0.split(separator: " ")[0].contains("..")
                })
            else { continue }
            windows += 1
            let words = lines[index].split(separator: " ", maxSplits: 1)
            let bounds = words[0].split(separator: ".", omittingEmptySubsequences: true)
            let (start, end) = (Int64(bounds[0])! * 1000, Int64(bounds[1])! * 1000)
            let found = try Self.explore(text).platforms[0].rows.map { Self.unplaced($0.outcome) }
            var instants = Set(stride(from: start, through: end, by: 10))
            for second in stride(from: start, through: end, by: 1000) {
                for t in (second - 5)...(second + 5) where t >= start && t <= end { instants.insert(t) }
            }
            var reached: [ExploreOutcome] = []
            for t in instants.sorted() {
                var moved = lines
                moved.remove(at: index)
                let at =
                    moved.indices.first { i in
                        i >= index && (times[i < index ? i : i + 1]).map { $0 * 1000 > Double(t) } == true
                    } ?? moved.count
                moved.insert("\(Millis(t)) " + words[1], at: at)
                for row in try Self.explore(moved.joined(separator: "\n")).platforms[0].rows {
                    let outcome = Self.unplaced(row.outcome)
                    guard !reached.contains(outcome) else { continue }
                    #expect(found.contains(outcome), "\(name) at \(Millis(t)): \(outcome)")
                    reached.append(outcome)
                }
            }
            #expect(found.allSatisfy(reached.contains), "\(name)")
        }
        #expect(windows > 1)
    }

    /// `outcome` with its error's place left out.
    static func unplaced(_ outcome: ExploreOutcome) -> ExploreOutcome {
        var outcome = outcome
        outcome.error = outcome.error.map { ScenarioError($0.message, at: SourceLocation(line: 0, column: 0)) }
        return outcome
    }

    @Test(arguments: [
        ("60..50 foreground", 5, "the window 60.000..50.000 ends before it starts"),
        ("60..60 foreground", 5, "the window 60.000..60.000 is one instant"),
        ("60..+0 foreground", 5, "the window 60.000..60.000 is one instant"),
        ("60.. foreground", 5, "expected a window '<start>..<end>', found '60..'"),
        ("60..70 fix 35.0 139.7", 1, "a window of time takes an event, not a fix"),
        ("60..70 on launch app requestLocation", 1, "a window of time takes an event line"),
        ("60..70 system any", 1, "a window of time takes an event that happens, not a choice point"),
        ("60..70 user any", 1, "a window of time takes an event that happens, not a choice point"),
    ])
    func windowSyntaxErrors(line: String, column: Int, message: String) throws {
        var parser = ScenarioParser()
        #expect {
            _ = try parser.parse(line, lineNumber: 3)
        } throws: { error in
            let e = error as? ScenarioError
            return e?.location == SourceLocation(line: 3, column: column) && e?.message.hasPrefix(message) == true
        }
    }

    /// `60..+10` ends ten seconds after its start.
    @Test func aRelativeEndCountsFromTheStart() throws {
        var parser = ScenarioParser()
        guard case .timed(let s) = try parser.parse("60..+10 foreground", lineNumber: 1) else {
            Issue.record("not a timed line")
            return
        }
        #expect(s.time == Millis(60_000) && s.windowEnd == Millis(70_000) && s.event == .foreground)
    }

    /// `run` needs an instant; explore refuses overlapping windows and a
    /// window inside which nothing happens on any path.
    @Test func windowErrorsNameTheLine() throws {
        #expect {
            _ = try Replay.log(of: Array(Self.allowOnce.utf8))
        } throws: { error in
            let e = error as? ScenarioError
            return e?.location == SourceLocation(line: 11, column: 8)
                && e?.message.hasPrefix(
                    "'12.000..20.000 foreground' is a window of time, a choice for 'locsim explore'")
                    == true
        }
        let overlapping = Self.allowOnce.replacingOccurrences(of: "21   fix 35.0 139.7 5", with: "19..30 terminate")
        #expect {
            try Self.explore(overlapping)
        } throws: { error in
            let e = error as? ScenarioError
            return e?.location.line == 12
                && e?.message.hasPrefix("this window starts before the window of line 11 ends") == true
        }
        let empty = Self.allowOnce.replacingOccurrences(of: "12..20 foreground", with: "16..20 foreground")
        #expect {
            try Self.explore(empty)
        } throws: { error in
            let e = error as? ScenarioError
            return e?.location == SourceLocation(line: 11, column: 8)
                && e?.message.hasPrefix("this window holds nothing on any path (iOS 14.0)") == true
        }
    }
}

extension Explore.PlatformResult {
    /// A report of this platform alone.
    fileprivate var report: Explore.Report { Explore.Report(platforms: [self]) }
}
