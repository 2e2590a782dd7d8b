import Foundation
import LocSimKit

/// A region of beacons, so that an app's file naming one compiles. The
/// rules monitor no beacon regions (their beacon monitoring is CLMonitor's
/// `BeaconIdentityCondition`, docs/modern.md M14), so `startMonitoring(for:)`
/// with one is reported `.unavailable` and `isMonitoringAvailable(for:
/// CLBeaconRegion.self)` is false (Sources/LocSimCoreLocation/LocSimCoreLocation.docc/CoreLocationUnderTheRules.md, "Not there").
/// `copy()` copies its `notifyEntryStateOnDisplay` too.
open class CLBeaconRegion: CLRegion, @unchecked Sendable {
    /// The proximity UUID of the region's beacons.
    public let uuid: UUID
    /// The major value of the region's beacons; `nil` for any.
    public let major: NSNumber?
    /// The minor value of the region's beacons; `nil` for any.
    public let minor: NSNumber?
    /// The region's beacons as a constraint: what ranging for them would take.
    public let beaconIdentityConstraint: CLBeaconIdentityConstraint
    /// Apple's flag for state notifications when the display turns on; kept and copied, the rules read none.
    public var notifyEntryStateOnDisplay = false

    /// A region of the beacons with `uuid`, any major and minor.
    public convenience init(uuid: UUID, identifier: String) {
        self.init(beaconIdentityConstraint: CLBeaconIdentityConstraint(uuid: uuid), identifier: identifier)
    }

    /// A region of the beacons with `uuid` and `major`, any minor.
    public convenience init(uuid: UUID, major: CLBeaconMajorValue, identifier: String) {
        self.init(
            beaconIdentityConstraint: CLBeaconIdentityConstraint(uuid: uuid, major: major), identifier: identifier)
    }

    /// A region of the beacon with `uuid`, `major` and `minor`.
    public convenience init(uuid: UUID, major: CLBeaconMajorValue, minor: CLBeaconMinorValue, identifier: String) {
        self.init(
            beaconIdentityConstraint: CLBeaconIdentityConstraint(uuid: uuid, major: major, minor: minor),
            identifier: identifier)
    }

    /// A region of the beacons `beaconIdentityConstraint` matches, named `identifier`.
    public init(beaconIdentityConstraint: CLBeaconIdentityConstraint, identifier: String) {
        self.beaconIdentityConstraint = beaconIdentityConstraint
        uuid = beaconIdentityConstraint.uuid
        major = beaconIdentityConstraint.major.map { NSNumber(value: $0) }
        minor = beaconIdentityConstraint.minor.map { NSNumber(value: $0) }
        super.init(identifier: identifier)
    }

    /// Decodes a region `encode(with:)` wrote: its constraint, identifier, flags and `notifyEntryStateOnDisplay`.
    public required init?(coder: NSCoder) {
        guard
            let constraint = coder.decodeObject(
                of: CLBeaconIdentityConstraint.self, forKey: "beaconIdentityConstraint")
        else { return nil }
        beaconIdentityConstraint = constraint
        uuid = constraint.uuid
        major = constraint.major.map { NSNumber(value: $0) }
        minor = constraint.minor.map { NSNumber(value: $0) }
        notifyEntryStateOnDisplay = coder.decodeBool(forKey: "notifyEntryStateOnDisplay")
        super.init(coder: coder)
    }

    open override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encode(beaconIdentityConstraint, forKey: "beaconIdentityConstraint")
        coder.encode(notifyEntryStateOnDisplay, forKey: "notifyEntryStateOnDisplay")
    }

    /// Apple's rule for a subclass that decodes more: it says so itself.
    open override class var supportsSecureCoding: Bool { true }

    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = notifying(
            like: CLBeaconRegion(beaconIdentityConstraint: beaconIdentityConstraint, identifier: identifier))
        copy.notifyEntryStateOnDisplay = notifyEntryStateOnDisplay
        return copy
    }
}
