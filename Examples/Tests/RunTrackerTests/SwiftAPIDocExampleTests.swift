// The SimulatedDevice example of Sources/LocSimKit/LocSimKit.docc/SwiftAPI.md
// ("Your own code under the rules"), compiled and run: tests/docs.py checks
// that the doc's block comes, line after line, in this file.
import LocSimKit
import RunTracker
import RunTrackerSimulation
import Testing

@Suite struct SwiftAPIDocExampleTests {
    @Test func allowOnceExpiresAfterTheGracePeriod() throws {
        // SimulatedDevice(platform: .iOS(14, 0), plist: […]), makeLocationManager(),
        // the delegate and appDelegate forwarding to a RunTracker:
        let app = try SimulatedRunApp(.iOS(14, 0))
        app.tracker.startRun()                           // asks for When In Use
        try app.device.advance(by: .seconds(1))
        try app.device.user.answer(.allowOnce)           // the tracker hears it and starts updates
        try app.device.feed(fix: Fix(latitude: 35.6581, longitude: 139.7017, accuracy: 5))
        app.tracker.endRun()
        try app.device.app.enterBackground()             // the tracker stops updates
        try app.device.advance(by: .seconds(5))          // the grace period ends: Allow Once expires
        #expect(app.tracker.permission == .undecided)    // a mock would still say While Using
    }
}
