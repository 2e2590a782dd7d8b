import Testing

@testable import LocSimKit

@Suite struct EventQueueTests {
    @Test func equalTimeAndPhaseComeOutInScheduleOrder() {
        var q = EventQueue<Int>()
        for i in 0..<1000 { q.schedule(i, at: Millis(7), phase: .rule) }
        var out: [Int] = []
        while let (_, _, p) = q.step() { out.append(p) }
        #expect(out == Array(0..<1000))
    }

    @Test func phaseOrdersEventsAtTheSameTime() {
        var q = EventQueue<String>()
        q.schedule("trace", at: Millis(5), phase: .trace)
        q.schedule("suspend", at: Millis(5), phase: .suspension)
        q.schedule("grace", at: Millis(5), phase: .inUse)
        q.schedule("early", at: Millis(4), phase: .trace)
        var out: [String] = []
        while let (_, _, p) = q.step() { out.append(p) }
        #expect(out == ["early", "grace", "suspend", "trace"])
    }

    /// The boundary rule of `run(until:before:)`: an event exactly at the
    /// limit runs only if its phase sorts before the given phase.
    @Test func runUntilRunsTimersAtTheLimitBeforeTraceLines() {
        var q = EventQueue<String>()
        q.schedule("a", at: Millis(1000), phase: .rule)
        q.schedule("b", at: Millis(2000), phase: .rule)
        q.schedule("c", at: Millis(2000), phase: .trace)
        q.schedule("d", at: Millis(2001), phase: .inUse)
        var ran: [String] = []
        q.run(until: Millis(2000), before: .trace) { _, _, p in ran.append(p) }
        #expect(ran == ["a", "b"])
        #expect(q.now == Millis(2000))
        #expect(q.count == 2)
    }

    @Test func eventsScheduledWhileRunningAreIncludedWhenDue() {
        var q = EventQueue<Int>()
        q.schedule(1, at: Millis(10), phase: .rule)
        var ran: [Int] = []
        q.run(until: Millis(100), before: .trace) { queue, time, p in
            ran.append(p)
            if p < 3 { queue.schedule(p + 1, at: time + Millis(10), phase: .rule) }
        }
        #expect(ran == [1, 2, 3])
    }

    @Test func randomSchedulesComeOutSorted() {
        var rng = SplitMix64(seed: 42)
        for _ in 0..<50 {
            var q = EventQueue<Int>()
            var keys: [(Int64, UInt8, Int)] = []
            for i in 0..<200 {
                let t = Int64(rng.next() % 50)
                let ph = Phase(rawValue: UInt8(rng.next() % 4))!
                q.schedule(i, at: Millis(t), phase: ph)
                keys.append((t, ph.rawValue, i))
            }
            keys.sort { ($0.0, $0.1, $0.2) < ($1.0, $1.1, $1.2) }
            var out: [Int] = []
            while let (_, _, p) = q.step() { out.append(p) }
            #expect(out == keys.map(\.2))
        }
    }
}
