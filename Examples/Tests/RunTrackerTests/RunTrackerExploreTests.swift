import LocSimKit
import RunTracker
import RunTrackerSimulation
import Testing

/// `DeviceExploration` over the tracker's own code (docs/explore.md, "Your
/// own code: SimulatedDevice"): every answer path on iOS 13–26, with the
/// system ending the suspended app at any point (k = 1). The flow and its
/// check are `ComeBackToTheApp.flow`.
@Suite struct RunTrackerExploreTests {
    /// On every path the tracker the user comes back to shows a fix or that it may not.
    @Test func comingBackShowsAFixOrTheDeniedState() throws {
        let report = try ComeBackToTheApp.exploration(systemTerminations: 1).run { device, explorer in
            try ComeBackToTheApp.flow(device, explorer) { RunTracker(manager: $0, home: SimulatedRunApp.home) }
        }
        #expect(report.failures.isEmpty, "\(report)")
        #expect(report.platforms.map(\.platform) == ComeBackToTheApp.platforms)
        // The system's endings are explored: some paths relaunch the app.
        for platform in report.platforms {
            #expect(platform.rows.contains { $0.outcome.terminations == 1 }, "\(platform.platform)")
            #expect(platform.rows.contains { $0.outcome.authorization == .denied }, "\(platform.platform)")
        }
    }

    /// The forgetful tracker fails only where the system ended the app:
    /// the test prints the shortest counterexample, replays it through the
    /// API to the same failure, and its scenario through `locsim run`'s
    /// engine to the same log.
    @Test func theForgetfulTrackersCounterexampleReplays() throws {
        let exploration = ComeBackToTheApp.exploration(systemTerminations: 1)
        let forgetful: (SimulatedDevice, DeviceExplorer) throws -> Void = { device, explorer in
            try ComeBackToTheApp.flow(device, explorer) { ForgetfulRunTracker(manager: $0) }
        }
        let report = try exploration.run(forgetful)
        let failure = try #require(report.failures.first)
        print("counterexample on \(failure.outcome.platform): \(failure.shortest) [\(failure.shortest.choiceString)]")
        print(failure.shortest.scenario)
        #expect(failure.outcome.terminations == 1)
        #expect(failure.outcome.failure?.hasPrefix("back in the app") == true)
        #expect(failure.shortest.choices.contains { $0.option == "system terminate" })
        // Every failing path has the system end the app: with k = 0 only
        // the flow's own `systemAny()` can, and no path without it fails.
        let ended = { (row: DeviceExploration.Row) in row.shortest.choices.contains { $0.option == "system terminate" }
        }
        #expect(report.failures.allSatisfy(ended))
        let scripted = try ComeBackToTheApp.exploration(systemTerminations: 0).run(forgetful)
        #expect(!scripted.failures.isEmpty && scripted.failures.allSatisfy(ended))
        #expect(scripted.paths < report.paths)

        let replayed = try exploration.replay(failure.shortest.choiceString, on: failure.outcome.platform, forgetful)
        #expect(replayed.outcome == failure.outcome)
        #expect(replayed.path == failure.shortest)
        // The scenario replays to the log the closure saw.
        let log = try Replay.log(of: Array(replayed.device.scenario.utf8))
        #expect(log == replayed.device.log)
        #expect(failure.shortest.scenario.hasPrefix(replayed.device.scenario))
        #expect(failure.shortest.scenario.contains("system terminate\n"))
    }
}
