import LocSimKit
import Testing

/// Every declaration of docs/public-api.txt, used from another package.
///
/// This package sees only what LocSimKit makes `public`, so if a documented
/// declaration stops being public (becomes `package` or `internal`) this
/// target does not compile; `PublicAPITests` in locsim fails when a
/// declaration becomes public without being listed. The assertions check
/// that each piece does what Sources/LocSimKit/LocSimKit.docc/SwiftAPI.md says.
@Suite struct DocumentedAPITests {
    // MARK: Scenario and the event values

    /// A scenario using every builder call and every kind of event value,
    /// written as the text lines of docs/language.md.
    static func everyEvent() -> Scenario {
        var s = Scenario(platform: Platform(.iOS, 18, 0))
        s.plist("NSLocationWhenInUseUsageDescription", "Finds stores near you.")
        s.plist("NSLocationAlwaysAndWhenInUseUsageDescription", "Tells you when you pass a store.")
        s.plist("UIBackgroundModes", ["location"])
        s.plist("NSLocationRequireExplicitServiceSession", false)
        s.delegate(.all)
        s.set(.grace(.seconds(5)))
        s.set(.upgradePromptDelay(nil))
        s.set(.maxRegions(20))
        s.set(.deriveCrossings(false))
        s.set(.slcDistance(500))
        let store = CircularRegion(id: "store", center: Coordinate(latitude: 35.0, longitude: 139.7), radius: 100)
        let beacons = BeaconConstraint(uuid: "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0", major: 1)
        let events: [Event] = [
            .launch,
            .app(.requestWhenInUseAuthorization),
            .user(.answer(.allowWhileUsing)),
            .app(.set(.desiredAccuracy(.best))),
            .app(.set(.distanceFilter(nil))),
            .app(.set(.allowsBackgroundLocationUpdates(true))),
            .app(.startUpdatingLocation),
            .fix(35.0, 139.7),
            .fix(Fix(Location(Coordinate(latitude: 35.001, longitude: 139.7), accuracy: 5), speed: 1.5, course: 90, altitude: 10)),
            .app(.startMonitoring(store)),
            .enter(regionID: "store"),
            .exit(regionID: "store"),
            .app(.startRangingBeacons(beacons)),
            .beacon(BeaconSighting(uuid: beacons.uuid, major: 1, minor: 2, proximity: .near, rssi: -60)),
            .app(.stopRangingBeacons(beacons)),
            .visitArrive(Location(Coordinate(latitude: 35.0, longitude: 139.7), accuracy: 20)),
            .modern(.liveUpdatesStart(.default)),
            .app(.liveUpdates(.start(.fitness))),
            .app(.backgroundActivitySession(.begin)),
            .app(.serviceSession(.begin("n", .whenInUse, fullAccuracyPurposeKey: nil))),
            .app(.monitor("m2", .open)),
            .modern(.serviceSessionBegin(name: "s", .whenInUse, fullAccuracyPurposeKey: nil)),
            .modern(.monitorOpen(name: "m")),
            .modern(.monitorAdd(name: "m", id: "home", .circle(center: Coordinate(latitude: 35.0, longitude: 139.7), radius: 50))),
            .user(.settings(.always)),
            .user(.precise(true)),
            .background,
            .foreground,
            .systemNotBusy,
            .terminate,
        ]
        for (i, event) in events.enumerated() { s.at(Double(i), event) }
        s.seed(1)
        return s
    }

    @Test func theBuilderWritesScenarioText() {
        let text = Self.everyEvent().text
        #expect(text.hasPrefix("locsim 1\nplatform iOS 18.0\n"))
        for line in [
            "plist UIBackgroundModes location", "set grace 5.000", "1.000 app requestWhenInUseAuthorization",
            "2.000 user allowWhileUsing", "7.000 fix 35 139.7 5", "10.000 enter store", "27.000 foreground",
            "29.000 terminate", "17.000 app liveUpdates start fitness", "18.000 app backgroundActivitySession begin",
            "seed 1",
        ] {
            #expect(text.contains(line + "\n"), "\(line)")
        }
        // The text form reads back as the same scenario.
        #expect(Scenario(text: text).text == text)
        var track = Scenario()
        track.gpx(at: 1, "run.gpx", speed: 2)
        #expect(track.text.hasSuffix("\n1.000 gpx run.gpx speed 2\n"))
    }

    @Test func everyEventReplays() throws {
        let log = try Self.everyEvent().replay()
        #expect(log.records.first?.time == .start)
        #expect(log.records.map(\.time) == log.records.map(\.time).sorted())
        // iOS 14 and later call locationManagerDidChangeAuthorization(_:) instead.
        #expect(log.callbacks.contains(.locationManagerDidChangeAuthorization(.authorizedWhenInUse, .fullAccuracy)))
        #expect(log.callbacks.contains(.didEnterRegion(regionID: "store")))
        #expect(log.records.contains { $0.record == .app(.terminate(.user)) })
    }

    /// The other values the builder takes, and their fields.
    @Test func eventValuesKeepTheirFields() {
        let c = Coordinate(latitude: 35.0, longitude: 139.7)
        #expect(c.latitude == 35.0 && c.longitude == 139.7)
        let l = Location(c, accuracy: 5)
        #expect(l.coordinate == c && l.accuracy == 5)
        let f = Fix(l, speed: 2, course: 180, altitude: nil)
        #expect(f.location == l && f.speed == 2 && f.course == 180 && f.altitude == nil)
        #expect(Event.fix(35.0, 139.7) == .fix(Fix(Location(c, accuracy: 5))))
        let r = CircularRegion(id: "a", center: c, radius: 10, notifyOnEntry: false)
        #expect(r.id == "a" && r.center == c && r.radius == 10 && !r.notifyOnEntry && r.notifyOnExit)
        let b = BeaconConstraint(uuid: "U", major: 1, minor: 2)
        #expect(b.uuid == "U" && b.major == 1 && b.minor == 2)
        let seen = BeaconSighting(uuid: "U", major: 1, minor: 2, proximity: Proximity.immediate)
        #expect(seen.uuid == "U" && seen.major == 1 && seen.minor == 2 && seen.proximity == .immediate && seen.rssi == nil)
        #expect(UserAction.answer(.allowOnce) == .answer(.allowOnce, precise: nil))
        #expect(UserAction.settings(.never) == .settings(.never, precise: nil))
        #expect(Answer.allCases.contains(.changeToAlways) && SettingsChoice.allCases.contains(.askNextTime))
        #expect(DesiredAccuracy.allCases.contains(.reduced))
        #expect(LiveConfiguration.allCases.contains(.fitness) && ServiceRequirement.allCases.contains(.always))
        #expect(ManagerProperty.pausesLocationUpdatesAutomatically(true) != .showsBackgroundLocationIndicator(true))
        #expect(AppCall.requestAlwaysAuthorization != .requestWhenInUseAuthorization)
        #expect(ModernCall.monitorAdd(name: "m", id: "b", MonitorCondition.beacon(b)) != .monitorClose(name: "m"))
        #expect(ParameterSetting.pauseAfter(.seconds(1)) != .pauseDistance(1))
    }

    @Test func delegateMethodsAreAnOptionSet() {
        let methods: [DelegateMethods] = [
            .didChangeAuthorization, .locationManagerDidChangeAuthorization, .didUpdateLocations, .didFailWithError,
            .didEnterRegion, .didExitRegion, .didDetermineState, .didStartMonitoringFor, .monitoringDidFailFor,
            .didVisit, .didRange, .didFailRangingFor, .didPauseLocationUpdates, .didResumeLocationUpdates,
            .didUpdateHeading, .shouldDisplayHeadingCalibration, .didFinishDeferredUpdatesWithError,
        ]
        #expect(DelegateMethods(methods) == .all)
        #expect(Set(methods.map(\.rawValue)).count == methods.count)
        #expect(DelegateMethods(rawValue: DelegateMethods.didVisit.rawValue) == .didVisit)
        // A method the app does not implement is dropped as notImplemented
        // (didFailWithError is implemented: startUpdatingLocation needs it).
        var s = Scenario(platform: .iOS(14))
        s.plist("NSLocationWhenInUseUsageDescription", "Why")
        s.delegate([.didChangeAuthorization, .didFailWithError])
        s.at(0, .launch)
        s.at(1, .app(.requestWhenInUseAuthorization))
        s.at(2, .user(.answer(.allowWhileUsing)))
        s.at(3, .app(.set(.activityType(.fitness))))
        s.at(3, .app(.startUpdatingLocation))
        s.at(4, .fix(35.0, 139.7))
        #expect(s.text.contains("delegate didChangeAuthorization didFailWithError\n"))
        #expect(s.text.contains("3.000 app set activityType fitness\n"))
        let log = try? s.replay()
        #expect(log?.records.contains { $0.dropReason == .notImplemented } == true)
    }

    @Test func platforms() {
        let p = Platform(.iPadOS, 17, 4)
        #expect(p.os == .iPadOS && p.major == 17 && p.minor == 4 && p.description == "iPadOS 17.4")
        #expect(Platform.iOS(13) == Platform(.iOS, 13, 0))
        #expect(Platform.iPadOS(17, 4) == p)
        #expect(Platform.macOS(15).os == .macOS && Platform.tvOS(17).os == .tvOS && Platform.watchOS(10).os == .watchOS)
        #expect(Platform.visionOS(2).os == .visionOS && Platform.macCatalyst(17, 4) == Platform(.macCatalyst, 17, 4))
        #expect(Platform.default == .iOS(14) && Platform.OS.allCases.count == 7)
    }

    // MARK: Replay, the log and its records

    static let denied = """
        locsim 1
        platform iOS 13.0
        plist NSLocationWhenInUseUsageDescription "Why"
        0 launch
        1 app requestWhenInUseAuthorization
        2 user dontAllow
        3 app startUpdatingLocation
        4 fix 35.0 139.7

        """

    @Test func replayLogOfBytes() throws {
        let log = try Replay.log(of: Array(Self.denied.utf8))
        #expect(log == (try Scenario(text: Self.denied).replay()))
        #expect(log.text.hasPrefix("0.000 app launch foreground\n0.000 inuse begin reason=foreground\n"))
        #expect(log.callbacks.first == .didChangeAuthorization(.notDetermined))
        // platform: replaces the scenario's platform line; iOS 14 also tells the accuracy.
        let on14 = try Replay.log(of: Array(Self.denied.utf8), platform: .iOS(14))
        #expect(on14.callbacks.contains(.locationManagerDidChangeAuthorization(.denied, .fullAccuracy)))
    }

    @Test func recordViews() throws {
        let log = try Scenario(text: Self.denied).replay()
        let records: [LogRecord] = log.records
        let prompt = try #require(records.first { $0.prompt != nil })
        #expect(prompt.kind == .prompt && prompt.record.kind.name == "prompt")
        #expect(prompt.prompt == .show(.whenInUse, text: "Why", answers: [.allowWhileUsing, .allowOnce, .dontAllow]))
        #expect(records.contains { $0.prompt == .answer(.dontAllow) })
        let auth = try #require(records.last { $0.auth != nil }?.auth)
        #expect(auth == AuthView(status: .denied, settings: .never, accuracy: .fullAccuracy, provisional: false, temporary: false))
        #expect(auth.status == .denied && auth.settings == .never && auth.accuracy == .fullAccuracy)
        #expect(!auth.provisional && !auth.temporary)
        let drop = try #require(records.first { $0.dropReason != nil })
        #expect(drop.dropReason == .notAuthorized && drop.holdReason == nil && drop.callback == nil)
        #expect(drop.undelivered == .fix(Location(Coordinate(latitude: 35.0, longitude: 139.7), accuracy: 5)))
        #expect(drop == LogRecord(.seconds(4), .drop(.fix(Location(Coordinate(latitude: 35.0, longitude: 139.7), accuracy: 5)), .notAuthorized)))
        let first = try #require(records.first { $0.callback != nil }?.callback)
        #expect(first.selector == "locationManager(_:didChangeAuthorization:)" && first.method == .didChangeAuthorization)
    }

    /// A reaction's record and a failed expectation, as `run` prints them (docs/log-format.md).
    @Test func reactionAndExpectationValues() {
        let skipped = ReactionRecord(
            action: "app stopUpdatingLocation", trigger: "background", line: 7, skipped: ReactionRecord.Skip.suspended)
        #expect(skipped.action == "app stopUpdatingLocation" && skipped.trigger == "background")
        #expect(skipped.line == 7 && skipped.skipped == .suspended && ReactionRecord.Skip.allCases.count == 3)
        let expectations: [LogExpectation] = [
            .some(kind: "delegate", words: ["didUpdateLocations"], by: .seconds(30)),
            .none(kind: "drop", words: [], by: nil),
            .finalAuth(.authorizedWhenInUse),
            .finalAccuracy(.fullAccuracy),
        ]
        #expect(expectations.map(\.text) == [
            "delegate didUpdateLocations by 30.000", "no drop", "final auth authorizedWhenInUse",
            "final accuracy full",
        ])
        let failed = FailedExpectation(expectations[0], at: SourceLocation(line: 9, column: 1), reason: "none came")
        #expect(failed.expectation == expectations[0] && failed.location.line == 9 && failed.reason == "none came")
        #expect(
            failed.formatted(file: "run.scn")
                == "run.scn:9:1: error: expectation failed: expect delegate didUpdateLocations by 30.000 (none came)")
    }

    /// The record enums a `switch` over a log meets, each named once.
    @Test func recordValues() {
        let records: [Record] = [
            .delegate(.didFailWithError(.denied)),
            .delegate(.didDetermineState(RegionState.inside, regionID: "a")),
            .update(.liveUpdate(nil, [.stationary, .accuracyLimited])),
            .update(.monitorEvent(monitor: "m", id: "a", MonitorState.satisfied, [])),
            .session(.begin(.serviceSession(name: "geo", ServiceRequirement.always), SessionStanding.waiting)),
            .session(.end(SessionObject.liveUpdates(.fitness), SessionEndReason.released)),
            .completion(method: "requestTemporaryFullAccuracyAuthorization", error: CLErrorCode.promptDeclined),
            .prompt(.show(PromptKind.upgrade, text: "", answers: [.keepWhileUsing, .changeToAlways])),
            .prompt(.dismiss),
            .app(AppRecord.wake(WakeReason.region)),
            .app(.launchBackground(.location)),
            .auth(AuthView(status: .authorizedAlways, settings: SettingsDisplay.always, accuracy: AccuracyAuthorization.reducedAccuracy, provisional: true, temporary: false)),
            .inUseBegin(InUseBeginReason.foreground), .inUseEnd(InUseEndReason.graceExpired),
            .indicator(on: true),
            .hold(.enter(regionID: "a"), HoldReason.provisionalAlways),
            .drop(UndeliveredEvent.callback(.didVisit(arrival: nil, departure: nil, Location(Coordinate(latitude: 0, longitude: 0), accuracy: 1))), DropReason.stale),
            .notification(id: "n", entry: true), .warning("w"), .crash("c"),
            .react(ReactionRecord(action: "app startUpdatingLocation", trigger: "launch", line: 4)),
            .expect(FailedExpectation(.finalAuth(.denied), at: SourceLocation(line: 5, column: 1), reason: "r")),
        ]
        #expect(records.map(\.kind) == [
            .delegate, .delegate, .update, .update, .session, .session, .completion, .prompt, .prompt, .app, .app, .auth,
            .inUse, .inUse, .indicator, .hold, .drop, .notification, .warning, .crash, .react, .expect,
        ])
        #expect(records.map(\.kind.name).contains("inuse") && RecordKind.inUse.description == "inuse")
        #expect(Set(records.map(\.kind)) == Set(RecordKind.allCases))
        // Every kind has its typed view.
        let views = records.map { LogRecord(.start, $0) }
        #expect(views[2].update?.flags == [.stationary, .accuracyLimited] && views[2].update?.location == nil)
        #expect(views[4].session != nil && views[5].session != nil)
        #expect(views[6].completion == CompletionRecord(method: "requestTemporaryFullAccuracyAuthorization", error: .promptDeclined))
        #expect(views[6].completion?.method == "requestTemporaryFullAccuracyAuthorization" && views[6].completion?.error != nil)
        #expect(views[9].app == .wake(.region))
        #expect(views[12].inUseBegin == .foreground && views[13].inUseEnd == .graceExpired)
        #expect(views[14].indicator == true)
        #expect(views[17].notification == ShownNotification(id: "n", entry: true))
        #expect(views[17].notification?.id == "n" && views[17].notification?.entry == true)
        #expect(views[18].warning == "w" && views[19].crash == "c")
        let reaction = ReactionRecord(action: "app requestLocation", trigger: "prompt", line: 2)
        #expect(LogRecord(.start, .react(reaction)).reaction == reaction)
        let failed = FailedExpectation(.finalAuth(.denied), at: SourceLocation(line: 1, column: 1), reason: "r")
        #expect(LogRecord(.start, .expect(failed)).failedExpectation == failed)
        #expect(LogRecord(.start, .drop(.fix(Location(Coordinate(latitude: 0, longitude: 0), accuracy: 1)), .reducedInterval)).dropReason == .reducedInterval)
        #expect(AuthorizationStatus.allCases.contains(.authorized) && TerminateReason.allCases.contains(.crash))
        #expect(UpdateRecord.serviceSession(name: "s", []).stream == UpdateStream.serviceSession)
        #expect(UpdateRecord.backgroundActivitySession(.insufficientlyInUse).stream == .backgroundActivitySession)
        #expect(SessionRecord.effective(.backgroundActivitySession).object.stream == .backgroundActivitySession)
        #expect(UpdateRecord.earlierLiveUpdate(Location(Coordinate(latitude: 0, longitude: 0), accuracy: 1), [], fixedAt: .seconds(60)).stream == .liveUpdates)
        let flags: [DiagnosticFlags] = [
            .stationary, .authorizationDenied, .authorizationDeniedGlobally, .authorizationRestricted,
            .authorizationRequestInProgress, .insufficientlyInUse, .serviceSessionRequired, .accuracyLimited,
            .locationUnavailable, .fullAccuracyDenied, .alwaysAuthorizationDenied, .conditionUnsupported,
            .conditionLimitExceeded, .persistenceUnavailable,
        ]
        #expect(Set(flags.map(\.rawValue)).count == flags.count)
        #expect(DiagnosticFlags.authorizationProblems.isSubset(of: DiagnosticFlags(flags)))
        #expect(DiagnosticFlags(rawValue: 1).rawValue == DiagnosticFlags.stationary.rawValue)
    }

    /// The output values that may gain cases in a later version are structs:
    /// built with static members, compared, read by name, never switched over.
    @Test func evolvingValues() {
        let here = Location(Coordinate(latitude: 35.0, longitude: 139.7), accuracy: 5)
        let beacon = BeaconSighting(uuid: "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0", major: 1, minor: 2, proximity: .near)
        let constraint = BeaconConstraint(uuid: "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0")
        let callbacks: [Callback] = [
            .didChangeAuthorization(.authorizedWhenInUse), .locationManagerDidChangeAuthorization(.denied, .fullAccuracy),
            .didUpdateLocations(here), .didUpdateEarlierLocation(here, fixedAt: .seconds(3)),
            .didFailWithError(.locationUnknown), .didStartMonitoring(regionID: "a"),
            .monitoringDidFail(regionID: nil, .regionMonitoringFailure), .didDetermineState(.outside, regionID: "a"),
            .didEnterRegion(regionID: "a"), .didExitRegion(regionID: "a"),
            .didVisit(arrival: .seconds(1), departure: nil, here), .didRange(constraint, beacon),
            .didFailRanging(constraint, .rangingUnavailable), .didPauseLocationUpdates, .didResumeLocationUpdates,
            .didUpdateHeading(HeadingSample(magnetic: 90, trueHeading: -1, accuracy: 5)),
            .shouldDisplayHeadingCalibration, .didFinishDeferredUpdates(nil),
        ]
        #expect(Set(callbacks.map(\.selector)).count == 17)  // didUpdateEarlierLocation is didUpdateLocations
        #expect(callbacks[3].method == .didUpdateLocations)
        #expect(CLErrorCode.denied.rawValue == "kCLErrorDenied" && CLErrorCode.regionMonitoringDenied != .denied)
        let reasons: [DropReason] = [
            .notInUse, .notAuthorized, .reducedAccuracy, .suspended, .superseded, .stale, .keptWhileUsing,
            .unavailable, .notImplemented, .distanceFilter, .forceQuit, .notRunning, .serviceSessionRequired,
            .stationary, .eventPending, .conditionLimitExceeded, .lessAccurate, .stopped, .paused, .reducedInterval, .notRestarted,
            .locationUnavailable, .headingFilter, .beforeFirstUnlock, .backgroundTimeLimit,
        ]
        #expect(reasons == DropReason.allCases)
        #expect(DropReason(rawValue: "notInUse") == .notInUse && DropReason(rawValue: "nope") == nil)
        #expect(DropReason.paused.rawValue == "paused" && DropReason.paused.description == "paused")
    }

    @Test func instants() {
        let t = Instant.seconds(2) + Millis(500)
        #expect(t.sinceStart == Millis(2500) && t.description == "2.500")
        #expect(t - Instant.seconds(2) == Millis(500) && t - Millis(500) == .seconds(2))
        #expect(Instant.start < t && Instant(sinceStart: .zero) == .start)
    }

    @Test func millis() {
        let t = Millis(2500)
        #expect(t.value == 2500 && t.description == "2.500")
        #expect(Millis.seconds(2) + Millis(500) == t && t - .seconds(2) == Millis(500))
        #expect(Millis.zero < t)
    }

    // MARK: Errors

    @Test func scenarioErrors() {
        do {
            _ = try Scenario(text: "locsim 1\n0 launch\n1 app requestEverything\n").replay()
            Issue.record("a bad call replayed")
        } catch {
            #expect(error.location == SourceLocation(line: 3, column: 7))
            #expect(error.location.line == 3 && error.location.column == 7)
            #expect(error.formatted(file: "my.scn").hasPrefix("my.scn:3:7: error: \(error.message)"))
            #expect(error.description.hasPrefix("<scenario>:3:7: error: "))
            #expect(error.notes.allSatisfy { $0.location.line < 3 && !$0.message.isEmpty })
        }
    }

    // MARK: Matrix

    @Test func matrix() throws {
        let scenario = Array(Self.denied.utf8)
        let m = Matrix(platforms: [.iOS(7), .iOS(13), .iOS(14)], jobs: 2)
        #expect(m.platforms.count == 3 && m.jobs == 2)
        #expect(Matrix().platforms == Matrix.defaultPlatforms && Matrix().jobs >= 1)
        #expect(Matrix.allPlatforms.count > Matrix.defaultPlatforms.count)
        let report = try m.run(scenario)
        #expect(report.rows.map(\.platform) == m.platforms)
        // iOS 7 has no requestWhenInUseAuthorization: that row is an error, not a crash.
        #expect((try? report.rows[0].outcome.get()) == nil)
        let row = report.rows[1]
        let tally = try row.outcome.get()
        var counted = Tally((try Replay.log(of: scenario, platform: row.platform)).records)
        counted.final = tally.final
        #expect(tally == counted)
        #expect(tally.final?.status == .denied && tally.final?.accuracy == .fullAccuracy)
        // notDetermined and denied, then kCLErrorDenied for startUpdatingLocation.
        #expect(tally.authorizationCallbacks == 2 && tally.delivered == 1)
        #expect(tally.held.isEmpty && tally.stillHeld.isEmpty && tally.warnings == 0 && tally.failedExpectations == 0)
        #expect(tally.dropped.map { [$0.name: $0.count] } == [["notAuthorized": 1]])
        #expect(tally.prompts.first?.name == "whenInUse" && tally.prompts.first?.count == 1)
        #expect(Tally().delivered == 0 && Tally([]) == Tally())
        #expect(report.divergences.count == 2)
        let d = report.divergences[1]
        #expect(d.from == .iOS(13) && d.to == .iOS(14) && d.line == 3)
        #expect(d.removed.count <= Divergence.shownLines && d.added.count <= Divergence.shownLines)
        #expect(d.removedCount >= d.removed.count && d.addedCount >= d.added.count && d.differingLines > 0)
        for format in Matrix.Format.allCases {
            #expect(report.rendered(format).contains("iOS 13.0"))
        }
    }

    // MARK: Explore

    @Test func explore() throws {
        var built = Scenario(platform: .iOS(13))
        built.plist("NSLocationWhenInUseUsageDescription", "Why")
        built.at(0, .launch)
        built.at(1, .app(.requestWhenInUseAuthorization))
        built.at(2, .user(.any(.answer)))
        built.at(3, .app(.startUpdatingLocation))
        built.at(4, .fix(35.0, 139.7))
        let text = built.text
        let e = Explore(platforms: [.iOS(12, 5), .iOS(14)], jobs: 2, maxStates: 1000)
        #expect(e.platforms == [.iOS(12, 5), .iOS(14)] && e.jobs == 2 && e.maxStates == 1000)
        #expect(Explore().platforms == nil && Explore().maxStates == Explore.defaultMaxStates)
        let report = try e.run(Array(text.utf8))
        let ios14 = report.platforms[1]
        #expect(ios14.platform == .iOS(14) && ios14.states >= 1)
        // allowWhileUsing and allowOnce with Precise on and off, dontAllow, and dismissing the prompt.
        #expect(ios14.paths == 6 && ios14.rows.reduce(0) { $0 + $1.paths } == 6)
        // No `expect` lines: nothing fails.
        #expect(ios14.failingPaths.isEmpty && ios14.rows.allSatisfy { $0.outcome.failedExpectations.isEmpty })
        let denied = try #require(ios14.rows.first { $0.outcome.authorization == .denied })
        #expect(denied.outcome.accuracy == .fullAccuracy && denied.outcome.error == nil && !denied.outcome.failed)
        #expect(denied.outcome.deliveredCount("didFailWithError") == 1 && denied.outcome.held.isEmpty)
        #expect(denied.outcome.delivered.count >= 2 && denied.outcome.dropped.count <= 1)
        let choice = try #require(denied.shortestPath.first)
        #expect(choice.action == .answer(.dontAllow, precise: nil) && choice.prompt == .whenInUse)
        #expect(choice.time == .seconds(2) && choice.line != nil && choice.description.hasSuffix("dontAllow"))
        let plain = try Explore.counterexample(Array(text.utf8), path: denied.shortestPath, platform: .iOS(14))
        let replayed = try Replay.log(of: Array(plain.utf8))
        #expect(replayed.callbacks.contains(Callback.didFailWithError(.denied)))
        #expect(ChoiceScope.allCases == [.answer, .settings])
        for format in Matrix.Format.allCases {
            #expect(report.rendered(format).contains("iOS 12.5"))
        }
    }
}
