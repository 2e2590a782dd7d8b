import Foundation
import LocSimCoreLocation
import LocSimKit
import Testing

/// iOS 17/18's session objects and `CLMonitor` in Apple's spelling, over the device.
@Suite struct CoreLocationSessionTests {
    static let explicit: [String: PlistValue] = [
        "NSLocationWhenInUseUsageDescription": "Finds cafés near you.",
        "NSLocationRequireExplicitServiceSession": .bool(true),
        "UIBackgroundModes": .array(["location"]),
    ]

    @Test func serviceSessionAsksAndItsDiagnosticsSayWhatIsMissing() async throws {
        let device = try SimulatedDevice(platform: .iOS(18, 0), plist: Self.explicit)
        let manager = device.withCurrent { CLLocationManager() }
        try device.advance(by: .seconds(3))
        let session = device.withCurrent { CLServiceSession(authorization: .whenInUse) }
        try device.user.answer(.allowWhileUsing)
        try device.advance(by: .seconds(3))
        session.invalidate()
        var seen: [CLServiceSession.Diagnostic] = []
        for try await diagnostic in session.diagnostics { seen.append(diagnostic) }
        // The begin's (the prompt it shows is on screen), then the answer's.
        #expect(seen.count == 2)
        #expect(seen.first?.authorizationRequestInProgress == true)
        #expect(seen.last.map { !$0.authorizationRequestInProgress && !$0.authorizationDenied } == true)
        #expect(manager.authorizationStatus == .authorizedWhenInUse)
        let log = device.log.text
        #expect(log.contains("3.000 session serviceSession session1 begin requirement=whenInUse state=effective"))
        #expect(log.contains("6.000 session serviceSession session1 end reason=invalidated"))
        #expect(session.simulationError == nil)
    }

    @Test func lettingGoOfASessionReleasesIt() throws {
        let device = try SimulatedDevice(platform: .iOS(18, 0), plist: Self.explicit)
        var session: CLServiceSession? = device.withCurrent {
            CLServiceSession(authorization: .none, fullAccuracyPurposeKey: "Route")
        }
        #expect(session?.simulatedSession?.isActive == true)
        try device.advance(by: .seconds(2))
        session = nil
        try device.advance(by: .seconds(1))
        #expect(device.scenario.contains("0.000 app serviceSession begin session1 none fullAccuracyPurposeKey=Route"))
        #expect(device.scenario.contains("2.000 app serviceSession release session1"))
        #expect(device.log.text.contains("2.000 session serviceSession session1 end reason=released"))
    }

    @Test func serviceSessionBeforeIOS18IsRefused() throws {
        let device = try SimulatedDevice(platform: .iOS(17, 0), plist: Self.explicit)
        let session = device.withCurrent { CLServiceSession(authorization: .whenInUse) }
        #expect(session.simulationError?.code == .unavailable)
        #expect(session.simulatedSession?.isActive == false)
        #expect(throws: DeviceError.self) { try device.advance(by: .seconds(1)) }
    }

    @Test func activitySessionKeepsTheAppInUseUntilInvalidated() async throws {
        let device = try SimulatedDevice(platform: .iOS(17, 0), plist: Self.explicit)
        let manager = device.withCurrent { CLLocationManager() }
        manager.requestWhenInUseAuthorization()
        try device.user.answer(.allowWhileUsing)
        let session = device.withCurrent { CLBackgroundActivitySession() }
        try device.app.enterBackground()
        try device.advance(by: .seconds(60))
        session.invalidate()
        try device.advance(by: .seconds(1))
        let log = device.log.text
        #expect(log.contains("session backgroundActivitySession begin state=effective"))
        #expect(log.contains("indicator on"))
        #expect(!log.contains("inuse end reason=graceExpired"))
        #expect(log.contains("60.000 session backgroundActivitySession end reason=invalidated"))
        // iOS 17 has no diagnostics: empty, and the read is reported.
        var diagnostics = session.diagnostics.makeAsyncIterator()
        #expect(try await diagnostics.next() == nil)
        #expect(device.ignoredCalls.last?.code == .unavailable)
        #expect(device.ignoredCalls.last?.message.contains("iOS 18") == true)
    }

    @Test func activitySessionDiagnosticsOnIOS18() async throws {
        let device = try SimulatedDevice(
            platform: .iOS(18, 0),
            plist: ["NSLocationWhenInUseUsageDescription": "Records your run.", "UIBackgroundModes": ["location"]])
        let manager = device.withCurrent { CLLocationManager() }
        manager.requestWhenInUseAuthorization()
        try device.user.answer(.allowWhileUsing)
        let session = device.withCurrent { CLBackgroundActivitySession() }
        try device.advance(by: .seconds(1))
        try device.user.setLocationServices(false)
        session.invalidate()
        var seen: [CLBackgroundActivitySession.Diagnostic] = []
        for try await diagnostic in session.diagnostics { seen.append(diagnostic) }
        // The begin's (nothing missing), then Location Services off's.
        #expect(seen.count == 2)
        #expect(seen.first.map { !$0.authorizationDeniedGlobally && !$0.insufficientlyInUse } == true)
        // Location Services off: denied globally, and so denied (modern.md M22, WWDC24 10212).
        #expect(seen.last.map { $0.authorizationDeniedGlobally && $0.authorizationDenied } == true)
        #expect(
            device.log.text.contains(
                "1.000 update backgroundActivitySession diagnostic authorizationDenied authorizationDeniedGlobally"))
    }

    @Test func aSessionOfAnEndedProcessIsDead() async throws {
        let device = try SimulatedDevice(platform: .iOS(18, 0), plist: Self.explicit)
        let session = device.withCurrent { CLServiceSession(authorization: .none) }
        try device.app.terminate()
        session.invalidate()
        #expect(session.simulationError?.code == .processEnded)
        #expect(device.ignoredCalls.last?.code == .processEnded)
        var diagnostics = session.diagnostics.makeAsyncIterator()
        _ = try await diagnostics.next()  // the begin's
        #expect(try await diagnostics.next() == nil)
        #expect(device.log.text.contains("session serviceSession session1 end reason=terminated"))
    }

    @Test func noCurrentDeviceIsReported() async throws {
        let heard = HeardWarnings()
        try await heard.during { () async throws in
            let session = CLServiceSession(authorization: .always)
            #expect(session.simulationError?.code == .noCurrentDevice)
            let activity = CLBackgroundActivitySession()
            #expect(activity.simulationError?.code == .noCurrentDevice)
            var diagnostics = activity.diagnostics.makeAsyncIterator()
            #expect(try await diagnostics.next() == nil)
            let monitor = await CLMonitor("nowhere")
            #expect(await monitor.simulationError?.code == .noCurrentDevice)
        }
        #expect(heard.lines.count == 3 && heard.lines.allSatisfy { $0.contains("no SimulatedDevice is current") })
    }
}

@Suite struct CLMonitorTests {
    static let plist: [String: PlistValue] = [
        "NSLocationWhenInUseUsageDescription": "Shows the office door.",
        "UIBackgroundModes": .array(["location"]),
    ]
    static let door = UUID(uuidString: "5A4BCFCE-174E-4BAC-A814-092E77F6B7E5")!
    static let work = CLMonitor.CircularGeographicCondition(
        center: CLLocationCoordinate2D(latitude: 35.6812, longitude: 139.7671), radius: 150)

    static func allowed(_ epoch: Date = SimulatedDevice.defaultEpoch) throws -> (SimulatedDevice, CLLocationManager) {
        let device = try SimulatedDevice(platform: .iOS(17, 0), plist: plist, epoch: epoch)
        let manager = device.withCurrent { CLLocationManager() }
        manager.requestWhenInUseAuthorization()
        try device.user.answer(.allowWhileUsing)
        return (device, manager)
    }

    @Test func eventsRecordsAndIdentifiers() async throws {
        let epoch = Date(timeIntervalSince1970: 1_700_000_000)
        let (device, _) = try Self.allowed(epoch)
        let monitor = await device.withCurrent { await CLMonitor("office") }
        await monitor.add(Self.work, identifier: "work")
        await monitor.add(
            CLMonitor.BeaconIdentityCondition(uuid: Self.door, major: 1, minor: 2), identifier: "door",
            assuming: .unsatisfied)
        #expect(await monitor.identifiers == ["work", "door"])
        try device.advance(by: .seconds(10))
        try device.world.enter(regionID: "work")
        var events = await monitor.events.makeAsyncIterator()
        let entered = try #require(try await events.next())
        #expect(entered.identifier == "work" && entered.state == .satisfied)
        #expect(entered.date == epoch.addingTimeInterval(10))
        #expect(entered.refinement == nil && !entered.accuracyLimited && !entered.conditionLimitExceeded)

        let work = try #require(await monitor.record(for: "work"))
        #expect(work.lastEvent.state == .satisfied && work.lastEvent.date == epoch.addingTimeInterval(10))
        let circle = try #require(work.condition as? CLMonitor.CircularGeographicCondition)
        #expect(circle.radius == 150 && circle.center.latitude == 35.6812)
        let door = try #require(await monitor.record(for: "door"))
        #expect(door.lastEvent.state == .unsatisfied && door.lastEvent.date == epoch)
        #expect((door.condition as? CLMonitor.BeaconIdentityCondition)?.minor == 2)
        #expect(await monitor.record(for: "none") == nil)

        await monitor.remove("work")
        #expect(await monitor.identifiers == ["door"])
        #expect(
            device.scenario.contains(
                "0.000 app monitor office add door beacon 5A4BCFCE-174E-4BAC-A814-092E77F6B7E5 1 2 assuming unsatisfied"
            ))
        #expect(device.scenario.contains("10.000 app monitor office remove work"))
        #expect(await monitor.simulationError == nil)
    }

    /// `CLMonitoringEvent.refinement` (docs/modern.md M22): a wildcard beacon
    /// condition satisfied by a beacon names that beacon's major and minor.
    @Test func aBeaconEventIsRefinedToTheBeaconSighted() async throws {
        let (device, _) = try Self.allowed()
        let monitor = await device.withCurrent { await CLMonitor("entrance") }
        await monitor.add(CLMonitor.BeaconIdentityCondition(uuid: Self.door, major: 7), identifier: "door")
        try device.advance(by: .seconds(2))
        try device.world.sight(BeaconSighting(uuid: Self.door.uuidString, major: 7, minor: 3, proximity: .near))
        var events = await monitor.events.makeAsyncIterator()
        let satisfied = try #require(try await events.next())
        #expect(satisfied.identifier == "door" && satisfied.state == .satisfied)
        let refined = try #require(satisfied.refinement as? CLMonitor.BeaconIdentityCondition)
        #expect(refined.uuid == Self.door && refined.major == 7 && refined.minor == 3)
        let record = try #require(await monitor.record(for: "door"))
        #expect((record.lastEvent.refinement as? CLMonitor.BeaconIdentityCondition)?.minor == 3)
    }

    @Test func droppedMonitorClosesAndItsConditionsOutliveIt() async throws {
        let (device, _) = try Self.allowed()
        var monitor: CLMonitor? = await device.withCurrent { await CLMonitor("office") }
        await monitor?.add(Self.work, identifier: "work")
        try device.advance(by: .seconds(5))
        monitor = nil
        // Crossed while no monitor is open: held for the next one.
        try device.world.enter(regionID: "work")
        #expect(device.scenario.contains("5.000 app monitor office close"))
        #expect(device.log.text.contains("hold monitor office work satisfied reason=monitorNotOpen"))
        try device.advance(by: .seconds(1))
        let again = await device.withCurrent { await CLMonitor("office") }
        #expect(await again.identifiers == ["work"])
        try device.advance(by: .seconds(1))
        var events = await again.events.makeAsyncIterator()
        let held = try #require(try await events.next())
        #expect(held.identifier == "work" && held.state == .satisfied)
    }

    @Test func aSecondMonitorOfTheSameNameIsRefused() async throws {
        let (device, _) = try Self.allowed()
        let first = await device.withCurrent { await CLMonitor("office") }
        let second = await device.withCurrent { await CLMonitor("office") }
        #expect(await first.simulationError == nil)
        #expect(await second.simulationError?.code == .rejected)
        var events = await second.events.makeAsyncIterator()
        #expect(try await events.next() == nil)
        #expect(throws: DeviceError.self) { try device.advance(by: .seconds(1)) }
        // Its calls do nothing and are not thrown.
        await second.add(Self.work, identifier: "work")
        #expect(await first.identifiers.isEmpty)
        try device.advance(by: .seconds(1))
    }

    @Test func beforeIOS17ThereIsNoMonitor() async throws {
        let device = try SimulatedDevice(platform: .iOS(16, 0), plist: Self.plist)
        let monitor = await device.withCurrent { await CLMonitor("office") }
        #expect(await monitor.simulationError?.code == .unavailable)
        #expect(throws: DeviceError.self) { try device.advance(by: .seconds(1)) }
    }

    @Test func iOS18LimitDiagnosticReachesTheEvent() async throws {
        let device = try SimulatedDevice(
            platform: .iOS(18, 0), plist: Self.plist, parameters: [.monitorConditionLimit(1)])
        let manager = device.withCurrent { CLLocationManager() }
        manager.requestWhenInUseAuthorization()
        try device.user.answer(.allowWhileUsing)
        let monitor = await device.withCurrent { await CLMonitor("office") }
        await monitor.add(Self.work, identifier: "work")
        await monitor.add(Self.work, identifier: "annex")
        try device.advance(by: .seconds(1))
        var events = await monitor.events.makeAsyncIterator()
        let limited = try #require(try await events.next())
        #expect(limited.identifier == "annex" && limited.state == .unmonitored && limited.conditionLimitExceeded)
    }
}
