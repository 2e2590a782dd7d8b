import LocSimKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One scenario's line of `locsim check --summary jsonl`, for CI dashboards.
///
/// `{"name":"Scenarios/tutorial/run.scn","result":"passed","records":42,"time_us":1830}`:
/// `name` the scenario's path as checked (as in the report), `result`
/// `passed`, `failed` or `updated`, `records` the lines of its replayed log
/// (0 for a scenario of an `errors` or `explore` folder or one that failed
/// to replay),
/// `time_us` the wall-clock microseconds spent checking it (replay,
/// comparison, matrix golden). Time is the one field that differs between
/// runs; it is never in a golden or a report.
package struct ScenarioResult: Equatable, Sendable {
    package var name: String
    package var result: Check.Outcome.Status
    package var records: Int
    package var microseconds: Int
    /// What the report says about it (`Check.Outcome.report`): empty for a
    /// plain pass, else its errors and diffs (the JUnit report's failures).
    package var report: String

    package init(name: String, result: Check.Outcome.Status, records: Int, microseconds: Int, report: String = "") {
        self.name = name
        self.result = result
        self.records = records
        self.microseconds = microseconds
        self.report = report
    }

    /// The JSON Lines form, ending in `\n`; keys in the order above.
    package var jsonLine: String {
        var bytes = ByteBuffer(capacity: name.utf8.count + 80)
        LogBytes.appendJSONString(name, to: &bytes)
        let name = String(decoding: bytes.array, as: UTF8.self)
        return
            "{\"name\":\(name),\"result\":\"\(Self.word(result))\",\"records\":\(records),\"time_us\":\(microseconds)}\n"
    }

    private static func word(_ status: Check.Outcome.Status) -> String {
        switch status {
        case .passed: "passed"
        case .failed: "failed"
        case .updated: "updated"
        }
    }

    /// Microseconds of the monotonic clock, for timing one scenario.
    static func now() -> Int {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Int(ts.tv_sec) * 1_000_000 + Int(ts.tv_nsec) / 1000
    }
}
