import LocSimKit
import Testing

/// A geofencing app asks for Always on iOS 13.4. The user picks "Allow While
/// Using": the app gets provisional Always. A store entry while the app is in
/// the background is held until the user answers the upgrade prompt.
@Suite struct ProvisionalAlwaysTests {
    func storeAlerts(upgradeAnswer: Answer) -> Scenario {
        var s = Scenario(platform: .iOS(13, 4))
        s.plist("NSLocationWhenInUseUsageDescription", "Finds stores near you.")
        s.plist("NSLocationAlwaysAndWhenInUseUsageDescription", "Tells you when you pass a store.")
        s.at(0, .launch)
        s.at(1, .app(.requestAlwaysAuthorization))
        s.at(2, .user(.answer(.allowWhileUsing)))
        s.at(3, .app(.startMonitoring(CircularRegion(id: "store", center: Coordinate(latitude: 35.0, longitude: 139.7), radius: 100))))
        s.at(4, .background)
        s.at(60, .enter(regionID: "store"))
        s.at(61, .systemNotBusy)  // the system shows the upgrade prompt
        s.at(62, .user(.answer(upgradeAnswer)))
        return s
    }

    @Test func changeToAlwaysDeliversTheHeldEntry() throws {
        let log = try storeAlerts(upgradeAnswer: .changeToAlways).replay()

        // The app reads authorizedAlways at once, though Settings says While Using.
        #expect(log.callbacks.contains(.didChangeAuthorization(.authorizedAlways)))
        // The entry at 60 s is held, not delivered...
        let held = log.records.filter { $0.holdReason == .provisionalAlways }
        #expect(held.map(\.time) == [.seconds(60)])
        // ...until the user changes to Always at 62 s.
        let entry = log.records.first { $0.callback == .didEnterRegion(regionID: "store") }
        #expect(entry?.time == .seconds(62))
    }

    @Test func keepWhileUsingDropsTheHeldEntry() throws {
        let log = try storeAlerts(upgradeAnswer: .keepWhileUsing).replay()

        #expect(!log.callbacks.contains(.didEnterRegion(regionID: "store")))
        #expect(log.records.contains { $0.dropReason == .keptWhileUsing })
        // Settings now says While Using; the suspended app hears of it only
        // when it next runs, so no callback follows in this log.
        #expect(log.records.last { $0.auth != nil }?.auth?.status == .authorizedWhenInUse)
        #expect(log.callbacks.last != .didChangeAuthorization(.authorizedWhenInUse))
    }

    @Test func theTextFormGivesTheSameLog() throws {
        let built = storeAlerts(upgradeAnswer: .changeToAlways)
        // `text` is a scenario `locsim run` reads; replaying it gives the same records.
        #expect(try Scenario(text: built.text).replay() == built.replay())
    }
}
