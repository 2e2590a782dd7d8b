@testable import LocSimKit

/// A seeded generator of random valid-looking scenarios: a header and a
/// stream of timed events drawn from every rule family. Some events will be
/// rejected as scenario errors (an answer with no prompt, a call while
/// suspended); property tests skip those lines, as a user would fix them.
struct RandomScenario {
    var rng: SplitMix64
    let seed: UInt64

    init(seed: UInt64) {
        self.seed = seed
        rng = SplitMix64(seed: seed)
    }

    mutating func pick<T>(_ items: [T]) -> T { items[Int(rng.next() % UInt64(items.count))] }
    mutating func chance(_ percent: UInt64) -> Bool { rng.next() % 100 < percent }
    mutating func double(_ lo: Double, _ hi: Double) -> Double {
        lo + (hi - lo) * Double(rng.next() >> 11) / Double(1 << 53)
    }

    static let platforms = [
        Platform(.iOS, 7, 0), Platform(.iOS, 9, 3), Platform(.iOS, 12, 4), Platform(.iOS, 13, 0),
        Platform(.iOS, 13, 4), Platform(.iOS, 14, 0), Platform(.iOS, 17, 0), Platform(.iOS, 18, 0),
        Platform(.iOS, 26, 0),
        Platform(.iPadOS, 15, 0), Platform(.tvOS, 14, 0), Platform(.watchOS, 7, 0), Platform(.macOS, 11, 0),
    ]

    mutating func header() -> ScenarioHeader {
        var h = ScenarioHeader()
        h.platform = pick(Self.platforms)
        let keys = [
            "NSLocationWhenInUseUsageDescription", "NSLocationAlwaysAndWhenInUseUsageDescription",
            "NSLocationAlwaysUsageDescription", "NSLocationUsageDescription",
            "NSLocationTemporaryUsageDescriptionDictionary.nav",
        ]
        for key in keys where chance(85) { h.plist[key] = .string("text for \(key)") }
        if chance(70) { h.plist["UIBackgroundModes"] = .array(["location"]) }
        if chance(15) { h.plist["NSLocationDefaultAccuracyReduced"] = .bool(true) }
        if chance(30) { h.plist["NSLocationRequireExplicitServiceSession"] = .bool(true) }
        if chance(20) { h.delegate = DelegateMethods(rawValue: UInt32(rng.next() % (1 << 14))) }
        h.parameters.grace = Millis(Int64(rng.next() % 10_000))
        h.parameters.suspendAfter = Millis(Int64(rng.next() % 10_000))
        h.parameters.wakeWindow = Millis(Int64(1 + rng.next() % 20_000))
        if chance(30) { h.parameters.upgradePromptDelay = Millis(Int64(rng.next() % 60_000)) }
        h.parameters.heldEventMaxAge = Millis(Int64(rng.next() % 600_000))
        h.parameters.deriveCrossings = chance(40)
        h.parameters.crossingDwell = Millis(Int64(rng.next() % 30_000))
        h.parameters.maxRegions = Int(rng.next() % 4)
        h.parameters.reducedInterval = Millis(Int64(rng.next() % 100_000))
        h.parameters.beaconLostDelay = chance(20) ? nil : Millis(Int64(rng.next() % 60_000))
        if chance(40) {
            // Stationary often: every fix is near enough (docs/modern.md M2).
            h.parameters.stationaryRadius = 3000
            h.parameters.stationaryDelay = Millis(Int64(rng.next() % 30_000))
        }
        return h
    }

    static let regionIDs = ["home", "work", "gym"]

    mutating func coordinate() -> Coordinate {
        Coordinate(latitude: 35 + double(-0.01, 0.01), longitude: 139.7 + double(-0.01, 0.01))
    }

    mutating func region() -> CircularRegion {
        CircularRegion(
            id: pick(Self.regionIDs), center: coordinate(), radius: pick([0, 50, 300, 800]),
            notifyOnEntry: chance(80), notifyOnExit: chance(80))
    }

    mutating func event() -> Event {
        switch rng.next() % 100 {
        case 0..<4: return .launch
        case 4..<10: return .foreground
        case 10..<16: return .background
        case 16..<18: return .terminate
        case 18..<20: return .systemTerminate
        case 20..<24: return .systemNotBusy
        case 24..<44: return .app(call())
        case 44..<50: return .modern(modernCall())
        case 50..<64: return .user(user())
        case 64..<82:
            return .fix(Fix(Location(coordinate(), accuracy: pick([5, 65, 1000]))))
        case 82..<90:
            let id = pick(Self.regionIDs)
            return chance(50) ? .enter(regionID: id) : .exit(regionID: id)
        case 90..<95:
            let l = Location(coordinate(), accuracy: 50)
            return chance(50) ? .visitArrive(l) : .visitDepart(l)
        case 95..<97:
            // A duration here; `statements` makes it a time after the line's.
            return .noFix(until: chance(50) ? nil : Millis(Int64(1 + rng.next() % 60_000)))
        default:
            // Ranged constraints use "B"; the monitor's beacon conditions `monitorBeacon`.
            let uuid = chance(50) ? "B" : Self.monitorBeacon
            return .beacon(
                BeaconSighting(uuid: uuid, major: Int(rng.next() % 2), minor: 1, proximity: pick([.near, .unknown])))
        }
    }

    static let monitorBeacon = "5A4BCFCE-174E-4BAC-A814-092E77F6B7E5"

    mutating func call() -> AppCall {
        switch rng.next() % 20 {
        case 0, 1: return .requestWhenInUseAuthorization
        case 2, 3: return .requestAlwaysAuthorization
        case 4: return .requestTemporaryFullAccuracyAuthorization(purposeKey: pick(["nav", "none"]))
        case 5, 6: return .startUpdatingLocation
        case 7: return .stopUpdatingLocation
        case 8: return .requestLocation
        case 9:
            return chance(70) ? .startMonitoringSignificantLocationChanges : .stopMonitoringSignificantLocationChanges
        case 10: return chance(70) ? .startMonitoringVisits : .stopMonitoringVisits
        case 11, 12: return .startMonitoring(region())
        case 13: return chance(50) ? .stopMonitoring(id: pick(Self.regionIDs)) : .requestState(id: pick(Self.regionIDs))
        case 14:
            return chance(70)
                ? .startRangingBeacons(BeaconConstraint(uuid: "B", major: chance(50) ? 1 : nil))
                : .stopRangingBeacons(BeaconConstraint(uuid: "B"))
        case 15, 16: return .set(.allowsBackgroundLocationUpdates(chance(70)))
        case 17: return .set(.showsBackgroundLocationIndicator(chance(50)))
        case 18:
            return .set(
                chance(50) ? .distanceFilter(chance(50) ? nil : 100) : .desiredAccuracy(pick(DesiredAccuracy.allCases)))
        default: return .addLocationNotification(region(), repeats: chance(50))
        }
    }

    /// The iOS 17+ calls (docs/modern.md); monitor conditions share the
    /// region ids, so `enter`/`exit` lines cross them too.
    mutating func modernCall() -> ModernCall {
        switch rng.next() % 9 {
        case 6: return chance(60) ? .monitorOpen(name: pick(["geo", "b"])) : .monitorClose(name: pick(["geo", "b"]))
        case 7:
            let condition: MonitorCondition =
                chance(70)
                ? .circle(center: coordinate(), radius: pick([50, 300, 800]))
                : .beacon(BeaconConstraint(uuid: Self.monitorBeacon, major: chance(50) ? 1 : nil))
            let assumed: MonitorState? = chance(60) ? nil : pick([.satisfied, .unsatisfied, .unknown])
            return .monitorAdd(name: pick(["geo", "b"]), id: pick(Self.regionIDs), condition, assuming: assumed)
        case 8: return .monitorRemove(name: pick(["geo", "b"]), id: pick(Self.regionIDs))
        case 0, 1: return .liveUpdatesStart(pick(LiveConfiguration.allCases))
        case 2: return .liveUpdatesStop
        case 3:
            if chance(60) { return .backgroundActivitySessionBegin }
            return chance(50) ? .backgroundActivitySessionEnd : .backgroundActivitySessionRelease
        case 4:
            let key: String? = chance(30) ? "nav" : nil
            return .serviceSessionBegin(
                name: pick(["a", "b"]), pick(ServiceRequirement.allCases), fullAccuracyPurposeKey: key)
        default:
            let name = pick(["a", "b"])
            return chance(50) ? .serviceSessionEnd(name: name) : .serviceSessionRelease(name: name)
        }
    }

    mutating func user() -> UserAction {
        switch rng.next() % 10 {
        case 0..<6:
            return .answer(pick(Answer.allCases), precise: chance(20) ? chance(50) : nil)
        case 6: return .settings(pick(SettingsChoice.allCases), precise: nil)
        case 7: return chance(50) ? .precise(chance(50)) : .locationServices(chance(50))
        case 8: return chance(50) ? .restricted(chance(30)) : .device(pick(DeviceSetting.allCases), chance(50))
        default: return .tapNotification(id: pick(Self.regionIDs))
        }
    }

    /// Time steps: often equal times, sometimes long gaps past every timer.
    mutating func step() -> Int64 {
        switch rng.next() % 10 {
        case 0, 1: return 0
        case 2..<7: return Int64(rng.next() % 3000)
        case 7, 8: return Int64(rng.next() % 30_000)
        default: return Int64(rng.next() % 1_000_000)
        }
    }

    /// The statements of one scenario.
    mutating func statements(count: Int) -> [TimedStatement] {
        var t: Int64 = 0
        var out: [TimedStatement] = []
        for i in 0..<count {
            t += step()
            var e = event()
            if case .noFix(let duration?) = e { e = .noFix(until: Millis(t) + duration) }
            out.append(
                TimedStatement(
                    time: Millis(t), event: e, location: SourceLocation(line: i + 1, column: 1), argumentColumn: 1))
        }
        return out
    }
}
