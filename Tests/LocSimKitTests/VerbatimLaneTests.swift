import Testing

@testable import LocSimKit

/// The verbatim lane (issue 41 item 7): a six-decimal fix line copied whole
/// into the log, its values read only when the simulator needs them
/// (`ReplayDriver.settle`). The same bytes as the pipelined replay, which
/// never takes the lane, whatever comes between the plain runs.
@Suite struct VerbatimLaneTests {
    static let header = """
        locsim 1
        platform iOS 17.0
        plist NSLocationWhenInUseUsageDescription "Records your route."
        plist UIBackgroundModes location
        0.000 launch
        0.100 app requestWhenInUseAuthorization
        0.200 user allowWhileUsing
        0.300 app set allowsBackgroundLocationUpdates true
        0.400 app startUpdatingLocation

        """

    /// A fix line of the verbatim shape at `t` seconds, varied by `i`.
    static func fix(_ t: Int, _ i: Int) -> String {
        let lat = 35_680_000 + (i * 7919) % 40_000
        let lon = 139_760_000 - (i * 104_729) % 90_000
        func degrees(_ micro: Int) -> String { "\(micro / 1_000_000).\(String(micro % 1_000_000).leftPadded(6))" }
        return "\(t) fix \(degrees(lat)) \(degrees(lon)) \(4 + i % 17)\n"
    }

    /// What may come between runs of plain fixes: each reads or changes
    /// the state the lane left unapplied.
    static let interruptions = [
        "background", "app requestLocation", "app set distanceFilter 10",
        "app set distanceFilter none", "app stopUpdatingLocation", "app startUpdatingLocation",
        "fix 35.6800000 139.7600000 5", "fix -0.000000 0.000000 5", "fix 35.68 139.76 5.5",
    ]

    static func scenario(seed: Int, tail: String = "") -> [UInt8] {
        var text = header
        var t = 1
        var generator = seed
        var inBackground = false
        for i in 0..<400 {
            text += fix(t, i)
            t += 1
            generator = (generator &* 1_103_515_245 &+ 12345) & 0x7FFF_FFFF
            if generator % 23 == 0 {
                var line = interruptions[(generator / 23) % interruptions.count]
                // An app suspended in the background runs no code: back to the foreground first.
                if line == "background" || (inBackground && line.hasPrefix("app ")) {
                    if inBackground { line = "foreground" }
                    inBackground.toggle()
                }
                text += "\(t).500 \(line)\n"
                t += 1
            }
        }
        return Array((text + tail).utf8)
    }

    @Test(arguments: [1, 2, 3, 4, 5])
    func sameBytesAsTheReplayThatReadsEveryFix(seed: Int) {
        let scenario = Self.scenario(seed: seed, tail: "\(100_000).000 fix 35.700000 139.700000 3\n")
        for format in LogFormat.allCases {
            let single = PipelineTests.replay(scenario, threads: 1, format: format)
            #expect(single == PipelineTests.replay(scenario, threads: 2, format: format))
            if case .failure(let error) = single { Issue.record("\(error)") }
        }
    }

    /// The state the last copied fix leaves is read by what follows it: an
    /// `expect` line, an `on` line, the end of the run.
    @Test func whatReadsTheStateAfterARun() {
        let tails = [
            "500 app requestLocation\n",
            "on delegate didUpdateLocations app stopUpdatingLocation\n501 fix 35.690000 139.770000 5\n",
            "500 app set distanceFilter 100\n501 fix 35.680001 139.760001 5\n502 fix 35.700000 139.760000 5\n",
            "500 app stopUpdatingLocation\n",
        ]
        for tail in tails {
            let scenario = Self.scenario(seed: 9, tail: tail)
            let single = PipelineTests.replay(scenario, threads: 1)
            #expect(single == PipelineTests.replay(scenario, threads: 2), "\(tail)")
        }
    }

    /// The lane takes the plain run's fixes (the count of plain deliveries
    /// is that of the fixes past the first), and a line it refuses is read
    /// in full.
    @Test func theLaneTakesEveryPlainFix() throws {
        var text = Self.header
        for i in 0..<300 { text += Self.fix(1 + i, i) }
        var reader = LineReader(bytes: Array(text.utf8))
        var driver = ReplayDriver()
        var writer = TextLogWriter()
        var report = ReplayReport()
        try Replay.run(&reader, driver: &driver, into: &writer, report: &report)
        #expect(driver.plainDeliveries == 299)
        #expect(writer.text.split(separator: "\n").filter { $0.contains("didUpdateLocations") }.count == 300)
    }

    /// Every line `verbatimFix` takes, `recordedFix` takes with the same
    /// time and layout; each refusal is a line the log does not print as
    /// written.
    @Test func theVerbatimShapeIsARecordedOne() {
        let lines = [
            "1 fix 1.000000 1.000000 1", "0 fix 0.000000 0.000000 0", "12.345 fix -89.999999 -179.999999 999999",
            "1234567.123 fix -89.123456 -123.123456 123456", "1 fix 35.680000 139.760000 5",
            "7 fix 0.000001 -0.000001 12",
        ]
        let refused = [
            "01 fix 1.000000 1.000000 1", "1 fix 01.000000 1.000000 1", "1 fix 1.000000 1.000000 01",
            "1 fix 90.000000 1.000000 1", "1 fix 1.000000 180.000000 1", "1 fix -0.000000 1.000000 1",
            "1 fix 1.0000000 1.000000 1", "1 fix 1.00000 1.000000 1", "1 fix 1.000000 1.000000 1.5",
            "1 fix 1.000000 1.000000 1234567", "1 fix 1.000000 1.000000 1 ", "1 fix 1.000000  1.000000 1",
            "1 fix 1.000000 1.000000", "1.5 fix 1.000000 1.000000 1",
        ]
        func verbatim(_ line: String) -> (Millis, UInt32)? {
            Array(line.utf8).withUnsafeBytes { ScenarioParser.verbatimFix($0).map { ($0.time, $0.layout) } }
        }
        func recorded(_ line: String) -> (Millis, UInt32)? {
            Array(line.utf8).withUnsafeBytes { bytes in
                var layout: UInt32 = 0
                return ScenarioParser.recordedFix(bytes, layout: &layout).map { ($0.time, layout) }
            }
        }
        for line in lines {
            let v = verbatim(line)
            #expect(v != nil, "\(line)")
            if let v, let r = recorded(line) {
                #expect(v.0 == r.0 && v.1 == r.1, "\(line)")
            } else {
                Issue.record("recordedFix refuses \(line)")
            }
        }
        for line in refused { #expect(verbatim(line) == nil, "\(line)") }
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        String(repeating: "0", count: Swift.max(0, width - count)) + self
    }
}
