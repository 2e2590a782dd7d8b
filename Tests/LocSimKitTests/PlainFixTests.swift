import Testing

@testable import LocSimKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The plain replay delivers a fix without the rules' walk while
/// `Simulator.plainDelivery()` found a plain delivery after the previous fix line
/// (`ReplayDriver`, `Simulator.deliverPlainly`): the records must be the
/// ones the rules give line by line. Debug builds (these tests) also check
/// every plain delivery against `apply` on a copy of the simulator.
@Suite struct PlainFixTests {
    struct Collector: LogWriter {
        var records: [LogRecord] = []
        mutating func write(_ record: LogRecord) { records.append(record) }
    }

    /// A random scenario with runs of fixes between its lines, so that
    /// authorized, running updates meet many fixes in a row.
    static func statements(seed: UInt64) -> (ScenarioHeader, [TimedStatement]) {
        var gen = RandomScenario(seed: seed)
        let header = gen.header()
        var lines: [TimedStatement] = []
        var previous = Millis(0)
        for statement in gen.statements(count: 60) {
            let gap = statement.time.value - previous.value
            if gap > 1 {
                for k in 0..<Int(gen.rng.next() % 12) {
                    let time = Millis(previous.value + Int64(k + 1) * gap / 13)
                    lines.append(
                        TimedStatement(
                            time: time, event: .fix(Fix(Location(gen.coordinate(), accuracy: 5))),
                            location: SourceLocation(line: 1, column: 1), argumentColumn: 1))
                }
            }
            lines.append(statement)
            previous = statement.time
        }
        return (header, lines)
    }

    @Test func plainDeliveriesLeaveTheRecordsAsTheRulesGiveThem() {
        var plain = 0
        for seed in 1...1500 as ClosedRange<UInt64> {
            let (header, lines) = Self.statements(seed: seed)
            // A rejected line leaves its records to the next drain, as it
            // leaves them to the rules' next `takeOutput`.
            var driver = ReplayDriver(header: header)
            var collector = Collector()
            var simulator = Simulator(header: header)
            var expected: [LogRecord] = []
            for line in lines { _ = Self.apply(line, &driver, &collector, &simulator, &expected) }
            _ = try? driver.finish(into: &collector)
            simulator.finish()
            expected += simulator.takeOutput()
            plain += driver.plainDeliveries
            #expect(collector.records == expected, "seed \(seed)")
        }
        #expect(plain > 1000, "only \(plain) fixes went the plain way: the test no longer tests it")
    }

    /// A `liveUpdates` stream on the move: every fix after the first goes
    /// the plain way, the records the rules' own.
    @Test func liveUpdatesElementsGoThePlainWayToo() throws {
        var text = """
            locsim 1
            platform iOS 17.0
            plist NSLocationWhenInUseUsageDescription "Runs."
            0.000 launch
            0.100 app requestWhenInUseAuthorization
            0.200 user allowWhileUsing
            0.300 app liveUpdates start

            """
        for i in 1...500 { text += "\(i).000 fix \(35 + Double(i) * 0.0001) 139.7 5\n" }
        text += "500.500 background\n"
        for i in 501...600 { text += "\(i).000 fix \(35 + Double(i) * 0.0001) 139.7 5\n" }
        let replay = try #require(try Self.driverAndRules(Array(text.utf8)))
        // Every fix in the foreground after the first goes the plain way;
        // in the background the app, without the location background
        // mode, is suspended and the rules drop them.
        #expect(replay.plain >= 499, "\(replay.plain)")
        #expect(replay.driver == replay.rules)
        let elements = replay.driver.filter { if case .update = $0.record.event { return true } else { return false } }
        #expect(elements.count >= 500)
    }

    /// Every shipped scenario without `on`, `expect` or `gpx` lines and
    /// without an error: the driver's records are the rules' line by line
    /// (and debug builds check each plain delivery in `Simulator.deliverPlainly`).
    @Test func everyShippedScenarioGivesTheRulesRecords() throws {
        var files: [String] = []
        func walk(_ folder: String) {
            guard let dir = opendir(folder) else { return }
            defer { closedir(dir) }
            while let entry = readdir(dir) {
                let name = withUnsafePointer(to: &entry.pointee.d_name) {
                    String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
                }
                if name.hasPrefix(".") { continue }
                let path = folder + "/" + name
                if name.hasSuffix(".scn") {
                    files.append(path)
                } else if entry.pointee.d_type == UInt8(DT_DIR) {
                    walk(path)
                }
            }
        }
        walk(ScenarioFiles.root)
        var compared = 0
        var plain = 0
        for path in files {
            guard case .success(let bytes) = FileIO.readFile(path), let replay = try Self.driverAndRules(bytes) else {
                continue
            }
            #expect(replay.driver == replay.rules, "\(path)")
            compared += 1
            plain += replay.plain
        }
        #expect(compared > 100, "only \(compared) scenarios compared")
        #expect(
            plain > 5,
            "only \(plain) fixes went the plain way (the goldens are short; the random test above has the long runs)")
    }

    /// In the closed loop (`on` lines), a reaction that stops the updates
    /// ends the plain run: a delayed `stopUpdatingLocation` five seconds
    /// after each delivery lets fixes 1–5 and 21–25 through, no other
    /// (debug builds also check each plain delivery against the rules).
    @Test func aReactionEndsThePlainRunInTheClosedLoop() throws {
        var text = """
            locsim 1
            platform iOS 17.0
            plist NSLocationWhenInUseUsageDescription "x"
            on didUpdateLocations after 5 app stopUpdatingLocation
            0.000 launch
            0.100 app requestWhenInUseAuthorization
            0.200 user allowWhileUsing
            0.300 app startUpdatingLocation

            """
        for i in 1...12 { text += "\(i).000 fix 35.\(i) 139.7 5\n" }
        text += "20.000 app startUpdatingLocation\n"
        for i in 21...30 { text += "\(i).000 fix 35.\(i) 139.7 5\n" }
        let log = try Replay.log(of: Array(text.utf8))
        let delivered = log.records.compactMap { record -> Int64? in
            guard case .delegate(let callback) = record.record.event, case .didUpdateLocations = callback.event else {
                return nil
            }
            return record.time.sinceStart.value / 1000
        }
        #expect(delivered == [1, 2, 3, 4, 5, 21, 22, 23, 24, 25])
    }

    /// Applies `line` to the driver (its fix path for a fix) and to the
    /// rules as a statement; false when either rejects it.
    static func apply(
        _ line: TimedStatement, _ driver: inout ReplayDriver, _ collector: inout Collector, _ rules: inout Simulator,
        _ expected: inout [LogRecord]
    ) -> Bool {
        var accepted = true
        do throws(ScenarioError) {
            if case .fix(let fix) = line.event {
                try driver.fix(
                    TimedFix(time: line.time, fix: fix, location: line.location, argumentColumn: 1), into: &collector)
            } else {
                try driver.timed(line, into: &collector)
            }
        } catch {
            accepted = false
        }
        do throws(ScenarioError) { try rules.apply(line) } catch { accepted = false }
        expected += rules.takeOutput()
        return accepted
    }

    /// The records of the replay driver (plain deliveries where it may), the
    /// records of the rules applying every line as a statement, and how many
    /// fixes went the plain way; `nil` for a scenario with an `on`, `expect`
    /// or `gpx` line (out of the rules' own reach) or an error.
    static func driverAndRules(_ scenario: [UInt8]) throws -> (driver: [LogRecord], rules: [LogRecord], plain: Int)? {
        var driver = ReplayDriver()
        var parser = ScenarioParser()
        var collector = Collector()
        var header = ScenarioHeader()
        var rules: Simulator? = nil
        var expected: [LogRecord] = []
        var outOfReach = false
        var rejected = false
        var reader = LineReader(bytes: scenario)
        func timed(_ line: TimedStatement) {
            if rules == nil { rules = Simulator(header: header) }
            if !Self.apply(line, &driver, &collector, &rules!, &expected) { rejected = true }
        }
        do throws(ScenarioError) {
            try reader.forEachLine { (bytes, number) throws(ScenarioError) in
                guard !outOfReach, !rejected else { return }
                // The driver takes the fast fix path; the rules see every line as a statement.
                if let fix = parser.parseFixLine(bytes, lineNumber: number) { return timed(fix.statement) }
                switch try parser.parseAnyLine(bytes, lineNumber: number) {
                case .blank: break
                case .header(let statement, _):
                    driver.header(statement)
                    header.apply(statement)
                case .timed(let statement): timed(statement)
                case .fix(let fix): timed(fix.statement)
                case .track: outOfReach = true
                case .reaction: outOfReach = true
                case .expectation: outOfReach = true
                }
            }
            _ = try driver.finish(into: &collector)
        } catch {
            return nil
        }
        guard !outOfReach, !rejected else { return nil }
        var simulator = rules ?? Simulator(header: header)
        simulator.finish()
        expected += simulator.takeOutput()
        return (collector.records, expected, driver.plainDeliveries)
    }
}
