/// One part of a golden suite split over machines: `locsim check --shard 2/4`.
///
/// The split is by file and depends on nothing but each scenario's *key*:
/// its path relative to the folder given to `check` (`tutorial/run.scn` for
/// `Scenarios/tutorial/run.scn` found under `Scenarios`), or the path as
/// given for a scenario named on the command line. A scenario belongs to
/// shard `FNV-1a-64(UTF-8 bytes of its key) % count + 1`, so it stays in the
/// same shard on every machine, in every order, whatever else the suite
/// holds, and the shards `1/n … n/n` together check every scenario exactly
/// once. Indexes count from 1 (`1/4` … `4/4`, as Jest and Playwright count
/// shards); a 0-based index (Kubernetes' `JOB_COMPLETION_INDEX`, Buildkite's
/// `BUILDKITE_PARALLEL_JOB`) needs `+ 1` (docs/ci-shards.md).
package struct Shard: Equatable, Sendable {
    /// This shard, from 1 to `count`.
    package let index: Int
    /// The number of shards, at least 1.
    package let count: Int

    /// The most shards accepted: far more machines than any CI run uses.
    package static let maxCount = 1_000_000

    /// A shard from `index` (1-based) and `count`; nil unless `1 ≤ index ≤ count ≤ maxCount`.
    package init?(index: Int, count: Int) {
        guard count >= 1, count <= Self.maxCount, index >= 1, index <= count else { return nil }
        self.index = index
        self.count = count
    }

    /// Parses `i/n` (`2/4`), or says what is wrong with it.
    package static func parse(_ text: String) -> Result<Shard, ShardError> {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Self.number(parts[0]), let count = Self.number(parts[1]) else {
            return .failure(ShardError("'--shard' needs <index>/<count> with whole numbers, like 1/4, not '\(text)'"))
        }
        guard count >= 1, count <= maxCount else {
            return .failure(ShardError("'--shard' count must be from 1 to \(maxCount), not \(count)"))
        }
        if index == 0 {
            return .failure(
                ShardError(
                    "'--shard' index counts from 1 (1/\(count) … \(count)/\(count)), not 0; for a 0-based index such as JOB_COMPLETION_INDEX, add 1"
                ))
        }
        guard let shard = Shard(index: index, count: count) else {
            return .failure(ShardError("'--shard' index must be from 1 to \(count), not \(index)"))
        }
        return .success(shard)
    }

    /// Plain decimal digits only (no sign, no spaces), at most 9 of them.
    private static func number(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 9, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        return Int(text)
    }

    /// The shard (1 to `count`) that checks the scenario with key `key`.
    package static func number(of key: String, count: Int) -> Int {
        Int(fnv1a64(key.utf8) % UInt64(count)) + 1
    }

    /// True when this shard checks the scenario with key `key`.
    package func contains(key: String) -> Bool {
        Self.number(of: key, count: count) == index
    }

    /// 64-bit FNV-1a of `bytes` (a key's UTF-8, a shard file's text): fixed
    /// by its definition, unlike `Hasher`, which is seeded per process.
    static func fnv1a64<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }
}

/// A `--shard` value that does not fit `i/n`.
package struct ShardError: Error, Equatable {
    package var message: String
    init(_ message: String) { self.message = message }
}
