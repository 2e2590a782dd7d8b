/// The `CLLocationManagerDelegate` methods an app implements (`delegate …`).
public struct DelegateMethods: OptionSet, Equatable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// `didChangeAuthorization`: `locationManager(_:didChangeAuthorization:)`.
    public static let didChangeAuthorization = DelegateMethods(rawValue: 1 << 0)
    /// `locationManagerDidChangeAuthorization(_:)` (iOS 14+; when present it replaces `didChangeAuthorization`).
    public static let locationManagerDidChangeAuthorization = DelegateMethods(rawValue: 1 << 1)
    /// `didUpdateLocations`: `locationManager(_:didUpdateLocations:)`.
    public static let didUpdateLocations = DelegateMethods(rawValue: 1 << 2)
    /// `didFailWithError`: `locationManager(_:didFailWithError:)`.
    public static let didFailWithError = DelegateMethods(rawValue: 1 << 3)
    /// `didEnterRegion`: `locationManager(_:didEnterRegion:)`.
    public static let didEnterRegion = DelegateMethods(rawValue: 1 << 4)
    /// `didExitRegion`: `locationManager(_:didExitRegion:)`.
    public static let didExitRegion = DelegateMethods(rawValue: 1 << 5)
    /// `didDetermineState`: `locationManager(_:didDetermineState:for:)`.
    public static let didDetermineState = DelegateMethods(rawValue: 1 << 6)
    /// `didStartMonitoringFor`: `locationManager(_:didStartMonitoringFor:)`.
    public static let didStartMonitoringFor = DelegateMethods(rawValue: 1 << 7)
    /// `monitoringDidFailFor`: `locationManager(_:monitoringDidFailFor:withError:)`.
    public static let monitoringDidFailFor = DelegateMethods(rawValue: 1 << 8)
    /// `didVisit`: `locationManager(_:didVisit:)`.
    public static let didVisit = DelegateMethods(rawValue: 1 << 9)
    /// `didRange`: `locationManager(_:didRange:satisfying:)`.
    public static let didRange = DelegateMethods(rawValue: 1 << 10)
    /// `didFailRangingFor`: `locationManager(_:didFailRangingFor:error:)`.
    public static let didFailRangingFor = DelegateMethods(rawValue: 1 << 11)
    /// `didPauseLocationUpdates`: `locationManagerDidPauseLocationUpdates(_:)`.
    public static let didPauseLocationUpdates = DelegateMethods(rawValue: 1 << 12)
    /// `didResumeLocationUpdates`: `locationManagerDidResumeLocationUpdates(_:)`.
    public static let didResumeLocationUpdates = DelegateMethods(rawValue: 1 << 13)
    /// `locationManager(_:didUpdateHeading:)` (docs/rules.md §8, "Heading").
    public static let didUpdateHeading = DelegateMethods(rawValue: 1 << 14)
    /// `locationManagerShouldDisplayHeadingCalibration(_:)`.
    public static let shouldDisplayHeadingCalibration = DelegateMethods(rawValue: 1 << 15)
    /// `locationManager(_:didFinishDeferredUpdatesWithError:)` (docs/rules.md §8, "Deferred updates").
    public static let didFinishDeferredUpdatesWithError = DelegateMethods(rawValue: 1 << 16)

    /// Every method, the default when the header has no `delegate` line.
    public static let all = DelegateMethods(rawValue: (1 << 17) - 1)

    /// Short names as the `delegate` header spells them, in declaration order.
    package static let names: [(String, DelegateMethods)] = [
        ("didChangeAuthorization", .didChangeAuthorization),
        ("locationManagerDidChangeAuthorization", .locationManagerDidChangeAuthorization),
        ("didUpdateLocations", .didUpdateLocations),
        ("didFailWithError", .didFailWithError),
        ("didEnterRegion", .didEnterRegion),
        ("didExitRegion", .didExitRegion),
        ("didDetermineState", .didDetermineState),
        ("didStartMonitoringFor", .didStartMonitoringFor),
        ("monitoringDidFailFor", .monitoringDidFailFor),
        ("didVisit", .didVisit),
        ("didRange", .didRange),
        ("didFailRangingFor", .didFailRangingFor),
        ("didPauseLocationUpdates", .didPauseLocationUpdates),
        ("didResumeLocationUpdates", .didResumeLocationUpdates),
        ("didUpdateHeading", .didUpdateHeading),
        ("shouldDisplayHeadingCalibration", .shouldDisplayHeadingCalibration),
        ("didFinishDeferredUpdatesWithError", .didFinishDeferredUpdatesWithError),
    ]
}
