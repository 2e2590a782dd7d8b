import Testing

@testable import LocSimKit

/// Issue 43 item 3, the rest: devices without region monitoring, ranging or
/// the significant-change service (`set regionMonitoring|ranging|significantChange
/// false`, docs/rules.md §1, "Devices without the hardware"); GPS and compass
/// are in DeferredUpdatesTests and HeadingTests.
@Suite struct DeviceHardwareTests {
    typealias S = SimulatorScript
    static let uuid = "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0"
    static let sighting = BeaconSighting(uuid: uuid, major: 1, minor: 2, proximity: .near, rssi: nil)

    /// `startMonitoring` fails at once with code 5 and monitors nothing: the
    /// crossing that follows reaches no one; the availability reads false and
    /// `maximumRegionMonitoringDistance` -1 ("If region monitoring is
    /// unavailable or not supported, the value in this property is -1").
    @Test func withoutRegionMonitoringStartingARegionFails() throws {
        var s = S(Platform(.iOS, 17, 0)) { $0.regionMonitoring = false }
        try s.launchAuthorized()
        #expect(
            try s.at(3, S.region("cafe")) == [.delegate(.monitoringDidFail(regionID: "cafe", .regionMonitoringFailure))]
        )
        #expect(try s.at(4, .enter(regionID: "cafe")).isEmpty)
        #expect(s.simulator.read(.monitoredRegions) == "none")
        #expect(s.simulator.read(.isMonitoringAvailable(.CLCircularRegion)) == "false")
        #expect(s.simulator.read(.isMonitoringAvailable(.CLBeaconRegion)) == "false")
        #expect(s.simulator.read(.maximumRegionMonitoringDistance) == "-1")
        let device = try SimulatedDevice(platform: .iOS(17, 0), parameters: [.regionMonitoring(false)])
        #expect(!device.regionMonitoringAvailable)
        #expect(device.makeLocationManager().maximumRegionMonitoringDistance == -1)
        #expect(try SimulatedDevice(platform: .iOS(17, 0)).regionMonitoringAvailable)
    }

    /// Authorization is checked first: a denied app's start fails
    /// kCLErrorRegionMonitoringDenied (§8) on any device.
    @Test func aDeniedAppWithoutRegionMonitoringHearsTheDenial() throws {
        var s = S(Platform(.iOS, 17, 0)) { $0.regionMonitoring = false }
        try s.launchAuthorized(.dontAllow)
        #expect(
            try s.at(3, S.region("cafe")) == [.delegate(.monitoringDidFail(regionID: "cafe", .regionMonitoringDenied))])
    }

    /// `startRangingBeacons` fails kCLErrorRangingUnavailable and ranges
    /// nothing; `isRangingAvailable()` is false.
    @Test func withoutRangingStartingFails() throws {
        var s = S(Platform(.iOS, 17, 0)) { $0.ranging = false }
        try s.launchAuthorized()
        let constraint = BeaconConstraint(uuid: Self.uuid)
        #expect(
            try s.at(3, .app(.startRangingBeacons(constraint)))
                == [.delegate(.didFailRanging(constraint, .rangingUnavailable))])
        #expect(try s.at(4, .beacon(Self.sighting)).isEmpty)
        #expect(s.simulator.read(.rangedBeaconConstraints) == "none")
        #expect(s.simulator.read(.isRangingAvailable) == "false")
        let device = try SimulatedDevice(platform: .iOS(17, 0), parameters: [.ranging(false)])
        #expect(!device.rangingAvailable)
    }

    /// On a device with the hardware the same lines range, and
    /// `isRangingAvailable()` follows the platform (no ranging on macOS).
    @Test func rangingIsAvailableWhereThePlatformRanges() throws {
        var s = S(Platform(.iOS, 17, 0))
        try s.launchAuthorized()
        let constraint = BeaconConstraint(uuid: Self.uuid)
        #expect(try s.at(3, .app(.startRangingBeacons(constraint))).isEmpty)
        #expect(try s.at(4, .beacon(Self.sighting)) == [.delegate(.didRange(constraint, Self.sighting))])
        #expect(s.simulator.read(.isRangingAvailable) == "true")
        #expect(try SimulatedDevice(platform: .iOS(17, 0)).rangingAvailable)
        #expect(try !SimulatedDevice(platform: .macOS(14, 0)).rangingAvailable)
    }

    /// The significant-change start does nothing: no event for the fix that
    /// would be its first, no failure.
    @Test func withoutTheSignificantChangeServiceItsStartDoesNothing() throws {
        var s = S(Platform(.iOS, 17, 0)) { $0.significantChange = false }
        try s.launchAuthorized()
        #expect(try s.at(3, .app(.startMonitoringSignificantLocationChanges)).isEmpty)
        #expect(try s.at(4, S.fix(35, 139.7)).isEmpty)
        #expect(s.simulator.read(.significantLocationChangeMonitoringAvailable) == "false")
        let device = try SimulatedDevice(platform: .iOS(17, 0), parameters: [.significantChange(false)])
        #expect(!device.significantLocationChangeMonitoringAvailable)

        var normal = S(Platform(.iOS, 17, 0))
        try normal.launchAuthorized()
        try normal.at(3, .app(.startMonitoringSignificantLocationChanges))
        #expect(try normal.at(4, S.fix(35, 139.7)) == [.delegate(.didUpdateLocations(S.location(35, 139.7)))])
        #expect(normal.simulator.read(.significantLocationChangeMonitoringAvailable) == "true")
    }
}
