import Testing

@testable import LocSimKit

/// The simulator's hashable rule state (`Simulator.world`, for
/// `locsim explore`) and the one timer queue that holds the clock.
@Suite struct SimulatorStateTests {
    typealias S = SimulatorScript

    /// Two scripts that end in the same state by different paths: one
    /// requests a location and replaces the request by updates it then stops
    /// (the request's timeout is armed and cancelled on the way), the other
    /// only stops updates it never started.
    static func twoPaths() throws -> (S, S) {
        var a = S()
        try a.launchAuthorized()
        try a.at(3, .app(.requestLocation))
        try a.at(3.5, .app(.startUpdatingLocation))
        try a.at(3.8, S.fix(35, 139.7))
        try a.at(4, .app(.stopUpdatingLocation))
        var b = S()
        try b.launchAuthorized()
        try b.at(3.8, S.fix(35, 139.7))
        try b.at(4, .app(.stopUpdatingLocation))
        return (a, b)
    }

    @Test func differentPathsToTheSameStateHashEqual() throws {
        let (a, b) = try Self.twoPaths()
        #expect(a.simulator.world == b.simulator.world)
        #expect(a.simulator.world.hashValue == b.simulator.world.hashValue)
        // The output buffer is no part of the state.
        var c = b
        c.simulator.warn("logged on the way")
        #expect(c.simulator.world == a.simulator.world)
    }

    @Test func aChangedStateDiffers() throws {
        let (a, b) = try Self.twoPaths()
        var changed = b
        try changed.at(4, .app(.set(.distanceFilter(10))))
        #expect(changed.simulator.world != a.simulator.world)
        #expect(changed.simulator.world.hashValue != a.simulator.world.hashValue)
        // A pending timer is state: the same request at the same time in both.
        var armed = b
        try armed.at(4, .app(.requestLocation))
        #expect(armed.simulator.world != a.simulator.world)
        var armedToo = a
        try armedToo.at(4, .app(.requestLocation))
        #expect(armed.simulator.world == armedToo.simulator.world)
        // The clock is state.
        var later = b
        try later.at(5, S.fix(35, 139.7))
        var sooner = b
        try sooner.at(4.5, S.fix(35, 139.7))
        #expect(later.simulator.world != sooner.simulator.world)
    }

    /// The rule state is one value: what is not in it is the header (the
    /// same on every path) and what an input leaves behind (the records,
    /// the flag the fix path settles by), nothing that decides a rule.
    @Test func theSimulatorHoldsTheWorldAndNoOtherState() {
        let stored = Mirror(reflecting: S().simulator).children.compactMap(\.label)
        #expect(
            Set(stored) == [
                "header", "rules", "output", "directFix", "directFixAllowed", "lifecycleWritten", "serving",
                "unheardFixes",
                "world",
            ])
    }

    /// Several managers live in the world by id; the manager a rule serves
    /// is the launch manager again once an input is done, a crash from a
    /// named manager's call included.
    @Test func betweenInputsTheLaunchManagerIsServed() throws {
        var s = S()
        try s.launchAuthorized()
        try s.at(3, .managerCall(manager: "nav", .startUpdatingLocation))
        #expect(s.simulator.serving == Simulator.launchManager && s.simulator.world.named.count == 1)
        #expect(s.simulator.world.named[0].updating && !s.simulator.world.launchManager.updating)
        try s.at(4, .managerCall(manager: "nav", .set(.allowsBackgroundLocationUpdates(true))))  // no background mode: a crash
        #expect(s.simulator.serving == Simulator.launchManager && s.simulator.world.named.isEmpty)
        #expect(s.simulator.app == .notRunning)
    }

    /// A cancel while timers run reaches the queue (it once hit a placeholder
    /// swapped in for the run), and the queue's clock is the simulator's.
    @Test func aCancelDuringATimerRunReachesTheQueue() {
        var timers = Timers()
        timers.schedule(.suspend, at: .seconds(1))
        timers.schedule(.requestLocationTimeout(manager: nil), at: .seconds(2))
        #expect(timers.next(until: Millis(.max), before: .trace) == .rule(.suspend))
        #expect(timers.now == .seconds(1))
        timers.cancel(.requestLocationTimeout(manager: nil))
        #expect(timers.next(until: Millis(.max), before: .trace) == nil)
        timers.advance(to: .seconds(3))
        #expect(timers.now == .seconds(3))
    }

    /// One queue for timers and delayed reactions: at one instant the
    /// rules' timers come first, then the reactions in the order queued,
    /// then (after the instant's lines) the `afterLines` timers.
    @Test func delayedReactionsShareTheQueueInPhaseOrder() {
        var timers = Timers()
        let first = ClosedLoop.Pending(index: 0, action: .launch, depth: 1, due: true)
        let second = ClosedLoop.Pending(index: 1, action: .launch, depth: 1, due: true)
        timers.schedule(.suspendAfterCalls, at: .seconds(5))
        timers.schedule(first, at: .seconds(5))
        timers.schedule(.suspend, at: .seconds(5))
        timers.schedule(second, at: .seconds(5))
        timers.schedule(.graceExpired, at: .seconds(5))
        var order: [Scheduled] = []
        while let event = timers.next(until: .seconds(5), before: .trace) { order.append(event) }
        #expect(order == [.rule(.graceExpired), .rule(.suspend), .reaction(first), .reaction(second)])
        #expect(timers.next(until: .seconds(5), before: .afterLines) == nil)
        #expect(timers.next(until: .seconds(6), before: .trace) == .rule(.suspendAfterCalls))
    }

    @Test func theSimulatorClockIsTheQueues() throws {
        var s = S()
        try s.launchAuthorized()
        try s.at(4, .background)
        #expect(s.simulator.now == .seconds(4))
        // The grace expiry and the suspension fire before a line at 100 s.
        let records = try s.at(100, S.fix(35, 139.7))
        #expect(records.contains(.app(.suspend)))
        #expect(s.simulator.now == .seconds(100))
        #expect(s.simulator.timers.now == s.simulator.now)
    }
}
