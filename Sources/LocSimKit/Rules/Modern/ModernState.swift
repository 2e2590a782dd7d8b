/// The app's use of the iOS 17+ location APIs, as one value the simulator holds.
struct ModernState: Equatable {
    var liveUpdates = LiveUpdates()
    var activity = ActivitySession()
    var services = ServiceSessions()
    /// Live updates ran with background delivery when the app stopped:
    /// Core Location relaunches it for the next fix (WWDC23 10180).
    var relaunchForUpdates = false
    /// Fixes queued for an app relaunched by live updates, delivered when it
    /// iterates `liveUpdates` again ("resumes the delivery of queued location updates").
    var queued: [Location] = []
    /// The app was launched in the background and has not been suspended
    /// since: sessions created now rejoin the ones it held.
    var relaunchRun = false

    /// Anything to refresh after an input: the hot path skips the modern rules otherwise.
    var isActive: Bool {
        liveUpdates.running || activity.state != .none || !services.isEmpty
    }
}
