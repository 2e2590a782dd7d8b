/// The rule state of one app on one device: everything the rules read and
/// change, and nothing about how they are driven or what was logged on the
/// way. `Hashable` by synthesis, so `locsim explore` merges two paths
/// exactly when the rules cannot tell them apart, with no list of fields
/// to keep by hand; caches inside it (`Unhashed`) take no part.
///
/// `Simulator` holds one and reads and writes its parts in place through
/// forwarding properties (`Simulator.lifecycle`, …), so the rules read as
/// before; the header is the same for every path of a scenario and stays
/// on the simulator.
struct World: Hashable {
    /// The one queue of rule timers and delayed reactions, and the one clock (`Timers`).
    var timers = Timers()
    /// §2: foreground, background (deadline, grace, session), suspended, terminated.
    var lifecycle = Lifecycle.notRunning(endedBy: nil)
    /// What the log and the app were last told: in use, indicator, authorization.
    var reported: Reported
    /// §4–§7, §10.
    var authorization = Authorization()
    var prompt: Prompt? = nil
    var upgrade = AlwaysUpgrade()
    /// §8: the manager of the current launch and the services that outlive it.
    var launchManager = LocationManager()
    /// §8 (several managers): the app's other managers of this launch in
    /// creation order (`Simulator+Managers.swift`), and the index of each
    /// by name (derived from them).
    var named: [LocationManager] = []
    var namedIndex: [String: Int] = [:]
    var monitoring = Monitoring()
    var fixes = Fixes()
    /// What the compass senses and each manager's heading updates
    /// (docs/rules.md §8, "Heading"); kept out of `LocationManager`, which
    /// the per-fix path copies.
    var headings = Headings()
    /// Each manager's deferral of its location updates, by index
    /// (docs/rules.md §8, "Deferred updates"); out of `LocationManager` too.
    var deferrals: [Int: Deferral] = [:]
    /// Low Power Mode and Background App Refresh (docs/rules.md §5).
    var device = DeviceSettings()
    /// The iOS 17+ APIs (docs/modern.md).
    var modern = ModernState()
}
