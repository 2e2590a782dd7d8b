import Foundation
import LocSimKit

/// A location as Core Location reports it, with Apple's names and its
/// "invalid" values: `speed`, `course` and their accuracies −1 when the fix
/// gives none, `verticalAccuracy` −1 (and `altitude` 0) without an altitude.
/// A fix's timestamp is a `Date` on the device's clock (`SimulatedDevice.date`).
/// Immutable, as Apple's: `copy()` is the location itself.
open class CLLocation: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    // Read-only outside the module and written only by `reuse(for:epoch:)`
    // (a location no one else holds): no dynamic exclusivity check, which
    // cost 9 of them a delivered fix.
    /// Latitude and longitude in degrees: the `fix` line's (snapped to `reducedGrid` with Precise off).
    @exclusivity(unchecked) public private(set) var coordinate: CLLocationCoordinate2D
    /// Meters above sea level: a `fix` line's `alt=`; 0 without one.
    @exclusivity(unchecked) public private(set) var altitude: CLLocationDistance
    /// Meters of horizontal accuracy: the `fix` line's `<accuracy>` (5 by default); the grid's size when reduced.
    @exclusivity(unchecked) public private(set) var horizontalAccuracy: CLLocationAccuracy
    /// Meters: the fix's horizontal accuracy when it gives `alt=`, else −1 (no altitude).
    @exclusivity(unchecked) public private(set) var verticalAccuracy: CLLocationAccuracy
    /// Degrees from true north: a `fix` line's `course=`; −1 without one.
    @exclusivity(unchecked) public private(set) var course: CLLocationDirection
    /// Degrees of error in `course`: 0 for a delivered location with a course (taken as exact), else −1.
    @exclusivity(unchecked) public private(set) var courseAccuracy: CLLocationDirectionAccuracy
    /// Meters per second: a `fix` line's `speed=`; −1 without one.
    @exclusivity(unchecked) public private(set) var speed: CLLocationSpeed
    /// Meters per second of error in `speed`: 0 for a delivered location with a speed (taken as exact), else −1.
    @exclusivity(unchecked) public private(set) var speedAccuracy: CLLocationSpeedAccuracy
    /// When the fix was taken, on the device's clock (`SimulatedDevice.date`); a held fix keeps its own time.
    @exclusivity(unchecked) public private(set) var timestamp: Date
    /// iOS 15: a delivered location's is `CLLocationSourceInformation.device`
    /// (from the device's own receivers: the scenario is its world); nil for
    /// a location the app makes without `sourceInfo:`, as on Apple's platforms.
    public private(set) var sourceInformation: CLLocationSourceInformation?

    /// Timestamped now: the current `SimulatedDevice`'s `date` (`Date()`
    /// with `timestamps` `.hostClock`), else `Date()`.
    public convenience init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.init(
            coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), altitude: 0,
            horizontalAccuracy: 0, verticalAccuracy: -1,
            timestamp: SimulatedDevice.current?.coreLocation.deliveryDate ?? Date())
    }

    /// A location with no course or speed (both −1, as their accuracies), as Apple's initializer makes it.
    public convenience init(
        coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance,
        horizontalAccuracy hAccuracy: CLLocationAccuracy,
        verticalAccuracy vAccuracy: CLLocationAccuracy, timestamp: Date
    ) {
        self.init(
            coordinate: coordinate, altitude: altitude, horizontalAccuracy: hAccuracy, verticalAccuracy: vAccuracy,
            course: -1, courseAccuracy: -1, speed: -1, speedAccuracy: -1, timestamp: timestamp)
    }

    /// A location with a course and a speed whose accuracies are unknown (−1), as Apple's initializer makes it.
    public convenience init(
        coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance,
        horizontalAccuracy hAccuracy: CLLocationAccuracy,
        verticalAccuracy vAccuracy: CLLocationAccuracy, course: CLLocationDirection, speed: CLLocationSpeed,
        timestamp: Date
    ) {
        self.init(
            coordinate: coordinate, altitude: altitude, horizontalAccuracy: hAccuracy, verticalAccuracy: vAccuracy,
            course: course, courseAccuracy: -1, speed: speed, speedAccuracy: -1, timestamp: timestamp)
    }

    /// A location with every value given, as Apple's designated initializer takes them.
    public init(
        coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance,
        horizontalAccuracy hAccuracy: CLLocationAccuracy,
        verticalAccuracy vAccuracy: CLLocationAccuracy, course: CLLocationDirection,
        courseAccuracy: CLLocationDirectionAccuracy, speed: CLLocationSpeed, speedAccuracy: CLLocationSpeedAccuracy,
        timestamp: Date
    ) {
        self.coordinate = coordinate
        self.altitude = altitude
        horizontalAccuracy = hAccuracy
        verticalAccuracy = vAccuracy
        self.course = course
        self.courseAccuracy = courseAccuracy
        self.speed = speed
        self.speedAccuracy = speedAccuracy
        self.timestamp = timestamp
    }

    /// iOS 15: with where the location came from (`sourceInformation`).
    public convenience init(
        coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance,
        horizontalAccuracy hAccuracy: CLLocationAccuracy,
        verticalAccuracy vAccuracy: CLLocationAccuracy, course: CLLocationDirection,
        courseAccuracy: CLLocationDirectionAccuracy, speed: CLLocationSpeed, speedAccuracy: CLLocationSpeedAccuracy,
        timestamp: Date, sourceInfo: CLLocationSourceInformation
    ) {
        self.init(
            coordinate: coordinate, altitude: altitude, horizontalAccuracy: hAccuracy, verticalAccuracy: vAccuracy,
            course: course, courseAccuracy: courseAccuracy, speed: speed, speedAccuracy: speedAccuracy,
            timestamp: timestamp)
        sourceInformation = sourceInfo
    }

    public required init?(coder: NSCoder) {
        guard let timestamp = coder.decodeDate(forKey: "timestamp") else { return nil }
        coordinate = coder.decodeCoordinate(forKey: "coordinate")
        altitude = coder.decodeDouble(forKey: "altitude")
        horizontalAccuracy = coder.decodeDouble(forKey: "horizontalAccuracy")
        verticalAccuracy = coder.decodeDouble(forKey: "verticalAccuracy")
        course = coder.decodeDouble(forKey: "course")
        courseAccuracy = coder.decodeDouble(forKey: "courseAccuracy")
        speed = coder.decodeDouble(forKey: "speed")
        speedAccuracy = coder.decodeDouble(forKey: "speedAccuracy")
        self.timestamp = timestamp
        sourceInformation = coder.decodeObject(of: CLLocationSourceInformation.self, forKey: "sourceInformation")
    }

    open func encode(with coder: NSCoder) {
        coder.encode(coordinate, forKey: "coordinate")
        coder.encode(altitude, forKey: "altitude")
        coder.encode(horizontalAccuracy, forKey: "horizontalAccuracy")
        coder.encode(verticalAccuracy, forKey: "verticalAccuracy")
        coder.encode(course, forKey: "course")
        coder.encode(courseAccuracy, forKey: "courseAccuracy")
        coder.encode(speed, forKey: "speed")
        coder.encode(speedAccuracy, forKey: "speedAccuracy")
        coder.encode(timestamp, forKey: "timestamp")
        coder.encode(sourceInformation, forKey: "sourceInformation")
    }

    /// `true`: `CLLocation` adopts `NSSecureCoding`, as Apple's does.
    open class var supportsSecureCoding: Bool { true }

    /// The location itself: no one can change it (a delivered one the
    /// manager reuses only while nothing else holds it, and a copy holds it).
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// A delivered location: its fix's speed and course are taken as exact
    /// (accuracy 0), absent ones are −1.
    convenience init(_ location: SimulatedLocation, epoch: Date) {
        self.init(
            coordinate: CLLocationCoordinate2D(location.coordinate), altitude: location.altitude,
            horizontalAccuracy: location.horizontalAccuracy, verticalAccuracy: location.verticalAccuracy,
            course: location.course, courseAccuracy: location.course < 0 ? -1 : 0, speed: location.speed,
            speedAccuracy: location.speed < 0 ? -1 : 0, timestamp: epoch.adding(location.timestamp))
        sourceInformation = .device
    }

    /// Becomes `location`: the manager reuses a delivered `CLLocation` no one
    /// else holds for the next fix, instead of allocating one a fix. The
    /// properties are read-only outside the module, so no holder sees a change.
    @inline(__always)
    func reuse(for location: SimulatedLocation, epoch: Date) {
        coordinate = CLLocationCoordinate2D(location.coordinate)
        altitude = location.altitude
        horizontalAccuracy = location.horizontalAccuracy
        verticalAccuracy = location.verticalAccuracy
        course = location.course
        courseAccuracy = location.course < 0 ? -1 : 0
        speed = location.speed
        speedAccuracy = location.speed < 0 ? -1 : 0
        timestamp = epoch.adding(location.timestamp)
    }

    /// The great-circle distance in meters (the rules' Earth radius, 6,371,008.8 m).
    public func distance(from location: CLLocation) -> CLLocationDistance {
        SimulatedDevice.distance(Coordinate(coordinate), Coordinate(location.coordinate))
    }

    open override var description: String {
        "<\(coordinate.latitude),\(coordinate.longitude)> +/- \(horizontalAccuracy)m"
            + " (speed \(speed) mps / course \(course)) @ \(timestamp)"
    }
}

/// Where a location came from (iOS 15, `CLLocation.sourceInformation`).
/// Immutable: `copy()` is the object itself.
open class CLLocationSourceInformation: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    /// The location was made up by software (Xcode's simulated locations, a
    /// location-spoofing app), not by the device's receivers.
    public let isSimulatedBySoftware: Bool
    /// The location came from an external accessory (a CarPlay unit, an MFi GPS).
    public let isProducedByAccessory: Bool

    /// Where a location came from: `isSoftware`, made up by software; `wasProducedByAccessory`, from an accessory.
    public init(softwareSimulationState isSoftware: Bool, andExternalAccessoryState wasProducedByAccessory: Bool) {
        isSimulatedBySoftware = isSoftware
        isProducedByAccessory = wasProducedByAccessory
    }

    public override convenience init() { self.init(softwareSimulationState: false, andExternalAccessoryState: false) }

    /// Every delivered location's: the device's own receivers, neither
    /// simulated by software nor from an accessory (the scenario is the
    /// device's world, not a simulation the app could detect).
    static let device = CLLocationSourceInformation()

    public required init?(coder: NSCoder) {
        isSimulatedBySoftware = coder.decodeBool(forKey: "isSimulatedBySoftware")
        isProducedByAccessory = coder.decodeBool(forKey: "isProducedByAccessory")
    }

    open func encode(with coder: NSCoder) {
        coder.encode(isSimulatedBySoftware, forKey: "isSimulatedBySoftware")
        coder.encode(isProducedByAccessory, forKey: "isProducedByAccessory")
    }

    /// `true`, as Apple's.
    open class var supportsSecureCoding: Bool { true }
    open func copy(with zone: NSZone? = nil) -> Any { self }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CLLocationSourceInformation else { return false }
        return other.isSimulatedBySoftware == isSimulatedBySoftware
            && other.isProducedByAccessory == isProducedByAccessory
    }

    open override var hash: Int { (isSimulatedBySoftware ? 1 : 0) + (isProducedByAccessory ? 2 : 0) }
}

/// A visit: `arrivalDate` is `Date.distantPast` when the arrival was not
/// seen, `departureDate` `Date.distantFuture` while the visit is under way.
/// Immutable: `copy()` is the visit itself.
open class CLVisit: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    /// When the visit began (`visit arrive`), on the device's clock; `Date.distantPast` when the arrival was not seen.
    public let arrivalDate: Date
    /// When the visit ended (`visit depart`); `Date.distantFuture` while the visit is under way.
    public let departureDate: Date
    /// Where the visit is, as the `visit` line gives it.
    public let coordinate: CLLocationCoordinate2D
    /// Meters: the `visit` line's accuracy (5 by default).
    public let horizontalAccuracy: CLLocationAccuracy

    init(_ visit: SimulatedVisit, epoch: Date) {
        arrivalDate = visit.arrivalDate.map(epoch.adding) ?? .distantPast
        departureDate = visit.departureDate.map(epoch.adding) ?? .distantFuture
        coordinate = CLLocationCoordinate2D(visit.coordinate)
        horizontalAccuracy = visit.horizontalAccuracy
    }

    public required init?(coder: NSCoder) {
        guard let arrival = coder.decodeDate(forKey: "arrivalDate"),
            let departure = coder.decodeDate(forKey: "departureDate")
        else { return nil }
        arrivalDate = arrival
        departureDate = departure
        coordinate = coder.decodeCoordinate(forKey: "coordinate")
        horizontalAccuracy = coder.decodeDouble(forKey: "horizontalAccuracy")
    }

    open func encode(with coder: NSCoder) {
        coder.encode(arrivalDate, forKey: "arrivalDate")
        coder.encode(departureDate, forKey: "departureDate")
        coder.encode(coordinate, forKey: "coordinate")
        coder.encode(horizontalAccuracy, forKey: "horizontalAccuracy")
    }

    /// `true`, as Apple's.
    open class var supportsSecureCoding: Bool { true }
    open func copy(with zone: NSZone? = nil) -> Any { self }
}

/// A region the manager monitors; only `CLCircularRegion` is simulated.
/// `copy()` is a new region of the same class, equal to this one, with its
/// own `notifyOnEntry` and `notifyOnExit` (the only things that change).
open class CLRegion: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    /// The region's identifier: the id the rules and the log use (`enter <id>`, `didEnterRegion home`).
    public let identifier: String
    /// Whether entries are reported (`didEnterRegion`); `true` by default, as Apple's. Read when monitoring starts.
    public var notifyOnEntry = true
    /// Whether exits are reported (`didExitRegion`); `true` by default, as Apple's. Read when monitoring starts.
    public var notifyOnExit = true

    init(identifier: String) { self.identifier = identifier }

    public required init?(coder: NSCoder) {
        guard let identifier = coder.decodeString(forKey: "identifier") else { return nil }
        self.identifier = identifier
        notifyOnEntry = coder.decodeBool(forKey: "notifyOnEntry")
        notifyOnExit = coder.decodeBool(forKey: "notifyOnExit")
    }

    open func encode(with coder: NSCoder) {
        coder.encode(identifier, forKey: "identifier")
        coder.encode(notifyOnEntry, forKey: "notifyOnEntry")
        coder.encode(notifyOnExit, forKey: "notifyOnExit")
    }

    /// `true`, as Apple's.
    open class var supportsSecureCoding: Bool { true }

    open func copy(with zone: NSZone? = nil) -> Any { notifying(like: CLRegion(identifier: identifier)) }

    /// `copy` with this region's entry and exit flags.
    func notifying<Region: CLRegion>(like copy: Region) -> Region {
        copy.notifyOnEntry = notifyOnEntry
        copy.notifyOnExit = notifyOnExit
        return copy
    }

    /// Equal when of the same class with the same identifier (and, for a
    /// circle, center and radius), as Core Location's copies are.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CLRegion, type(of: other) == type(of: self) else { return false }
        return other.identifier == identifier
    }

    open override var hash: Int { identifier.hashValue }
}

/// A circle on the Earth, the region `startMonitoring(for:)` monitors (`app startMonitoring <id> <lat> <lon> <r>`).
open class CLCircularRegion: CLRegion, @unchecked Sendable {
    /// The circle's centre, in degrees.
    public let center: CLLocationCoordinate2D
    /// The circle's radius in meters; at or below 0, or above 400 km, `startMonitoring` fails (`monitoringDidFailFor`).
    public let radius: CLLocationDistance

    /// A circle of `radius` meters around `center`, named `identifier`, reporting entries and exits.
    public init(center: CLLocationCoordinate2D, radius: CLLocationDistance, identifier: String) {
        self.center = center
        self.radius = radius
        super.init(identifier: identifier)
    }

    /// Decodes a circle `encode(with:)` wrote: the region's identifier and flags, then `center` and `radius`.
    public required init?(coder: NSCoder) {
        center = coder.decodeCoordinate(forKey: "center")
        radius = coder.decodeDouble(forKey: "radius")
        super.init(coder: coder)
    }

    open override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encode(center, forKey: "center")
        coder.encode(radius, forKey: "radius")
    }

    /// Apple's rule for a subclass that decodes more: it says so itself.
    open override class var supportsSecureCoding: Bool { true }

    open override func copy(with zone: NSZone? = nil) -> Any {
        notifying(like: CLCircularRegion(center: center, radius: radius, identifier: identifier))
    }

    /// True when `coordinate` is within `radius` of `center`.
    public func contains(_ coordinate: CLLocationCoordinate2D) -> Bool {
        SimulatedDevice.distance(Coordinate(center), Coordinate(coordinate)) <= radius
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard super.isEqual(object), let other = object as? CLCircularRegion else { return false }
        return other.center.latitude == center.latitude && other.center.longitude == center.longitude
            && other.radius == radius
    }

    /// The region the rules monitor.
    var circular: CircularRegion {
        CircularRegion(
            id: identifier, center: Coordinate(center), radius: radius, notifyOnEntry: notifyOnEntry,
            notifyOnExit: notifyOnExit)
    }

    convenience init(_ region: CircularRegion) {
        self.init(center: CLLocationCoordinate2D(region.center), radius: region.radius, identifier: region.id)
        notifyOnEntry = region.notifyOnEntry
        notifyOnExit = region.notifyOnExit
    }
}

/// The beacons `startRangingBeacons(satisfying:)` looks for. The rules
/// match a sighted beacon's `uuid` as text: sight it with `uuid.uuidString`
/// (upper case). Immutable: `copy()` is the constraint itself.
open class CLBeaconIdentityConstraint: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    /// The proximity UUID; the rules match it as `uuid.uuidString` (upper case) against a `beacon` line's.
    public let uuid: UUID
    /// The major value a beacon must have; `nil` matches any.
    public let major: CLBeaconMajorValue?
    /// The minor value a beacon must have; `nil` matches any.
    public let minor: CLBeaconMinorValue?

    /// Any beacon with `uuid`.
    public convenience init(uuid: UUID) { self.init(uuid: uuid, major: nil, minor: nil) }
    /// Beacons with `uuid` and `major`, any minor.
    public convenience init(uuid: UUID, major: CLBeaconMajorValue) { self.init(uuid: uuid, major: major, minor: nil) }

    /// Beacons with `uuid`, and `major` and `minor` where not `nil`.
    public init(uuid: UUID, major: CLBeaconMajorValue?, minor: CLBeaconMinorValue?) {
        self.uuid = uuid
        self.major = major
        self.minor = minor
    }

    public required init?(coder: NSCoder) {
        guard let text = coder.decodeString(forKey: "uuid"), let uuid = UUID(uuidString: text) else { return nil }
        self.uuid = uuid
        major = coder.decodeUInt16(forKey: "major")
        minor = coder.decodeUInt16(forKey: "minor")
    }

    open func encode(with coder: NSCoder) {
        coder.encode(uuid.uuidString, forKey: "uuid")
        coder.encode(major, forKey: "major")
        coder.encode(minor, forKey: "minor")
    }

    /// `true`, as Apple's.
    open class var supportsSecureCoding: Bool { true }
    open func copy(with zone: NSZone? = nil) -> Any { self }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CLBeaconIdentityConstraint else { return false }
        return other.uuid == uuid && other.major == major && other.minor == minor
    }

    open override var hash: Int { uuid.hashValue }

    var constraint: BeaconConstraint {
        BeaconConstraint(uuid: uuid.uuidString, major: major.map(Int.init), minor: minor.map(Int.init))
    }

    /// `constraint` back as the app's type; a UUID that is not one reads as all zeros.
    convenience init(_ constraint: BeaconConstraint) {
        self.init(
            uuid: UUID(uuidString: constraint.uuid) ?? UUID(uuid: UUID.zero),
            major: constraint.major.flatMap(CLBeaconMajorValue.init(exactly:)),
            minor: constraint.minor.flatMap(CLBeaconMinorValue.init(exactly:)))
    }
}

/// A ranged beacon: `accuracy` is −1 (unknown: the rules have none), `rssi`
/// 0 when the sighting gives none. Immutable: `copy()` is the beacon itself.
open class CLBeacon: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    /// The beacon's proximity UUID, from the `beacon` line (all zeros for a line's id that is no UUID).
    public let uuid: UUID
    /// The beacon's major value, from the `beacon` line.
    public let major: NSNumber
    /// The beacon's minor value, from the `beacon` line.
    public let minor: NSNumber
    /// How near the beacon is: the `beacon` line's `<proximity>`.
    public let proximity: CLProximity
    /// Always −1 (unknown): the rules give no distance to a beacon.
    public let accuracy: CLLocationAccuracy
    /// Signal strength in dBm: the `beacon` line's `rssi=`, 0 without one.
    public let rssi: Int
    /// When the beacon was ranged, on the device's clock.
    public let timestamp: Date

    init(_ sighting: BeaconSighting, timestamp: Date) {
        uuid = UUID(uuidString: sighting.uuid) ?? UUID(uuid: UUID.zero)
        major = NSNumber(value: sighting.major)
        minor = NSNumber(value: sighting.minor)
        switch sighting.proximity {
        case .immediate: proximity = .immediate
        case .near: proximity = .near
        case .far: proximity = .far
        case .unknown: proximity = .unknown
        }
        accuracy = -1
        rssi = sighting.rssi ?? 0
        self.timestamp = timestamp
    }

    public required init?(coder: NSCoder) {
        guard let text = coder.decodeString(forKey: "uuid"), let uuid = UUID(uuidString: text),
            let proximity = CLProximity(rawValue: coder.decodeInteger(forKey: "proximity")),
            let timestamp = coder.decodeDate(forKey: "timestamp")
        else { return nil }
        self.uuid = uuid
        major = NSNumber(value: coder.decodeInteger(forKey: "major"))
        minor = NSNumber(value: coder.decodeInteger(forKey: "minor"))
        self.proximity = proximity
        accuracy = coder.decodeDouble(forKey: "accuracy")
        rssi = coder.decodeInteger(forKey: "rssi")
        self.timestamp = timestamp
    }

    open func encode(with coder: NSCoder) {
        coder.encode(uuid.uuidString, forKey: "uuid")
        coder.encode(major.intValue, forKey: "major")
        coder.encode(minor.intValue, forKey: "minor")
        coder.encode(proximity.rawValue, forKey: "proximity")
        coder.encode(accuracy, forKey: "accuracy")
        coder.encode(rssi, forKey: "rssi")
        coder.encode(timestamp, forKey: "timestamp")
    }

    /// `true`, as Apple's.
    open class var supportsSecureCoding: Bool { true }
    open func copy(with zone: NSZone? = nil) -> Any { self }
}

extension UUID {
    static let zero: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
}

extension CLLocationCoordinate2D {
    init(_ c: Coordinate) { self.init(latitude: c.latitude, longitude: c.longitude) }
}

extension Coordinate {
    init(_ c: CLLocationCoordinate2D) { self.init(latitude: c.latitude, longitude: c.longitude) }
}

extension Date {
    /// `instant` on a clock that started at `self`.
    func adding(_ instant: Instant) -> Date {
        addingTimeInterval(Double(instant.sinceStart.value) / 1000)
    }
}
