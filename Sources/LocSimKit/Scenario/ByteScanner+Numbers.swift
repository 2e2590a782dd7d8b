#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Numbers as SPEC §1 writes them: decimal, `.` as the separator, optional
/// sign, no exponent.
extension ByteScanner {
    /// The largest time or duration accepted, in seconds (about 31,700
    /// years): far from `Int64` overflow once in milliseconds, so rules can
    /// add durations to any scenario time.
    static let maxSeconds: Int64 = 1_000_000_000_000

    /// A decimal number for the argument `name`.
    @inline(__always) func number(_ token: Token, _ name: String) throws(ScenarioError) -> Double {
        if !token.isQuoted, let value = Self.decimal(bytes, token.start, token.end) { return value }
        if looksLikeExponent(token) {
            throw error(
                "exponents are not supported in '\(display(token))'; write \(name) as a plain decimal number", at: token
            )
        }
        throw error("expected a number for \(name), found '\(display(token))'", at: token)
    }

    /// A decimal number that must not be negative.
    func nonNegative(_ token: Token, _ name: String) throws(ScenarioError) -> Double {
        let value = try number(token, name)
        if value < 0 { throw error("\(name) must not be negative, found '\(display(token))'", at: token) }
        return value
    }

    /// A whole number in `range` for the argument `name`.
    func integer(_ token: Token, _ name: String, in range: ClosedRange<Int64>) throws(ScenarioError) -> Int {
        guard !token.isQuoted, let value = Self.integer(bytes, token.start, token.end, signed: true) else {
            throw error("expected a whole number for \(name), found '\(display(token))'", at: token)
        }
        guard range.contains(value) else {
            throw error(
                "\(name) \(display(token)) is out of range; expected \(range.lowerBound) to \(range.upperBound)",
                at: token)
        }
        return Int(value)
    }

    /// `true` or `false`.
    func bool(_ token: Token, _ name: String) throws(ScenarioError) -> Bool {
        if matches(token, "true") { return true }
        if matches(token, "false") { return false }
        throw error("expected true or false for \(name), found '\(display(token))'", at: token)
    }

    /// `on` or `off`.
    func onOff(_ token: Token, _ name: String) throws(ScenarioError) -> Bool {
        if matches(token, "on") { return true }
        if matches(token, "off") { return false }
        throw error("expected on or off for \(name), found '\(display(token))'", at: token)
    }

    /// A non-negative duration in seconds with at most 3 decimals (`set` values).
    func duration(_ token: Token, _ name: String, orNone: Bool = false) throws(ScenarioError) -> Millis {
        let b = token.isQuoted ? 0 : bytes[token.start]
        if b == UInt8(ascii: "-"), Self.decimal(bytes, token.start, token.end) != nil {
            throw error("\(name) must not be negative, found '\(display(token))'", at: token)
        }
        return try seconds(token, from: token.start + (b == UInt8(ascii: "+") ? 1 : 0), name: name) {
            "expected seconds for \(name) (like 5 or 2.5\(orNone ? ", or none" : "")), found '\(display(token))'"
        }
    }

    /// `ss[.fff]` from `start` to the end of `token`, exactly in milliseconds.
    func seconds(
        _ token: Token, from start: Int, name: String, otherwise message: () -> String
    ) throws(ScenarioError) -> Millis {
        guard !token.isQuoted else { throw error(message(), at: token) }
        var i = start
        var whole: Int64 = 0
        var digits = 0
        while i < token.end, let d = Self.digit(bytes[i]) {
            whole = whole * 10 + d
            digits += 1
            if whole > Self.maxSeconds {
                throw error(
                    "\(name) '\(display(token))' is too large; expected at most \(Self.maxSeconds) seconds", at: token)
            }
            i += 1
        }
        var fraction: Int64 = 0
        var decimals = 0
        if i < token.end && bytes[i] == UInt8(ascii: ".") {
            i += 1
            while i < token.end, let d = Self.digit(bytes[i]) {
                decimals += 1
                if decimals <= 3 { fraction = fraction * 10 + d }
                digits += 1
                i += 1
            }
        }
        guard i == token.end, digits > 0 else { throw error(message(), at: token) }
        if decimals > 3 {
            throw error("\(name) '\(display(token))' has more than 3 decimals; the resolution is 1 ms", at: token)
        }
        while decimals < 3 {
            fraction *= 10
            decimals += 1
        }
        return Millis(whole * 1000 + fraction)
    }

    /// True for `1e5`, `-2.5E-3`: a number that only fails for its exponent.
    private func looksLikeExponent(_ token: Token) -> Bool {
        guard !token.isQuoted else { return false }
        var sawE = false
        var sawDigit = false
        for i in token.start..<token.end {
            switch bytes[i] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): sawDigit = true
            case UInt8(ascii: "e"), UInt8(ascii: "E"): sawE = true
            case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."): break
            default: return false
            }
        }
        return sawE && sawDigit
    }

    // MARK: Byte-level parsers

    @inline(__always) static func digit(_ b: UInt8) -> Int64? {
        let d = b &- UInt8(ascii: "0")
        return d < 10 ? Int64(d) : nil
    }

    /// Parses `[+-]digits[.digits]` (or `.digits`, `digits.`) exactly as
    /// `strtod` would round it; `nil` if the bytes are anything else.
    static func decimal(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> Double? {
        let (stop, value) = scanDecimal(bytes, start, end)
        return stop == end ? value : nil
    }

    /// Reads a decimal number from `start` up to the first byte that cannot
    /// continue it (or `limit`); returns where it stopped and the value, `nil`
    /// if no digit was read.
    ///
    /// While the digits fit below 2^53 and there are at most 22 decimals, the
    /// value is one division of two exactly representable doubles, hence
    /// correctly rounded (Clinger's fast path); longer numbers go through
    /// `strtod`, also correctly rounded.
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
        // Digits wrap silently past 19 of them; such a mantissa is never used.
        var mantissa: UInt64 = 0
        let integerStart = i
        while i < limit {
            let d = base.load(fromByteOffset: i, as: UInt8.self) &- UInt8(ascii: "0")
            if d >= 10 { break }
            mantissa = mantissa &* 10 &+ UInt64(d)
            i += 1
        }
        var digits = i - integerStart
        var decimals = 0
        if i < limit && base.load(fromByteOffset: i, as: UInt8.self) == UInt8(ascii: ".") {
            i += 1
            let fractionStart = i
            while i < limit {
                let d = base.load(fromByteOffset: i, as: UInt8.self) &- UInt8(ascii: "0")
                if d >= 10 { break }
                mantissa = mantissa &* 10 &+ UInt64(d)
                i += 1
            }
            decimals = i - fractionStart
            digits += decimals
        }
        guard digits > 0 else { return (i, nil) }
        if digits <= 19 && mantissa < (1 << 53) && decimals < powersOfTen.count {
            let magnitude = decimals == 0 ? Double(mantissa) : Double(mantissa) / powersOfTen[decimals]
            return (i, negative ? -magnitude : magnitude)
        }
        return (i, strtodCopy(bytes, start, i))
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
