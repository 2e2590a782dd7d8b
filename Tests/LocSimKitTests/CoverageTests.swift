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
    static func report() -> CoverageReport {
        let coverage = Coverage()
        var report = CoverageReport()
        coverage.add(Array(quickstart.utf8), path: "suite/quickstart.scn", to: &report)
        coverage.add(
            Array("# §99 is no section\nlocsim 1\n0 launch\n1 user allowOnce\n".utf8), path: "suite/stops.scn",
            to: &report)
        coverage.add(Array("# §9\nlocsim 1\n0 lanch\n".utf8), path: "suite/errors/typo.scn", to: &report)
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
        #expect(glance.contains("platforms: no scenario on iPadOS, macOS, tvOS, watchOS, visionOS, macCatalyst"))
        // §9 is cited only by the scenario in errors/, which still counts as citing it.
        let cited: Set = ["§2", "§3", "§4", "§5", "§8", "§9", "M3"]
        let uncited = RuleBook.sections.map(\.id).filter { !cited.contains($0) }
        #expect(glance.contains("rules never cited: " + uncited.joined(separator: ", ")))
    }

    /// The report leads with the features no scenario exercised, read from
    /// the records: the quickstart's grace period ends in the background
    /// (§3); nothing is ever held for provisional Always.
    @Test func featuresNeverExercisedLeadTheReport() {
        let report = Self.report()
        #expect(report.features == [.graceEnds: 1])
        #expect(report.neverExercised == CoverageFeature.allCases.filter { $0 != .graceEnds })
        let text = report.rendered(.text)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[2].hasPrefix("never exercised: a background session keeping the app in use (§3); a relaunch"))
        #expect(text.contains("\n  the grace period ending in the background    §3   1\n"))
        #expect(text.contains("\n  provisional Always on iOS 13                 §6   never\n"))
        #expect(
            report.rendered(.json).contains(
                #""features":[{"feature":"the grace period ending in the background","section":"§3","scenarios":1},"#))
    }

    /// A provisional Always app counts for "on iOS 13" on iOS 13 only.
    @Test func provisionalAlwaysOnIOS13IsThatPlatformsOnly() {
        for (platform, counted) in [("13.0", true), ("14.0", false)] {
            var report = CoverageReport()
            let scenario = """
                locsim 1
                platform iOS \(platform)
                plist NSLocationWhenInUseUsageDescription "w"
                plist NSLocationAlwaysAndWhenInUseUsageDescription "a"
                0 launch
                1 app requestAlwaysAuthorization
                2 user allowWhileUsing

                """
            Coverage().add(Array(scenario.utf8), path: "p.scn", to: &report)
            #expect(report.replayed == 1)
            #expect((report.features[.provisionalOnIOS13] != nil) == counted, "iOS \(platform)")
        }
    }

    /// The Location Services alert takes no answer (docs/rules.md §4): no
    /// `dismiss` is asked of it, in the glance, the grid or the JSON.
    @Test func theLocationServicesAlertAsksForNoDismissal() {
        var report = CoverageReport()
        let alert = """
            locsim 1
            platform iOS 14.0
            plist NSLocationWhenInUseUsageDescription "w"
            0 launch
            0 user settings locationServices off
            1 app startUpdatingLocation

            """
        Coverage().add(Array(alert.utf8), path: "alert.scn", to: &report)
        #expect(report.promptsShown[.locationServices] == 1)
        #expect(report.features[.locationServicesAlert] == 1)
        #expect(!report.glance.contains { $0.hasPrefix("prompt locationServices") })
        #expect(report.rendered(.text).contains("\n  locationServices       shown 1 (takes no answer)\n"))
        #expect(report.rendered(.json).contains(#"{"kind":"locationServices","shown":1,"answers":[]}"#))
    }

    @Test func sectionsCitedAndUnknown() {
        let rows = Self.report().sectionRows
        #expect(rows.map(\.section) == RuleBook.sections.map(\.id) + ["§99"])
        #expect(rows.first { $0.section == "§99" }?.known == false)
        #expect(rows.first { $0.section == "§4" }?.known == true)
        #expect(rows.first { $0.section == "§6" }?.title == "Provisional Always (iOS 13+)")
        #expect(rows.first { $0.section == "§9" }?.scenarios == 1)
        #expect(
            Coverage.sectionReferences(in: "# docs/rules.md §4 the prompt, §5, M15 and (M3). MAX M3a §") == [
                "§4", "§5", "M15", "M3",
            ])
    }

    /// Issue 42 item 5: a flow for `locsim explore` (a choice point, a
    /// window of time) is not "stopped with an error": it is listed apart,
    /// as what it is.
    @Test func exploreFlowsAreListedApart() {
        var report = CoverageReport()
        let head = "locsim 1\nplatform iOS 14.0\nplist NSLocationWhenInUseUsageDescription \"x\"\n0 launch\n"
        Coverage().add(
            Array((head + "1 app requestWhenInUseAuthorization\n2 user any\n").utf8), path: "any.scn", to: &report)
        Coverage().add(Array((head + "5..9 background\n").utf8), path: "window.scn", to: &report)
        Coverage().add(Array("locsim 1\n0 launch\n1 user allowOnce\n".utf8), path: "stops.scn", to: &report)
        Coverage().add(Array(head.utf8), path: "runs.scn", to: &report)
        #expect(report.exploreFlows == ["any.scn", "window.scn"])
        #expect(report.notReplayed == ["stops.scn"])
        #expect(
            report.rendered(.text).hasPrefix(
                "coverage: 1 scenario replayed; 2 explore flows with choice points (`user any`, windows of time), not replayed (locsim explore replays each choice): any.scn, window.scn; 1 stopped with an error, not counted: stops.scn\n"
            ))
        #expect(report.rendered(.json).hasSuffix(#","exploreFlows":["any.scn","window.scn"]}"# + "\n"))
    }

    @Test func textAndJSONAreStable() {
        let report = Self.report()
        let text = report.rendered(.text)
        #expect(
            text.hasPrefix(
                "coverage: 1 scenario replayed; 1 in errors/ folders, not replayed; 1 stopped with an error, not counted: suite/stops.scn\n"
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
