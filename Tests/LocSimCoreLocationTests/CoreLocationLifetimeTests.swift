import Foundation
import LocSimCoreLocation
import LocSimKit
import Testing

/// A `CLLocationManager` the app lets go of hears nothing more, however it
/// goes; the device's manager under it keeps running, as the rules say.
@Suite struct CoreLocationLifetimeTests {
    /// Replaces its manager at its first fix, inside that manager's own
    /// callback, as a tracker restarting its updates does.
    final class Replacer: NSObject, CLLocationManagerDelegate {
        var manager: CLLocationManager
        /// Which of its managers (0: the first) heard each fix.
        var heardBy: [Int] = []
        weak var first: CLLocationManager?

        init(_ manager: CLLocationManager) {
            self.manager = manager
            first = manager
            super.init()
            manager.delegate = self
        }

        func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
            heardBy.append(manager === first ? 0 : 1)
            guard manager === first else { return }
            let next = CLLocationManager()  // the device is current in a callback
            next.delegate = self
            next.startUpdatingLocation()
            self.manager = next  // the first one goes, while its callback runs
        }
    }

    @Test func aManagerLetGoOfInsideItsOwnCallbackHearsNothingMore() throws {
        let device = try SimulatedDevice(platform: .iOS(17, 0), plist: CoreLocationTests.plist)
        let replacer = device.withCurrent { Replacer(CLLocationManager()) }
        replacer.manager.requestWhenInUseAuthorization()
        try device.user.answer(.allowWhileUsing)
        replacer.manager.startUpdatingLocation()
        for second in 1...3 {
            try device.advance(to: .seconds(Int64(second)))
            try device.feed(fix: Fix(CoreLocationTests.here))
        }
        #expect(replacer.first == nil)  // gone inside its first callback
        #expect(replacer.heardBy == [0, 1, 1])
        // The device's manager under it still delivers: the rules do not know the app let go.
        let updates = device.log.text.split(separator: "\n").filter { $0.contains("didUpdateLocations") }
        #expect(updates.filter { !$0.hasSuffix("manager=manager2") }.count == 3)  // the first manager's
    }

    /// `simulatedManager.delegate` set by the test takes the callbacks from
    /// the `CLLocationManager` over it, as it did when the relay was that delegate.
    @Test func aDelegateSetOnTheSimulatedManagerReplacesTheRelay() throws {
        final class Counter: SimulatedLocationManagerDelegate {
            var locations = 0
            func locationManager(_ manager: SimulatedLocationManager, didUpdateLocations locations: [SimulatedLocation])
            {
                self.locations += locations.count
            }
        }
        let (device, listener) = try CoreLocationTests.allowed(updating: true)
        let counter = Counter()
        listener.manager.simulatedManager?.delegate = counter
        try device.advance(to: .seconds(1))
        try device.feed(fix: Fix(CoreLocationTests.here))
        #expect(counter.locations == 1 && listener.locations.isEmpty)
    }
}
