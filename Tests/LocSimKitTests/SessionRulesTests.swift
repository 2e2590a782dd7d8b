import Testing

@testable import LocSimKit

/// docs/modern.md M1, M6, M10 and the session records: sessions start from
/// the foreground or rejoin, a suspended app is woken for its element, a
/// relaunched app's fixes are held with a record and keep their time.
@Suite struct SessionRulesTests {
    typealias S = SimulatorScript

    func authorized(_ p: Platform) throws -> SimulatorScript {
        var s = S(p, plist: S.backgroundCapable)
        try s.launchAuthorized()
        return s
    }

    func alwaysAuthorized(_ p: Platform) throws -> SimulatorScript {
        var s = try authorized(p)
        try s.at(3, .app(.requestAlwaysAuthorization))
        try s.at(4, .user(.answer(.changeToAlways, precise: nil)))
        return s
    }

    // MARK: Sessions from the foreground, rejoining, waking (M1, M6, M10)

    @Test func anActivitySessionBegunInTheGracePeriodWaits() throws {
        var s = try authorized(Platform(.iOS, 17, 0))
        _ = try s.at(10, .background)
        let begun = try s.at(11, .modern(.backgroundActivitySessionBegin))
        #expect(begun == [.session(.begin(.backgroundActivitySession, .waiting))])
        let started = try s.at(12, .modern(.liveUpdatesStart(.fitness)))
        #expect(started == [.session(.begin(.liveUpdates(.fitness), .waiting))])
        let loc = S.location(35, 139)
        #expect(
            try s.at(13, S.fix(35, 139)) == [.drop(.liveUpdate(loc), .notInUse)], "in use (grace) but not effective")
        let back = try s.at(30, .foreground)
        #expect(back.contains(.session(.effective(.backgroundActivitySession))))
        #expect(back.contains(.session(.effective(.liveUpdates(.fitness)))))
        _ = try s.at(40, .background)
        #expect(try s.at(50, S.fix(35, 139)) == [.update(.liveUpdate(loc, []))])
    }

    @Test func aSuspendedAlwaysAppIsWokenForItsElement() throws {
        var s = try alwaysAuthorized(Platform(.iOS, 17, 0))
        try s.at(3, .modern(.liveUpdatesStart(.default)))
        _ = try s.at(10, .background)
        _ = try s.at(20, .systemNotBusy)
        let loc = S.location(35, 139)
        #expect(try s.at(30, S.fix(35, 139)) == [.app(.wake(.location)), .update(.liveUpdate(loc, []))])
    }

    @Test func aSuspendedWhenInUseAppIsNotWoken() throws {
        var s = try authorized(Platform(.iOS, 17, 0))
        try s.at(3, .modern(.liveUpdatesStart(.default)))
        _ = try s.at(10, .background)
        _ = try s.at(20, .systemNotBusy)
        #expect(try s.at(30, S.fix(35, 139)) == [.drop(.liveUpdate(S.location(35, 139)), .suspended)])
    }

    @Test func fixesForARelaunchedAppAreHeldThenYieldedWithTheirTime() throws {
        var s = try authorized(Platform(.iOS, 17, 0))
        try s.at(3, .modern(.backgroundActivitySessionBegin))
        try s.at(4, .modern(.liveUpdatesStart(.default)))
        _ = try s.at(10, .background)
        let ended = try s.at(20, .systemTerminate)
        #expect(ended.contains(.session(.end(.liveUpdates(.default), .terminated))))
        #expect(ended.contains(.session(.end(.backgroundActivitySession, .terminated))))
        let loc = S.location(35, 139)
        let relaunch = try s.at(60, S.fix(35, 139))
        #expect(relaunch.first == .app(.launchBackground(.location)))
        #expect(relaunch.last == .hold(.liveUpdate(loc), .notRestarted))
        _ = try s.at(61, .modern(.backgroundActivitySessionBegin))
        let restarted = try s.at(61, .modern(.liveUpdatesStart(.default)))
        #expect(
            restarted == [
                .session(.begin(.liveUpdates(.default), .effective)),
                .update(.earlierLiveUpdate(loc, [], fixedAt: .seconds(60))),
            ])
    }

    @Test func anAlwaysServiceSessionRecreatedAtRelaunchKeepsMonitorEvents() throws {
        var s = try alwaysAuthorized(Platform(.iOS, 18, 0))
        try s.at(5, .modern(.serviceSessionBegin(name: "geo", .always, fullAccuracyPurposeKey: nil)))
        try s.at(6, .modern(.monitorOpen(name: "m")))
        try s.at(
            7,
            .modern(
                .monitorAdd(
                    name: "m", id: "home", .circle(center: Coordinate(latitude: 35, longitude: 139), radius: 100))))
        _ = try s.at(20, .background)
        _ = try s.at(40, .systemTerminate)
        _ = try s.at(80, .enter(regionID: "home"))
        let rejoined = try s.at(81, .modern(.serviceSessionBegin(name: "geo", .always, fullAccuracyPurposeKey: nil)))
        #expect(rejoined.first == .session(.begin(.serviceSession(name: "geo", .always), .effective)))
        #expect(
            try s.at(81, .modern(.monitorOpen(name: "m"))) == [
                .update(.monitorEvent(monitor: "m", id: "home", .satisfied, []))
            ])
    }
}
