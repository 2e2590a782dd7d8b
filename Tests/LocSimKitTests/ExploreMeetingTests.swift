import Testing

@testable import LocSimKit

/// Orders at one instant in `locsim explore` (docs/explore.md, "Orders at
/// one instant"): a line (an event or a fix) and the rule timers or delayed
/// reactions due at its instant, in either order, where the two differ;
/// `system inputFirst` pins the line first in `run`.
@Suite struct ExploreMeetingTests {
    /// Scenarios/explore/grace-meets-fix.scn without its comments: the
    /// grace period ends (and the app is suspended) at the fix's millisecond.
    static let grace = """
        locsim 1
        platform iOS 17.0
        plist NSLocationWhenInUseUsageDescription "Shows your walk."

        0    launch
        1    app requestWhenInUseAuthorization
        2    user allowOnce
        3    app startUpdatingLocation
        4    fix 35.000 139.7 5
        10   background
        12   fix 35.001 139.7 5
        15   fix 35.002 139.7 5

        """

    /// Scenarios/explore/reaction-meets-fix.scn without its comments: a
    /// delayed reaction stops updates at the fix's instant.
    static let reaction = """
        locsim 1
        platform iOS 17.0
        plist NSLocationWhenInUseUsageDescription "Shows your walk."
        on launch after 10 app stopUpdatingLocation
        expect no delegate didUpdateLocations 35.001000

        0    launch
        1    app requestWhenInUseAuthorization
        2    user allowWhileUsing
        3    app startUpdatingLocation
        9    fix 35.000 139.7 5
        10   fix 35.001 139.7 5

        """

    /// `count` fixes a second apart, each (from the second on) meeting the
    /// delayed reaction the fix before it queued, `after` seconds later,
    /// whose `action` sets a property; a `user any` answers the prompt.
    /// `apart`: fix `i` comes `i` ms past its second instead, 1 ms after
    /// the reaction the fix before it queued: no meeting.
    static func meetings(_ count: Int, action: String, apart: Bool = false) -> String {
        var text = """
            locsim 1
            platform iOS 17.0
            plist NSLocationWhenInUseUsageDescription "Shows your walk."
            on didUpdateLocations after 1 \(action)

            0    launch
            1    app requestWhenInUseAuthorization
            2    user any
            3    app startUpdatingLocation

            """
        for i in 0..<count {
            let ms = String((apart ? i : 0) + 1000)
            text += "\(10 + i).\(ms.suffix(3)) fix \(35 + Double(i) / 1000) 139.7 5\n"
        }
        return text
    }

    @Test func aTimerAtAFixsMillisecondIsAChoiceWhereTheOrdersDiffer() throws {
        let report = try ExploreTests.explore(Self.grace)
        let p = report.platforms[0]
        #expect(p.paths == 2)
        #expect(p.rows.map { $0.shortestPath.map(\.description) } == [[], ["15.000 system inputFirst"]])
        #expect(p.rows.map { $0.outcome.deliveredCount("didUpdateLocations") } == [2, 3])
        try ExploreClosedLoopTests.everyRowReplays(Self.grace, report)
    }

    @Test func aDelayedReactionAtALinesInstantIsAChoiceWhereTheOrdersDiffer() throws {
        let report = try ExploreTests.explore(Self.reaction)
        let p = report.platforms[0]
        #expect(p.rows.map { $0.shortestPath.map(\.description) } == [[], ["10.000 system inputFirst"]])
        #expect(p.rows.map { $0.outcome.deliveredCount("didUpdateLocations") } == [1, 2])
        #expect(p.rows.map(\.outcome.failed) == [false, true])
        try ExploreClosedLoopTests.everyRowReplays(Self.reaction, report)
    }

    /// The counterexample writes `system inputFirst` right before the line,
    /// and `run` runs that line before what is due at its instant there;
    /// without the pin, what is due runs first, as always.
    @Test func runHonoursInputFirst() throws {
        let p = try ExploreTests.explore(Self.grace).platforms[0]
        let written = try Explore.counterexample(
            Array(Self.grace.utf8), path: p.rows[1].shortestPath, platform: p.platform)
        #expect(
            written.contains(
                "\n# locsim explore: the next line runs before the timers and delayed reactions due at its instant\n15.000 system inputFirst\n15   fix 35.002 139.7 5\n"
            ))
        func at15(_ text: String) throws -> [String] {
            try Replay.log(of: Array(text.utf8)).records.filter { $0.time == .seconds(15) }.map(\.kind.description)
        }
        #expect(try at15(written) == ["delegate", "inuse", "auth", "delegate", "app"])
        #expect(try at15(Self.grace) == ["inuse", "auth", "delegate", "app", "drop"])
    }

    /// The pin applies to the next input only, whatever comes between:
    /// `system deliverFirst` leaves it; a second line at the same instant
    /// comes after what is due.
    @Test func thePinIsForTheNextInputOnly() throws {
        let pinned = Self.grace.replacingOccurrences(
            of: "15   fix 35.002 139.7 5\n",
            with: "15 system inputFirst\n15 system deliverFirst\n15 fix 35.002 139.7 5\n15 fix 35.003 139.7 5\n")
        let log = try Replay.log(of: Array(pinned.utf8))
        let at15 = log.records.filter { $0.time == .seconds(15) }
        #expect(at15.first?.kind.description == "delegate")
        #expect(at15.last?.dropReason == .notAuthorized)
        #expect(at15.filter { $0.dropReason != nil }.count == 1)
        // An `on` line between the pin and the input: what is due still waits for the input.
        let withOn = pinned.replacingOccurrences(
            of: "15 system deliverFirst\n", with: "15 on didUpdateLocations app set activityType fitness\n")
        let at15withOn = try Replay.log(of: Array(withOn.utf8)).records.filter { $0.time == .seconds(15) }
        #expect(at15withOn.first?.kind.description == "delegate")
        #expect(at15withOn.last?.dropReason == .notAuthorized)
    }

    /// Meetings that commute cost nothing: fifty fixes each meeting a
    /// reaction that sets a property the delivery does not read explore
    /// exactly as many paths and distinct states as with each fix 1 ms
    /// after the reaction (no meeting); a reaction that stops the updates
    /// does not commute: each meeting is a choice, found by `system inputFirst`.
    @Test func independentMeetingsCostNothing() throws {
        let action = "app set activityType fitness"
        let met = try ExploreTests.explore(Self.meetings(50, action: action)).platforms[0]
        let apart = try ExploreTests.explore(Self.meetings(50, action: action, apart: true)).platforms[0]
        #expect(met.paths > 1)
        #expect(met.paths == apart.paths)
        #expect(met.states == apart.states)
        #expect(met.rows.count == apart.rows.count)
        let stop = "app stopUpdatingLocation"
        let stopping = try ExploreTests.explore(Self.meetings(3, action: stop)).platforms[0]
        let stoppingApart = try ExploreTests.explore(Self.meetings(3, action: stop, apart: true)).platforms[0]
        #expect(stopping.paths > stoppingApart.paths)
        #expect(stopping.rows.contains { $0.shortestPath.map(\.description).contains("11.000 system inputFirst") })
    }

    /// `--random` draws the order as any other choice, and the shrinker
    /// tries the pin as any other choice: the failure (the fix at 10
    /// delivered) hangs on the pin, since in the written order the reaction
    /// stops the updates first. Before issue 41 the shrink dropped the pin
    /// and the reaction (with no reaction the fix is delivered anyway) and
    /// called the pin not needed; now both stay, and run passes without the pin.
    @Test func randomPathsAndTheShrinkerFollowTheOrder() throws {
        let sampled = try ExploreRandomTests.sample(Self.reaction, 400, seed: 3)
        let rows = try #require(sampled.platforms.first).rows
        #expect(rows.count == 2)
        #expect(rows.allSatisfy { $0.paths > 150 })
        let bytes = Array(Self.reaction.utf8)
        let report = try ExploreTests.explore(Self.reaction)
        let file = try #require(report.counterexamples.first)
        let unshrunk = try Explore.counterexample(bytes, path: file.path, platform: file.platform)
        let shrunk = try #require(
            Explore.shrink(unshrunk, scenario: bytes, path: file.path, platform: file.platform, expectLine: 5))
        #expect(shrunk.text.contains("10.000 system inputFirst (with nothing instead, run passes)\n"))
        #expect(shrunk.text.contains("\non launch after 10 app stopUpdatingLocation\n"))
        #expect(Explore.replay(shrunk.text).records.contains { $0.failedExpectation != nil })
        let written = shrunk.text.replacingOccurrences(of: "10.000 system inputFirst\n", with: "")
        #expect(!Explore.replay(written).records.contains { $0.failedExpectation != nil })
    }

    /// The state graph labels the choice point `order`, its edges `nothing`
    /// and `system inputFirst`.
    @Test func theGraphLabelsTheOrder() throws {
        let report = try ExploreReportTests.explore(Self.grace, platforms: nil, graph: true)
        let dot = report.rendered(.dot, onlyFailing: false)
        #expect(dot.contains("label=\"15.000 order\""))
        #expect(dot.contains("[label=\"nothing\"]") && dot.contains("[label=\"system inputFirst\"]"))
    }
}
