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

    var keepsInUse: Bool { state == .active }

    /// The app holds a session object (effective or waiting for the foreground).
    var exists: Bool {
        switch state {
        case .pending, .active: return true
        case .none, .heldWhenEnded, .rejoinable: return false
        }
    }

    /// `CLBackgroundActivitySession()`: effective when created while in use,
    /// or during the run of a background relaunch when a session was held
    /// before termination.
    mutating func begin(inUse: Bool) {
        guard !exists else { return }
        state = inUse || state == .rejoinable ? .active : .pending
        lastFlags = nil
    }

    /// `invalidate()`.
    mutating func end() { self = ActivitySession() }

    /// The app returns to the foreground: a pending session takes effect.
    mutating func foreground() {
        if state == .pending { state = .active }
    }

    /// The app stops running: the object is gone with the process.
    mutating func terminated() {
        state = state == .active ? .heldWhenEnded : .none
        lastFlags = nil
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
