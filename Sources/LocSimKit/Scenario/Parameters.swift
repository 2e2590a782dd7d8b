/// The rule parameters (docs/rules.md §Parameters), settable with `set <name> <value>`.
package struct Parameters: Equatable, Sendable {
    /// In use after leaving the foreground ("a few seconds", 003, Apple, background execution).
    package var grace = Millis.seconds(5)
    /// Background time before suspension (Apple, background execution).
    package var suspendAfter = Millis.seconds(5)
    /// Run time after a wake or a background launch (Apple, background execution).
    package var wakeWindow = Millis.seconds(10)
    /// Automatic upgrade prompt this long after it becomes pending; `nil`: only on `system notBusy`.
    package var upgradePromptDelay: Millis? = nil
    /// Held events older than this when the user picks Always are dropped as stale (choice).
    package var heldEventMaxAge = Millis.seconds(600)
    /// Significant-change thresholds (Apple, startMonitoringSignificantLocationChanges).
    package var slcDistance = 500.0
    package var slcInterval = Millis.seconds(300)
    /// At most this many monitored regions (Apple, region monitoring).
    package var maxRegions = 20
    /// Crossings derived from fixes (Apple, region monitoring).
    package var deriveCrossings = false
    package var crossingMargin = 50.0
    package var crossingDwell = Millis.seconds(20)
    /// Reduced accuracy grid and rate (002, Apple, requestLocation and CLError).
    package var reducedGrid = 5000.0
    package var reducedInterval = Millis.seconds(900)
    /// `requestLocation` gives up after this long (Apple, requestLocation and CLError).
    package var requestLocationTimeout = Millis.seconds(10)
    /// Whether monitoring events relaunch a force-quit app; `nil`: by version (Apple, startMonitoringSignificantLocationChanges).
    package var relaunchAfterForceQuit: Bool? = nil
    /// `CLLocationUpdate` stationary detection: fixes within this distance of
    /// where the device stopped, for `stationaryDelay`, pause live updates
    /// (a locsim parameter; Apple gives no threshold, docs/modern.md).
    package var stationaryRadius = 20.0
    package var stationaryDelay = Millis.seconds(60)
    /// `CLMonitor`: conditions of one type the app may monitor before the
    /// next ones get `conditionLimitExceeded` (Apple gives no number; locsim
    /// uses the region limit, docs/modern.md).
    package var monitorConditionLimit = 20
    /// At most this many standard updates queued for a suspended app; the
    /// oldest goes first (a bound of locsim's, Apple gives none).
    package var suspendedQueueLimit = 100
    /// Automatic pausing: updates pause after this long within `pauseDistance`
    /// of one place; `nil`: never (Apple gives no time).
    package var pauseAfter: Millis? = nil
    package var pauseDistance = 100.0
    /// `CLMonitor`: a satisfied beacon identity condition becomes unsatisfied
    /// after this long without a matching sighting; `nil`: only at an `exit`
    /// line (Apple gives no time; locsim uses the 30 s developers measure,
    /// docs/modern.md M14).
    package var beaconLostDelay: Millis? = .seconds(30)
    /// After `system reboot`, the device is unlocked for the first time this
    /// long later unless a `user unlock` line comes first; `nil`: only at
    /// such a line (a locsim decision on twocanoes' "about 3 minutes",
    /// docs/rules.md §2, "Reboot").
    package var firstUnlockDelay: Millis? = .seconds(180)
    /// Ranging stops this long after the app began running in the
    /// background unless a background location session runs; `nil`: never
    /// (developer reports give 2–3 and 5 minutes; a locsim decision on the
    /// shorter, docs/rules.md §8, "Ranging").
    package var backgroundRangingLimit: Millis? = .seconds(180)
    /// The device has a GPS receiver (false: an iPod touch, a Wi-Fi iPad):
    /// no deferred updates (docs/rules.md §1, "Devices without the hardware").
    package var gps = true
    /// The device has a magnetometer (false: no heading, `headingAvailable()` false).
    package var compass = true
    /// The device monitors regions (false: `isMonitoringAvailable(for:)`
    /// false, `startMonitoring` fails `kCLErrorRegionMonitoringFailure`).
    package var regionMonitoring = true
    /// The device ranges beacons (false: `isRangingAvailable()` false,
    /// `startRangingBeacons` fails `kCLErrorRangingUnavailable`).
    package var ranging = true
    /// The device has the significant-change service (false:
    /// `significantLocationChangeMonitoringAvailable()` false, its start does nothing).
    package var significantChange = true
    /// watchOS: the app's complication is on the current watch face, so the
    /// app is in use whenever it runs (docs/rules.md §3, "watchOS complications").
    package var complication = false

    package init() {}
}

/// The value a `set` header line gives a parameter, already checked for its kind.
public enum ParameterSetting: Equatable, Sendable {
    /// `set grace <seconds>`: how long the app stays in use after leaving the foreground; default 5 s (rules §3).
    case grace(Millis)
    /// `set suspendAfter <seconds>`: background time before the app is suspended; default 5 s (docs/rules.md §2).
    case suspendAfter(Millis)
    /// `set wakeWindow <seconds>`: how long the app runs after a wake or a background launch; default 10 s.
    case wakeWindow(Millis)
    /// `set upgradePromptDelay <seconds|none>`: when a pending upgrade prompt shows; `nil` (default): `system notBusy`.
    case upgradePromptDelay(Millis?)
    /// `set heldEventMaxAge <seconds>`: older held events are dropped `stale` when the user picks Always; 600 s.
    case heldEventMaxAge(Millis)
    /// `set slcDistance <meters>`: a significant change's minimum distance from the last event; default 500.
    case slcDistance(Double)
    /// `set slcInterval <seconds>`: a significant change's minimum time since the last event; default 300 s.
    case slcInterval(Millis)
    /// `set maxRegions <count>`: regions one app may monitor before `startMonitoring` fails; default 20.
    case maxRegions(Int)
    /// `set deriveCrossings <bool>`: also derive region crossings from `fix` lines; default `false`.
    case deriveCrossings(Bool)
    /// `set crossingMargin <meters>`: a derived crossing needs a fix this far beyond the boundary; default 50.
    case crossingMargin(Double)
    /// `set crossingDwell <seconds>`: … and fixes on the new side for this long; default 20 s.
    case crossingDwell(Millis)
    /// `set reducedGrid <meters>`: Precise off, locations snap to cells this size, reported as their accuracy; 5000.
    case reducedGrid(Double)
    /// `set reducedInterval <seconds>`: Precise off, at most one location per this interval; default 900 s.
    case reducedInterval(Millis)
    /// `set requestLocationTimeout <seconds>`: how long `requestLocation` waits for an accurate fix; default 10 s.
    case requestLocationTimeout(Millis)
    /// `set relaunchAfterForceQuit <bool>`: whether monitoring events relaunch a force-quit app; by version when unset.
    case relaunchAfterForceQuit(Bool)
    /// `set stationaryRadius <meters>`: `liveUpdates` counts fixes within this of where the device stopped; default 20.
    case stationaryRadius(Double)
    /// `set stationaryDelay <seconds>`: … for this long as stationary; default 60 s (docs/modern.md).
    case stationaryDelay(Millis)
    /// `set monitorConditionLimit <count>`: `CLMonitor` conditions of one type before `conditionLimitExceeded`; 20.
    case monitorConditionLimit(Int)
    /// `set suspendedQueueLimit <count>`: standard updates queued for a suspended app; default 100.
    case suspendedQueueLimit(Int)
    /// `set pauseAfter <seconds|none>`: updates pause after this long within `pauseDistance`; `nil` (default): never.
    case pauseAfter(Millis?)
    /// `set pauseDistance <meters>`: moving less than this counts as staying put for `pauseAfter`; default 100.
    case pauseDistance(Double)
    /// `set beaconLostDelay <seconds|none>`: a `CLMonitor` beacon condition turns unsatisfied after this; default 30 s.
    case beaconLostDelay(Millis?)
    /// `set firstUnlockDelay <seconds|none>`: after `system reboot`, the device counts as unlocked this later; 180 s.
    case firstUnlockDelay(Millis?)
    /// `set backgroundRangingLimit <seconds|none>`: ranging stops this long into the background; default 180 s.
    case backgroundRangingLimit(Millis?)
    /// `set gps <bool>`: `false` is a device without a GPS receiver (no deferred updates); default `true`.
    case gps(Bool)
    /// `set compass <bool>`: `false` is a device without a magnetometer (no headings); default `true`.
    case compass(Bool)
    /// `set regionMonitoring <bool>`: `false` is a device without region monitoring (`startMonitoring` fails); default `true`.
    case regionMonitoring(Bool)
    /// `set ranging <bool>`: `false` is a device that cannot range beacons (`kCLErrorRangingUnavailable`); default `true`.
    case ranging(Bool)
    /// `set significantChange <bool>`: `false` is a device without the significant-change service; default `true`.
    case significantChange(Bool)
    /// `set complication <bool>`: watchOS, the app's complication is on the watch face (in use whenever it runs); default `false`.
    case complication(Bool)

    /// The kind of value each parameter takes, by name, for the parser.
    package enum Kind: Sendable {
        case duration, optionalDuration, count, bool
        /// A distance in meters, accepted within `range` (docs/cli-files.md).
        case meters(ClosedRange<Double>)
    }

    /// The longest distance between two points on the Earth, rounded up:
    /// a larger `slcDistance` or `crossingMargin` could never be reached.
    package static let maxDistance = 20_100_000.0

    package static let kinds: [(String, Kind)] = [
        ("grace", .duration), ("suspendAfter", .duration), ("wakeWindow", .duration),
        ("upgradePromptDelay", .optionalDuration), ("heldEventMaxAge", .duration),
        ("slcDistance", .meters(0...maxDistance)), ("slcInterval", .duration), ("maxRegions", .count),
        ("deriveCrossings", .bool), ("crossingMargin", .meters(0...maxDistance)), ("crossingDwell", .duration),
        ("reducedGrid", .meters(1...100_000)), ("reducedInterval", .duration),
        ("requestLocationTimeout", .duration), ("relaunchAfterForceQuit", .bool),
        ("stationaryRadius", .meters(0...maxDistance)), ("stationaryDelay", .duration),
        ("monitorConditionLimit", .count),
        ("suspendedQueueLimit", .count), ("pauseAfter", .optionalDuration), ("pauseDistance", .meters(0...maxDistance)),
        ("beaconLostDelay", .optionalDuration),
        ("firstUnlockDelay", .optionalDuration), ("backgroundRangingLimit", .optionalDuration),
        ("gps", .bool), ("compass", .bool), ("regionMonitoring", .bool), ("ranging", .bool),
        ("significantChange", .bool), ("complication", .bool),
    ]
}

extension Parameters {
    /// Applies one `set` line.
    package mutating func apply(_ setting: ParameterSetting) {
        switch setting {
        case .grace(let v): grace = v
        case .suspendAfter(let v): suspendAfter = v
        case .wakeWindow(let v): wakeWindow = v
        case .upgradePromptDelay(let v): upgradePromptDelay = v
        case .heldEventMaxAge(let v): heldEventMaxAge = v
        case .slcDistance(let v): slcDistance = v
        case .slcInterval(let v): slcInterval = v
        case .maxRegions(let v): maxRegions = v
        case .deriveCrossings(let v): deriveCrossings = v
        case .crossingMargin(let v): crossingMargin = v
        case .crossingDwell(let v): crossingDwell = v
        case .reducedGrid(let v): reducedGrid = v
        case .reducedInterval(let v): reducedInterval = v
        case .requestLocationTimeout(let v): requestLocationTimeout = v
        case .relaunchAfterForceQuit(let v): relaunchAfterForceQuit = v
        case .stationaryRadius(let v): stationaryRadius = v
        case .stationaryDelay(let v): stationaryDelay = v
        case .monitorConditionLimit(let v): monitorConditionLimit = v
        case .suspendedQueueLimit(let v): suspendedQueueLimit = v
        case .pauseAfter(let v): pauseAfter = v
        case .pauseDistance(let v): pauseDistance = v
        case .beaconLostDelay(let v): beaconLostDelay = v
        case .firstUnlockDelay(let v): firstUnlockDelay = v
        case .backgroundRangingLimit(let v): backgroundRangingLimit = v
        case .gps(let v): gps = v
        case .compass(let v): compass = v
        case .regionMonitoring(let v): regionMonitoring = v
        case .ranging(let v): ranging = v
        case .significantChange(let v): significantChange = v
        case .complication(let v): complication = v
        }
    }
}
