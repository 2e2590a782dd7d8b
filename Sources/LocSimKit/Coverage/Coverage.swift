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
/// `Platform.OS`, and the section headings of docs/rules.md and
/// docs/modern.md when given.
package struct Coverage: Sendable {
    /// Reads the files of `gpx` lines; nil: a scenario with one is not replayed.
    package var tracks: (any TrackReader)?
    /// docs/rules.md and docs/modern.md, as text, for the sections a suite
    /// may cite; nil when they were not found (only the cited ones are listed).
    package var rules: String?
    package var modern: String?

    package init(tracks: (any TrackReader)? = nil, rules: String? = nil, modern: String? = nil) {
        self.tracks = tracks
        self.rules = rules
        self.modern = modern
    }

    /// Tallies one scenario's bytes into `report`.
    package func add(_ bytes: [UInt8], path: String, to report: inout CoverageReport) {
        for section in Self.citedSections(bytes) { report.sections[section, default: 0] += 1 }
        guard FileIO.fileName(of: FileIO.directory(of: path)) != "errors" else {
            report.mustFail += 1
            return
        }
        var reader = LineReader(bytes: bytes)
        var driver = ReplayDriver(platform: nil, tracks: tracks.map { TrackSource(reader: $0, scenario: path) })
        var writer = CoverageWriter()
        var replay = ReplayReport()
        do throws(ScenarioError) {
            try Replay.run(&reader, driver: &driver, into: &writer, report: &replay)
        } catch {
            report.notReplayed.append(path)
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
    /// (`docs/rules.md §8`, `§§3–4` is not a form the suite uses).
    static func citedSections(_ bytes: [UInt8]) -> Set<String> {
        var found = Set<String>()
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            let text = line.drop(while: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") })
            guard text.first == UInt8(ascii: "#") else { continue }
            found.formUnion(sectionReferences(in: String(decoding: text, as: UTF8.self)))
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

    /// `§N` for each `## N. Title` heading of docs/rules.md.
    package static func ruleSections(inRules text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("## ") else { return nil }
            let number = line.dropFirst(3).prefix(while: \.isNumber)
            guard !number.isEmpty, line.dropFirst(3 + number.count).hasPrefix(". ") else { return nil }
            return "§" + number
        }
    }

    /// `MN` for each rule of docs/modern.md (a line starting `**MN`).
    package static func modernSections(_ text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("**M") else { return nil }
            let number = line.dropFirst(3).prefix(while: \.isNumber)
            return number.isEmpty ? nil : "M" + number
        }
    }
}
