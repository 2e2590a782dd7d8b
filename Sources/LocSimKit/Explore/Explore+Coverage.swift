/// The end of an explore report: what no path reached (docs/explore.md,
/// "What no path reached"), read from the records of every path as
/// `check --coverage` reads a suite's logs (`CoverageWriter`, `CoverageReport`).
extension CoverageReport {
    /// One line per kind of gap, over the platforms tallied: the drop
    /// reasons no `drop` record gave; for each service some event of met,
    /// the authorization rows of §8 it never met (only the rows those
    /// platforms have); the services no event met; the prompt kinds never
    /// shown, and answers offered and never taken. `possible`: the rows of
    /// §8 the platforms have.
    func neverReached(possible: Set<Delivery.Access>) -> [String] {
        var lines: [String] = []
        let drops = DropReason.allCases.filter { !dropReasons.contains($0) }.map(\.description)
        if !drops.isEmpty { lines.append("no drop for: " + drops.joined(separator: ", ")) }
        var untouched: [String] = []
        for service in Self.services {
            let met = Set(delivery.keys.filter { $0.service == service }.map(\.access))
            guard !met.isEmpty else {
                untouched.append(service.rawValue)
                continue
            }
            let never = Self.accesses.filter { possible.contains($0) && !met.contains($0) }.map(\.word)
            if !never.isEmpty { lines.append("no \(service.rawValue) event under: " + never.joined(separator: ", ")) }
        }
        if !untouched.isEmpty { lines.append("no event at all of: " + untouched.joined(separator: ", ")) }
        let unshown = PromptKind.allCases.filter { (promptsShown[$0] ?? 0) == 0 }.map(\.rawValue)
        if !unshown.isEmpty { lines.append("no prompt shown of: " + unshown.joined(separator: ", ")) }
        let untaken = promptCells.filter { $0.taken == 0 }
            .map { "\($0.cell.kind.rawValue) \($0.cell.answer)" }
        if !untaken.isEmpty { lines.append("no path answered: " + untaken.joined(separator: ", ")) }
        return lines
    }
}

extension Explore.Report {
    /// `never reached on any path:` and its lines, each after `bullet`.
    func neverReachedText(bullet: String) -> String {
        guard !neverReached.isEmpty else { return "" }
        return "\nwhat no \(sampling == nil ? "" : "sampled ")path reached:\n"
            + neverReached.map { bullet + $0 + "\n" }.joined()
    }
}
