import Testing

@testable import LocSimKit

/// Orders at one instant in `locsim explore` (docs/explore.md, "Orders at
/// one instant"): at a relaunch, the app's launch reactions and its
/// reactions to the event that relaunched it, in either order, where the
/// two orders differ.
@Suite struct ExploreOrderTests {
    /// Scenarios/explore/relaunch-order.scn without its comments: the
    /// tracker's start on launch stops updates, the exit handler starts them.
    static let relaunch = """
        locsim 1
        platform iOS 26.0
        plist NSLocationWhenInUseUsageDescription "Records your runs."
        plist NSLocationAlwaysAndWhenInUseUsageDescription "Records your runs in the background."
        plist UIBackgroundModes location
        on prompt whenInUse user allowWhileUsing
        on launch app set allowsBackgroundLocationUpdates true
        on launch app stopUpdatingLocation
        on didExitRegion stationary app startUpdatingLocation
        expect delegate didUpdateLocations

        0    launch
        1    app requestAlwaysAuthorization
        2    app startMonitoring stationary 35.0 139.7 200
        4    user settings always
        5    background
        30   system terminate
        60   exit stationary
        61   fix 35.003 139.7 5

        """

    /// `relaunches` relaunches by a region exit or entry, each after a
    /// system ending, with a launch reaction and the event's reaction
    /// (`exit`, `enter`: the actions for them).
    static func relaunches(_ count: Int, launch: String, exit: String, enter: String) -> String {
        var text = """
            locsim 1
            platform iOS 26.0
            plist NSLocationWhenInUseUsageDescription "Records your runs."
            plist NSLocationAlwaysAndWhenInUseUsageDescription "Records your runs in the background."
            plist UIBackgroundModes location
            on prompt whenInUse user allowWhileUsing
            on launch \(launch)
            on didExitRegion stationary \(exit)
            on didEnterRegion stationary \(enter)

            0    launch
            1    app requestAlwaysAuthorization
            2    app startMonitoring stationary 35.0 139.7 200
            4    user settings always
            5    background

            """
        for i in 0..<count {
            let t = 30 + 100 * i
            text += "\(t) system terminate\n\(t + 30) \(i % 2 == 0 ? "exit" : "enter") stationary\n"
        }
        return text
    }

    @Test func theRelaunchOrderIsAChoiceWhereTheOrdersDiffer() throws {
        let report = try ExploreTests.explore(Self.relaunch)
        let p = report.platforms[0]
        #expect(p.paths == 2)
        #expect(p.rows.map { $0.shortestPath.map(\.description) } == [[], ["60.000 system deliverFirst"]])
        #expect(p.rows.map { $0.outcome.deliveredCount("didUpdateLocations") } == [1, 0])
        #expect(p.rows.map(\.outcome.failed) == [false, true])
        try ExploreClosedLoopTests.everyRowReplays(Self.relaunch, report)
    }

    /// The counterexample writes `system deliverFirst` before the line that
    /// relaunches the app, and `run` runs the exit handler first there.
    @Test func runHonoursDeliverFirst() throws {
        let p = try ExploreTests.explore(Self.relaunch).platforms[0]
        let written = try Explore.counterexample(
            Array(Self.relaunch.utf8), path: p.rows[1].shortestPath, platform: p.platform)
        #expect(written.contains("30   system terminate\n# locsim explore: the app is relaunched next"))
        #expect(written.contains("\n60.000 system deliverFirst\n60   exit stationary\n"))
        let swapped = try Replay.log(of: Array(written.utf8)).records.compactMap(\.reaction).suffix(3)
        #expect(swapped.map(\.line) == [9, 7, 8])
        // As written, the launch's reactions come first.
        let plain = try Replay.log(of: Array(Self.relaunch.utf8)).records.compactMap(\.reaction).suffix(3)
        #expect(plain.map(\.line) == [7, 8, 9])
    }

    /// Same-instant reactions that commute (each sets a property of its
    /// own) cost nothing: one path, as without the reactions; reactions that
    /// do not (stop vs start) make each relaunch a choice.
    @Test func independentOrdersCostNothing() throws {
        let independent = Self.relaunches(
            6, launch: "app set distanceFilter 10", exit: "app set desiredAccuracy hundredMeters",
            enter: "app set activityType fitness")
        let p = try ExploreTests.explore(independent).platforms[0]
        #expect(p.paths == 1)
        #expect(p.states == 0)
        let dependent = Self.relaunches(
            6, launch: "app stopUpdatingLocation", exit: "app startUpdatingLocation",
            enter: "app startUpdatingLocation")
        #expect(try ExploreTests.explore(dependent).platforms[0].paths == 64)
    }

    /// A window's event that relaunches the app: the counterexample pins
    /// the order before the event it writes, and replays to the same failure.
    @Test func aWindowEventsRelaunchReplays() throws {
        let text = Self.relaunch.replacingOccurrences(
            of: "60   exit stationary\n61   fix 35.003 139.7 5\n",
            with: "50..60 exit stationary\n55   fix 35.0 139.7 5\n71   fix 35.003 139.7 5\n")
        let report = try ExploreTests.explore(text)
        let p = report.platforms[0]
        #expect(
            p.rows.contains {
                $0.shortestPath.map(\.description) == ["50.000 exit stationary", "50.000 system deliverFirst"]
            })
        let failing = try #require(p.rows.first { $0.outcome.failed && $0.outcome.error == nil })
        let written = try Explore.counterexample(Array(text.utf8), path: failing.shortestPath, platform: p.platform)
        #expect(written.contains("\n50.000 system deliverFirst\n50.000 exit stationary\n"))
        try ExploreClosedLoopTests.everyRowReplays(text, report)
    }
}
