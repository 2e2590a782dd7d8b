import LocSimKit

/// Bytes in memory of their own, appended through a pointer: the fast
/// reader's open element names and a value's text, and the lines
/// `locsim-gpx` prints. An array's `append` runs generic uniqueness and
/// capacity checks on every call, which cost more than the copy here, for
/// every point of a track (issue 20).
struct GPXByteBuffer: ~Copyable {
    private var start: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        start = .allocate(capacity: self.capacity)
    }

    deinit { start.deallocate() }

    /// The bytes from `offset` on, valid until the next change.
    func bytes(from offset: Int = 0) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: start + offset, count: count - offset)
    }

    /// Keeps the first `count` bytes.
    mutating func removeAll(after count: Int = 0) { self.count = count }

    /// Room for `extra` more bytes.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if capacity - count < extra { grow(extra) }
    }

    private mutating func grow(_ extra: Int) {
        capacity = max(capacity * 2, count + extra)
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        larger.update(from: start, count: count)
        start.deallocate()
        start = larger
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        start[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        reserve(bytes.count)
        (start + count).update(from: base, count: bytes.count)
        count += bytes.count
    }

    mutating func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func append(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ append($0) }) == nil {
            var text = text
            text.withUTF8 { append($0) }
        }
    }

    /// The decimal digits of `n` (0 or more).
    mutating func appendDecimal(_ n: Int64) {
        var digits = 1
        var power: Int64 = 10
        while digits < 19 && n >= power {
            digits += 1
            power &*= 10
        }
        reserve(digits)
        var rest = n
        for k in stride(from: digits - 1, through: 0, by: -1) {
            start[count + k] = UInt8(truncatingIfNeeded: 48 + rest % 10)
            rest /= 10
        }
        count += digits
    }

    /// `time` in seconds with three decimals, as `Millis.appendSeconds` writes it.
    mutating func appendSeconds(_ time: Millis) {
        if time.value < 0 { append(UInt8(ascii: "-")) }
        let magnitude = time.value.magnitude
        appendDecimal(Int64(magnitude / 1000))
        let ms = Int(magnitude % 1000)
        reserve(4)
        start[count] = UInt8(ascii: ".")
        start[count + 1] = UInt8(48 + ms / 100)
        start[count + 2] = UInt8(48 + ms / 10 % 10)
        start[count + 3] = UInt8(48 + ms % 10)
        count += 4
    }
}
