import Testing

@testable import LocSimKit

/// `locsim run --platform <p>` prints the full log of the matrix row of `p`:
/// the same platform override and the same answer translation.
@Suite struct RunPlatformTests {
    /// The seed scenarios with a matrix golden: flows with answers that
    /// other platforms' prompts do not offer (`allowWhileUsing` on iOS 12,
    /// `allowOnce` before iOS 13), so the translation is exercised.
    static let scenarios = [
        "seeds/000-allow-once-expires.scn", "seeds/001-prompt-text-always-ios13.scn",
        "seeds/003-provisional-keep-while-using.scn", "seeds/004-denied-kclerrordenied.scn",
    ]

    /// The text log `run` writes with `platform`, on one thread or two.
    static func runLog(_ bytes: [UInt8], platform: Platform, threads: Int) throws(ScenarioError) -> [UInt8] {
        var reader = LineReader(bytes: bytes)
        var output = OutputBuffer.memory()
        var report = ReplayReport()
        try Replay.run(&reader, format: .text, threads: threads, platform: platform, into: &output, report: &report)
        return output.contents
    }

    @Test(arguments: scenarios)
    func everyRowIsTheRunLogOfItsPlatform(_ name: String) throws {
        let bytes = try FileIO.readFile(ScenarioFiles.root + "/" + name).get()
        let report = try Matrix(platforms: Matrix.allPlatforms, jobs: 1).run(bytes)
        var translated = 0
        for row in report.rows {
            switch row.outcome {
            case .success(let tally):
                // The matrix keeps no log (it streams); the row is the counts of
                // the replay `Replay.log(of:platform:)` gives, which `run` prints.
                let log = try Replay.log(of: bytes, platform: row.platform)
                var counted = Tally(log.records)
                (counted.final, counted.stillHeld) = (tally.final, tally.stillHeld)
                #expect(counted == tally, "\(row.platform)")
                for threads in [1, 2] {
                    #expect(
                        try Self.runLog(bytes, platform: row.platform, threads: threads) == Array(log.text.utf8),
                        "\(row.platform)")
                }
                if try Replay.log(of: bytes).text.utf8.count != log.text.utf8.count { translated += 1 }
            case .failure(let matrixError):
                #expect(throws: matrixError) { try Self.runLog(bytes, platform: row.platform, threads: 1) }
            }
        }
        #expect(translated > 0, "no row differs from the scenario's own platform: the test proves nothing")
    }

    /// With `--platform`, even the scenario's own platform, an answer its
    /// prompt does not offer is taken as its equivalent (as in a matrix row);
    /// without, it is an error.
    @Test func onlyTheOverrideTranslatesAnswers() throws {
        let scenario = Array(
            """
            locsim 1
            platform iOS 12.0
            plist NSLocationWhenInUseUsageDescription "Why"
            0 launch
            1 app requestWhenInUseAuthorization
            2 user allowWhileUsing

            """.utf8)
        let onTwelve = try Self.runLog(scenario, platform: .iOS(12), threads: 1)
        #expect(String(decoding: onTwelve, as: UTF8.self).contains("2.000 prompt answer allow\n"))
        var reader = LineReader(bytes: scenario)
        var output = OutputBuffer.memory()
        #expect(throws: ScenarioError.self) { try Replay.run(&reader, format: .text, into: &output) }
        let onThirteen = try Self.runLog(scenario, platform: .iOS(13), threads: 1)
        #expect(String(decoding: onThirteen, as: UTF8.self).contains("prompt answer allowWhileUsing"))
    }
}
