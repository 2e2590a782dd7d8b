import Testing

@testable import LocSimKit

/// docs/rules.md §1 as a table: where each call exists. Written from the
/// rule text (and Apple's SDK availability), not from the code; one row per
/// keyword of the registries, so a new call needs a row.
@Suite struct AvailabilityTableTests {
    /// `iOS`: the iOS version that introduced the call ("-" for every
    /// simulated version); `macOS`: "-" available, a version, `no` (no
    /// background properties, visits or ranging), `nN` (no notification
    /// triggers); `tv`, `watch`: available there.
    struct Row: CustomStringConvertible {
        var call: AppCall
        var iOS: String
        var macOS: String
        var tv: Bool
        var watch: Bool
        var description: String {
            call.name
                + (call == .set(.desiredAccuracy(.reduced))
                    ? " reduced" : call == .set(.activityType(.airborne)) ? " airborne" : "")
        }
    }

    static let region = CircularRegion(id: "r", center: Coordinate(latitude: 35, longitude: 139), radius: 100)
    static let constraint = BeaconConstraint(uuid: "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0")

    static func row(_ c: AppCall, _ iOS: String, _ macOS: String, tv: Bool, watch: Bool) -> Row {
        Row(call: c, iOS: iOS, macOS: macOS, tv: tv, watch: watch)
    }

    static let table: [Row] = [
        row(.requestWhenInUseAuthorization, "8.0", "10.15", tv: true, watch: true),
        row(.requestAlwaysAuthorization, "8.0", "10.15", tv: false, watch: true),
        row(.requestTemporaryFullAccuracyAuthorization(purposeKey: "k"), "14.0", "11.0", tv: true, watch: true),
        row(.startUpdatingLocation, "-", "-", tv: false, watch: true),
        row(.stopUpdatingLocation, "-", "-", tv: false, watch: true),
        row(.requestLocation, "9.0", "10.14", tv: true, watch: true),
        row(.startMonitoringSignificantLocationChanges, "-", "-", tv: false, watch: false),
        row(.stopMonitoringSignificantLocationChanges, "-", "-", tv: false, watch: false),
        row(.startMonitoringVisits, "8.0", "no", tv: false, watch: false),
        row(.stopMonitoringVisits, "8.0", "no", tv: false, watch: false),
        row(.startMonitoring(region), "-", "-", tv: false, watch: false),
        row(.stopMonitoring(id: "r"), "-", "-", tv: false, watch: false),
        row(.requestState(id: "r"), "-", "-", tv: false, watch: false),
        row(.startRangingBeacons(constraint), "7.0", "no", tv: false, watch: false),
        row(.stopRangingBeacons(constraint), "7.0", "no", tv: false, watch: false),
        row(.addLocationNotification(region, repeats: false), "10.0", "nN", tv: false, watch: true),
        row(.set(.allowsBackgroundLocationUpdates(true)), "9.0", "no", tv: false, watch: true),
        row(.set(.showsBackgroundLocationIndicator(true)), "11.0", "no", tv: false, watch: false),
        row(.set(.pausesLocationUpdatesAutomatically(true)), "-", "-", tv: false, watch: true),
        row(.set(.distanceFilter(10)), "-", "-", tv: true, watch: true),
        row(.set(.desiredAccuracy(.best)), "-", "-", tv: true, watch: true),
        row(.set(.desiredAccuracy(.reduced)), "14.0", "11.0", tv: true, watch: true),
        row(.set(.activityType(.fitness)), "6.0", "10.15", tv: false, watch: true),
        row(.set(.activityType(.airborne)), "12.0", "10.15", tv: false, watch: true),
        // The heading: iOS 3, macOS 10.15, watchOS 2, not tvOS (Apple, startUpdatingHeading(), headingOrientation).
        row(.startUpdatingHeading, "-", "10.15", tv: false, watch: true),
        row(.stopUpdatingHeading, "-", "10.15", tv: false, watch: true),
        row(.set(.headingFilter(5)), "-", "10.15", tv: false, watch: true),
        row(.set(.headingOrientation(.faceUp)), "-", "10.15", tv: false, watch: true),
        // Deferred updates: iOS 6, macOS 10.15, not tvOS or watchOS (Apple, allowDeferredLocationUpdates(untilTraveled:timeout:)).
        row(.allowDeferredLocationUpdates(distance: nil, timeout: nil), "6.0", "10.15", tv: false, watch: false),
        row(.disallowDeferredLocationUpdates, "6.0", "10.15", tv: false, watch: false),
    ]

    @Test func everyKeywordHasARow() {
        let calls = Set(Self.table.map(\.call.keyword))
        #expect(calls == Set(AppCallKeyword.allCases))
        let properties = Set(
            Self.table.compactMap { row -> PropertyKeyword? in
                if case .set(let p) = row.call { return p.keyword }
                return nil
            })
        #expect(properties == Set(PropertyKeyword.allCases))
    }

    static func version(_ s: String) -> (Int, Int) {
        let parts = s.split(separator: ".").compactMap { Int($0) }
        return (parts[0], parts.count > 1 ? parts[1] : 0)
    }

    /// The version just before `v` (x.0 → x-1.9; x.y → x.y-1).
    static func before(_ v: (Int, Int)) -> (Int, Int) { v.1 == 0 ? (v.0 - 1, 9) : (v.0, v.1 - 1) }

    @Test(arguments: table) func cell(_ row: Row) {
        func problem(_ os: Platform.OS, _ v: (Int, Int)) -> String? {
            Availability.problem(row.call, on: RulesVersion(Platform(os, v.0, v.1)))
        }
        // iOS and iPadOS: from the introduction on.
        for os in [Platform.OS.iOS, .iPadOS] {
            if row.iOS == "-" {
                #expect(problem(os, (6, 0)) == nil, "\(row) \(os)")
            } else {
                let v = Self.version(row.iOS)
                #expect(problem(os, v) == nil, "\(row) \(os) \(v)")
                #expect(problem(os, Self.before(v))?.hasSuffix("introduced in iOS \(row.iOS)") == true, "\(row) \(os)")
            }
        }
        // tvOS and watchOS: where the call exists, iOS's introduction by the version mapping.
        #expect((problem(.tvOS, (18, 0)) == nil) == row.tv, "\(row) tvOS")
        if !row.tv { #expect(problem(.tvOS, (18, 0))?.hasSuffix(Availability.tvOSReason) == true) }
        #expect((problem(.watchOS, (11, 0)) == nil) == row.watch, "\(row) watchOS")
        if !row.watch { #expect(problem(.watchOS, (11, 0))?.hasSuffix(Availability.watchOSReason) == true) }
        // macOS: its own introductions.
        switch row.macOS {
        case "-":
            #expect(problem(.macOS, (10, 9)) == nil, "\(row) macOS")
        case "no":
            #expect(problem(.macOS, (15, 0))?.hasSuffix(Availability.macOSReason) == true, "\(row) macOS")
        case "nN":
            #expect(problem(.macOS, (15, 0))?.hasSuffix(Availability.macOSNotificationReason) == true, "\(row) macOS")
        default:
            let v = Self.version(row.macOS)
            #expect(problem(.macOS, v) == nil, "\(row) macOS \(v)")
            #expect(
                problem(.macOS, Self.before(v))?.hasSuffix("introduced in macOS \(row.macOS)") == true, "\(row) macOS")
        }
    }
}
