import LocSimKit

/// When each point plays, relative to the first (docs/gpx.md, "Times"):
/// timed points keep their recorded spacing; a point without a time comes
/// one second after the one before it.
struct GPXSpacing {
    /// The offset of the previous point.
    private var previous: Millis?
    /// The last point that had a time: its offset and its time.
    private var lastTimed: (offset: Millis, time: Int64)?

    /// The offset of the next point, whose recorded time is `time` (ms since 1970), if any.
    mutating func offset(at time: Int64?) -> Result<Millis, TrackError> {
        let offset: Millis
        if let previous {
            if let time, let lastTimed {
                if time < lastTimed.time {
                    return .failure(
                        TrackError(
                            "time goes backwards: this point is \(Millis(lastTimed.time - time)) s before the previous timed point"
                        ))
                }
                // After untimed points counted at 1 Hz, a timed point is
                // never placed before them.
                offset = max(previous, lastTimed.offset + Millis(time - lastTimed.time))
            } else {
                offset = previous + .seconds(1)
            }
        } else {
            offset = .zero
        }
        previous = offset
        if let time { lastTimed = (offset, time) }
        return .success(offset)
    }
}
