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
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Without the fuzzer: replays the files given as arguments through the same
/// harness, to reproduce a crash the fuzzer found (`locsim-fuzz crash-…`).
@main enum FuzzReplay {
    static func main() {
        for path in CommandLine.arguments.dropFirst() {
            guard let file = fopen(path, "rb") else {
                print("locsim-fuzz: cannot open \(path)")
                exit(2)
            }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = fread(&chunk, 1, chunk.count, file)
                if n <= 0 { break }
                bytes += chunk[0..<n]
            }
            fclose(file)
            replayForFuzzing(bytes)
            print("\(path): ok")
        }
    }
}
#endif
