/// The platform reduced to what the rules ask of it: which iOS generation's
/// authorization rules apply (docs/rules.md §1).
///
/// tvOS and Mac Catalyst share iOS numbers; watchOS N follows iOS N+7
/// (watchOS 6 shipped with iOS 13); visionOS 1 and 2 follow iOS 17 and 18;
/// macOS 10.15 follows iOS 13 and macOS N (11 ≤ N ≤ 15) iOS N+3. From 26
/// (2025) every platform carries the same number as iOS. These mappings are
/// a modelling choice (docs/rules.md §1, "Version mapping").
package struct RulesVersion: Equatable, Sendable {
    package var platform: Platform
    /// The iOS version whose rules apply.
    package var major: Int
    package var minor: Int

    package init(_ platform: Platform) {
        self.platform = platform
        switch platform.os {
        case .iOS, .iPadOS, .tvOS, .macCatalyst:
            major = platform.major
            minor = platform.minor
        case .visionOS:
            major = platform.major >= 26 ? platform.major : platform.major + 16
            minor = platform.minor
        case .watchOS:
            major = platform.major >= 26 ? platform.major : platform.major + 7
            minor = platform.minor
        case .macOS:
            if platform.major >= 26 {
                major = platform.major
                minor = platform.minor
            } else if platform.major == 10 {
                major = platform.minor >= 15 ? 13 : (platform.minor >= 10 ? 8 : 7)
                minor = 0
            } else {
                major = platform.major + 3
                minor = platform.minor
            }
        }
    }

    package func atLeast(_ major: Int, _ minor: Int = 0) -> Bool {
        self.major > major || (self.major == major && self.minor >= minor)
    }

    package var isMac: Bool { platform.os == .macOS }
    package var isTV: Bool { platform.os == .tvOS }
    package var isWatch: Bool { platform.os == .watchOS }
    /// An iPhone or iPad app on Apple Vision Pro: no Always, no background
    /// updates, and the monitoring services do nothing (docs/rules.md §1).
    package var isVision: Bool { platform.os == .visionOS }
    /// The iPad app built with Mac Catalyst: iOS's requests and statuses,
    /// and a Mac's lifecycle (never suspended; docs/rules.md §1).
    package var isCatalyst: Bool { platform.os == .macCatalyst }
    /// iOS 7 and earlier: no request API, status `authorized`.
    package var legacy: Bool { !isMac && !atLeast(8) }
    /// iOS 13+: When In Use may use every API, delivered while in use.
    package var modern: Bool { atLeast(13) }
    /// iOS 14+: accuracy authorization and `locationManagerDidChangeAuthorization(_:)`.
    package var hasAccuracy: Bool { atLeast(14) }
    /// Apps can be suspended and have an in-use notion (not on a Mac:
    /// macOS and Mac Catalyst apps are in use while they run).
    package var suspends: Bool { !isMac && !isCatalyst }
}
