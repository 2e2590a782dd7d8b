import Testing

@testable import LocSimKit

/// docs/rules.md §8, the delegate contract: from iOS 9 `startUpdatingLocation`
/// needs `didFailWithError` and `requestLocation` needs `didUpdateLocations`
/// and `didFailWithError`; without them the call crashes the app.
@Suite struct DelegateContractTests {
    typealias S = SimulatorScript
    static let iOS17 = RulesVersion(Platform(.iOS, 17, 0))

    @Test func theMethodEachCallNeedsIsNamedInOrder() {
        let none: DelegateMethods = []
        #expect(
            AppCall.requestLocation.requiredDelegateMethod(missingFrom: none, on: Self.iOS17)
                == "locationManager:didUpdateLocations:")
        #expect(
            AppCall.requestLocation.requiredDelegateMethod(missingFrom: .didUpdateLocations, on: Self.iOS17)
                == "locationManager:didFailWithError:")
        #expect(
            AppCall.requestLocation.requiredDelegateMethod(
                missingFrom: [.didUpdateLocations, .didFailWithError], on: Self.iOS17)
                == nil)
        #expect(
            AppCall.startUpdatingLocation.requiredDelegateMethod(missingFrom: none, on: Self.iOS17)
                == "locationManager:didFailWithError:")
        // Updates without didUpdateLocations are only dropped.
        #expect(
            AppCall.startUpdatingLocation.requiredDelegateMethod(missingFrom: .didFailWithError, on: Self.iOS17) == nil)
        // No other call is bound by it.
        #expect(
            AppCall.startMonitoringSignificantLocationChanges.requiredDelegateMethod(missingFrom: none, on: Self.iOS17)
                == nil)
        #expect(AppCall.requestWhenInUseAuthorization.requiredDelegateMethod(missingFrom: none, on: Self.iOS17) == nil)
    }

    @Test func beforeIOS9NothingCrashes() {
        let iOS8 = RulesVersion(Platform(.iOS, 8, 4))
        #expect(AppCall.startUpdatingLocation.requiredDelegateMethod(missingFrom: [], on: iOS8) == nil)
        #expect(
            AppCall.startUpdatingLocation.requiredDelegateMethod(
                missingFrom: [], on: RulesVersion(Platform(.iOS, 9, 0))) != nil)
    }

    /// The exception comes on entry: before the call's prompt, with the app ended.
    @Test func requestLocationCrashesBeforeItsPrompt() throws {
        var s = S(Platform(.iOS, 17, 0), delegate: [.locationManagerDidChangeAuthorization])
        try s.at(0, .launch)
        let records = try s.at(1, .app(.requestLocation))
        #expect(
            records == [
                .crash(
                    "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', "
                        + "reason: 'Delegate must respond to locationManager:didUpdateLocations:'"),
                .app(.terminate(.crash)), .inUseEnd(.terminated),
            ])
        #expect(s.simulator.app == .notRunning)
        #expect(!s.simulator.manager.updating)
    }

    /// A named manager's call crashes the whole app: the delegate line is the app's.
    @Test func aNamedManagersCallCrashesTheApp() throws {
        var s = S(Platform(.iOS, 17, 0), delegate: [.locationManagerDidChangeAuthorization, .didUpdateLocations])
        try s.launchAuthorized()
        let records = try s.at(3, .managerCall(manager: "nav", .startUpdatingLocation))
        #expect(
            records.contains {
                if case .crash(let t) = $0.event {
                    return t.hasSuffix("locationManager:didFailWithError:'")
                } else {
                    return false
                }
            })
        #expect(s.simulator.app == .notRunning)
    }

    /// A later call names the crash and the missing method.
    @Test func aLaterCallNamesTheMissingMethod() {
        let scenario = """
            platform iOS 17.0
            delegate didUpdateLocations
            0 launch
            1 app requestLocation
            2 app startUpdatingLocation
            """
        let error = DiagnosticsTests.replay(scenario).error
        #expect(
            error?.formatted(file: "x.scn") == """
                x.scn:5:7: error: app startUpdatingLocation: the app is not running and runs no code
                x.scn:4:3: note: the app crashed at 1.000 (the delegate does not implement locationManager:didFailWithError:)
                """)
    }

    /// The simulated device logs the same crash, and its scenario replays to it.
    @Test func theDeviceReportsTheCrash() throws {
        let device = try SimulatedDevice(
            platform: .iOS(17, 0), plist: SimulatedDeviceTests.whenInUse,
            delegateMethods: [.locationManagerDidChangeAuthorization, .didUpdateLocations])
        let manager = device.makeLocationManager()
        manager.requestWhenInUseAuthorization()
        try device.advance(by: .seconds(1))
        try device.user.answer(.allowWhileUsing)
        manager.startUpdatingLocation()
        try device.runUntilIdle()
        #expect(
            device.log.text.contains(
                "crash *** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Delegate must respond to locationManager:didFailWithError:'\n"
            ))
        #expect(device.log.text.contains("app terminate reason=crash"))
        try SimulatedDeviceTests.expectRoundTrip(device)
    }
}
