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

#if FUZZING
    /// The libFuzzer entry point (`make fuzz` builds with `-sanitize=fuzzer`).
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
        replayForFuzzing(Array(UnsafeBufferPointer(start: data, count: size)))
        return 0
    }
#else
    /// Without the fuzzer: replays the files given as arguments through the same
    /// harness, to reproduce a crash the fuzzer found (`locsim-fuzz crash-…`).
    @main enum FuzzReplay {
        static func main() {
            for path in CommandLine.arguments.dropFirst() {
                switch FileIO.readFile(path) {
                case .success(let bytes):
                    replayForFuzzing(bytes)
                    print("\(path): ok")
                case .failure(let error):
                    print("locsim-fuzz: \(error)")
                }
            }
        }
    }
#endif
