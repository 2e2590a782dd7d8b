import Testing

@testable import LocSimKit

/// The copy route of a delivered fix (`FixText`): the bytes the text writer
/// copies from a recorded fix line are the bytes it formats from the
/// line's numbers, whatever the line.
@Suite struct FixTextTests {
    /// A recorded fix line's delivered-fix log line, written from its text
    /// and formatted from its values, and which of its numbers were copied
    /// (time, latitude, longitude, accuracy); `nil` when the recorded
    /// reader leaves the line alone.
    static func bothRoutes(_ line: String, liveUpdate: Bool = false) -> (
        copied: String, formatted: String, parts: [Bool]
    )? {
        var copy = line
        return copy.withUTF8 { buffer -> (copied: String, formatted: String, parts: [Bool])? in
            let bytes = UnsafeRawBufferPointer(buffer)
            var layout: UInt32 = 0
            guard let timed = ScenarioParser.recordedFix(bytes, layout: &layout)?.timed(lineNumber: 1) else {
                return nil
            }
            let text = FixText(base: bytes.baseAddress, layout: layout)
            let fix = DirectFix(location: timed.fix.location, time: timed.time, liveUpdateFlags: liveUpdate ? [] : nil)
            var copied = TextLogWriter()
            copied.write(fix, text: text)
            var formatted = TextLogWriter()
            formatted.write(fix)
            let scratch = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 8)
            defer { scratch.deallocate() }
            let parts = [
                text.storeTime(at: scratch) != nil, text.storeLatitude(at: scratch) != nil,
                text.storeLongitude(at: scratch) != nil, text.storeAccuracy(at: scratch) != nil,
            ]
            return (copied.text, formatted.text, parts)
        }
    }

    /// Lines at the edges of the rounding: ties at the seventh decimal (the
    /// double decides), carries over nines, into the degrees, negative
    /// values that round to zero, leading zeros, the ranges' ends.
    static let edges = [
        "1.000 fix 35.6979744 139.7600120 4",
        "1.000 fix 35.6979745 139.7600125 4",
        "1.000 fix 35.6979746 139.7600126 4",
        "1.000 fix 35.1234565 -139.1234565 4",
        "1.000 fix 35.9999995 139.9999995 4",
        "1.000 fix 35.9999996 179.9999996 4",
        "1.000 fix 35.1299996 139.0999999 4",
        "1.000 fix 35.0999989 9.0000096 4",
        "1.000 fix -0.0000004 -0.0000006 4",
        "1.000 fix -0.0000005 0.0000005 4",
        "1.000 fix -0.000001 -0.000000 0",
        "1.000 fix 0.000000 0.0000000 0",
        "1.000 fix 035.123456 039.123456 4",
        "1.000 fix 035.1234567 00.1234567 4",
        "1.000 fix 90.0000000 -180.0000000 4",
        "1.000 fix -89.9999996 -179.9999996 4",
        "1.000 fix 89.999999 179.999999 4",
        "1.000 fix 1.000000 1.0000004 1000000",
        "1.000 fix 1.0000006 1.0000001 999999",
        "1.000 fix 1.5 1.25 123456",
        "1.000 fix 1.12345678 1.123456789012345 4",
        "0 fix 35.681236 139.767125 8",
        "0.000 fix 35.681236 139.767125 8",
        "00 fix 35.681236 139.767125 8",
        "0012.500 fix 35.681236 139.767125 8",
        "1234567.999 fix 35.681236 139.767125 8",
        "1234567 fix 35.681236 139.767125 8",
        "12 fix 35.681236 139.767125 05",
        "12 fix 35.681236 139.767125 0",
        "12 fix 35.681236 139.767125 4.5",
        "12 fix 35.681236 139.767125 4.",
        "12 fix 35.681236 139.767125 999999.9999999",
        "12 fix 35.681236 139.767125 1000000",
    ]

    @Test(arguments: edges)
    func copiesWhatItFormats(line: String) throws {
        let routes = try #require(Self.bothRoutes(line), "\(line)")
        #expect(routes.copied == routes.formatted, "\(line)")
        let live = try #require(Self.bothRoutes(line, liveUpdate: true))
        #expect(live.copied == live.formatted, "\(line)")
    }

    /// The parts that must be copied (the common shapes) and those that
    /// must not (the double decides a tie; a leading zero or a sign is not printed).
    @Test func copiesTheCommonShapesAndFormatsTheRest() throws {
        func parts(_ line: String) throws -> [Bool] { try #require(Self.bothRoutes(line)).parts }
        #expect(try parts("1.000 fix 35.6979744 139.7600127 4") == [true, true, true, true])
        #expect(try parts("12 fix -35.697974 -139.760012 17") == [true, true, true, true])
        #expect(try parts("1.000 fix 35.1234565 139.1234565 4.5") == [true, false, false, false])
        #expect(try parts("012 fix 035.123456 139.12345 05") == [false, false, false, false])
        #expect(try parts("1.000 fix -0.0000004 0.0000006 4.0") == [true, false, true, false])
        // A carry through all six decimals is formatted at the store: same bytes.
        let carry = try #require(Self.bothRoutes("1.000 fix 35.9999996 139.9999996 4"))
        #expect(carry.copied == carry.formatted)
        #expect(carry.copied.contains("36.000000,140.000000 ±4"), "\(carry.copied)")
    }

    /// The accuracy's word (`recordedAccuracy`, which also says whether its
    /// digits print as they are): whole meters up to 15 digits, decimals,
    /// a bare `.` on either side, leading zeros; the recorded reader reads
    /// what the cursor path reads, and the digits are copied exactly when
    /// they are the log's.
    @Test(arguments: [
        ("0", true), ("5", true), ("17", true), ("999999", true), ("1000000", true), ("00", false), ("05", false),
        ("0000005", false), ("4.", false), (".5", false), ("0.5", false), ("4.50", false), ("999999.9999999", false),
        ("000000000000001", false), ("1.00000000000000", false), ("100000.000000000", false),
    ])
    func readsAndCopiesTheAccuracy(accuracy: String, copied: Bool) throws {
        let line = "3.000 fix 35.681236 139.767125 \(accuracy)"
        let (recorded, cursor) = FixLineTests.recorded(line)
        #expect(recorded != nil, "\(line)")
        #expect(recorded == cursor, "\(line)")
        let routes = try #require(Self.bothRoutes(line))
        #expect(routes.copied == routes.formatted, "\(line)")
        #expect(routes.parts == [true, true, true, copied], "\(line)")
    }

    /// Accuracies the recorded reader leaves (the cursor path refuses them
    /// too, or reads them with its own checks): out of range, 16 digits,
    /// two dots, a dot alone, another byte.
    @Test(arguments: [
        "1000001", "12345678", "1234567890123456", "0000000000000001", ".", "4..5", "4.5.6", "4.5x", "4-",
    ])
    func leavesOtherAccuracies(accuracy: String) {
        let line = "3.000 fix 35.681236 139.767125 \(accuracy)"
        #expect(FixLineTests.recorded(line).recorded == nil, "\(line)")
    }

    /// Random recorded lines: 1 to 15 decimals, signs, leading zeros, ties
    /// and nines at the seventh decimal, accuracies with and without
    /// decimals. Every line the recorded reader takes prints the same bytes
    /// both ways, and each part is copied often enough to be tested.
    @Test func copiesWhatItFormatsOnRandomLines() {
        var random = SplitMix64(seed: 31)
        func digits(_ n: Int) -> String { String((0..<n).map { _ in Character(String(random.below(10))) }) }
        func decimals(_ n: Int) -> String {
            // Runs of nines and a 5 at the seventh place, often.
            switch random.below(4) {
            case 0: return String(repeating: "9", count: max(0, n - 1)) + (n > 0 ? String(random.below(10)) : "")
            case 1 where n >= 7: return digits(6) + "5" + (n > 7 ? digits(n - 7) : "")
            default: return digits(n)
            }
        }
        func coordinate(maxWhole: Int) -> String {
            let sign = random.below(3) == 0 ? "-" : ""
            let whole = random.below(8) == 0 ? "0" : String(random.below(maxWhole + 1))
            let count = random.below(3) == 0 ? 1 + random.below(15) : 6 + random.below(2)
            return sign + (random.below(20) == 0 ? "0" : "") + whole + "." + decimals(count)
        }
        var lines = 0
        var copied = [0, 0, 0, 0]
        var roundedUp = 0
        for _ in 0..<25_000 {
            let seconds = (random.below(10) == 0 ? "0" : "") + String(random.below(2_000_000))
            let time = seconds + [".000", "", "." + digits(3)][random.below(3)]
            var accuracy =
                random.below(10) == 0 ? "0" + digits(1) : String(random.below([10, 1000, 1_000_000][random.below(3)]))
            if random.below(4) == 0 { accuracy += "." + digits(random.below(4)) }
            let line = [time, "fix", coordinate(maxWhole: 90), coordinate(maxWhole: 180), accuracy].joined(
                separator: " ")
            guard let routes = Self.bothRoutes(line, liveUpdate: random.below(5) == 0) else { continue }
            lines += 1
            #expect(routes.copied == routes.formatted, "\(line)")
            for (k, isCopied) in routes.parts.enumerated() where isCopied { copied[k] += 1 }
            if line.split(separator: " ")[2...3].contains(where: { Self.roundsUpOnDigits(String($0)) }) {
                roundedUp += 1
            }
        }
        #expect(lines > 15_000, "the recorded reader took only \(lines) lines")
        #expect(copied.allSatisfy { $0 > 3_000 }, "copied parts (time, lat, lon, accuracy): \(copied)")
        #expect(roundedUp > 1_000, "lines with a coordinate rounded up on its digits: \(roundedUp)")
    }

    /// Seven decimals, the seventh above 5, not `.9999999`: the copy route adds one to the sixth.
    static func roundsUpOnDigits(_ coordinate: String) -> Bool {
        guard let dot = coordinate.firstIndex(of: "."), let last = coordinate.last else { return false }
        let decimals = coordinate[coordinate.index(after: dot)...]
        return decimals.count == 7 && last > "5" && !decimals.hasPrefix("999999")
    }

    /// The whole replay: a plain delivery's line is copied on one thread
    /// (the replay loop hands the writer the line) and formatted on two
    /// (the parsing thread hands over values only); the logs are the same.
    @Test func aReplayCopiesWhatTheFormattingReplayWrites() {
        var random = SplitMix64(seed: 7)
        var text = """
            locsim 1
            platform iOS 17.0
            plist NSLocationWhenInUseUsageDescription "x"
            0 launch
            0.1 app requestWhenInUseAuthorization
            0.2 user allowWhileUsing
            0.3 app startUpdatingLocation

            """
        for i in 0..<3000 {
            let lat = String(format7: random.below(180_000_000) - 90_000_000, decimals: 6 + random.below(2))
            let lon = String(format7: random.below(360_000_000) - 180_000_000, decimals: 6 + random.below(2))
            text += "\(1 + i).\(["000", "250"][random.below(2)]) fix \(lat) \(lon) \(random.below(100))\n"
        }
        let scenario = Array(text.utf8)
        let one = PipelineTests.replay(scenario, threads: 1)
        #expect(one == PipelineTests.replay(scenario, threads: 2))
        guard case .success(let log) = one else { return }
        #expect(log.count(where: { $0 == UInt8(ascii: "\n") }) > 3000)
    }
}

extension String {
    /// `units` (of the last of `decimals` decimals) as a decimal number.
    fileprivate init(format7 units: Int, decimals: Int) {
        let scale = decimals == 6 ? 1_000_000 : 10_000_000
        let magnitude = units.magnitude % UInt(scale * 180)
        let whole = String(magnitude / UInt(scale))
        let fraction = String(magnitude % UInt(scale))
        self =
            (units < 0 ? "-" : "") + whole + "." + String(repeating: "0", count: decimals - fraction.count)
            + fraction
    }
}
