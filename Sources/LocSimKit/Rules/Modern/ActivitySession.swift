/// `CLBackgroundActivitySession` (iOS 17): "An object that manages a visual
/// indicator that keeps your app in use in the background" (docs/modern.md).
struct ActivitySession: Hashable {
    enum State: Hashable {
        case none
        /// Created while the app was not sufficiently in use: it takes effect
        /// when the app returns to the foreground (iOS 18 reports
        /// `insufficientlyInUse` until then).
        case pending
        /// Keeps the app in use, and running, in the background.
        case active
        /// None now, but the process held an active one when it stopped running.
        case heldWhenEnded
        /// Launched in the background after `heldWhenEnded`, not suspended
        /// since: a session created now rejoins the one held before.
        case rejoinable
    }

    var state = State.none
    /// Diagnostics last reported (iOS 18).
    var lastFlags: DiagnosticFlags? = nil
    /// The app declares the `location` background mode (`UIBackgroundModes`):
    /// without it an effective session does not work in the background
    /// (docs/modern.md M21). Set once from the Info.plist.
    var backgroundMode = true

    /// An effective session keeps the app in use and running in the
    /// background — if the app has the `location` background mode (M21).
    var keepsInUse: Bool { state == .active && backgroundMode }

    /// An effective session that cannot work in the background: out of the
    /// foreground iOS 18 reports `insufficientlyInUse` for it (M21).
    var lacksBackgroundMode: Bool { state == .active && !backgroundMode }

    /// The app holds a session object (effective or waiting for the foreground).
    var exists: Bool {
        switch state {
        case .pending, .active: return true
        case .none, .heldWhenEnded, .rejoinable: return false
        }
    }

    /// `CLBackgroundActivitySession()`: effective when created in the
    /// foreground, or during the run of a background relaunch when a session
    /// was held before termination ("you must start the new session from the
    /// foreground, but you can only rejoin an existing one from the
    /// background", WWDC23 10180; M6). Nil when one exists already.
    mutating func begin(foreground: Bool) -> SessionStanding? {
        guard !exists else { return nil }
        state = foreground || state == .rejoinable ? .active : .pending
        lastFlags = nil
        return state == .active ? .effective : .waiting
    }

    /// `invalidate()`, or the app releasing it; false when there was none.
    mutating func end() -> Bool {
        let existed = exists
        self = ActivitySession(backgroundMode: backgroundMode)
        return existed
    }

    /// The app returns to the foreground: a pending session takes effect. True when it did.
    mutating func foreground() -> Bool {
        guard state == .pending else { return false }
        state = .active
        return true
    }

    /// The app stops running: the object is gone with the process. True when it existed.
    mutating func terminated() -> Bool {
        let existed = exists
        state = keepsInUse ? .heldWhenEnded : .none
        lastFlags = nil
        return existed
    }

    /// The system launches the app in the background.
    mutating func relaunched() {
        if state == .heldWhenEnded { state = .rejoinable }
    }

    /// Once suspended, the relaunch's run is over: nothing is rejoined after it.
    mutating func suspended() {
        if state == .rejoinable { state = .none }
    }
}
