import Foundation
import LocSimCoreLocation
import LocSimKit
import Testing

/// The iOS 17/18 objects of docs/public-api.txt — `CLServiceSession`,
/// `CLBackgroundActivitySession`, `CLMonitor` and the device's
/// `SimulatedSession` and `SimulatedMonitor` under them — and the
/// manager's beacon and region additions, used from another package; each
/// assertion is what Sources/LocSimCoreLocation/LocSimCoreLocation.docc/CoreLocationUnderTheRules.md and Sources/LocSimKit/LocSimKit.docc/SwiftAPI.md say.
@Suite struct DocumentedModernAPITests {
    static let plist: [String: PlistValue] = [
        "NSLocationWhenInUseUsageDescription": "Finds the gate.",
        "NSLocationTemporaryUsageDescriptionDictionary.Gate": "Finds the exact gate.",
        "UIBackgroundModes": ["location"],
    ]
    static let gate = CLLocationCoordinate2D(latitude: 51.4700, longitude: -0.4543)
    static let lounge = UUID(uuidString: "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0")!

    @Test func sessionsInCoreLocationsSpelling() async throws {
        let epoch = Date(timeIntervalSince1970: 1_800_000_000)
        let device = try SimulatedDevice(platform: .iOS(18, 0), plist: Self.plist, epoch: epoch)
        let manager = device.withCurrent { CLLocationManager() }
        manager.requestWhenInUseAuthorization()
        try device.user.answer(.allowWhileUsing)
        let (service, activity) = device.withCurrent {
            (CLServiceSession(authorization: .whenInUse, fullAccuracyPurposeKey: "Gate"), CLBackgroundActivitySession())
        }
        #expect(CLServiceSession.AuthorizationRequirement.always.rawValue == 2)
        #expect(
            service.simulatedSession?.kind == .service(name: "session1", .whenInUse, fullAccuracyPurposeKey: "Gate"))
        #expect(activity.simulatedSession?.kind == .backgroundActivity)
        try device.advance(by: .seconds(1))
        try device.user.setLocationServices(false)
        service.invalidate()
        activity.invalidate()
        #expect(service.simulationError == nil && activity.simulationError == nil)

        var serviceSeen: [CLServiceSession.Diagnostic] = []
        var serviceIterator: CLServiceSession.Diagnostics.Iterator = service.diagnostics.makeAsyncIterator()
        while let diagnostic = try await serviceIterator.next() { serviceSeen.append(diagnostic) }
        #expect(serviceSeen.count == 2)
        let off = try #require(serviceSeen.last)
        // Location Services off: denied globally, and so denied (docs/modern.md M22).
        #expect(off.authorizationDeniedGlobally && off.authorizationDenied && !off.authorizationRestricted)
        #expect(!off.insufficientlyInUse && !off.serviceSessionRequired && !off.alwaysAuthorizationDenied)
        #expect(!off.authorizationRequestInProgress && !off.fullAccuracyDenied)

        var activitySeen: [CLBackgroundActivitySession.Diagnostic] = []
        for try await diagnostic in activity.diagnostics { activitySeen.append(diagnostic) }
        let last = try #require(activitySeen.last)
        #expect(last.authorizationDeniedGlobally && last.authorizationDenied && !last.authorizationRestricted)
        #expect(!last.insufficientlyInUse && !last.serviceSessionRequired && !last.authorizationRequestInProgress)

        // The device's object under it.
        let session = try #require(service.simulatedSession)
        #expect(!session.isActive && session.lastError == nil)
        #expect(device.scenario.contains("1.000 app serviceSession end session1"))
        #expect(device.scenario.contains("1.000 app backgroundActivitySession end"))
        let plain = device.withCurrent { CLServiceSession(authorization: .none) }
        #expect(plain.simulatedSession?.kind == .service(name: "session2", .none, fullAccuracyPurposeKey: nil))
    }

    @Test func monitorInCoreLocationsSpelling() async throws {
        let epoch = Date(timeIntervalSince1970: 1_800_000_000)
        let device = try SimulatedDevice(platform: .iOS(17, 0), plist: Self.plist, epoch: epoch)
        let manager = device.withCurrent { CLLocationManager() }
        manager.requestWhenInUseAuthorization()
        try device.user.answer(.allowWhileUsing)
        let monitor = await device.withCurrent { await CLMonitor("airport") }
        let circle = CLMonitor.CircularGeographicCondition(center: Self.gate, radius: 200)
        #expect(circle.center.latitude == 51.47 && circle.radius == 200)
        await monitor.add(circle, identifier: "gate")
        await monitor.add(CLMonitor.BeaconIdentityCondition(uuid: Self.lounge), identifier: "lounge")
        await monitor.add(
            CLMonitor.BeaconIdentityCondition(uuid: Self.lounge, major: 3), identifier: "desk", assuming: .satisfied)
        #expect(await monitor.identifiers == ["gate", "lounge", "desk"])
        await monitor.remove("lounge")
        try device.advance(by: .seconds(2))
        try device.world.enter(regionID: "gate")

        var events: CLMonitor.Events.Iterator = await monitor.events.makeAsyncIterator()
        let event = try #require(try await events.next())
        #expect(event.identifier == "gate" && event.state == .satisfied && event.date == epoch.addingTimeInterval(2))
        #expect(event.refinement == nil && !event.authorizationDenied && !event.authorizationDeniedGlobally)
        #expect(!event.authorizationRestricted && !event.insufficientlyInUse && !event.accuracyLimited)
        #expect(!event.conditionUnsupported && !event.conditionLimitExceeded && !event.persistenceUnavailable)
        #expect(!event.serviceSessionRequired && !event.authorizationRequestInProgress)
        #expect(CLMonitor.Event.State.unmonitored.rawValue == 3 && CLMonitor.Event.State.unknown.rawValue == 0)

        let desk = try #require(await monitor.record(for: "desk"))
        #expect(desk.lastEvent.state == .satisfied && desk.lastEvent.date == epoch)
        let beacon = try #require(desk.condition as? CLMonitor.BeaconIdentityCondition)
        #expect(beacon.uuid == Self.lounge && beacon.major == 3 && beacon.minor == nil)
        #expect(beacon.monitorCondition == .beacon(BeaconConstraint(uuid: Self.lounge.uuidString, major: 3)))
        #expect(
            circle.monitorCondition == .circle(center: Coordinate(latitude: 51.47, longitude: -0.4543), radius: 200))
        #expect(await monitor.simulationError == nil)

        // The device's monitor under it.
        let simulated = try #require(monitor.simulatedMonitor)
        #expect(simulated.name == "airport" && simulated.isOpen && simulated.lastError == nil)
        #expect(simulated.identifiers == ["gate", "desk"])
        let record = try #require(simulated.record(for: "gate"))
        #expect(record.condition == circle.monitorCondition)
        #expect(record.lastEvent.identifier == "gate" && record.lastEvent.state == .satisfied)
        #expect(record.lastEvent.time == .seconds(2) && record.lastEvent.diagnostics.isEmpty)
        simulated.add(.circle(center: Coordinate(latitude: 51.47, longitude: -0.45), radius: 50), identifier: "b")
        simulated.remove("b")
        simulated.close()
        var rest: [SimulatedMonitorEvent] = []
        for await e in simulated.events { rest.append(e) }
        #expect(rest.isEmpty && !simulated.isOpen)
        try device.advance(by: .seconds(1))
    }

    @Test func theDevicesObjectsDirectly() async throws {
        let device = try SimulatedDevice(platform: .iOS(18, 0), plist: Self.plist)
        let manager = device.makeLocationManager()
        manager.requestWhenInUseAuthorization()
        try device.user.answer(.allowWhileUsing)
        let service = device.beginServiceSession(authorization: .none)
        let activity = device.beginBackgroundActivitySession()
        let monitor = device.openMonitor("airport")
        monitor.add(.circle(center: Coordinate(latitude: 51.47, longitude: -0.4543), radius: 200), identifier: "gate")
        try device.advance(by: .seconds(1))
        try device.world.enter(regionID: "gate")
        service.invalidate()
        activity.invalidate()
        monitor.close()
        var flags: [DiagnosticFlags] = []
        for await f in service.diagnostics { flags.append(f) }
        #expect(flags == [[]])  // at its begin: nothing missing
        var events = monitor.events.makeAsyncIterator()
        let entered = try #require(await events.next())
        #expect(entered.identifier == "gate" && entered.state == .satisfied && entered.time == .seconds(1))
        #expect(service.kind == .service(name: "session1", .none, fullAccuracyPurposeKey: nil))
        #expect(!service.isActive && !activity.isActive && service.lastError == nil && monitor.lastError == nil)
    }

    @MainActor @Test func beaconRegionsRangingAndTheMonitoringDistance() async throws {
        let device = try SimulatedDevice(platform: .iOS(17, 0), plist: Self.plist)
        let manager = device.withCurrent { CLLocationManager() }
        manager.requestWhenInUseAuthorization()
        try device.user.answer(.allowWhileUsing, precise: false)
        // The async temporary full accuracy: the app's task waits for the answer.
        let app = Task { @MainActor in
            try await manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Gate")
        }
        for _ in 0..<1000 where !device.scenario.contains("requestTemporaryFullAccuracyAuthorization") {
            await Task.yield()
        }
        try device.user.answer(.allowOnce)
        try await app.value
        #expect(manager.accuracyAuthorization == .fullAccuracy)

        let constraint = CLBeaconIdentityConstraint(uuid: Self.lounge, major: 3)
        manager.startRangingBeacons(satisfying: constraint)
        #expect(manager.rangedBeaconConstraints == [constraint])
        #expect(manager.simulatedManager?.rangedBeaconConstraints == [constraint.constraintForDocs])
        #expect(manager.maximumRegionMonitoringDistance == 400_000)
        #expect(manager.simulatedManager?.maximumRegionMonitoringDistance == 400_000)

        let byConstraint = CLBeaconRegion(beaconIdentityConstraint: constraint, identifier: "lounge")
        let byMajor = CLBeaconRegion(uuid: Self.lounge, major: 3, identifier: "lounge3")
        let byMinor = CLBeaconRegion(uuid: Self.lounge, major: 3, minor: 1, identifier: "desk")
        let any = CLBeaconRegion(uuid: Self.lounge, identifier: "any")
        #expect(byConstraint.uuid == Self.lounge && byConstraint.major?.intValue == 3 && byConstraint.minor == nil)
        #expect(byMajor.beaconIdentityConstraint == constraint && byMinor.minor?.intValue == 1 && any.major == nil)
        any.notifyEntryStateOnDisplay = true
        #expect(any.notifyEntryStateOnDisplay)
        manager.startMonitoring(for: any)
        #expect(manager.simulationError?.code == .unavailable)
        #expect(throws: DeviceError.self) { try device.advance(by: .seconds(1)) }
    }
}

extension CLBeaconIdentityConstraint {
    /// The rules' constraint, as the device's manager lists it.
    fileprivate var constraintForDocs: BeaconConstraint {
        BeaconConstraint(uuid: uuid.uuidString, major: major.map(Int.init), minor: minor.map(Int.init))
    }
}
