import LocSimKit
import Testing

/// The `DeviceExploration` part of docs/public-api.txt, used from another
/// package (see `DocumentedAPITests`): every member is read or called, and
/// each assertion is what docs/explore.md says it does.
@Suite struct DocumentedExplorationAPITests {
    static let plist: [String: PlistValue] = ["NSLocationWhenInUseUsageDescription": "Why"]

    @Test func everyMemberOfTheExploration() throws {
        var exploration = DeviceExploration(platforms: [.iOS(14, 0)], plist: Self.plist, systemTerminations: 1)
        exploration.delegateMethods = .all
        exploration.parameters = []
        exploration.maxPaths = DeviceExploration.defaultMaxPaths
        #expect(exploration.platforms == [.iOS(14, 0)] && exploration.plist.count == 1)
        #expect(exploration.systemTerminations == 1)
        let body: (SimulatedDevice, DeviceExplorer) throws -> Void = { device, explorer in
            device.makeLocationManager().requestWhenInUseAuthorization()
            try device.advance(by: .seconds(1))  // the prompt: a choice point
            try device.app.enterBackground()
            try explorer.systemAny()  // nothing, or the system ends the app
            try device.advance(by: .seconds(20))  // a termination point while the app runs
            if !device.app.isLaunched { try device.app.launch() }
            explorer.check(device.authorizationStatus != .denied, "denied")
        }
        let report = try exploration.run(body)
        let same = try SimulatedDevice.explore(
            platforms: [.iOS(14, 0)], plist: Self.plist, delegateMethods: .all, parameters: [], systemTerminations: 1,
            maxPaths: 100, body)
        #expect(same == report)
        #expect(report.paths == report.platforms.reduce(0) { $0 + $1.paths })
        let platform = try #require(report.platforms.first)
        #expect(platform.platform == .iOS(14, 0))
        #expect(platform.rows.reduce(0) { $0 + $1.paths } == platform.paths)
        let failure = try #require(report.failures.first)
        #expect(failure.outcome.failed && failure.outcome.failure == "denied")
        #expect(failure.outcome.platform == .iOS(14, 0) && failure.outcome.authorization == .denied)
        #expect(failure.outcome.terminations == 0)
        let path = failure.shortest
        #expect(path.platform == .iOS(14, 0))
        let choice = try #require(path.choices.first)
        #expect(choice.kind == .prompt(.whenInUse) && choice.kind.description == "whenInUse prompt")
        #expect(choice.option == "dontAllow" && choice.index == 4 && choice.time == .seconds(0))
        #expect(choice.description == "0.000 whenInUse dontAllow")
        #expect(path.description == "0.000 whenInUse dontAllow; 1.000 system terminate")  // the fewest choices
        #expect(path.choiceString == "5.2")
        #expect(path.scenario.contains("0.000 user dontAllow\n"))
        #expect(report.description.contains("FAILED: denied"))
        let kinds: [DeviceExploration.Choice.Kind] = [.suspendedApp, .system]
        #expect(kinds.map(\.description) == ["app in the background", "systemAny"])

        let replayed = try exploration.replay(path.choiceString, on: path.platform, body)
        #expect(replayed.outcome == failure.outcome && replayed.path == path)
        #expect(replayed.device.log == (try Replay.log(of: Array(replayed.device.scenario.utf8))))
        #expect(throws: DeviceError.self) { try exploration.replay("x", on: .iOS(14, 0), body) }

        let limited = #expect(throws: DeviceError.self) {
            try DeviceExploration(platforms: [.iOS(14, 0)], plist: Self.plist, maxPaths: 2).run(body)
        }
        #expect(limited?.code == .exploreLimit)
        #expect(DeviceError.Code.notReplayable.description == "notReplayable")
    }
}
