import Testing

@testable import LocSimKit

/// docs/rules.md §2, §8: delivery, wake and relaunch.
@Suite struct DeliveryRulesTests {
    typealias S = SimulatorScript

    func always(_ platform: Platform) throws -> SimulatorScript {
        var s = S(platform, plist: AuthorizationRulesTests.both)
        try s.launchAuthorized()
        try s.at(3, .app(.requestAlwaysAuthorization))
        try s.at(4, .user(.answer(.changeToAlways, precise: nil)))
        try s.at(5, S.region("home"))
        return s
    }

    @Test func alwaysAppIsRelaunchedAfterSystemTermination() throws {
        var s = try always(Platform(.iOS, 14, 0))
        try s.at(6, .background)
        try s.at(20, .systemTerminate)
        #expect(
            try s.at(30, .enter(regionID: "home")) == [
                .app(.launchBackground(.region)),
                .delegate(.locationManagerDidChangeAuthorization(.authorizedAlways, .fullAccuracy)),
                .delegate(.didDetermineState(.inside, regionID: "home")),
                .delegate(.didEnterRegion(regionID: "home")),
            ])
        #expect(s.finish() == [LogRecord(.ms(40_000), .app(.suspend))])
    }

    @Test(arguments: [(25, true), (26, false)])
    func forceQuitRelaunchDependsOnVersion(major: Int, relaunches: Bool) throws {
        var s = try always(Platform(.iOS, major, 0))
        try s.at(6, .terminate)
        let records = try s.at(30, .exit(regionID: "home"))
        if relaunches {
            #expect(records.first == .app(.launchBackground(.region)))
        } else {
            #expect(records == [.drop(.exit(regionID: "home"), .forceQuit)])
        }
    }

    @Test func whenInUseBeforeIOS13CannotMonitorRegions() throws {
        var s = S(Platform(.iOS, 12, 0), plist: AuthorizationRulesTests.both)
        try s.launchAuthorized(.allow)
        #expect(
            try s.at(3, S.region("home")) == [.delegate(.monitoringDidFail(regionID: "home", .regionMonitoringDenied))])
        #expect(try s.at(4, .app(.startMonitoringVisits)) == [.delegate(.didFailWithError(.denied))])
    }

    @Test func regionStartReportsStateFromTheLastFix() throws {
        var s = S()
        try s.at(0, .launch)
        try s.at(0, .app(.requestWhenInUseAuthorization))
        try s.at(0, .user(.answer(.allowWhileUsing, precise: nil)))
        try s.at(1, S.fix(35, 139.7))
        #expect(
            try s.at(2, S.region("near", 35, 139.7, 50)) == [
                .delegate(.didStartMonitoring(regionID: "near")),
                .delegate(.didDetermineState(.inside, regionID: "near")),
            ])
        #expect(
            try s.at(3, S.region("far", 36, 139.7, 50)).last == .delegate(.didDetermineState(.outside, regionID: "far"))
        )
        #expect(
            try s.at(4, S.region("bad", 36, 139.7, 0)) == [
                .delegate(.monitoringDidFail(regionID: "bad", .regionMonitoringFailure))
            ])
    }

    @Test func maxRegionsFailsWithNoRegion() throws {
        var s = S(Platform(.iOS, 13, 0)) { $0.maxRegions = 1 }
        try s.at(0, .launch)
        try s.at(1, S.region("a"))
        #expect(try s.at(2, S.region("b")) == [.delegate(.monitoringDidFail(regionID: nil, .regionMonitoringFailure))])
    }

    @Test func distanceFilterDropsCloseFixes() throws {
        var s = S()
        try s.launchAuthorized()
        try s.at(3, .app(.set(.distanceFilter(100))))
        try s.at(3, .app(.startUpdatingLocation))
        #expect(try s.at(4, S.fix(35, 139)).count == 1)
        // 0.0005° of latitude is about 56 m.
        #expect(try s.at(5, S.fix(35.0005, 139)) == [.drop(.fix(S.location(35.0005, 139)), .distanceFilter)])
        #expect(try s.at(6, S.fix(35.001, 139)) == [.delegate(.didUpdateLocations(S.location(35.001, 139)))])
    }

    @Test func requestLocationTimesOutWithLocationUnknown() throws {
        var s = S()
        try s.launchAuthorized()
        try s.at(3, .app(.requestLocation))
        #expect(s.finish() == [LogRecord(.ms(13_000), .delegate(.didFailWithError(.locationUnknown)))])
    }

    /// didFailWithError is implemented: without it startUpdatingLocation
    /// would crash (the delegate contract, DelegateContractTests).
    @Test func notImplementedMethodsAreDropped() throws {
        var s = S(Platform(.iOS, 13, 0), delegate: [.didChangeAuthorization, .didFailWithError])
        try s.launchAuthorized()
        try s.at(3, .app(.startUpdatingLocation))
        #expect(try s.at(4, S.fix(35, 139)) == [.drop(.fix(S.location(35, 139)), .notImplemented)])
    }

    @Test func unknownRegionIsAScenarioError() throws {
        var s = S()
        try s.at(0, .launch)
        #expect(throws: ScenarioError.self) { try s.at(1, .enter(regionID: "nowhere")) }
    }

    @Test func lifecycleErrors() throws {
        var s = S()
        try s.at(0, .launch)
        #expect(throws: ScenarioError.self) { try s.at(1, .launch) }
        #expect(throws: ScenarioError.self) { try s.at(1, .systemTerminate) }
        try s.at(2, .terminate)
        #expect(throws: ScenarioError.self) { try s.at(3, .terminate) }
        #expect(throws: ScenarioError.self) { try s.at(3, .app(.startUpdatingLocation)) }
    }

    @Test func tvOSHasNoStartUpdatingLocation() throws {
        var s = S(Platform(.tvOS, 14, 0))
        try s.at(0, .launch)
        #expect(throws: ScenarioError.self) { try s.at(1, .app(.startUpdatingLocation)) }
        try s.at(1, .app(.requestLocation))
    }

    @Test func aNewRunOfUpdatesDeliversItsFirstFixWhateverTheFilter() throws {
        var s = S()
        try s.launchAuthorized()
        try s.at(3, .app(.set(.distanceFilter(100))))
        try s.at(3, .app(.startUpdatingLocation))
        try s.at(4, S.fix(35, 139))
        try s.at(5, .app(.stopUpdatingLocation))
        try s.at(6, .app(.startUpdatingLocation))
        #expect(try s.at(7, S.fix(35.0001, 139)) == [.delegate(.didUpdateLocations(S.location(35.0001, 139)))])
        // Starting again while running is no new run: the filter still applies.
        try s.at(8, .app(.startUpdatingLocation))
        #expect(try s.at(9, S.fix(35.0002, 139)) == [.drop(.fix(S.location(35.0002, 139)), .distanceFilter)])
    }

    @Test func requestLocationTimeoutWhileSuspendedIsDropped() throws {
        var s = S()
        try s.launchAuthorized()
        try s.at(3, .app(.requestLocation))
        try s.at(4, .background)
        #expect(
            s.finish().map(\.record) == [
                .inUseEnd(.graceExpired), .app(.suspend),
                .drop(.callback(.didFailWithError(.locationUnknown)), .suspended),
            ])
    }

    @Test func requestStateForARegionNoLongerMonitoredFails() throws {
        var s = S()
        try s.at(0, .launch)
        try s.at(1, S.region("home"))
        try s.at(2, .app(.stopMonitoring(id: "home")))
        #expect(
            try s.at(3, .app(.requestState(id: "home"))) == [
                .delegate(.monitoringDidFail(regionID: "home", .regionMonitoringFailure))
            ])
    }

    @Test func derivedFixesSettleAnUnknownRegionWithoutAnEntry() throws {
        var s = S { $0.deriveCrossings = true }
        try s.launchAuthorized()
        try s.at(3, S.region("home", 35, 139.7, 200))
        #expect(try s.at(4, S.fix(35, 139.7)) == [])
        #expect(try s.at(24, S.fix(35, 139.7)) == [.delegate(.didDetermineState(.inside, regionID: "home"))])
        // From a known state the same dwell is a crossing.
        try s.at(30, S.fix(35.01, 139.7))
        #expect(
            try s.at(50, S.fix(35.01, 139.7)) == [
                .delegate(.didDetermineState(.outside, regionID: "home")), .delegate(.didExitRegion(regionID: "home")),
            ])
    }

    @Test func reducedAccuracyRegionEventsNeitherWakeNorRelaunch() throws {
        var s = try always(Platform(.iOS, 14, 0))
        try s.at(6, .user(.precise(false)))
        try s.at(7, .background)
        try s.at(20, .systemNotBusy)
        #expect(s.simulator.app == .suspended)
        #expect(try s.at(30, .enter(regionID: "home")) == [.drop(.enter(regionID: "home"), .reducedAccuracy)])
        #expect(s.simulator.app == .suspended)
    }

    /// §10: a reduced location at most once per `reducedInterval`; one
    /// sooner is dropped `reducedInterval`, which is not `reducedAccuracy`
    /// (a service reduced accuracy never delivers, as regions).
    @Test func reducedLocationsSoonerThanTheIntervalAreDroppedForTheInterval() throws {
        var s = S(Platform(.iOS, 14, 0)) { $0.reducedInterval = .seconds(60) }
        try s.launchAuthorized(precise: false)
        try s.at(3, .app(.startUpdatingLocation))
        let first = try s.at(4, S.fix(35, 139.7))
        #expect(
            first.count == 1
                && first.allSatisfy {
                    $0.kind == .delegate && LogRecord(.start, $0).callback?.method == .didUpdateLocations
                })
        #expect(try s.at(63.999, S.fix(35, 139.7)) == [.drop(.fix(S.location(35, 139.7)), .reducedInterval)])
        let due = try s.at(64, S.fix(35, 139.7))
        #expect(
            due.count == 1
                && due.allSatisfy {
                    $0.kind == .delegate && LogRecord(.start, $0).callback?.method == .didUpdateLocations
                })
    }

    @Test func aCrossingNamesEachMissingMethod() throws {
        var s = S(Platform(.iOS, 13, 0), delegate: [.didChangeAuthorization, .didEnterRegion])
        try s.at(0, .launch)
        try s.at(1, .app(.requestWhenInUseAuthorization))
        try s.at(1, .user(.answer(.allowWhileUsing, precise: nil)))
        try s.at(1, S.region("home"))
        #expect(
            try s.at(2, .enter(regionID: "home")) == [
                .drop(.callback(.didDetermineState(.inside, regionID: "home")), .notImplemented),
                .delegate(.didEnterRegion(regionID: "home")),
            ])
        #expect(
            try s.at(3, .exit(regionID: "home")) == [
                .drop(.callback(.didDetermineState(.outside, regionID: "home")), .notImplemented),
                .drop(.callback(.didExitRegion(regionID: "home")), .notImplemented),
            ])
    }

    @Test func derivedCrossingsShowLocationNotifications() throws {
        var s = S { $0.deriveCrossings = true }
        try s.launchAuthorized()
        try s.at(3, S.fix(35, 139.7))
        let region = CircularRegion(id: "shop", center: Coordinate(latitude: 35, longitude: 139.7), radius: 100)
        try s.at(4, .app(.addLocationNotification(region, repeats: false)))
        try s.at(5, .background)
        #expect(try s.at(10, S.fix(35.003, 139.7)) == [.inUseEnd(.graceExpired), .app(.suspend)])
        // 20 s beyond the margin: shown to the suspended app's user.
        #expect(try s.at(30, S.fix(35.003, 139.7)) == [.notification(id: "shop", entry: false)])
        // repeats=false: shown once.
        try s.at(40, S.fix(35, 139.7))
        #expect(try s.at(60, S.fix(35, 139.7)) == [])
    }

    /// Issue 43 item 5: ranging in the background stops
    /// `backgroundRangingLimit` after the app began running there unless a
    /// background location session runs (developer reports); `none` lifts it.
    @Test(arguments: [(Millis?.some(.seconds(180)), false), (nil, true)])
    func backgroundRangingStopsAtItsTimeLimit(limit: Millis?, delivered: Bool) throws {
        var s = S(Platform(.iOS, 17, 0), plist: S.backgroundCapable) {
            $0.suspendAfter = .seconds(600)
            $0.backgroundRangingLimit = limit
        }
        try s.launchAuthorized()
        try s.at(3, .app(.requestAlwaysAuthorization))
        try s.at(4, .user(.answer(.changeToAlways, precise: nil)))
        let uuid = "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0"
        try s.at(5, .app(.startRangingBeacons(BeaconConstraint(uuid: uuid))))
        try s.at(10, .background)
        try s.at(100, .systemNotBusy)  // the grace period ends at 15
        let sighting = BeaconSighting(uuid: uuid, major: 1, minor: 2, proximity: .near, rssi: nil)
        let ranged: [Record] = [.delegate(.didRange(BeaconConstraint(uuid: uuid), sighting))]
        #expect(try s.at(189.999, .beacon(sighting)) == ranged)
        let after = try s.at(190, .beacon(sighting))
        #expect(after == (delivered ? ranged : [.drop(.beacon(sighting), .backgroundTimeLimit)]))
        // The foreground ranges again.
        try s.at(200, .foreground)
        #expect(try s.at(201, .beacon(sighting)) == ranged)
    }
}
