/// The app's use of the iOS 17+ location APIs, as one value the simulator holds.
struct ModernState: Hashable {
    var liveUpdates = LiveUpdates()
    var activity = ActivitySession()
    var services = ServiceSessions()
    /// Outlives the process: conditions persist across launches.
    var monitors = Monitors()

    /// Anything to refresh after an input: the hot path skips the modern rules otherwise.
    var isActive: Bool {
        liveUpdates.isRunning || activity.exists || !services.isEmpty
    }
}
