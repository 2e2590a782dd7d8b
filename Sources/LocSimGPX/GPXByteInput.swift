import LocSimKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes `GPXFastReader` reads, a window at a time, with the line and
/// character of the next one; and the checks of XML's lexical rules that
/// the reader needs. Every doubt throws `GPXFastReader.Unsure`.
///
/// The window is memory of its own, read through a pointer: this runs for
/// every byte of the file, where an array's bounds checks and a slice's
/// reference counting cost more than the work (issue 20). Offsets passed
/// around are from the next byte (`pos`) while more may be read, absolute
/// indices into the window once the piece being read is all in it.
/// `deallocate()` frees it.
struct GPXByteInput {
    typealias Unsure = GPXFastReader.Unsure

    /// A start tag: window indices, valid until the input reads more.
    struct Tag {
        var name: Name
        /// `<name …/>`.
        var empty: Bool
        /// How many bytes before the next byte its `>` or `/>` starts (the
        /// place of a tag: `GPXFastReader` says why).
        var closeBack: Int
    }

    /// A name in the window: `local` is past its prefix's `:` (`start` without one).
    struct Name {
        var start: Int
        var local: Int
        var end: Int
        var hasPrefix: Bool { local != start }
    }

    /// An attribute of the last start tag read.
    struct Attribute {
        var name: Name
        var value: Range<Int>
    }

    /// The regular file read from, `nil` when the window holds the whole file.
    private let fd: Int32?
    /// `window[0..<count]`: the file's bytes not dropped yet.
    private(set) var window: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count: Int
    /// The next byte to read, in `window`.
    private(set) var pos = 0
    private var fileOffset = 0
    private(set) var atEnd: Bool
    /// The line of `pos`, and the character column of the byte at `mark`
    /// (on that line, at or before `pos`): columns are counted only when a
    /// place is asked for.
    private var line = 1
    private var mark = 0
    private var markColumn = 1
    /// The attributes of the last start tag, reused from tag to tag (set
    /// by `startTag` only).
    var attributes: [Attribute] = []

    static let chunkSize = 1 << 16
    /// The longest piece of markup or text read as one; longer is unsure.
    static let maxUnit = 1 << 22

    init(fd: Int32?, bytes: [UInt8]) {
        self.fd = fd
        capacity = fd == nil ? max(bytes.count, 1) : 2 * Self.chunkSize
        window = .allocate(capacity: capacity)
        count = 0
        atEnd = fd == nil
        if fd == nil {
            bytes.withUnsafeBufferPointer { window.update(from: $0.baseAddress!, count: $0.count) }
            count = bytes.count
        }
        attributes.reserveCapacity(8)
    }

    func deallocate() { window.deallocate() }

    func byte(_ offset: Int) -> UInt8 { window[pos + offset] }

    /// The window's bytes in `range` (absolute indices).
    func bytes(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: window + range.lowerBound, count: range.count)
    }

    /// The place of the next byte, or of the one `back` bytes before it on its line.
    mutating func location(back: Int = 0) -> SourceLocation {
        markColumn += Self.characters(window + mark, pos - mark)
        mark = pos
        return SourceLocation(line: line, column: markColumn - back)
    }

    /// How many characters (bytes that do not continue one) the `count` bytes at `p` hold.
    private static func characters(_ p: UnsafeMutablePointer<UInt8>, _ count: Int) -> Int {
        var continuing = 0
        var k = 0
        // Eight at a time: a byte continues a character when its top bits are 10.
        while count - k >= 8 {
            let w = UnsafeRawPointer(p + k).loadUnaligned(as: UInt64.self)
            // Each such byte's 1 summed into the top byte (no popcount on baseline x86-64).
            let ones = (w & ~(w << 1) & highBits) >> 7
            continuing += Int((ones &* 0x0101_0101_0101_0101) >> 56)
            k += 8
        }
        while k < count {
            if p[k] & 0xC0 == 0x80 { continuing += 1 }
            k += 1
        }
        return count - continuing
    }

    /// The high bit of each of eight bytes.
    @inline(__always) private static var highBits: UInt64 { 0x8080_8080_8080_8080 }

    /// True when `count` bytes can be read.
    mutating func available(_ count: Int) throws(Unsure) -> Bool {
        while self.count - pos < count {
            if atEnd { return false }
            try refill()
        }
        return true
    }

    private mutating func refill() throws(Unsure) {
        guard let fd, !atEnd else { return }
        if pos > 0 {
            _ = location()
            count -= pos
            memmove(window, window + pos, count)
            pos = 0
            mark = 0
        }
        if count > Self.maxUnit { throw Unsure() }
        if capacity - count < Self.chunkSize {
            let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
            larger.update(from: window, count: count)
            window.deallocate()
            window = larger
            capacity *= 2
        }
        let read = FileIO.readInto(fd, window + count, count: Self.chunkSize, at: fileOffset, label: "the GPX file")
        guard case .success(let n) = read else { throw Unsure() }
        count += n
        fileOffset += n
        if n == 0 { atEnd = true }
    }

    mutating func starts(_ text: StaticString) throws(Unsure) -> Bool {
        let n = text.utf8CodeUnitCount
        guard try available(n) else { return false }
        return memcmp(window + pos, text.utf8Start, n) == 0
    }

    /// Whether the window's bytes in `range` are `text`'s.
    func equal(_ range: Range<Int>, _ text: StaticString) -> Bool {
        range.count == text.utf8CodeUnitCount && memcmp(window + range.lowerBound, text.utf8Start, range.count) == 0
    }

    /// The offset of the next `byte` at or after `start`; the end of the
    /// file's offset if `orEnd`, else unsure when there is none.
    mutating func find(_ byte: UInt8, from start: Int, orEnd: Bool = false) throws(Unsure) -> Int {
        var k = start
        while true {
            if pos + k < count, let found = memchr(window + pos + k, Int32(byte), count - pos - k) {
                return window.distance(to: found.assumingMemoryBound(to: UInt8.self)) - pos
            }
            k = count - pos
            if atEnd {
                if orEnd { return k }
                throw Unsure()
            }
            try refill()
        }
    }

    /// The offset of the next `pattern` at or after `start`; unsure when none.
    mutating func find(_ pattern: StaticString, from start: Int) throws(Unsure) -> Int {
        let n = pattern.utf8CodeUnitCount
        var k = start
        while true {
            k = try find(pattern.utf8Start[0], from: k)
            guard try available(k + n) else { throw Unsure() }
            if memcmp(window + pos + k, pattern.utf8Start, n) == 0 { return k }
            k += 1
        }
    }

    /// Moves past `count` bytes, counting lines (columns are counted when
    /// asked for); `lineFeeds: false` when the caller saw there are none.
    mutating func advance(_ count: Int, lineFeeds: Bool = true) {
        let end = pos + count
        var i = lineFeeds ? pos : end
        while i < end, let found = memchr(window + i, 0x0A, end - i) {
            i = window.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
            line += 1
            mark = i
            markColumn = 1
        }
        pos = end
    }

    /// Appends the next `count` bytes to `bytes`, a CR LF as LF (as XML
    /// reads it; `checkCharacters` saw every CR is before an LF, and
    /// whether there are any: `returns`).
    func append(count: Int, returns: Bool, to bytes: inout ByteBuffer) {
        var i = pos
        let end = pos + count
        while returns, let found = memchr(window + i, 0x0D, end - i) {
            let cr = window.distance(to: found.assumingMemoryBound(to: UInt8.self))
            bytes.append(UnsafeBufferPointer(start: window + i, count: cr - i))
            i = cr + 1
        }
        bytes.append(UnsafeBufferPointer(start: window + i, count: end - i))
    }

    mutating func skipByteOrderMark() throws(Unsure) {
        if try available(3), window[pos] == 0xEF, window[pos + 1] == 0xBB, window[pos + 2] == 0xBF {
            pos += 3
            mark = pos
        }
    }

    /// Checks the bytes from offset `start` to `end` are characters XML
    /// allows (`markup`: a comment or CDATA, where `&` is a character;
    /// else character data or an attribute value, where it starts a
    /// reference): whether they are all white space, hold a reference, a
    /// carriage return, a line feed.
    func checkCharacters(from start: Int, to end: Int, markup: Bool) throws(Unsure) -> Run {
        try checkCharacters(absolute: (pos + start)..<(pos + end), markup: markup)
    }

    /// What `checkCharacters` saw.
    struct Run {
        var blank = true
        var references = false
        var returns = false
        var feeds = false
    }

    /// `checkCharacters(from:to:markup:)` over absolute indices.
    func checkCharacters(absolute range: Range<Int>, markup: Bool) throws(Unsure) -> Run {
        var run = Run()
        var i = range.lowerBound
        let limit = range.upperBound
        while i < limit {
            let b = window[i]
            if b > 0x20 && b < 0x80 {
                // Printable ASCII but `&`, `<` and `>`: the common case.
                if b == UInt8(ascii: "&") && !markup {
                    run.references = true
                    i = try reference(at: i, limit: limit)
                    run.blank = false
                    continue
                }
                if b == UInt8(ascii: "<") && !markup { throw Unsure() }
                if b == UInt8(ascii: ">") && !markup && i >= 2 && window[i - 1] == UInt8(ascii: "]")
                    && window[i - 2] == UInt8(ascii: "]")
                {
                    throw Unsure()
                }
                run.blank = false
                i += 1
            } else if b == 0x20 || b == 0x09 {
                i += 1
            } else if b == 0x0A {
                run.feeds = true
                i += 1
            } else if b == 0x0D {
                guard i + 1 < limit, window[i + 1] == 0x0A else { throw Unsure() }
                run.returns = true
                i += 1
            } else if b >= 0x80 {
                i = try scalar(at: i, limit: limit)
                run.blank = false
            } else {
                throw Unsure()
            }
        }
        return run
    }

    /// Past a UTF-8 encoded character XML allows at `i`.
    private func scalar(at i: Int, limit: Int) throws(Unsure) -> Int {
        let b = window[i]
        let count: Int
        var value: UInt32
        if b & 0xE0 == 0xC0 {
            count = 2
            value = UInt32(b & 0x1F)
        } else if b & 0xF0 == 0xE0 {
            count = 3
            value = UInt32(b & 0x0F)
        } else if b & 0xF8 == 0xF0 {
            count = 4
            value = UInt32(b & 0x07)
        } else {
            throw Unsure()
        }
        guard i + count <= limit else { throw Unsure() }
        for k in 1..<count {
            let c = window[i + k]
            guard c & 0xC0 == 0x80 else { throw Unsure() }
            value = value << 6 | UInt32(c & 0x3F)
        }
        let least: UInt32 = count == 2 ? 0x80 : count == 3 ? 0x800 : 0x10000
        guard value >= least, Self.isCharacter(value) else { throw Unsure() }
        return i + count
    }

    /// XML 1.0's `Char`.
    private static func isCharacter(_ value: UInt32) -> Bool {
        value == 0x09 || value == 0x0A || value == 0x0D || (0x20...0xD7FF).contains(value)
            || (0xE000...0xFFFD).contains(value) || (0x1_0000...0x10_FFFF).contains(value)
    }

    /// Past a predefined entity or character reference at `i`.
    private func reference(at i: Int, limit: Int) throws(Unsure) -> Int {
        var end = i + 1
        while end < limit && end - i < 16 && window[end] != UInt8(ascii: ";") { end += 1 }
        guard end < limit, window[end] == UInt8(ascii: ";") else { throw Unsure() }
        let name = (i + 1)..<end
        if equal(name, "amp") || equal(name, "lt") || equal(name, "gt") || equal(name, "quot") || equal(name, "apos") {
            return end + 1
        }
        let digits = bytes(name)
        guard digits.first == UInt8(ascii: "#") else { throw Unsure() }
        var k = 1
        var radix: UInt32 = 10
        if digits.count > 1 && digits[1] == UInt8(ascii: "x") {
            radix = 16
            k = 2
        }
        guard digits.count > k, digits.count - k <= 7 else { throw Unsure() }
        var value: UInt32 = 0
        for d in digits[k...] {
            let digit: UInt32
            switch d {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(d - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: digit = UInt32(d - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: digit = UInt32(d - UInt8(ascii: "A") + 10)
            default: throw Unsure()
            }
            value = value * radix + digit
        }
        guard Self.isCharacter(value) else { throw Unsure() }
        return end + 1
    }
}
