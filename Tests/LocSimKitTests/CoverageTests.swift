import Testing

@testable import LocSimKit

/// `locsim check --coverage` over a small suite whose gaps are known: the
/// quickstart (a When In Use app on iOS 13 that goes to the background and
/// is suspended) and a scenario that must fail (docs/coverage.md).
@Suite struct CoverageTests {
    static let quickstart = """
        # Rules shown (docs/rules.md): §4 the prompt, §5 allowWhileUsing,
        # §3 in use, §8 standard updates, §2 suspension; M3 is cited too.
        locsim 1
        platform iOS 13.0
        plist NSLocationWhenInUseUsageDescription "Shows where you are on the map."

        0      launch
        1      app requestWhenInUseAuthorization
        3      user allowWhileUsing
        4      app startUpdatingLocation
        5      fix 35.681236 139.767125 8
        6      fix 35.681300 139.767200 6
        10     background
        12     fix 35.681400 139.767300 6
        20     fix 35.681500 139.767400 6
        30     foreground
        31     fix 35.681600 139.767500 5

        """
    static let rules =
        "# The rule book\n## 0. Time\n## 2. Lifecycle\n## 3. In use\n## 8. Delivery\n## 9. Callbacks\n## Reasons\n"
    static let modern = "**M3 — something.** text\n**M17 — other.** text\n"

    static func report() -> CoverageReport {
        let coverage = Coverage(rules: rules, modern: modern)
        var report = CoverageReport(rulesGiven: true, modernGiven: true)
        coverage.add(Array(quickstart.utf8), path: "suite/quickstart.scn", to: &report)
        coverage.add(Array("locsim 1\n0 launch\n1 user allowOnce\n".utf8), path: "suite/stops.scn", to: &report)
        coverage.add(Array("# §9\nlocsim 1\n0 lanch\n".utf8), path: "suite/errors/typo.scn", to: &report)
        report.knownSections = Coverage.ruleSections(inRules: rules) + Coverage.modernSections(modern)
        return report
    }

    @Test func deliveryCellsComeFromTheRecords() {
        let report = Self.report()
        func events(_ app: Delivery.App) -> Int? {
            report.delivery[CoverageReport.Cell(service: .location, access: .whenInUse, app: app)]
        }
        // Delivered at 5, 6 and 31 in the foreground, 12 in the background
        // (grace), dropped `suspended` at 20.
        #expect(events(.foreground) == 3)
        #expect(events(.background) == 1)
        #expect(events(.suspended) == 1)
        #expect(report.delivery.count == 3)
        #expect(report.replayed == 1 && report.mustFail == 1 && report.notReplayed == ["suite/stops.scn"])
    }

    @Test func glanceNamesTheGaps() {
        let glance = Self.report().glance
        #expect(glance.contains("provisionalAlways: no event met it, on any service"))
        #expect(
            glance.contains(
                "whenInUse: no event of "
                    + CoverageTally.Service.allCases.dropFirst().map(\.rawValue).joined(separator: ", ")))
        #expect(glance.contains("prompt whenInUse: never answered allowOnce, dontAllow, dismiss"))
        #expect(glance.contains("prompt upgrade: never shown"))
        #expect(glance.contains("platforms: no scenario on iPadOS, macOS, tvOS, watchOS"))
        // §9 is cited only by the scenario in errors/, which still counts as citing it.
        #expect(glance.contains("rules never cited: §0, M17"))
    }

    @Test func sectionsCitedAndUnknown() {
        let rows = Self.report().sectionRows
        #expect(rows.map(\.section) == ["§0", "§2", "§3", "§8", "§9", "M3", "M17", "§4", "§5"])
        #expect(rows.first { $0.section == "§4" }?.known == false)
        #expect(rows.first { $0.section == "§9" }?.scenarios == 1)
        #expect(
            Coverage.sectionReferences(in: "# docs/rules.md §4 the prompt, §5, M15 and (M3). MAX M3a §") == [
                "§4", "§5", "M15", "M3",
            ])
    }

    @Test func textAndJSONAreStable() {
        let report = Self.report()
        let text = report.rendered(.text)
        #expect(
            text.hasPrefix(
                "coverage: 1 scenario replayed; 1 in errors/ folders, not replayed; 1 stopped with an error: suite/stops.scn\n"
            ))
        #expect(
            text.contains(
                "\nlocation             foreground  background  suspended  notRunning  forceQuit  notLaunchable\n  notDetermined      ·           ·"
            ))
        #expect(text.contains("\n  whenInUse          3           1           1          ·           ·          ·\n"))
        #expect(text.contains("  whenInUse          iOS 13.0\n"))
        #expect(
            text.contains("  whenInUse              shown 1: allowWhileUsing 1, allowOnce 0, dontAllow 0, dismiss 0\n"))
        #expect(text == Self.report().rendered(.text))
        let json = report.rendered(.json)
        #expect(
            json.hasPrefix(
                #"{"replayed":1,"errorsFolders":1,"stopped":["suite/stops.scn"],"delivery":[{"service":"location","authorization":"notDetermined","app":"foreground","events":0},"#
            ))
        #expect(json.contains(#"{"service":"location","authorization":"whenInUse","app":"foreground","events":3}"#))
        #expect(
            json.contains(
                #"{"kind":"whenInUse","shown":1,"answers":[{"answer":"allowWhileUsing","taken":1},{"answer":"allowOnce","taken":0}"#
            ))
        #expect(json.hasSuffix("]}\n") && json.split(separator: "\n").count == 1)
    }
}
