import Foundation  // reading docs/ (tests only)
import Testing

@testable import LocSimKit

/// Every line of the scenario language has a Swift builder call, written
/// down in Sources/LocSimKit/LocSimKit.docc/SwiftAPI.md: the keyword registries (`HeaderKeyword`,
/// `EventKeyword`, `AppCallKeyword`, `PropertyKeyword`, the iOS 17/18
/// calls, `Answer`, the Settings words) against what the builder writes and
/// what the page's builder tables list.
@Suite struct BuilderCoverageTests {
    /// The language's keywords by word class, from the registries.
    static var languageKeywords: [String: Set<String>] {
        [
            "header": Set(HeaderKeyword.words),
            "event": Set(EventKeyword.words),
            "app call": Set(AppCallKeyword.words + ScenarioParser.list(ScenarioParser.modernCalls)),
            "property": Set(PropertyKeyword.words),
            "answer": Set(Answer.allCases.map(\.rawValue)),
            "settings": Set(ScenarioParser.list(ScenarioParser.settingsWords)),
            "user action": ["tapNotification", "any", "unlock"],
            "trigger": Set(
                ScenarioParser.triggerWords.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }),
        ]
    }

    /// The keywords of scenario lines, by class: `plist …` is a header word,
    /// `3 app set distanceFilter 5` an event, a call and a property.
    static func keywords(ofLines lines: [Substring]) -> [String: Set<String>] {
        var found: [String: Set<String>] = [:]
        for line in lines {
            var words = line.split(separator: " ").map(String.init)
            if let first = words.first, HeaderKeyword(rawValue: first) != nil {
                found["header", default: []].insert(first)
                continue
            }
            if let first = words.first, first.first?.isNumber == true || first.hasPrefix("<") { words.removeFirst() }
            guard let event = words.first else { continue }
            if event == "on" {  // a reaction: its trigger (its action is an event's words)
                if words.count > 1 { found["trigger", default: []].insert(words[1]) }
                continue
            }
            found["event", default: []].insert(event)
            let rest = Array(words.dropFirst())
            switch event {
            case "app":
                guard let call = rest.first else { continue }
                found["app call", default: []].insert(call)
                if call == "set", rest.count > 1 { found["property", default: []].insert(rest[1]) }
            case "user":
                guard let word = rest.first else { continue }
                if word == "settings", rest.count > 1 {
                    found["settings", default: []].insert(rest[1])
                } else if word == "tapNotification" || word == "any" || word == "unlock" {
                    found["user action", default: []].insert(word)
                } else {
                    found["answer", default: []].insert(word)
                }
            default: break
            }
        }
        return found
    }

    /// One builder call for every line of the language.
    static var everyLine: Scenario {
        let region = CircularRegion(id: "home", center: Coordinate(latitude: 35, longitude: 139.7), radius: 100)
        let beacon = BeaconConstraint(uuid: "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0", major: 1)
        var s = Scenario(platform: .iOS(18))
        s.plist("NSLocationWhenInUseUsageDescription", "w")
        s.delegate(.all)
        s.set(.grace(.seconds(5)))
        s.seed(7)
        let events: [Event] = [
            .launch, .foreground, .background, .terminate, .systemTerminate, .systemNotBusy, .systemReboot,
            .fix(35, 139.7), .enter(regionID: "home"), .exit(regionID: "home"),
            .visitArrive(Location(Coordinate(latitude: 35, longitude: 139.7), accuracy: 30)),
            .visitDepart(Location(Coordinate(latitude: 35, longitude: 139.7), accuracy: 30)),
            .beacon(BeaconSighting(uuid: beacon.uuid, major: 1, minor: 2, proximity: .near)),
            .noFix(until: nil),
            .heading(HeadingSample(magnetic: 90, trueHeading: 92.5, accuracy: 10)), .headingUnavailable,
            .app(.startUpdatingHeading), .app(.stopUpdatingHeading), .app(.set(.headingFilter(nil))),
            .app(.set(.headingOrientation(.faceUp))),
            .app(.allowDeferredLocationUpdates(distance: 100, timeout: .seconds(60))),
            .app(.allowDeferredLocationUpdates(distance: nil, timeout: nil)), .app(.disallowDeferredLocationUpdates),
            .app(.requestWhenInUseAuthorization), .app(.requestAlwaysAuthorization),
            .app(.requestTemporaryFullAccuracyAuthorization(purposeKey: "Navigate")),
            .app(.startUpdatingLocation), .app(.stopUpdatingLocation), .app(.requestLocation),
            .app(.startMonitoringSignificantLocationChanges), .app(.stopMonitoringSignificantLocationChanges),
            .app(.startMonitoringVisits), .app(.stopMonitoringVisits), .app(.startMonitoring(region)),
            .app(.stopMonitoring(id: "home")), .app(.requestState(id: "home")),
            .app(.startRangingBeacons(beacon)), .app(.stopRangingBeacons(beacon)),
            .app(.addLocationNotification(region, repeats: false)),
            .app(.set(.allowsBackgroundLocationUpdates(true))), .app(.set(.showsBackgroundLocationIndicator(true))),
            .app(.set(.pausesLocationUpdatesAutomatically(false))), .app(.set(.distanceFilter(50))),
            .app(.set(.desiredAccuracy(.best))), .app(.set(.activityType(.fitness))),
            .app(.liveUpdates(.start(.fitness))), .app(.liveUpdates(.stop)),
            .app(.backgroundActivitySession(.begin)), .app(.backgroundActivitySession(.end)),
            .app(.backgroundActivitySession(.release)),
            .app(.serviceSession(.begin("nav", .whenInUse))), .app(.serviceSession(.end("nav"))),
            .app(.serviceSession(.release("nav"))),
            .app(.monitor("geo", .open)),
            .app(
                .monitor("geo", .add("home", .circle(center: Coordinate(latitude: 35, longitude: 139.7), radius: 100)))),
            .app(.monitor("geo", .add("door", .beacon(beacon), assuming: .satisfied))),
            .app(.monitor("geo", .remove("home"))), .app(.monitor("geo", .close)),
            .user(.precise(true)), .user(.locationServices(true)), .user(.restricted(false)),
            .user(.device(.lowPower, true)), .user(.device(.backgroundAppRefresh, false)),
            .user(.device(.airplaneMode, true)), .user(.unlock),
            .user(.tapNotification(id: "n1")), .user(.any(.answer)), .user(.any(.settings)),
        ]
        var t = 0.0
        for event in events {
            s.at(t, event)
            t += 1
        }
        for answer in Answer.allCases { s.at(t, .user(.answer(answer))) }
        for choice in SettingsChoice.allCases { s.at(t, .user(.settings(choice))) }
        s.gpx(at: t, "run.gpx", speed: 2)
        let triggers: [ReactionTrigger] =
            [.launch, .relaunch(), .wake(), .foreground, .background, .update(), .prompt(nil)]
            + DelegateMethods.names.map { .delegate($0.1) }
        for trigger in triggers {
            s.on(trigger, trigger == .prompt(nil) ? .user(.dismiss) : .app(.requestLocation), from: t)
        }
        return s
    }

    @Test func theBuilderWritesEveryKeyword() {
        let written = Self.keywords(ofLines: Self.everyLine.text.split(separator: "\n"))
        for (what, keywords) in Self.languageKeywords {
            #expect(written[what, default: []] == keywords, "\(what): the builder writes these, the language has those")
        }
    }

    /// Each line the builder wrote parses back (the calls above are real lines).
    @Test func everyLineParses() throws {
        var parser = ScenarioParser()
        for (n, line) in Self.everyLine.text.split(separator: "\n").enumerated() {
            _ = try parser.parse(String(line), lineNumber: n + 1)
        }
    }

    /// The "Building a scenario" tables of Sources/LocSimKit/LocSimKit.docc/SwiftAPI.md: the scenario
    /// line of each row, and its builder call.
    static func documentedRows() throws -> [(line: String, call: String)] {
        let page = try DocumentationTests.read("Sources/LocSimKit/LocSimKit.docc/SwiftAPI.md")
        guard let start = page.range(of: "## Building a scenario\n") else { return [] }
        let section = page[start.upperBound...]
        let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
        var rows: [(String, String)] = []
        for row in section[..<end].split(separator: "\n") where row.hasPrefix("| `") || row.hasPrefix("| a ") {
            let cells = row.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count >= 3 else { continue }
            rows.append((cells[1], cells[2]))
        }
        return rows
    }

    @Test func theDocsListABuilderCallForEveryKeyword() throws {
        let rows = try Self.documentedRows()
        #expect(rows.count > 30, "the builder tables were not found in Sources/LocSimKit/LocSimKit.docc/SwiftAPI.md")
        // The scenario-line cell's code spans, each a line of its own (`user allow`, `user allowOnce`, …).
        let lines = rows.flatMap { row in DocumentationTests.codeSpans(row.line) }
        let documented = Self.keywords(ofLines: lines)
        for (what, keywords) in Self.languageKeywords {
            let missing = keywords.subtracting(documented[what, default: []])
            #expect(missing.isEmpty, "\(what) without a builder row in Sources/LocSimKit/LocSimKit.docc/SwiftAPI.md: \(missing.sorted())")
        }
        for row in rows {
            #expect(!DocumentationTests.codeSpans(row.call).isEmpty, "no builder call for \(row.line)")
        }
    }

    /// The check can fail: a line with an unlisted word is found missing.
    @Test func theCoverageCheckCanFail() {
        let found = Self.keywords(ofLines: ["locsim 1", "1 app startUpdatingLocation", "2 user settings never"])
        #expect(found["header"] == ["locsim"])
        #expect(found["app call"] == ["startUpdatingLocation"])
        #expect(found["settings"] == ["never"])
        #expect(found["event"] == ["app", "user"])
        #expect(Self.languageKeywords["app call"]!.subtracting(found["app call"]!).contains("requestLocation"))
    }
}
