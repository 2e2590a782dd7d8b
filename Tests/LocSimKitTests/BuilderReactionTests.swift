import Testing

@testable import LocSimKit

/// The builder's `on` and `expect` lines (Sources/LocSimKit/LocSimKit.docc/SwiftAPI.md, "Reactions,
/// policies and expectations"): the text is the hand-written lines, and a
/// built scenario replays them as `locsim run` does.
@Suite struct BuilderReactionTests {
    static var built: Scenario {
        var s = Scenario(platform: .iOS(14))
        s.plist("NSLocationWhenInUseUsageDescription", "w")
        s.on(.launch, .app(.requestWhenInUseAuthorization))
        s.on(.prompt(.whenInUse), .user(.answer(.allowWhileUsing, precise: false)))
        s.on(.didChangeAuthorization(.authorizedWhenInUse), .app(.startUpdatingLocation))
        s.on(.relaunch(.location), after: 2.5, .app(.requestLocation))
        s.on(.prompt(nil), .user(.dismiss))
        s.expect(.some(kind: "delegate", words: ["didUpdateLocations"], by: .seconds(30)))
        s.expect(.none(kind: "drop", words: ["reason=notInUse"], by: nil))
        s.expect(.finalAuth(.authorizedAlways))
        s.at(0, .launch)
        s.on(.background, after: 2, .app(.stopUpdatingLocation), from: 5)
        s.at(10, .fix(35, 139.7))
        return s
    }

    @Test func theTextIsTheHandWrittenLines() {
        #expect(
            Self.built.text == """
                locsim 1
                platform iOS 14.0
                plist NSLocationWhenInUseUsageDescription "w"
                on launch app requestWhenInUseAuthorization
                on prompt whenInUse user allowWhileUsing precise=off
                on didChangeAuthorization authorizedWhenInUse app startUpdatingLocation
                on relaunch location after 2.500 app requestLocation
                on prompt any user dismiss
                expect delegate didUpdateLocations by 30.000
                expect no drop reason=notInUse
                expect final auth authorizedAlways
                0.000 launch
                5.000 on background after 2.000 app stopUpdatingLocation
                10.000 fix 35 139.7 5

                """)
    }

    @Test func everyTriggerParsesBack() throws {
        let triggers: [ReactionTrigger] = [
            .launch, .foreground, .background, .relaunch(), .wake(.region), .update(), .update(.liveUpdates),
            .delegate(.didEnterRegion, "home"), .delegate(.didUpdateLocations), .didChangeAuthorization(),
        ]
        var s = Scenario(platform: .iOS(18))
        for trigger in triggers { s.on(trigger, .app(.requestLocation)) }
        let expected = [
            "launch", "foreground", "background", "relaunch", "wake region", "update", "update liveUpdates",
            "didEnterRegion home", "didUpdateLocations", "didChangeAuthorization",
        ]
        #expect(
            s.text.split(separator: "\n").dropFirst(2).map(String.init)
                == expected.map { "on \($0) app requestLocation" })
        var parser = ScenarioParser()
        for (n, line) in s.text.split(separator: "\n").enumerated() {
            _ = try parser.parse(String(line), lineNumber: n + 1)
        }
    }

    /// Replaying the built scenario: the reactions run (`react` records, the
    /// policy answers the prompt, updates start), and the expectation that
    /// does not hold fails as with `locsim run`.
    @Test func aBuiltScenarioReactsAndChecksItsExpectations() throws {
        let log = try Self.built.replay()
        let reactions = log.records.compactMap(\.reaction)
        #expect(reactions.count >= 3)
        #expect(log.text.contains("react \"app requestWhenInUseAuthorization\" on=launch"))
        #expect(log.text.contains("react \"user allowWhileUsing precise=off\" on=prompt"))
        #expect(log.text.contains("react \"app startUpdatingLocation\" on=didChangeAuthorization"))
        #expect(log.text.contains("delegate locationManager(_:didUpdateLocations:)"))
        let failed = log.records.compactMap(\.failedExpectation)
        #expect(failed.map(\.expectation) == [.finalAuth(.authorizedAlways)])
        #expect(failed.first?.location.line == 11)
        // The same text, replayed as text, gives the same bytes.
        #expect(try Scenario(text: Self.built.text).replay().text == log.text)
    }

    /// A policy with an app call is the parser's error, at replay.
    @Test func anActionItsTriggerCannotTakeIsAnError() {
        var s = Scenario()
        s.on(.prompt(.whenInUse), .app(.startUpdatingLocation))
        #expect(throws: ScenarioError.self) { try s.replay() }
    }
}
