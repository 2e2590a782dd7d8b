import LocSimKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The markup `GPXFastReader` reads: start and end tags, processing
/// instructions, the XML declaration.
extension GPXByteInput {
    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    private static func isNameByte(_ b: UInt8, first: Bool) -> Bool {
        // Most name bytes are lower-case letters: one comparison.
        if b &- UInt8(ascii: "a") < 26 { return true }
        switch b {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"): return true
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: ":"):
            return !first
        default: return false
        }
    }

    /// An ASCII name at absolute index `i` of the window, before `limit`.
    /// A second `:`, or one that ends the name, is unsure (no namespace
    /// allows it).
    private func name(at i: inout Int, limit: Int) throws(Unsure) -> Name {
        let start = i
        var local = start
        guard i < limit, Self.isNameByte(window[i], first: true) else { throw Unsure() }
        i += 1
        while i < limit && Self.isNameByte(window[i], first: false) {
            if window[i] == UInt8(ascii: ":") {
                guard local == start else { throw Unsure() }
                local = i + 1
            }
            i += 1
        }
        guard local < i else { throw Unsure() }
        return Name(start: start, local: local, end: i)
    }

    /// Past white space at absolute index `i` (a CR only before an LF);
    /// `feeds` is set when it holds a line feed.
    private func skipSpace(_ i: inout Int, limit: Int, feeds: inout Bool) throws(Unsure) -> Bool {
        let start = i
        while i < limit && Self.isSpace(window[i]) {
            if window[i] == 0x0D && (i + 1 >= limit || window[i + 1] != 0x0A) { throw Unsure() }
            if window[i] == 0x0A { feeds = true }
            i += 1
        }
        return i > start
    }

    /// `read` over the window (its end: `count`). A piece that does not
    /// fit runs into the window's end and is unsure: then read more and
    /// read it again, until the file ends (or `maxUnit`). Most pieces are
    /// whole in the window, and are read in one pass.
    @inline(__always)
    private mutating func whole<T>(_ read: (inout GPXByteInput) throws(Unsure) -> T) throws(Unsure) -> T {
        while true {
            do throws(Unsure) {
                return try read(&self)
            } catch {
                guard !atEnd, try available(count - pos + 1) else { throw error }
            }
        }
    }

    /// A quoted value at absolute index `i`, before `limit`: the range inside the quotes.
    private func quoted(at i: inout Int, limit: Int) throws(Unsure) -> Range<Int> {
        guard i < limit, window[i] == UInt8(ascii: "\"") || window[i] == UInt8(ascii: "'") else { throw Unsure() }
        let quote = window[i]
        i += 1
        let start = i
        while i < limit && window[i] != quote { i += 1 }
        guard i < limit else { throw Unsure() }
        i += 1
        return start..<(i - 1)
    }

    /// `name = "value"` at absolute index `i`, past the name: the value.
    private func attributeValue(at i: inout Int, limit: Int, feeds: inout Bool) throws(Unsure) -> Range<Int> {
        _ = try skipSpace(&i, limit: limit, feeds: &feeds)
        guard i < limit, window[i] == UInt8(ascii: "=") else { throw Unsure() }
        i += 1
        _ = try skipSpace(&i, limit: limit, feeds: &feeds)
        return try quoted(at: &i, limit: limit)
    }

    /// Reads the start tag here (`<` is the next byte); its attributes are in `attributes`.
    mutating func startTag() throws(Unsure) -> Tag {
        try whole { (input) throws(Unsure) in try input.startTag(limit: input.count) }
    }

    /// `startTag()` within the window's first `limit` bytes.
    private mutating func startTag(limit: Int) throws(Unsure) -> Tag {
        var i = pos + 1
        var tag = Tag(name: try name(at: &i, limit: limit), empty: false, closeBack: 1)
        if !attributes.isEmpty { attributes.removeAll(keepingCapacity: true) }
        var feeds = false
        while true {
            let spaced = try skipSpace(&i, limit: limit, feeds: &feeds)
            guard i < limit else { throw Unsure() }
            if window[i] == UInt8(ascii: ">") { break }
            if window[i] == UInt8(ascii: "/") {
                i += 1
                guard i < limit, window[i] == UInt8(ascii: ">") else { throw Unsure() }
                tag.empty = true
                tag.closeBack = 2
                break
            }
            guard spaced else { throw Unsure() }
            let attribute = try name(at: &i, limit: limit)
            let value = try attributeValue(at: &i, limit: limit, feeds: &feeds)
            if try checkCharacters(absolute: value, markup: false).feeds { feeds = true }
            let local = attribute.end - attribute.local
            for other in attributes where other.name.end - other.name.local == local {
                if memcmp(window + other.name.local, window + attribute.local, local) == 0 { throw Unsure() }
            }
            attributes.append(Attribute(name: attribute, value: value))
        }
        advance(i + 1 - pos, lineFeeds: feeds)
        return tag
    }

    /// Reads the end tag here (`</` are the next bytes): false when it does
    /// not close the element named `open`.
    mutating func endTag(_ open: UnsafeBufferPointer<UInt8>) throws(Unsure) -> Bool {
        try whole { (input) throws(Unsure) in try input.endTag(open, limit: input.count) }
    }

    /// `endTag(_:)` within the window's first `limit` bytes.
    private mutating func endTag(_ open: UnsafeBufferPointer<UInt8>, limit: Int) throws(Unsure) -> Bool {
        var i = pos + 2
        let closed = try name(at: &i, limit: limit)
        var feeds = false
        _ = try skipSpace(&i, limit: limit, feeds: &feeds)
        guard i < limit else { throw Unsure() }
        guard window[i] == UInt8(ascii: ">"), closed.end - closed.start == open.count,
            memcmp(window + closed.start, open.baseAddress!, open.count) == 0
        else { return false }
        advance(i + 1 - pos, lineFeeds: feeds)
        return true
    }

    /// Reads a processing instruction here (`<?` are the next bytes), with
    /// data (`<?target data?>`) or without (`<?target?>`): its target an
    /// ASCII name without a colon and not `xml` in any case (libxml2's
    /// errors), then `?>`, or white space, characters and `?>`.
    mutating func instruction() throws(Unsure) {
        let end = try find("?>", from: 2)
        let limit = pos + end
        var i = pos + 2
        let target = try name(at: &i, limit: limit)
        let xml =
            target.end - target.start == 3
            && bytes(target.start..<target.end).map { $0 | 0x20 }.elementsEqual("xml".utf8)
        guard !target.hasPrefix, !xml else { throw Unsure() }
        var feeds = false
        if i < limit {
            guard try skipSpace(&i, limit: limit, feeds: &feeds) else { throw Unsure() }
            if try checkCharacters(absolute: i..<limit, markup: true).feeds { feeds = true }
        }
        advance(end + 2, lineFeeds: feeds)
    }

    /// Reads the XML declaration here (`<?xml`): version 1.0, UTF-8 if an
    /// encoding is named, `standalone` optional, in that order.
    mutating func declaration() throws(Unsure) {
        let end = try find("?>", from: 5)
        let limit = pos + end
        var i = pos + 5
        var feeds = false
        func pseudoAttribute(_ key: StaticString) throws(Unsure) -> Range<Int>? {
            var j = i
            let n = key.utf8CodeUnitCount
            guard try skipSpace(&j, limit: limit, feeds: &feeds), limit - j >= n,
                memcmp(window + j, key.utf8Start, n) == 0
            else {
                return nil
            }
            j += n
            let value = try attributeValue(at: &j, limit: limit, feeds: &feeds)
            i = j
            return value
        }
        guard let version = try pseudoAttribute("version"), equal(version, "1.0") else { throw Unsure() }
        if let encoding = try pseudoAttribute("encoding") {
            guard bytes(encoding).map({ $0 | 0x20 }).elementsEqual("utf-8".utf8) else { throw Unsure() }
        }
        if let standalone = try pseudoAttribute("standalone") {
            guard equal(standalone, "yes") || equal(standalone, "no") else { throw Unsure() }
        }
        _ = try skipSpace(&i, limit: limit, feeds: &feeds)
        guard i == limit else { throw Unsure() }
        advance(end + 2)
    }
}
