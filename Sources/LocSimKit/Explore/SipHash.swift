/// SipHash-2-4 (Aumasson and Bernstein, "SipHash: a fast short-input PRF",
/// 2012): a keyed 64-bit hash. A shard's keyed digest (`LOCSIM_SHARD_KEY`,
/// docs/ci-shards.md): without the 128-bit key, no digest can be made for
/// edited bytes, which FNV-1a does not promise.
package struct SipHash: Equatable, Sendable {
    let k0: UInt64
    let k1: UInt64

    /// The key from 32 hex digits (16 bytes, the first byte first, read as
    /// two little-endian words as the reference does); `nil` otherwise.
    package init?(hex text: String) {
        let digits = Array(text.utf8)
        guard digits.count == 32 else { return nil }
        var bytes: [UInt8] = []
        for i in stride(from: 0, to: 32, by: 2) {
            guard let high = Self.nibble(digits[i]), let low = Self.nibble(digits[i + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        self.init(key: bytes)
    }

    /// The key from its 16 bytes.
    init(key bytes: [UInt8]) {
        precondition(bytes.count == 16, "a SipHash key is 16 bytes, not \(bytes.count)")
        k0 = Self.word(bytes, 0)
        k1 = Self.word(bytes, 8)
    }

    private static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    private static func word(_ bytes: [UInt8], _ at: Int) -> UInt64 {
        (0..<8).reduce(0) { w, i in w | UInt64(bytes[at + i]) << (8 * i) }
    }

    /// SipHash-2-4 of `bytes` under this key.
    package func hash<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> UInt64 {
        var v0: UInt64 = k0 ^ 0x736f_6d65_7073_6575
        var v1: UInt64 = k1 ^ 0x646f_7261_6e64_6f6d
        var v2: UInt64 = k0 ^ 0x6c79_6765_6e65_7261
        var v3: UInt64 = k1 ^ 0x7465_6462_7974_6573
        func round() {
            v0 &+= v1
            v1 = v1 << 13 | v1 >> 51
            v1 ^= v0
            v0 = v0 << 32 | v0 >> 32
            v2 &+= v3
            v3 = v3 << 16 | v3 >> 48
            v3 ^= v2
            v0 &+= v3
            v3 = v3 << 21 | v3 >> 43
            v3 ^= v0
            v2 &+= v1
            v1 = v1 << 17 | v1 >> 47
            v1 ^= v2
            v2 = v2 << 32 | v2 >> 32
        }
        func compress(_ m: UInt64) {
            v3 ^= m
            round()
            round()
            v0 ^= m
        }
        var word: UInt64 = 0
        var filled = 0
        for byte in bytes {
            word |= UInt64(byte) << (8 * filled)
            filled += 1
            if filled == 8 {
                compress(word)
                (word, filled) = (0, 0)
            }
        }
        // The last block: the bytes left and the length's low byte on top.
        compress(word | UInt64(truncatingIfNeeded: bytes.count) << 56)
        v2 ^= 0xff
        for _ in 0..<4 { round() }
        return v0 ^ v1 ^ v2 ^ v3
    }
}
