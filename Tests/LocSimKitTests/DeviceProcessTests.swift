import Testing

@testable import LocSimKit

/// The app's process on a `SimulatedDevice` (issue 30 item 6): a launch is
/// a new process with new managers; calls from an ended one are ignored and
/// counted, never thrown; the launch and the creation callback reach the app.
@Suite struct DeviceProcessTests {
    static let backgroundPlist: [String: PlistValue] = [
        "NSLocationWhenInUseUsageDescription": "Records your runs.",
        "UIBackgroundModes": ["location"],
    ]

    /// An app that makes its manager at launch and configures it there
    /// only when it reads the default (code that checks before setting).
    final class App: SimulatedAppDelegate {
        unowned let device: SimulatedDevice
        var managers: [SimulatedLocationManager] = []
        var launches: [Bool] = []
        let recorder = DelegateRecorder()
        init(_ device: SimulatedDevice) { self.device = device }
        func applicationDidFinishLaunching(inBackground: Bool) {
            launches.append(inBackground)
            let manager = device.makeLocationManager()
            manager.delegate = recorder
            managers.append(manager)
            if !manager.allowsBackgroundLocationUpdates { manager.allowsBackgroundLocationUpdates = true }
            if manager.desiredAccuracy != .hundredMeters { manager.desiredAccuracy = .hundredMeters }
        }
    }

    @Test func theFirstLaunchReachesTheAppDelegateWhenItIsSet() throws {
        let device = try SimulatedDevice(platform: .iOS(17, 0), plist: Self.backgroundPlist)
        let app = App(device)
        device.appDelegate = app
        #expect(app.launches == [false])  // before the device first runs
        try device.advance(by: .seconds(1))
        #expect(app.launches == [false])  // not told twice
        #expect(device.scenario.contains("0 app set allowsBackgroundLocationUpdates true"))
    }

    @Test func aRelaunchIsANewProcessWithNewManagers() throws {
        let device = try SimulatedDevice(platform: .iOS(17, 0), plist: Self.backgroundPlist)
        let app = App(device)
        device.appDelegate = app
        let first = app.managers[0]
        #expect(first.allowsBackgroundLocationUpdates && first.desiredAccuracy == .hundredMeters)
        try device.app.terminate()
        #expect(!first.isAlive)
        first.startUpdatingLocation()  // the process ended: no effect, not thrown
        #expect(first.lastError?.code == .processEnded)
        try device.app.launch()
        #expect(app.launches == [false, false])
        let second = app.managers[1]
        #expect(second.isAlive && second.name == "default")
        // The new process's manager read the defaults and set them again.
        #expect(
            device.scenario.split(separator: "\n").filter {
                $0.hasSuffix("app set allowsBackgroundLocationUpdates true")
            }.count == 2)
        first.requestLocation()  // the old manager is still dead after the relaunch
        #expect(first.lastError?.message.contains("process 1") == true)
        #expect(device.ignoredCalls.map(\.code) == [.processEnded, .processEnded])
        try device.advance(by: .seconds(1))  // nothing kept to throw
        try device.runUntilIdle()
        #expect(try Replay.log(of: Array(device.scenario.utf8)).text == device.log.text)
    }

    @Test func callsAfterACrashInTheSameCallbackAreIgnoredAndCounted() throws {
        // No background mode: allowsBackgroundLocationUpdates = true crashes the app.
        let device = try SimulatedDevice(
            platform: .iOS(17, 0), plist: ["NSLocationWhenInUseUsageDescription": "Records your runs."])
        let manager = device.makeLocationManager()
        let recorder = DelegateRecorder()
        manager.delegate = recorder
        recorder.onAuthorization = { manager in
            guard manager.authorizationStatus == .authorizedWhenInUse else { return }
            manager.allowsBackgroundLocationUpdates = true
            manager.startUpdatingLocation()  // on a device this never runs
        }
        manager.requestWhenInUseAuthorization()
        try device.user.answer(.allowWhileUsing)  // throws nothing
        #expect(device.log.records.contains { $0.kind == .crash })
        #expect(device.ignoredCalls.map(\.code) == [.processEnded])
        #expect(device.ignoredCalls[0].message.contains("startUpdatingLocation"))
        #expect(!device.scenario.contains("startUpdatingLocation"))
        try device.advance(by: .seconds(1))
    }

    @Test(arguments: [(Platform.iOS(14, 0), "auth notDetermined"), (.iOS(13, 0), "legacyAuth notDetermined")])
    func aFirstManagerMadeLateGetsTheCreationCallback(platform: Platform, heard: String) throws {
        let device = try SimulatedDevice(platform: platform, plist: Self.backgroundPlist)
        try device.advance(by: .seconds(5))  // the launch's records are handed over: no manager yet
        let manager = device.makeLocationManager()
        let recorder = DelegateRecorder()
        manager.delegate = recorder
        try device.advance(by: .seconds(1))
        #expect(recorder.heard == [heard])
        try device.advance(by: .seconds(1))
        #expect(recorder.heard == [heard])  // once
    }

    @Test func aMissingUsageKeyReachesTheNoPromptError() throws {
        let device = try SimulatedDevice(platform: .iOS(17, 0))
        let manager = device.makeLocationManager()
        manager.requestWhenInUseAuthorization()
        do {
            try device.user.answer(.allowWhileUsing)
            Issue.record("no error")
        } catch {
            #expect(error.code == .noPrompt)
            #expect(error.message.hasPrefix("answer(.allowWhileUsing): "))
            #expect(!error.notes.isEmpty)
            #expect(error.message.contains("NSLocationWhenInUseUsageDescription"), "\(error.message)")
        }
    }

    @Test func coreLocationsNamesAndFlatViews() throws {
        #expect(
            Fix(latitude: 35.68, longitude: 139.76, accuracy: 8)
                == Fix(Location(Coordinate(latitude: 35.68, longitude: 139.76), accuracy: 8)))
        #expect(Fix(latitude: 1, longitude: 2).location.accuracy == 5)
        let device = try SimulatedDevice(platform: .iOS(17, 0), plist: Self.backgroundPlist)
        let manager = device.makeLocationManager()
        #expect(manager.accuracyAuthorization == .fullAccuracy)
        manager.requestWhenInUseAuthorization()
        try device.advance(by: .zero)
        let prompt = try #require(device.log.records.compactMap(\.prompt).first)
        #expect(prompt.isShown && prompt.kind == .whenInUse && prompt.answers.contains(.allowOnce))
        #expect(prompt.answered == nil && !prompt.isDismissed)
        try device.user.answer(.allowOnce)
        let answer = try #require(device.log.records.compactMap(\.prompt).last)
        #expect(!answer.isShown && answer.answers.isEmpty && answer.answered == .allowOnce)
    }

    @available(*, deprecated, message: "uses the old spellings on purpose")
    @Test func theOldSpellingsStillWork() {
        #expect(AccuracyAuthorization.full == .fullAccuracy && AccuracyAuthorization.reduced == .reducedAccuracy)
        switch AccuracyAuthorization.fullAccuracy {
        case .full: break
        default: Issue.record("not .full")
        }
    }
}
