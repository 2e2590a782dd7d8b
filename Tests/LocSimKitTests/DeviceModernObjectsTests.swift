import Testing

@testable import LocSimKit

/// `SimulatedSession` and `SimulatedMonitor`: the app's iOS 17/18 objects
/// on the device, each call a scenario line, their streams fed from the
/// `update` records, and the session replaying to the same log.
@Suite struct DeviceModernObjectsTests {
    static let plist: [String: PlistValue] = [
        "NSLocationWhenInUseUsageDescription": "Records your run.",
        "UIBackgroundModes": ["location"],
    ]
    static let here = Fix(Location(Coordinate(latitude: 35.6812, longitude: 139.7671), accuracy: 5))

    @Test func sessionsEndByInvalidateOrReleaseAndReplay() async throws {
        let device = try SimulatedDevice(platform: .iOS(18, 0), plist: Self.plist)
        let manager = device.makeLocationManager()
        manager.requestWhenInUseAuthorization()
        try device.user.answer(.allowWhileUsing)
        let service = device.beginServiceSession(authorization: .whenInUse)
        var activity: SimulatedSession? = device.beginBackgroundActivitySession()
        let updates = device.liveUpdates(.fitness)
        try device.app.enterBackground()
        try device.advance(by: .seconds(10))
        try device.feed(fix: Self.here)
        service.invalidate()
        service.invalidate()  // once only
        try device.advance(by: .seconds(10))
        activity = nil
        try device.runUntilIdle()
        _ = (updates, activity)

        #expect(
            service.kind == .service(name: "session1", .whenInUse, fullAccuracyPurposeKey: nil) && !service.isActive)
        let journal = device.scenario
        #expect(journal.contains("0.000 app serviceSession begin session1 whenInUse"))
        #expect(journal.contains("0.000 app backgroundActivitySession begin"))
        #expect(journal.contains("10.000 app serviceSession end session1"))
        #expect(journal.contains("20.000 app backgroundActivitySession release"))
        #expect(journal.components(separatedBy: "serviceSession end").count == 2)
        let log = device.log.text
        #expect(log.contains("10.000 update liveUpdates 35.681200,139.767100 ±5"))
        #expect(log.contains("20.000 session backgroundActivitySession end reason=released"))
        #expect(try Replay.log(of: Array(journal.utf8)).text == log)

        var diagnostics: [DiagnosticFlags] = []
        for await flags in service.diagnostics { diagnostics.append(flags) }
        #expect(diagnostics == [[]])  // the begin's: nothing missing
    }

    @Test func monitorCallsEventsAndRecordsReplay() async throws {
        let device = try SimulatedDevice(platform: .iOS(17, 0), plist: Self.plist)
        let manager = device.makeLocationManager()
        manager.requestWhenInUseAuthorization()
        try device.user.answer(.allowWhileUsing)
        let monitor = device.openMonitor("office")
        let circle = MonitorCondition.circle(center: Self.here.location.coordinate, radius: 100)
        monitor.add(circle, identifier: "work")
        monitor.add(.beacon(BeaconConstraint(uuid: "5A4BCFCE-174E-4BAC-A814-092E77F6B7E5")), identifier: "door")
        #expect(monitor.identifiers == ["work", "door"])
        #expect(
            monitor.record(for: "work")
                == SimulatedMonitorRecord(
                    condition: circle,
                    lastEvent: SimulatedMonitorEvent(identifier: "work", state: .unknown, time: .start, diagnostics: [])
                ))
        try device.advance(by: .seconds(5))
        try device.world.enter(regionID: "work")
        monitor.remove("door")
        monitor.remove("door")  // refused: no such condition
        #expect(monitor.lastError?.code == .rejected)
        #expect(throws: DeviceError.self) { try device.advance(by: .seconds(1)) }
        monitor.close()
        #expect(!monitor.isOpen)
        monitor.add(circle, identifier: "again")  // closed: ignored, not thrown
        #expect(device.ignoredCalls.last?.code == .rejected)
        try device.advance(by: .seconds(1))

        var events: [SimulatedMonitorEvent] = []
        for await event in monitor.events { events.append(event) }
        let entered = SimulatedMonitorEvent(identifier: "work", state: .satisfied, time: .seconds(5), diagnostics: [])
        #expect(events == [entered])
        #expect(monitor.record(for: "work")?.lastEvent == entered)
        #expect(monitor.record(for: "door") == nil)
        #expect(monitor.identifiers == ["work"])  // the system keeps it after close
        #expect(device.scenario.contains("6.000 app monitor office close"))
        #expect(try Replay.log(of: Array(device.scenario.utf8)).text == device.log.text)
    }

    @Test func objectsOfAnEndedProcessAreDeadAndTheirStreamsFinish() async throws {
        let device = try SimulatedDevice(platform: .iOS(18, 0), plist: Self.plist)
        let monitor = device.openMonitor("office")
        let activity = device.beginBackgroundActivitySession()
        try device.app.terminate()
        try device.app.launch()
        monitor.add(.circle(center: Self.here.location.coordinate, radius: 100), identifier: "work")
        activity.invalidate()
        #expect(monitor.lastError?.code == .processEnded && !monitor.isOpen)
        #expect(activity.lastError?.code == .processEnded && !activity.isActive)
        #expect(device.ignoredCalls.map(\.code) == [.processEnded, .processEnded])
        #expect(device.ignoredCalls[0].message.contains("make its objects at launch"))
        var events = monitor.events.makeAsyncIterator()
        #expect(await events.next() == nil)
        // The relaunched app opens the monitor anew.
        let again = device.openMonitor("office")
        #expect(again.isOpen && again.lastError == nil)
        try device.advance(by: .seconds(1))
    }

    @Test func refusedObjectsSayWhyAndTheTestHearsIt() throws {
        let device = try SimulatedDevice(platform: .iOS(17, 0), plist: Self.plist)
        let session = device.beginServiceSession(authorization: .always, fullAccuracyPurposeKey: "Route")
        #expect(!session.isActive && session.lastError?.code == .unavailable)
        #expect(throws: DeviceError.self) { try device.advance(by: .seconds(1)) }
        let old = try SimulatedDevice(platform: .iOS(16, 0), plist: Self.plist)
        #expect(!old.openMonitor("office").isOpen)
        #expect(!old.beginBackgroundActivitySession().isActive)
        #expect(throws: DeviceError.self) { try old.advance(by: .seconds(1)) }
    }
}
