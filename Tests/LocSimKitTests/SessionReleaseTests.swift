import Testing

@testable import LocSimKit

/// docs/modern.md M20: releasing a session object ends it as `invalidate()` does.
@Suite struct SessionReleaseTests {
    typealias S = SimulatorScript

    func authorized() throws -> SimulatorScript {
        var s = S(
            Platform(.iOS, 18, 0),
            plist: [
                "NSLocationWhenInUseUsageDescription": .string("w"), "UIBackgroundModes": .array(["location"]),
            ])
        try s.launchAuthorized()
        return s
    }

    @Test func releasingTheActivitySessionEndsItsInUseAtOnce() throws {
        var s = try authorized()
        try s.at(3, .modern(.backgroundActivitySessionBegin))
        try s.at(10, .background)
        #expect(
            try s.at(20, .modern(.backgroundActivitySessionRelease)) == [
                .session(.end(.backgroundActivitySession, .released)), .indicator(on: false), .inUseEnd(.sessionEnded),
            ])
        // Suspended once the calls of that instant have run (docs/rules.md §0).
        #expect(s.finish().map(\.record) == [.app(.suspend)])
    }

    @Test func releasingAServiceSessionEndsItAndItsRequirement() throws {
        var s = try authorized()
        try s.at(3, .modern(.serviceSessionBegin(name: "a", .whenInUse, fullAccuracyPurposeKey: nil)))
        #expect(
            try s.at(4, .modern(.serviceSessionRelease(name: "a"))) == [
                .session(.end(.serviceSession(name: "a", .whenInUse), .released))
            ])
        #expect(throws: ScenarioError.self) { try s.at(5, .modern(.serviceSessionRelease(name: "a"))) }
    }

    @Test func releasingWithoutASessionDoesNothing() throws {
        var s = try authorized()
        #expect(try s.at(3, .modern(.backgroundActivitySessionRelease)) == [])
    }
}
