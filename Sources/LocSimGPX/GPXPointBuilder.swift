import LocSimKit

/// What a GPX point's element and children mean (docs/gpx.md), shared by
/// both readers (`GPXDocument` over FoundationXML, `GPXFastReader` over
/// bytes) so they cannot disagree: each hands over the text it read and
/// where, and gets back the point or the error to report.
struct GPXPointBuilder {
    /// The children of a point that locsim reads; others (`name`, `sat`,
    /// `extensions`, …) are skipped with their content.
    enum Child: String {
        case ele, time, hdop, speed, course

        /// The child an element's local name (UTF-8) names, if any.
        init?(_ name: UnsafeBufferPointer<UInt8>) {
            let equal = GPXFastReader.equal
            switch name.count {
            case 3: if equal(name, "ele") { self = .ele } else { return nil }
            case 4:
                if equal(name, "time") { self = .time } else if equal(name, "hdop") { self = .hdop } else { return nil }
            case 5: if equal(name, "speed") { self = .speed } else { return nil }
            case 6: if equal(name, "course") { self = .course } else { return nil }
            default: return nil
            }
        }
    }

    /// The point being read; whole once `end()` accepts it.
    private(set) var point = GPXPoint(
        offset: .zero, latitude: "", longitude: "", location: SourceLocation(line: 1, column: 1))
    private var time: Int64?
    private var spacing = GPXSpacing()

    /// A point element starts at `location` with these `lat` and `lon`
    /// attribute values (`nil` when missing; `name` is the element's name).
    mutating func start(_ name: String, lat: String?, lon: String?, at location: SourceLocation) -> TrackError? {
        time = nil
        point = GPXPoint(offset: .zero, latitude: "", longitude: "", location: location)
        guard let lat, let lon else {
            return TrackError("<\(name)> needs both lat and lon attributes", at: location)
        }
        point.latitude = Self.trimmed(lat)
        point.longitude = Self.trimmed(lon)
        guard let latitude = ScenarioParser.decimal(point.latitude), (-90...90).contains(latitude) else {
            return TrackError("latitude '\(Self.quoted(lat))' is not a decimal number from -90 to 90", at: location)
        }
        guard let longitude = ScenarioParser.decimal(point.longitude), (-180...180).contains(longitude) else {
            return TrackError("longitude '\(Self.quoted(lon))' is not a decimal number from -180 to 180", at: location)
        }
        return nil
    }

    /// The text of the point's child `kind`, untrimmed, whose element starts at `location`.
    mutating func value(_ kind: Child, _ text: String, at location: SourceLocation) -> TrackError? {
        if text.utf8.count > Self.maxValueBytes { return Self.tooLong(kind, text, at: location) }
        var value = Self.trimmed(text)
        return value.withUTF8 { trimmedValue(kind, $0, at: location) }
    }

    /// `value(_:_:at:)` for the text's UTF-8 bytes: a `String` is made only
    /// for a number, which is printed as written (a time is read from the bytes).
    mutating func value(_ kind: Child, bytes: UnsafeBufferPointer<UInt8>, at location: SourceLocation) -> TrackError? {
        if bytes.count > Self.maxValueBytes {
            return Self.tooLong(kind, String(decoding: bytes.prefix(Self.quoteLength + 4), as: UTF8.self), at: location)
        }
        if Self.isTrimmed(bytes.first, bytes.last) { return trimmedValue(kind, bytes, at: location) }
        guard let trimmed = Self.trimmedASCII(bytes) else {
            return value(kind, String(decoding: bytes, as: UTF8.self), at: location)
        }
        return trimmedValue(kind, UnsafeBufferPointer(rebasing: bytes[trimmed]), at: location)
    }

    /// The trimmed text `bytes` of the point's child `kind`.
    private mutating func trimmedValue(
        _ kind: Child, _ bytes: UnsafeBufferPointer<UInt8>, at location: SourceLocation
    ) -> TrackError? {
        if kind == .time {
            guard let ms = GPXTime.milliseconds(bytes) else {
                let value = Self.quoted(String(decoding: bytes, as: UTF8.self))
                return TrackError(
                    "time '\(value)' is not an ISO 8601 date-time like 2024-05-01T07:00:00Z", at: location)
            }
            time = ms
            return nil
        }
        let number = ByteScanner.decimal(UnsafeRawBufferPointer(bytes), 0, bytes.count)
        if kind == .hdop {
            // hdop × 5 m must be an accuracy a fix line takes (≤ 1,000 km).
            guard let hdop = number, hdop >= 0, hdop <= Self.maxHDOP else {
                let value = Self.quoted(String(decoding: bytes, as: UTF8.self))
                return TrackError(
                    "hdop '\(value)' is not a decimal number from 0 to \(Int(Self.maxHDOP)) (an accuracy of at most \(Int(ScenarioParser.trackAccuracyLimit)) m)",
                    at: location)
            }
            point.accuracy = Self.meters(hdop * GPXPoint.metersPerHDOP)
            return nil
        }
        let value = String(decoding: bytes, as: UTF8.self)
        guard let number else {
            return TrackError("\(kind.rawValue) '\(Self.quoted(value))' is not a decimal number", at: location)
        }
        guard number.magnitude <= ScenarioParser.trackMagnitudeLimit else {
            return TrackError(
                "\(kind.rawValue) '\(Self.quoted(value))' is too large; expected at most 1e15 in magnitude",
                at: location)
        }
        switch kind {
        case .ele: point.altitude = value
        case .speed: point.speed = value
        case .course: point.course = value
        case .time, .hdop: break
        }
        return nil
    }

    /// The point element ended: `nil` when `point` is whole and placed in
    /// time, else why not.
    mutating func end() -> TrackError? {
        // The point's `fix` line must fit a scenario line, so that what
        // `locsim gpx` prints replays (issue 20): numbers of tens of
        // thousands of digits are refused here, for `gpx` lines too.
        let length =
            Self.fixLineOverhead + point.latitude.utf8.count + point.longitude.utf8.count
            + (point.accuracy?.utf8.count ?? 0) + (point.speed?.utf8.count ?? 0) + (point.course?.utf8.count ?? 0)
            + (point.altitude?.utf8.count ?? 0)
        if length > LineReader.maxLineLength {
            return TrackError(
                "this point's fix line would be \(length) bytes, longer than a scenario line may be (\(LineReader.maxLineLength)); write its numbers with fewer digits",
                at: point.location)
        }
        switch spacing.offset(at: time) {
        case .success(let offset): point.offset = offset
        case .failure(let error): return TrackError(error.message, at: point.location)
        }
        return nil
    }

    /// The longest text of a child read (`<time>`, `<ele>`, …): a longer
    /// one is an error at the child, and its readers stop collecting it
    /// (issue 31: a 200 MB `<time>` cost 3.85 GB). As long as a scenario
    /// line: a longer number cannot be in a `fix` line, and a time is
    /// about 30 bytes.
    static let maxValueBytes = LineReader.maxLineLength

    /// Bytes of a value quoted in a message; a longer one is cut, with `…`.
    static let quoteLength = 60

    /// `text` as a message quotes it: cut at `length` bytes (on a
    /// character's boundary) and ended with `…`, as `check` quotes a
    /// scenario's words, so a message stays one short line.
    static func quoted(_ text: String, length: Int = quoteLength) -> String {
        guard text.utf8.count > length else { return text }
        let start = Array(text.utf8.prefix(length + 1))
        var cut = length
        while cut > 0 && UTF8.isContinuation(start[cut]) { cut -= 1 }
        return String(decoding: start[..<cut], as: UTF8.self) + "…"
    }

    /// The error for a child's text longer than `maxValueBytes`; `start` is its first bytes.
    static func tooLong(_ kind: Child, _ start: String, at location: SourceLocation) -> TrackError {
        TrackError(
            "\(kind.rawValue) '\(quoted(start))' is longer than \(maxValueBytes) bytes; locsim reads a value of at most that",
            at: location)
    }

    /// A fix line's bytes besides its numbers, with the longest time
    /// (`1000000000000.000`): ` fix `, the spaces and `speed=` `course=` `alt=`.
    static let fixLineOverhead = 17 + 5 + 1 + 1 + 7 + 8 + 5

    /// The largest `<hdop>`: × `metersPerHDOP` it is the largest accuracy.
    static let maxHDOP = ScenarioParser.trackAccuracyLimit / GPXPoint.metersPerHDOP

    /// Meters with at most two decimals and no trailing zeros (`6.5`, `12`);
    /// `value` is 0 or more.
    static func meters(_ value: Double) -> String {
        // Written as bytes, from the right: this runs for every point with an `hdop`.
        var cents = UInt64((value * 100).rounded())
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        return withUnsafeMutableBytes(of: &digits) { buffer in
            var start = buffer.count
            let hundredths = cents % 10
            let tenths = cents / 10 % 10
            if hundredths != 0 || tenths != 0 {
                if hundredths != 0 {
                    start -= 1
                    buffer[start] = UInt8(48 + hundredths)
                }
                start -= 2
                buffer[start] = UInt8(ascii: ".")
                buffer[start + 1] = UInt8(48 + tenths)
            }
            cents /= 100
            repeat {
                start -= 1
                buffer[start] = UInt8(48 + cents % 10)
                cents /= 10
            } while cents > 0
            return String(decoding: buffer[start...], as: UTF8.self)
        }
    }

    /// `s` without spaces, tabs and line ends at either end, as
    /// `Character`s: a CR LF pair is one, and a space followed by a
    /// combining mark is not a space. Bytes when that cannot matter (ASCII
    /// without CR), the common case.
    static func trimmed(_ s: String) -> String {
        var copy = s
        if copy.withUTF8({ isTrimmed($0.first, $0.last) }) { return s }
        let ascii: String?? = copy.withUTF8 { bytes in
            guard let range = trimmedASCII(bytes) else { return nil }
            if range.count == bytes.count { return .some(nil) }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }
        switch ascii {
        case .some(.some(let trimmed)): return trimmed
        case .some(.none): return s
        case .none: break
        }
        let isSpace = { (c: Character) in c == " " || c == "\t" || c == "\n" || c == "\r" }
        guard let first = s.firstIndex(where: { !isSpace($0) }), let last = s.lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(s[first...last])
    }

    /// Whether text that starts with `first` and ends with `last` has
    /// nothing to trim: both are ASCII and not white space, so neither
    /// end's `Character` is white space.
    static func isTrimmed(_ first: UInt8?, _ last: UInt8?) -> Bool {
        guard let first, let last else { return false }
        return first > 0x20 && first < 0x80 && last > 0x20 && last < 0x80
    }

    /// The range of `bytes` without spaces, tabs and line feeds at either
    /// end; `nil` unless they are ASCII without CR (then `trimmed` works on
    /// `Character`s).
    static func trimmedASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        var first = bytes.count
        var last = -1
        for k in 0..<bytes.count {
            let b = bytes[k]
            if b >= 0x80 || b == 0x0D { return nil }
            if b != 0x20 && b != 0x09 && b != 0x0A {
                if first == bytes.count { first = k }
                last = k
            }
        }
        return first <= last ? first..<(last + 1) : 0..<0
    }
}
