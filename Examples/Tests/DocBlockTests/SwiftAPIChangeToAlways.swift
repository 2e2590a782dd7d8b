// Extracted from Sources/LocSimKit/LocSimKit.docc/SwiftAPI.md by tests/docs.py --update: edit the doc, not this file.
import LocSimKit
import Testing

@Test func changeToAlwaysDeliversTheHeldEntry() throws {
    var s = Scenario(platform: .iOS(13, 4))
    s.plist("NSLocationWhenInUseUsageDescription", "Finds stores near you.")
    s.plist("NSLocationAlwaysAndWhenInUseUsageDescription", "Tells you when you pass a store.")
    s.at(0, .launch)
    s.at(1, .app(.requestAlwaysAuthorization))
    s.at(2, .user(.answer(.allowWhileUsing)))        // provisional Always
    s.at(3, .app(.startMonitoring(CircularRegion(id: "store", center: Coordinate(latitude: 35.0, longitude: 139.7), radius: 100))))
    s.at(4, .background)
    s.at(60, .enter(regionID: "store"))              // not in use: held
    s.at(61, .systemNotBusy)                         // the upgrade prompt shows
    s.at(62, .user(.answer(.changeToAlways)))

    let log = try s.replay()
    #expect(log.callbacks.contains(.didChangeAuthorization(.authorizedAlways)))
    #expect(log.records.filter { $0.holdReason == .provisionalAlways }.map(\.time) == [.seconds(60)])
    #expect(log.records.first { $0.callback == .didEnterRegion(regionID: "store") }?.time == .seconds(62))
}
