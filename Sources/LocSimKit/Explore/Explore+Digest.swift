/// The lines that open an explore report when some path failed
/// (docs/explore.md, "Reading the report"): one per failed `expect` line
/// and one per place an error stopped paths, over every platform.
extension Explore.Report {
    /// `expect 41:1 fails on 14 platforms — dontAllow, dismiss; shortest: iOS 8.0 0.000 whenInUse dontAllow`
    /// (the answers on the shortest paths of the rows that fail it),
    /// `expect 7:1 (sometimes) is met on no path on 2 platforms; shortest: …`,
    /// `stopped at 29:10 on 2 platforms; shortest: iOS 7.0 (no choice)`:
    /// `expect` lines in line order, then errors by place.
    var digest: [String] {
        var lines: [String] = []
        for line in Explore.FailingPath.byLine(self) {
            let failing = line.shortest
            let n = failing.expectation.location.line
            // The answers on the shortest paths of the rows that fail it.
            var answers = Footnotes()
            for p in platforms where line.platforms.contains(p.platform) {
                for row in p.rows where row.outcome.failedExpectations.contains(where: { $0.location.line == n }) {
                    for choice in row.shortestPath {
                        // The answer without its Precise switch: `allowOnce`, `settings always`.
                        let words = choice.choiceText.split(separator: " ")
                            .filter { !$0.hasPrefix("precise=") }
                        _ = answers.number(words.joined(separator: " "))
                    }
                }
            }
            let place = "\(n):\(failing.expectation.location.column)"
            let on = Self.count(UInt64(line.platforms.count), "platform")
            var text =
                failing.expectation.expectation.isSometimes
                ? "expect \(place) (sometimes) is met on no path on \(on)" : "expect \(place) fails on \(on)"
            if !answers.texts.isEmpty { text += " — " + answers.texts.joined(separator: ", ") }
            lines.append(text + "; shortest: \(line.platform) " + Self.path(failing.path))
        }
        // Errors by place (their messages name the platform: the table's notes give them).
        var places: [String] = []
        var stops: [String: (platforms: Int, shortest: (Platform, [ExploreChoice]))] = [:]
        for p in platforms {
            var seen = Set<String>()
            for row in p.rows {
                guard let error = row.outcome.error else { continue }
                let place = "\(error.location.line):\(error.location.column)"
                guard let known = stops[place] else {
                    places.append(place)
                    seen.insert(place)
                    stops[place] = (1, (p.platform, row.shortestPath))
                    continue
                }
                let more = seen.insert(place).inserted ? 1 : 0
                let shorter = row.shortestPath.count < known.shortest.1.count
                stops[place] = (known.platforms + more, shorter ? (p.platform, row.shortestPath) : known.shortest)
            }
        }
        func numbers(_ place: String) -> [Int] { place.split(separator: ":").compactMap { Int($0) } }
        let byPlace = places.sorted { numbers($0).lexicographicallyPrecedes(numbers($1)) }
        for place in byPlace {
            guard let stop = stops[place] else { continue }
            lines.append(
                "stopped at \(place) on \(Self.count(UInt64(stop.platforms), "platform")); shortest: "
                    + "\(stop.shortest.0) " + Self.path(stop.shortest.1))
        }
        return lines
    }
}
