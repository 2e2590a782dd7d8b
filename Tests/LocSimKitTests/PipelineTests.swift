import Testing

@testable import LocSimKit
@testable import LocSimTool

/// `Replay.runPipelined` (parsing on a second thread) writes the same bytes
/// and throws the same first error as `Replay.run`.
@Suite struct PipelineTests {
    /// The log in `format`, or the error, of `scenario` on 1 or 2 threads.
    static func replay(_ scenario: [UInt8], threads: Int, format: LogFormat = .text) -> Result<[UInt8], ScenarioError> {
        var reader = LineReader(bytes: scenario)
        var output = OutputBuffer.memory()
        do throws(ScenarioError) {
            try Replay.run(&reader, format: format, threads: threads, into: &output)
            return .success(output.contents)
        } catch {
            return .failure(error)
        }
    }

    /// `scenario` fails at `line` on one thread, and the same way on two.
    static func expectSameError(_ scenario: [UInt8], line: Int) {
        let single = replay(scenario, threads: 1)
        guard case .failure(let error) = single else {
            Issue.record("expected an error")
            return
        }
        #expect(error.location.line == line)
        #expect(replay(scenario, threads: 2) == single)
    }

    @Test(arguments: [1, 1023, 1024, 1025, 40_000])
    func sameBytesAcrossBatchEdges(lines: Int) {
        let scenario = TraceGenerator.text(lines: lines, seed: 3)
        for format in LogFormat.allCases {
            #expect(
                Self.replay(scenario, threads: 2, format: format) == Self.replay(scenario, threads: 1, format: format))
        }
    }

    @Test func anEmptyScenarioAndAHeaderOnlyOne() {
        for text in ["", "locsim 1\nplatform iOS 14.0\n", "# only a comment\n\n"] {
            let scenario = Array(text.utf8)
            #expect(Self.replay(scenario, threads: 2) == Self.replay(scenario, threads: 1))
        }
    }

    /// A parse error thousands of lines in: the same error, after the same lines.
    @Test func aParseErrorLateInTheFile() {
        var scenario = TraceGenerator.text(lines: 5000, seed: 1)
        scenario += Array("99999 fix 95 139\n".utf8)
        scenario += TraceGenerator.text(lines: 3000, seed: 2)
        Self.expectSameError(scenario, line: 5001)
    }

    /// A simulation error comes before a later parse error: it wins, as on one thread.
    @Test func aSimulationErrorBeforeAParseError() {
        var text = """
            locsim 1
            platform iOS 10.3
            plist NSLocationWhenInUseUsageDescription "Route."
            0 launch
            1 app set showsBackgroundLocationIndicator true

            """
        for i in 0..<5000 { text += "\(2 + i) fix 35.0 139.0 5\n" }
        text += "9999 not a statement\n"
        let scenario = Array(text.utf8)
        Self.expectSameError(scenario, line: 5)
    }
}
