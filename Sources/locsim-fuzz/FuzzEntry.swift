#if canImport(LocSimKit)
    import LocSimKit
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One fuzz input: replay it as a scenario in both log formats. A scenario
/// error is a fine outcome; a trap, a hang or a difference between the
/// formats' record counts is a defect.
func replayForFuzzing(_ bytes: [UInt8]) {
    var counts: [Int] = []
    for format in LogFormat.allCases {
        var reader = LineReader(bytes: bytes)
        var output = OutputBuffer.memory()
        do {
            counts.append(try Replay.run(&reader, format: format, into: &output))
        } catch {
            counts.append(-1)
        }
    }
    precondition(counts[0] == counts[1], "text and jsonl logs differ in length: \(counts)")
}

/// One fuzz input for `locsim explore` (`FUZZ_TARGET=explore bench/fuzz.sh`,
/// after the replay of the same input): every path of it, then a few
/// random ones, under small limits (an input
/// past them is an error, a fine outcome), each report rendered. Windows,
/// `system any`, `user any` and the relaunch orders are choice points here.
func exploreForFuzzing(_ bytes: [UInt8]) {
    var explore = Explore(jobs: 1, maxStates: 256, maxOutcomes: 4096)
    explore.systemTerminations = 1
    if let report = try? explore.run(bytes) {
        _ = report.rendered(.text, onlyFailing: false)
        _ = report.rendered(.jsonl, onlyFailing: false)
    }
    explore.sampling = Explore.Sampling(samples: 16, seed: UInt64(bytes.count))
    if let report = try? explore.run(bytes) { _ = report.rendered(.text, onlyFailing: false) }
}

/// Shard files written by another machine are untrusted input
/// (docs/ci-shards.md): one fuzz input is the shard files of a merge, split
/// at each 0x1E byte (`FUZZ_TARGET=merge`; `shard`: the whole input is one
/// file). Each file's last line, where it is a `{"end":…}` line, is written
/// again with the digest of the bytes before it, as `locsim explore --shard`
/// writes it, so that a mutation reaches the reader past the digest check;
/// an input whose first byte is `!` keeps the digests as they are (the
/// check itself fuzzed). An error is a fine outcome; a trap, a hang or a
/// report that does not render is a defect.
func mergeForFuzzing(_ bytes: [UInt8], split: Bool) {
    var input = bytes[...]
    let redigest = input.first != UInt8(ascii: "!")
    if !redigest { input = input.dropFirst() }
    let chunks = split ? input.split(separator: 0x1E, omittingEmptySubsequences: false).prefix(16) : [input]
    let files = chunks.enumerated().map { i, chunk in
        Explore.ShardInput(name: "shard-\(i + 1).jsonl", bytes: redigest ? redigested(Array(chunk)) : Array(chunk))
    }
    guard case .success(let merged) = Explore.merge(files, jobs: 1), case .success(let report) = merged.report else {
        return
    }
    _ = report.rendered(.text, onlyFailing: false)
    _ = report.rendered(.jsonl, onlyFailing: false)
}

/// `file` with its last line, where it starts `{"end":`, made again from the
/// bytes before it (their line count and FNV-1a digest).
func redigested(_ file: [UInt8]) -> [UInt8] {
    let body = file.last == 0x0A ? file.dropLast() : file[...]
    let start = body.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
    guard body[start...].starts(with: Array("{\"end\":".utf8)) else { return file }
    let before = file[..<start]
    let lines = before.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    return Array(before) + Array("{\"end\":\(lines),\"digest\":\"\(Explore.digestHex(before))\"}\n".utf8)
}

/// One fuzz input for `check --coverage`'s pass (`FUZZ_TARGET=coverage`):
/// the scenario's comments read for rule sections, then its replay tallied,
/// the report rendered in both formats.
func coverageForFuzzing(_ bytes: [UInt8]) {
    var report = CoverageReport()
    Coverage().add(bytes, path: "fuzz/input.scn", to: &report)
    for format in CoverageReport.Format.allCases { _ = report.rendered(format) }
}

/// One input through `target`'s harness: `replay` (the default), `explore`
/// (the replay, then explore), `shard`, `merge`, `coverage`.
func fuzz(target: String, _ bytes: [UInt8]) {
    switch target {
    case "shard": mergeForFuzzing(bytes, split: false)
    case "merge": mergeForFuzzing(bytes, split: true)
    case "coverage": coverageForFuzzing(bytes)
    default:
        replayForFuzzing(bytes)
        if target == "explore" { exploreForFuzzing(bytes) }
    }
}

#if FUZZING
    /// The target, from `FUZZ_TARGET` (bench/fuzz.sh): one build serves them all.
    let fuzzTarget: String = {
        guard let value = getenv("FUZZ_TARGET") else { return "replay" }
        return String(cString: value)
    }()

    /// The libFuzzer entry point (`make fuzz` builds with `-sanitize=fuzzer`).
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
        fuzz(target: fuzzTarget, Array(UnsafeBufferPointer(start: data, count: size)))
        return 0
    }
#else
    /// Without the fuzzer: replays the files given as arguments through the same
    /// harness, to reproduce a crash the fuzzer found (`locsim-fuzz crash-…`;
    /// `locsim-fuzz --explore crash-…` for one the explore target found;
    /// `--shard`, `--merge`, `--coverage` for those targets').
    @main enum FuzzReplay {
        static func main() {
            var target = "replay"
            for path in CommandLine.arguments.dropFirst() {
                if ["--explore", "--shard", "--merge", "--coverage"].contains(path) {
                    target = String(path.dropFirst(2))
                    continue
                }
                switch FileIO.readFile(path) {
                case .success(let bytes):
                    fuzz(target: target, bytes)
                    print("\(path): ok")
                case .failure(let error):
                    print("locsim-fuzz: \(error)")
                }
            }
        }
    }
#endif
