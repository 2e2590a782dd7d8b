#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A growable byte buffer for the log writers' hot path.
///
/// Why not `[UInt8]`: every `append` on an array checks uniqueness and
/// capacity and, for `append(contentsOf:)`, goes through the generic
/// sequence path; a log line is a dozen such appends, which measured as
/// about half of the writer's instructions. Here an append is a capacity
/// compare and a store, and up to 8 digits go out in one unaligned store.
///
/// A copy shares the allocation (the class only owns it, so it is freed once);
/// like `OutputBuffer`, a buffer has one owner that appends to it. The GPX
/// reader (LocSimGPX) keeps its names, values and lines in it too.
package struct ByteBuffer {
    private final class Allocation {
        var pointer: UnsafeMutablePointer<UInt8>
        init(capacity: Int) { pointer = .allocate(capacity: capacity) }
        deinit { pointer.deallocate() }
    }

    private var allocation: Allocation
    private(set) var base: UnsafeMutablePointer<UInt8>
    package private(set) var count = 0
    private(set) var capacity: Int

    package init(capacity: Int = 4096) {
        let c = max(capacity, 64)
        allocation = Allocation(capacity: c)
        base = allocation.pointer
        self.capacity = c
    }

    /// The bytes written so far.
    package var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    /// The bytes from `offset` on, valid until the next change.
    package func bytes(from offset: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + offset, count: count &- offset)
    }

    /// A copy of the bytes written so far.
    package var array: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    var isEmpty: Bool { count == 0 }

    /// Makes room for `n` more bytes.
    @inline(__always)
    mutating func reserve(_ n: Int) {
        if n > capacity &- count { grow(to: count + n) }
    }

    private mutating func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let bigger = Allocation(capacity: newCapacity)
        bigger.pointer.update(from: base, count: count)
        allocation = bigger
        base = bigger.pointer
        capacity = newCapacity
    }

    @inline(__always)
    package mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count &+= 1
    }

    @inline(__always)
    package mutating func append(_ raw: UnsafeRawBufferPointer) {
        guard let source = raw.baseAddress, raw.count > 0 else { return }
        reserve(raw.count)
        UnsafeMutableRawPointer(base + count).copyMemory(from: source, byteCount: raw.count)
        count &+= raw.count
    }

    mutating func append(_ array: [UInt8]) {
        array.withUnsafeBytes { append($0) }
    }

    @inline(__always)
    package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        append(UnsafeRawBufferPointer(bytes))
    }

    package mutating func append(_ text: StaticString) {
        append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends a string's UTF-8 bytes, as one buffer: its storage, or for a
    /// small string a copy on the stack. Most are short words (`drop`,
    /// `notInUse`), copied without a call to `memcpy`.
    @inline(__always)
    package mutating func append(_ string: String) {
        let done: Void? = string.utf8.withContiguousStorageIfAvailable { utf8 in
            appendShort(UnsafeRawBufferPointer(utf8))
        }
        if done == nil {
            var s = string  // not contiguous UTF-8 (a bridged string): let `withUTF8` make it so
            s.withUTF8 { append(UnsafeRawBufferPointer($0)) }
        }
    }

    /// `append(_:)` with up to 16 bytes moved by two overlapping loads and
    /// stores, as short copies are the common case.
    @inline(__always)
    mutating func appendShort(_ raw: UnsafeRawBufferPointer) {
        let n = raw.count
        guard n >= 4, n <= 16, let source = raw.baseAddress else { return append(raw) }
        reserve(n)
        let target = UnsafeMutableRawPointer(base + count)
        if n >= 8 {
            let head = source.loadUnaligned(as: UInt64.self)
            let tail = source.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self)
            target.storeBytes(of: head, as: UInt64.self)
            target.storeBytes(of: tail, toByteOffset: n &- 8, as: UInt64.self)
        } else {
            let head = source.loadUnaligned(as: UInt32.self)
            let tail = source.loadUnaligned(fromByteOffset: n &- 4, as: UInt32.self)
            target.storeBytes(of: head, as: UInt32.self)
            target.storeBytes(of: tail, toByteOffset: n &- 4, as: UInt32.self)
        }
        count &+= n
    }

    /// Appends the first `n` (≤ 8) bytes of `word`, lowest byte first, with one store.
    @inline(__always)
    mutating func appendPacked(_ word: UInt64, count n: Int) {
        reserve(8)
        UnsafeMutableRawPointer(base + count).storeBytes(of: word.littleEndian, as: UInt64.self)
        count &+= n
    }

    /// Makes room for `maximum` bytes and lets `body` store up to that many
    /// at the end, keeping the count it returns: several numbers of a line
    /// stored through one pointer check the room once.
    @inline(__always)
    mutating func appendStored(maximum: Int, _ body: (UnsafeMutableRawPointer) -> Int) {
        reserve(maximum)
        count &+= body(UnsafeMutableRawPointer(base + count))
    }

    /// Forgets the bytes, keeping the allocation.
    package mutating func removeAll() { count = 0 }

    /// Forgets the bytes after the first `count`.
    package mutating func removeAll(after count: Int) { self.count = Swift.min(count, self.count) }

    /// Forgets the bytes and returns to a small allocation (after a large spill).
    mutating func reset(capacity: Int) {
        self = ByteBuffer(capacity: capacity)
    }
}
