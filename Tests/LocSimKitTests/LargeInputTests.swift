import Testing

@testable import LocSimKit

/// Inputs too large to keep as golden files: generated here.
@Suite struct LargeInputTests {
    /// 10 million empty lines replay to an empty log, without an error and
    /// without memory growing per line.
    @Test func tenMillionEmptyLinesGiveAnEmptyLog() throws {
        let bytes = [UInt8](repeating: UInt8(ascii: "\n"), count: 10_000_000)
        #expect(try Replay.textLog(of: bytes).isEmpty)
    }

    /// An error on the last of many lines reports its line number exactly.
    @Test func errorAfterManyLinesNamesTheLine() {
        var bytes = [UInt8](repeating: UInt8(ascii: "\n"), count: 1_000_000)
        bytes += Array("0 launch\n1 lanch\n".utf8)
        #expect(throws: ScenarioError.self) { try Replay.textLog(of: bytes) }
        do {
            _ = try Replay.textLog(of: bytes)
        } catch {
            #expect(error.location == SourceLocation(line: 1_000_002, column: 3))
        }
    }
}
