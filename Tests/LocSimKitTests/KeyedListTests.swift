import Testing

@testable import LocSimKit

@Suite struct KeyedListTests {
    @Test func keepsInsertionOrderThroughReplaceRemoveAndCompaction() {
        var list = KeyedList<Int>()
        for i in 0..<100 { list.upsert("r\(i)", i) }
        list.upsert("r5", 500)  // in place
        for i in 10..<90 { list.remove("r\(i)") }  // enough holes to compact
        list.upsert("r20", 20)  // re-added: goes last
        #expect(list.count == 21)
        #expect(list["r5"] == 500 && list["r50"] == nil)
        #expect(list.elements == [0, 1, 2, 3, 4, 500, 6, 7, 8, 9] + Array(90..<100) + [20])
        list.update("r99") { $0 += 1 }
        var seen: [String] = []
        list.forEach { seen.append("r\($0)") }
        #expect(seen.last == "r20" && list["r99"] == 100)
    }

    /// Issue 14: a `requestLocation` replaced by a newer one leaves no timer behind.
    @Test func replacedRequestLocationLeavesOneTimeout() throws {
        var s = SimulatorScript(Platform(.iOS, 13, 0))
        try s.launchAuthorized()
        for i in 0..<1000 { try s.at(3 + Double(i) / 1000, .app(.requestLocation)) }
        #expect(s.simulator.timers.queue.count == 1)
        let records = s.finish().map(\.record)
        #expect(records == [.delegate(.didFailWithError(.locationUnknown))])
    }
}
