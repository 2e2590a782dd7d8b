import LocSimKit
import Testing

/// A new user's first test of an iOS 17 app, written from Sources/LocSimKit/LocSimKit.docc/SwiftAPI.md
/// and docs/modern.md alone: a run tracker that iterates
/// `CLLocationUpdate.liveUpdates(.fitness)` and holds a
/// `CLBackgroundActivitySession` while the run lasts.
///
/// What the app's author wants to know: does the run keep recording after the
/// user locks the phone, and what happens to a fix once the session is
/// invalidated?
@Suite struct FitnessWorkoutTests {
    static let start = Coordinate(latitude: 35.681236, longitude: 139.767125)

    /// The workout as the app drives it; `endSessionAt` is when it
    /// invalidates its background activity session.
    static func workout(endSessionAt end: Double) -> Scenario {
        var s = Scenario(platform: .iOS(17))
        s.plist("NSLocationWhenInUseUsageDescription", "Records your run.")
        s.plist("UIBackgroundModes", ["location"])
        var lines: [(Double, Event)] = [
            (0, .launch),
            (1, .app(.requestWhenInUseAuthorization)),
            (2, .user(.answer(.allowWhileUsing))),
            // The iOS 17 calls read as the scenario lines do.
            (3, .app(.backgroundActivitySession(.begin))),
            (3, .app(.liveUpdates(.start(.fitness)))),
            (5, .fix(35.681236, 139.767125, accuracy: 8)),
            (10, .background),  // the user locks the phone
            (20, .fix(35.682, 139.768, accuracy: 6)),
            (30, .fix(35.683, 139.769, accuracy: 6)),
            (120, .fix(35.684, 139.770, accuracy: 6)),
        ]
        lines.append((end, .app(.backgroundActivitySession(.end))))
        // Times must not go backwards (a `ScenarioError` at replay): add in time order.
        for (time, event) in lines.enumerated().sorted(by: { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }).map(\.element) {
            s.at(time, event)
        }
        return s
    }

    @Test func theRunKeepsRecordingInTheBackgroundWhileTheSessionLasts() throws {
        let log = try Self.workout(endSessionAt: 90).replay()
        let updates = log.records.filter { $0.update != nil }
        // Each fix is a `CLLocationUpdate` with its location, foreground and background alike.
        #expect(updates.map(\.time) == [.seconds(5), .seconds(20), .seconds(30)])
        #expect(updates.first?.update?.location == Location(Self.start, accuracy: 8))
        #expect(updates.allSatisfy { $0.update?.stream == .liveUpdates && $0.update?.flags == [] })
        // No delegate location callbacks: the app uses the async sequence only.
        #expect(!log.callbacks.contains { $0.method == .didUpdateLocations })
        // The blue indicator shows while the session keeps a When In Use app in use.
        #expect(log.records.compactMap(\.indicator) == [true, false])
    }

    @Test func afterTheSessionEndsTheAppIsSuspendedAndFixesAreDropped() throws {
        let log = try Self.workout(endSessionAt: 90).replay()
        let ended = try #require(log.records.first { $0.inUseEnd != nil })
        #expect(ended.time == .seconds(90) && ended.inUseEnd == .sessionEnded)
        #expect(log.records.contains { $0.time == .seconds(90) && $0.app == .suspend })
        let dropped = try #require(log.records.first { $0.dropReason != nil })
        #expect(dropped.time == .seconds(120) && dropped.dropReason == .suspended)
        #expect(dropped.undelivered == .liveUpdate(Location(Coordinate(latitude: 35.684, longitude: 139.770), accuracy: 6)))
    }

    /// Ending the session before the last fix of the run loses it: the test
    /// that would catch an app invalidating its session too early.
    @Test func endingTheSessionEarlyLosesTheRest() throws {
        let log = try Self.workout(endSessionAt: 25).replay()
        #expect(log.records.compactMap(\.update).count == 2)
        #expect(log.records.compactMap(\.dropReason) == [.suspended, .suspended])
    }

    /// The builder's text is the scenario file `locsim run` would replay.
    @Test func theScenarioTextNamesTheCallsAsTheLanguageDoes() {
        let text = Self.workout(endSessionAt: 90).text
        #expect(text.contains("3.000 app backgroundActivitySession begin\n"))
        #expect(text.contains("3.000 app liveUpdates start fitness\n"))
        #expect(text.contains("90.000 app backgroundActivitySession end\n"))
    }
}
