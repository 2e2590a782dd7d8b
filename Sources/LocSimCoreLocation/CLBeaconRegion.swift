import Foundation
import LocSimKit

/// A region of beacons, so that an app's file naming one compiles. The
/// rules monitor no beacon regions (their beacon monitoring is CLMonitor's
/// `BeaconIdentityCondition`, docs/modern.md M14), so `startMonitoring(for:)`
/// with one is reported `.unavailable` and `isMonitoringAvailable(for:
/// CLBeaconRegion.self)` is false (docs/corelocation.md, "Not there").
open class CLBeaconRegion: CLRegion, @unchecked Sendable {
    public let uuid: UUID
    public let major: NSNumber?
    public let minor: NSNumber?
    public let beaconIdentityConstraint: CLBeaconIdentityConstraint
    public var notifyEntryStateOnDisplay = false

    public convenience init(uuid: UUID, identifier: String) {
        self.init(beaconIdentityConstraint: CLBeaconIdentityConstraint(uuid: uuid), identifier: identifier)
    }

    public convenience init(uuid: UUID, major: CLBeaconMajorValue, identifier: String) {
        self.init(
            beaconIdentityConstraint: CLBeaconIdentityConstraint(uuid: uuid, major: major), identifier: identifier)
    }

    public convenience init(uuid: UUID, major: CLBeaconMajorValue, minor: CLBeaconMinorValue, identifier: String) {
        self.init(
            beaconIdentityConstraint: CLBeaconIdentityConstraint(uuid: uuid, major: major, minor: minor),
            identifier: identifier)
    }

    public init(beaconIdentityConstraint: CLBeaconIdentityConstraint, identifier: String) {
        self.beaconIdentityConstraint = beaconIdentityConstraint
        uuid = beaconIdentityConstraint.uuid
        major = beaconIdentityConstraint.major.map { NSNumber(value: $0) }
        minor = beaconIdentityConstraint.minor.map { NSNumber(value: $0) }
        super.init(identifier: identifier)
    }
}
