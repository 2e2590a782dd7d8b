import LocSimKit
import RunTracker

/// The property explored in `RunTrackerExploreTests` and timed by
/// bench/explore.sh: a first run, the app left in the background, the user
/// coming back a quarter of an hour later. On every answer path, with the
/// system ending the suspended app at any point (`systemTerminations`),
/// the tracker the user comes back to shows where they are, or shows that
/// it may not (denied, or not decided: a dismissed prompt, an expired
/// Allow Once).
public enum ComeBackToTheApp {
    /// iOS 13 to 26, as `matrix --all` lists them (13.0, 13.4, 14, 17, 18, 26).
    public static var platforms: [Platform] { Matrix.allPlatforms.filter { $0.os == .iOS && $0.major >= 13 } }

    public static func exploration(systemTerminations: Int = 1) -> DeviceExploration {
        DeviceExploration(
            platforms: platforms, plist: SimulatedRunApp<RunTracker>.plist, systemTerminations: systemTerminations)
    }

    /// A fix `i` steps (about 11 m each) north of home.
    public static func fix(_ i: Int) -> Fix {
        let home = SimulatedRunApp<RunTracker>.home
        return Fix(latitude: home.latitude + Double(i) * 0.0001, longitude: home.longitude, accuracy: 5)
    }

    /// The flow, as the closure `DeviceExploration.run` re-runs once per path.
    /// No prompt is answered here: each is a choice point. `systemAny()`
    /// lets the system show provisional Always's upgrade prompt (iOS 13.0)
    /// or end the app, or do nothing.
    public static func flow<Tracker: RunTracking>(
        _ device: SimulatedDevice, _ explorer: DeviceExplorer,
        tracker: @escaping (SimulatedLocationManager) -> Tracker
    ) throws {
        let app = SimulatedRunApp(device: device, tracker: tracker)
        app.tracker.startRun()  // asks for When In Use
        try device.advance(by: .seconds(1))
        try device.feed(fix: fix(0))
        app.tracker.endRun()  // with While Using: asks for Always
        try device.advance(by: .seconds(1))
        try device.app.enterBackground()
        try device.advance(by: .seconds(60))
        // The user leaves home: a region event where the tracker monitors it (Always).
        if app.manager.monitoredRegions.contains(where: { $0.id == RunTracker.homeRegionID }) {
            try device.world.exit(regionID: RunTracker.homeRegionID)
        }
        try explorer.systemAny()
        // A quarter of an hour later: reduced accuracy delivers a fix at most every 15 minutes.
        try device.advance(by: .seconds(15 * 60))
        // The user taps the app: a new process if the system ended it.
        if device.app.isLaunched { try device.app.enterForeground() } else { try device.app.launch() }
        try device.advance(by: .seconds(1))
        try device.feed(fix: fix(1))
        let shown =
            app.tracker.lastPoint != nil || app.tracker.permission == .denied
            || app.tracker.permission == .undecided
        explorer.check(
            shown,
            "back in the app at \(device.now) with \(app.tracker.permission) and no location shown (relaunches: \(app.relaunches))"
        )
    }
}
