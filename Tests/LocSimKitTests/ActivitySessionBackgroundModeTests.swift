import Testing

@testable import LocSimKit

/// docs/modern.md M21: an activity session needs the `location` background mode.
@Suite struct ActivitySessionBackgroundModeTests {
    typealias S = SimulatorScript

    @Test func withoutTheModeTheSessionDoesNotWorkInTheBackground() throws {
        var s = S(Platform(.iOS, 18, 0))
        try s.launchAuthorized()
        try s.at(3, .modern(.backgroundActivitySessionBegin))
        let left = try s.at(10, .background)
        #expect(left == [.app(.background), .update(.backgroundActivitySession(.insufficientlyInUse))])
        #expect(try s.at(15, .systemNotBusy) == [.inUseEnd(.graceExpired), .app(.suspend)])
    }

    @Test func withTheModeTheSessionKeepsTheAppInUse() throws {
        var s = S(Platform(.iOS, 18, 0), plist: S.backgroundCapable)
        try s.launchAuthorized()
        try s.at(3, .modern(.backgroundActivitySessionBegin))
        #expect(try s.at(10, .background) == [.app(.background), .indicator(on: true)])
        #expect(try s.at(60, .systemNotBusy) == [])
    }

    @Test func theSessionStateMachineKnowsTheMode() {
        var session = ActivitySession()
        session.backgroundMode = false
        _ = session.begin(foreground: true)
        #expect(!session.keepsInUse && session.lacksBackgroundMode && session.exists)
        _ = session.end()
        #expect(!session.backgroundMode, "ending keeps what the Info.plist says")
    }
}
