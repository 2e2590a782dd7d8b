// The fragments the docs show, in the context that makes each compile and
// run: tests/docs.py checks that each block marked `<!-- docs: part of
// Examples/Tests/DocBlockTests/DocFragments.swift -->` comes, line after
// line, in this file. Edit a fragment here and in its doc together.
import LocSimKit
import Testing

/// A When In Use flow with the prompt's answer explored.
private let text = """
    locsim 1
    platform iOS 14.0
    plist NSLocationWhenInUseUsageDescription "Shows where you are."
    0 launch
    1 app requestWhenInUseAuthorization
    2 user any
    3 app startUpdatingLocation
    4 fix 35.0 139.7 5
    """

/// docs/explore.md, "Swift": every path of a platform hears a fix or a failure.
@Test func everyPathHearsAFixOrAFailure() throws {
    let report = try Explore(platforms: [.iOS(13), .iOS(14), .iOS(26)]).run(Array(text.utf8))
    for platform in report.platforms {
        // A dismissed prompt answers nothing: such paths may rightly hear nothing.
        for row in platform.rows where row.outcome.error == nil && !row.shortestPath.contains(where: { $0.action == .dismiss }) {
            let fixes = row.outcome.deliveredCount("didUpdateLocations")
            let failures = row.outcome.deliveredCount("didFailWithError")
            assert(fixes + failures > 0, "\(platform.platform): \(row.shortestPath.map(\.description))")
        }
    }
    #expect(report.platforms.count == 3)
}

/// docs/explore.md, "Your own code": one issue a failure.
@Test func eachFailureIsAnIssue() throws {
    let exploration = DeviceExploration(
        platforms: [.iOS(14, 0)], plist: ["NSLocationWhenInUseUsageDescription": "Shows where you are."])
    let report = try exploration.run { device, explorer in
        let manager = device.makeLocationManager()
        manager.requestWhenInUseAuthorization()
        try device.advance(by: .seconds(1))
        explorer.check(manager.authorizationStatus != .restricted, "restricted")
    }
    for failure in report.failures {
        Issue.record("\(failure.outcome.failure ?? "") on \(failure.outcome.platform): \(failure.shortest) [\(failure.shortest.choiceString)]")
    }
    #expect(report.paths > 1)
}

/// Sources/LocSimKit/LocSimKit.docc/SwiftAPI.md: reading a fitness app's log.
@Test func aFitnessLogRead() throws {
    var s = Scenario(platform: .iOS(17, 0))
    s.plist("NSLocationWhenInUseUsageDescription", "Records your run.")
    s.at(0, .launch)
    s.at(1, .app(.requestWhenInUseAuthorization))
    s.at(2, .user(.answer(.allowWhileUsing)))
    s.at(3, .app(.liveUpdates(.start(.fitness))))
    s.at(4, .fix(Fix(latitude: 35.6581, longitude: 139.7017, accuracy: 5)))
    let log = try s.replay()
    let fixes = log.records.compactMap(\.update).compactMap(\.location)
    let paused = log.records.contains { $0.dropReason == .stationary }
    #expect(log.records.compactMap(\.update).allSatisfy { !$0.flags.contains(.insufficientlyInUse) })
    #expect(fixes.count == 1 && !paused)
}

/// Sources/LocSimKit/LocSimKit.docc/SwiftAPI.md, "The app's process": the app delegate.
@Test func theAppDelegateMakesTheManagerAtLaunch() throws {
    final class Tracker: SimulatedLocationManagerDelegate {}
    let device = try SimulatedDevice(platform: .iOS(17, 0), plist: ["NSLocationWhenInUseUsageDescription": "Why"])
    final class App: SimulatedAppDelegate {
        unowned let device: SimulatedDevice
        var manager: SimulatedLocationManager?
        let tracker = Tracker()
        init(_ device: SimulatedDevice) { self.device = device }
        func applicationDidFinishLaunching(inBackground: Bool) {
            manager = device.makeLocationManager()        // a new process: a new manager
            manager?.delegate = tracker
        }
    }
    let app = App(device)
    device.appDelegate = app                               // the launch at time 0 reaches it here
    #expect(app.manager != nil)
}

/// docs/install.md: a scenario's text replayed from Swift.
@Test func aScenarioTextReplays() {
    let scenarioText = "locsim 1\nplatform iOS 17.0\n0 launch\n"
    do throws(ScenarioError) {
        let log = try Scenario(text: scenarioText).replay()
        print(log.text, terminator: "")  // the log `locsim run` prints, byte for byte
    } catch {
        print(error.formatted(file: "my.scn"))  // file:line:column: error: …, then any note: lines
    }
    // What it printed: the log of the launch.
    #expect((try? Scenario(text: scenarioText).replay())?.text.hasPrefix("0.000 app launch foreground\n") == true)
}
