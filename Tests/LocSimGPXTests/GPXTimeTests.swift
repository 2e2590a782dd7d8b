import Testing

@testable import LocSimGPX

@Suite struct GPXTimeTests {
    @Test(arguments: [
        ("1970-01-01T00:00:00Z", Int64(0)),
        ("1970-01-01T00:00:01.5Z", 1500),
        ("2024-05-01T07:00:00Z", 1_714_546_800_000),
        ("2024-05-01T16:00:00+09:00", 1_714_546_800_000),
        ("2024-05-01T16:00:00+0900", 1_714_546_800_000),
        ("2024-04-30T23:00:00-08:00", 1_714_546_800_000),
        ("2024-05-01T07:00:00", 1_714_546_800_000),
        ("2024-05-01T07:00:00.123456Z", 1_714_546_800_123),
        ("2000-02-29T00:00:00Z", 951_782_400_000),
        ("1969-12-31T23:59:59Z", -1000),
    ])
    func instants(_ text: String, _ expected: Int64) {
        #expect(GPXTime.milliseconds(text) == expected)
    }

    @Test(arguments: [
        "", "yesterday", "2024-05-01", "2024-05-01 07:00:00Z", "2024-13-01T00:00:00Z", "2023-02-29T00:00:00Z",
        "2024-05-01T07:60:00Z", "2024-05-01T07:00:00.Z", "2024-05-01T07:00:00+25:00", "2024-05-01T07:00:00Zjunk",
    ])
    func rejected(_ text: String) {
        #expect(GPXTime.milliseconds(text) == nil)
    }

    @Test func spacingKeepsRecordedGapsAndCountsUntimedPointsAtOneHertz() throws {
        var spacing = GPXSpacing()
        let offsets = try [Int64?(10_000), 12_500, nil, nil, 20_000, 20_000].map { time in
            try spacing.offset(at: time).get().value
        }
        // Untimed points at 1 Hz after the previous point; a timed point
        // keeps its distance from the last timed one.
        #expect(offsets == [0, 2500, 3500, 4500, 10_000, 10_000])
    }

    @Test func spacingRejectsTimeGoingBackwards() {
        var spacing = GPXSpacing()
        _ = spacing.offset(at: 5000)
        guard case .failure(let error) = spacing.offset(at: 1000) else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.message.contains("time goes backwards"))
    }

    @Test func accuracyFromHDOPPrintsAsAShortDecimal() {
        #expect(GPXPointBuilder.meters(1.3 * 5) == "6.5")
        #expect(GPXPointBuilder.meters(3 * 5) == "15")
        #expect(GPXPointBuilder.meters(0.61 * 5) == "3.05")
        #expect(GPXPointBuilder.meters(0) == "0")
    }
}
