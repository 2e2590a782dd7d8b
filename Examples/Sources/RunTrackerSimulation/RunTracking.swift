import RunTracker

/// What the exploration drives and reads of a tracker: `RunTracker`'s own
/// members, so the deliberately broken `ForgetfulRunTracker` can stand in
/// for it.
public protocol RunTracking: AnyObject {
    var permission: RunPermission { get }
    var lastPoint: RunPoint? { get }
    func startRun()
    func endRun()
    func authorizationChanged(to permission: RunPermission, fullAccuracy: Bool)
    func locationsUpdated(_ points: [RunPoint])
    func regionExited(id: String)
    func didEnterBackground()
    func willEnterForeground()
}

extension RunTracker: RunTracking {}

/// A tracker with a bug no scripted test of one path finds: it starts
/// location updates when a run starts or the app comes back to the
/// foreground, but not when it learns it is authorized with the app already
/// on screen. The app it serves was always launched before the user
/// answered, so the authorization came later, during a run. After the
/// system ends the suspended app, the user's tap launches a new process
/// that is authorized from its first callback: the map shows nothing.
public final class ForgetfulRunTracker: RunTracking {
    private let manager: any RunLocationManager
    public private(set) var permission = RunPermission.undecided
    public private(set) var lastPoint: RunPoint?
    private var running = false
    private var updating = false

    public init(manager: any RunLocationManager) { self.manager = manager }

    private var authorized: Bool { permission == .whileUsing || permission == .always }

    public func startRun() {
        running = true
        manager.allowsBackgroundLocationUpdates = true
        if permission == .undecided { manager.requestWhenInUseAuthorization() } else if authorized { start() }
    }

    public func endRun() { running = false }

    public func authorizationChanged(to permission: RunPermission, fullAccuracy: Bool) {
        self.permission = permission
        if !authorized {
            updating = false
        } else if running {  // the bug: `|| in the foreground` is missing
            start()
        }
    }

    public func locationsUpdated(_ points: [RunPoint]) { lastPoint = points.last ?? lastPoint }
    public func regionExited(id: String) {}

    public func didEnterBackground() {
        guard !running, updating else { return }
        updating = false
        manager.stopUpdatingLocation()
    }

    public func willEnterForeground() { if authorized { start() } }

    private func start() {
        guard !updating else { return }
        updating = true
        manager.startUpdatingLocation()
    }
}
