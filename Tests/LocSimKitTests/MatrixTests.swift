import Testing
@testable import LocSimKit

/// `Matrix`: platform lists, rows, divergences and formats.
@Suite struct MatrixTests {
    static let request = Array("""
        locsim 1
        platform iOS 13.0
        plist NSLocationWhenInUseUsageDescription "Why"
        0 launch
        1 app requestWhenInUseAuthorization
        2 user dontAllow

        """.utf8)

    @Test func platformListsParse() throws {
        #expect(try Matrix.platforms(parsing: "iOS 12.5,13.0,macOS 15.0,26.0") == [
            .iOS(12, 5), .iOS(13), .macOS(15), .macOS(26),
        ])
        #expect(try Matrix.platforms(parsing: "14.0") == [.iOS(14)])
        for bad in ["", "iOS", "iOS 12.5,,13.0", "Android 14.0", "iOS 99.0", "iOS 5.0", "iOS 13.x", "iOS 13 4"] {
            #expect(throws: Matrix.PlatformListError.self) { try Matrix.platforms(parsing: bad) }
        }
    }

    @Test func rowsCountTheLogOfEachPlatform() throws {
        let report = try Matrix(platforms: [.iOS(7), .iOS(12, 5), .iOS(13)], jobs: 2).run(Self.request)
        #expect(report.rows.map(\.platform) == [.iOS(7), .iOS(12, 5), .iOS(13)])
        // iOS 7: the call does not exist; the row carries the error, the others still run.
        guard case .failure(let error) = report.rows[0].outcome else { Issue.record("iOS 7 replayed"); return }
        #expect(error.location == SourceLocation(line: 5, column: 7))
        for row in report.rows.dropFirst() {
            let log = try Replay.log(of: Self.request, platform: row.platform)
            #expect(row.outcome == .success(Tally(log.records)))
            #expect(row.log == Array(log.text.utf8))
        }
        guard case .success(let tally) = report.rows[2].outcome else { Issue.record("iOS 13 failed"); return }
        // launch notDetermined, then denied.
        #expect(tally.delivered == 2)
        #expect(tally.prompts == [Tally.Count(name: "whenInUse", count: 1)])
        #expect(tally.dropped.isEmpty && tally.held == 0 && tally.warnings == 0)
    }

    /// A scenario written for iOS 13's answers replays on iOS 12 and 10 with
    /// the answer that means the same there; its own platform is unchanged,
    /// and Allow Once, which has no equivalent, still stops the row.
    @Test func answersTranslateToTheVersionsEquivalent() throws {
        func scenario(_ request: String, _ answer: String) -> [UInt8] {
            Array("""
                locsim 1
                platform iOS 13.0
                plist NSLocationWhenInUseUsageDescription "Why"
                plist NSLocationAlwaysUsageDescription "Always"
                plist NSLocationAlwaysAndWhenInUseUsageDescription "Always too"
                0 launch
                1 app \(request)
                2 user \(answer)

                """.utf8)
        }
        func answered(_ bytes: [UInt8], on platform: Platform) throws -> String? {
            try Replay.log(of: bytes, platform: platform).records.compactMap { record -> String? in
                guard case .prompt(.answer(let a)) = record.record.event else { return nil }
                return a.rawValue
            }.first
        }
        let whileUsing = scenario("requestWhenInUseAuthorization", "allowWhileUsing")
        #expect(try answered(whileUsing, on: .iOS(12, 5)) == "allow")
        #expect(try answered(whileUsing, on: .iOS(13)) == "allowWhileUsing")
        let always = scenario("requestAlwaysAuthorization", "allowAlways")
        #expect(try answered(always, on: .iOS(10)) == "allow")
        #expect(try answered(always, on: .iOS(12, 5)) == "allowAlways")
        // iOS 13's first Always prompt has no Always: While Using, then provisional Always.
        #expect(try answered(always, on: .iOS(13)) == "allowWhileUsing")
        let allow = scenario("requestAlwaysAuthorization", "allow")
        #expect(try answered(allow, on: .iOS(12, 5)) == "allowAlways")
        #expect(throws: ScenarioError.self) {
            try Replay.log(of: scenario("requestWhenInUseAuthorization", "allowOnce"), platform: .iOS(12, 5))
        }
        // Without a platform override the scenario's own answers must fit.
        #expect(throws: ScenarioError.self) {
            try Replay.log(of: Array(String(decoding: whileUsing, as: UTF8.self)
                .replacingOccurrences(of: "iOS 13.0", with: "iOS 12.5").utf8))
        }
    }

    @Test func aSyntaxErrorFailsTheWholeMatrix() {
        let bad = Array("locsim 1\n0 launch\n1 app requestEverything\n".utf8)
        do {
            _ = try Matrix().run(bad)
            Issue.record("a syntax error made a matrix")
        } catch {
            #expect(error.location == SourceLocation(line: 3, column: 7))
        }
    }

    @Test func divergencesShowTheFirstDifferingRun() throws {
        let report = try Matrix(platforms: [.iOS(13), .iOS(13, 4), .iOS(14)], jobs: 1).run(Self.request)
        #expect(report.divergences.count == 2)
        #expect(report.divergences[0].line == nil)
        let d = report.divergences[1]
        #expect(d.line == 3)
        #expect(d.removed == ["0.000 delegate locationManager(_:didChangeAuthorization:) notDetermined"])
        #expect(d.added == ["0.000 delegate locationManagerDidChangeAuthorization(_:) notDetermined fullAccuracy"])
        // The initial callback and the one after Don't Allow: two lines each side.
        #expect(d.differingLines == 4)
    }

    @Test func outputDoesNotDependOnJobs() throws {
        let scenario = try FileIO.readFile(ScenarioFiles.root + "/seeds/003-held-superseded-and-stale.scn").get()
        let one = try Matrix(platforms: Matrix.allPlatforms, jobs: 1).run(scenario)
        let four = try Matrix(platforms: Matrix.allPlatforms, jobs: 4).run(scenario)
        #expect(one == four)
        for format in Matrix.Format.allCases {
            #expect(one.rendered(format) == four.rendered(format))
        }
    }

    @Test func formats() throws {
        let report = try Matrix(platforms: [.iOS(7), .iOS(13)], jobs: 1).run(Self.request)
        let text = report.rendered(.text)
        #expect(text.hasPrefix("platform  delivered  held  dropped  prompts      errors\n"))
        #expect(text.contains("iOS 7.0   -          -     -        -            stopped at 5:7: requestWhenInUseAuthorization is not available"))
        #expect(text.contains("iOS 13.0  2          0     -        whenInUse 1  -\n"))
        #expect(!text.contains(" \n"))

        let markdown = report.rendered(.markdown)
        #expect(markdown.hasPrefix("| platform | delivered | held | dropped | prompts | errors |\n|---|---|---|---|---|---|\n"))
        #expect(markdown.contains("| iOS 13.0 | 2 | 0 | - | whenInUse 1 | - |\n"))
        #expect(markdown.contains("- **iOS 7.0 -> iOS 13.0**: from line 4"))

        let lines = report.rendered(.jsonl).split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix(#"{"platform":"iOS 7.0","error":{"line":5,"column":7,"message":"requestWhenInUseAuthorization"#))
        #expect(lines[1] == #"{"platform":"iOS 13.0","delivered":2,"held":0,"dropped":{},"prompts":{"whenInUse":1},"warnings":0}"#)
        #expect(lines[2].hasPrefix(#"{"from":"iOS 7.0","to":"iOS 13.0","line":4,"#))
    }
}
