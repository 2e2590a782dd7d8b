/// One JSON value of a line of an explore shard's file (`explore --merge`),
/// with the column it starts at, for errors that point into the line.
///
/// Only what the files hold: objects, arrays, strings, whole numbers (no
/// fraction or exponent; at most 18 digits: larger counts are written as
/// strings), `true`, `false`, `null`; nested at most `maxDepth` deep.
struct ShardJSON {
    indirect enum Value {
        case object([(String, ShardJSON)])
        case array([ShardJSON])
        case string(String)
        case number(Int64)
        case bool(Bool)
        case null
    }

    var value: Value
    /// 1-based, in bytes.
    var column: Int

    static let maxDepth = 8

    /// A line that is not what a shard's file holds: the column and why.
    struct Failure: Error {
        var column: Int
        var message: String
    }

    /// Parses a whole line.
    static func parse(_ line: ArraySlice<UInt8>) throws(Failure) -> ShardJSON {
        var reader = Reader(bytes: line)
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.i == line.endIndex else { throw reader.failure("unexpected text after the value") }
        return value
    }

    /// The member `name` of an object.
    func member(_ name: String) throws(Failure) -> ShardJSON {
        guard case .object(let members) = value else { throw Failure(column: column, message: "expected an object") }
        guard let found = members.first(where: { $0.0 == name }) else {
            throw Failure(column: column, message: "missing \"\(name)\"")
        }
        return found.1
    }

    /// The member `name` of an object, or `nil` when there is none.
    func optionalMember(_ name: String) -> ShardJSON? {
        guard case .object(let members) = value else { return nil }
        return members.first(where: { $0.0 == name })?.1
    }

    var isNull: Bool {
        if case .null = value { return true }
        return false
    }

    func string() throws(Failure) -> String {
        guard case .string(let s) = value else { throw Failure(column: column, message: "expected a string") }
        return s
    }

    /// A whole number from `range`.
    func int(_ range: ClosedRange<Int> = 0...Int(Int32.max)) throws(Failure) -> Int {
        guard case .number(let n) = value, let i = Int(exactly: n), range.contains(i) else {
            throw Failure(
                column: column, message: "expected a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return i
    }

    func array() throws(Failure) -> [ShardJSON] {
        guard case .array(let items) = value else { throw Failure(column: column, message: "expected an array") }
        return items
    }

    func bool() throws(Failure) -> Bool {
        guard case .bool(let b) = value else { throw Failure(column: column, message: "expected true or false") }
        return b
    }

    private struct Reader {
        let bytes: ArraySlice<UInt8>
        var i: Int

        init(bytes: ArraySlice<UInt8>) {
            self.bytes = bytes
            i = bytes.startIndex
        }

        var column: Int { i - bytes.startIndex + 1 }

        func failure(_ message: String) -> Failure { Failure(column: column, message: message) }

        mutating func skipSpace() {
            while i < bytes.endIndex, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
        }

        mutating func value(depth: Int) throws(Failure) -> ShardJSON {
            skipSpace()
            guard depth < ShardJSON.maxDepth else { throw failure("nested too deep") }
            guard i < bytes.endIndex else { throw failure("the line ends where a value should be") }
            let start = column
            switch bytes[i] {
            case UInt8(ascii: "{"):
                i += 1
                var members: [(String, ShardJSON)] = []
                skipSpace()
                if i < bytes.endIndex, bytes[i] == UInt8(ascii: "}") {
                    i += 1
                    return ShardJSON(value: .object(members), column: start)
                }
                while true {
                    skipSpace()
                    let name = try string()
                    skipSpace()
                    try expect(UInt8(ascii: ":"))
                    members.append((name, try value(depth: depth + 1)))
                    skipSpace()
                    if try endOrComma(UInt8(ascii: "}")) { return ShardJSON(value: .object(members), column: start) }
                }
            case UInt8(ascii: "["):
                i += 1
                var items: [ShardJSON] = []
                skipSpace()
                if i < bytes.endIndex, bytes[i] == UInt8(ascii: "]") {
                    i += 1
                    return ShardJSON(value: .array(items), column: start)
                }
                while true {
                    items.append(try value(depth: depth + 1))
                    skipSpace()
                    if try endOrComma(UInt8(ascii: "]")) { return ShardJSON(value: .array(items), column: start) }
                }
            case UInt8(ascii: "\""):
                return ShardJSON(value: .string(try string()), column: start)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return ShardJSON(value: .number(try number()), column: start)
            default:
                for (word, v) in [("true", Value.bool(true)), ("false", .bool(false)), ("null", .null)]
                where bytes[i...].starts(with: word.utf8) {
                    i += word.utf8.count
                    return ShardJSON(value: v, column: start)
                }
                throw failure("expected a JSON value")
            }
        }

        mutating func expect(_ byte: UInt8) throws(Failure) {
            guard i < bytes.endIndex, bytes[i] == byte else {
                throw failure("expected '\(Character(Unicode.Scalar(byte)))'")
            }
            i += 1
        }

        /// True at `end` (consumed); false after a comma.
        mutating func endOrComma(_ end: UInt8) throws(Failure) -> Bool {
            guard i < bytes.endIndex else { throw failure("the line ends inside a value") }
            if bytes[i] == end {
                i += 1
                return true
            }
            guard bytes[i] == UInt8(ascii: ",") else {
                throw failure("expected ',' or '\(Character(Unicode.Scalar(end)))'")
            }
            i += 1
            return false
        }

        mutating func number() throws(Failure) -> Int64 {
            let negative = bytes[i] == UInt8(ascii: "-")
            if negative { i += 1 }
            var n: Int64 = 0
            var digits = 0
            while i < bytes.endIndex, bytes[i] >= 48, bytes[i] <= 57 {
                guard digits < 18 else { throw failure("a number of more than 18 digits") }
                n = n * 10 + Int64(bytes[i] - 48)
                digits += 1
                i += 1
            }
            guard digits > 0 else { throw failure("expected digits") }
            if i < bytes.endIndex, bytes[i] == UInt8(ascii: ".") || bytes[i] | 0x20 == UInt8(ascii: "e") {
                throw failure("expected a whole number")
            }
            return negative ? -n : n
        }

        mutating func string() throws(Failure) -> String {
            try expect(UInt8(ascii: "\""))
            var out: [UInt8] = []
            while true {
                guard i < bytes.endIndex else { throw failure("the line ends inside a string") }
                let b = bytes[i]
                i += 1
                switch b {
                case UInt8(ascii: "\""):
                    guard let s = String(validUTF8: out) else {
                        throw failure("a string that is not UTF-8")
                    }
                    return s
                case UInt8(ascii: "\\"):
                    guard i < bytes.endIndex else { throw failure("the line ends inside a string") }
                    let e = bytes[i]
                    i += 1
                    switch e {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "f"): out.append(0x0C)
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "u"):
                        var scalar = try hex4()
                        if scalar >= 0xD800 && scalar < 0xDC00 {
                            guard bytes[i...].starts(with: "\\u".utf8) else { throw failure("a lone surrogate") }
                            i += 2
                            let low = try hex4()
                            guard low >= 0xDC00 && low < 0xE000 else { throw failure("a lone surrogate") }
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let u = Unicode.Scalar(scalar) else { throw failure("a lone surrogate") }
                        out.append(contentsOf: Array(String(Character(u)).utf8))
                    default: throw failure("an unknown escape")
                    }
                case 0..<0x20:
                    throw failure("a control character inside a string")
                default:
                    out.append(b)
                }
            }
        }

        mutating func hex4() throws(Failure) -> UInt32 {
            var n: UInt32 = 0
            for _ in 0..<4 {
                guard i < bytes.endIndex, let d = Self.hexDigit(bytes[i]) else {
                    throw failure("expected 4 hex digits")
                }
                n = n << 4 | d
                i += 1
            }
            return n
        }

        static func hexDigit(_ b: UInt8) -> UInt32? {
            switch b {
            case 48...57: return UInt32(b - 48)
            case 97...102: return UInt32(b - 87)
            case 65...70: return UInt32(b - 55)
            default: return nil
            }
        }
    }
}
