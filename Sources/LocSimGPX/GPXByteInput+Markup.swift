import LocSimKit

/// The markup `GPXFastReader` reads: start and end tags, the XML declaration.
extension GPXByteInput {
    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    private static func isNameByte(_ b: UInt8, first: Bool) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"): return true
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: ":"): return !first
        default: return false
        }
    }

    /// An ASCII name at absolute index `i` of `buffer`, before `limit`.
    private func name(at i: inout Int, limit: Int) throws(Unsure) -> ArraySlice<UInt8> {
        let start = i
        while i < limit && Self.isNameByte(buffer[i], first: i == start) { i += 1 }
        guard i > start else { throw Unsure() }
        return buffer[start..<i]
    }

    /// Past white space at absolute index `i` (a CR only before an LF).
    private func skipSpace(_ i: inout Int, limit: Int) throws(Unsure) -> Bool {
        let start = i
        while i < limit && Self.isSpace(buffer[i]) {
            if buffer[i] == 0x0D && (i + 1 >= limit || buffer[i + 1] != 0x0A) { throw Unsure() }
            i += 1
        }
        return i > start
    }

    /// The offset of the `>` ending the tag that starts here, quotes skipped.
    private mutating func tagEnd() throws(Unsure) -> Int {
        var k = 1
        var quote: UInt8 = 0
        while true {
            while pos + k < buffer.count {
                let b = buffer[pos + k]
                if quote != 0 {
                    if b == quote { quote = 0 }
                } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                    quote = b
                } else if b == UInt8(ascii: ">") {
                    return k
                }
                k += 1
            }
            guard try available(k + 1) else { throw Unsure() }
        }
    }

    /// Reads the start tag here (`<` is the next byte).
    mutating func startTag() throws(Unsure) -> Tag {
        let end = try tagEnd()
        let limit = pos + end + 1
        var i = pos + 1
        var tag = Tag(name: try name(at: &i, limit: limit), attributes: [], empty: false, location: location)
        var close: Int
        while true {
            let spaced = try skipSpace(&i, limit: limit)
            guard i < limit else { throw Unsure() }
            if buffer[i] == UInt8(ascii: ">") {
                close = i
                break
            }
            if buffer[i] == UInt8(ascii: "/") {
                guard i + 1 == limit - 1 else { throw Unsure() }
                close = i
                tag.empty = true
                break
            }
            guard spaced else { throw Unsure() }
            let attribute = try name(at: &i, limit: limit)
            _ = try skipSpace(&i, limit: limit)
            guard i < limit, buffer[i] == UInt8(ascii: "=") else { throw Unsure() }
            i += 1
            _ = try skipSpace(&i, limit: limit)
            guard i < limit, buffer[i] == UInt8(ascii: "\"") || buffer[i] == UInt8(ascii: "'") else { throw Unsure() }
            let quote = buffer[i]
            i += 1
            let start = i
            while i < limit && buffer[i] != quote { i += 1 }
            guard i < limit else { throw Unsure() }
            _ = try checkCharacters(from: start - pos, to: i - pos, markup: false)
            let value = buffer[start..<i]
            i += 1
            let local = attribute.lastIndex(of: UInt8(ascii: ":")).map { attribute[($0 + 1)...] } ?? attribute
            for other in tag.attributes {
                let otherLocal = other.name.lastIndex(of: UInt8(ascii: ":")).map { other.name[($0 + 1)...] } ?? other.name
                if otherLocal.elementsEqual(local) { throw Unsure() }
            }
            tag.attributes.append((attribute, value))
        }
        guard close == limit - 1 || tag.empty else { throw Unsure() }
        advance(close - pos)
        tag.location = location
        advance(limit - pos)
        return tag
    }

    /// Reads the end tag here (`</` are the next bytes): false when it does
    /// not close `open`.
    mutating func endTag(_ open: ArraySlice<UInt8>) throws(Unsure) -> Bool {
        let end = try find(UInt8(ascii: ">"), from: 2)
        let limit = pos + end
        var i = pos + 2
        let closed = try name(at: &i, limit: limit)
        _ = try skipSpace(&i, limit: limit)
        guard i == limit, closed.elementsEqual(open) else { return false }
        advance(end + 1)
        return true
    }

    /// Reads the XML declaration here (`<?xml`): version 1.0, UTF-8 if an
    /// encoding is named, `standalone` optional, in that order.
    mutating func declaration() throws(Unsure) {
        let end = try find("?>", from: 5)
        let limit = pos + end
        var i = pos + 5
        func pseudoAttribute(_ key: String) throws(Unsure) -> ArraySlice<UInt8>? {
            var j = i
            guard try skipSpace(&j, limit: limit), buffer[j..<limit].starts(with: key.utf8) else { return nil }
            j += key.utf8.count
            _ = try skipSpace(&j, limit: limit)
            guard j < limit, buffer[j] == UInt8(ascii: "=") else { throw Unsure() }
            j += 1
            _ = try skipSpace(&j, limit: limit)
            guard j < limit, buffer[j] == UInt8(ascii: "\"") || buffer[j] == UInt8(ascii: "'") else { throw Unsure() }
            let quote = buffer[j]
            let start = j + 1
            j = start
            while j < limit && buffer[j] != quote { j += 1 }
            guard j < limit else { throw Unsure() }
            i = j + 1
            return buffer[start..<j]
        }
        guard let version = try pseudoAttribute("version"), version.elementsEqual("1.0".utf8) else { throw Unsure() }
        if let encoding = try pseudoAttribute("encoding") {
            guard encoding.map({ $0 | 0x20 }).elementsEqual("utf-8".utf8) else { throw Unsure() }
        }
        if let standalone = try pseudoAttribute("standalone") {
            guard standalone.elementsEqual("yes".utf8) || standalone.elementsEqual("no".utf8) else { throw Unsure() }
        }
        _ = try skipSpace(&i, limit: limit)
        guard i == limit else { throw Unsure() }
        advance(end + 2)
    }
}
