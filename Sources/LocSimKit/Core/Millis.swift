/// A point in scenario time or a duration, in whole milliseconds.
///
/// Time is an integer so that equal instants compare equal and no rule
/// depends on floating-point drift (docs/rules.md §0).
public struct Millis: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Milliseconds since the scenario start (or the length of a duration).
    public var value: Int64

    /// `value` milliseconds.
    public init(_ value: Int64) { self.value = value }

    /// A duration of whole seconds.
    public static func seconds(_ s: Int64) -> Millis { Millis(s * 1000) }

    /// No time: the scenario's start, or an empty duration.
    public static let zero = Millis(0)

    /// The last instant a scenario can reach: its lines, the `after` of its
    /// reactions and the device's clock stop at 10^12 seconds
    /// (docs/language.md, "Time"), so no sum of instants can overflow.
    package static let lastInstant = Millis(1_000_000_000_000 * 1000)

    public static func < (a: Millis, b: Millis) -> Bool { a.value < b.value }
    /// The sum of two durations (or an instant and a duration).
    public static func + (a: Millis, b: Millis) -> Millis { Millis(a.value &+ b.value) }
    /// The difference of two durations (or of two instants).
    public static func - (a: Millis, b: Millis) -> Millis { Millis(a.value &- b.value) }

    /// Seconds with exactly three decimals, as the log prints them: `12.500`.
    public var description: String {
        var bytes: [UInt8] = []
        appendSeconds(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends seconds with exactly three decimals to `bytes`.
    package func appendSeconds(to bytes: inout [UInt8]) {
        var v = value
        if v < 0 {
            bytes.append(UInt8(ascii: "-"))
            v = 0 &- v
        }
        appendDecimal(UInt64(v / 1000), to: &bytes)
        let ms = Int(v % 1000)
        bytes.append(UInt8(ascii: "."))
        bytes.append(UInt8(48 + ms / 100))
        bytes.append(UInt8(48 + (ms / 10) % 10))
        bytes.append(UInt8(48 + ms % 10))
    }
}

/// Appends the decimal digits of `n` to `bytes`, without allocating.
package func appendDecimal(_ n: UInt64, to bytes: inout [UInt8]) {
    if n < 10 {
        bytes.append(UInt8(48 + n))
        return
    }
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for 20 digits, written from the right
    var count = 0
    var x = n
    withUnsafeMutableBytes(of: &digits) { buf in
        while x > 0 {
            count += 1
            buf[24 - count] = UInt8(48 + x % 10)
            x /= 10
        }
        bytes.append(contentsOf: buf[(24 - count)..<24])
    }
}
