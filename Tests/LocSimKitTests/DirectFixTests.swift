import Testing

@testable import LocSimKit

/// The plain replay keeps a delivered fix that comes first in its line out
/// of `Simulator.output` (`Simulator.directFix`) and hands it to the writer
/// as plain values (`LogWriter.writeDeliveredFix`): the log must be the one
/// the records give, in the same order, whatever else the line produced.
@Suite struct DirectFixTests {
    /// Collects records; a direct fix arrives through the protocol's default,
    /// which builds the record.
    struct Collector: LogWriter {
        var records: [LogRecord] = []
        mutating func write(_ record: LogRecord) { records.append(record) }
    }

    /// A random scenario's records, every fix applied with `direct`, how
    /// many fixes went the direct way and how many of those came with
    /// other records after them.
    static func replay(seed: UInt64, direct: Bool) -> (records: [LogRecord], direct: Int, mixed: Int, live: Int) {
        var gen = RandomScenario(seed: seed)
        var sim = Simulator(header: gen.header())
        var collector = Collector()
        var causes = ErrorCauses()
        var directCount = 0
        var mixed = 0
        var live = 0
        for statement in gen.statements(count: 80) {
            if case .fix(let fix) = statement.event {
                sim.apply(fix, at: statement.time, direct: direct)
                if sim.directFix != nil { directCount += 1 }
                if sim.directFix != nil && !sim.output.isEmpty { mixed += 1 }
                if sim.directFix?.liveUpdateFlags != nil { live += 1 }
            } else {
                try? sim.apply(statement)
            }
            sim.drain(into: &collector, causes: &causes, from: nil)
        }
        sim.finish()
        sim.drain(into: &collector, causes: &causes, from: nil)
        return (collector.records, directCount, mixed, live)
    }

    @Test func directFixesLeaveTheRecordsAsTheyWere() {
        var directFixes = 0
        var mixed = 0
        var live = 0
        for seed in 1...1500 as ClosedRange<UInt64> {
            let plain = Self.replay(seed: seed, direct: false)
            let direct = Self.replay(seed: seed, direct: true)
            #expect(plain.direct == 0)
            #expect(direct.records == plain.records, "seed \(seed)")
            directFixes += direct.direct
            mixed += direct.mixed
            live += direct.live
        }
        #expect(live > 10, "only \(live) liveUpdates elements went the direct way")
        #expect(mixed > 10, "only \(mixed) direct fixes came with other records")
        #expect(directFixes > 300, "only \(directFixes) fixes went the direct way: the test no longer tests it")
    }

    /// `--only` keeps or drops a direct fix as it would its record, and the
    /// text writer writes the record's line.
    @Test func theFilterAndTheWriterTreatADirectFixAsItsRecord() throws {
        let location = Location(Coordinate(latitude: 35.5, longitude: 139.25), accuracy: 4)
        let fixes = [
            DirectFix(location: location, time: Millis(1500)),
            DirectFix(location: location, time: Millis(1500), liveUpdateFlags: []),
            DirectFix(location: location, time: Millis(1500), liveUpdateFlags: [.stationary, .accuracyLimited]),
        ]
        for fix in fixes {
            for list in ["delegate", "update", "auth", "delegate,update,drop"] {
                var direct = FilteredLogWriter(TextLogWriter(), filter: try RecordFilter(parsing: list))
                direct.write(fix)
                var record = FilteredLogWriter(TextLogWriter(), filter: try RecordFilter(parsing: list))
                record.write(fix.record)
                #expect(direct.base.text == record.base.text, "\(list)")
                #expect(direct.written == record.written, "\(list)")
            }
            var fields = TextLogWriter()
            fields.writeFields(fix.record)
            var direct = TextLogWriter()
            direct.write(fix)
            #expect(direct.text == fields.text)
        }
    }
}
