import Foundation
import LocSimKit

/// A location as Core Location reports it, with Apple's names and its
/// "invalid" values: `speed`, `course` and their accuracies −1 when the fix
/// gives none, `verticalAccuracy` −1 (and `altitude` 0) without an altitude.
/// A fix's timestamp is a `Date` on the device's clock (`SimulatedDevice.date`).
open class CLLocation: NSObject, @unchecked Sendable {
    // Read-only outside the module and written only by `reuse(for:epoch:)`
    // (a location no one else holds): no dynamic exclusivity check, which
    // cost 9 of them a delivered fix.
    @exclusivity(unchecked) public private(set) var coordinate: CLLocationCoordinate2D
    @exclusivity(unchecked) public private(set) var altitude: CLLocationDistance
    @exclusivity(unchecked) public private(set) var horizontalAccuracy: CLLocationAccuracy
    @exclusivity(unchecked) public private(set) var verticalAccuracy: CLLocationAccuracy
    @exclusivity(unchecked) public private(set) var course: CLLocationDirection
    @exclusivity(unchecked) public private(set) var courseAccuracy: CLLocationDirectionAccuracy
    @exclusivity(unchecked) public private(set) var speed: CLLocationSpeed
    @exclusivity(unchecked) public private(set) var speedAccuracy: CLLocationSpeedAccuracy
    @exclusivity(unchecked) public private(set) var timestamp: Date

    /// Timestamped now: the current `SimulatedDevice`'s `date`, else `Date()`.
    public convenience init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.init(
            coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), altitude: 0,
            horizontalAccuracy: 0, verticalAccuracy: -1, timestamp: SimulatedDevice.current?.date ?? Date())
    }

    public convenience init(
        coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance,
        horizontalAccuracy hAccuracy: CLLocationAccuracy,
        verticalAccuracy vAccuracy: CLLocationAccuracy, timestamp: Date
    ) {
        self.init(
            coordinate: coordinate, altitude: altitude, horizontalAccuracy: hAccuracy, verticalAccuracy: vAccuracy,
            course: -1, courseAccuracy: -1, speed: -1, speedAccuracy: -1, timestamp: timestamp)
    }

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

    /// A delivered location: its fix's speed and course are taken as exact
    /// (accuracy 0), absent ones are −1.
    convenience init(_ location: SimulatedLocation, epoch: Date) {
        self.init(
            coordinate: CLLocationCoordinate2D(location.coordinate), altitude: location.altitude,
            horizontalAccuracy: location.horizontalAccuracy, verticalAccuracy: location.verticalAccuracy,
            course: location.course, courseAccuracy: location.course < 0 ? -1 : 0, speed: location.speed,
            speedAccuracy: location.speed < 0 ? -1 : 0, timestamp: epoch.adding(location.timestamp))
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

/// A visit: `arrivalDate` is `Date.distantPast` when the arrival was not
/// seen, `departureDate` `Date.distantFuture` while the visit is under way.
open class CLVisit: NSObject, @unchecked Sendable {
    public let arrivalDate: Date
    public let departureDate: Date
    public let coordinate: CLLocationCoordinate2D
    public let horizontalAccuracy: CLLocationAccuracy

    init(_ visit: SimulatedVisit, epoch: Date) {
        arrivalDate = visit.arrivalDate.map(epoch.adding) ?? .distantPast
        departureDate = visit.departureDate.map(epoch.adding) ?? .distantFuture
        coordinate = CLLocationCoordinate2D(visit.coordinate)
        horizontalAccuracy = visit.horizontalAccuracy
    }
}

/// A region the manager monitors; only `CLCircularRegion` is simulated.
open class CLRegion: NSObject, @unchecked Sendable {
    public let identifier: String
    public var notifyOnEntry = true
    public var notifyOnExit = true

    init(identifier: String) { self.identifier = identifier }

    /// Equal when of the same class with the same identifier (and, for a
    /// circle, center and radius), as Core Location's copies are.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CLRegion, type(of: other) == type(of: self) else { return false }
        return other.identifier == identifier
    }

    open override var hash: Int { identifier.hashValue }
}

open class CLCircularRegion: CLRegion, @unchecked Sendable {
    public let center: CLLocationCoordinate2D
    public let radius: CLLocationDistance

    public init(center: CLLocationCoordinate2D, radius: CLLocationDistance, identifier: String) {
        self.center = center
        self.radius = radius
        super.init(identifier: identifier)
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
/// (upper case).
open class CLBeaconIdentityConstraint: NSObject, @unchecked Sendable {
    public let uuid: UUID
    public let major: CLBeaconMajorValue?
    public let minor: CLBeaconMinorValue?

    public convenience init(uuid: UUID) { self.init(uuid: uuid, major: nil, minor: nil) }
    public convenience init(uuid: UUID, major: CLBeaconMajorValue) { self.init(uuid: uuid, major: major, minor: nil) }

    public init(uuid: UUID, major: CLBeaconMajorValue?, minor: CLBeaconMinorValue?) {
        self.uuid = uuid
        self.major = major
        self.minor = minor
    }

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
/// 0 when the sighting gives none.
open class CLBeacon: NSObject, @unchecked Sendable {
    public let uuid: UUID
    public let major: NSNumber
    public let minor: NSNumber
    public let proximity: CLProximity
    public let accuracy: CLLocationAccuracy
    public let rssi: Int
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
