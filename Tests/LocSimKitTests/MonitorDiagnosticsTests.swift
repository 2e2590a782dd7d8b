import Testing

@testable import LocSimKit

/// Issue 29 item 9 (docs/modern.md M22): on iOS 18 a withheld CLMonitor
/// event is replaced by one carrying the diagnostics of `CLMonitoringEvent.h`;
/// Location Services off sets both denial properties; a sighting's event
/// carries its `refinement`.
@Suite struct MonitorDiagnosticsTests {
    typealias S = SimulatorScript

    static let home = MonitorCondition.circle(center: Coordinate(latitude: 35.6812, longitude: 139.7671), radius: 100)

    static func diagnostic(_ flags: DiagnosticFlags) -> Record {
        .update(.monitorEvent(monitor: "geo", id: "home", .unknown, flags))
    }

    /// When In Use, a monitor open with one circle, on `major`.
    static func monitorApp(_ major: Int) throws -> SimulatorScript {
        var s = S(Platform(.iOS, major, 0))
        try s.launchAuthorized()
        try s.at(3, .modern(.monitorOpen(name: "geo")))
        try s.at(4, .modern(.monitorAdd(name: "geo", id: "home", Self.home)))
        return s
    }

    @Test func aDeniedAppIsToldOnceUntilAnEventIsDelivered() throws {
        var s = try Self.monitorApp(18)
        try s.at(5, .user(.settings(.never, precise: nil)))
        #expect(
            try s.at(10, .enter(regionID: "home")) == [
                Self.diagnostic(.authorizationDenied),
                .drop(.monitorEvent(monitor: "geo", id: "home", .satisfied), .notAuthorized),
            ])
        #expect(
            try s.at(11, .exit(regionID: "home")) == [
                .drop(.monitorEvent(monitor: "geo", id: "home", .unsatisfied), .notAuthorized)
            ], "the same reasons: said once")
        try s.at(12, .user(.settings(.whileUsing, precise: nil)))
        #expect(
            try s.at(13, .enter(regionID: "home")) == [
                .update(.monitorEvent(monitor: "geo", id: "home", .satisfied, []))
            ])
        try s.at(14, .user(.settings(.never, precise: nil)))
        #expect(
            try s.at(15, .exit(regionID: "home")).first == Self.diagnostic(.authorizationDenied),
            "said again after a delivery")
    }

    @Test func locationServicesOffSetsBothDenialFlags() throws {
        var s = try Self.monitorApp(18)
        try s.at(5, .user(.locationServices(false)))
        #expect(
            try s.at(10, .enter(regionID: "home")).first
                == Self.diagnostic([.authorizationDenied, .authorizationDeniedGlobally]))
        // The same for a liveUpdates element (M3).
        var live = S(Platform(.iOS, 18, 0))
        try live.launchAuthorized()
        try live.at(3, .modern(.liveUpdatesStart(.default)))
        let off = try live.at(4, .user(.locationServices(false)))
        #expect(off.contains(.update(.liveUpdate(nil, [.authorizationDenied, .authorizationDeniedGlobally]))))
    }

    @Test func iOS17DropsSilently() throws {
        var s = try Self.monitorApp(17)
        try s.at(5, .user(.settings(.never, precise: nil)))
        #expect(
            try s.at(10, .enter(regionID: "home")) == [
                .drop(.monitorEvent(monitor: "geo", id: "home", .satisfied), .notAuthorized)
            ])
    }

    @Test func aSightingNamesTheBeaconAnEnterLineDoesNot() throws {
        let uuid = "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0"
        var s = S(Platform(.iOS, 17, 0))
        try s.launchAuthorized()
        try s.at(3, .modern(.monitorOpen(name: "geo")))
        try s.at(4, .modern(.monitorAdd(name: "geo", id: "lobby", .beacon(BeaconConstraint(uuid: uuid)))))
        #expect(
            try s.at(10, .beacon(BeaconSighting(uuid: uuid, major: 3, minor: 9, proximity: .near))) == [
                .update(
                    .refinedMonitorEvent(
                        monitor: "geo", id: "lobby", .satisfied, [],
                        refinement: BeaconConstraint(uuid: uuid, major: 3, minor: 9)))
            ])
        #expect(
            try s.at(20, .exit(regionID: "lobby")) == [
                .update(.monitorEvent(monitor: "geo", id: "lobby", .unsatisfied, []))
            ])
        #expect(
            try s.at(30, .enter(regionID: "lobby")) == [
                .update(.monitorEvent(monitor: "geo", id: "lobby", .satisfied, []))
            ])
    }
}
