/// A replay drawn as lanes over time (docs/timeline.md): what `locsim
/// timeline` renders, built from the log records by `TimelineRecorder`.
public struct Timeline: Sendable {
    /// A stretch of time in one state, in a state lane.
    public struct Segment: Equatable, Sendable {
        public var start: Millis
        public var end: Millis
        /// Picks the colour (`TimelinePalette`).
        public var state: State
        /// Written inside the bar when it fits.
        public var label: String
        /// The hover text.
        public var title: String
    }

    /// The states a segment can be in; each has its own colour.
    public enum State: String, Equatable, Sendable, CaseIterable {
        case notRunning, foreground, background, suspended
        case inUseForeground, inUseGrace, inUseBackground, session
        case indicator
        case notDetermined, denied, restricted, whenInUse, always, authorizedLegacy, provisional
        case prompt
    }

    /// A lane of segments: app state, in use, …
    public struct Lane: Equatable, Sendable {
        public var name: String
        public var segments: [Segment]
    }

    /// What a row of marks shows; each has its own colour.
    public enum MarkKind: String, Equatable, Sendable, CaseIterable {
        case delegate, completion, notification, hold, drop, warning, crash, answer
    }

    /// A row of marks: one delegate method, one drop reason, …
    public struct Row: Equatable, Sendable {
        public var name: String
        public var kind: MarkKind
        public var marks: MarkBuckets
    }

    /// The lanes, top to bottom: app, in use, background session,
    /// indicator, authorization, prompt.
    public var lanes: [Lane]
    /// The rows of marks, in the order their first record came.
    public var rows: [Row]
    /// The time axis's end: a little past the last record.
    public var end: Millis
    /// Shown above the lanes (the scenario's name).
    public var title: String
}
