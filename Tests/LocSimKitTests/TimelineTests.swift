import Testing

@testable import LocSimKit

@Suite struct TimelineTests {
    static let root: String = {
        var path = "\(#filePath)"
        for _ in 0..<3 { path = FileIO.directory(of: path) }
        return path
    }()

    static func timeline(_ scenario: String) throws -> Timeline {
        guard case .success(let bytes) = FileIO.readFile(root + "/" + scenario) else {
            throw ScenarioError("cannot read \(scenario)", line: 1, column: 1)
        }
        var reader = LineReader(bytes: bytes)
        // As `Timeline.render`: titled with the platform it ran on.
        var recorder = TimelineRecorder()
        var driver = ReplayDriver()
        var report = ReplayReport()
        try Replay.run(&reader, driver: &driver, into: &recorder, report: &report)
        return recorder.timeline(title: FileIO.fileName(of: scenario), platform: driver.runsOn)
    }

    static let experiment2 = "Scenarios/seeds/000-experiment2-background-session.scn"
    static let provisional = "Scenarios/seeds/003-provisional-keep-while-using.scn"
    static let fitness = "Scenarios/modern/ios17-fitness-two-activity-sessions.scn"

    func lane(_ t: Timeline, _ name: String) -> [String] {
        t.lanes.first { $0.name == name }!.segments.map { "\($0.start)-\($0.end) \($0.state.rawValue)" }
    }

    /// The Location Services alert is never answered: a mark at its time,
    /// while the prompt lane holds only the answered prompt.
    @Test func locationServicesAlertIsAMark() throws {
        let t = try Self.timeline("Scenarios/authorization/location-services-off.scn")
        #expect(lane(t, "prompt") == ["1.000-2.000 prompt"])
        let row = t.rows.first { $0.name == "prompt locationServices" }
        #expect(row?.marks.nonEmpty.map(\.count).reduce(0, +) == 1)
    }

    /// The lanes say what the seed's log says (read against
    /// 000-experiment2-background-session.log; the axis ends at 602 + 3%).
    @Test func lanesOfTheBackgroundSessionSeed() throws {
        let t = try Self.timeline(Self.experiment2)
        #expect(t.end == Millis(620_060))
        #expect(
            lane(t, "app") == ["0.000-10.000 foreground", "10.000-601.000 background", "601.000-620.060 suspended"])
        #expect(lane(t, "in use") == ["0.000-10.000 inUseForeground", "10.000-601.000 session"])
        #expect(lane(t, "indicator") == ["10.000-601.000 indicator"])
        #expect(lane(t, "authorization") == ["0.000-2.000 notDetermined", "2.000-620.060 whenInUse"])
        #expect(lane(t, "prompt") == ["1.000-2.000 prompt"])
        #expect(t.lanes.last!.segments[0].label == "whenInUse → allowWhileUsing")
        #expect(
            t.rows.map(\.name) == ["didChangeAuthorization", "prompt answer", "didUpdateLocations", "drop suspended"])
        #expect(t.rows[2].marks.nonEmpty.map(\.count).reduce(0, +) == 3)
    }

    /// Session lanes come from `session` records only (issue 21 item 3),
    /// read against ios17-fitness-two-activity-sessions.log: one lane per
    /// object, between *in use* and *indicator*; in use out of the
    /// foreground is the activity session's while it is in effect, else
    /// the grace period; the foreground is never named grace.
    @Test func sessionLanesOfTheFitnessFlow() throws {
        let t = try Self.timeline(Self.fitness)
        #expect(
            t.lanes.map(\.name) == [
                "app", "in use", "backgroundActivitySession", "liveUpdates", "indicator", "authorization", "accuracy",
                "prompt",
            ])
        #expect(
            lane(t, "backgroundActivitySession") == [
                "3.000-90.000 sessionEffective", "97.000-120.000 sessionWaiting", "120.000-131.000 sessionEffective",
            ])
        #expect(lane(t, "liveUpdates") == ["3.000-144.200 sessionEffective"])
        #expect(
            lane(t, "in use") == [
                "0.000-20.000 inUseForeground", "20.000-60.000 session", "60.000-95.000 inUseForeground",
                "95.000-100.000 inUseGrace", "120.000-125.000 inUseForeground", "125.000-131.000 session",
            ])
        #expect(lane(t, "indicator") == ["20.000-60.000 indicator", "125.000-131.000 indicator"])
        let first = t.lanes[2].segments[0]
        #expect(first.label == "background activity session")
        #expect(first.title == "background activity session: in effect, ended (invalidated)  3.000–90.000 s")
        #expect(t.lanes[2].segments[1].label == "background activity session (waiting)")
        #expect(t.lanes[3].segments[0].label == "liveUpdates (fitness)")
    }

    /// A relaunch (ios18-relaunch-live-updates.log): the activity session
    /// ends with the process, its `end` before the `inuse end` it causes,
    /// and the stretch it kept in use is still its own; the rejoined session
    /// keeps the relaunched app in use from 61. A service session has a
    /// lane of its own (ios18-explicit-service-session.log).
    @Test func sessionLanesAcrossARelaunchAndForAServiceSession() throws {
        let t = try Self.timeline("Scenarios/modern/ios18-relaunch-live-updates.scn")
        #expect(lane(t, "in use").prefix(2) == ["0.000-10.000 inUseForeground", "10.000-20.000 session"])
        #expect(lane(t, "in use")[2].hasPrefix("61.000-"))
        #expect(lane(t, "in use")[2].hasSuffix(" session"))
        #expect(lane(t, "backgroundActivitySession")[0] == "3.000-20.000 sessionEffective")
        #expect(t.lanes.first { $0.name == "liveUpdates" }!.segments[0].title.contains("ended (terminated)"))
        let service = try Self.timeline("Scenarios/modern/ios18-explicit-service-session.scn")
        #expect(lane(service, "serviceSession browse") == ["3.000-6.000 sessionEffective"])
        #expect(
            service.lanes.first { $0.name == "serviceSession browse" }!.segments[0].label
                == "serviceSession browse (whenInUse)")
    }

    /// A session still in effect and in use out of the foreground at the
    /// end of the trace are drawn as such to the end, not as foreground.
    @Test func openSessionAtTheEnd() throws {
        var reader = LineReader(
            """
            locsim 1
            platform iOS 17.0
            plist NSLocationWhenInUseUsageDescription "x"
            plist UIBackgroundModes location
            0 launch
            1 app requestWhenInUseAuthorization
            2 user allowWhileUsing
            3 app backgroundActivitySession begin
            4 app startUpdatingLocation
            10 background
            30 fix 35 139

            """)
        var recorder = TimelineRecorder()
        try Replay.run(&reader, into: &recorder)
        let t = recorder.timeline(title: "open")
        #expect(lane(t, "in use") == ["0.000-10.000 inUseForeground", "10.000-31.000 session"])
        #expect(lane(t, "backgroundActivitySession") == ["3.000-31.000 sessionEffective"])
    }

    /// The legend names what is drawn: a state whose stretches are all
    /// merged into another's colour is not in it, and merged (paler) bars are.
    @Test func legendDescribesWhatIsDrawn() throws {
        var scenario = "locsim 1\nplist NSLocationWhenInUseUsageDescription \"x\"\n0 launch\n"
        // Background for 1 s in every 100 s of a day: too narrow to draw alone.
        for s in stride(from: 100, to: 86_400, by: 100) { scenario += "\(s) background\n\(s + 1) foreground\n" }
        var reader = LineReader(scenario)
        var recorder = TimelineRecorder()
        try Replay.run(&reader, into: &recorder)
        let t = recorder.timeline(title: "narrow")
        let layout = TimelineLayout(t)
        let app = t.lanes.first { $0.name == "app" }!
        #expect(app.segments.contains { $0.state == .background })
        #expect(layout.drawnLanes[0].allSatisfy { $0.state != .background })
        let names = layout.legend.map(\.name)
        #expect(!names.contains(TimelinePalette.name(.background)))
        #expect(names.contains(TimelinePalette.name(.foreground)))
        #expect(layout.legend.contains { $0.pale })
    }

    /// Grace shows as its own colour, held events and drops as rows named by reason.
    @Test func lanesOfTheProvisionalSeed() throws {
        let t = try Self.timeline(Self.provisional)
        #expect(
            lane(t, "in use") == [
                "0.000-5.000 inUseForeground", "5.000-10.000 inUseGrace", "500.000-515.000 inUseForeground",
            ])
        #expect(
            lane(t, "authorization") == [
                "0.000-2.000 notDetermined", "2.000-301.000 provisional", "301.000-515.000 whenInUse",
            ])
        #expect(t.rows.map(\.name).contains("hold provisionalAlways"))
        #expect(t.rows.map(\.name).contains("drop keptWhileUsing"))
    }

    /// Issue 42 item 9: the provisional seed spans 515 s with its first
    /// records in 10 s; drawn to scale they took 18 px. The stretches with
    /// no record (10–100, 100–200, 200–300, 301–500) are cut to 40 px
    /// each, and the first 10 s get a third of the plot.
    @Test func theAxisBreaksWhereNothingHappens() throws {
        let layout = TimelineLayout(try Self.timeline(Self.provisional))
        #expect(
            layout.breaks.map { "\($0.start)-\($0.end)" } == [
                "10.000-100.000", "100.000-200.000", "200.000-300.000", "301.000-500.000",
            ])
        #expect(layout.x(.seconds(10)) - layout.x(.zero) > 300)
        for gap in layout.breaks {
            #expect(abs(layout.x(gap.end) - layout.x(gap.start) - TimelineLayout.breakWidth) < 0.001)
            #expect(layout.ticks.contains(gap.end))
            #expect(!layout.ticks.contains { gap.start < $0 && $0 < gap.end })
        }
        #expect(abs(layout.x(layout.axisEnd) - Double(layout.plotRight)) < 0.001)
        // x grows with time, and labelled ticks stand apart.
        let xs = stride(from: 0, through: 515_000, by: 500).map { layout.x(Millis(Int64($0))) }
        #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 < $1 })
        let ticks = layout.ticks.map(layout.x)
        #expect(zip(ticks, ticks.dropFirst()).allSatisfy { $1 - $0 >= TimelineLayout.minimumTickSpacing })
        #expect(layout.legend.contains { $0.name.hasPrefix("axis cut") })
        let svg = String(decoding: TimelineSVG.svg(try Self.timeline(Self.provisional)), as: UTF8.self)
        #expect(svg.contains("<title>axis cut: no record for 199.000 s, 301.000–500.000 s</title>"))
        // Gaps shorter than a tenth of the axis, or than 30 s, are drawn to scale.
        let short = (0..<60).map { Timeline.Gap(start: .seconds(Int64($0 * 10)), end: .seconds(Int64($0 * 10 + 9))) }
        #expect(TimelineLayout.breaks(short, axisEnd: .seconds(600)).isEmpty)
        #expect(
            TimelineLayout.breaks([Timeline.Gap(start: .seconds(1), end: .seconds(29))], axisEnd: .seconds(40))
                .isEmpty)
    }

    /// Issue 42 item 9: a region's callbacks are a row of their own, named
    /// by the region's id.
    @Test func regionRowsCarryTheirID() throws {
        let t = try Self.timeline(Self.provisional)
        #expect(t.rows.map(\.name).contains("didStartMonitoringFor parking"))
        #expect(t.rows.map(\.name).contains("didDetermineState parking"))
        #expect(!t.rows.map(\.name).contains("didDetermineState"))
    }

    @Test func bucketsWidenButKeepCountsAndTheFirstMark() {
        var marks = MarkBuckets()
        for s in 0..<100_000 { marks.add(.seconds(Int64(s))) { "mark \(s)" } }
        let buckets = marks.nonEmpty
        #expect(buckets.count <= MarkBuckets.capacity)
        #expect(buckets.map(\.count).reduce(0, +) == 100_000)
        #expect(buckets.first!.text == "mark 0" && buckets.first!.first == .zero)
        #expect(buckets.last!.last == .seconds(99_999))
        #expect(zip(buckets, buckets.dropFirst()).allSatisfy { $0.last < $1.first })
    }

    /// A row whose only mark comes late holds one bucket, not every empty
    /// one since time 0 (issue 31: 115 KB a row).
    @Test func aLateMarkHoldsOneBucket() {
        var marks = MarkBuckets()
        marks.add(.seconds(86_400)) { "late" }
        #expect(marks.bucketsHeld == 1)
        #expect(marks.nonEmpty.map(\.text) == ["late"])
        marks.add(.seconds(100_000)) { "later" }
        #expect(marks.bucketsHeld == 2)
        #expect(marks.nonEmpty.map(\.first) == [.seconds(86_400), .seconds(100_000)])
    }

    /// Rows past `maxRows - 1` share one folded row (issue 31): a monitor
    /// with 1,000 conditions, most with an event, makes 100 rows, and the
    /// folded row counts every mark of the rows it stands for.
    @Test func rowsPastTheLimitFoldIntoOne() throws {
        var scenario = """
            locsim 1
            platform iOS 18.0
            plist NSLocationWhenInUseUsageDescription "x"
            plist NSLocationAlwaysAndWhenInUseUsageDescription "y"
            0 launch
            1 app requestWhenInUseAuthorization
            2 user allowWhileUsing
            3 app monitor geo open

            """
        for c in 0..<1_000 { scenario += "4 app monitor geo add c\(c) 35.6812 139.7671 100\n" }
        var reader = LineReader(scenario)
        var recorder = TimelineRecorder()
        try Replay.run(&reader, into: &recorder)
        let rows = recorder.timeline(title: "monitor").rows
        #expect(rows.count == TimelineRecorder.maxRows)
        #expect(rows.last?.name == TimelineRecorder.foldedRow)
        let monitorRows = rows.filter { $0.name.hasPrefix("monitor geo ") }
        let total = rows.map { $0.marks.nonEmpty.map(\.count).reduce(0, +) }.reduce(0, +)
        let ownRows = rows.dropLast().map { $0.marks.nonEmpty.map(\.count).reduce(0, +) }.reduce(0, +)
        // The first 20 conditions (`monitorConditionLimit`) have no event
        // before a fix; each later one has one, `unmonitored
        // conditionLimitExceeded`: those without a row of their own are in the folded one.
        #expect(total - ownRows == 1_000 - 20 - monitorRows.count)
        #expect(rows.last?.marks.nonEmpty.first?.text.hasPrefix("4.000 update monitor geo c") == true)
    }

    /// A day of fixes at 1 Hz stays small: aggregated marks, not one element a fix.
    @Test func aDayLongTraceDrawsSmall() throws {
        var scenario = """
            locsim 1
            plist NSLocationWhenInUseUsageDescription "x"
            0 launch
            1 app requestWhenInUseAuthorization
            2 user allowWhileUsing
            3 app startUpdatingLocation

            """
        for s in 4..<86_400 { scenario += "\(s) fix 35.\(100_000 + s % 1000) 139.7\n" }
        var reader = LineReader(scenario)
        let svg = try Timeline.render(&reader, title: "day", format: .svg)
        #expect(svg.count < 500_000)
        #expect(String(decoding: svg, as: UTF8.self).contains("× didUpdateLocations"))
    }

    /// A lane that changes state on every line of a long trace keeps a
    /// bounded number of stretches while recording and draws a bounded
    /// number of bars (issue 20 item 5): merged runs, counted in the hover text.
    @Test func aFlickeringLaneStaysBounded() throws {
        var scenario = "locsim 1\nplist NSLocationWhenInUseUsageDescription \"x\"\n0 launch\n"
        for s in 1..<40_000 { scenario += s % 2 == 1 ? "\(s) background\n" : "\(s) foreground\n" }
        var reader = LineReader(scenario)
        var recorder = TimelineRecorder()
        try Replay.run(&reader, into: &recorder)
        let timeline = recorder.timeline(title: "flicker")
        let app = timeline.lanes.first { $0.name == "app" }!.segments
        #expect(app.count <= LaneStretches.capacity + 1)
        // 40,000 switches, then suspended 5 s after the last background.
        #expect(app.map(\.count).reduce(0, +) == 40_001)
        let svg = String(decoding: TimelineSVG.svg(timeline), as: UTF8.self)
        #expect(svg.components(separatedBy: "<rect").count - 1 < 2_000)
        #expect(svg.contains(" stretches, "))
        let drawn = TimelineSVG.drawn(app, TimelineLayout(timeline))
        #expect(drawn.count <= 2 * TimelineLayout.plotWidth / 3 + 1)
        #expect(zip(drawn, drawn.dropFirst()).allSatisfy { $0.end <= $1.start })
    }

    @Test func tickLabelsAndNumbers() {
        #expect(TimelineSVG.tickLabel(.seconds(30), axisEnd: .seconds(100)) == "30 s")
        #expect(TimelineSVG.tickLabel(.seconds(90), axisEnd: .seconds(900)) == "1:30")
        #expect(TimelineSVG.tickLabel(.seconds(3930), axisEnd: .seconds(86_400)) == "1:05:30")
        #expect(
            TimelineSVG.tenths(12.34) == "12.3" && TimelineSVG.tenths(12.96) == "13"
                && TimelineSVG.tenths(-0.5) == "-0.5")
        #expect(TimelineRecorder.shortName("locationManager(_:didUpdateLocations:)") == "didUpdateLocations")
        #expect(
            TimelineRecorder.shortName("locationManagerDidChangeAuthorization(_:)")
                == "locationManagerDidChangeAuthorization")
    }

    /// The SVG of two seed flows, byte for byte. Each golden was looked at
    /// rendered (docs/timeline.md). `LOCSIM_RECORD=1` rewrites them,
    /// and the test still fails so that a rewrite is never silent.
    @Test(arguments: [experiment2, provisional, fitness])
    func svgGolden(_ scenario: String) throws {
        let svg = TimelineSVG.svg(try Self.timeline(scenario))
        let golden = Self.root + "/" + scenario.dropLast(4) + ".timeline.svg"
        #expect(TimelineSVG.svg(try Self.timeline(scenario)) == svg, "deterministic")
        if getenv("LOCSIM_RECORD") != nil {
            _ = FileIO.writeFileAtomically(golden, svg)
            Issue.record("rewrote \(golden)")
            return
        }
        guard case .success(let expected) = FileIO.readFile(golden) else {
            Issue.record("missing golden \(golden); run with LOCSIM_RECORD=1")
            return
        }
        #expect(expected == svg)
    }

    /// Every character of the output is one XML 1.0 allows, whatever the
    /// scenario's strings and file name hold (U+FFFE and U+FFFF pass the
    /// parser; a file name may hold control characters): they are written
    /// as U+FFFD, and markup characters escaped.
    @Test func outputIsValidXMLWhateverTheStrings() throws {
        let scenario = """
            locsim 1
            platform iOS 14.0
            plist NSLocationWhenInUseUsageDescription "odd \u{FFFE}\u{FFFF} <&> text"
            0 launch
            1 app requestWhenInUseAuthorization
            2 user allowWhileUsing

            """
        var reader = LineReader(scenario)
        for format in [TimelineFormat.svg, .html] {
            reader = LineReader(scenario)
            let bytes = try Timeline.render(&reader, title: "bad\u{01}\u{1B}name\u{FFFF}.scn", format: format)
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(Array(text.utf8) == bytes, "not UTF-8")
            let invalid = text.unicodeScalars.filter { s in
                (s.value < 0x20 && s.value != 0x09 && s.value != 0x0A && s.value != 0x0D)
                    || s.value == 0xFFFE || s.value == 0xFFFF
            }
            #expect(invalid.isEmpty, "\(format): \(invalid.map(\.value))")
            #expect(text.contains("bad\u{FFFD}\u{FFFD}name\u{FFFD}.scn"))
            #expect(text.contains("odd \u{FFFD}\u{FFFD} &lt;&amp;&gt; text"))
        }
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
