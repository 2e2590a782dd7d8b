/// Numbers as SPEC §1 writes them: decimal, `.` as the separator, optional
/// sign, no exponent.
extension ByteScanner {
    /// The largest time or duration accepted, in seconds (about 31,700
    /// years): far from `Int64` overflow once in milliseconds, so rules can
    /// add durations to any scenario time.
    static let maxSeconds: Int64 = Millis.lastInstant.value / 1000

    /// The largest magnitude of any number a scenario states (coordinates,
    /// accuracies, speeds, radii, `set` distances): far beyond any real value,
    /// and well inside what the log formats print exactly (whole meters fit
    /// an `Int64`), so a typo like `1` and 400 zeros is an error, not a
    /// log line with ±9223372036854775807 in it.
    static let maxMagnitude = 1e15

    /// A decimal number for the argument `name`.
    @inline(__always) func number(_ token: Token, _ name: String) throws(ScenarioError) -> Double {
        if !token.isQuoted, let value = Self.decimal(bytes, token.start, token.end) {
            return try bounded(value, token, name)
        }
        if looksLikeExponent(token) {
            throw error(
                "exponents are not supported in '\(display(token))'; write \(name) as a plain decimal number", at: token
            )
        }
        throw error("expected a number for \(name), found '\(display(token))'" + logFormHint(token), at: token)
    }

    /// A hint for a number copied from a log line, which prints numbers in
    /// forms a scenario does not take: `±5` (an accuracy), `35.0,139.7` (a
    /// coordinate), `@30.000` (the time a delivered event happened).
    func logFormHint(_ token: Token) -> String {
        guard !token.isQuoted else { return "" }
        let text = string(token)
        if text.hasPrefix("±"), ScenarioParser.decimal(String(text.dropFirst())) != nil {
            return
                "; the log prints an accuracy as '\(text)', a scenario as a plain number of meters: write '\(text.dropFirst())'"
        }
        if let comma = text.firstIndex(of: ","), ScenarioParser.decimal(String(text[..<comma])) != nil,
            ScenarioParser.decimal(String(text[text.index(after: comma)...])) != nil
        {
            let (lat, lon) = (text[..<comma], text[text.index(after: comma)...])
            return
                "; the log joins latitude and longitude with ',', a scenario separates them with a space: write '\(lat) \(lon)'"
        }
        if text.hasPrefix("@") {
            return
                "; '@<seconds>' is the log's note of when a delivered event happened, not part of a scenario line: leave it out"
        }
        return ""
    }

    /// `value` if its magnitude is at most `maxMagnitude` (so it is finite).
    @inline(__always) func bounded(_ value: Double, _ token: Token, _ name: String) throws(ScenarioError) -> Double {
        guard value.magnitude <= Self.maxMagnitude else {
            throw error("\(name) '\(display(token))' is too large; expected at most 1e15 in magnitude", at: token)
        }
        return value
    }

    /// A decimal number that must not be negative.
    @inline(__always) func nonNegative(_ token: Token, _ name: String) throws(ScenarioError) -> Double {
        let value = try number(token, name)
        if value < 0 { throw error("\(name) must not be negative, found '\(display(token))'", at: token) }
        return value
    }

    /// A decimal number in `range` (`set reducedGrid`, a fix's accuracy).
    func number(_ token: Token, _ name: String, in range: ClosedRange<Double>) throws(ScenarioError) -> Double {
        let value = range.lowerBound >= 0 ? try nonNegative(token, name) : try number(token, name)
        guard range.contains(value) else {
            throw error(
                "\(name) \(display(token)) is out of range; expected \(Self.plain(range.lowerBound)) to \(Self.plain(range.upperBound))",
                at: token)
        }
        return value
    }

    /// A bound as a user writes it: `1`, `0.5`, `20000000` (no exponent).
    static func plain(_ value: Double) -> String {
        value == value.rounded() && value.magnitude < 1e15 ? String(Int64(value)) : String(value)
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
        if !token.isQuoted, let value = Self.plainSeconds(bytes, start, token.end) { return value }
        // Not a valid duration: scan again, checking in the order the errors
        // are stated, to say what is wrong.
        guard !token.isQuoted else { throw error(message(), at: token) }
        var i = start
        var whole: Int64 = 0
        var digits = 0
        while i < token.end, let d = Self.digit(bytes[i]) {
            whole = whole * 10 + d
            digits += 1
            if whole > Self.maxSeconds { throw tooLarge(token, name) }
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
        guard whole * 1000 + fraction <= Self.maxSeconds * 1000 else { throw tooLarge(token, name) }
        return Millis(whole * 1000 + fraction)
    }

    private func tooLarge(_ token: Token, _ name: String) -> ScenarioError {
        error("\(name) '\(display(token))' is too large; expected at most \(Self.maxSeconds) seconds", at: token)
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
}
