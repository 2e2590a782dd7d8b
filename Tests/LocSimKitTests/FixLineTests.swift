import Testing

@testable import LocSimKit

/// The fix-line fast path (`ScenarioParser.fixLine`) against the general
/// parser: whatever line the fast path takes, the general path must read
/// the same statement from it, so no log depends on which path ran.
@Suite struct FixLineTests {
    /// The fast path's statement, or `nil` when it leaves the line alone.
    static func fast(_ line: String, after previous: String? = nil) -> TimedStatement? {
        var parser = ScenarioParser()
        if let previous { _ = try? parser.parse(previous, lineNumber: 1) }
        var copy = line
        return copy.withUTF8 { parser.fixLine(UnsafeRawBufferPointer($0), lineNumber: 2)?.statement }
    }

    /// The general path's reading of the line, or its error.
    static func general(_ line: String, after previous: String? = nil) -> Result<TimedStatement?, ScenarioError> {
        var parser = ScenarioParser()
        if let previous { _ = try? parser.parse(previous, lineNumber: 1) }
        var copy = line
        return copy.withUTF8 { buffer in
            do throws(ScenarioError) {
                let parsed = try parser.parseAnyLine(UnsafeRawBufferPointer(buffer), lineNumber: 2)
                switch consume parsed {
                case .timed(let statement): return .success(statement)
                case .fix(let fix): return .success(fix.statement)
                case .blank: return .success(nil)
                case .header: return .success(nil)
                case .track: return .success(nil)
                case .reaction: return .success(nil)
                case .expectation: return .success(nil)
                }
            } catch {
                return .failure(error)
            }
        }
    }

    static let taken = [
        "12 fix 35.681236 139.767125 8",
        "3.000 fix 35.6812107 139.7671168 26.5 speed=23.9 course=355.5",
        "7 fix -33.868820 151.209296",
        "0.5 fix 0 0 0 alt=-12.5 course=0 speed=1",
        "07:00:10  fix 35.646600 139.653000 10",
        "+2.5 fix 1 2 3",
        "1   fix   +1.5   -2.25   .5   ",
        "99999 fix 90 -180 1",
        "5 fix 1.00000000000000000001 2",
    ]

    static let leftAlone = [
        "", "# comment", "12 fix 35 139 8 # trailing comment", "\t12 fix 35 139", "12\tfix 35 139",
        "12 fix 95 139", "12 fix 35 190", "12 fix 35", "12 fix", "12 fixes 1 2", "-1 fix 1 2",
        "12 fix 35 139 -1", "12 fix 35 139 speed=1 speed=2", "12 fix 35 139 8 9", "12 fix 35 139 heading=3",
        "12.3456 fix 1 2", "12 fix 1 2 speed=", "12 fix \"1\" 2", "12 fix 1 2 speed=1e5", "1:2 fix 3 4",
        "12 fix 1 2 8 speed=3 7", "12 fix 1 2 1e0",
    ]

    @Test(arguments: taken + leftAlone)
    func agreesWithTheGeneralPath(line: String) {
        guard let fast = Self.fast(line) else { return }
        #expect(Self.general(line) == .success(fast), "\(line)")
    }

    @Test(arguments: taken)
    func takesTheCommonForms(line: String) {
        #expect(Self.fast(line) != nil, "\(line)")
    }

    @Test(arguments: leftAlone)
    func leavesTheRestToTheGeneralPath(line: String) {
        #expect(Self.fast(line) == nil, "\(line)")
    }

    @Test func leavesATimeGoingBackwardsToTheGeneralPath() {
        #expect(Self.fast("5 fix 1 2", after: "6 launch") == nil)
        #expect(Self.fast("+1 fix 1 2", after: "6 launch")?.time == Millis(7000))
    }

    /// Random fix lines, each piece valid or not.
    @Test func agreesOnRandomLines() {
        var random = SplitMix64(seed: 7)
        let times = ["12", "12.5", "0", "07:00:10", "+1", "12.3456", "-1", "1e2", "3."]
        let coordinates = [
            "35.5", "-0.000001", "90", "-90.0000001", "0", ".5", "5.", "+2", "1e3", "\"1\"", "35.6812107",
            "139.7671168", "180", "181", "-180", "0.1234567890123456789012", "00012.50",
        ]
        let accuracies = ["", "8", "-3", "26.5", "x", "0", "1.7976931348623157"]
        let options = ["speed=2", "course=-1", "alt=3.25", "speed=", "x=1", "speed=1e2", "#c", "7", "course=.5"]
        func pick(_ words: [String]) -> String { words[random.below(words.count)] }
        var taken = 0
        for _ in 0..<5000 {
            var words = [pick(times), random.below(10) == 0 ? "fixes" : "fix", pick(coordinates), pick(coordinates)]
            words.append(pick(accuracies))
            for _ in 0..<random.below(4) { words.append(pick(options)) }
            let separator = ["  ", "\t", " ", " ", " ", " "][random.below(6)]
            let line = words.filter { !$0.isEmpty }.joined(separator: separator)
            guard let fast = Self.fast(line) else { continue }
            taken += 1
            #expect(Self.general(line) == .success(fast), "\(line)")
        }
        #expect(taken > 200, "the fast path took only \(taken) lines: the test no longer tests it")
    }

    // MARK: - The recorded-trace shape (`recordedFixLine`)

    /// The recorded-trace reading of `line` and the cursor path's, which
    /// must agree whenever the first takes the line.
    static func recorded(_ line: String) -> (recorded: TimedStatement?, cursor: TimedStatement?) {
        let parser = ScenarioParser()
        var copy = line
        return copy.withUTF8 { buffer in
            let bytes = UnsafeRawBufferPointer(buffer)
            return (
                ScenarioParser.recordedFixLine(bytes, lineNumber: 2)?.statement,
                parser.cursorFixLine(bytes, lineNumber: 2)?.statement
            )
        }
    }

    static let recordedShape = [
        "1.000 fix 35.6979744 139.7600120 4",
        "86400.000 fix -33.8688201 -151.2092962 17",
        "1234567.999 fix 0.1000000 0.2000000 0",
        "12 fix 35.681236 139.767125 8",
        "3.000 fix 35.6812107 139.7671168 26.5",
        "3.000 fix 35.12345678 139.123456789012 5",
        "3.000 fix 35.12345678901234 9.5000000 5",
        "3.000 fix -0.0000000 -0.5000000 .5",
        "3.000 fix 90.0 -180.0 1000000",
        "3.000 fix 035.5 001.2500000 4.",
        "3.000 fix 35.5 139.5 999999.9999999",
    ]

    static let notRecordedShape = [
        "1.000 fix 35.6979744 139.7600120", "1.000 fix 35.6979744 139.7600120 4 ", "1.000  fix 35.5 139.5 4",
        "1.000 fix  35.5 139.5 4", "1.000 fix 35.5  139.5 4", "1.00 fix 35.5 139.5 4", "1.0000 fix 35.5 139.5 4",
        "12345678 fix 35.5 139.5 4", "1.000 fix 35 139.5 4", "1.000 fix +35.5 139.5 4", "1.000 fix 35.5 139 4",
        "1.000 fix 3555.5 139.5 4", "1.000 fix 90.0000001 139.5 4", "1.000 fix 35.5 180.5 4",
        "1.000 fix 35.5 139.5 1000000.1", "1.000 fix 35.5 139.5 4 speed=3", "1.000 fix 35.5 139.5 -4",
        "1.000 fix 35.5 139.5 4.5.", "1.000 fix 35.1234567890123456 139.5 4",
        "1.000 fix 35.123456789012345 9.5000000 5",
        "1.000 fix 0.1 0.2 0", "1.000 fix 35.5000000 139.5 4", "1.000 fix 35.5 139.5 1234567890123456",
        "1.000 fix 35.5 139.5 4#", "1.000 fix .5 139.5 4", "1.000 fix 35. 139.5 4", "1.000 fixe 35.5 139.5 4",
        "1.000\tfix 35.5 139.5 4", "+1.000 fix 35.5 139.5 4", "1:00 fix 35.5 139.5 4",
    ]

    /// The replay loop's two fast paths (`parseRecordedFixLine`, then
    /// `parseCursorFixLine`) read a trace as `parseFixLine` does: the same
    /// statements, a line earlier than the previous time left to the general
    /// path by both, and text to copy only after a recorded line.
    @Test func theReplayLoopsFastPathsReadAsParseFixLineDoes() {
        let lines = [
            "5.000 fix 35.681236 139.767125 8", "6.000 fix 35.681236 139.767125 4 speed=2",
            "4.000 fix 35.681236 139.767125 8", "6.500 fix 35.5 139.5 4", "+1 fix 35.5 139.5 4",
            "7 fix 35.5 139.5", "background",
        ]
        var whole = ScenarioParser()
        var split = ScenarioParser()
        for (k, line) in lines.enumerated() {
            var copy = line
            copy.withUTF8 { buffer in
                let bytes = UnsafeRawBufferPointer(buffer)
                let expected = whole.parseFixLine(bytes, lineNumber: k + 1)?.statement
                let recorded = split.parseRecordedFixLine(bytes, lineNumber: k + 1)
                let got =
                    recorded?.timed(lineNumber: k + 1).statement
                    ?? split.parseCursorFixLine(bytes, lineNumber: k + 1)?.statement
                #expect(got == expected, "\(line)")
                #expect(split.fixText(bytes).isEmpty == (recorded == nil), "\(line)")
            }
        }
        #expect(split.previousTime == whole.previousTime)
        #expect(whole.previousTime > Millis(6000), "the test no longer reaches its last fixes")
    }

    @Test(arguments: recordedShape)
    func readsTheRecordedShapeAsTheCursorPathDoes(line: String) {
        let (recorded, cursor) = Self.recorded(line)
        #expect(recorded != nil, "\(line)")
        #expect(recorded == cursor, "\(line)")
        #expect(Self.general(line) == .success(recorded), "\(line)")
    }

    @Test(arguments: notRecordedShape)
    func leavesOtherShapesToTheCursorPath(line: String) {
        #expect(Self.recorded(line).recorded == nil, "\(line)")
    }

    /// Random lines near the recorded shape: digit counts around every
    /// boundary, signs, a second space, a missing or extra word, values at
    /// the ranges' ends. Whatever the recorded reader takes, the cursor
    /// path reads the same statement (same `Double` bits, same columns).
    @Test func agreesWithTheCursorPathOnRandomRecordedLines() {
        var random = SplitMix64(seed: 20)
        func digits(_ n: Int) -> String { String((0..<n).map { _ in Character(String(random.below(10))) }) }
        func number(wholeDigits: Int, decimals: Int) -> String {
            let sign = random.below(4) == 0 ? "-" : ""
            let whole = wholeDigits == 0 ? "" : digits(wholeDigits)
            return sign + whole + (decimals < 0 ? "" : "." + digits(decimals))
        }
        var taken = 0
        for _ in 0..<20000 {
            let seconds = digits(1 + random.below(9)) + [".000", "", ".5", "." + digits(3), ".1234"][random.below(5)]
            // Mostly the 5 to 9 decimals of recorders, sometimes any count.
            func decimals() -> Int { random.below(4) == 0 ? random.below(18) - 1 : 5 + random.below(5) }
            let latitude = number(wholeDigits: random.below(4), decimals: decimals())
            let longitude = number(wholeDigits: random.below(5), decimals: decimals())
            var accuracy = digits(random.below(8))
            if random.below(3) == 0 { accuracy += "." + digits(random.below(10)) }
            var words = [seconds, "fix", latitude, longitude, accuracy]
            if random.below(20) == 0 { words.removeLast() }
            if random.below(20) == 0 { words.append("speed=1") }
            let line = words.joined(separator: random.below(30) == 0 ? "  " : " ")
            let (recorded, cursor) = Self.recorded(line)
            guard let recorded else { continue }
            taken += 1
            #expect(recorded == cursor, "\(line)")
            if let cursor, case .fix(let a) = recorded.event, case .fix(let b) = cursor.event {
                #expect(
                    a.location.coordinate.latitude.bitPattern == b.location.coordinate.latitude.bitPattern, "\(line)")
                #expect(
                    a.location.coordinate.longitude.bitPattern == b.location.coordinate.longitude.bitPattern, "\(line)")
                #expect(a.location.accuracy.bitPattern == b.location.accuracy.bitPattern, "\(line)")
            }
        }
        #expect(taken > 1000, "the recorded reader took only \(taken) lines: the test no longer tests it")
    }
}
