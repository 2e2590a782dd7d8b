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
        "fix 05.680000 139.760000 5", "fix 35.680000 139.760000 05",
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
            // Times with leading zeros: read in full, printed without them.
            "0500 fix 35.690000 139.770000 5\n00501.250 fix 35.690001 139.770001 5\n",
        ]
        for tail in tails {
            let scenario = Self.scenario(seed: 9, tail: tail)
            let single = PipelineTests.replay(scenario, threads: 1)
            #expect(single == PipelineTests.replay(scenario, threads: 2), "\(tail)")
        }
    }

    /// Counts the fixes written through the lane and the others.
    struct CountingWriter: LogWriter {
        var verbatim = 0
        var other = 0
        mutating func write(_ record: LogRecord) {
            if case .delegate(let callback) = record.record.event, case .didUpdateLocations = callback.event {
                other += 1
            }
        }
        mutating func write(_ fix: DirectFix) { other += 1 }
        mutating func write(verbatim text: FixText, at time: Millis) { verbatim += 1 }
    }

    /// Fixes written through the lane, and the others, replaying `lines` after the header.
    static func lane(_ lines: [String]) throws -> (verbatim: Int, other: Int) {
        var reader = LineReader(bytes: Array((header + lines.joined()).utf8))
        var writer = CountingWriter()
        try Replay.run(&reader, into: &writer)
        return (writer.verbatim, writer.other)
    }

    /// The lane takes every fix of a plain run but the first (which finds
    /// the run plain through the rules); a seven-decimal fix line stops
    /// it for the 255 lines after it, any other line for the fix after it.
    @Test func theLaneTakesThePlainRunsFixes() throws {
        let six = (0..<300).map { Self.fix(1 + $0, $0) }
        #expect(try Self.lane(six) == (299, 1))
        // A seven-decimal line at 101: it and the 199 lines left (of the
        // 255 after it) go the other way.
        var mixed = six
        mixed[100] = "101 fix 35.6800001 139.7600001 5\n"
        #expect(try Self.lane(mixed) == (99, 1 + 1 + 199))
        // `requestLocation` at 150.5: the fix after it goes by the rules
        // (it answers the request too, one callback), the next by the lane.
        var requested = six
        requested.insert("150.500 app requestLocation\n", at: 150)
        #expect(try Self.lane(requested) == (298, 2))
    }

    /// Every line `verbatimFix` takes, `recordedFix` takes with the same
    /// time and layout; each refusal is a line the log does not print as
    /// written.
    @Test func theVerbatimShapeIsARecordedOne() {
        let lines = [
            "1 fix 1.000000 1.000000 1", "0 fix 0.000000 0.000000 0", "12.345 fix -89.999999 -179.999999 999999",
            "1234567.123 fix -89.123456 -123.123456 123456", "1 fix 35.680000 139.760000 5",
            "7 fix 0.000001 -0.000001 12", "0.500 fix 1.000000 1.000000 1",
        ]
        let refused = [
            "01 fix 1.000000 1.000000 1", "1 fix 01.000000 1.000000 1", "1 fix 1.000000 1.000000 01",
            "1 fix 90.000000 1.000000 1", "1 fix 1.000000 180.000000 1", "1 fix -0.000000 1.000000 1",
            "1 fix 1.0000000 1.000000 1", "1 fix 1.00000 1.000000 1", "1 fix 1.000000 1.000000 1.5",
            "1 fix 1.000000 1.000000 1234567", "1 fix 1.000000 1.000000 1 ", "1 fix 1.000000  1.000000 1",
            "1 fix 1.000000 1.000000", "1.5 fix 1.000000 1.000000 1", "01234 fix 1.000000 1.000000 1",
            "00.500 fix 1.000000 1.000000 1",
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
