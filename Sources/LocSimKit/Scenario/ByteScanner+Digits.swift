#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Byte-level parsers of the numbers SPEC §1 writes, on a line's bytes.
///
/// These run several times for every line of a trace (the time, the
/// coordinates, the accuracy), so they read a number in one pass, eight
/// digits at a time where the line has room; `ByteScanner+Numbers` turns
/// their `nil`s into messages.
extension ByteScanner {
    /// Parses `digits[.ddd]` (at most 3 decimals, at most `maxSeconds`) in
    /// milliseconds, in one pass; `nil` for anything else, which `seconds`
    /// then explains. Every time of a trace goes through here.
    @inline(__always)
    static func plainSeconds(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> Millis? {
        let (stop, value) = scanSeconds(bytes, start, end)
        return stop == end ? value : nil
    }

    /// Reads `digits[.ddd]` from `start` up to the first byte that cannot
    /// continue it (or `limit`); returns where it stopped and the time, `nil`
    /// when there is no digit, a fourth decimal or more than `maxSeconds`
    /// (the whole value: `maxSeconds` and one millisecond is too much).
    @inline(__always)
    static func scanSeconds(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ limit: Int) -> (Int, Millis?) {
        guard let base = bytes.baseAddress else { return (start, nil) }
        var i = start
        var whole: Int64 = 0
        while i < limit {
            let d = base.load(fromByteOffset: i, as: UInt8.self) &- UInt8(ascii: "0")
            if d >= 10 { break }
            whole = whole &* 10 &+ Int64(d)  // no overflow: at most maxSeconds before this digit
            if whole > maxSeconds { return (i, nil) }
            i &+= 1
        }
        var digits = i &- start
        var millis = whole &* 1000
        if i < limit && base.load(fromByteOffset: i, as: UInt8.self) == UInt8(ascii: ".") {
            i &+= 1
            var scale: Int64 = 100
            while i < limit {
                let d = base.load(fromByteOffset: i, as: UInt8.self) &- UInt8(ascii: "0")
                if d >= 10 { break }
                if scale == 0 { return (i, nil) }  // a fourth decimal
                millis &+= Int64(d) &* scale
                scale /= 10
                digits &+= 1
                i &+= 1
            }
        }
        // `maxSeconds` bounds the whole value, decimals included.
        return (i, digits > 0 && millis <= maxSeconds &* 1000 ? Millis(millis) : nil)
    }

    @inline(__always) static func digit(_ b: UInt8) -> Int64? {
        let d = b &- UInt8(ascii: "0")
        return d < 10 ? Int64(d) : nil
    }

    /// Parses `[+-]digits[.digits]` (or `.digits`, `digits.`) exactly as
    /// `strtod` would round it; `nil` if the bytes are anything else.
    @inline(__always) package static func decimal(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> Double?
    {
        let (stop, value) = scanDecimal(bytes, start, end)
        return stop == end ? value : nil
    }

    /// Reads a decimal number from `start` up to the first byte that cannot
    /// continue it (or `limit`); returns where it stopped and the value, `nil`
    /// if no digit was read.
    ///
    /// While there are at most 19 digits and they fit below 2^53, the value
    /// is one division of two exactly representable doubles, hence correctly
    /// rounded (Clinger's fast path); longer numbers go through `strtod`,
    /// also correctly rounded.
    @inline(__always)
    static func scanDecimal(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ limit: Int) -> (Int, Double?) {
        guard let base = bytes.baseAddress else { return (start, nil) }
        var i = start
        var negative = false
        if i < limit {
            let sign = base.load(fromByteOffset: i, as: UInt8.self)
            if sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
                negative = sign == UInt8(ascii: "-")
                i += 1
            }
        }
        // The integer and the fraction digits are read into two values, so
        // the two reads do not wait on each other; digits wrap silently past
        // 19 of them, and such values are never used.
        var whole: UInt64 = 0
        var fraction: UInt64 = 0
        let integerStart = i
        i = digitRun(base, from: i, limit, into: &whole)
        var digits = i - integerStart
        var decimals = 0
        if i < limit && base.load(fromByteOffset: i, as: UInt8.self) == UInt8(ascii: ".") {
            i += 1
            let fractionStart = i
            i = digitRun(base, from: i, limit, into: &fraction)
            decimals = i - fractionStart
            digits += decimals
        }
        guard digits > 0 else { return (i, nil) }
        if digits <= 19 {
            // Exact: at most 19 digits in all, so below 10¹⁹ < 2⁶⁴.
            let mantissa = whole &* powerOfTen(decimals) &+ fraction
            guard mantissa < (1 << 53) else { return (i, strtodCopy(bytes, start, i)) }
            let magnitude = decimals == 0 ? Double(mantissa) : Double(mantissa) / doublePowerOfTen(decimals)
            return (i, negative ? -magnitude : magnitude)
        }
        return (i, strtodCopy(bytes, start, i))
    }

    /// Appends the decimal digits from `start` to `mantissa` (`mantissa × 10ⁿ
    /// + digits`, wrapping), up to the first other byte or `limit`; returns
    /// where it stopped.
    ///
    /// Eight bytes at a time while eight remain (SWAR, as in simdjson's
    /// `parse_eight_digits_unrolled`): a coordinate's fraction is one load.
    @inline(__always)
    static func digitRun(_ base: UnsafeRawPointer, from start: Int, _ limit: Int, into mantissa: inout UInt64) -> Int {
        var i = start
        while limit &- i >= 8 {
            let word = DigitWord(base, i)
            let count = word.leadingDigits
            if count == 0 { return i }
            mantissa = mantissa &* powerOfTen(count) &+ word.value(of: count)
            i &+= count
            if count < 8 { return i }
        }
        while i < limit {
            let d = base.load(fromByteOffset: i, as: UInt8.self) &- UInt8(ascii: "0")
            if d >= 10 { break }
            mantissa = mantissa &* 10 &+ UInt64(d)
            i &+= 1
        }
        return i
    }

    /// Eight bytes of a line as digit values (`byte ^ 0x30`): how many
    /// digits lead, and the number they write. `digitRun` reads numbers
    /// with it, the recorded fix line (`ScenarioParser.recordedFixLine`)
    /// its words.
    struct DigitWord {
        let values: UInt64

        @inline(__always)
        init(_ base: UnsafeRawPointer, _ offset: Int) {
            // A digit byte becomes its value 0…9; any other byte becomes
            // something else, as `^` works on each byte alone.
            values =
                UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                ^ 0x3030_3030_3030_3030
        }

        /// The digits before the first other byte, 0 to 8.
        @inline(__always)
        var leadingDigits: Int {
            let ones: UInt64 = 0x0101_0101_0101_0101
            // The high bit of a byte above 9 (or of one at or above 0x80):
            // exact for the lowest such byte, which is all that is used.
            let others = ((values &+ 0x76 &* ones) | values) & (0x80 &* ones)
            return others.trailingZeroBitCount &>> 3
        }

        /// The digits after the last other byte, 0 to 8 (the word's end
        /// first). Exact but where a byte at or above 0x8A lies below a
        /// digit (never in ASCII): the carry of its sum may count the digit
        /// as another byte, never another byte as a digit.
        @inline(__always)
        var trailingDigits: Int {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let others = ((values &+ 0x76 &* ones) | values) & (0x80 &* ones)
            return others.leadingZeroBitCount &>> 3
        }

        /// The number the first `count` (1…3) digits write, by three
        /// multiply-adds: the digits shifted to bytes 0…2, low bytes zero.
        @inline(__always)
        func smallValue(of count: Int) -> UInt64 {
            let digits = (values &<< UInt64(64 &- 8 &* count)) &>> 40
            return (digits & 0xFF) &* 100 &+ ((digits &>> 8) & 0xFF) &* 10 &+ (digits &>> 16)
        }

        /// Whether the first `count` (1…7) bytes are all `0`.
        @inline(__always)
        func isZero(_ count: Int) -> Bool {
            values & (1 &<< UInt64(8 &* count) &- 1) == 0
        }

        /// The byte at `k` (< 8) as it was in the line.
        @inline(__always)
        func byte(_ k: Int) -> UInt8 { UInt8(truncatingIfNeeded: values &>> UInt64(8 &* k)) ^ 0x30 }

        /// The number the first `count` (1…8) digits write: shifted to the
        /// high bytes, the low bytes, which read first, become leading zeros.
        @inline(__always)
        func value(of count: Int) -> UInt64 {
            eightDigitsValue(values &<< UInt64(64 &- 8 &* count))
        }
    }

    /// The number written by eight digit values (0…9), the first in the
    /// lowest byte: pairs, then quadruples, then the whole, by multiply-add.
    @inline(__always)
    static func eightDigitsValue(_ values: UInt64) -> UInt64 {
        let pairs = values &* 10 &+ (values >> 8)  // 10a + b in every even byte
        let mask: UInt64 = 0x0000_00FF_0000_00FF
        let quads = (pairs & mask) &* (100 + (1_000_000 << 32)) &+ ((pairs >> 16) & mask) &* (1 + (10_000 << 32))
        return quads >> 32
    }

    /// 10ⁿ for n in 0…19, from a table rather than a `switch`: the digit
    /// count varies from number to number, and the jump a `switch` compiles
    /// to was mispredicted often enough to show in profiles.
    @inline(__always)
    static func powerOfTen(_ n: Int) -> UInt64 {
        integerPowersOfTen[n]
    }

    private static let integerPowersOfTen: [UInt64] = [
        1, 10, 100, 1000, 10000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
        10_000_000_000, 100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000,
        1_000_000_000_000_000, 10_000_000_000_000_000, 100_000_000_000_000_000, 1_000_000_000_000_000_000,
        10_000_000_000_000_000_000,
    ]

    /// 10ⁿ for n in 0…22, exact as a `Double`.
    @inline(__always)
    static func doublePowerOfTen(_ n: Int) -> Double {
        powersOfTen[n]
    }

    /// 10^0 … 10^22, each exact as a `Double`.
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// `strtod` on a NUL-terminated copy of already-checked bytes.
    private static func strtodCopy(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> Double {
        let count = end - start
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: count + 1) { buffer in
            for k in 0..<count { buffer[k] = CChar(bitPattern: bytes[start + k]) }
            buffer[count] = 0
            return strtod(buffer.baseAddress!, nil)
        }
    }

    /// Parses `[+-]digits` (a sign only if `signed`) into an `Int64`; `nil` on
    /// anything else or on overflow.
    static func integer(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int, signed: Bool) -> Int64? {
        var i = start
        var negative = false
        if signed && i < end && (bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+")) {
            negative = bytes[i] == UInt8(ascii: "-")
            i += 1
        }
        guard i < end else { return nil }
        var value: Int64 = 0
        while i < end {
            guard let d = digit(bytes[i]) else { return nil }
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (next, o2) = negative ? times10.subtractingReportingOverflow(d) : times10.addingReportingOverflow(d)
            if o1 || o2 { return nil }
            value = next
            i += 1
        }
        return value
    }

    /// True when `start..<end` is one or more ASCII digits.
    static func allDigits(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> Bool {
        guard start < end else { return false }
        for i in start..<end where digit(bytes[i]) == nil { return false }
        return true
    }

    /// Parses `digits` into a `UInt64`; `nil` on anything else or on overflow.
    static func unsigned(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> UInt64? {
        guard start < end else { return nil }
        var value: UInt64 = 0
        for i in start..<end {
            guard let d = digit(bytes[i]) else { return nil }
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (next, o2) = times10.addingReportingOverflow(UInt64(d))
            if o1 || o2 { return nil }
            value = next
        }
        return value
    }
}
