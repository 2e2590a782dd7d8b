import Testing

@testable import LocSimKit

/// `system reboot`, `user unlock` and Airplane Mode (docs/rules.md §2
/// "Reboot", §5 "Airplane Mode").
@Suite struct DeviceEventsTests {
    typealias S = SimulatorScript

    /// Always, a region `home` monitored from 4.
    static func geofencing(_ configure: @escaping (inout Parameters) -> Void = { _ in }) throws -> S {
        var s = S(Platform(.iOS, 17, 0), configure)
        try s.launchAuthorized()
        try s.at(3, .user(.settings(.always, precise: nil)))
        try s.at(4, S.region("home"))
        return s
    }

    static let relaunched = Record.app(.launchBackground(.region))

    @Test func rebootEndsTheAppAndKeepsItsRegions() throws {
        var s = try Self.geofencing()
        let records = try s.at(6, .systemReboot)
        #expect(records.first == .app(.terminate(.reboot)))
        #expect(s.simulator.app == .notRunning)
        #expect(s.simulator.monitoring.regions.contains("home"))
    }

    @Test func beforeTheFirstUnlockNoEventRelaunchesTheApp() throws {
        var s = try Self.geofencing()
        try s.at(6, .systemReboot)
        #expect(try s.at(60, .exit(regionID: "home")) == [.drop(.exit(regionID: "home"), .beforeFirstUnlock)])
        #expect(try s.at(100, .user(.unlock)) == [])
        #expect(try s.at(101, .enter(regionID: "home")).first == Self.relaunched)
    }

    @Test(arguments: [(Millis?.some(.seconds(180)), true), (Millis.seconds(60), true), (nil, false)])
    func theFirstUnlockDelayUnlocksTheDevice(delay: Millis?, relaunches: Bool) throws {
        var s = try Self.geofencing { $0.firstUnlockDelay = delay }
        try s.at(6, .systemReboot)
        let records = try s.at(300, .exit(regionID: "home"))
        #expect((records.first == Self.relaunched) == relaunches)
        if !relaunches { #expect(records == [.drop(.exit(regionID: "home"), .beforeFirstUnlock)]) }
    }

    @Test func theDelayCountsFromTheLastReboot() throws {
        var s = try Self.geofencing()
        try s.at(6, .systemReboot)
        try s.at(100, .user(.unlock))
        try s.at(120, .systemReboot)
        // The first reboot's 186 s timer does not unlock the second.
        #expect(try s.at(200, .exit(regionID: "home")) == [.drop(.exit(regionID: "home"), .beforeFirstUnlock)])
        #expect(try s.at(300, .enter(regionID: "home")).first == Self.relaunched)
    }

    @Test func launchingTheAppUnlocksTheDevice() throws {
        var s = try Self.geofencing()
        try s.at(6, .systemReboot)
        try s.at(7, .launch)
        try s.at(8, .terminate)
        #expect(try s.at(9, .exit(regionID: "home")).first == Self.relaunched)
    }

    @Test func aRebootOfAForegroundAppDismissesItsPromptAndIsNoForceQuit() throws {
        var s = S(Platform(.iOS, 26, 0))
        try s.at(0, .launch)
        try s.at(1, .app(.requestWhenInUseAuthorization))
        let records = try s.at(2, .systemReboot)
        #expect(records.prefix(2) == [.app(.terminate(.reboot)), .prompt(.dismiss)])
        // iOS 26 relaunches no force-quit app; a reboot is none.
        #expect(s.simulator.lifecycle == .notRunning(endedBy: .reboot))
    }

    @Test func aCallAfterTheRebootNotesIt() {
        let text = """
            locsim 1
            platform iOS 17.0
            0 launch
            1 system reboot
            2 app startUpdatingLocation
            """
        do {
            _ = try Replay.log(of: Array(text.utf8))
            Issue.record("a call after a reboot replayed")
        } catch {
            #expect(error.notes.map(\.message) == ["the device rebooted at 1.000"])
        }
    }

    // MARK: Airplane Mode

    @Test func airplaneModeChangesNothingLocationServicesOffDenies() throws {
        var s = S(Platform(.iOS, 17, 0))
        try s.launchAuthorized()
        try s.at(3, .app(.startUpdatingLocation))
        #expect(try s.at(4, .user(.device(.airplaneMode, true))) == [])
        #expect(try s.at(5, S.fix(35, 139)) == [.delegate(.didUpdateLocations(S.location(35, 139)))])
        #expect(s.simulator.authorization.status(on: s.simulator.rules) == .authorizedWhenInUse)
        try s.at(6, .user(.locationServices(false)))
        #expect(try s.at(7, S.fix(35, 139)) == [.drop(.fix(S.location(35, 139)), .notAuthorized)])
    }

    @Test(arguments: [(Platform.OS.macOS, false), (.tvOS, false), (.iOS, true), (.iPadOS, true), (.watchOS, true)])
    func airplaneModeExistsWhereTheDeviceHasIt(os: Platform.OS, exists: Bool) throws {
        var s = S(Platform(os, os == .macOS ? 14 : 10, 0))
        try s.at(0, .launch)
        if exists {
            #expect(try s.at(1, .user(.device(.airplaneMode, true))) == [])
        } else {
            #expect(throws: ScenarioError.self) { try s.at(1, .user(.device(.airplaneMode, true))) }
        }
    }

    // MARK: The language and the device

    @Test(arguments: [
        ("1 system reboot now", "unexpected extra argument 'now'", 17),
        (
            "1 system restart",
            "unknown system event 'restart'; expected terminate, notBusy, reboot, any, deliverFirst or inputFirst", 10
        ),
        ("1 user unlock now", "unexpected extra argument 'now'", 15),
        ("1 user settings airplaneMode maybe", "expected on or off for airplaneMode, found 'maybe'", 30),
    ])
    func badLinesAreErrors(line: String, message: String, column: Int) {
        ScenarioParserTests.expectRejected(line, message, column: column)
    }

    @Test func theDeviceReboots() throws {
        let device = try SimulatedDevice(
            platform: .iOS(17, 0),
            plist: ["NSLocationWhenInUseUsageDescription": "w", "NSLocationAlwaysAndWhenInUseUsageDescription": "a"])
        let manager = device.makeLocationManager()
        manager.requestWhenInUseAuthorization()
        try device.user.answer(.allowWhileUsing)
        try device.user.settings(.always)
        let home = CircularRegion(id: "home", center: Coordinate(latitude: 35, longitude: 139.7), radius: 100)
        manager.startMonitoring(for: home)
        try device.user.setDeviceSetting(.airplaneMode, true)
        try device.app.reboot()
        try device.advance(by: .seconds(10))
        try device.world.exit(regionID: "home")
        #expect(device.log.records.last?.record == .drop(.exit(regionID: "home"), .beforeFirstUnlock))
        try device.user.unlock()
        try device.world.enter(regionID: "home")
        #expect(device.log.records.contains { $0.record == .app(.launchBackground(.region)) })
        try SimulatedDeviceTests.expectRoundTrip(device)
    }
}
