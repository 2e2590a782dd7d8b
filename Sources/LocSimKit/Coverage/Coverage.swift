#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `locsim check --coverage`: which rules a suite of scenarios exercises,
/// and which it never does (docs/coverage.md).
///
/// Everything is read from what the scenarios produce, never from a list
/// kept by hand: the delivery cells from each replay's records
/// (`CoverageWriter`), the prompt answers from the `prompt show` records'
/// offered answers, the platform families from each replay's platform, the
/// rule sections from the `#` comments that cite them. The universe each
/// is measured against comes from the rules themselves: the cases of
/// `Delivery.Access` and `Delivery.App`, the services the log tells apart,
/// `Platform.OS`, and the sections of docs/rules.md and docs/modern.md
/// (`RuleBook`, carried in the program).
package struct Coverage: Sendable {
    /// Reads the files of `gpx` lines; nil: a scenario with one is not replayed.
    package var tracks: (any TrackReader)?

    package init(tracks: (any TrackReader)? = nil) {
        self.tracks = tracks
    }

    /// Tallies one scenario's bytes into `report`.
    package func add(_ bytes: [UInt8], path: String, to report: inout CoverageReport) {
        add(path: path, to: &report) { LineReader(bytes: bytes) }
    }

    /// Tallies one scenario into `report`, reading it twice from a new
    /// `reader` each time: its comments, then its replay.
    package func add(path: String, to report: inout CoverageReport, reader: () -> LineReader) {
        var comments = reader()
        for section in Self.citedSections(&comments) { report.sections[section, default: 0] += 1 }
        guard FileIO.fileName(of: FileIO.directory(of: path)) != "errors" else {
            report.mustFail += 1
            return
        }
        var lines = reader()
        var driver = ReplayDriver(platform: nil, tracks: tracks.map { TrackSource(reader: $0, scenario: path) })
        var writer = CoverageWriter()
        var replay = ReplayReport()
        do throws(ScenarioError) {
            try Replay.run(&lines, driver: &driver, into: &writer, report: &replay)
        } catch {
            if error.isExploreChoice { report.exploreFlows.append(path) } else { report.notReplayed.append(path) }
            return
        }
        report.replayed += 1
        report.add(writer.tally, of: driver.finalState)
    }

    /// §8's row for an authorization as an `auth` record shows it (the
    /// mapping `Authorization.deliveryAccess` makes from the state).
    static func access(_ status: AuthorizationStatus, provisional: Bool, modern: Bool) -> Delivery.Access {
        if provisional { return .provisionalAlways }
        switch status {
        case .notDetermined: return .notDetermined
        case .denied, .restricted: return .denied
        case .authorizedWhenInUse: return modern ? .whenInUse : .whenInUseBefore13
        case .authorizedAlways, .authorized: return .always
        }
    }

    // MARK: - Rule sections

    /// `§8` and `M15` as the `#` comment lines of a scenario cite them
    /// (`docs/rules.md §8`, `§§3–4` is not a form the suite uses). A line
    /// too long to read ends the comments read (the replay then stops there).
    static func citedSections(_ reader: inout LineReader) -> Set<String> {
        var found = Set<String>()
        try? reader.forEachLine { line, _ in
            guard let start = line.firstIndex(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }),
                line[start] == UInt8(ascii: "#")
            else { return }
            let text = String(decoding: UnsafeRawBufferPointer(rebasing: line[start...]), as: UTF8.self)
            found.formUnion(sectionReferences(in: text))
        }
        return found
    }

    /// `§N` and `MN` words in `text`.
    static func sectionReferences(in text: String) -> [String] {
        var found: [String] = []
        let characters = Array(text)
        var i = 0
        while i < characters.count {
            let c = characters[i]
            let boundary = i == 0 || !(characters[i - 1].isLetter || characters[i - 1].isNumber)
            if c == "§" || (c == "M" && boundary) {
                var j = i + 1
                while j < characters.count, characters[j].isASCII, characters[j].isNumber { j += 1 }
                let atEnd = j == characters.count || !(characters[j].isLetter || characters[j].isNumber)
                if j > i + 1, atEnd { found.append(String(characters[i..<j])) }
                i = j
                continue
            }
            i += 1
        }
        return found
    }
}
