import LocSimKit

/// Decimal numbers as `ScenarioParser.decimal` reads them (a sign, digits,
/// a `.`, no exponent), from a track's UTF-8 bytes, without a `String`.
///
/// Every point has several (issue 20). A number of at most 15 digits is
/// one division of two doubles that hold it and its power of ten exactly,
/// so it is correctly rounded: the `Double` the scenario parser's own fast
/// path gives. Longer numbers are handed to `ScenarioParser.decimal`.
enum GPXDecimal {
    /// The number `bytes` write, or `nil` when they are not one.
    static func value(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var i = 0
        var negative = false
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            i = 1
        }
        var mantissa: UInt64 = 0
        let integerStart = i
        digitRun(bytes, &i, &mantissa)
        var digits = i - integerStart
        var decimals = 0
        if i < bytes.count && bytes[i] == UInt8(ascii: ".") {
            i += 1
            let fractionStart = i
            digitRun(bytes, &i, &mantissa)
            decimals = i - fractionStart
            digits += decimals
        }
        guard i == bytes.count else { return nil }
        guard digits > 0 else { return nil }
        guard digits <= 15 else { return ScenarioParser.decimal(String(decoding: bytes, as: UTF8.self)) }
        var power = 1.0
        for _ in 0..<decimals { power *= 10 }
        let magnitude = Double(mantissa) / power
        return negative ? -magnitude : magnitude
    }

    /// Appends the digits from `i` on to `mantissa` (wrapping past 19 of
    /// them: such values are not used), moving `i` past them.
    @inline(__always)
    private static func digitRun(_ bytes: UnsafeBufferPointer<UInt8>, _ i: inout Int, _ mantissa: inout UInt64) {
        while i < bytes.count {
            let d = bytes[i] &- UInt8(ascii: "0")
            if d >= 10 { return }
            mantissa = mantissa &* 10 &+ UInt64(d)
            i += 1
        }
    }

    /// `value(_:)` of a text's UTF-8.
    static func value(_ text: String) -> Double? {
        var text = text
        return text.withUTF8 { value($0) }
    }
}
