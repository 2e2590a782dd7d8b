import Testing

@testable import LocSimKit

/// `SipHash` against the reference implementation's test vectors
/// (github.com/veorq/SipHash, vectors.h: key 00 01 … 0f, message 00 01 …
/// of each length, the output as little-endian bytes).
@Suite struct SipHashTests {
    static let key = SipHash(key: Array(0..<16))

    @Test(arguments: [
        (0, 0x726f_db47_dd0e_0e31 as UInt64), (1, 0x74f8_39c5_93dc_67fd), (63, 0x958a_324c_eb06_4572),
    ])
    func referenceVectors(length: Int, want: UInt64) {
        #expect(Self.key.hash((0..<length).map(UInt8.init)) == want)
    }

    @Test func theKeyReadsFromHex() {
        #expect(SipHash(hex: "000102030405060708090a0b0c0d0e0f") == Self.key)
        #expect(SipHash(hex: "000102030405060708090A0B0C0D0E0F") == Self.key)
        #expect(SipHash(hex: "000102030405060708090a0b0c0d0e0") == nil)
        #expect(SipHash(hex: "000102030405060708090a0b0c0d0e0g") == nil)
        #expect(SipHash(hex: "") == nil)
    }
}
