/// The operating system a scenario runs on (`platform <os> <version>`).
public struct Platform: Equatable, Sendable, CustomStringConvertible {
    /// The operating-system family.
    public enum OS: String, Equatable, Sendable, CaseIterable {
        case iOS, iPadOS, macOS, tvOS, watchOS
    }

    public var os: OS
    public var major: Int
    public var minor: Int

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
        }
    }

    /// True when the version is at least `major.minor`.
    @inlinable package func atLeast(_ major: Int, _ minor: Int = 0) -> Bool {
        self.major > major || (self.major == major && self.minor >= minor)
    }

    public var description: String { "\(os.rawValue) \(major).\(minor)" }
}
