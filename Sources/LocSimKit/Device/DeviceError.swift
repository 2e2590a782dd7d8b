/// A `SimulatedDevice` used in a way the platform or the moment does not
/// allow. Never a crash: the call has no effect, and the error is thrown by
/// the call from the test (`advance`, `feed`, `user.answer`, …), or, for a
/// call the app's code made on a manager (which, like `CLLocationManager`'s,
/// does not throw), by the next such call, and kept in the manager's
/// `lastError`. Each call from the test throws at most one error, the
/// oldest not yet thrown.
public struct DeviceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of misuse. A struct of named values rather than an enum, so
    /// a new kind does not break a `switch` in client code.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }
        public var description: String { name }

        /// A call the platform does not have (`requestTemporaryFullAccuracyAuthorization` on iOS 13).
        public static let unavailable = Code("unavailable")
        /// A user answer with no prompt on screen.
        public static let noPrompt = Code("noPrompt")
        /// `advance(to:)` to a time before the device's clock, or past the last time a scenario can hold.
        public static let timeWentBackwards = Code("timeWentBackwards")
        /// A manager used after its `SimulatedDevice` was deinitialized.
        public static let deviceGone = Code("deviceGone")
        /// A `CLLocationManager` of LocSimCoreLocation made, or a class method
        /// called, with no `SimulatedDevice` current (`withCurrent`).
        public static let noCurrentDevice = Code("noCurrentDevice")
        /// An input the rules reject (a call while the app runs no code, an
        /// unknown region, a value out of range); `message` says why, as
        /// `locsim run` would for the same scenario line.
        public static let rejected = Code("rejected")
        /// A call on a manager of an ended process: after a termination or
        /// a crash the app runs no code until a launch, which is a new
        /// process with new managers. Not thrown: kept in
        /// `SimulatedDevice.ignoredCalls` and the manager's `lastError`.
        public static let processEnded = Code("processEnded")
        /// A `DeviceExploration` past one of its limits (`maxPaths` paths on
        /// a platform, 1000 choices on a path).
        public static let exploreLimit = Code("exploreLimit")
        /// A `DeviceExploration` whose closure met other choice points on a
        /// re-run with the same choices (it is not deterministic), or a
        /// choice string `replay` cannot follow.
        public static let notReplayable = Code("notReplayable")
    }

    /// What kind of misuse or failure it is, to compare (`error.code == .rejected`).
    public var code: Code
    /// What went wrong and what was expected, naming the call; then, a line
    /// each, the notes `locsim run` adds on the earlier lines that caused
    /// it (`  note: scenario line 3: …`, lines of `SimulatedDevice.scenario`).
    public var message: String
    /// The notes alone, as `locsim run` words them (`scenario line 3: …`).
    public var notes: [String]

    /// An error of `code` with the text `message` and no notes.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
        notes = []
    }

    /// The scenario's `error` as the device reports it: its message (after
    /// `call:`, the device call's name, when given) and its notes.
    init(_ code: Code, _ error: ScenarioError, call: String? = nil) {
        notes = error.notes.map { "scenario line \($0.location.line): \($0.message)" }
        self.code = code
        message = (call.map { $0 + ": " } ?? "") + error.message + notes.map { "\n  note: " + $0 }.joined()
    }

    public var description: String { "\(code): \(message)" }
}
