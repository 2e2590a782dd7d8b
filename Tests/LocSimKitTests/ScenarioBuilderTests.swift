import Testing

@testable import LocSimKit

/// The Swift builder (`Scenario`): it writes scenario text the parser reads
/// back as the same events, and replays to the same records as that text.
@Suite struct ScenarioBuilderTests {
    /// `Scenarios/quickstart.scn` built in Swift.
    static var quickstart: Scenario {
        var s = Scenario(platform: .iOS(13, 0))
        s.plist("NSLocationWhenInUseUsageDescription", "Shows where you are on the map.")
        s.at(0, .launch)
        s.at(1, .app(.requestWhenInUseAuthorization))
        s.at(3, .user(.answer(.allowWhileUsing)))
        s.at(4, .app(.startUpdatingLocation))
        s.at(5, .fix(35.681236, 139.767125, accuracy: 8))
        s.at(6, .fix(35.6813, 139.7672, accuracy: 6))
        s.at(10, .background)
        s.at(12, .fix(35.6814, 139.7673, accuracy: 6))
        s.at(20, .fix(35.6815, 139.7674, accuracy: 6))
        s.at(30, .foreground)
        s.at(31, .fix(35.6816, 139.7675))
        return s
    }

    @Test func builderReplaysLikeTheTextScenario() throws {
        let file = try FileIO.readFile(ScenarioFiles.root + "/quickstart.scn").get()
        let fromText = try Replay.log(of: file)
        let fromBuilder = try Self.quickstart.replay()
        #expect(fromBuilder == fromText)
        #expect(
            fromBuilder.text
                == String(decoding: try FileIO.readFile(ScenarioFiles.root + "/quickstart.log").get(), as: UTF8.self))
    }

    /// Every kind of event, with values that need quoting or plain decimals,
    /// parses back from the builder's text to the event given.
    @Test func everyEventRoundTripsThroughText() throws {
        let region = CircularRegion(
            id: "my office", center: Coordinate(latitude: -33.86, longitude: 151.2), radius: 150, notifyOnExit: false)
        let constraint = BeaconConstraint(uuid: "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0", major: 1, minor: 2)
        let events: [Event] = [
            .launch, .foreground, .background, .terminate, .systemTerminate, .systemNotBusy, .systemDeliverFirst,
            .systemInputFirst,
            .app(.requestWhenInUseAuthorization), .app(.requestAlwaysAuthorization),
            .app(.requestTemporaryFullAccuracyAuthorization(purposeKey: "Navigate")),
            .app(.startUpdatingLocation), .app(.stopUpdatingLocation), .app(.requestLocation),
            .app(.startMonitoringSignificantLocationChanges), .app(.stopMonitoringSignificantLocationChanges),
            .app(.startMonitoringVisits), .app(.stopMonitoringVisits),
            .app(.startMonitoring(region)), .app(.stopMonitoring(id: "my office")), .app(.requestState(id: "a\"b")),
            .app(.startRangingBeacons(constraint)), .app(.stopRangingBeacons(BeaconConstraint(uuid: constraint.uuid))),
            .app(.set(.allowsBackgroundLocationUpdates(true))), .app(.set(.showsBackgroundLocationIndicator(false))),
            .app(.set(.pausesLocationUpdatesAutomatically(true))), .app(.set(.distanceFilter(nil))),
            .app(.set(.distanceFilter(12.5))), .app(.set(.desiredAccuracy(.reduced))),
            .app(.addLocationNotification(region, repeats: true)),
            .user(.answer(.allowOnce)), .user(.answer(.allowWhileUsing, precise: false)),
            .user(.settings(.always)), .user(.settings(.whileUsing, precise: true)), .user(.precise(false)),
            .user(.locationServices(true)), .user(.restricted(false)), .user(.tapNotification(id: "n1")),
            .fix(
                Fix(
                    Location(Coordinate(latitude: 0.00001, longitude: -179.5), accuracy: 0.000015), speed: 3,
                    course: 90.25, altitude: -2)),
            .enter(regionID: "my office"), .exit(regionID: "x"),
            .visitArrive(Location(Coordinate(latitude: 1, longitude: 2), accuracy: 30)),
            .visitDepart(Location(Coordinate(latitude: 1, longitude: 2), accuracy: 5)),
            .beacon(BeaconSighting(uuid: constraint.uuid, major: 1, minor: 2, proximity: .near, rssi: -60)),
            // The iOS 17/18 calls, through `.app(…)` as a user writes them.
            .app(.liveUpdates(.start(.fitness))), .app(.liveUpdates(.start())), .app(.liveUpdates(.stop)),
            .app(.backgroundActivitySession(.begin)), .app(.backgroundActivitySession(.end)),
            .app(.serviceSession(.begin("my nav", .always, fullAccuracyPurposeKey: "Navigate"))),
            .app(.serviceSession(.begin("nav", .none))), .app(.serviceSession(.end("my nav"))),
            .app(.monitor("geo", .open)),
            .app(
                .monitor("geo", .add("home", .circle(center: Coordinate(latitude: 35, longitude: 139.7), radius: 100)))),
            .app(.monitor("geo", .add("lobby", .beacon(constraint)))),
            .app(.monitor("geo", .remove("home"))), .app(.monitor("geo", .close)),
        ]
        var s = Scenario()
        for (i, event) in events.enumerated() { s.at(Double(i) + 0.25, event) }
        var parser = ScenarioParser()
        var parsed: [Event] = []
        for (n, line) in s.text.split(separator: "\n").enumerated() {
            if case .timed(let t)? = try parser.parse(String(line), lineNumber: n + 1) { parsed.append(t.event) }
        }
        #expect(parsed == events)
    }

    /// `.app(modern)` is `.modern(modern)`: the helpers build the same values.
    @Test func modernCallsThroughAppAreModernEvents() {
        #expect(Event.app(.liveUpdates(.start(.fitness))) == .modern(.liveUpdatesStart(.fitness)))
        #expect(Event.app(.liveUpdates(.start())) == .modern(.liveUpdatesStart(.default)))
        #expect(Event.app(.serviceSession(.end("s"))) == .modern(.serviceSessionEnd(name: "s")))
        #expect(Event.app(.monitor("m", .remove("a"))) == .modern(.monitorRemove(name: "m", id: "a")))
        #expect(Event.app(.backgroundActivitySession(.end)) == .modern(.backgroundActivitySessionEnd))
        #expect(Event.app(.backgroundActivitySession(.release)) == .modern(.backgroundActivitySessionRelease))
        #expect(Event.app(.serviceSession(.release("s"))) == .modern(.serviceSessionRelease(name: "s")))
        // A CLLocationManager call keeps its own case.
        #expect(Event.app(.requestLocation) != .modern(.liveUpdatesStop))
    }

    @Test func headerLinesParseBack() throws {
        var s = Scenario(platform: .macOS(15))
        s.plist("UIBackgroundModes", ["location", "fetch"])
        s.plist("NSLocationRequireExplicitServiceSessionAuthorization", true)
        s.delegate([.didUpdateLocations, .didFailWithError])
        s.set(.grace(Millis(2500)))
        s.set(.upgradePromptDelay(nil))
        s.set(.slcDistance(0.00005))
        var header = ScenarioHeader()
        var parser = ScenarioParser()
        for (n, line) in s.text.split(separator: "\n").enumerated() {
            if case .header(let h, _)? = try parser.parse(String(line), lineNumber: n + 1) { header.apply(h) }
        }
        #expect(header.platform == Platform(.macOS, 15, 0))
        #expect(header.plist["UIBackgroundModes"] == .array(["location", "fetch"]))
        #expect(header.flag("NSLocationRequireExplicitServiceSessionAuthorization"))
        #expect(header.delegate == [.didUpdateLocations, .didFailWithError])
        #expect(header.parameters.grace == Millis(2500))
        #expect(header.parameters.upgradePromptDelay == nil)
        #expect(header.parameters.slcDistance == 0.00005)
    }

    @Test func numbersAreWrittenWithoutExponents() {
        #expect(Scenario.number(35) == "35")
        #expect(Scenario.number(35.681236) == "35.681236")
        #expect(Scenario.number(1e-05) == "0.00001")
        #expect(Scenario.number(-1.5e-07) == "-0.00000015")
        #expect(Scenario.number(1e21) == "1000000000000000000000")
        #expect(Scenario.number(-2.5e16) == "-25000000000000000")
        #expect(Scenario.time(12.3456) == "12.346")
    }

    @Test func errorsAreTypedAndPointIntoTheText() {
        var s = Scenario(platform: .iOS(7))
        s.at(0, .launch)
        s.at(1, .app(.requestWhenInUseAuthorization))
        #expect(throws: ScenarioError.self) { try s.replay() }
        do {
            _ = try s.replay()
        } catch {
            #expect(error.location == SourceLocation(line: 4, column: 11))  // `1.000 app requestWhen…`
            #expect(error.message.contains("not available on iOS 7.0"))
        }

        var backwards = Scenario()
        backwards.at(5, .launch)
        backwards.at(2, .background)
        #expect(throws: ScenarioError.self) { try backwards.replay() }

        var notANumber = Scenario()
        notANumber.at(.nan, .launch)
        #expect(throws: ScenarioError.self) { try notANumber.replay() }
    }

    @Test func textFormTakesBuilderLines() throws {
        var s = Scenario(text: "locsim 1\nplatform iOS 13.0\n0 launch\n")
        s.plist("NSLocationWhenInUseUsageDescription", "Why")
        s.at(1, .app(.requestWhenInUseAuthorization))
        let log = try s.replay()
        #expect(
            log.records.contains {
                if case .prompt(.show(.whenInUse, "Why", _)) = $0.record.event { true } else { false }
            })
    }

    /// docs/rules.md §5–§6: Always requested, While Using picked on iOS 13.4 gives
    /// provisional Always; a region crossing while not in use is held, and
    /// "Change to Always Allow" delivers it.
    @Test func provisionalAlwaysFlowAsTypedRecords() throws {
        var s = Scenario(platform: .iOS(13, 4))
        s.plist("NSLocationWhenInUseUsageDescription", "Finds stores near you.")
        s.plist("NSLocationAlwaysAndWhenInUseUsageDescription", "Tells you when you pass a store.")
        s.at(0, .launch)
        s.at(1, .app(.requestAlwaysAuthorization))
        s.at(2, .user(.answer(.allowWhileUsing)))
        s.at(
            3,
            .app(
                .startMonitoring(
                    CircularRegion(id: "store", center: Coordinate(latitude: 35, longitude: 139.7), radius: 100))))
        s.at(4, .background)
        s.at(60, .enter(regionID: "store"))
        s.at(61, .systemNotBusy)
        s.at(62, .user(.answer(.changeToAlways)))
        let log = try s.replay()
        let held = log.records.filter { $0.holdReason == .provisionalAlways }
        #expect(held.map(\.time) == [.seconds(60)])
        #expect(held.first?.undelivered == .enter(regionID: "store"))
        #expect(log.records.contains { $0.auth?.provisional == true && $0.auth?.status == .authorizedAlways })
        #expect(
            log.records.compactMap(\.prompt).contains { if case .show(.upgrade, _, _) = $0 { true } else { false } })
        let entered = log.records.first { $0.callback == .didEnterRegion(regionID: "store") }
        #expect(entered?.time == .seconds(62))
        #expect(log.records.allSatisfy { $0.dropReason == nil })
    }
}
