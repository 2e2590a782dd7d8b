import Testing

@testable import LocSimKit

/// `TextLogWriter` writes a delivered fix (`didUpdateLocations`) and a
/// `liveUpdates` element in a few stores rather than field by field: the
/// bytes must be the field-by-field line's, whatever the numbers and flags.
@Suite struct DeliveredFixLineTests {
    /// The line `write` gives, and the line the generic path gives.
    static func lines(_ location: Location, at time: Millis) -> (fast: String, generic: String) {
        lines(LogRecord(Instant(sinceStart: time), .delegate(.didUpdateLocations(location))))
    }

    static func lines(_ record: LogRecord) -> (fast: String, generic: String) {
        var fast = TextLogWriter()
        fast.write(record)
        var generic = TextLogWriter()
        generic.writeFields(record)
        return (fast.text, generic.text)
    }

    /// Rounding ties, negative zero, values that round to a sign change,
    /// the largest coordinates, times and accuracies past eight digits.
    static let edges: [(Double, Double, Double, Int64)] = [
        (0.000_000_5, -0.000_000_5, 0.5, 0),
        (-0.000_000_4, -0.0, -0.0, 1),
        (-0.0, 0.0, 2.5, 999),
        (35.681_234_5, 139.767_117_5, 4.5, 86_400_000),
        (89.999_999_6, -179.999_999_6, 4.499_999, 1_000_000_000_000_000),
        (-90, 180, 1e15, -1500),
        (1e15, -1e15, 123_456_789.5, 123_456_789_012),
        (.nan, .infinity, -.infinity, 5),
    ]

    @Test func edgesMatchTheFieldByFieldLine() {
        for (latitude, longitude, accuracy, millis) in Self.edges {
            let (fast, generic) = Self.lines(
                Location(Coordinate(latitude: latitude, longitude: longitude), accuracy: accuracy), at: Millis(millis))
            #expect(fast == generic)
        }
    }

    @Test func aTieAndNegativeZeroPrintAsTheLogFormatSays() {
        let (line, _) = Self.lines(
            Location(Coordinate(latitude: -0.0, longitude: 35.000_000_5), accuracy: 2.5), at: Millis(1500))
        #expect(line == "1.500 delegate locationManager(_:didUpdateLocations:) 0.000000,35.000001 ±3\n")
    }

    @Test func randomFixesMatchTheFieldByFieldLine() {
        var random = SplitMix64(seed: 20)
        for _ in 0..<50_000 {
            // Seven and more decimals, so rounding is exercised, and every magnitude.
            let latitude = Double(Int64(random.next() % 1_800_000_001) - 900_000_000) / 1e7
            let longitude = Double(Int64(random.next() % 3_600_000_001) - 1_800_000_000) / 1e7
            let accuracy = Double(random.next() % 2_000_000) / 100
            let time = Millis(Int64(random.next() % 100_000_000_000))
            let (fast, generic) = Self.lines(
                Location(Coordinate(latitude: latitude, longitude: longitude), accuracy: accuracy), at: time)
            #expect(fast == generic)
        }
    }

    @Test func liveUpdatesMatchTheFieldByFieldLine() {
        var random = SplitMix64(seed: 17)
        for i in 0..<20_000 {
            let location = Location(
                Coordinate(
                    latitude: Double(Int64(random.next() % 1_800_000_001) - 900_000_000) / 1e7, longitude: 139.7671168),
                accuracy: Double(random.next() % 5000) / 100)
            // Every single flag, then random sets of them.
            let flags = DiagnosticFlags(rawValue: i < 16 ? 1 << UInt16(i) : UInt16(truncatingIfNeeded: random.next()))
            let time = Instant(sinceStart: Millis(Int64(i) * 1500))
            let (fast, generic) = Self.lines(LogRecord(time, .update(.liveUpdate(location, flags))))
            #expect(fast == generic)
        }
    }

    @Test func aLiveUpdateWithFlagsPrintsThemInHeaderOrder() {
        let location = Location(Coordinate(latitude: 1, longitude: 2), accuracy: 3)
        let record = LogRecord(
            Instant(sinceStart: Millis(2000)), .update(.liveUpdate(location, [.accuracyLimited, .stationary])))
        #expect(Self.lines(record).fast == "2.000 update liveUpdates 1.000000,2.000000 ±3 stationary accuracyLimited\n")
    }
}
