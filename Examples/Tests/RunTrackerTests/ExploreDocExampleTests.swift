// The DeviceExploration example of docs/explore.md ("Your own code:
// SimulatedDevice"), in the context that compiles and runs it: tests/docs.py
// checks that the doc's block comes, line after line, in this file.
import LocSimKit
import RunTracker
import RunTrackerSimulation
import Testing

@Suite struct ExploreDocExampleTests {
    @Test func theDocsExampleRuns() throws {
        let plist = SimulatedRunApp.plist
        let home = SimulatedRunApp.home
        let exploration = DeviceExploration(platforms: [.iOS(13, 0), .iOS(14, 0), .iOS(26, 0)], plist: plist,
                                            systemTerminations: 1)
        let body = { (device: SimulatedDevice, explorer: DeviceExplorer) in
            let app = SimulatedRunApp(device: device) { RunTracker(manager: $0, home: home) }   // new objects each run
            app.tracker.startRun()                      // asks for When In Use
            try device.advance(by: .seconds(1))         // the prompt is unanswered: a choice point
            try device.feed(fix: ComeBackToTheApp.fix(0))
            try device.advance(by: .seconds(1))
            explorer.check(app.tracker.lastPoint != nil || app.tracker.permission != .whileUsing, "no location shown")
        }
        let report = try exploration.run(body)
        for failure in report.failures {
            print(failure.shortest, failure.shortest.choiceString)   // 0.000 whenInUse allowWhileUsing; 2.000 system terminate 1.2
            print(failure.shortest.scenario)                          // a .scn file: locsim run replays it
            // The same path again: a DeviceExploration.Replayed, its outcome, its path and the device to read.
            let again = try exploration.replay(failure.shortest.choiceString, on: failure.outcome.platform, body)
            print(again.outcome.failure ?? "passed", again.device.log.text)
        }
        #expect(report.paths > 0)
    }
}
