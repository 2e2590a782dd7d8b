import Foundation
import LocSimKit

/// A heading as Core Location delivers it (`locationManager(_:didUpdateHeading:)`):
/// the three readings a `heading` line gives, at the device's time. The raw
/// magnetometer vector (`x`, `y`, `z`) is not simulated. Immutable: `copy()`
/// is the heading itself.
open class CLHeading: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    /// Degrees from magnetic north, 0 to 359.9.
    public let magneticHeading: CLLocationDirection
    /// Degrees from true north; negative when it could not be determined
    /// (valid only while the same manager delivers locations, docs/rules.md §8).
    public let trueHeading: CLLocationDirection
    /// The most the magnetic heading may be off, in degrees; negative: invalid.
    public let headingAccuracy: CLLocationDirection
    /// When the heading was sensed (its `heading` line's time), on the device's clock.
    public let timestamp: Date

    init(_ heading: HeadingSample, timestamp: Date) {
        magneticHeading = heading.magnetic
        trueHeading = heading.trueHeading
        headingAccuracy = heading.accuracy
        self.timestamp = timestamp
    }

    public required init?(coder: NSCoder) {
        guard let timestamp = coder.decodeDate(forKey: "timestamp") else { return nil }
        magneticHeading = coder.decodeDouble(forKey: "magneticHeading")
        trueHeading = coder.decodeDouble(forKey: "trueHeading")
        headingAccuracy = coder.decodeDouble(forKey: "headingAccuracy")
        self.timestamp = timestamp
    }

    open func encode(with coder: NSCoder) {
        coder.encode(magneticHeading, forKey: "magneticHeading")
        coder.encode(trueHeading, forKey: "trueHeading")
        coder.encode(headingAccuracy, forKey: "headingAccuracy")
        coder.encode(timestamp, forKey: "timestamp")
    }

    /// `true`, as Apple's.
    open class var supportsSecureCoding: Bool { true }
    open func copy(with zone: NSZone? = nil) -> Any { self }

    open override var description: String {
        "magneticHeading \(magneticHeading) trueHeading \(trueHeading) accuracy \(headingAccuracy) @ \(timestamp)"
    }
}

/// `CLDeviceOrientation`: the reference `headingOrientation` reports against.
public enum CLDeviceOrientation: Int32, Sendable {
    /// `unknown` (raw value 0).
    case unknown = 0
    /// `portrait` (raw value 1), the default.
    case portrait = 1
    /// `portraitUpsideDown` (raw value 2).
    case portraitUpsideDown = 2
    /// `landscapeLeft` (raw value 3).
    case landscapeLeft = 3
    /// `landscapeRight` (raw value 4).
    case landscapeRight = 4
    /// `faceUp` (raw value 5).
    case faceUp = 5
    /// `faceDown` (raw value 6).
    case faceDown = 6

    init(_ orientation: DeviceOrientation) {
        switch orientation {
        case .unknown: self = .unknown
        case .portrait: self = .portrait
        case .portraitUpsideDown: self = .portraitUpsideDown
        case .landscapeLeft: self = .landscapeLeft
        case .landscapeRight: self = .landscapeRight
        case .faceUp: self = .faceUp
        case .faceDown: self = .faceDown
        }
    }

    var simulated: DeviceOrientation {
        switch self {
        case .unknown: return .unknown
        case .portrait: return .portrait
        case .portraitUpsideDown: return .portraitUpsideDown
        case .landscapeLeft: return .landscapeLeft
        case .landscapeRight: return .landscapeRight
        case .faceUp: return .faceUp
        case .faceDown: return .faceDown
        }
    }
}
