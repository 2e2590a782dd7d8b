import LocSimKit

extension Coverage {
    /// Replays every scenario under `inputs` (files or folders) and tallies
    /// what they exercised. Scenarios that must fail (in `errors/`) are
    /// counted; those that stop with an error (a choice point only
    /// `explore` makes, a track that cannot be read) are listed.
    package func run(_ inputs: [String]) throws(FileError) -> CoverageReport {
        var report = CoverageReport(rulesGiven: rules != nil, modernGiven: modern != nil)
        for path in try ScenarioFinder.scenarios(in: inputs) {
            switch FileIO.readFile(path) {
            case .success(let bytes): add(bytes, path: path, to: &report)
            case .failure: report.notReplayed.append(path)
            }
        }
        report.knownSections = (rules.map(Self.ruleSections(inRules:)) ?? []) + (modern.map(Self.modernSections) ?? [])
        return report
    }
}
