import Testing

@testable import LocSimKit

/// docs/rules.md §3, §7: in use, the grace period, the session, Allow Once.
@Suite struct InUseRulesTests {
    typealias S = SimulatorScript

    func authorizedWhenInUse(_ answer: Answer = .allowWhileUsing, _ p: Platform = Platform(.iOS, 13, 0)) throws
        -> SimulatorScript
    {
        var s = S(
            p,
            plist: [
                "NSLocationWhenInUseUsageDescription": .string("when"),
                "UIBackgroundModes": .array(["location"]),
            ])
        try s.at(0, .launch)
        try s.at(1, .app(.requestWhenInUseAuthorization))
        try s.at(2, .user(.answer(answer, precise: nil)))
        try s.at(3, .app(.startUpdatingLocation))
        return s
    }

    @Test func graceWindowIsHalfOpen() throws {
        var s = try authorizedWhenInUse()
        #expect(try s.at(10, .background) == [.app(.background)])
        let loc = S.location(35, 139)
        #expect(try s.at(14.999, S.fix(35, 139)) == [.delegate(.didUpdateLocations(loc))])
        #expect(
            try s.at(15, S.fix(35, 139)) == [.inUseEnd(.graceExpired), .app(.suspend), .drop(.fix(loc), .suspended)])
    }

    @Test func graceLengthIsAParameter() throws {
        var s = S(Platform(.iOS, 13, 0)) { $0.grace = .seconds(2) }
        try s.at(0, .launch)
        try s.at(1, .background)
        #expect(try s.at(3, .systemNotBusy) == [.inUseEnd(.graceExpired)])
    }

    @Test func allowOnceExpiresWhenInUseEndsBeforeSuspension() throws {
        var s = try authorizedWhenInUse(.allowOnce)
        try s.at(10, .background)
        let rest = s.finish()
        #expect(
            rest.map(\.record) == [
                .inUseEnd(.graceExpired),
                .auth(
                    AuthView(
                        status: .notDetermined, settings: .askNextTime, accuracy: .fullAccuracy, provisional: false,
                        temporary: false)),
                .delegate(.didChangeAuthorization(.notDetermined)),
                .app(.suspend),
            ])
        #expect(rest.allSatisfy { $0.time == .ms(15_000) })
    }

    @Test func sessionKeepsAllowOnceAliveAndShowsTheIndicator() throws {
        var s = try authorizedWhenInUse(.allowOnce)
        try s.at(3, .app(.set(.allowsBackgroundLocationUpdates(true))))
        #expect(try s.at(10, .background) == [.app(.background), .indicator(on: true)])
        #expect(try s.at(1000, S.fix(35, 139)) == [.delegate(.didUpdateLocations(S.location(35, 139)))])
        #expect(s.simulator.authorization.temporary)
        let stop = try s.at(1001, .app(.stopUpdatingLocation))
        #expect(
            stop.prefix(3) == [
                .indicator(on: false), .inUseEnd(.sessionEnded),
                .auth(
                    AuthView(
                        status: .notDetermined, settings: .askNextTime, accuracy: .fullAccuracy, provisional: false,
                        temporary: false)),
            ])
        // Suspended once the calls of that instant have run, not within the call.
        #expect(!stop.contains(.app(.suspend)))
        #expect(s.finish().map(\.record) == [.app(.suspend)])
    }

    /// docs/log-format.md "Derived records": within one input, `indicator
    /// off` and `inuse end` before the `auth` record their end causes.
    @Test func derivedRecordsOfATerminationComeInTheDocumentedOrder() throws {
        var s = try authorizedWhenInUse(.allowOnce)
        try s.at(3, .app(.set(.allowsBackgroundLocationUpdates(true))))
        try s.at(10, .background)
        #expect(
            try s.at(20, .terminate) == [
                .app(.terminate(.user)), .indicator(on: false), .inUseEnd(.terminated),
                .auth(
                    AuthView(
                        status: .notDetermined, settings: .askNextTime, accuracy: .fullAccuracy, provisional: false,
                        temporary: false)),
            ])
    }

    /// docs/log-format.md "Derived records": an authorization change that
    /// ends the session: `auth`, the app told, then `indicator off`, `inuse end`.
    @Test func authorizationRecordComesBeforeTheSessionItEnds() throws {
        var s = try authorizedWhenInUse()
        try s.at(3, .app(.set(.allowsBackgroundLocationUpdates(true))))
        try s.at(10, .background)
        let records = try s.at(20, .user(.settings(.never, precise: nil)))
        #expect(
            records.first
                == .auth(
                    AuthView(
                        status: .denied, settings: .never, accuracy: .fullAccuracy, provisional: false, temporary: false
                    )))
        let told = records.firstIndex(of: .delegate(.didChangeAuthorization(.denied)))
        let off = records.firstIndex(of: .indicator(on: false))
        let ended = records.firstIndex(of: .inUseEnd(.sessionEnded))
        #expect(told != nil && off != nil && ended != nil)
        if let told, let off, let ended { #expect(told < off && off < ended) }
    }

    /// A call that ends the session of an app past its run time, then a
    /// second call at the same instant (from the same callback): the second
    /// runs, and the app is suspended after both.
    @Test func callsOfOneInstantAllRunBeforeTheSessionEndSuspends() throws {
        var s = try authorizedWhenInUse()
        try s.at(3, .app(.set(.allowsBackgroundLocationUpdates(true))))
        try s.at(10, .background)
        let stop = try s.at(100, .app(.stopUpdatingLocation))
        #expect(stop == [.indicator(on: false), .inUseEnd(.sessionEnded)])
        #expect(s.simulator.app == .background)
        // No error: the app still runs code at this instant.
        try s.at(100, .app(.startMonitoringSignificantLocationChanges))
        #expect(s.simulator.app == .background)
        #expect(try s.at(100.001, .systemNotBusy) == [.app(.suspend)])
    }

    /// An Always app with background updates started at 5; `shows` sets
    /// `showsBackgroundLocationIndicator` first unless nil.
    func alwaysUpdating(_ platform: Platform, shows: Bool?) throws -> SimulatorScript {
        var s = S(platform, plist: S.backgroundCapable)
        try s.launchAuthorized()
        try s.at(3, .app(.requestAlwaysAuthorization))
        try s.at(4, .user(.answer(.changeToAlways, precise: nil)))
        try s.at(5, .app(.set(.allowsBackgroundLocationUpdates(true))))
        if let shows { try s.at(5, .app(.set(.showsBackgroundLocationIndicator(shows)))) }
        try s.at(5, .app(.startUpdatingLocation))
        return s
    }

    @Test func alwaysAppShowsIndicatorOnlyWhenAsked() throws {
        for shows in [false, true] {
            var s = try alwaysUpdating(Platform(.iOS, 13, 4), shows: shows)
            let records = try s.at(6, .background)
            #expect(records.contains(.indicator(on: true)) == shows)
            #expect(s.simulator.session)
        }
    }

    /// Issue 43 item 1: "On watchOS there's no way to opt out of showing the
    /// background location usage indicator" (Apple), so an Always session
    /// shows it without the property (which watchOS lacks), and a change to
    /// While Using in the background does not end it.
    @Test func watchAlwaysSessionShowsTheIndicatorAndOutlivesWhileUsing() throws {
        var s = try alwaysUpdating(Platform(.watchOS, 7, 0), shows: nil)
        #expect(try s.at(6, .background) == [.app(.background), .indicator(on: true)])
        let downgrade = try s.at(10, .user(.settings(.whileUsing, precise: nil)))
        #expect(!downgrade.contains(.inUseEnd(.sessionEnded)))
        #expect(s.simulator.session && s.simulator.indicator)
    }

    @Test func backgroundUpdatesWithoutTheModeCrash() throws {
        var s = S()
        try s.at(0, .launch)
        let records = try s.at(1, .app(.set(.allowsBackgroundLocationUpdates(true))))
        #expect(records.count == 3)
        if case .crash(let text) = records[0].event {
            #expect(text.contains("CLClientIsBackgroundable"))
        } else {
            Issue.record("no crash")
        }
        #expect(records[1] == .app(.terminate(.crash)))
        #expect(records[2] == .inUseEnd(.terminated))
        #expect(s.simulator.app == .notRunning)
    }

    @Test func suspendedAppGetsNothingAndForegroundResumes() throws {
        var s = try authorizedWhenInUse()
        try s.at(10, .background)
        #expect(try s.at(20, .systemNotBusy) == [.inUseEnd(.graceExpired), .app(.suspend)])
        #expect(try s.at(30, .foreground) == [.app(.foreground), .inUseBegin(.foreground)])
    }

    // MARK: watchOS complications (issue 43 item 6)

    /// A When In Use watch app without the background mode whose complication
    /// is on the face (`set complication true`) stays in use in the
    /// background and gets its updates: "the system treats that complication
    /// as if it's in use and delivers location updates to it". No grace
    /// period ends, no suspension, no session or indicator; in use ends when the app does.
    @Test func aComplicationOnTheFaceKeepsTheWatchAppInUse() throws {
        var s = S(Platform(.watchOS, 7, 0)) { $0.complication = true }
        try s.launchAuthorized()
        try s.at(3, .app(.startUpdatingLocation))
        #expect(try s.at(10, .background) == [.app(.background)])
        let loc = S.location(35, 139)
        #expect(try s.at(60, S.fix(35, 139)) == [.delegate(.didUpdateLocations(loc))])
        #expect(try s.at(70, .terminate) == [.app(.terminate(.user)), .inUseEnd(.terminated)])
    }

    /// Without it the same app leaves use after the grace period and is
    /// suspended; and the parameter means nothing where there is no watch face.
    @Test func withoutAComplicationOrAWatchTheGraceEnds() throws {
        for (platform, complication) in [(Platform(.watchOS, 7, 0), false), (Platform(.iOS, 14, 0), true)] {
            var s = S(platform) { $0.complication = complication }
            try s.launchAuthorized()
            try s.at(3, .app(.startUpdatingLocation))
            try s.at(10, .background)
            let loc = S.location(35, 139)
            #expect(
                try s.at(60, S.fix(35, 139)) == [
                    .inUseEnd(.graceExpired), .app(.suspend), .drop(.fix(loc), .suspended),
                ])
        }
    }

    /// "You request authorization prompts from the main watch app": in use
    /// through its complication, the app in the background still shows no
    /// prompt (§4: only the foreground prompts), with the warning.
    @Test func aComplicationShowsNoPrompt() throws {
        var s = S(Platform(.watchOS, 7, 0)) { $0.complication = true }
        try s.at(0, .launch)
        try s.at(1, .background)
        let records = try s.at(2, .app(.requestWhenInUseAuthorization))
        #expect(records.count == 1)
        if case .warning = records.first?.event {} else { Issue.record("expected a warning, got \(records)") }
        #expect(s.simulator.authorization.grant == .notDetermined)
    }
}
