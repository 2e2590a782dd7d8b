import Foundation

/// Numbers and words as locsim's scenario language and log write them
/// (docs/language.md, docs/log-format.md): fixed decimals rounded half away
/// from zero, as `LogBytes` rounds, so an observed record reads exactly as
/// the model's record of the same callback.
extension SessionWriter {
    /// `value` with exactly `decimals` decimals (0 to 6).
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return "0" }
        let decimals = max(0, min(decimals, 6))
        // Past 2^53 no decimal is exact: the whole number, clamped to Int64
        // (a recorded value that large is refused when the session is read, not a trap here).
        guard let integer = scaled(value, decimals) else {
            return String(value.magnitude < 9.2e18 ? Int64(value) : value < 0 ? -Int64.max : Int64.max)
        }
        return digits(integer.magnitude, decimals: decimals, negative: integer < 0)
    }

    /// `value` × 10^`decimals` (0 to 6) rounded half away from zero, as
    /// `fixed` writes it; nil when not finite or past 2^53, where no decimal is exact.
    static func scaled(_ value: Double, _ decimals: Int) -> Int64? {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (value * scale).rounded(.toNearestOrAwayFromZero)
        return scaled.isFinite && abs(scaled) < 9e15 ? Int64(scaled) : nil
    }

    /// `magnitude` / 10^`decimals` in decimal: at least one digit before
    /// the point, exactly `decimals` after, written backwards into one
    /// buffer (the session writes a few numbers a fix: no intermediate strings).
    static func digits(_ magnitude: UInt64, decimals: Int, negative: Bool) -> String {
        // 20 digits, a point, a sign.
        String(unsafeUninitializedCapacity: 24) { buffer in
            var end = 24
            var rest = magnitude
            var written = 0
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { scratch in
                repeat {
                    if written == decimals, decimals > 0 {
                        end -= 1
                        scratch[end] = UInt8(ascii: ".")
                    }
                    end -= 1
                    scratch[end] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                    written += 1
                } while rest > 0 || written <= decimals
                if negative {
                    end -= 1
                    scratch[end] = UInt8(ascii: "-")
                }
                for i in end..<24 { buffer[i - end] = scratch[i] }
            }
            return 24 - end
        }
    }

    /// A scenario number: at most 3 decimals, none trailing (`50`, `2.5`).
    static func number(_ value: Double) -> String {
        guard let scaled = scaled(value, 3) else { return fixed(value, 0) }
        var magnitude = scaled.magnitude
        var decimals = 3
        while decimals > 0, magnitude % 10 == 0 {
            magnitude /= 10
            decimals -= 1
        }
        return digits(magnitude, decimals: decimals, negative: scaled < 0)
    }

    static func degrees(_ value: Double) -> String { fixed(value, 6) }

    /// Milliseconds as the log's seconds: `12.345`.
    static func seconds(_ ms: Int64) -> String { digits(ms.magnitude, decimals: 3, negative: ms < 0) }

    /// A scenario word: as it is when plain, else a quoted string.
    static func word(_ text: String) -> String {
        let plain = !text.isEmpty && !text.contains { " \t\"#=\\".contains($0) || $0.isNewline }
        return plain ? text : quoted(text)
    }

    /// An id in the log: quoted when not a plain word or when `nil` (docs/log-format.md).
    static func logID(_ text: String) -> String { text == "nil" ? quoted(text) : word(text) }

    /// `"…"` with `\"` and `\\`; a line break, which a line cannot hold, as a space.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for character in text {
            switch character {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where character.isNewline || character == "\t": out += " "
            default: out.append(character)
            }
        }
        return out + "\""
    }

    static func plistValue(_ value: InfoValue) -> String {
        switch value {
        case .text(let text): return quoted(text)
        case .flag(let flag): return flag ? "true" : "false"
        case .list(let words): return words.map(word).joined(separator: " ")
        }
    }

    /// `<uuid> [<major> [<minor>]]`, as `startRangingBeacons` takes it.
    static func constraint(_ uuid: UUID, _ major: UInt16?, _ minor: UInt16?) -> String {
        var words = uuid.uuidString
        guard let major else { return words }
        words += " \(major)"
        return minor.map { words + " \($0)" } ?? words
    }
}

/// The OS and version of a `platform` line, for the answers each offers.
struct Platform {
    var os = "iOS"
    var major = 14
    var minor = 0

    init(text: String?) {
        guard let text else { return }
        let words = text.split(separator: " ")
        guard words.count == 2 else { return }
        os = String(words[0])
        let numbers = words[1].split(separator: ".").compactMap { Int($0) }
        major = numbers.first ?? major
        minor = numbers.count > 1 ? numbers[1] : 0
    }

    var isMac: Bool { os == "macOS" }

    /// The iOS rules of this version or later (macOS 11 is iOS 14's, rules.md §1).
    func atLeast(_ iOS: Int, _ iOSMinor: Int = 0) -> Bool {
        if iOSMinor > 0, os == "iOS" || os == "iPadOS" || os == "macCatalyst" {
            return major > iOS || (major == iOS && minor >= iOSMinor)
        }
        switch os {
        case "macOS": return major + 3 >= iOS || (major == 10 && minor >= 15 && iOS <= 13)
        case "watchOS": return major + 7 >= iOS
        case "visionOS": return (major >= 26 ? major : major + 16) >= iOS
        default: return major >= iOS
        }
    }
}
