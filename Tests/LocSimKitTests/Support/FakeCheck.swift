@testable import LocSimKit
@testable import LocSimTool

/// `Check` with a fake replay, so `CheckTests` and `ShardTests` do not
/// depend on the rules: the "log" of a scenario is its text upper-cased,
/// and a scenario starting with `bad` fails at line 3, column 10.
enum FakeCheck {
    static let replay: Check.ReplayFunction = { (reader, output, _) throws(ScenarioError) in
        try reader.forEachLine { (line, number) throws(ScenarioError) in
            let text = String(decoding: line, as: UTF8.self)
            if number == 1 && text.hasPrefix("bad") {
                throw ScenarioError("bad number 'x'; expected seconds", line: 3, column: 10)
            }
            output.append(Array((text.uppercased() + "\n").utf8))
        }
        return []
    }

    /// `check` over `inputs`: the summary, the report, and each scenario's
    /// result with its time zeroed (times differ from run to run).
    static func run(
        _ inputs: [String], update: Bool = false, jobs: Int = 2, shard: Shard? = nil
    ) throws -> (summary: Check.Summary, report: String, results: [ScenarioResult]) {
        var report = ""
        var results: [ScenarioResult] = []
        let check = Check(update: update, jobs: jobs, replay: replay, shard: shard)
        let summary = try check.run(inputs, to: &report, results: &results)
        return (
            summary, report,
            results.map { ScenarioResult(name: $0.name, result: $0.result, records: $0.records, microseconds: 0) }
        )
    }

    /// Writes a suite of `count` passing, mismatching, missing-golden,
    /// broken and error-golden scenarios in nested folders, named in an
    /// order unlike the order they are written in.
    static func writeSuite(_ dir: TemporaryFolder, count: Int = 70) {
        for i in 0..<count {
            let folder = ["", "sub/", "sub/deeper/", "errors/"][i % 4]
            let name = "\(folder)s\(i * 37 % count)"
            if folder == "errors/" {
                dir.write("\(name).scn", "bad\n")
                dir.write(
                    "\(name).err",
                    i % 3 == 0 ? "wrong\n" : "\(name.dropFirst(7)).scn:3:10: error: bad number 'x'; expected seconds\n")
                continue
            }
            dir.write("\(name).scn", i % 11 == 0 ? "bad\n" : String(repeating: "line \(i)\n", count: i % 5 + 1))
            if i % 3 == 0 { dir.write("\(name).log", String(repeating: "LINE \(i)\n", count: i % 5 + 1)) }
            if i % 3 == 1 { dir.write("\(name).log", "different\n") }
        }
    }
}
