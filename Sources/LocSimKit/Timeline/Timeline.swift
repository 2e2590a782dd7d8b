/// A replay drawn as lanes over time (docs/timeline.md): what `locsim
/// timeline` renders, built from the log records by `TimelineRecorder`.
package struct Timeline: Sendable {
    /// A stretch of time in one state, in a state lane.
    package struct Segment: Equatable, Sendable {
        package var start: Millis
        package var end: Millis
        /// Picks the colour (`TimelinePalette`).
        package var state: State
        /// Written inside the bar when it fits.
        package var label: String
        /// The hover text.
        package var title: String
        /// How many stretches this one stands for: more than 1 when a
        /// lane changed faster than can be drawn (`LaneStretches`).
        package var count = 1
        /// The length of the stretch whose state, label and title it shows.
        package var longest: Millis

        package init(start: Millis, end: Millis, state: State, label: String, title: String) {
            self.start = start
            self.end = end
            self.state = state
            self.label = label
            self.title = title
            longest = Millis(end.value - start.value)
        }
    }

    /// The states a segment can be in; each has its own colour.
    package enum State: String, Equatable, Sendable, CaseIterable {
        case notRunning, foreground, background, suspended
        case inUseForeground, inUseGrace, inUseBackground, session
        /// A session lane: the object waits for the foreground, or is in effect.
        case sessionWaiting, sessionEffective
        case indicator
        case notDetermined, denied, restricted, whenInUse, always, authorizedLegacy, provisional
        case prompt
        /// A prompt answered the instant it showed (an `on prompt` policy):
        /// zero width, drawn as a tick.
        case promptAnswered
        case fullAccuracy, reducedAccuracy, temporaryFullAccuracy
    }

    /// A lane of segments: app state, in use, …
    package struct Lane: Equatable, Sendable {
        package var name: String
        package var segments: [Segment]
    }

    /// What a row of marks shows; each has its own colour.
    package enum MarkKind: String, Equatable, Sendable, CaseIterable {
        case delegate, completion, notification, hold, drop, warning, crash, answer
    }

    /// A row of marks: one delegate method, one drop reason, …
    package struct Row: Equatable, Sendable {
        package var name: String
        package var kind: MarkKind
        package var marks: MarkBuckets
    }

    /// A held event and its delivery later (a location with its own time
    /// `@t` matching a `hold` at `t`): drawn as a thin line between the marks.
    package struct Connector: Equatable, Sendable {
        package var held: Millis
        package var heldRow: Int
        package var delivered: Millis
        package var deliveredRow: Int
        /// The hover text: both times and the delivery's log line.
        package var title: String
    }

    /// The lanes, top to bottom: app, in use, one lane per session object
    /// (`liveUpdates`, `backgroundActivitySession`, `serviceSession <name>`,
    /// in the order they first began), indicator, authorization, accuracy,
    /// prompt.
    package var lanes: [Lane]
    /// The rows of marks, in the order their first record came.
    package var rows: [Row]
    /// The time axis's end: a little past the last record.
    package var end: Millis
    /// Shown above the lanes (the scenario's name).
    package var title: String
    /// The platform the scenario ran on, shown after the title.
    package var platform: Platform? = nil
    /// Held events joined to their deliveries, at most
    /// `TimelineRecorder.maxConnectors`.
    package var connectors: [Connector] = []

    /// A stretch of time in which no record came, between two records
    /// (or from 0 to the first): the layout compresses the longest ones
    /// into a marked break of the axis.
    package struct Gap: Equatable, Sendable {
        package var start: Millis
        package var end: Millis
        package var length: Millis { end - start }
    }
    /// The longest gaps between records, at most
    /// `TimelineRecorder.maxGaps`, in time order.
    package var gaps: [Gap] = []

    /// The picture's heading: the title and the platform
    /// (`flow.scn · iOS 17.0`).
    package var heading: String { platform.map { "\(title) · \($0)" } ?? title }
}
