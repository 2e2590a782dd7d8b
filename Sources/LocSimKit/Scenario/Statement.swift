/// A place in a scenario file: 1-based line and column (in bytes).
public struct SourceLocation: Equatable, Sendable {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}

/// A latitude/longitude pair in degrees.
public struct Coordinate: Hashable, Sendable {
    public var latitude: Double
    public var longitude: Double
    /// Labelled: latitude first, as Core Location's `CLLocationCoordinate2D(latitude:longitude:)`
    /// (an unlabelled pair is easily swapped).
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// A located position with its horizontal accuracy in meters.
public struct Location: Hashable, Sendable {
    public var coordinate: Coordinate
    public var accuracy: Double
    public init(_ coordinate: Coordinate, accuracy: Double) {
        self.coordinate = coordinate
        self.accuracy = accuracy
    }
}

/// A circular region as `startMonitoring` and `addLocationNotification` take it.
public struct CircularRegion: Hashable, Sendable {
    public var id: String
    public var center: Coordinate
    public var radius: Double
    public var notifyOnEntry: Bool
    public var notifyOnExit: Bool
    public init(id: String, center: Coordinate, radius: Double, notifyOnEntry: Bool = true, notifyOnExit: Bool = true) {
        self.id = id
        self.center = center
        self.radius = radius
        self.notifyOnEntry = notifyOnEntry
        self.notifyOnExit = notifyOnExit
    }
}

/// A `CLBeaconIdentityConstraint`: a UUID with an optional major and minor.
public struct BeaconConstraint: Equatable, Hashable, Sendable {
    public var uuid: String
    public var major: Int?
    public var minor: Int?
    public init(uuid: String, major: Int? = nil, minor: Int? = nil) {
        self.uuid = uuid
        self.major = major
        self.minor = minor
    }

    /// True when a beacon with these identifiers satisfies the constraint.
    package func matches(_ b: BeaconSighting) -> Bool {
        b.uuid == uuid && (major == nil || major == b.major) && (minor == nil || minor == b.minor)
    }
}

/// The proximity of a sighted beacon.
public enum Proximity: String, Equatable, Sendable, CaseIterable {
    case immediate, near, far, unknown
}

/// A beacon sighted by the device (`beacon <uuid> <major> <minor> <proximity>`).
public struct BeaconSighting: Equatable, Sendable {
    public var uuid: String
    public var major: Int
    public var minor: Int
    public var proximity: Proximity
    public var rssi: Int?
    public init(uuid: String, major: Int, minor: Int, proximity: Proximity, rssi: Int? = nil) {
        self.uuid = uuid
        self.major = major
        self.minor = minor
        self.proximity = proximity
        self.rssi = rssi
    }
}

/// `desiredAccuracy` values (`app set desiredAccuracy …`).
public enum DesiredAccuracy: String, Equatable, Sendable, CaseIterable {
    case bestForNavigation, best, nearestTenMeters, hundredMeters, kilometer, threeKilometers, reduced
}

/// A `CLLocationManager` property the app sets (`app set <property> <value>`).
public enum ManagerProperty: Equatable, Sendable {
    case allowsBackgroundLocationUpdates(Bool)
    case showsBackgroundLocationIndicator(Bool)
    case pausesLocationUpdatesAutomatically(Bool)
    /// Meters; `nil` is `kCLDistanceFilterNone`.
    case distanceFilter(Double?)
    case desiredAccuracy(DesiredAccuracy)
    /// `CLActivityType`; accepted, with no effect on any rule (docs/rules.md §8).
    case activityType(ActivityType)
    /// Degrees; `nil` is `kCLHeadingFilterNone` (docs/rules.md §8, "Heading").
    case headingFilter(Double?)
    /// `CLDeviceOrientation`, the reference the heading is reported against.
    case headingOrientation(DeviceOrientation)
}

/// `CLDeviceOrientation` (`app set headingOrientation <value>`).
public enum DeviceOrientation: String, Equatable, Hashable, Sendable, CaseIterable {
    case unknown, portrait, portraitUpsideDown, landscapeLeft, landscapeRight, faceUp, faceDown
}

/// A heading the device's magnetometer senses (`heading <magnetic> <true> <accuracy>`):
/// `CLHeading`'s `magneticHeading`, `trueHeading` and `headingAccuracy` in
/// degrees. A negative `trueHeading` is one that could not be determined; a
/// negative `accuracy` an invalid heading (uncalibrated, interference).
public struct HeadingSample: Hashable, Sendable {
    public var magnetic: Double
    public var trueHeading: Double
    public var accuracy: Double
    public init(magnetic: Double, trueHeading: Double, accuracy: Double) {
        self.magnetic = magnetic
        self.trueHeading = trueHeading
        self.accuracy = accuracy
    }
}

/// `CLActivityType` (`app set activityType <value>`). `airborne` came with iOS 12.
public enum ActivityType: String, Equatable, Sendable, CaseIterable {
    case other, automotiveNavigation, fitness, otherNavigation, airborne
}

/// A call the app makes on its `CLLocationManager` (`app <call> …`).
public enum AppCall: Equatable, Sendable {
    case requestWhenInUseAuthorization
    case requestAlwaysAuthorization
    case requestTemporaryFullAccuracyAuthorization(purposeKey: String)
    case startUpdatingLocation
    case stopUpdatingLocation
    case requestLocation
    case startMonitoringSignificantLocationChanges
    case stopMonitoringSignificantLocationChanges
    case startMonitoringVisits
    case stopMonitoringVisits
    case startMonitoring(CircularRegion)
    case stopMonitoring(id: String)
    case requestState(id: String)
    case startRangingBeacons(BeaconConstraint)
    case stopRangingBeacons(BeaconConstraint)
    case set(ManagerProperty)
    case addLocationNotification(CircularRegion, repeats: Bool)
    case startUpdatingHeading
    case stopUpdatingHeading
    /// `allowDeferredLocationUpdates(untilTraveled:timeout:)`: meters and a
    /// duration; nil is `CLLocationDistanceMax` / `CLTimeIntervalMax`
    /// (docs/rules.md §8, "Deferred updates").
    case allowDeferredLocationUpdates(distance: Double?, timeout: Millis?)
    case disallowDeferredLocationUpdates
}

/// An answer the user gives to the prompt on screen.
public enum Answer: String, Equatable, Sendable, CaseIterable {
    case allow, allowWhileUsing, allowOnce, allowAlways, dontAllow, keepWhileUsing, changeToAlways
}

/// The app's location setting as the Settings app offers it.
public enum SettingsChoice: String, Equatable, Sendable, CaseIterable {
    case never, askNextTime, whileUsing, always
}

/// Something the user does (`user …`).
public enum UserAction: Equatable, Sendable {
    /// Answers the prompt on screen; `precise` is the Precise switch if given.
    case answer(Answer, precise: Bool?)
    case settings(SettingsChoice, precise: Bool?)
    case precise(Bool)
    case locationServices(Bool)
    case restricted(Bool)
    /// `user settings lowPower|backgroundAppRefresh on|off`: a device
    /// setting that is not the app's authorization (docs/rules.md §5).
    case device(DeviceSetting, Bool)
    case tapNotification(id: String)
    /// `user unlock`: the user unlocks the device, the first time since a
    /// reboot (docs/rules.md §2, "Reboot"); otherwise nothing changes.
    case unlock
    /// `user dismiss`: the prompt on screen goes away unanswered (the user
    /// leaves it; docs/language.md).
    case dismiss
    /// `user any` (an answer to the prompt on screen) or `user settings any`
    /// (a Settings choice): a choice point `locsim explore` branches on
    /// (docs/explore.md); `run`, `check` and `matrix` need the action itself.
    case any(ChoiceScope)
}

/// Settings of the device the user changes that are not location settings
/// (docs/rules.md §5, "Low Power Mode and Background App Refresh").
public enum DeviceSetting: String, Equatable, Sendable, CaseIterable {
    /// Settings › Battery › Low Power Mode (`ProcessInfo.isLowPowerModeEnabled`).
    case lowPower
    /// Settings › General › Background App Refresh, for the app (`UIApplication.backgroundRefreshStatus`).
    case backgroundAppRefresh
    /// Settings › Airplane Mode: radios off, GPS on (docs/rules.md §5).
    case airplaneMode
}

/// What a `user any` line ranges over (docs/explore.md).
public enum ChoiceScope: String, Equatable, Sendable, CaseIterable {
    /// Every answer the prompt on screen offers (with the Precise switch on
    /// and off where it has one).
    case answer
    /// Every choice the platform's Settings offers for the app.
    case settings
}

/// A location fix the device senses (`fix <lat> <lon> [<accuracy>] …`).
public struct Fix: Equatable, Sendable {
    public var location: Location
    public var speed: Double?
    public var course: Double?
    public var altitude: Double?
    public init(_ location: Location, speed: Double? = nil, course: Double? = nil, altitude: Double? = nil) {
        self.location = location
        self.speed = speed
        self.course = course
        self.altitude = altitude
    }

    /// A fix at `latitude`, `longitude` with `accuracy` meters (default 5,
    /// as a `fix` line's): `Fix(Location(Coordinate(…), accuracy:))` flat.
    public init(
        latitude: Double, longitude: Double, accuracy: Double = 5, speed: Double? = nil, course: Double? = nil,
        altitude: Double? = nil
    ) {
        self.init(
            Location(Coordinate(latitude: latitude, longitude: longitude), accuracy: accuracy), speed: speed,
            course: course, altitude: altitude)
    }
}

/// What happens at a time in the scenario (the part of a timed line after the time).
public enum Event: Equatable, Sendable {
    case launch
    case foreground
    case background
    case terminate
    case systemTerminate
    case systemNotBusy
    /// `system any`: a choice point `locsim explore` branches on (the system
    /// ends the app, shows a pending upgrade prompt, or does nothing;
    /// docs/explore.md); `run`, `check` and `matrix` need the system's action itself.
    case systemAny
    /// `system reboot`: the device restarts (docs/rules.md §2, "Reboot").
    case systemReboot
    /// `system deliverFirst`: at the next relaunch from this line on, the
    /// reactions to the event that relaunched the app run before its launch
    /// reactions (docs/explore.md, "Orders at one instant").
    case systemDeliverFirst
    /// `system inputFirst`: the next input line (an event or a fix) runs
    /// before the rule timers and delayed reactions due at its instant,
    /// which then run after it (docs/explore.md, "Orders at one instant").
    case systemInputFirst
    case app(AppCall)
    /// A call on another `CLLocationManager` of the app, by its name
    /// (`app[<name>] <call>`, docs/language.md); `app` alone is the manager
    /// created at launch.
    case managerCall(manager: String, AppCall)
    /// The Swift-concurrency APIs of iOS 17+ (docs/modern.md).
    case modern(ModernCall)
    case user(UserAction)
    case fix(Fix)
    case enter(regionID: String)
    case exit(regionID: String)
    case visitArrive(Location)
    case visitDepart(Location)
    case beacon(BeaconSighting)
    /// `nofix [until <time>]`: the device cannot determine its location —
    /// until the next fix line, or, with `until`, until that time (fix lines
    /// before it are not sensed). docs/language.md, docs/rules.md §8.
    case noFix(until: Millis?)
    /// `heading <magnetic> <true> <accuracy>`: the magnetometer senses a
    /// heading (docs/rules.md §8, "Heading").
    case heading(HeadingSample)
    /// `heading unavailable`: the device cannot determine its heading
    /// (`kCLErrorHeadingFailure`) until the next `heading` sample.
    case headingUnavailable
}

/// A timed line: when, what, and where it was written.
package struct TimedStatement: Equatable, Sendable {
    package var time: Millis
    package var event: Event
    /// Where the event word starts (after the time).
    package var location: SourceLocation
    /// Where the first argument that a rule may reject starts (the answer,
    /// the region id, the call name); equals `location` when there is none.
    package var argumentColumn: Int
    /// A window line (`<t1>..<t2> <event>`, a choice of instant for `locsim
    /// explore`): the window's end, `time` its start; `nil` for one instant.
    package var windowEnd: Millis? = nil
    package init(time: Millis, event: Event, location: SourceLocation, argumentColumn: Int) {
        self.time = time
        self.event = event
        self.location = location
        self.argumentColumn = argumentColumn
    }
}

/// A value in the Info.plist (`plist <Key> <value>`).
public enum PlistValue: Equatable, Sendable {
    case string(String)
    case bool(Bool)
    case array([String])
}

/// A header line (before the first timed line).
package enum HeaderStatement: Equatable, Sendable {
    case formatVersion(Int)
    case platform(Platform)
    case plist(key: String, value: PlistValue)
    case delegate(DelegateMethods)
    case parameter(ParameterSetting)
    case seed(UInt64)
}

/// One parsed line of a scenario.
package enum Statement: Equatable, Sendable {
    case header(HeaderStatement, SourceLocation)
    case timed(TimedStatement)
    /// `<time> gpx <path> [speed <factor>]`: a track played as fixes.
    case track(TrackStatement)
    /// `[<time>] on …`: a reaction or an answer policy.
    case reaction(ReactionStatement)
    /// `expect …`: checked once the run is over.
    case expectation(ExpectationStatement)
}
