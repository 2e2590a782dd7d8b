/// `CLBackgroundActivitySession` (iOS 17): "An object that manages a visual
/// indicator that keeps your app in use in the background" (docs/modern.md).
struct ActivitySession: Equatable {
    enum State: Equatable {
        case none
        /// Created while the app was not sufficiently in use: it takes effect
        /// when the app returns to the foreground (iOS 18 reports
        /// `insufficientlyInUse` until then).
        case pending
        /// Keeps the app in use, and running, in the background.
        case active
    }

    var state = State.none
    /// The app held a session when it last stopped running: a session
    /// created right after a background relaunch rejoins it.
    var heldAtTermination = false
    /// Diagnostics last reported (iOS 18).
    var lastFlags: DiagnosticFlags? = nil

    var keepsInUse: Bool { state == .active }

    /// `CLBackgroundActivitySession()`: effective when created while in use,
    /// or during the run of a background relaunch when a session was held
    /// before termination.
    mutating func begin(inUse: Bool, rejoining: Bool) {
        guard state == .none else { return }
        state = inUse || rejoining ? .active : .pending
        heldAtTermination = false
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
        heldAtTermination = state == .active
        state = .none
        lastFlags = nil
    }
}
