import Foundation
import LocSimCoreLocation
import LocSimKit
import Testing

/// `CLBeaconRegion`, `rangedBeaconConstraints`, `maximumRegionMonitoringDistance`
/// and the async `requestTemporaryFullAccuracyAuthorization(withPurposeKey:)`.
@Suite struct CoreLocationManagerAdditionsTests {
    static let door = UUID(uuidString: "5A4BCFCE-174E-4BAC-A814-092E77F6B7E5")!
    static let plist: [String: PlistValue] = [
        "NSLocationWhenInUseUsageDescription": "Shows the office door.",
        "NSLocationTemporaryUsageDescriptionDictionary.Route": "Draws your route.",
    ]

    @Test func rangedBeaconConstraintsAreEachManagersOwn() throws {
        let (device, listener) = try CoreLocationTests.allowed()
        let other = device.withCurrent { CLLocationManager() }
        let lobby = CLBeaconIdentityConstraint(uuid: Self.door, major: 1)
        let desk = CLBeaconIdentityConstraint(uuid: Self.door, major: 1, minor: 9)
        listener.manager.startRangingBeacons(satisfying: lobby)
        other.startRangingBeacons(satisfying: desk)
        #expect(listener.manager.rangedBeaconConstraints == [lobby])
        #expect(other.rangedBeaconConstraints == [desk])
        listener.manager.stopRangingBeacons(satisfying: lobby)
        #expect(listener.manager.rangedBeaconConstraints.isEmpty)
        #expect(other.rangedBeaconConstraints == [desk])
        try device.advance(by: .seconds(1))
    }

    @Test func maximumRegionMonitoringDistanceIsTheRulesLimit() throws {
        let (device, listener) = try CoreLocationTests.allowed()
        #expect(listener.manager.maximumRegionMonitoringDistance == 400_000)
        // A radius past it fails, as the rules say (monitoringDidFailFor).
        let far = CLCircularRegion(
            center: CLLocationCoordinate2D(latitude: 35, longitude: 139),
            radius: listener.manager.maximumRegionMonitoringDistance + 1, identifier: "far")
        listener.manager.startMonitoring(for: far)
        try device.advance(by: .seconds(1))
        #expect(device.log.text.contains("monitoringDidFailFor"))

        let watch = try SimulatedDevice(platform: .watchOS(10, 0), plist: CoreLocationTests.plist)
        let onWatch = watch.withCurrent { CLLocationManager() }
        #expect(onWatch.maximumRegionMonitoringDistance == -1)
        #expect(CLLocationManager().maximumRegionMonitoringDistance == -1)  // no device current
    }

    @Test func beaconRegionsCompileButAreNotMonitored() throws {
        let (device, listener) = try CoreLocationTests.allowed()
        let region = CLBeaconRegion(uuid: Self.door, major: 1, minor: 2, identifier: "lobby")
        #expect(region.uuid == Self.door && region.major?.intValue == 1 && region.minor?.intValue == 2)
        #expect(region.beaconIdentityConstraint == CLBeaconIdentityConstraint(uuid: Self.door, major: 1, minor: 2))
        #expect(CLBeaconRegion(uuid: Self.door, identifier: "any").major == nil)
        #expect(!region.notifyEntryStateOnDisplay && region.identifier == "lobby")
        listener.manager.startMonitoring(for: region)
        #expect(listener.manager.simulationError?.code == .unavailable)
        #expect(listener.manager.simulationError?.message.contains("CLMonitor.BeaconIdentityCondition") == true)
        #expect(listener.manager.monitoredRegions.isEmpty)
        #expect(device.withCurrent { !CLLocationManager.isMonitoringAvailable(for: CLBeaconRegion.self) })
        #expect(device.withCurrent { CLLocationManager.isMonitoringAvailable(for: CLCircularRegion.self) })
        #expect(throws: DeviceError.self) { try device.advance(by: .seconds(1)) }
    }

    @MainActor @Test func asyncTemporaryFullAccuracyReturnsWhenTheUserAnswers() async throws {
        let device = try SimulatedDevice(platform: .iOS(17, 0), plist: Self.plist)
        let manager = device.withCurrent { CLLocationManager() }
        manager.requestWhenInUseAuthorization()
        try device.user.answer(.allowWhileUsing, precise: false)
        #expect(manager.accuracyAuthorization == .reducedAccuracy)
        var outcome: String?
        let app = Task { @MainActor in
            do {
                try await manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Route")
                outcome = "granted"
            } catch {
                outcome = "\(error)"
            }
        }
        // The app's task makes its call and waits for the answer.
        for _ in 0..<1000 where !device.scenario.contains("requestTemporaryFullAccuracyAuthorization") {
            await Task.yield()
        }
        #expect(outcome == nil)
        try device.user.answer(.allowOnce)
        await app.value
        #expect(outcome == "granted")
        #expect(manager.accuracyAuthorization == .fullAccuracy)

        // Full accuracy already: declined at the device's next run, as the completion is.
        let again = Task { @MainActor in
            do {
                try await manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Route")
                return "granted"
            } catch {
                return (error as? CLError)?.code == .promptDeclined ? "declined" : "\(error)"
            }
        }
        for _ in 0..<1000 where device.log.text.components(separatedBy: "completion").count < 3 {
            await Task.yield()
            try device.advance(by: .zero)
        }
        #expect(await again.value == "declined")
    }

    @MainActor @Test func asyncTemporaryFullAccuracyThrowsWhenTheCallHasNoEffect() async throws {
        let device = try SimulatedDevice(platform: .iOS(13, 0), plist: Self.plist)
        let manager = device.withCurrent { CLLocationManager() }
        do {
            try await manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Route")
            Issue.record("no error")
        } catch {
            #expect((error as? DeviceError)?.code == .unavailable)
        }
        let heard = HeardWarnings()
        let unbound = heard.during { CLLocationManager() }
        #expect(heard.lines.count == 1)
        do {
            try await unbound.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Route")
            Issue.record("no error")
        } catch {
            #expect((error as? DeviceError)?.code == .noCurrentDevice)
        }
    }
}
