import LocSimKit

extension Instant {
    /// `v` milliseconds after the start (tests write instants in milliseconds).
    static func ms(_ v: Int64) -> Instant { Instant(sinceStart: Millis(v)) }
}
