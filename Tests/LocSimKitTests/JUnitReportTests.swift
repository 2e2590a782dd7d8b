import Testing

@testable import LocSimKit
@testable import LocSimTool

/// `check --junit` and `explore --junit` (docs/ci-shards.md, "JUnit
/// reports"): the counts, the grouping, the failures' text, and escaping of
/// every character XML 1.0 cannot hold as it is.
@Suite struct JUnitReportTests {
    @Test func markupControlCharactersAndNonUTF8BytesAreEscaped() {
        #expect(JUnitReport.escaped("a<b>&\"c\"") == "a&lt;b&gt;&amp;&quot;c&quot;")
        #expect(JUnitReport.escaped("x]]>y", attribute: false) == "x]]&gt;y")
        #expect(JUnitReport.escaped("\u{1B}[31m\u{0}\u{7}", attribute: false) == "\\u{1B}[31m\\u{00}\\u{07}")
        #expect(JUnitReport.escaped("\u{FFFE}\u{FFFF}") == "\\u{FFFE}\\u{FFFF}")
        // A file name's byte 0xFF that is not UTF-8, as SystemPath keeps it.
        #expect(JUnitReport.escaped(SystemPath.string([0x61, 0xFF])) == "a\\xFF")
        // Text keeps tabs and line feeds; attributes keep them as references.
        #expect(JUnitReport.escaped("a\tb\nc\r", attribute: false) == "a\tb\nc&#13;")
        #expect(JUnitReport.escaped("a\tb\nc\r") == "a&#9;b&#10;c&#13;")
        #expect(JUnitReport.escaped("é 日本 🚲") == "é 日本 🚲")
    }

    @Test func secondsHaveThreeDecimals() {
        #expect(JUnitReport.seconds(0) == "0.000")
        #expect(JUnitReport.seconds(1830) == "0.002")
        #expect(JUnitReport.seconds(12_345_678) == "12.346")
    }

    @Test func countsAddUpFromCasesToSuitesToTheRoot() {
        let report = JUnitReport(
            name: "t",
            suites: [
                .init(
                    name: "a",
                    cases: [
                        .init(name: "1", classname: "a", file: "a/1", microseconds: 1000, result: .passed),
                        .init(
                            name: "2", classname: "a", file: "a/2", microseconds: 2000,
                            result: .failed(message: "m", details: "d")),
                    ]),
                .init(name: "b", cases: [.init(name: "3", classname: "b", file: "b/3", result: .skipped("s"))]),
            ])
        let xml = report.xml
        #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"t\" tests=\"3\" failures=\"1\" errors=\"0\" skipped=\"1\" time=\"0.003\">\n"))
        #expect(xml.contains("<testsuite name=\"a\" tests=\"2\" failures=\"1\" errors=\"0\" skipped=\"0\" time=\"0.003\">"))
        #expect(xml.contains("<testsuite name=\"b\" tests=\"1\" failures=\"0\" errors=\"0\" skipped=\"1\" time=\"0.000\">"))
        #expect(xml.contains("<failure message=\"m\" type=\"failure\">d</failure>"))
        #expect(xml.contains("<skipped message=\"s\"/>"))
        // LOCSIM_JUNIT_TIMES=0: every time 0.000, the rest the same.
        var untimed = report
        untimed.times = false
        var zeroed = report
        for i in zeroed.suites.indices {
            for j in zeroed.suites[i].cases.indices { zeroed.suites[i].cases[j].microseconds = 0 }
        }
        #expect(untimed.xml == zeroed.xml && untimed.xml != xml)
    }

    /// A suite per folder in the order found, a case per scenario, the
    /// failure's message its first line about the scenario and its text the
    /// whole diff; scenarios another shard checks are skipped.
    @Test func checkGroupsScenariosByFolderAndSkipsOtherShards() throws {
        let dir = TemporaryFolder()
        defer { dir.remove() }
        dir.write("a.scn", "one\n")
        dir.write("a.log", "ONE\n")
        dir.write("sub/b.scn", "two ]]> \u{1B}\n")
        dir.write("sub/b.log", "TWO\n")
        dir.write("sub/bad.scn", "bad\n")
        var out = ""
        var results: [ScenarioResult] = []
        let check = Check(jobs: 2, replay: FakeCheck.replay)
        let summary = try check.run([dir.path], to: &out, results: &results)
        let report = JUnitReport(check: results, skipped: ["\(dir.path)/sub/c.scn"], shard: Shard(index: 2, count: 3))
        #expect(report.suites.map(\.name) == [dir.path, dir.path + "/sub"])
        #expect(report.suites[0].cases.map(\.name) == ["a.scn"])
        #expect(report.suites[1].cases.map(\.name) == ["b.scn", "bad.scn", "c.scn"])
        #expect(summary.failed == 2)
        let b = report.suites[1].cases[0]
        guard case .failed(let message, let details) = b.result else {
            Issue.record("b.scn passed")
            return
        }
        #expect(message == "the output differs from its golden \(dir.path)/sub/b.log")
        #expect(details == results[1].report && details.contains("+TWO ]]> \u{1B}"))
        guard case .failed(let badMessage, _) = report.suites[1].cases[1].result else {
            Issue.record("bad.scn passed")
            return
        }
        #expect(badMessage == "\(dir.path)/sub/bad.scn:3:10: error: bad number 'x'; expected seconds")
        #expect(report.suites[1].cases[2].result == .skipped("checked by another shard than 2/3"))
        let xml = report.xml
        #expect(xml.contains("+TWO ]]&gt; \\u{1B}\n"))
        #expect(!xml.contains("\u{1B}") && !xml.contains("]]>"))
    }

    /// A suite per platform, a case per `expect` line on each, failed where
    /// a path fails it, naming the counterexample that replays it.
    @Test func exploreHasACasePerExpectLineAndPlatform() throws {
        let scenario = Array(
            """
            locsim 1
            platform iOS 17.0
            plist NSLocationWhenInUseUsageDescription "x"
            expect final auth authorizedWhenInUse
            expect no delegate didFailWithError
            0 launch
            0 app requestWhenInUseAuthorization

            """.utf8)
        let explore = Explore(platforms: [.iOS(17), .iOS(26)], jobs: 1)
        let report = try explore.run(scenario)
        let junit = JUnitReport(
            explore: report, scenario: scenario, name: "f.scn", microseconds: 4000,
            counterexample: { "cx/" + $0.suffix })
        #expect(junit.suites.map(\.name) == ["iOS 17.0", "iOS 26.0"])
        for suite in junit.suites {
            #expect(
                suite.cases.map(\.name) == [
                    "line 4: expect final auth authorizedWhenInUse", "line 5: expect no delegate didFailWithError",
                ])
            #expect(suite.cases.map(\.line) == [4, 5])
            #expect(suite.cases[1].result == .passed)
            guard case .failed(let message, let details) = suite.cases[0].result else {
                Issue.record("line 4 passed on \(suite.name)")
                continue
            }
            #expect(message.hasPrefix("f.scn:4:1: error: expectation failed on \(suite.name): expect final auth"))
            #expect(details.hasSuffix("counterexample: cx/expect-4\n"))
        }
        #expect(junit.suites.map { $0.cases.reduce(0) { $0 + $1.microseconds } } == [2000, 2000])
    }
}
