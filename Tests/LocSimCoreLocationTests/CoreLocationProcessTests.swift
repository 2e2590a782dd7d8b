import LocSimCoreLocation
import LocSimKit
import Testing

/// A relaunch is a new process for LocSimCoreLocation too: the app's
/// `CLLocationManager` of the ended process is dead, the new one it makes
/// at launch starts from Core Location's defaults.
@Suite struct CoreLocationProcessTests {
    final class AppDelegate: SimulatedAppDelegate {
        var listeners: [Listener] = []
        func applicationDidFinishLaunching(inBackground: Bool) {
            let listener = Listener()  // the device is current: see withCurrent below
            listener.manager.allowsBackgroundLocationUpdates = true
            listeners.append(listener)
        }
    }

    @Test func theManagerOfAnEndedProcessIsDead() throws {
        let device = try SimulatedDevice(
            platform: .iOS(17, 0),
            plist: ["NSLocationWhenInUseUsageDescription": "Shows where you are.", "UIBackgroundModes": ["location"]])
        let app = AppDelegate()
        try device.withCurrent {
            device.appDelegate = app  // the launch at time 0 reaches it now
            try device.app.terminate()
            try device.app.launch()
        }
        #expect(app.listeners.count == 2)
        let (old, new) = (app.listeners[0].manager, app.listeners[1].manager)
        #expect(new.allowsBackgroundLocationUpdates && new.simulationError == nil)
        old.startUpdatingLocation()
        #expect(old.simulationError?.code == .processEnded)
        #expect(device.ignoredCalls.count == 1)
        try device.advance(by: .seconds(1))  // not thrown
        #expect(app.listeners[1].heard == ["new 0"])  // the new manager's creation callback
    }
}
