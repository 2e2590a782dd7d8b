/// The operating system a scenario runs on (`platform <os> <version>`).
public struct Platform: Equatable, Sendable, CustomStringConvertible {
    /// The operating-system family.
    public enum OS: String, Equatable, Sendable, CaseIterable {
        /// The `<os>` word of a `platform` line, spelled exactly so; iPadOS follows the iOS rules of the same number.
        /// `visionOS` is an iPhone or iPad app running on Apple Vision Pro; `macCatalyst` is the iPad app
        /// built with Mac Catalyst, its version Mac Catalyst's (iOS's) number (docs/rules.md §1).
        case iOS, iPadOS, macOS, tvOS, watchOS, visionOS, macCatalyst
    }

    /// The operating-system family.
    public var os: OS
    /// The major version: `14` in `iOS 14.2`.
    public var major: Int
    /// The minor version: `2` in `iOS 14.2`; 0 when the line gives none.
    public var minor: Int

    /// A platform `os` `major`.`minor` (`Platform(.iOS, 17)` is iOS 17.0).
    public init(_ os: OS, _ major: Int, _ minor: Int = 0) {
        self.os = os
        self.major = major
        self.minor = minor
    }

    /// SPEC §1.1: the default platform is iOS 14.0.
    public static let `default` = Platform(.iOS, 14, 0)

    /// The newest version the rule book knows; a higher one is a scenario error.
    package static func newestKnown(_ os: OS) -> (Int, Int) {
        switch os {
        case .iOS, .iPadOS: return (26, 9)
        case .macOS: return (26, 9)
        case .tvOS: return (26, 9)
        case .watchOS: return (26, 9)
        case .visionOS: return (26, 9)
        case .macCatalyst: return (26, 9)
        }
    }

    /// True when the version is at least `major.minor`.
    @inlinable package func atLeast(_ major: Int, _ minor: Int = 0) -> Bool {
        self.major > major || (self.major == major && self.minor >= minor)
    }

    public var description: String { "\(os.rawValue) \(major).\(minor)" }
}
