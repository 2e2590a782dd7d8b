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
        var layout: UInt32 = 0
        if let fix = Self.recordedFix(line, layout: &layout) {
            return fix.time >= previousTime ? fix.timed(lineNumber: lineNumber) : nil
        }
        return cursorFixLine(line, lineNumber: lineNumber)
    }

    /// `fixLine` without the recorded-trace shortcut (tests compare the two).
    @inline(never)
    func cursorFixLine(_ line: UnsafeRawBufferPointer, lineNumber: Int) -> TimedFix? {
        // Only printable ASCII is ever accepted below, so the line needs no
        // UTF-8 or control-character check. The time: plain seconds in one
        // pass, other forms (`+2.5`, `07:00:10`) through `time(_:_:)`.
        var cursor = FixLineCursor(line)
        guard
            let time = cursor.plainSeconds()
                ?? cursor.timeWord().flatMap({ word in
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
            Location(Coordinate(latitude: latitude, longitude: longitude), accuracy: accuracy), speed: speed,
            course: course,
            altitude: altitude)
        return TimedFix(
            time: time, fix: fix, location: SourceLocation(line: lineNumber, column: fixColumn),
            argumentColumn: latitudeColumn)
    }
}

extension ScenarioParser {
    /// The fix line of a recorded trace, in the one shape recorders write,
    ///
    ///     <seconds>[.ddd] fix [-]<d{1,3}>.<decimals> [-]<d{1,3}>.<decimals> <accuracy>
    ///
    /// one space between words, at most 7 digits of seconds, 1 to 15
    /// decimals a coordinate, the accuracy `digits[.digits]` ending the line,
    /// read with whole-word loads and no per-byte loop for the common widths
    /// (issue 20 item 7: a trace line costs about a third of the general fast
    /// path). `nil` for any other line, which `cursorFixLine` then reads.
    ///
    /// Each value is the one `ByteScanner.scanDecimal` gives for the same
    /// bytes, by the same arithmetic (the digits as an exact integer below
    /// 2⁵³ divided by an exact power of ten, one correctly rounded division);
    /// FixLineTests compares the two over random lines. Every load stays
    /// inside the line.
    @inline(__always)
    static func recordedFixLine(_ line: UnsafeRawBufferPointer, lineNumber: Int) -> TimedFix? {
        var layout: UInt32 = 0
        return recordedFix(line, layout: &layout)?.timed(lineNumber: lineNumber)
    }

    /// `recordedFixLine`'s values, before a line number makes them a
    /// `TimedFix`; also sets `layout` to where its words end: the time's,
    /// the latitude's and the longitude's (their spaces) and the line's, a
    /// byte each from the lowest, and the `accuracyCopies` bit (`FixText`).
    @inline(__always)
    static func recordedFix(_ line: UnsafeRawBufferPointer, layout: inout UInt32) -> RecordedFix? {
        guard let (base, millis, start) = recordedTime(line) else { return nil }
        let end = line.count
        var i = start
        guard let latitude = recordedCoordinate(base, &i, end), latitude.magnitude <= 90 else { return nil }
        let latitudeEnd = i &- 1
        guard let longitude = recordedCoordinate(base, &i, end), longitude.magnitude <= 180 else { return nil }
        var accuracyCopies = false
        guard let accuracy = recordedAccuracy(base, i, end, copies: &accuracyCopies),
            accuracy <= accuracyRange.upperBound
        else { return nil }
        layout = fixLayout(latitude: start, latitudeEnd, longitudeEnd: i &- 1, end, accuracyCopies: accuracyCopies)
        return RecordedFix(
            time: Millis(millis), latitude: latitude, longitude: longitude, accuracy: accuracy,
            fixColumn: start &- 3)
    }

    /// The `FixText` layout of a recorded line whose latitude starts at
    /// `latitude`: where the time, the latitude and the longitude end (their
    /// spaces) and the line's end, a byte each from the lowest (each below
    /// 256: 11 bytes of time, below 0x80, whose byte's high bit says the
    /// accuracy's digits are the log's; 20 a coordinate, 16 the accuracy).
    @inline(__always)
    private static func fixLayout(
        latitude start: Int, _ latitudeEnd: Int, longitudeEnd: Int, _ end: Int, accuracyCopies: Bool
    ) -> UInt32 {
        UInt32(truncatingIfNeeded: start &- 5) | (accuracyCopies ? FixText.accuracyCopies : 0)
            | UInt32(truncatingIfNeeded: latitudeEnd) &<< 8 | UInt32(truncatingIfNeeded: longitudeEnd) &<< 16
            | UInt32(truncatingIfNeeded: end) &<< 24
    }

    /// `<seconds>[.ddd] fix ` opening a line of 15 bytes or more (no line
    /// of the recorded shape is shorter than `1 fix 1.0 1.0 1`): the line's
    /// bytes, the time in milliseconds and where the latitude starts; `nil`
    /// for any other start. 1 to 7 digits of seconds (8 would leave no room
    /// for what follows in the word); the loads below check their own room.
    @inline(__always)
    private static func recordedTime(_ line: UnsafeRawBufferPointer) -> (UnsafeRawPointer, Int64, Int)? {
        guard line.count >= 15, let base = line.baseAddress else { return nil }
        let head = ByteScanner.DigitWord(base, 0)
        let wholeDigits = head.leadingDigits
        guard wholeDigits >= 1, wholeDigits < 8 else { return nil }
        var millis = Int64(head.value(of: wholeDigits)) &* 1000
        var i = wholeDigits
        let afterWhole = base.load(fromByteOffset: i, as: UInt8.self)
        if afterWhole == UInt8(ascii: ".") {
            // `.ddd ` in one 32-bit load (i ≤ 7, so i + 5 ≤ 12 < 15).
            let word = UInt32(littleEndian: base.loadUnaligned(fromByteOffset: i &+ 1, as: UInt32.self)) ^ 0x2030_3030
            // Three digit values (each below 10) and, from the space, 0.
            guard (word &+ 0x0076_7676 | word) & 0x8080_8080 == 0, word >> 24 == 0 else { return nil }
            millis &+= Int64(word & 0xFF) &* 100 &+ Int64((word >> 8) & 0xFF) &* 10 &+ Int64((word >> 16) & 0xFF)
            i &+= 5
        } else if afterWhole == UInt8(ascii: " ") {
            i &+= 1
        } else {
            return nil
        }
        // `fix ` (i ≤ 12, so the load ends by 16; the line has 15 bytes at
        // least, so check the room).
        guard line.count &- i >= 4, base.loadUnaligned(fromByteOffset: i, as: UInt32.self) == fixAndSpace else {
            return nil
        }
        return (base, millis, i &+ 4)
    }

    /// A recorded fix line whose every number the log prints as it is
    /// written, so the text writer copies it whole (`FixText`, verbatim):
    ///
    ///     <seconds>[.ddd] fix [-]<d{1,3}>.<dddddd> [-]<d{1,3}>.<dddddd> <d{1,6}>
    ///
    /// the seconds, the degrees and the accuracy without a leading zero
    /// (but a lone `0`), the latitude's degrees below 90 and the
    /// longitude's below 180, not `-0.000000`. The time and the layout, or
    /// `nil` for any other line, which `recordedFix` then reads.
    ///
    /// Every such line is one `recordedFix` takes too, with the same time
    /// and layout; this reads no coordinate's value (its digits are only
    /// checked), so a replay that copies the line never converts them
    /// (`ReplayDriver.verbatimFix`), and `recordedFix` reads them from
    /// the line again if they are needed.
    @inline(__always)
    static func verbatimFix(_ line: UnsafeRawBufferPointer) -> (time: Millis, layout: UInt32)? {
        guard let (base, millis, start) = recordedTime(line) else { return nil }
        // No leading zero in the seconds (the log prints none).
        guard FixText.timeCopies(base, length: start &- 5) else { return nil }
        let end = line.count
        var i = start
        guard verbatimCoordinate(base, &i, end, below: 90) else { return nil }
        let latitudeEnd = i &- 1
        guard verbatimCoordinate(base, &i, end, below: 180) else { return nil }
        // 1 to 6 digits end the line, the first not `0` unless alone: at
        // most 999,999 m, inside `accuracyRange`. The line has 25 bytes at
        // least, so its last word is inside it.
        let count = end &- i
        guard count >= 1, count <= 6, count == 1 || base.load(fromByteOffset: i, as: UInt8.self) != UInt8(ascii: "0")
        else { return nil }
        let last = ByteScanner.DigitWord(base, end &- 8)
        guard last.trailingDigits >= count else { return nil }
        return (
            Millis(millis), fixLayout(latitude: start, latitudeEnd, longitudeEnd: i &- 1, end, accuracyCopies: true)
        )
    }

    /// `[-]<d{1,3}>.<dddddd>` and the space after it, from `i`, which moves
    /// past the space, with what `verbatimFix` asks of a coordinate: its
    /// degrees below `limit`, no leading zero, not `-0.000000`.
    @inline(__always)
    private static func verbatimCoordinate(_ base: UnsafeRawPointer, _ i: inout Int, _ end: Int, below limit: UInt64)
        -> Bool
    {
        var p = i
        let negative = base.load(fromByteOffset: p, as: UInt8.self) == UInt8(ascii: "-")
        if negative { p &+= 1 }
        // The degrees, the dot, six decimals, the space and a byte after it: 16 bytes at most.
        guard end &- p >= 10 else { return false }
        let whole = ByteScanner.DigitWord(base, p)
        let wholeDigits = whole.leadingDigits
        guard wholeDigits >= 1, wholeDigits <= 3, whole.byte(wholeDigits) == UInt8(ascii: "."),
            wholeDigits == 1 || whole.byte(0) != UInt8(ascii: "0")
        else { return false }
        let degrees = whole.smallValue(of: wholeDigits)
        p &+= wholeDigits &+ 1
        guard degrees < limit, end &- p >= 8 else { return false }
        let fraction = ByteScanner.DigitWord(base, p)
        guard fraction.leadingDigits == 6, fraction.byte(6) == UInt8(ascii: " "),
            !negative || degrees != 0 || !fraction.isZero(6)
        else { return false }
        i = p &+ 7
        return true
    }

    /// `fix ` as a little-endian word.
    static let fixAndSpace = UInt32(littleEndian: 0x2078_6966)

    /// `[-]<d{1,3}>.<1…15 decimals>` and the one space after it, from `i`,
    /// which moves past the space; `nil` for anything else or too little room.
    @inline(__always)
    private static func recordedCoordinate(_ base: UnsafeRawPointer, _ i: inout Int, _ end: Int) -> Double? {
        var p = i
        let negative = base.load(fromByteOffset: p, as: UInt8.self) == UInt8(ascii: "-")
        if negative { p &+= 1 }
        guard end &- p >= 8 else { return nil }
        let whole = ByteScanner.DigitWord(base, p)
        let wholeDigits = whole.leadingDigits
        guard wholeDigits >= 1, wholeDigits <= 3, whole.byte(wholeDigits) == UInt8(ascii: ".") else { return nil }
        p &+= wholeDigits &+ 1
        guard end &- p >= 8 else { return nil }
        let fraction = ByteScanner.DigitWord(base, p)
        var decimals = fraction.leadingDigits
        guard decimals >= 1 else { return nil }
        var mantissa =
            UInt64(whole.value(of: wholeDigits)) &* ByteScanner.powerOfTen(decimals) &+ fraction.value(of: decimals)
        p &+= decimals
        // Past eight decimals, byte by byte (rare: recorders write 6 or 7).
        while decimals >= 8, p < end {
            let d = base.load(fromByteOffset: p, as: UInt8.self) &- UInt8(ascii: "0")
            if d >= 10 { break }
            guard decimals < 15 else { return nil }
            mantissa = mantissa &* 10 &+ UInt64(d)
            decimals &+= 1
            p &+= 1
        }
        // The space, and a word after it.
        guard end &- p >= 2, base.load(fromByteOffset: p, as: UInt8.self) == UInt8(ascii: " ") else { return nil }
        i = p &+ 1
        // Below 10¹⁸ (18 digits at most) but it must be below 2⁵³ to be exact.
        guard mantissa < 1 << 53 else { return nil }
        let magnitude = Double(mantissa) / ByteScanner.doublePowerOfTen(decimals)
        return negative ? -magnitude : magnitude
    }

    /// `digits[.digits]` (1 to 15 digits in all) from `i` to the line's end;
    /// `copies` is set when it is 1 to 8 digits without a `.` or a leading
    /// zero (but a lone `0`): the log's `±<m>` is then its text (`FixText`).
    @inline(__always)
    private static func recordedAccuracy(_ base: UnsafeRawPointer, _ i: Int, _ end: Int, copies: inout Bool)
        -> Double?
    {
        guard end &- i <= 16 else { return nil }  // at most 16 digits: no wrap below
        var p = i
        var mantissa: UInt64 = 0
        while p < end {
            let d = base.load(fromByteOffset: p, as: UInt8.self) &- UInt8(ascii: "0")
            if d >= 10 { break }
            mantissa = mantissa &* 10 &+ UInt64(d)
            p &+= 1
        }
        let wholeDigits = p &- i
        if p == end {
            // Whole meters, the common case.
            guard wholeDigits >= 1, wholeDigits <= 15 else { return nil }
            copies =
                wholeDigits <= 8
                && (wholeDigits == 1 || base.load(fromByteOffset: i, as: UInt8.self) != UInt8(ascii: "0"))
            return Double(Int64(bitPattern: mantissa))
        }
        guard base.load(fromByteOffset: p, as: UInt8.self) == UInt8(ascii: ".") else { return nil }
        p &+= 1
        let fractionStart = p
        while p < end {
            let d = base.load(fromByteOffset: p, as: UInt8.self) &- UInt8(ascii: "0")
            guard d < 10 else { return nil }
            mantissa = mantissa &* 10 &+ UInt64(d)
            p &+= 1
        }
        let decimals = p &- fractionStart
        let digits = wholeDigits &+ decimals
        guard digits >= 1, digits <= 15 else { return nil }
        let value = Double(Int64(bitPattern: mantissa))
        return decimals == 0 ? value : value / ByteScanner.doublePowerOfTen(decimals)
    }
}

/// A recorded fix line's numbers (`ScenarioParser.recordedFix`): what a
/// `TimedFix` of it holds but its line, and nothing it never has (speed,
/// course, altitude), few enough words to be returned in registers.
struct RecordedFix {
    var time: Millis
    var latitude: Double
    var longitude: Double
    var accuracy: Double
    /// The column of `fix`; the latitude starts 4 after it.
    var fixColumn: Int

    var location: Location { Location(Coordinate(latitude: latitude, longitude: longitude), accuracy: accuracy) }

    @inline(__always)
    func timed(lineNumber: Int) -> TimedFix {
        TimedFix(
            time: time, fix: Fix(location),
            location: SourceLocation(line: lineNumber, column: fixColumn), argumentColumn: fixColumn &+ 4)
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
            bytes.loadUnaligned(fromByteOffset: position, as: UInt32.self) == ScenarioParser.fixAndSpace
        else { return false }
        return endWord(at: position + 3)
    }

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
