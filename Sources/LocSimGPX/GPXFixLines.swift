import LocSimKit

/// `locsim gpx`: a GPX file as the `fix` lines a `gpx` line plays, for
/// people who want the points inline in a scenario.
public enum GPXFixLines {
    /// Writes one `fix` line for each point of the GPX file at `path`, timed
    /// as `<start> gpx <path> speed <speed>` would play it.
    ///
    /// - Returns: the number of lines written.
    /// - Throws: `TrackError` as `GPXParser.read` does; `output` then holds
    ///   part of the lines and the caller discards it.
    @discardableResult
    public static func write(
        _ path: String, start: Millis = .zero, speed: Double = 1, into output: inout OutputBuffer
    ) throws(TrackError) -> Int {
        let track = TrackStatement(
            time: start, path: path, speed: speed, location: SourceLocation(line: 1, column: 1), pathColumn: 1)
        var count = 0
        var failure: TrackError? = nil
        try GPXParser.read(path) { point in
            guard let time = track.time(at: point.offset) else {
                failure = TrackError("this point falls beyond the latest time a scenario can have", at: point.location)
                return false
            }
            output.append(Array(point.fixLine(at: time).utf8))
            count += 1
            return true
        }
        if let failure { throw failure }
        return count
    }
}
