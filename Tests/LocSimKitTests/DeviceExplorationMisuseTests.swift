import Testing

@testable import LocSimKit

/// `DeviceExploration` driven the ways its docs warn against (docs/explore.md,
/// "Your own code: SimulatedDevice"): each is a `DeviceError` or an outcome,
/// never a crash or a hang.
@Suite struct DeviceExplorationMisuseTests {
    static let plist = DeviceExplorationTests.plist

    /// An explorer kept from an earlier run belongs to a device that is gone:
    /// using it throws `.deviceGone`, and the path records the throw.
    @Test func anExplorerKeptFromAnEarlierRunThrows() throws {
        var kept: DeviceExplorer? = nil
        let report = try SimulatedDevice.explore(platforms: [.iOS(14, 0)], plist: Self.plist) { device, explorer in
            defer { kept = explorer }
            try DeviceExplorationTests.askAndWait(device, explorer)
            if let kept { try kept.systemAny() }
        }
        #expect(report.paths == 6)
        // Every run but the first used the explorer of the run before.
        let failed = report.platforms[0].rows.filter { $0.outcome.failure != nil }
        #expect(failed.map(\.paths).reduce(0, +) == 5)
        #expect(
            failed.allSatisfy {
                $0.outcome.failure?.contains("explorer.systemAny: the SimulatedDevice is gone") == true
            })
    }

    /// A closure that explores again inside itself gets the inner report on
    /// each outer path; neither search takes the other's choices.
    @Test func anExplorationInsideAnExplorationKeepsItsOwnChoices() throws {
        var inner: [Int] = []
        let report = try SimulatedDevice.explore(platforms: [.iOS(14, 0)], plist: Self.plist) { device, explorer in
            try DeviceExplorationTests.askAndWait(device, explorer)
            let nested = try SimulatedDevice.explore(
                platforms: [.iOS(13, 0)], plist: Self.plist, DeviceExplorationTests.askAndWait)
            inner.append(nested.paths)
        }
        #expect(report.paths == 6)
        #expect(inner == Array(repeating: 4, count: 6))
    }

    /// Choice strings that name no path are `.notReplayable`, however long.
    @Test func anAbsurdChoiceStringIsNotReplayable() {
        let exploration = DeviceExploration(platforms: [.iOS(14, 0)], plist: Self.plist)
        let long = Array(repeating: "1", count: 5_000).joined(separator: ".")
        for choices in ["999999", "0", "1..2", "", "9999999", long, "-1", "1.x"] {
            #expect(throws: DeviceError.self) {
                _ = try exploration.replay(choices, on: .iOS(14, 0), DeviceExplorationTests.askAndWait)
            }
        }
    }
}
