import Testing

@testable import LocSimKit

/// docs/rules.md §3 (issue 19 item 12): a When In Use session begins only
/// as the app leaves the foreground; Always → While Using in the background
/// ends a session no indicator shows.
@Suite struct BackgroundModeChangeTests {
    typealias S = SimulatorScript

    func app(_ major: Int, always: Bool) throws -> SimulatorScript {
        var s = S(
            Platform(.iOS, major, 0),
            plist: [
                "NSLocationWhenInUseUsageDescription": .string("w"),
                "NSLocationAlwaysAndWhenInUseUsageDescription": .string("a"),
                "UIBackgroundModes": .array(["location"]),
            ])
        try s.launchAuthorized()
        if always {
            try s.at(3, .app(.requestAlwaysAuthorization))
            try s.at(4, .user(.answer(.changeToAlways, precise: nil)))
        }
        try s.at(5, .app(.startUpdatingLocation))
        return s
    }

    @Test func thePropertySetInTheGracePeriodBeginsNoSession() throws {
        var s = try app(14, always: false)
        try s.at(10, .background)
        #expect(try s.at(12, .app(.set(.allowsBackgroundLocationUpdates(true)))) == [])
        #expect(try s.at(15, .systemNotBusy) == [.inUseEnd(.graceExpired), .app(.suspend)])
    }

    @Test func thePropertySetInTheForegroundBeginsTheSessionOnLeaving() throws {
        var s = try app(14, always: false)
        try s.at(6, .app(.set(.allowsBackgroundLocationUpdates(true))))
        #expect(try s.at(10, .background) == [.app(.background), .indicator(on: true)])
    }

    @Test func whileUsingGrantedInTheGracePeriodBeginsNoSession() throws {
        var s = try app(14, always: false)
        try s.at(6, .app(.set(.allowsBackgroundLocationUpdates(true))))
        try s.at(7, .user(.settings(.never, precise: nil)))
        #expect(try s.at(10, .background) == [.app(.background)], "denied: no session")
        let granted = try s.at(12, .user(.settings(.whileUsing, precise: nil)))
        #expect(!granted.contains(.indicator(on: true)))
        #expect(try s.at(15, .systemNotBusy) == [.inUseEnd(.graceExpired), .app(.suspend)])
    }

    @Test func anAlwaysSessionWithoutIndicatorEndsWhenDowngradedInTheBackground() throws {
        var s = try app(14, always: true)
        try s.at(6, .app(.set(.allowsBackgroundLocationUpdates(true))))
        #expect(try s.at(10, .background) == [.app(.background)])
        let downgraded = try s.at(20, .user(.settings(.whileUsing, precise: nil)))
        #expect(downgraded.last == .inUseEnd(.sessionEnded))
        #expect(!downgraded.contains(.indicator(on: true)))
        // Suspended once the calls of that instant have run (docs/rules.md §0).
        #expect(try s.at(21, .systemNotBusy) == [.app(.suspend)])
    }

    @Test func anAlwaysSessionWithItsIndicatorGoesOnWhenDowngraded() throws {
        var s = try app(14, always: true)
        try s.at(6, .app(.set(.allowsBackgroundLocationUpdates(true))))
        try s.at(6, .app(.set(.showsBackgroundLocationIndicator(true))))
        #expect(try s.at(10, .background) == [.app(.background), .indicator(on: true)])
        let downgraded = try s.at(20, .user(.settings(.whileUsing, precise: nil)))
        #expect(!downgraded.contains(.inUseEnd(.sessionEnded)) && !downgraded.contains(.app(.suspend)))
    }
}
