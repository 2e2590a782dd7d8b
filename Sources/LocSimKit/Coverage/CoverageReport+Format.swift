/// `locsim check --coverage --format text|json`: the same bytes for the
/// same suite, in a fixed order (no dictionary order reaches the output).
extension CoverageReport {
    package enum Format: String, Sendable, CaseIterable {
        case text, json
    }

    package func rendered(_ format: Format) -> String {
        switch format {
        case .text: return text
        case .json: return json
        }
    }

    // MARK: - Text

    private var text: String {
        let cells = allCells
        let hit = cells.filter { $0.events > 0 }.count
        var out = "coverage: \(replayed) scenario\(replayed == 1 ? "" : "s") replayed"
        if mustFail > 0 { out += "; \(mustFail) in errors/ folders, not replayed" }
        if !exploreFlows.isEmpty {
            let n = exploreFlows.count
            out +=
                "; \(n) explore flow\(n == 1 ? "" : "s") with choice points (`user any`, windows of time), not replayed"
                + " (locsim explore replays each choice): " + exploreFlows.joined(separator: ", ")
        }
        if !notReplayed.isEmpty {
            out += "; \(notReplayed.count) stopped with an error, not counted: " + notReplayed.joined(separator: ", ")
        }
        out += "\n\n"
        let never = neverExercised.map { "\($0.words) (\($0.section))" }
        out +=
            "never exercised: " + (never.isEmpty ? "none of the features below" : never.joined(separator: "; ")) + "\n"
        out += "\nfeatures (scenarios):\n"
        out += ReportTable.text(
            CoverageFeature.allCases.map { feature in
                let n = features[feature] ?? 0
                return ["  " + feature.words, feature.section, n == 0 ? "never" : "\(n)"]
            })
        out += "\nnever exercised, cell by cell:\n"
        for line in glance { out += "  " + line + "\n" }
        out += "\ndelivery (docs/rules.md §8): \(hit) of \(cells.count) cells"
        out += " (service × authorization × app state) met an event\n"
        for service in Self.services {
            let rows = Self.accesses.map { access in
                ["  " + access.word]
                    + Self.apps.map { app in
                        let n = delivery[Cell(service: service, access: access, app: app)] ?? 0
                        return n == 0 ? "·" : "\(n)"
                    }
            }
            out += "\n" + ReportTable.text([[service.rawValue] + Self.apps.map(\.word)] + rows)
        }
        out += "\nauthorization levels by platform (events met):\n"
        out += ReportTable.text(
            Self.accesses.map { access in
                let platforms = (accessPlatforms[access] ?? []).sorted().map(\.name)
                return ["  " + access.word, platforms.isEmpty ? "never" : platforms.joined(separator: ", ")]
            })
        out += "\nprompts (kind: answer taken / offered):\n"
        out += ReportTable.text(
            PromptKind.allCases.map { kind in
                let shown = promptsShown[kind] ?? 0
                guard shown > 0 else { return ["  " + kind.rawValue, "never shown"] }
                let answers = promptCells.filter { $0.cell.kind == kind }.map { "\($0.cell.answer) \($0.taken)" }
                guard !answers.isEmpty else { return ["  " + kind.rawValue, "shown \(shown) (takes no answer)"] }
                return ["  " + kind.rawValue, "shown \(shown): " + answers.joined(separator: ", ")]
            })
        out += "\nplatform families (scenarios):\n"
        out += ReportTable.text(
            Platform.OS.allCases.map { os in
                let n = platforms[os] ?? 0
                return ["  " + os.rawValue, n == 0 ? "never" : "\(n)"]
            })
        out += "\nrule sections cited in # comments (scenarios):\n"
        out += ReportTable.text(
            sectionRows.map { row in
                let count = row.scenarios == 0 ? "never" : "\(row.scenarios)" + (row.known ? "" : " (no such section)")
                return ["  " + row.section, row.title, count]
            })
        return out
    }

    /// One line per kind of gap: what a team reads first.
    var glance: [String] {
        var lines: [String] = []
        for access in Self.accesses {
            let missing = Self.services.filter { service in
                Self.apps.allSatisfy { delivery[Cell(service: service, access: access, app: $0)] == nil }
            }
            if missing.count == Self.services.count {
                lines.append("\(access.word): no event met it, on any service")
            } else if !missing.isEmpty {
                lines.append("\(access.word): no event of " + missing.map(\.rawValue).joined(separator: ", "))
            }
        }
        for kind in PromptKind.allCases {
            guard (promptsShown[kind] ?? 0) > 0 else {
                lines.append("prompt \(kind.rawValue): never shown")
                continue
            }
            let never = promptCells.filter { $0.cell.kind == kind && $0.taken == 0 }.map(\.cell.answer)
            if !never.isEmpty {
                lines.append("prompt \(kind.rawValue): never answered " + never.joined(separator: ", "))
            }
        }
        let families = Platform.OS.allCases.filter { (platforms[$0] ?? 0) == 0 }.map(\.rawValue)
        if !families.isEmpty { lines.append("platforms: no scenario on " + families.joined(separator: ", ")) }
        let uncited = sectionRows.filter { $0.scenarios == 0 }.map(\.section)
        if !uncited.isEmpty { lines.append("rules never cited: " + uncited.joined(separator: ", ")) }
        return lines.isEmpty ? ["nothing"] : lines
    }

    // MARK: - JSON

    private var json: String {
        var out = "{\"replayed\":\(replayed),\"errorsFolders\":\(mustFail)"
        out += ",\"stopped\":[" + notReplayed.map(ReportTable.json).joined(separator: ",") + "]"
        out +=
            ",\"delivery\":["
            + allCells.map { entry in
                "{\"service\":\"\(entry.cell.service.rawValue)\",\"authorization\":\"\(entry.cell.access.word)\""
                    + ",\"app\":\"\(entry.cell.app.word)\",\"events\":\(entry.events)}"
            }.joined(separator: ",") + "]"
        out +=
            ",\"authorizationPlatforms\":["
            + Self.accesses.map { access in
                let platforms = (accessPlatforms[access] ?? []).sorted().map { ReportTable.json($0.name) }
                return "{\"authorization\":\"\(access.word)\",\"platforms\":[" + platforms.joined(separator: ",") + "]}"
            }.joined(separator: ",") + "]"
        out +=
            ",\"prompts\":["
            + PromptKind.allCases.map { kind in
                let answers = promptCells.filter { $0.cell.kind == kind }.map {
                    "{\"answer\":" + ReportTable.json($0.cell.answer) + ",\"taken\":\($0.taken)}"
                }
                return "{\"kind\":\"\(kind.rawValue)\",\"shown\":\(promptsShown[kind] ?? 0),\"answers\":["
                    + answers.joined(separator: ",") + "]}"
            }.joined(separator: ",") + "]"
        out +=
            ",\"platforms\":["
            + Platform.OS.allCases.map {
                "{\"os\":\"\($0.rawValue)\",\"scenarios\":\(platforms[$0] ?? 0)}"
            }.joined(separator: ",") + "]"
        out +=
            ",\"sections\":["
            + sectionRows.map {
                "{\"section\":" + ReportTable.json($0.section) + ",\"title\":" + ReportTable.json($0.title)
                    + ",\"scenarios\":\($0.scenarios),\"known\":\($0.known)}"
            }.joined(separator: ",") + "]"
        out +=
            ",\"features\":["
            + CoverageFeature.allCases.map {
                "{\"feature\":" + ReportTable.json($0.words)
                    + ",\"section\":\"\($0.section)\",\"scenarios\":\(features[$0] ?? 0)}"
            }.joined(separator: ",") + "]"
        out += ",\"neverExercised\":[" + neverExercised.map { ReportTable.json($0.words) }.joined(separator: ",") + "]"
        out += ",\"glance\":[" + glance.map(ReportTable.json).joined(separator: ",") + "]"
        out += ",\"exploreFlows\":[" + exploreFlows.map(ReportTable.json).joined(separator: ",") + "]}\n"
        return out
    }
}
