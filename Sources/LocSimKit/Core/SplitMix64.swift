/// A small seeded generator (SplitMix64, Steele, Lea and Flood 2014).
///
/// The bench trace must be the same bytes on every machine and toolchain,
/// so it uses this instead of the standard library's unseeded generator.
package struct SplitMix64 {
    private var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<bound` (bound > 0); the tiny modulo bias does not matter here.
    package mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    /// A value in `-bound...bound`.
    package mutating func symmetric(_ bound: Int) -> Int {
        below(2 * bound + 1) - bound
    }
}
