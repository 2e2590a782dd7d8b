import Testing

@testable import LocSimKit

/// `Matrix`: platform lists, rows, divergences and formats.
@Suite struct MatrixTests {
    static let request = Array(
        """
        locsim 1
        platform iOS 13.0
        plist NSLocationWhenInUseUsageDescription "Why"
        0 launch
        1 app requestWhenInUseAuthorization
        2 user dontAllow

        """.utf8)

    @Test func platformListsParse() throws {
        #expect(
            try Matrix.platforms(parsing: "iOS 12.5,13.0,macOS 15.0,26.0") == [
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
        guard case .failure(let error) = report.rows[0].outcome else {
            Issue.record("iOS 7 replayed")
            return
        }
        #expect(error.location == SourceLocation(line: 5, column: 7))
        for row in report.rows.dropFirst() {
            let log = try Replay.log(of: Self.request, platform: row.platform)
            var expected = Tally(log.records)
            expected.final = AuthView(
                status: .denied, settings: .never, accuracy: .fullAccuracy, provisional: false, temporary: false)
            #expect(row.outcome == .success(expected))
        }
        guard case .success(let tally) = report.rows[2].outcome else {
            Issue.record("iOS 13 failed")
            return
        }
        // Authorization callbacks apart: launch notDetermined, then denied; no location.
        #expect(tally.delivered == 0)
        #expect(tally.authorizationCallbacks == 2)
        #expect(tally.prompts == [Tally.Count(name: "whenInUse", count: 1)])
        #expect(tally.dropped.isEmpty && tally.held.isEmpty && tally.stillHeld.isEmpty && tally.warnings == 0)
    }

    /// A scenario written for iOS 13's answers replays on iOS 12 and 10 with
    /// the answer that means the same there; its own platform is unchanged,
    /// and Allow Once, which has no equivalent, still stops the row.
    @Test func answersTranslateToTheVersionsEquivalent() throws {
        func scenario(_ request: String, _ answer: String) -> [UInt8] {
            Array(
                """
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
            try Replay.log(
                of: Array(
                    String(decoding: whileUsing, as: UTF8.self)
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
        #expect(
            text.hasPrefix(
                "platform  final                       since  delivered  auth callbacks  held  held delivered  dropped  prompts      errors\n"
            )
        )
        // A stopped row: the authorization at the stop, the counts left out.
        #expect(
            text.contains(
                "iOS 7.0   notDetermined full at stop  -      -          -               -     -               -        -            stopped at 5:7: requestWhenInUseAuthorization is not available"
            ))
        #expect(
            text.contains(
                "iOS 13.0  denied full                 2.000  0          2               -     -               -        whenInUse 1  -\n"
            ))
        #expect(!text.contains(" \n"))

        let markdown = report.rendered(.markdown)
        #expect(
            markdown.hasPrefix(
                "| platform | final | since | delivered | auth callbacks | held | held delivered | dropped | prompts | errors |\n|---|---|---|---|---|---|---|---|---|---|\n"
            ))
        #expect(markdown.contains("| iOS 13.0 | denied full | 2.000 | 0 | 2 | - | - | - | whenInUse 1 | - |\n"))
        #expect(markdown.contains("- **iOS 7.0 -> iOS 13.0**: from line 4"))

        let lines = report.rendered(.jsonl).split(separator: "\n")
        #expect(lines.count == 3)
        #expect(
            lines[0].hasPrefix(
                #"{"platform":"iOS 7.0","finalAtStop":{"status":"notDetermined","accuracy":"full","provisional":false,"temporary":false},"error":{"line":5,"column":7,"message":"requestWhenInUseAuthorization"#
            ))
        #expect(
            lines[1]
                == #"{"platform":"iOS 13.0","final":{"status":"denied","accuracy":"full","provisional":false,"temporary":false},"since":2.000,"provisionalFrom":null,"delivered":0,"authorizationCallbacks":2,"held":{},"stillHeld":{},"heldDelivered":{"instants":0,"first":[],"last":null},"dropped":{},"prompts":{"whenInUse":1},"warnings":0}"#
        )
        #expect(lines[2].hasPrefix(#"{"from":"iOS 7.0","to":"iOS 13.0","line":4,"#))
    }

    /// The divergences, found while the logs stream past one instant at a
    /// time, are those of a shortest diff of the whole logs.
    @Test func streamedDivergencesMatchTheWholeLogDiff() throws {
        for name in ["003-held-superseded-and-stale", "000-allow-once-expires", "004-denied-kclerrordenied"] {
            let scenario = try FileIO.readFile(ScenarioFiles.root + "/seeds/\(name).scn").get()
            let report = try Matrix(platforms: Matrix.allPlatforms, jobs: 2).run(scenario)
            func log(_ platform: Platform) -> [UInt8] {
                do throws(ScenarioError) {
                    return Array(try Replay.log(of: scenario, platform: platform).text.utf8)
                } catch {
                    // As the matrix shows a stopped platform: the lines before, then the error.
                    var collector = RecordCollector()
                    var reader = LineReader(bytes: scenario)
                    try? Replay.run(&reader, platform: platform, into: &collector)
                    let text = ReplayLog(records: collector.records).text
                    return Array(
                        (text + "\(error.location.line):\(error.location.column): error: \(error.message)\n").utf8)
                }
            }
            for d in report.divergences {
                let old = UnifiedDiff.lines(log(d.from))
                let new = UnifiedDiff.lines(log(d.to))
                let edits = UnifiedDiff.script(old, new)
                let changes = edits.filter { if case .keep = $0 { return false } else { return true } }
                #expect(d.differingLines == changes.count, "\(name) \(d.from) -> \(d.to)")
                let first = edits.firstIndex { if case .keep = $0 { return false } else { return true } }
                #expect(d.line == first.map { $0 + 1 }, "\(name) \(d.from) -> \(d.to)")
            }
        }
    }

    /// `held` says how many events are still held when the replay ends:
    /// a region entry held for provisional Always's upgrade prompt, which
    /// the user never answers.
    /// Provisional Always from 2 s on iOS 13, the app suspended, a region
    /// entry held at 60 s; then `tail`.
    static func heldOfficeEntry(then tail: String = "") -> [UInt8] {
        Array(
            """
            locsim 1
            platform iOS 13.0
            plist NSLocationWhenInUseUsageDescription "Why"
            plist NSLocationAlwaysAndWhenInUseUsageDescription "Always"
            0 launch
            1 app requestAlwaysAuthorization
            2 user allowWhileUsing
            3 app startMonitoring office 35.0 139.7 200
            4 background
            60 enter office

            """.utf8) + Array(tail.utf8)
    }

    @Test func stillHeldAtTheEnd() throws {
        let report = try Matrix(platforms: [.iOS(13)], jobs: 1).run(Self.heldOfficeEntry())
        guard case .success(let tally) = report.rows[0].outcome else {
            Issue.record("iOS 13 failed")
            return
        }
        #expect(tally.final?.provisional == true)
        #expect(tally.held.first?.name == "provisionalAlways")
        #expect(tally.stillHeld == [Tally.Count(name: "provisionalAlways", count: 1)])
        #expect(report.rendered(.text).contains("provisionalAlways 1 (1 still held)"))
    }

    /// A stopped row's `final` is the authorization at the line that
    /// stopped it (issue 30): here Allow While Using was granted on iOS 12.5
    /// before `keepWhileUsing` found no upgrade prompt, and the error says
    /// how to answer with a policy instead.
    @Test func stoppedRowShowsTheAuthorizationAtTheStopAndAPolicy() throws {
        let scenario = Array(
            """
            locsim 1
            platform iOS 13.0
            plist NSLocationWhenInUseUsageDescription "Why"
            plist NSLocationAlwaysAndWhenInUseUsageDescription "Why always"
            0 launch
            1 app requestAlwaysAuthorization
            2 user allowWhileUsing
            3 background
            60 user keepWhileUsing

            """.utf8)
        let report = try Matrix(platforms: [.iOS(12, 5)], jobs: 1).run(scenario)
        guard case .failure(let error) = report.rows[0].outcome else {
            Issue.record("iOS 12.5 ran")
            return
        }
        #expect(error.location == SourceLocation(line: 9, column: 9))
        #expect(
            error.message.hasSuffix(
                "no prompt is on screen to answer; to answer only where the prompt shows, write a policy instead: 'on prompt upgrade user keepWhileUsing' before the first timed line (docs/matrix.md)"
            ))
        #expect(report.rows[0].authorizationAtStop?.status == .authorizedWhenInUse)
        #expect(report.rendered(.text).contains("iOS 12.5  authorizedWhenInUse full at stop  -"))
        #expect(
            report.rendered(.jsonl).contains(#"{"platform":"iOS 12.5","finalAtStop":{"status":"authorizedWhenInUse","#))
        // On the scenario's own platform no hint: the answer is the author's to fix.
        #expect(
            ReactionTests.error("0 launch\n1 user dontAllow")?.message
                == "'dontAllow': no prompt is on screen to answer")
    }

    /// "N expectations failed" names each failed `expect` line.
    @Test func failedExpectationsAreNamed() throws {
        let scenario = Array(
            """
            locsim 1
            platform iOS 13.0
            plist NSLocationWhenInUseUsageDescription "Why"
            expect final auth authorizedAlways
            expect no prompt
            0 launch
            1 app requestWhenInUseAuthorization
            2 user allowWhileUsing

            """.utf8)
        let report = try Matrix(platforms: [.iOS(13)], jobs: 1).run(scenario)
        #expect(report.rows[0].failedExpectations.map(\.location.line) == [4, 5])
        #expect(report.rows[0].authorizationAtStop == nil)
        #expect(
            report.rendered(.text).contains(
                "2 expectations failed: line 4 'expect final auth authorizedAlways', line 5 'expect no prompt'\n"))
        #expect(
            report.rendered(.jsonl).contains(
                #""failedExpectations":2,"failed":[{"line":4,"expect":"final auth authorizedAlways","reason":"#))
    }

    /// Issue 42 item 6: the matrix says when. Provisional Always from 2 s,
    /// real Always at 62 s when the upgrade prompt's `changeToAlways`
    /// delivers the region entry held at 60 s; a fix queued while suspended
    /// at 80 s is delivered, with its own time, when the app comes back at 100 s.
    @Test func sinceAndHeldDeliveredSayWhen() throws {
        func scenario(_ answer: String) -> [UInt8] {
            Self.heldOfficeEntry(then: "61 system notBusy\n62 user \(answer)\n")
        }
        let report = try Matrix(platforms: [.iOS(13)], jobs: 1).run(scenario("changeToAlways"))
        guard case .success(let tally) = report.rows[0].outcome else {
            Issue.record("iOS 13 failed")
            return
        }
        #expect(tally.authorizedAt == .seconds(62))
        #expect(tally.provisionalFrom == .seconds(2))
        #expect(tally.heldDelivered.first == [.seconds(62)] && tally.heldDelivered.count == 1)
        let text = report.rendered(.text)
        #expect(text.contains("authorizedAlways full  62.000 (provisional from 2.000)  "))
        #expect(text.contains("  provisionalAlways 1  62.000  "))
        #expect(
            report.rendered(.jsonl).contains(
                #""since":62.000,"provisionalFrom":2.000,"#))
        #expect(report.rendered(.jsonl).contains(#""heldDelivered":{"instants":1,"first":[62.000],"last":62.000}"#))

        // Kept While Using: the held entry is dropped, not delivered; no provisional origin.
        let keptReport = try Matrix(platforms: [.iOS(13)], jobs: 1).run(scenario("keepWhileUsing"))
        guard case .success(let keptTally) = keptReport.rows[0].outcome else {
            Issue.record("iOS 13 failed")
            return
        }
        #expect(keptTally.authorizedAt == .seconds(62) && keptTally.provisionalFrom == nil)
        #expect(keptTally.heldDelivered.count == 0)
        #expect(keptReport.rendered(.text).contains("  provisionalAlways 1  -  "))
    }

    /// A location held while suspended and delivered later with its own
    /// time counts as a held event delivered; past three instants the cell
    /// gives the first three, the last and how many.
    @Test func heldDeliveredInstantsAreBounded() throws {
        var instants = Tally.Instants()
        for t in [10, 20, 20, 30, 40, 50] { instants.add(.seconds(Int64(t))) }
        #expect(instants.count == 5)
        #expect(Matrix.Column.instants(instants) == "10.000, 20.000, 30.000, … 50.000 (5 instants)")
        #expect(Matrix.Column.instants(Tally.Instants()) == "-")
        // Scenarios/lifecycle/suspended-updates-queued: fixes queued while
        // suspended at 21 and 22 s are delivered, with their times, at 30 s.
        let queued = Array(
            """
            locsim 1
            platform iOS 12.4
            plist NSLocationWhenInUseUsageDescription "Rides."
            plist NSLocationAlwaysAndWhenInUseUsageDescription "Rides in the background."
            set suspendedQueueLimit 2
            0    launch
            1    app requestAlwaysAuthorization
            2    user allowAlways
            3    app startUpdatingLocation
            4    background
            20   fix 35.000000 139.700000 5
            21   fix 35.001000 139.700000 5
            22   fix 35.002000 139.700000 5
            30   foreground

            """.utf8)
        let log = try Replay.log(of: queued, platform: .iOS(12, 4))
        #expect(Tally(log.records).heldDelivered.first == [.seconds(30)])
        // Delivered late but never held (a kept requestLocation fix): not a held event's delivery.
        let late = log.records.filter { if case .delegate = $0.record.base { return true } else { return false } }
        #expect(Tally(late).heldDelivered.count == 0)
    }

    /// Issue 42 item 6: a policy's warning on a platform is in that row's
    /// `errors` cell (and JSON `scenarioWarnings`), not only on `run`'s
    /// standard error.
    @Test func policyWarningsAreInTheErrorsColumn() throws {
        let scenario = Array(
            """
            locsim 1
            platform iOS 13.0
            plist NSLocationWhenInUseUsageDescription "Why"
            on prompt whenInUse user allowOnce
            on prompt upgrade user changeToAlways
            0 launch
            1 app requestWhenInUseAuthorization

            """.utf8)
        let report = try Matrix(platforms: [.iOS(12, 5), .iOS(13)], jobs: 1).run(scenario)
        let text = report.rendered(.text)
        // iOS 12.5 stops at the Allow Once policy; on iOS 13.0 the upgrade policy never answered.
        #expect(text.contains("whenInUse 1  line 5: this policy never answered a prompt on iOS 13.0\n"))
        #expect(!text.contains("no 'platform' line"))
        #expect(report.rendered(.jsonl).contains(#""scenarioWarnings":[{"line":5,"column":1,"message":"#))
    }
}
