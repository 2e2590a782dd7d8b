/// The `CLLocationManagerDelegate` methods an app implements (`delegate …`).
public struct DelegateMethods: OptionSet, Equatable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let didChangeAuthorization = DelegateMethods(rawValue: 1 << 0)
    public static let locationManagerDidChangeAuthorization = DelegateMethods(rawValue: 1 << 1)
    public static let didUpdateLocations = DelegateMethods(rawValue: 1 << 2)
    public static let didFailWithError = DelegateMethods(rawValue: 1 << 3)
    public static let didEnterRegion = DelegateMethods(rawValue: 1 << 4)
    public static let didExitRegion = DelegateMethods(rawValue: 1 << 5)
    public static let didDetermineState = DelegateMethods(rawValue: 1 << 6)
    public static let didStartMonitoringFor = DelegateMethods(rawValue: 1 << 7)
    public static let monitoringDidFailFor = DelegateMethods(rawValue: 1 << 8)
    public static let didVisit = DelegateMethods(rawValue: 1 << 9)
    public static let didRange = DelegateMethods(rawValue: 1 << 10)
    public static let didFailRangingFor = DelegateMethods(rawValue: 1 << 11)
    public static let didPauseLocationUpdates = DelegateMethods(rawValue: 1 << 12)
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
