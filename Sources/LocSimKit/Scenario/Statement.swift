/// A place in a scenario file: 1-based line and column (in bytes).
public struct SourceLocation: Equatable, Sendable {
    /// The line, counted from 1: the `file:line:column` of an error.
    public var line: Int
    /// The column in bytes from the start of the line, counted from 1.
    public var column: Int
    /// A place at `line` and `column`, both 1-based.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}

/// A latitude/longitude pair in degrees.
public struct Coordinate: Hashable, Sendable {
    /// Degrees north (negative south), as a `fix` line gives them; −90…90.
    public var latitude: Double
    /// Degrees east (negative west); −180…180.
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
    /// Where the device is.
    public var coordinate: Coordinate
    /// Horizontal accuracy in meters (a `fix` line's `<accuracy>`, 5 by default); 0 or more.
    public var accuracy: Double
    /// A position at `coordinate`, accurate to `accuracy` meters.
    public init(_ coordinate: Coordinate, accuracy: Double) {
        self.coordinate = coordinate
        self.accuracy = accuracy
    }
}

/// A circular region as `startMonitoring` and `addLocationNotification` take it.
public struct CircularRegion: Hashable, Sendable {
    /// The region's identifier, as `startMonitoring <id>` names it and `enter`/`exit <id>` and the log refer to it.
    public var id: String
    /// The centre of the circle.
    public var center: Coordinate
    /// Radius in meters; one at or below 0 or above 400 km fails `startMonitoring` with `monitoringDidFailFor`.
    public var radius: Double
    /// `CLRegion.notifyOnEntry`: whether crossing in is reported (`notifyOnEntry=`, default `true`).
    public var notifyOnEntry: Bool
    /// `CLRegion.notifyOnExit`: whether crossing out is reported (`notifyOnExit=`, default `true`).
    public var notifyOnExit: Bool
    /// A region `id` of `radius` meters around `center`, reporting entries and exits unless told not to.
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
    /// The proximity UUID the constraint matches, as written in the scenario.
    public var uuid: String
    /// The major value (0–65535) a beacon must have; `nil` matches any.
    public var major: Int?
    /// The minor value (0–65535) a beacon must have; `nil` matches any; given only with `major`.
    public var minor: Int?
    /// A constraint on `uuid`, and on `major` and `minor` where given
    /// (`startRangingBeacons <uuid> [<major> [<minor>]]`).
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
    /// `CLProximity`: the `<proximity>` word of a `beacon` line and of the log's ranging records.
    case immediate, near, far, unknown
}

/// A beacon sighted by the device (`beacon <uuid> <major> <minor> <proximity>`).
public struct BeaconSighting: Equatable, Sendable {
    /// The sighted beacon's proximity UUID.
    public var uuid: String
    /// The beacon's major value, 0–65535.
    public var major: Int
    /// The beacon's minor value, 0–65535.
    public var minor: Int
    /// How near the beacon is (`immediate`, `near`, `far`, `unknown`).
    public var proximity: Proximity
    /// Signal strength in dBm (`rssi=`, −1000…1000); `nil` when the line gives none.
    public var rssi: Int?
    /// A sighting of the beacon `uuid`/`major`/`minor` at `proximity`, with `rssi` if known.
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
    /// `CLLocationAccuracy` constants by their Swift names (`kCLLocationAccuracyBest` is `best`); default `best`.
    case bestForNavigation, best, nearestTenMeters, hundredMeters, kilometer, threeKilometers, reduced
}

/// A `CLLocationManager` property the app sets (`app set <property> <value>`).
public enum ManagerProperty: Equatable, Sendable {
    /// `allowsBackgroundLocationUpdates`: `true` needs `plist UIBackgroundModes location` or the app crashes;
    /// default `false`.
    case allowsBackgroundLocationUpdates(Bool)
    /// `showsBackgroundLocationIndicator`: the blue indicator for an Always app (iOS 11+); default `false`.
    case showsBackgroundLocationIndicator(Bool)
    /// `pausesLocationUpdatesAutomatically`: default `true`; pauses only when `set pauseAfter` gives a time.
    case pausesLocationUpdatesAutomatically(Bool)
    /// Meters; `nil` is `kCLDistanceFilterNone`.
    case distanceFilter(Double?)
    /// `desiredAccuracy`: what `requestLocation` waits for; `reduced` gives reduced locations even with full accuracy.
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
    /// `CLDeviceOrientation` by its Swift case names; `portrait` by default, recorded and not applied to headings.
    case unknown, portrait, portraitUpsideDown, landscapeLeft, landscapeRight, faceUp, faceDown
}

/// A heading the device's magnetometer senses (`heading <magnetic> <true> <accuracy>`):
/// `CLHeading`'s `magneticHeading`, `trueHeading` and `headingAccuracy` in
/// degrees. A negative `trueHeading` is one that could not be determined; a
/// negative `accuracy` an invalid heading (uncalibrated, interference).
public struct HeadingSample: Hashable, Sendable {
    /// `CLHeading.magneticHeading`: degrees from magnetic north, 0…360.
    public var magnetic: Double
    /// `CLHeading.trueHeading`: degrees from true north; negative when it could not be determined.
    public var trueHeading: Double
    /// `CLHeading.headingAccuracy`: degrees of possible error; negative for an invalid heading.
    public var accuracy: Double
    /// A heading sample as a `heading <magnetic> <true> <accuracy>` line gives it, all in degrees.
    public init(magnetic: Double, trueHeading: Double, accuracy: Double) {
        self.magnetic = magnetic
        self.trueHeading = trueHeading
        self.accuracy = accuracy
    }
}

/// `CLActivityType` (`app set activityType <value>`). `airborne` came with iOS 12.
public enum ActivityType: String, Equatable, Sendable, CaseIterable {
    /// `CLActivityType` by its Swift case names; `other` by default, with no effect on any rule.
    case other, automotiveNavigation, fitness, otherNavigation, airborne
}

/// A call the app makes on its `CLLocationManager` (`app <call> …`).
public enum AppCall: Equatable, Sendable {
    /// `app requestWhenInUseAuthorization`: may show the When In Use prompt (docs/rules.md §4).
    case requestWhenInUseAuthorization
    /// `app requestAlwaysAuthorization`: may show the Always prompt, or the upgrade prompt (docs/rules.md §4, §6).
    case requestAlwaysAuthorization
    /// `app requestTemporaryFullAccuracyAuthorization <purposeKey>`: asks for precise locations for now (iOS 14+).
    case requestTemporaryFullAccuracyAuthorization(purposeKey: String)
    /// `app startUpdatingLocation`: standard location updates begin.
    case startUpdatingLocation
    /// `app stopUpdatingLocation`: standard location updates end.
    case stopUpdatingLocation
    /// `app requestLocation`: one location, or `kCLErrorLocationUnknown` after `requestLocationTimeout`.
    case requestLocation
    /// `app startMonitoringSignificantLocationChanges`: significant-change updates (`slcDistance`, `slcInterval`).
    case startMonitoringSignificantLocationChanges
    /// `app stopMonitoringSignificantLocationChanges`: significant-change updates end.
    case stopMonitoringSignificantLocationChanges
    /// `app startMonitoringVisits`: `visit arrive`/`visit depart` lines are delivered as `didVisit`.
    case startMonitoringVisits
    /// `app stopMonitoringVisits`: visits are no longer delivered.
    case stopMonitoringVisits
    /// `app startMonitoring <id> <lat> <lon> <radius> …`: a `CLCircularRegion` is monitored.
    case startMonitoring(CircularRegion)
    /// `app stopMonitoring <id>`: the region with that id is no longer monitored.
    case stopMonitoring(id: String)
    /// `app requestState <id>`: `didDetermineState` for a monitored region.
    case requestState(id: String)
    /// `app startRangingBeacons <uuid> [<major> [<minor>]]`: `beacon` lines matching it are ranged.
    case startRangingBeacons(BeaconConstraint)
    /// `app stopRangingBeacons <uuid> [<major> [<minor>]]`: ranging for that constraint ends.
    case stopRangingBeacons(BeaconConstraint)
    /// `app set <property> <value>`: sets a `CLLocationManager` property.
    case set(ManagerProperty)
    /// `app addLocationNotification <id> …`: a `UNLocationNotificationTrigger`; `repeats` defaults to `false`.
    case addLocationNotification(CircularRegion, repeats: Bool)
    /// `app startUpdatingHeading`: `heading` lines are delivered as `didUpdateHeading` (docs/rules.md §8, "Heading").
    case startUpdatingHeading
    /// `app stopUpdatingHeading`: heading updates end.
    case stopUpdatingHeading
    /// `allowDeferredLocationUpdates(untilTraveled:timeout:)`: meters and a
    /// duration; nil is `CLLocationDistanceMax` / `CLTimeIntervalMax`
    /// (docs/rules.md §8, "Deferred updates").
    case allowDeferredLocationUpdates(distance: Double?, timeout: Millis?)
    /// `app disallowDeferredLocationUpdates`: ends a deferral `allowDeferredLocationUpdates` began.
    case disallowDeferredLocationUpdates
}

/// An answer the user gives to the prompt on screen.
public enum Answer: String, Equatable, Sendable, CaseIterable {
    /// The answer words of `user answer <answer>`: `allow` is "Allow", `allowWhileUsing` "Allow While Using App",
    /// `allowOnce` "Allow Once", `allowAlways` "Always Allow", `dontAllow` "Don't Allow", and the upgrade
    /// prompt's `keepWhileUsing` "Keep Only While Using" and `changeToAlways` "Change to Always Allow".
    case allow, allowWhileUsing, allowOnce, allowAlways, dontAllow, keepWhileUsing, changeToAlways
}

/// The app's location setting as the Settings app offers it.
public enum SettingsChoice: String, Equatable, Sendable, CaseIterable {
    /// The choices of `user settings <choice>`: Location Never, Ask Next Time (iOS 13+), While Using the App, Always.
    case never, askNextTime, whileUsing, always
}

/// Something the user does (`user …`).
public enum UserAction: Equatable, Sendable {
    /// Answers the prompt on screen; `precise` is the Precise switch if given.
    case answer(Answer, precise: Bool?)
    /// `user settings <choice> [precise=on|off]`: the user changes the app's location setting.
    case settings(SettingsChoice, precise: Bool?)
    /// `user settings precise <on|off>`: the Precise Location switch (iOS 14+).
    case precise(Bool)
    /// `user settings locationServices <on|off>`: the device-wide Location Services switch.
    case locationServices(Bool)
    /// `user settings restricted <on|off>`: a Screen Time or parental restriction on location.
    case restricted(Bool)
    /// `user settings lowPower|backgroundAppRefresh on|off`: a device
    /// setting that is not the app's authorization (docs/rules.md §5).
    case device(DeviceSetting, Bool)
    /// `user tapNotification <id>`: the user taps a location notification shown; launches or foregrounds the app.
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
    /// Where the fix is and how accurate it is.
    public var location: Location
    /// `speed=`, meters per second; recorded, not used by the v1 rules; `nil` when not given.
    public var speed: Double?
    /// `course=`, degrees from true north; recorded, not used by the v1 rules; `nil` when not given.
    public var course: Double?
    /// `alt=`, meters; recorded, not used by the v1 rules; `nil` when not given.
    public var altitude: Double?
    /// A fix at `location` with the `fix` line's optional `speed`, `course` and `altitude`.
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
    /// `launch`: the user launches the app into the foreground.
    case launch
    /// `foreground`: the app comes to the foreground, launching it if it is not running.
    case foreground
    /// `background`: the user leaves the app.
    case background
    /// `terminate`: the user force-quits the app from the app switcher.
    case terminate
    /// `system terminate`: the system ends the app in the background (memory pressure).
    case systemTerminate
    /// `system notBusy`: a pending upgrade prompt of provisional Always shows now (docs/rules.md §6).
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
    /// `app <call> …`: a call on the manager the app created at launch.
    case app(AppCall)
    /// A call on another `CLLocationManager` of the app, by its name
    /// (`app[<name>] <call>`, docs/language.md); `app` alone is the manager
    /// created at launch.
    case managerCall(manager: String, AppCall)
    /// The Swift-concurrency APIs of iOS 17+ (docs/modern.md).
    case modern(ModernCall)
    /// `user …`: something the user does.
    case user(UserAction)
    /// `fix <lat> <lon> …`: the device senses a location.
    case fix(Fix)
    /// `enter <regionId>`: the device crosses into a declared region.
    case enter(regionID: String)
    /// `exit <regionId>`: the device crosses out of a declared region.
    case exit(regionID: String)
    /// `visit arrive <lat> <lon> [<accuracy>]`: a visit begins.
    case visitArrive(Location)
    /// `visit depart <lat> <lon> [<accuracy>]`: the visit ends.
    case visitDepart(Location)
    /// `beacon <uuid> <major> <minor> <proximity> [rssi=<dBm>]`: a beacon is sighted.
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
    /// A string entry (`plist NSLocationWhenInUseUsageDescription "…"`).
    case string(String)
    /// A boolean entry, written `true` or `false` (`plist NSLocationDefaultAccuracyReduced true`).
    case bool(Bool)
    /// An array of strings (`plist UIBackgroundModes location`).
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
