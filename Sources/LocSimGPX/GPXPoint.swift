import LocSimKit

/// A track point as the GPX file writes it: numbers kept as their text, so
/// the `fix` lines printed from a track (`locsim gpx`) parse back to exactly
/// the values the `gpx` line plays.
package struct GPXPoint: Equatable, Sendable {
    /// Since the first point, as recorded (docs/gpx.md, "Times").
    package var offset: Millis
    package var latitude: String
    package var longitude: String
    /// Meters: `hdop` × `metersPerHDOP`, or `nil` for the `fix` default.
    package var accuracy: String?
    package var speed: String?
    package var course: String?
    /// `ele`, meters.
    package var altitude: String?
    /// Where the point's element is in the file.
    package var location: SourceLocation

    /// Horizontal accuracy in meters for one unit of `hdop`: the user
    /// equivalent range error of a consumer GPS receiver, about 5 m
    /// (docs/gpx.md says why).
    package static let metersPerHDOP = 5.0

    /// The point as the simulator's fix; every number is valid (the reader checked).
    package var fix: Fix {
        let number = { (text: String?) in text.flatMap(ScenarioParser.decimal) }
        return Fix(
            Location(
                Coordinate(latitude: number(latitude) ?? 0, longitude: number(longitude) ?? 0),
                accuracy: number(accuracy) ?? 5),
            speed: number(speed), course: number(course), altitude: number(altitude))
    }

    /// `<seconds> fix <lat> <lon> [<accuracy>] [speed=…] [course=…] [alt=…]`
    /// for a point played from `start`, plus a line end.
    package func fixLine(at time: Millis) -> String {
        var line = ByteBuffer(capacity: 64)
        appendFixLine(at: time, to: &line)
        return String(decoding: line.bytes, as: UTF8.self)
    }

    /// Appends `fixLine(at:)` to `bytes`, without building strings (a
    /// million-point track is a million lines).
    func appendFixLine(at time: Millis, to bytes: inout ByteBuffer) {
        func word(_ prefix: StaticString, _ value: String?) {
            guard let value else { return }
            bytes.append(prefix)
            bytes.append(value)
        }
        LogBytes.appendSeconds(time, to: &bytes)
        word(" fix ", latitude)
        word(" ", longitude)
        word(" ", accuracy)
        word(" speed=", speed)
        word(" course=", course)
        word(" alt=", altitude)
        bytes.append(UInt8(ascii: "\n"))
    }
}
