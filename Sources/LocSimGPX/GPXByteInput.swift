import LocSimKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes `GPXFastReader` reads, a window at a time, with the line and
/// character of the first one; and the checks of XML's lexical rules that
/// the reader needs. Every doubt throws `GPXFastReader.Unsure`.
struct GPXByteInput {
    typealias Unsure = GPXFastReader.Unsure

    /// A start tag: slices of `buffer`, valid until the input moves on.
    struct Tag {
        var name: ArraySlice<UInt8>
        var attributes: [(name: ArraySlice<UInt8>, value: ArraySlice<UInt8>)]
        /// `<name …/>`.
        var empty: Bool
        /// The place of its `>` or `/>` (`GPXFastReader` says why).
        var location: SourceLocation
    }

    /// The regular file read from, `nil` when `buffer` holds the whole file.
    private let fd: Int32?
    private(set) var buffer: [UInt8]
    /// The next byte to read, in `buffer`.
    private(set) var pos = 0
    private var fileOffset = 0
    private var atEnd: Bool
    private var line = 1
    private var column = 1

    static let chunkSize = 1 << 16
    /// The longest piece of markup or text read as one; longer is unsure.
    static let maxUnit = 1 << 22

    init(fd: Int32?, bytes: [UInt8]) {
        self.fd = fd
        buffer = fd == nil ? bytes : []
        atEnd = fd == nil
    }

    var location: SourceLocation { SourceLocation(line: line, column: column) }

    func byte(_ offset: Int) -> UInt8 { buffer[pos + offset] }

    /// True when `count` bytes can be read.
    mutating func available(_ count: Int) throws(Unsure) -> Bool {
        while buffer.count - pos < count {
            if atEnd { return false }
            try refill()
        }
        return true
    }

    private mutating func refill() throws(Unsure) {
        guard let fd, !atEnd else { return }
        if pos > 0 {
            buffer.removeSubrange(0..<pos)
            pos = 0
        }
        if buffer.count > Self.maxUnit { throw Unsure() }
        let old = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: Self.chunkSize))
        let read = buffer.withUnsafeMutableBytes { raw in
            FileIO.readInto(fd, raw.baseAddress! + old, count: Self.chunkSize, at: fileOffset, label: "the GPX file")
        }
        guard case .success(let count) = read else { throw Unsure() }
        buffer.removeSubrange((old + count)...)
        fileOffset += count
        if count == 0 { atEnd = true }
    }

    mutating func starts(_ text: StaticString) throws(Unsure) -> Bool {
        let count = text.utf8CodeUnitCount
        guard try available(count) else { return false }
        let bytes = UnsafeBufferPointer(start: text.utf8Start, count: count)
        for k in 0..<count where buffer[pos + k] != bytes[k] { return false }
        return true
    }

    /// The offset of the next `byte` at or after `start`; the end of the
    /// file's offset if `orEnd`, else unsure when there is none.
    mutating func find(_ byte: UInt8, from start: Int, orEnd: Bool = false) throws(Unsure) -> Int {
        var k = start
        while true {
            while pos + k < buffer.count {
                if buffer[pos + k] == byte { return k }
                k += 1
            }
            if atEnd {
                if orEnd { return k }
                throw Unsure()
            }
            try refill()
        }
    }

    /// The offset of the next `pattern` at or after `start`; unsure when none.
    mutating func find(_ pattern: StaticString, from start: Int) throws(Unsure) -> Int {
        let bytes = UnsafeBufferPointer(start: pattern.utf8Start, count: pattern.utf8CodeUnitCount)
        var k = start
        while true {
            k = try find(bytes[0], from: k)
            guard try available(k + bytes.count) else { throw Unsure() }
            if (1..<bytes.count).allSatisfy({ buffer[pos + k + $0] == bytes[$0] }) { return k }
            k += 1
        }
    }

    /// Moves past `count` bytes, counting lines and characters.
    mutating func advance(_ count: Int) {
        for k in pos..<(pos + count) {
            let b = buffer[k]
            if b == 0x0A {
                line += 1
                column = 1
            } else if b & 0xC0 != 0x80 {
                column += 1
            }
        }
        pos += count
    }

    /// Appends the next `count` bytes to `bytes`, a CR LF as LF (as XML
    /// reads it; `checkCharacters` saw every CR is before an LF).
    mutating func append(count: Int, to bytes: inout [UInt8]) {
        let run = buffer[pos..<(pos + count)]
        if run.contains(0x0D) {
            bytes.append(contentsOf: run.lazy.filter { $0 != 0x0D })
        } else {
            bytes.append(contentsOf: run)
        }
    }

    mutating func skipByteOrderMark() throws(Unsure) {
        if try available(3), buffer[pos] == 0xEF, buffer[pos + 1] == 0xBB, buffer[pos + 2] == 0xBF { pos += 3 }
    }

    /// Checks the bytes from offset `start` to `end` are characters XML
    /// allows (`markup`: a comment or CDATA, where `&` is a character;
    /// else character data or an attribute value, where it starts a
    /// reference): whether they are all white space, and hold a reference.
    func checkCharacters(from start: Int, to end: Int, markup: Bool) throws(Unsure) -> (blank: Bool, references: Bool) {
        var blank = true
        var references = false
        var i = pos + start
        let limit = pos + end
        while i < limit {
            let b = buffer[i]
            if b >= 0x20 && b < 0x80 {
                if b == UInt8(ascii: "&") && !markup {
                    references = true
                    i = try reference(at: i, limit: limit)
                    blank = false
                    continue
                }
                if b == UInt8(ascii: "<") && !markup { throw Unsure() }
                if b == UInt8(ascii: ">") && !markup && i >= 2 && buffer[i - 1] == UInt8(ascii: "]")
                    && buffer[i - 2] == UInt8(ascii: "]")
                {
                    throw Unsure()
                }
                if b != 0x20 { blank = false }
                i += 1
            } else if b == 0x09 || b == 0x0A {
                i += 1
            } else if b == 0x0D {
                guard i + 1 < limit, buffer[i + 1] == 0x0A else { throw Unsure() }
                i += 1
            } else if b >= 0x80 {
                i = try scalar(at: i, limit: limit)
                blank = false
            } else {
                throw Unsure()
            }
        }
        return (blank, references)
    }

    /// Past a UTF-8 encoded character XML allows at `i`.
    private func scalar(at i: Int, limit: Int) throws(Unsure) -> Int {
        let b = buffer[i]
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
            let c = buffer[i + k]
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
        while end < limit && end - i < 16 && buffer[end] != UInt8(ascii: ";") { end += 1 }
        guard end < limit, buffer[end] == UInt8(ascii: ";") else { throw Unsure() }
        let name = buffer[(i + 1)..<end]
        for known in ["amp", "lt", "gt", "quot", "apos"] where name.elementsEqual(known.utf8) { return end + 1 }
        guard name.first == UInt8(ascii: "#") else { throw Unsure() }
        var digits = name.dropFirst()
        var radix: UInt32 = 10
        if digits.first == UInt8(ascii: "x") {
            radix = 16
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.count <= 7 else { throw Unsure() }
        var value: UInt32 = 0
        for d in digits {
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
