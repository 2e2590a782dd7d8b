/// A running app's location logic, as an app would write it. It knows
/// nothing of locsim: it talks to a `RunLocationManager` and is told of
/// Core Location's callbacks and the app's lifecycle by the app's delegate
/// (a few lines, one for a real `CLLocationManager`, one for the simulator).
///
/// - While authorized and in the foreground, location updates run (the map
///   shows where you are).
/// - `startRun()` asks for When In Use if undecided, keeps updates running
///   in the background (`allowsBackgroundLocationUpdates`), and with reduced
///   accuracy asks once for temporary full accuracy (purpose key `RunRoute`).
/// - After the first run ends, it asks for Always (in the foreground), and
///   once it has Always it monitors the home region to remind you to run
///   when you leave home.
/// - In the background it stops updates unless a run is under way.
public final class RunTracker {
    public static let fullAccuracyPurposeKey = "RunRoute"
    public static let homeRegionID = "home"

    private let manager: any RunLocationManager
    private let home: RunPoint

    public private(set) var permission = RunPermission.undecided
    public private(set) var fullAccuracy = true
    public private(set) var isUpdating = false
    public private(set) var inForeground = true
    /// Finished runs, oldest first.
    public private(set) var runs: [[RunPoint]] = []
    /// The run under way, if any.
    public private(set) var currentRun: [RunPoint]?
    /// The last point seen (the map's dot).
    public private(set) var lastPoint: RunPoint?
    /// "Going for a run?" reminders shown on leaving home.
    public private(set) var reminders = 0
    private var monitoringHome = false
    private var askedFullAccuracy = false
    /// The first run ended in the background: ask for Always back in the foreground.
    private var wantsAlways = false

    /// `home`: the centre of the home region (radius in `accuracy`).
    public init(manager: any RunLocationManager, home: RunPoint) {
        self.manager = manager
        self.home = home
    }

    private var authorized: Bool { permission == .whileUsing || permission == .always }

    // MARK: The user

    public func startRun() {
        currentRun = []
        askedFullAccuracy = false
        manager.allowsBackgroundLocationUpdates = true
        switch permission {
        case .undecided: manager.requestWhenInUseAuthorization()
        case .denied: return
        case .whileUsing, .always: runNeedsLocation()
        }
    }

    public func endRun() {
        guard let run = currentRun else { return }
        runs.append(run)
        currentRun = nil
        // One call in the background: stopping updates ends the background
        // session, and locsim suspends the app at that call (docs/rules.md
        // §3), so a second call here would be made by a suspended app. The
        // property is reset when the app comes back to the foreground.
        if inForeground {
            manager.allowsBackgroundLocationUpdates = false
        } else {
            stopUpdates()
        }
        // Always is asked for in the foreground, where its prompt can show.
        if runs.count == 1 && permission == .whileUsing {
            if inForeground { manager.requestAlwaysAuthorization() } else { wantsAlways = true }
        }
    }

    // MARK: Core Location, as the app's delegate forwards it

    /// `locationManagerDidChangeAuthorization(_:)` (iOS 14+) or
    /// `locationManager(_:didChangeAuthorization:)` (before).
    public func authorizationChanged(to permission: RunPermission, fullAccuracy: Bool) {
        self.permission = permission
        self.fullAccuracy = fullAccuracy
        guard authorized else {
            isUpdating = false
            return
        }
        if inForeground || currentRun != nil { startUpdates() }
        if currentRun != nil { runNeedsLocation() }
        if permission == .always && !monitoringHome {
            monitoringHome = true
            manager.startMonitoringRegion(
                id: Self.homeRegionID, latitude: home.latitude, longitude: home.longitude, radius: home.accuracy)
        }
    }

    public func locationsUpdated(_ points: [RunPoint]) {
        lastPoint = points.last ?? lastPoint
        currentRun?.append(contentsOf: points)
    }

    public func regionExited(id: String) {
        if id == Self.homeRegionID && currentRun == nil { reminders += 1 }
    }

    // MARK: The app's lifecycle

    public func didEnterBackground() {
        inForeground = false
        if currentRun == nil { stopUpdates() }
    }

    public func willEnterForeground() {
        inForeground = true
        if currentRun == nil { manager.allowsBackgroundLocationUpdates = false }
        if wantsAlways && permission == .whileUsing { manager.requestAlwaysAuthorization() }
        wantsAlways = false
        if authorized { startUpdates() }
    }

    // MARK: Updates

    private func runNeedsLocation() {
        startUpdates()
        if !fullAccuracy && !askedFullAccuracy {
            askedFullAccuracy = true
            manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: Self.fullAccuracyPurposeKey, completion: nil)
        }
    }

    private func startUpdates() {
        guard !isUpdating else { return }
        isUpdating = true
        manager.startUpdatingLocation()
    }

    private func stopUpdates() {
        guard isUpdating else { return }
        isUpdating = false
        manager.stopUpdatingLocation()
    }
}
