import Testing

@testable import LocSimKit
@testable import LocSimTool

@Suite struct TraceGeneratorTests {
    @Test func sameSeedSameBytesAndExactLineCount() {
        let a = TraceGenerator.text(lines: 5000, seed: 1)
        #expect(a == TraceGenerator.text(lines: 5000, seed: 1))
        #expect(a != TraceGenerator.text(lines: 5000, seed: 2))
        #expect(a.filter { $0 == LogBytes.newline }.count == 5000)
        #expect(a.last == LogBytes.newline)
    }

    @Test func startsWithTheHeaderAndSetup() {
        let text = String(decoding: TraceGenerator.text(lines: 8, seed: 1), as: UTF8.self)
        #expect(text.hasPrefix("# locsim bench trace: 8 lines, seed 1\nlocsim 1\nplatform iOS 14.0\n"))
        #expect(text.contains("plist UIBackgroundModes location\n0.000 launch\n"))
    }

    /// The bench trace must stay a valid scenario as the rules grow.
    @Test func replaysWithoutAnError() throws {
        let scenario = TraceGenerator.text(lines: 30_000, seed: 1)
        let log = String(decoding: try Replay.textLog(of: scenario), as: UTF8.self)
        for kind in ["delegate", "app", "inuse", "indicator", "hold", "prompt", "auth"] {
            #expect(log.contains(" \(kind) "), "no \(kind) record in the bench trace's log")
        }
    }
}
