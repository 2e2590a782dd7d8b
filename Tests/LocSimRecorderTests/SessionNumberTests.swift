// The session's numbers (issue 40: written without intermediate strings)
// read exactly as locsim's log writes them: `SessionWriter.fixed` against
// LocSimKit's `LogBytes`, and its seconds.
#if !canImport(CoreLocation)
    @testable import LocSimKit
    import Testing

    @testable import LocSimRecorder

    @Suite struct SessionNumberTests {
        /// Six decimals, rounded half away from zero, as the log writes a coordinate.
        @Test func degreesAreTheLogsDigits() {
            var generator = SystemRandomNumberGenerator()
            var values: [Double] = [0, -0.0, 0.0000005, -0.0000005, 35.6581, -139.7017, 180, -90, 1e-7, 89.9999995]
            for _ in 0..<2_000 { values.append(Double.random(in: -180...180, using: &generator)) }
            for value in values {
                var bytes = ByteBuffer(capacity: 32)
                LogBytes.appendFixed6(value, to: &bytes)
                #expect(SessionWriter.degrees(value) == String(decoding: bytes.bytes, as: UTF8.self), "\(value)")
            }
        }

        @Test func fewerDecimalsAndSeconds() {
            #expect(SessionWriter.fixed(5, 0) == "5")
            #expect(SessionWriter.fixed(4.5, 0) == "5")
            #expect(SessionWriter.fixed(-2.25, 1) == "-2.3")
            #expect(SessionWriter.fixed(0.04, 1) == "0.0")
            #expect(SessionWriter.fixed(-0.04, 1) == "0.0")
            #expect(SessionWriter.fixed(.nan, 3) == "0")
            // Past Int64 the value is clamped, not a trap.
            #expect(SessionWriter.fixed(1e20, 2) == "9223372036854775807")
            #expect(SessionWriter.fixed(-1e300, 0) == "-9223372036854775807")
            #expect(SessionWriter.fixed(1e16, 1) == "10000000000000000")
            #expect(
                SessionWriter.number(2.5) == "2.5" && SessionWriter.number(50) == "50"
                    && SessionWriter.number(-0.0001) == "0")
            #expect(SessionWriter.seconds(0) == "0.000" && SessionWriter.seconds(5) == "0.005")
            #expect(SessionWriter.seconds(86_400_123) == "86400.123")
        }
    }
#endif
