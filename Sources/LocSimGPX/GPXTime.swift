import LocSimKit

/// ISO 8601 date-times as GPX writes them (`xsd:dateTime`), to milliseconds
/// since 1970-01-01T00:00:00Z.
///
/// Parsed by hand rather than with `DateFormatter` or `ISO8601DateFormatter`:
/// no locale, calendar or time-zone database takes part, so every machine
/// reads the same instant. Accepted: `YYYY-MM-DDThh:mm:ss`, an optional
/// fraction (digits past milliseconds are cut off, not rounded), and `Z`,
/// `±hh:mm`, `±hhmm` or nothing (UTC).
enum GPXTime {
    /// The instant `text` names, or `nil` when it is not such a date-time.
    static func milliseconds(_ text: some StringProtocol) -> Int64? {
        var copy = String(text)
        return copy.withUTF8 { milliseconds($0) }
    }

    /// `milliseconds(_:)` of UTF-8 text.
    static func milliseconds(_ b: UnsafeBufferPointer<UInt8>) -> Int64? {
        var i = 0
        @inline(__always) func number(_ count: Int) -> Int64? {
            guard i + count <= b.count else { return nil }
            var n: Int64 = 0
            for k in i..<(i + count) {
                let d = b[k] &- UInt8(ascii: "0")
                guard d < 10 else { return nil }
                n = n * 10 + Int64(d)
            }
            i += count
            return n
        }
        @inline(__always) func expect(_ c: UInt8) -> Bool {
            guard i < b.count, b[i] == c else { return false }
            i += 1
            return true
        }
        guard let year = number(4), expect(UInt8(ascii: "-")), let month = number(2), expect(UInt8(ascii: "-")),
            let day = number(2), expect(UInt8(ascii: "T")), let hour = number(2), expect(UInt8(ascii: ":")),
            let minute = number(2), expect(UInt8(ascii: ":")), let second = number(2)
        else { return nil }
        guard (1...12).contains(month), day >= 1, day <= daysIn(month, of: year), hour <= 24, minute <= 59,
            second <= 60, hour < 24 || (minute == 0 && second == 0)
        else { return nil }
        var millis: Int64 = 0
        if expect(UInt8(ascii: ".")) {
            var digits = 0
            while i < b.count, b[i] &- UInt8(ascii: "0") < 10 {
                if digits < 3 { millis = millis * 10 + Int64(b[i] - UInt8(ascii: "0")) }
                digits += 1
                i += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits..<max(digits, 3) { millis *= 10 }
        }
        var offsetMinutes: Int64 = 0
        if expect(UInt8(ascii: "Z")) {
        } else if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
            let sign: Int64 = b[i] == UInt8(ascii: "-") ? -1 : 1
            i += 1
            guard let h = number(2) else { return nil }
            _ = expect(UInt8(ascii: ":"))
            guard let m = number(2), h <= 14, m <= 59 else { return nil }
            offsetMinutes = sign * (h * 60 + m)
        }
        guard i == b.count else { return nil }
        // A leap second (:60) counts as the next second's start, as POSIX time does.
        let seconds = daysFromCivil(year, month, day) * 86_400 + hour * 3600 + minute * 60 + second
        return (seconds - offsetMinutes * 60) * 1000 + millis
    }

    private static func daysIn(_ month: Int64, of year: Int64) -> Int64 {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (Howard
    /// Hinnant's `days_from_civil`).
    private static func daysFromCivil(_ year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
