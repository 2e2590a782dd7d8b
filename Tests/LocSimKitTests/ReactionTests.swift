import Testing

@testable import LocSimKit

/// `on` lines, answer policies and `expect` lines: the closed-loop order
/// users rely on (docs/language.md, "Reactions" and "Expectations").
@Suite struct ReactionTests {
    static let header = """
        locsim 1
        platform iOS 17.0
        plist NSLocationWhenInUseUsageDescription "x"

        """

    static func run(_ body: String) throws(ScenarioError) -> (lines: [String], failed: [FailedExpectation]) {
        var reader = LineReader(bytes: Array((header + body).utf8))
        var writer = TextLogWriter()
        var report = ReplayReport()
        try Replay.run(&reader, into: &writer, report: &report)
        return (writer.text.split(separator: "\n").map(String.init), report.failedExpectations)
    }

    static func error(_ body: String) -> ScenarioError? {
        do { _ = try run(body) } catch { return error }
        return nil
    }

    @Test func aReactionFollowsItsTriggerWithACause() throws {
        let log = try Self.run(
            """
            on prompt whenInUse user allowWhileUsing
            on didChangeAuthorization authorizedWhenInUse app startUpdatingLocation
            0 launch
            1 app requestWhenInUseAuthorization
            2 fix 35 139 5
            """
        ).lines
        let callback = try #require(
            log.firstIndex(
                of: "1.000 delegate locationManagerDidChangeAuthorization(_:) authorizedWhenInUse fullAccuracy"))
        #expect(log[callback + 1] == "1.000 react \"app startUpdatingLocation\" on=didChangeAuthorization")
        #expect(log.contains("2.000 delegate locationManager(_:didUpdateLocations:) 35.000000,139.000000 ±5"))
    }

    @Test func aReactionToATimerRunsBeforeTheNextTimerOfThatInstant() throws {
        // Allow Once ends with the grace timer at 10; suspension is due at 10 too.
        let log = try Self.run(
            """
            on prompt whenInUse user allowOnce
            on didChangeAuthorization notDetermined app stopUpdatingLocation
            0 launch
            1 app requestWhenInUseAuthorization
            5 background
            """
        ).lines
        let react = try #require(log.lastIndex { $0.hasPrefix("10.000 react") })
        let suspend = try #require(log.firstIndex(of: "10.000 app suspend"))
        #expect(react < suspend)
        #expect(
            log[react - 1] == "10.000 delegate locationManagerDidChangeAuthorization(_:) notDetermined fullAccuracy")
    }

    @Test func reactionsRunFirstInFirstOutInLineOrder() throws {
        let log = try Self.run(
            """
            on launch app set distanceFilter 10
            on launch app startUpdatingLocation
            0 launch
            """
        ).lines.filter { $0.contains(" react ") }
        #expect(
            log == [
                "0.000 react \"app set distanceFilter 10\" on=launch",
                "0.000 react \"app startUpdatingLocation\" on=launch",
            ])
    }

    @Test func aTimedOnLineSeesOnlyWhatComesAfterIt() throws {
        let log = try Self.run(
            """
            0 launch
            5 on foreground app startUpdatingLocation
            6 background
            7 foreground
            """
        ).lines.filter { $0.contains(" react ") }
        #expect(log == ["7.000 react \"app startUpdatingLocation\" on=foreground"])
    }

    @Test func aSelfTriggeringReactionStopsAtTheDepthLimit() {
        let error = Self.error(
            """
            on didStartMonitoringFor home app startMonitoring home 35 139 100
            0 launch
            1 app startMonitoring home 35 139 100
            """)
        #expect(error?.location == SourceLocation(line: 4, column: 1))
        #expect(error?.message.contains("\(ClosedLoop.maxDepth) deep") == true)
    }

    /// Three lines that each fire all three fan out as 3^depth: the count
    /// limit stops them long before the depth limit would (issue 26: 3.5 GB
    /// after 30 s), at the next line to run, naming the others.
    @Test func reactionsFanningOutStopAtTheCountLimit() {
        let error = Self.error(
            """
            on didStartMonitoringFor app startMonitoring r1 35 139 100
            on didStartMonitoringFor app startMonitoring r2 35 139 100
            on didStartMonitoringFor app startMonitoring r3 35 139 100
            0 launch
            1 app startMonitoring r 35 139 100
            """)
        #expect(error?.location == SourceLocation(line: 5, column: 1))
        #expect(error?.message.hasPrefix("more than \(ClosedLoop.maxReactionsPerInput) reactions at 1.000") == true)
        #expect(error?.notes.map(\.location.line) == [4, 6])
    }

    /// A reaction re-arming itself with the largest `after` reaches the last
    /// instant a scenario can hold: an error at the `on` line, not an
    /// overflow of the clock (issue 26: SIGILL, nothing printed).
    @Test func aDelayedReactionPastTheLastInstantIsAnError() {
        let error = Self.error(
            """
            on didStartMonitoringFor after 1000000000000 app startMonitoring r 35 139 100
            0 launch
            1 app startMonitoring r 35 139 100
            """)
        #expect(error?.location == SourceLocation(line: 4, column: 1))
        #expect(
            error?.message
                == "this reaction would run at 1000000000001.000, past the last time a scenario can hold (1000000000000 seconds)"
        )
    }

    /// `after` bounds its whole value, decimals included.
    @Test func afterPastTheMaximumIsAnError() {
        let error = Self.error(
            """
            on launch after 1000000000000.001 app startUpdatingLocation
            0 launch
            """)
        #expect(error?.location == SourceLocation(line: 4, column: 17))
        #expect(error?.message.contains("too large; expected at most 1000000000000 seconds") == true)
        #expect(Self.error("on launch after 1000000000000.000 app startUpdatingLocation\n0 launch\n") == nil)
    }

    @Test func aDelayedReactionReArmingForeverStops() {
        let error = Self.error(
            """
            on prompt whenInUse user allowWhileUsing
            on didFailWithError after 10 app requestLocation
            0 launch
            1 app requestWhenInUseAuthorization
            2 app requestLocation
            """)
        #expect(error?.location.line == 5)
        #expect(error?.message.contains("re-arming") == true)
    }

    @Test func aDelayedReactionOfASuspendedAppIsSkipped() throws {
        let log = try Self.run(
            """
            on background after 30 app stopUpdatingLocation
            0 launch
            1 background
            """
        ).lines
        #expect(log.last == "31.000 react \"app stopUpdatingLocation\" on=background reason=suspended")
    }

    @Test func theFirstPolicyWhoseAnswerIsOfferedAnswers() throws {
        var text = Self.header.replacingOccurrences(of: "iOS 17.0", with: "iOS 12.0")
        text += """
            on prompt whenInUse user allowWhileUsing
            on prompt whenInUse user allow
            0 launch
            1 app requestWhenInUseAuthorization
            """
        let log = try Replay.log(of: Array(text.utf8)).text
        #expect(log.contains("1.000 react \"user allow\" on=prompt\n1.000 prompt answer allow\n"))
    }

    @Test func aPolicyNoAnswerOfWhichIsOfferedIsAnError() {
        let error = Self.error(
            """
            on prompt whenInUse user allow
            0 launch
            1 app requestWhenInUseAuthorization
            """)
        #expect(error?.location == SourceLocation(line: 4, column: 26))
    }

    @Test func dismissLeavesThePromptUnanswered() throws {
        let log = try Self.run(
            """
            on prompt any user dismiss
            0 launch
            1 app requestWhenInUseAuthorization
            """
        ).lines
        #expect(log.suffix(2) == ["1.000 react \"user dismiss\" on=prompt", "1.000 prompt dismiss"])
    }

    @Test func aPromptNoPolicyAnswersIsTheChoicePoint() throws {
        var header = ScenarioHeader()
        header.apply(.platform(.iOS(17)))
        header.apply(.plist(key: "NSLocationWhenInUseUsageDescription", value: .string("x")))
        var loop = ClosedLoop(simulator: Simulator(header: header), observed: true)  // as explore makes it
        var writer = TextLogWriter()
        let at = SourceLocation(line: 1, column: 1)
        func line(_ seconds: Int64, _ event: Event) -> TimedStatement {
            TimedStatement(time: Millis(seconds * 1000), event: event, location: at, argumentColumn: 1)
        }
        try loop.apply(line(0, .launch), into: &writer)
        try loop.apply(line(1, .app(.requestWhenInUseAuthorization)), into: &writer)
        #expect(
            loop.unansweredPrompt
                == ClosedLoop.ShownPrompt(
                    kind: .whenInUse, answers: [.allowWhileUsing, .allowOnce, .dontAllow], time: Millis(1000),
                    hasPreciseSwitch: true))
        // The choice made: the prompt is no longer open.
        try loop.perform(.user(.answer(.allowOnce, precise: false)), at: at, argumentColumn: 1, into: &writer)
        #expect(loop.unansweredPrompt == nil)
        #expect(
            writer.text.hasSuffix(
                "1.000 delegate locationManagerDidChangeAuthorization(_:) authorizedWhenInUse reducedAccuracy\n"))
    }

    @Test func expectationsAreCheckedAtTheEnd() throws {
        let (lines, failed) = try Self.run(
            """
            expect delegate didUpdateLocations by 3
            expect no drop
            expect final auth authorizedWhenInUse
            expect final accuracy full
            on prompt whenInUse user allowWhileUsing
            0 launch
            1 app requestWhenInUseAuthorization
            2 app startUpdatingLocation
            4 fix 35 139 5
            """)
        #expect(failed.map(\.location.line) == [4])
        #expect(failed.first?.reason == "no delegate record contains 'didUpdateLocations' by 3.000")
        #expect(lines.last == "4.000 expect failed \"expect delegate didUpdateLocations by 3.000\" line=4")
    }

    @Test func expectNoReportsTheRecordThatBrokeIt() throws {
        let (_, failed) = try Self.run(
            """
            expect no prompt show
            0 launch
            1 app requestWhenInUseAuthorization
            """)
        #expect(failed.first?.reason == "found: 1.000 prompt show whenInUse \"x\" allowWhileUsing,allowOnce,dontAllow")
    }
}
