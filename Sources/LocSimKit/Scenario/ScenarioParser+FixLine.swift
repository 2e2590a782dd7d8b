/// The line a long trace is made of, parsed in one pass:
///
///     <seconds> fix <lat> <lon> [<accuracy>] [speed=<m/s>] [course=<deg>] [alt=<m>]
///
/// A recorded trace is almost all such lines, and the general path (check
/// the line's bytes, split it into words, dispatch on the event word, then
/// on each option) costs about three times as much per line.
///
/// This path accepts a strict subset of what the general path accepts:
/// words separated by spaces only, no comment, valid values, each option
/// once. It returns `nil` for anything else, and the general path parses the
/// line; the values come from the same parsers (`time(_:_:)`,
/// `scanDecimal`), so the statement and any error message never depend on
/// which path ran.
extension ScenarioParser {
    /// The fix `line` states, or `nil` to leave the line to the general path.
    @inline(__always)
    func fixLine(_ line: UnsafeRawBufferPointer, lineNumber: Int) -> TimedFix? {
        // Only printable ASCII is ever accepted below, so the line needs no
        // UTF-8 or control-character check. The time: plain seconds in one
        // pass, other forms (`+2.5`, `07:00:10`) through `time(_:_:)`.
        var cursor = FixLineCursor(line)
        guard let time = cursor.plainSeconds() ?? cursor.timeWord().flatMap({ word in
            try? self.time(word, ByteScanner(line, lineNumber: lineNumber))
        }), time >= previousTime
        else { return nil }
        let fixColumn = cursor.position + 1
        guard cursor.fixWord() else { return nil }
        let latitudeColumn = cursor.position + 1
        guard let latitude = cursor.number(), (-90...90).contains(latitude),
            let longitude = cursor.number(), (-180...180).contains(longitude)
        else { return nil }
        var accuracy = 5.0
        if cursor.startsNumber {
            guard let value = cursor.number(), Self.accuracyRange.contains(value) else { return nil }
            accuracy = value
        }
        var speed: Double? = nil
        var course: Double? = nil
        var altitude: Double? = nil
        while !cursor.atEnd {
            if speed == nil, cursor.option("speed=") {
                speed = cursor.number()
                if speed == nil { return nil }
            } else if course == nil, cursor.option("course=") {
                course = cursor.number()
                if course == nil { return nil }
            } else if altitude == nil, cursor.option("alt=") {
                altitude = cursor.number()
                if altitude == nil { return nil }
            } else {
                return nil
            }
        }
        let fix = Fix(
            Location(Coordinate(latitude: latitude, longitude: longitude), accuracy: accuracy), speed: speed, course: course,
            altitude: altitude)
        return TimedFix(
            time: time, fix: fix, location: SourceLocation(line: lineNumber, column: fixColumn),
            argumentColumn: latitudeColumn)
    }
}

/// A fix line from the fast path: a `TimedStatement` of a `.fix` event, in
/// plain values, so `Replay` moves it without any reference counting.
struct TimedFix {
    var time: Millis
    var fix: Fix
    var location: SourceLocation
    var argumentColumn: Int

    var statement: TimedStatement {
        TimedStatement(time: time, event: .fix(fix), location: location, argumentColumn: argumentColumn)
    }
}

/// A position in a fix line; every read ends at spaces or the line's end, or fails.
private struct FixLineCursor {
    let bytes: UnsafeRawBufferPointer
    private(set) var position = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    var atEnd: Bool { position == bytes.count }

    /// True when the next word begins like a number, not like an option.
    var startsNumber: Bool {
        guard position < bytes.count else { return false }
        let b = bytes[position]
        return (b &- UInt8(ascii: "0")) < 10 || b == UInt8(ascii: "-") || b == UInt8(ascii: "+")
            || b == UInt8(ascii: ".")
    }

    /// The time at the start of the line if it is plain seconds (`12.5`).
    @inline(__always)
    mutating func plainSeconds() -> Millis? {
        let (stop, value) = ByteScanner.scanSeconds(bytes, 0, bytes.count)
        guard let value, endWord(at: stop) else { return nil }
        return value
    }

    /// The time at the start of the line, as a word for `time(_:_:)`: its
    /// bytes are digits, `.`, `:` or `+`.
    mutating func timeWord() -> Token? {
        var end = 0
        while end < bytes.count, Self.isTimeByte(bytes[end]) { end += 1 }
        guard end > 0, endWord(at: end) else { return nil }
        return Token(start: 0, end: end)
    }

    private static func isTimeByte(_ b: UInt8) -> Bool {
        (b &- UInt8(ascii: "0")) < 10 || b == UInt8(ascii: ".") || b == UInt8(ascii: ":") || b == UInt8(ascii: "+")
    }

    /// `fix` and its space (or spaces); the position is then at the latitude.
    mutating func fixWord() -> Bool {
        guard bytes.count - position >= 4,
            bytes.loadUnaligned(fromByteOffset: position, as: UInt32.self) == Self.fixAndSpace
        else { return false }
        return endWord(at: position + 3)
    }

    private static let fixAndSpace = UInt32(littleEndian: 0x2078_6966)  // "fix "

    /// A decimal number ending the line or followed by a space, of at most
    /// `maxMagnitude` (the general path explains a larger one).
    @inline(__always)
    mutating func number() -> Double? {
        let (stop, value) = ByteScanner.scanDecimal(bytes, position, bytes.count)
        guard let value, value.magnitude <= ByteScanner.maxMagnitude, stop > position, endWord(at: stop) else {
            return nil
        }
        return value
    }

    /// `key` (with its `=`), consumed if it is next.
    mutating func option(_ key: StaticString) -> Bool {
        let n = key.utf8CodeUnitCount
        guard bytes.count - position > n else { return false }
        for k in 0..<n where bytes[position + k] != key.utf8Start[k] { return false }
        position += n
        return true
    }

    /// Moves past the word ending at `stop` and the spaces after it; false
    /// if what follows is neither a space nor the end of the line.
    @inline(__always)
    private mutating func endWord(at stop: Int) -> Bool {
        guard stop == bytes.count || bytes[stop] == UInt8(ascii: " ") else { return false }
        position = stop
        while position < bytes.count && bytes[position] == UInt8(ascii: " ") { position += 1 }
        return true
    }
}
