/// Number and string formatting for the log writers, straight into bytes.
///
/// The log must be byte-stable (STYLE habit 8) and fast (habit 9), so numbers
/// are printed as fixed-point integers by hand: no `description`, no
/// interpolation, no locale.
package enum LogBytes {
    package static let space = UInt8(ascii: " ")
    package static let newline = UInt8(ascii: "\n")
    package static let quote = UInt8(ascii: "\"")
    package static let backslash = UInt8(ascii: "\\")
    package static let comma = UInt8(ascii: ",")
    package static let colon = UInt8(ascii: ":")
    package static let equals = UInt8(ascii: "=")
    package static let dot = UInt8(ascii: ".")
    package static let minus = UInt8(ascii: "-")

    /// `value` rounded half away from zero to a whole number, as an `Int64`.
    ///
    /// Saturates instead of trapping: NaN gives 0 and values beyond the
    /// `Int64` range give its bounds. The parser does not produce such values;
    /// this only keeps a writer from crashing on one (SPEC §3: a trap is a defect).
    @inline(__always)
    package static func roundedInteger(_ value: Double) -> Int64 {
        // Below 2⁵² in magnitude, by hand rather than a call to libm's
        // `round`: truncate, then look at the fraction, which `value - t`
        // gives exactly (Sterbenz). Larger values are whole already.
        if value.magnitude < 0x1p52 {
            let t = Int64(value)
            let fraction = value - Double(t)
            return fraction >= 0.5 ? t &+ 1 : fraction <= -0.5 ? t &- 1 : t
        }
        let r = value.rounded(.toNearestOrAwayFromZero)
        if r.isNaN { return 0 }
        if r >= 0x1p63 { return .max }
        if r < -0x1p63 { return .min }
        return Int64(r)
    }

    // Every number is stored through a pointer into room the caller made
    // (`ByteBuffer.appendStored`): a whole log line then checks its room
    // once, and the count is written back once, not after every digit.
    // Stores are 8-byte words, so up to 8 bytes past the number's end may be
    // overwritten (the `maximum` each caller gives includes that slack).

    /// Appends `n` in decimal, with a `-` when it is negative.
    @inline(__always)
    package static func appendInteger(_ n: Int64, to bytes: inout ByteBuffer) {
        bytes.appendStored(maximum: maxIntegerLength) { storeInteger(n, at: $0) }
    }

    /// Appends a time as seconds with exactly three decimals: `12.500`
    /// (the text of `Millis.description`).
    @inline(__always)
    package static func appendSeconds(_ time: Millis, to bytes: inout ByteBuffer) {
        bytes.appendStored(maximum: maxSecondsLength) { storeSeconds(time, at: $0) }
    }

    /// Appends `degrees` with exactly six decimals (`storeFixed6`).
    @inline(__always)
    static func appendFixed6(_ degrees: Double, to bytes: inout ByteBuffer) {
        bytes.appendStored(maximum: maxFixed6Length) { storeFixed6(degrees, at: $0) }
    }

    /// Appends meters rounded to a whole number (half away from zero).
    @inline(__always)
    static func appendWholeMeters(_ meters: Double, to bytes: inout ByteBuffer) {
        appendInteger(roundedInteger(meters), to: &bytes)
    }

    /// Appends `value` rounded to tenths (half away from zero) with exactly
    /// one decimal: `92.5`, `-1.0` (headings, docs/log-format.md).
    static func appendTenths(_ value: Double, to bytes: inout ByteBuffer) {
        let tenths = roundedInteger(value * 10)
        if tenths < 0 { bytes.append(minus) }
        let magnitude = tenths.magnitude
        appendInteger(Int64(magnitude / 10), to: &bytes)
        bytes.append(dot)
        bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
    }

    /// The most bytes each `store…` writes, its 8 bytes of slack included.
    static let maxIntegerLength = 20 + 8
    static let maxSecondsLength = 24 + 8
    static let maxFixed6Length = 21 + 8

    /// Stores `n` in decimal, with a `-` when it is negative; returns the length.
    @inline(__always)
    static func storeInteger(_ n: Int64, at p: UnsafeMutableRawPointer) -> Int {
        if n >= 0 { return storeUnsigned(n.magnitude, at: p) }
        p.storeBytes(of: minus, as: UInt8.self)
        return 1 &+ storeUnsigned(n.magnitude, at: p + 1)
    }

    /// Stores the decimal digits of `n`, up to 8 in one store; returns how many.
    @inline(__always)
    static func storeUnsigned(_ n: UInt64, at p: UnsafeMutableRawPointer) -> Int {
        if n < 10 {
            p.storeBytes(of: UInt8(truncatingIfNeeded: n &+ 48), as: UInt8.self)
            return 1
        }
        if n < 100_000_000 { return storeUpToEightDigits(n, at: p) }
        return storeLargeUnsigned(n, at: p)
    }

    /// Stores `n` (10 ≤ n < 10⁸) in one store; returns how many digits.
    @inline(__always)
    private static func storeUpToEightDigits(_ n: UInt64, at p: UnsafeMutableRawPointer) -> Int {
        let count =
            n < 10_000
            ? (n < 100 ? 2 : n < 1000 ? 3 : 4)
            : (n < 100_000 ? 5 : n < 1_000_000 ? 6 : n < 10_000_000 ? 7 : 8)
        p.storeBytes(of: (eightDigits(n) >> UInt64(8 &* (8 &- count))).littleEndian, as: UInt64.self)
        return count
    }

    /// Stores `n` ≥ 10⁸: the digits above the last eight, then those.
    @inline(never)
    private static func storeLargeUnsigned(_ n: UInt64, at p: UnsafeMutableRawPointer) -> Int {
        let head = storeUnsigned(n / 100_000_000, at: p)
        (p + head).storeBytes(of: eightDigits(n % 100_000_000).littleEndian, as: UInt64.self)
        return head &+ 8
    }

    /// The 8 decimal digits of `n` < 10⁸ (zero-padded) as ASCII, the most
    /// significant digit in the lowest byte, computed without a loop: split
    /// into two 4-digit lanes, then 2-digit, then 1-digit lanes, with
    /// multiply-shift division (the SWAR method Lemire describes).
    @inline(__always)
    static func eightDigits(_ n: UInt64) -> UInt64 {
        let merged = (n / 10000) | ((n % 10000) << 32)
        let top = ((merged &* 10486) >> 20) & ((0x7F << 32) | 0x7F)  // ÷ 100 in each lane
        let bottom = merged &- 100 &* top
        let hundreds = (bottom << 16) &+ top
        var tens = ((hundreds &* 103) >> 10) & ((0xF << 48) | (0xF << 32) | (0xF << 16) | 0xF)  // ÷ 10
        tens = tens &+ ((hundreds &- 10 &* tens) << 8)
        return tens &+ 0x3030_3030_3030_3030
    }

    /// `.` and the six decimal digits of `fraction` (< 10⁶, zero-padded),
    /// as a word to store.
    @inline(__always)
    private static func sixDecimalsWord(_ fraction: UInt64) -> UInt64 {
        (eightDigits(fraction) >> 16) << 8 | UInt64(dot)
    }

    /// Stores a time as seconds with exactly three decimals; returns the length.
    @inline(__always)
    static func storeSeconds(_ time: Millis, at p: UnsafeMutableRawPointer) -> Int {
        let value = time.value
        var n = 0
        if value < 0 {
            p.storeBytes(of: minus, as: UInt8.self)
            n = 1
        }
        let m = value.magnitude
        let seconds = m / 1000
        n &+= storeUnsigned(seconds, at: p + n)
        (p + n).storeBytes(of: millisWord(m &- seconds &* 1000).littleEndian, as: UInt64.self)
        return n &+ 4
    }

    /// `.` and the three digits of `millis` (< 1000) as a word to store, by
    /// multiply-shift division (exact below 1000; TextLogWriterTests).
    @inline(__always)
    static func millisWord(_ millis: UInt64) -> UInt64 {
        let hundreds = (millis &* 41) &>> 12
        let rest = millis &- 100 &* hundreds
        let tens = (rest &* 103) &>> 10
        let ones = rest &- 10 &* tens
        return UInt64(dot) | (hundreds | tens &<< 8 | ones &<< 16 | 0x30_3030) &<< 8
    }

    /// Stores `degrees` with exactly six decimals: `35.681200`, `-0.118000`;
    /// returns the length.
    ///
    /// The value is `degrees × 10⁶` rounded half away from zero, computed in
    /// double precision, so `0.0000005` prints `0.000001`. A `-` is printed
    /// only when that rounded integer is negative: `-0.0000004` prints
    /// `0.000000`, never `-0.000000`.
    @inline(__always)
    static func storeFixed6(_ degrees: Double, at p: UnsafeMutableRawPointer) -> Int {
        let micro = roundedInteger(degrees * 1e6)
        var n = 0
        if micro < 0 {
            p.storeBytes(of: minus, as: UInt8.self)
            n = 1
        }
        let m = micro.magnitude
        if m < 1_000_000_000 { return n &+ storeBelowThousand(m, at: p + n) }
        n &+= storeUnsigned(m / 1_000_000, at: p + n)
        (p + n).storeBytes(of: sixDecimalsWord(m % 1_000_000).littleEndian, as: UInt64.self)
        return n &+ 7
    }

    /// `storeFixed6` for `micro` < 10⁹, every latitude and longitude: the
    /// last eight digits in one `eightDigits`, the dot put in by shifts, and
    /// the hundreds digit of the degrees, if any, stored before them.
    @inline(__always)
    private static func storeBelowThousand(_ micro: UInt64, at p: UnsafeMutableRawPointer) -> Int {
        let hundreds = micro / 100_000_000
        let digits = eightDigits(micro &- hundreds &* 100_000_000)  // the first in the lowest byte
        if micro < 10_000_000 {
            // One digit before the dot: the second byte, `.`, the last six.
            let word = (digits &>> 8) & 0xFF | UInt64(dot) &<< 8 | (digits &>> 16) &<< 16
            p.storeBytes(of: word.littleEndian, as: UInt64.self)
            return 8
        }
        // Two digits before the dot (after the hundreds digit, if any).
        var q = p
        if micro >= 100_000_000 {
            q.storeBytes(of: UInt8(truncatingIfNeeded: hundreds &+ 48), as: UInt8.self)
            q += 1
        }
        let word = digits & 0xFFFF | UInt64(dot) &<< 16 | (digits &>> 16) &<< 24
        q.storeBytes(of: word.littleEndian, as: UInt64.self)
        (q + 8).storeBytes(of: UInt8(truncatingIfNeeded: digits &>> 56), as: UInt8.self)
        return micro >= 100_000_000 ? 10 : 9
    }

    /// Appends `"text"` as the text log quotes it: `\"` and `\\` escaped,
    /// every other byte unchanged (the scenario syntax has only these two
    /// escapes, so a quoted log string reads back as a scenario string).
    /// True when `s` reads back as one bare word of a scenario and of a
    /// log line: not empty, not `nil` (the log's word for no region), and no
    /// space, tab, `"`, `#` (a comment in a scenario) or `=` (a `key=value`
    /// field in the log).
    static func isPlainWord(_ s: String) -> Bool {
        guard !s.isEmpty, s != "nil" else { return false }
        for byte in s.utf8 {
            switch byte {
            case space, 0x09, quote, UInt8(ascii: "#"), equals: return false
            default: continue
            }
        }
        return true
    }

    static func appendTextQuoted(_ s: String, to bytes: inout ByteBuffer) {
        bytes.append(quote)
        for byte in s.utf8 {
            if byte == quote || byte == backslash { bytes.append(backslash) }
            bytes.append(byte)
        }
        bytes.append(quote)
    }

    /// Appends `s` as a JSON string literal (RFC 8259): `"` and `\` escaped
    /// with a backslash, control characters as `\u00XX`; everything else,
    /// including non-ASCII UTF-8, unchanged.
    package static func appendJSONString(_ s: String, to bytes: inout ByteBuffer) {
        bytes.append(quote)
        var text = s
        text.withUTF8 { utf8 in
            // Copy runs that need no escape in one go.
            var start = 0
            for i in 0..<utf8.count {
                let byte = utf8[i]
                guard byte == quote || byte == backslash || byte < 0x20 else { continue }
                bytes.append(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: utf8[start..<i])))
                if byte < 0x20 {
                    // `\u00XX`: backslash, u, 0, 0, then two lowercase hex digits.
                    let high = UInt64(byte >> 4) &+ 48
                    let low = UInt64(byte & 0xF)
                    let lowDigit = low < 10 ? low &+ 48 : low &+ 87
                    bytes.appendPacked(0x3030_755C | high << 32 | lowDigit << 40, count: 6)
                } else {
                    bytes.append(backslash)
                    bytes.append(byte)
                }
                start = i + 1
            }
            bytes.append(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: utf8[start..<utf8.count])))
        }
        bytes.append(quote)
    }
}
