/// `<time> gpx <path> [speed <factor>]`: a recorded track played as fixes
/// from `<time>` (docs/gpx.md).
package struct TrackStatement: Equatable, Sendable {
    /// When the track's first point is sensed.
    package var time: Millis
    /// The track file as written, relative to the scenario's folder.
    package var path: String
    /// How much faster than recorded the track plays (2 = twice as fast).
    package var speed: Double
    /// Where `gpx` starts.
    package var location: SourceLocation
    /// Where the path starts: errors about the file as a whole point here.
    package var pathColumn: Int

    package init(time: Millis, path: String, speed: Double = 1, location: SourceLocation, pathColumn: Int) {
        self.time = time
        self.path = path
        self.speed = speed
        self.location = location
        self.pathColumn = pathColumn
    }
}

extension TrackStatement {
    /// The scenario time of a point recorded `offset` after the track's
    /// first: `time + offset / speed`, rounded to the millisecond; `nil`
    /// past the latest time a scenario can have.
    package func time(at offset: Millis) -> Millis? {
        // Scaled in `Double` and checked before it becomes an integer again
        // (a tiny factor would overflow `Int64`, which traps).
        let scaled = speed == 1 ? Double(offset.value) : (Double(offset.value) / speed).rounded()
        let result = scaled + Double(time.value)
        guard scaled >= 0, result <= Double(ByteScanner.maxSeconds * 1000) else { return nil }
        return Millis(Int64(result))
    }

    /// The error of a point `time(at:)` gives no time for: one wording for a
    /// `gpx` line and `locsim gpx --start` (issue 41).
    package static let pointTooLate =
        "this point falls beyond \(ByteScanner.maxSeconds) seconds from the scenario start"
}

extension ScenarioParser {
    /// The arguments of a `gpx` line, after the word `gpx` (`word`).
    func track(at time: Millis, _ word: Token, _ s: inout ByteScanner) throws(ScenarioError) -> TrackStatement {
        let pathToken = try s.required("path", for: "gpx")
        let path = s.string(pathToken)
        guard !path.isEmpty else { throw s.error("the gpx path is empty; expected a file name", at: pathToken) }
        var speed = 1.0
        if let key = try s.next() {
            guard s.matches(key, "speed") else {
                throw s.error("unexpected '\(s.display(key))' after the gpx path; expected speed <factor>", at: key)
            }
            let value = try s.required("factor", for: "gpx speed")
            speed = try s.number(value, "the speed factor")
            guard speed > 0 else {
                throw s.error("the speed factor must be above 0, found '\(s.display(value))'", at: value)
            }
            try s.end()
        }
        return TrackStatement(
            time: time, path: path, speed: speed,
            location: SourceLocation(line: s.lineNumber, column: word.column), pathColumn: pathToken.column)
    }

    /// A decimal number as scenario lines write it (sign, digits, `.`, no
    /// exponent), or `nil`: track readers parse with it so that a track and
    /// the `fix` lines printed from it give the same values.
    /// The largest magnitude a `fix` line accepts for a number (`alt=`,
    /// `speed=`, `course=`): a track reader refuses larger values with the
    /// track's own place, rather than printing a line the replay refuses.
    package static let trackMagnitudeLimit = ByteScanner.maxMagnitude
    /// The largest accuracy, in meters, a `fix` line accepts.
    package static let trackAccuracyLimit = accuracyRange.upperBound

    package static func decimal(_ text: String) -> Double? {
        var copy = text
        return copy.withUTF8 { buffer in
            ByteScanner.decimal(UnsafeRawBufferPointer(buffer), 0, buffer.count)
        }
    }
}
