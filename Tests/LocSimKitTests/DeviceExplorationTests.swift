import Testing

@testable import LocSimKit

/// `DeviceExploration` (docs/explore.md, "Your own code: SimulatedDevice"):
/// the choice points, the depth-first search of one closure run per path,
/// the failures and their replays, the limits.
@Suite struct DeviceExplorationTests {
    static let plist: [String: PlistValue] = [
        "NSLocationWhenInUseUsageDescription": "Why",
        "NSLocationAlwaysAndWhenInUseUsageDescription": "Why always",
    ]

    /// Asks for When In Use and moves on without answering.
    static func askAndWait(_ device: SimulatedDevice, _ explorer: DeviceExplorer) throws {
        device.makeLocationManager().requestWhenInUseAuthorization()
        try device.advance(by: .seconds(1))
    }

    /// A prompt the closure moves on from is a choice point over the options
    /// `locsim explore` follows for the same prompt: as many paths as
    /// explore of the same flow as a scenario, on each platform.
    @Test(arguments: [Platform(.iOS, 12, 5), Platform(.iOS, 13, 0), Platform(.iOS, 14, 0), Platform(.macOS, 26, 0)])
    func anUnansweredPromptHasExploresOptions(platform: Platform) throws {
        let report = try SimulatedDevice.explore(platforms: [platform], plist: Self.plist, Self.askAndWait)
        let text = """
            locsim 1
            plist NSLocationWhenInUseUsageDescription "Why"
            plist NSLocationAlwaysAndWhenInUseUsageDescription "Why always"
            0 launch
            0 app requestWhenInUseAuthorization
            1 foreground

            """
        let explored = try Explore(platforms: [platform]).run(Array(text.utf8))
        #expect(UInt64(report.paths) == explored.platforms[0].paths)
        // Each path made one choice, at the instant the prompt showed, and the paths' options differ.
        let all = try Self.allPaths(platform) { device, explorer in try Self.askAndWait(device, explorer) }
        #expect(all.count == report.paths)
        #expect(Set(all.map(\.choiceString)).count == all.count)
        #expect(all.allSatisfy { $0.choices.count == 1 && $0.choices[0].time == .seconds(0) })
        #expect(all.last?.choices.first?.option == "dismiss")
    }

    /// Every path's `Path`, by replaying each choice string `1` … `n`.
    static func allPaths(_ platform: Platform, _ body: (SimulatedDevice, DeviceExplorer) throws -> Void) throws
        -> [DeviceExploration.Path]
    {
        let exploration = DeviceExploration(platforms: [platform], plist: plist)
        var paths: [DeviceExploration.Path] = []
        for n in 1... {
            do {
                paths.append(try exploration.replay(String(n), on: platform, body).path)
            } catch {
                #expect(error.code == .notReplayable)
                break
            }
        }
        return paths
    }

    /// A prompt the closure answers at its next call is no choice point.
    @Test func aPromptTheClosureAnswersIsNoChoicePoint() throws {
        let report = try SimulatedDevice.explore(platforms: [.iOS(14, 0)], plist: Self.plist) { device, _ in
            device.makeLocationManager().requestWhenInUseAuthorization()
            try device.user.answer(.allowWhileUsing)
            try device.advance(by: .seconds(1))
        }
        #expect(report.paths == 1)
        #expect(report.platforms[0].rows[0].shortest.choices.isEmpty)
        #expect(report.platforms[0].rows[0].outcome.authorization == .authorizedWhenInUse)
    }

    /// With `systemTerminations: k`, each call of the world or of time in
    /// the background is a choice point while endings are left: k = 1 on
    /// three fixes in the background is four paths (end before the first,
    /// the second, the third, or never); after an ending the app runs no
    /// more and is no longer a choice point, so k = 2 is the same.
    @Test func systemTerminationsAreAtMostKPerPath() throws {
        func body(_ device: SimulatedDevice, _ explorer: DeviceExplorer) throws {
            try device.app.enterBackground()
            for i in 0..<3 { try device.feed(fix: Fix(latitude: 35 + Double(i) * 0.001, longitude: 139, accuracy: 5)) }
        }
        let none = try SimulatedDevice.explore(platforms: [.iOS(14, 0)], body)
        #expect(none.paths == 1)
        let one = try SimulatedDevice.explore(platforms: [.iOS(14, 0)], systemTerminations: 1, body)
        #expect(one.paths == 4)
        #expect(one.platforms[0].rows.map(\.outcome.terminations) == [0, 1])
        #expect(one.platforms[0].rows.map(\.paths) == [1, 3])
        #expect(one.platforms[0].rows[1].shortest.description == "0.000 system terminate")
        let two = try SimulatedDevice.explore(platforms: [.iOS(14, 0)], systemTerminations: 2, body)
        #expect(two == one)
    }

    /// The lifecycle calls are no termination point: the closure's
    /// `enterForeground` never meets an app the explorer ended.
    @Test func lifecycleCallsAreNoTerminationPoint() throws {
        let report = try SimulatedDevice.explore(platforms: [.iOS(14, 0)], systemTerminations: 1) { device, _ in
            try device.app.enterBackground()
            try device.app.enterForeground()
            try device.app.enterBackground()
        }
        #expect(report.paths == 1)
    }

    /// `explorer.systemAny()`: nothing, ending the app in the background,
    /// showing provisional Always's pending upgrade prompt; only what can
    /// happen then.
    @Test func systemAnyOffersWhatTheSystemCanDoThen() throws {
        func body(_ device: SimulatedDevice, _ explorer: DeviceExplorer) throws {
            let manager = device.makeLocationManager()
            manager.requestWhenInUseAuthorization()
            try device.user.answer(.allowWhileUsing)
            try explorer.systemAny()  // in the foreground, nothing pending: no choice
            manager.requestAlwaysAuthorization()  // iOS 13.0: provisional Always
            manager.startMonitoring(
                for: CircularRegion(id: "home", center: Coordinate(latitude: 35, longitude: 139), radius: 100))
            try device.app.enterBackground()
            try device.advance(by: .seconds(10))
            try device.world.exit(regionID: "home")  // held: the upgrade prompt is pending
            try explorer.systemAny()
            try device.advance(by: .seconds(1))
        }
        let exploration = DeviceExploration(platforms: [.iOS(13, 0)], plist: Self.plist)
        let report = try exploration.run(body)
        // The upgrade prompt shown is unanswered at the next call: its three options.
        #expect(report.paths == 2 + 3)
        #expect(report.failures.isEmpty)
        let paths = try ["1", "2", "3.2"].map { try exploration.replay($0, on: .iOS(13, 0), body).path.description }
        #expect(
            paths == [
                "(no choice)", "10.000 system terminate",
                "10.000 system notBusy; 10.000 upgrade changeToAlways",
            ])
    }

    /// A failed check or a thrown error fails the path; the failure's
    /// shortest path replays through the API to the same outcome, and its
    /// scenario through `locsim run`'s engine to the same log.
    @Test func aFailureReplaysByChoiceStringAndAsAScenario() throws {
        struct Unexpected: Error {}
        func body(_ device: SimulatedDevice, _ explorer: DeviceExplorer) throws {
            try Self.askAndWait(device, explorer)
            explorer.check(device.authorizationStatus != .denied, "denied")
            if device.authorizationStatus == .notDetermined { throw Unexpected() }
        }
        let exploration = DeviceExploration(platforms: [.iOS(14, 0)], plist: Self.plist)
        let report = try exploration.run(body)
        #expect(report.failures.map(\.outcome.failure) == ["denied", "threw Unexpected()"])
        let denied = report.failures[0]
        #expect(denied.shortest.choiceString == "5")
        #expect(denied.shortest.description == "0.000 whenInUse dontAllow")
        let again = try exploration.replay(denied.shortest.choiceString, on: .iOS(14, 0), body)
        #expect(again.outcome == denied.outcome)
        #expect(again.path == denied.shortest)
        #expect(denied.shortest.scenario.hasSuffix("0.000 user dontAllow\n# locsim: the closure failed here: denied\n"))
        let log = try Replay.log(of: Array(denied.shortest.scenario.utf8))
        #expect(log == again.device.log)
        #expect(log.records.last { $0.auth != nil }?.auth?.status == .denied)
    }

    /// `maxPaths` is a documented error, and nothing is reported.
    @Test func morePathsThanMaxPathsIsTheDocumentedError() {
        #expect(
            throws: DeviceError(
                .exploreLimit,
                "explore stopped on iOS 14.0: more than 3 paths (maxPaths); answer some prompts in the closure, or lower systemTerminations"
            )
        ) {
            try SimulatedDevice.explore(platforms: [.iOS(14, 0)], plist: Self.plist, maxPaths: 3, Self.askAndWait)
        }
    }

    /// A closure that asks again after each dismissal stops at 1000 choices
    /// on one path, with the error, even when it catches it.
    @Test func aLoopingClosureStopsAtTheChoiceCap() throws {
        let dismissEachTime = Array(repeating: "6", count: 1001).joined(separator: ".")
        let exploration = DeviceExploration(platforms: [.iOS(14, 0)], plist: Self.plist)
        let error = #expect(throws: DeviceError.self) {
            try exploration.replay(dismissEachTime, on: .iOS(14, 0)) { device, _ in
                let manager = device.makeLocationManager()
                for _ in 0..<5000 {  // each advance throws once the explorer stopped
                    manager.requestWhenInUseAuthorization()
                    try? device.advance(by: .seconds(1))
                }
            }
        }
        #expect(error?.code == .exploreLimit)
        #expect(error?.message.hasPrefix("more than 1000 choices on one path") == true)
    }

    /// A closure that does not do the same on each run, and a string that
    /// is not a choice string, are `.notReplayable`.
    @Test func aClosureThatChangesBetweenRunsIsNotReplayable() {
        var runs = 0
        let error = #expect(throws: DeviceError.self) {
            try SimulatedDevice.explore(platforms: [.iOS(14, 0)], plist: Self.plist) { device, explorer in
                runs += 1
                if runs == 1 { try Self.askAndWait(device, explorer) }
            }
        }
        #expect(error?.code == .notReplayable)
        #expect(error?.message.contains("the closure does not do the same on each run") == true)
        for bad in ["", "0", "1..2", "x", "1.-"] {
            #expect(throws: DeviceError.self) {
                try DeviceExploration(platforms: [.iOS(14, 0)]).replay(bad, on: .iOS(14, 0)) { _, _ in }
            }
        }
    }

    /// Outside an exploration the device makes no choice: the prompt stays.
    @Test func aDeviceOutsideAnExplorationChoosesNothing() throws {
        let device = try SimulatedDevice(platform: .iOS(14, 0), plist: Self.plist)
        device.makeLocationManager().requestWhenInUseAuthorization()
        try device.advance(by: .seconds(1))
        #expect(device.log.records.last?.prompt?.isShown == true)
    }
}
