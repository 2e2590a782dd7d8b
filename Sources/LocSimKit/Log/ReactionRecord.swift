/// A `react` record: an `on` line's action runs now, or could not run
/// (docs/log-format.md). Printed before the records the action produces.
public struct ReactionRecord: Equatable, Sendable {
    /// The action as a timed line would write it: `app startUpdatingLocation`.
    public var action: String
    /// The trigger's name: `didChangeAuthorization`, `prompt`, `relaunch`, `update`.
    public var trigger: String
    /// The `on` line's number, for messages to people: the log does not
    /// print it, so a golden survives comments added above the line.
    public var line: Int
    /// Why the action did not run, or `nil` when it ran.
    public var skipped: Skip?

    /// Why a reaction's action did not run when it came due.
    public enum Skip: String, Equatable, Sendable, CaseIterable {
        /// The app is suspended and runs no code.
        case suspended
        /// The app is not running.
        case notRunning
        /// A policy's answer came due and no prompt is on screen any more.
        case noPrompt
    }

    /// The record of the `on` line at `line` whose `trigger` ran `action`, or skipped it for `skipped`.
    public init(action: String, trigger: String, line: Int, skipped: Skip? = nil) {
        self.action = action
        self.trigger = trigger
        self.line = line
        self.skipped = skipped
    }
}
