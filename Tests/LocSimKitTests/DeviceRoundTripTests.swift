import Testing

@testable import LocSimKit

/// Random sessions on a `SimulatedDevice`, with a delegate that reacts to
/// its callbacks: whatever happens, `scenario` replays to `log`, and no
/// misuse crashes.
@Suite struct DeviceRoundTripTests {
    /// Reacts as apps do: starts updates when authorized, retries a failed
    /// `requestLocation` once, asks for Always after some fixes.
    final class ReactiveApp: SimulatedLocationManagerDelegate {
        var fixes = 0
        var retried = false
        func locationManagerDidChangeAuthorization(_ manager: SimulatedLocationManager) {
            let status = manager.authorizationStatus
            if status == .authorizedWhenInUse || status == .authorizedAlways { manager.startUpdatingLocation() }
        }
        func locationManager(_ manager: SimulatedLocationManager, didChangeAuthorization status: AuthorizationStatus) {
            if status == .authorizedWhenInUse { manager.startUpdatingLocation() }
        }
        func locationManager(_ manager: SimulatedLocationManager, didUpdateLocations locations: [SimulatedLocation]) {
            fixes += 1
            if fixes == 3 { manager.requestAlwaysAuthorization() }
        }
        func locationManager(_ manager: SimulatedLocationManager, didFailWithError error: any Error) {
            if !retried {
                retried = true
                manager.requestLocation()
            }
        }
    }

    /// The app's launch: a new manager, its delegate a `ReactiveApp`.
    final class AppProcess: SimulatedAppDelegate {
        unowned let device: SimulatedDevice
        var manager: SimulatedLocationManager?
        let app = ReactiveApp()
        init(_ device: SimulatedDevice) { self.device = device }
        func applicationDidFinishLaunching(inBackground: Bool) {
            manager = device.makeLocationManager()
            manager?.delegate = app
        }
    }

    static let plist: [String: PlistValue] = [
        "NSLocationWhenInUseUsageDescription": "Shows where you are.",
        "NSLocationAlwaysAndWhenInUseUsageDescription": "Tells you at the door.",
        "NSLocationAlwaysUsageDescription": "Tells you at the door.",
        "UIBackgroundModes": ["location"],
    ]

    @Test(arguments: [Platform.iOS(12, 0), .iOS(13, 0), .iOS(14, 0), .iOS(17, 0)])
    func randomSessionsReplayFromTheirScenario(platform: Platform) throws {
        var delivered = 0
        for seed in UInt64(1)...12 {
            var random = SplitMix64(seed: seed &* 7919)
            func roll(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
            let device = try SimulatedDevice(platform: platform, plist: Self.plist)
            // Each launch is a new process: the app makes its manager there.
            let process = AppProcess(device)
            device.appDelegate = process
            var manager: SimulatedLocationManager { process.manager! }
            let home = CircularRegion(id: "home", center: Coordinate(latitude: 35.0, longitude: 139.0), radius: 200)
            for _ in 0..<80 {
                switch roll(16) {
                case 0: manager.requestWhenInUseAuthorization()
                case 1: manager.requestAlwaysAuthorization()
                case 2:
                    try? device.user.answer(
                        [
                            Answer.allowWhileUsing, .allowWhileUsing, .allowWhileUsing, .allowOnce, .dontAllow, .allow,
                            .allowAlways, .changeToAlways, .keepWhileUsing,
                        ][roll(9)])
                case 3: manager.requestLocation()
                case 4: manager.allowsBackgroundLocationUpdates = roll(2) == 0
                case 5: manager.stopUpdatingLocation()
                case 6: manager.startMonitoring(for: home)
                case 7: try? device.world.enter(regionID: "home")
                case 8: try? device.world.exit(regionID: "home")
                case 9: try? device.app.enterBackground()
                case 10: try? device.app.enterForeground()
                case 11: try? (roll(4) == 0 ? device.app.terminate() : device.app.launch())
                case 12: try? device.app.systemNotBusy()
                default:
                    try? device.advance(by: Millis(Int64(roll(20_000))))
                    let fix = Fix(
                        Location(Coordinate(latitude: 35.0 + Double(roll(100)) * 0.001, longitude: 139.0), accuracy: 5))
                    try? device.feed(fix: fix)
                }
            }
            try? device.runUntilIdle()
            try? device.runUntilIdle()  // any misuse left is thrown once each
            let replayed = try Replay.log(of: Array(device.scenario.utf8))
            #expect(replayed.text == device.log.text, "seed \(seed)")
            delivered += device.log.callbacks.count
        }
        #expect(delivered > 100, "sessions that do something")
    }
}
