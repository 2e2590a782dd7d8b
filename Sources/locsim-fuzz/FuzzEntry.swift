#if canImport(LocSimKit)
    import LocSimKit
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

#if FUZZING
    /// The libFuzzer entry point (`make fuzz` builds with `-sanitize=fuzzer`).
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
        let bytes = Array(UnsafeBufferPointer(start: data, count: size))
        replayForFuzzing(bytes)
        #if FUZZ_EXPLORE
            exploreForFuzzing(bytes)
        #endif
        return 0
    }
#else
    /// Without the fuzzer: replays the files given as arguments through the same
    /// harness, to reproduce a crash the fuzzer found (`locsim-fuzz crash-…`;
    /// `locsim-fuzz --explore crash-…` for one the explore target found).
    @main enum FuzzReplay {
        static func main() {
            var explore = false
            for path in CommandLine.arguments.dropFirst() {
                if path == "--explore" {
                    explore = true
                    continue
                }
                switch FileIO.readFile(path) {
                case .success(let bytes):
                    replayForFuzzing(bytes)
                    if explore { exploreForFuzzing(bytes) }
                    print("\(path): ok")
                case .failure(let error):
                    print("locsim-fuzz: \(error)")
                }
            }
        }
    }
#endif
