/// Arguments shared by several statements: `key=value` options,
/// coordinates, identifiers and beacon UUIDs.
extension ByteScanner {
    /// Splits a bare `key=value` word at its first `=`; `nil` for any other word.
    @inline(__always) func splitOption(_ token: Token) -> (key: Token, value: Token)? {
        guard !token.isQuoted else { return nil }
        var i = token.start
        while i < token.end {
            if bytes[i] == UInt8(ascii: "=") {
                return (Token(start: token.start, end: i), Token(start: i + 1, end: token.end))
            }
            i += 1
        }
        return nil
    }

    /// The next `key=value` word, `nil` at the end of the line; any other
    /// word is an unexpected extra argument (`expected` lists the options).
    mutating func nextOption(expected: String) throws(ScenarioError) -> (key: Token, value: Token)? {
        guard let token = try next() else { return nil }
        return try option(token, expected: expected)
    }

    /// `token` as a `key=value` option, or an unexpected extra argument.
    @inline(__always) func option(_ token: Token, expected: String) throws(ScenarioError) -> (key: Token, value: Token)
    {
        guard let option = splitOption(token) else {
            let hint = logFormHint(token)
            throw error(
                "unexpected extra argument '\(display(token))'" + (hint.isEmpty ? "; expected \(expected)" : hint),
                at: token)
        }
        return option
    }

    /// An option whose key is none of `expected`.
    func unknownOption(_ key: Token, for owner: String, expected: String) -> ScenarioError {
        error("unknown option '\(display(key))' for \(owner); expected \(expected)", at: key)
    }

    /// Fails if an option was already given on this line.
    @inline(__always) func once<T>(_ earlier: T?, _ key: Token) throws(ScenarioError) {
        if earlier != nil { throw error("option '\(display(key))' is given twice", at: key) }
    }

    /// A region, notification or purpose identifier: any non-empty word or string.
    func identifier(_ token: Token, _ name: String) throws(ScenarioError) -> String {
        let value = string(token)
        if value.isEmpty { throw error("expected \(name), found an empty string", at: token) }
        return value
    }

    /// `<lat> <lon>`, each checked for its range; also returns the column of `<lat>`.
    @inline(__always) mutating func coordinate(for owner: String) throws(ScenarioError) -> (Coordinate, Int) {
        let (latitude, latToken) = try requiredNumber("lat", "latitude", for: owner)
        let (longitude, lonToken) = try requiredNumber("lon", "longitude", for: owner)
        if !(-90...90).contains(latitude) {
            let swapped = (-90...90).contains(longitude) ? " (are latitude and longitude swapped?)" : ""
            throw error("latitude \(display(latToken)) is out of range; expected -90 to 90\(swapped)", at: latToken)
        }
        if !(-180...180).contains(longitude) {
            throw error("longitude \(display(lonToken)) is out of range; expected -180 to 180", at: lonToken)
        }
        return (Coordinate(latitude: latitude, longitude: longitude), latToken.column)
    }

    /// A proximity UUID, `8-4-4-4-12` hexadecimal digits, in upper case as
    /// `UUID.uuidString` prints it so that spellings compare equal.
    func uuid(_ token: Token) throws(ScenarioError) -> String {
        var upper: [UInt8] = []
        if !token.isQuoted && token.count == 36 {
            upper.reserveCapacity(36)
            for i in token.start..<token.end {
                let b = bytes[i]
                let offset = i - token.start
                if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
                    guard b == UInt8(ascii: "-") else { break }
                    upper.append(b)
                } else if (b &- UInt8(ascii: "0")) < 10 || (b &- UInt8(ascii: "A")) < 6 {
                    upper.append(b)
                } else if (b &- UInt8(ascii: "a")) < 6 {
                    upper.append(b &- 32)
                } else {
                    break
                }
            }
        }
        guard upper.count == 36 else {
            throw error(
                "expected a UUID like E2C56DB5-DFFB-48D2-B060-D0F5A71096E0 for uuid, found '\(display(token))'",
                at: token)
        }
        return String(decoding: upper, as: UTF8.self)
    }

    /// A beacon major or minor, 0 to 65535.
    func beaconNumber(_ token: Token, _ name: String) throws(ScenarioError) -> Int {
        try integer(token, name, in: 0...65_535)
    }
}
