import LocSimKit
import Testing

/// A run tracker asks for When In Use when the run starts and starts
/// location updates. Whatever the user answers, on every iOS version it
/// ships on, the app must hear something: a fix to show, or an error to
/// explain why there is none — never silence. explore finds the one way
/// to silence: the prompt dismissed (the app left the foreground with it
/// on screen) answers nothing, so the app stays notDetermined and its
/// updates deliver nothing; the app must ask again on its next launch.
@Suite struct AnswerPathTests {
    static let shipped: [Platform] = [.iOS(13), .iOS(13, 4), .iOS(14), .iOS(17), .iOS(18), .iOS(26)]

    func runStart() -> Scenario {
        var s = Scenario(platform: .iOS(13))
        s.plist("NSLocationWhenInUseUsageDescription", "Records your run.")
        s.at(0, .launch)
        s.at(1, .app(.requestWhenInUseAuthorization))
        s.at(2, .user(.any(.answer)))  // every answer the prompt offers: a choice point
        s.at(3, .app(.startUpdatingLocation))
        s.at(4, .fix(35.0, 139.7))
        s.at(60, .fix(35.001, 139.7))
        return s
    }

    @Test func everyAnswerPathGetsAFixOrAnError() throws {
        let report = try Explore(platforms: Self.shipped).run(Array(runStart().text.utf8))
        #expect(report.platforms.map(\.platform) == Self.shipped)
        for platform in report.platforms {
            // iOS 13: three answers and dismissing; iOS 14+: Precise on and off for the two that grant.
            #expect(platform.paths == (platform.platform == .iOS(14) || platform.platform.major > 14 ? 6 : 4))
            for row in platform.rows {
                let path = row.shortestPath.map(\.description).joined(separator: "; ")
                #expect(row.outcome.error == nil, "\(platform.platform), \(path): \(String(describing: row.outcome.error))")
                let fixes = row.outcome.deliveredCount("didUpdateLocations")
                let failures = row.outcome.deliveredCount("didFailWithError")
                let dismissed = row.shortestPath.contains { $0.action == .dismiss }
                // Every answer is heard; only the dismissal is silent, and it leaves the app to ask again.
                #expect((fixes + failures > 0) != dismissed, "\(platform.platform), \(path): fixes \(fixes), errors \(failures)")
                if dismissed { #expect(row.outcome.authorization == .notDetermined, "\(platform.platform)") }
            }
        }
    }
    /// The same app written as it is coded: reactions instead of a script.
    /// It asks on launch and starts updates once allowed; a policy answers
    /// the prompt, with the answer of each OS version (`allow` before iOS 13).
    func reactiveRunStart(_ platform: Platform, answer: Answer) -> Scenario {
        var s = Scenario(platform: platform)
        s.plist("NSLocationWhenInUseUsageDescription", "Records your run.")
        s.on(.launch, .app(.requestWhenInUseAuthorization))
        s.on(.prompt(.whenInUse), .user(.answer(answer)))
        s.on(.didChangeAuthorization(.authorizedWhenInUse), .app(.startUpdatingLocation))
        s.expect(.some(kind: "delegate", words: ["didUpdateLocations"], by: .seconds(5)))
        s.expect(.finalAuth(.authorizedWhenInUse))
        s.at(0, .launch)
        s.at(4, .fix(35.0, 139.7))
        return s
    }

    @Test func reactionsStartUpdatesOnceAllowed() throws {
        for platform in Self.shipped {
            let log = try reactiveRunStart(platform, answer: .allowWhileUsing).replay()
            #expect(log.records.compactMap(\.failedExpectation).isEmpty, "\(platform)\n\(log.text)")
            #expect(log.records.compactMap(\.reaction).count == 3, "\(platform)\n\(log.text)")
        }
        // Denied: no updates start, and both expectations fail as `locsim run` reports them.
        let denied = try reactiveRunStart(.iOS(14), answer: .dontAllow).replay()
        #expect(denied.records.compactMap(\.failedExpectation).map(\.location.line) == [7, 8])
    }
}
