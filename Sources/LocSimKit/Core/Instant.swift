/// A point in scenario time: how long after the scenario's start. A
/// separate type from `Millis`, a length of time, so an instant is never
/// passed where a duration is meant (`Instant - Instant` is a `Millis`,
/// `Instant + Millis` an `Instant`, and two instants do not add).
public struct Instant: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The time since the scenario's start.
    public var sinceStart: Millis

    /// The instant `sinceStart` after the scenario's start.
    public init(sinceStart: Millis) { self.sinceStart = sinceStart }

    /// The scenario's start.
    public static let start = Instant(sinceStart: .zero)

    /// `s` whole seconds after the start.
    public static func seconds(_ s: Int64) -> Instant { Instant(sinceStart: .seconds(s)) }

    public static func < (a: Instant, b: Instant) -> Bool { a.sinceStart < b.sinceStart }
    /// The instant `d` later than `a`.
    public static func + (a: Instant, d: Millis) -> Instant { Instant(sinceStart: a.sinceStart + d) }
    /// The instant `d` earlier than `a`.
    public static func - (a: Instant, d: Millis) -> Instant { Instant(sinceStart: a.sinceStart - d) }
    /// How long after `b` the instant `a` is (negative when it is earlier).
    public static func - (a: Instant, b: Instant) -> Millis { a.sinceStart - b.sinceStart }

    /// Seconds since the start with exactly three decimals, as the log prints them: `12.500`.
    public var description: String { sinceStart.description }
}
