/// Builds a `Timeline` from the records of a replay (a `LogWriter`).
///
/// The lanes come from the records that carry state: `app`, `inuse`,
/// `session` (one lane per object: `liveUpdates`, the activity session,
/// each named service session), `indicator`, `auth`, `prompt`. Every other
/// record is a mark in the row of its method, reason or `CLMonitor`
/// condition. Lanes and rows keep
/// bounded buckets (`LaneStretches`, `MarkBuckets`): memory stays flat
/// however long the trace. Nothing here looks at the rules: the picture
/// shows exactly what the log says.
package struct TimelineRecorder: LogWriter {
    /// An open segment: its state since `start`.
    private struct Open {
        var start: Millis
        var state: Timeline.State
        var label: String
        var title: String
    }

    private var lanes: [(name: String, segments: LaneStretches, open: Open?)] = [
        ("app", LaneStretches(), Open(start: .zero, state: .notRunning, label: "not running", title: "not running")),
        ("in use", LaneStretches(), nil),
        ("indicator", LaneStretches(), nil),
        (
            "authorization", LaneStretches(),
            Open(start: .zero, state: .notDetermined, label: "notDetermined", title: "status=notDetermined")
        ),
        ("accuracy", LaneStretches(), nil),
        ("prompt", LaneStretches(), nil),
    ]
    private static let app = 0, inUse = 1, indicator = 2, authorization = 3, accuracy = 4, prompt = 5
    /// Session lanes follow the fixed ones, in the order their objects first
    /// began; they are drawn between *in use* and *indicator*.
    private var sessionLanes: [String: Int] = [:]

    /// Rows of marks drawn at most; the marks of every row past the first
    /// `maxRows - 1` share the last one, `foldedRow` (issue 31: a
    /// `CLMonitor` with 10,000 conditions made 10,000 rows). Flows have a
    /// few dozen kinds of event; a row is 26 px, so 100 rows are already
    /// 2,600 px tall.
    package static let maxRows = 100
    /// The name of the row that holds the marks of the rows past the others.
    package static let foldedRow = "other rows (the rest)"

    /// Held-to-delivered connectors kept at most: on reaching it, every
    /// other one is dropped and from then on only every other one is kept
    /// (every 4th, …), so those kept spread evenly over the whole trace and
    /// memory stays flat.
    package static let maxConnectors = 1024
    /// Held locations waiting for their delivery, at most.
    static let maxPending = 1024

    /// Gaps between records kept at most: the longest so far (the layout
    /// breaks the axis at a few of them).
    package static let maxGaps = 16
    private var gaps: [Timeline.Gap] = []
    /// The shortest gap kept, once `maxGaps` are.
    private var shortestGap = Millis.zero

    private var rows: [Timeline.Row] = []
    private var connectors: [Timeline.Connector] = []
    /// Deliveries of held locations so far, and how many of them make one
    /// connector (`maxConnectors`).
    private var deliveries = 0
    private var connectorStride = 1
    /// A held location not yet delivered, with its mark's row; `row` -1
    /// once delivered.
    private struct Pending {
        var time: Millis
        var location: Location
        var row: Int
    }
    /// The last `maxPending` held locations, a ring written at
    /// `pendingNext`: a delivery `@t` matches the hold at `t` of its
    /// location. The oldest is overwritten (one dropped since, say
    /// `superseded`, is never delivered).
    private var pending: [Pending] = []
    private var pendingNext = 0
    /// The open prompt's `prompt show` line: the hover text of a prompt
    /// answered the instant it showed.
    private var promptShowLine = ""
    private var rowIndex: [String: Int] = [:]
    private var last = Millis.zero
    /// `shortName` of each delegate method met so far: made once per method,
    /// not once per record (it was 88% of a long trace's instructions).
    private var shortNames: [DelegateMethods.RawValue: String] = [:]
    /// The last method's `shortName` and the last mark's row, asked for
    /// again by almost every record of a trace (a fix after a fix).
    private var lastShortName: (method: DelegateMethods.RawValue, name: String) = (0, "")
    private var lastRow = 0
    /// In the background (or suspended) while in use: when that began,
    /// so the stretch can be named once its end says why it lasted.
    private var inUseInBackground: Millis?
    private var appInForeground = false
    /// Since when a `CLBackgroundActivitySession` has been in effect: in
    /// use out of the foreground is then the session's (M6).
    private var activitySessionSince: Millis?

    package init() {}

    /// The timeline drawn so far, titled `title`. It runs 3% (at least a
    /// second) past the last record, so a mark at the end is not on the
    /// edge; a state still open runs to that end.
    package func timeline(title: String, platform: Platform? = nil) -> Timeline {
        let lastSecond = max(last.value, 1000)
        let end = Millis(lastSecond + max(lastSecond * 3 / 100, 1000))
        // In use still open out of the foreground is named as if it ended now.
        var recorder = self
        if let since = inUseInBackground {
            recorder.nameInUse(since: since, at: end, otherwise: .inUseBackground, "in use (background)")
        }
        let order = Array(0...Self.inUse) + Array(Self.prompt + 1..<lanes.count) + Array(Self.indicator...Self.prompt)
        let lanes = order.map { recorder.lanes[$0] }.map { lane in
            var segments = lane.segments.segments
            if let open = lane.open, open.start < end {
                var final = Self.close(open, at: end)
                final.title = "\(open.title)  from \(open.start) s to the end"
                segments.append(final)
            }
            return Timeline.Lane(name: lane.name, segments: segments)
        }
        var timeline = Timeline(
            lanes: lanes, rows: rows, end: end, title: title, platform: platform, connectors: connectors)
        timeline.gaps = gaps.sorted { $0.start < $1.start }
        return timeline
    }

    package mutating func write(_ record: LogRecord) {
        let t = record.time.sinceStart
        if t - last > shortestGap { keepGap(Timeline.Gap(start: last, end: t)) }
        last = t
        switch record.record.base {
        case .app(let app): appChanged(app, at: t)
        case .inUseBegin(let reason):
            let state: Timeline.State = reason == .foreground ? .inUseForeground : .session
            set(Self.inUse, state, "in use (\(reason.rawValue))", at: t)
            inUseInBackground = appInForeground || reason == .backgroundSession ? nil : t
        case .inUseEnd(let reason):
            inUseEnded(reason, at: t)
        case .indicator(let on):
            if on { set(Self.indicator, .indicator, "indicator on", at: t) } else { clear(Self.indicator, at: t) }
        case .auth(let view):
            set(Self.authorization, Self.state(of: view), Self.label(of: view), at: t, title: Self.title(of: view))
            accuracyChanged(view, at: t)
        case .prompt(.show(.locationServices, _, _)):
            // The system's "Turn On Location Services" alert is never
            // answered in the log (docs/rules.md §4): a mark, not a lane
            // segment that would stay open to the end.
            mark("prompt locationServices", .answer, record)
        case .prompt(.show(let kind, let text, let answers)):
            let answerList = answers.map(\.rawValue).joined(separator: ",")
            set(Self.prompt, .prompt, kind.rawValue, at: t, title: "prompt \(kind.rawValue) \"\(text)\" \(answerList)")
            promptShowLine = Self.logLine(record)
        case .prompt(.answer(let answer)):
            closePrompt(suffix: " → " + answer.rawValue, record)
            mark("prompt answer", .answer, record)
        case .prompt(.dismiss):
            closePrompt(suffix: " → dismissed", record)
            mark("prompt answer", .answer, record)
        case .delegate(let callback):
            // A region's events are a row of their own, named by its id.
            if let region = Self.regionID(of: callback) {
                mark(shortName(of: callback) + " " + region, .delegate, record)
            } else {
                mark(shortName(of: callback), .delegate, record)
            }
            if !pending.isEmpty, case .didUpdateEarlierLocation(let location, let fixedAt) = callback.event {
                delivered(location, heldAt: fixedAt.sinceStart, record)
            }
            if !pending.isEmpty, case .didUpdateLocationBatch(let batch) = callback.event {
                for entry in batch { delivered(entry.location, heldAt: entry.time, record) }
            }
        case .update(.earlierLiveUpdate(let location, _, let fixedAt)):
            mark("update liveUpdates", .delegate, record)
            if !pending.isEmpty { delivered(location, heldAt: fixedAt.sinceStart, record) }
        case .update(.monitorEvent(let monitor, let id, _, _)),
            .update(.refinedMonitorEvent(let monitor, let id, _, _, _)):
            mark("monitor \(monitor) \(id)", .delegate, record)
        case .update(let update): mark("update " + update.stream.rawValue, .delegate, record)
        case .session(let session): sessionChanged(session, at: t)
        case .completion(let method, _): mark("completion " + method, .completion, record)
        case .notification: mark("notification", .notification, record)
        case .hold(let event, let reason):
            mark("hold " + reason.rawValue, .hold, record)
            held(event, at: t)
        case .drop(_, let reason): mark("drop " + reason.rawValue, .drop, record)
        case .warning: mark("warning", .warning, record)
        case .crash: mark("crash", .crash, record)
        // The cause of the marks after it, and a verdict: not events on the device.
        case .react, .expect: break
        case .ofManager: break  // `base` unwraps it
        }
    }

    private mutating func appChanged(_ app: AppRecord, at t: Millis) {
        let (state, label): (Timeline.State, String)
        switch app {
        case .launchForeground, .foreground: (state, label) = (.foreground, "foreground")
        case .launchBackground(let reason): (state, label) = (.background, "background (launched: \(reason.rawValue))")
        case .background: (state, label) = (.background, "background")
        case .wake(let reason): (state, label) = (.background, "background (woken: \(reason.rawValue))")
        case .suspend: (state, label) = (.suspended, "suspended")
        case .terminate(let reason): (state, label) = (.notRunning, "not running (terminated: \(reason.rawValue))")
        }
        appInForeground = state == .foreground
        set(Self.app, state, label, at: t)
        // In use that outlasts the foreground: grace or a session, told apart when it ends.
        if state == .foreground, let since = inUseInBackground {
            nameInUse(since: since, at: t, otherwise: .inUseBackground, "in use (background)")
            inUseInBackground = nil
        } else if state != .foreground, inUseInBackground == nil, let open = lanes[Self.inUse].open {
            inUseInBackground = open.state == .inUseForeground ? t : open.start
        }
    }

    private mutating func inUseEnded(_ reason: InUseEndReason, at t: Millis) {
        if let since = inUseInBackground {
            switch reason {
            case .graceExpired: nameInUse(since: since, at: t, otherwise: .inUseGrace, "in use (grace)")
            case .sessionEnded: splitInUse(since: since, at: t, as: .session, "in use (background session)")
            case .terminated: nameInUse(since: since, at: t, otherwise: .inUseBackground, "in use (background)")
            }
        }
        inUseInBackground = nil
        clear(Self.inUse, at: t)
    }

    /// Names the in-use stretch from `since` to `t`, out of the
    /// foreground: while an activity session was in effect it is the
    /// session's; before, `otherwise`.
    private mutating func nameInUse(since: Millis, at t: Millis, otherwise state: Timeline.State, _ label: String) {
        let sessionStart = activitySessionSince.map { max($0, since) } ?? t
        if since < sessionStart { splitInUse(since: since, at: sessionStart, as: state, label) }
        if sessionStart < t { splitInUse(since: sessionStart, at: t, as: .session, "in use (background session)") }
    }

    /// A session lane: waiting, then in effect, until the object ends.
    /// The label says the object; the hover text each record's words.
    private mutating func sessionChanged(_ record: SessionRecord, at t: Millis) {
        let name = Self.laneName(record.object)
        let lane = sessionLanes[name] ?? lanes.count
        if lane == lanes.count {
            sessionLanes[name] = lane
            lanes.append((name, LaneStretches(), nil))
        }
        let isActivity = record.object == .backgroundActivitySession
        switch record {
        case .begin(let object, .effective):
            set(lane, .sessionEffective, Self.label(of: object), at: t, title: "\(Self.label(of: object)): in effect")
            if isActivity { activitySessionSince = t }
        case .begin(let object, .waiting):
            let label = Self.label(of: object) + " (waiting)"
            set(lane, .sessionWaiting, label, at: t, title: label + ": insufficientlyInUse until the foreground")
            if isActivity { activitySessionSince = nil }
        case .effective(let object):
            set(lane, .sessionEffective, Self.label(of: object), at: t, title: "\(Self.label(of: object)): in effect")
            if isActivity { activitySessionSince = t }
        case .end(_, let reason):
            if var open = lanes[lane].open {
                open.title += ", ended (\(reason.rawValue))"
                lanes[lane].open = open
            }
            clear(lane, at: t)
            // Its `end` comes before the `inuse end` it causes: name the
            // stretch it kept in use now, while it is known.
            if isActivity, let since = inUseInBackground {
                nameInUse(since: since, at: t, otherwise: .inUseBackground, "in use (background)")
                inUseInBackground = t
            }
            if isActivity { activitySessionSince = nil }
        }
    }

    /// Ends the open in-use segment at `since` and names the stretch from
    /// `since` to `t` for what kept the app in use.
    private mutating func splitInUse(since: Millis, at t: Millis, as state: Timeline.State, _ label: String) {
        guard let open = lanes[Self.inUse].open else { return }
        let start = max(since, open.start)
        if open.start < start { lanes[Self.inUse].segments.add(Self.close(open, at: start)) }
        if start < t {
            let stretch = Open(start: start, state: state, label: label, title: label)
            lanes[Self.inUse].segments.add(Self.close(stretch, at: t))
        }
        lanes[Self.inUse].open = Open(start: t, state: open.state, label: open.label, title: open.title)
    }

    /// The accuracy lane: full, reduced, or full for now (temporary), from
    /// each `auth` record; a record that keeps the accuracy keeps the bar.
    private mutating func accuracyChanged(_ view: AuthView, at t: Millis) {
        let state: Timeline.State
        switch view.accuracy {
        case .fullAccuracy: state = view.temporary ? .temporaryFullAccuracy : .fullAccuracy
        case .reducedAccuracy: state = .reducedAccuracy
        }
        if lanes[Self.accuracy].open?.state == state { return }
        let label = view.accuracy.word + (view.temporary ? " (temporary)" : "")
        set(Self.accuracy, state, label, at: t, title: "accuracy=" + label)
    }

    /// Ends the prompt's bar; a prompt answered the instant it showed (a
    /// policy) has no width, so it becomes a tick, labelled like a bar and
    /// with its `prompt show` and answer lines as hover text.
    private mutating func closePrompt(suffix: String, _ record: LogRecord) {
        let t = record.time.sinceStart
        guard var open = lanes[Self.prompt].open else { return }
        open.label += suffix
        open.title += suffix
        if open.start == t {
            let tick = Timeline.Segment(
                start: t, end: t, state: .promptAnswered, label: open.label,
                title: promptShowLine + "\n" + Self.logLine(record))
            lanes[Self.prompt].segments.add(tick)
            lanes[Self.prompt].open = nil
            return
        }
        lanes[Self.prompt].open = open
        clear(Self.prompt, at: t)
    }

    /// Keeps `gap` among the `maxGaps` longest.
    private mutating func keepGap(_ gap: Timeline.Gap) {
        if gaps.count < Self.maxGaps {
            gaps.append(gap)
            if gaps.count < Self.maxGaps { return }
        } else if let i = gaps.indices.min(by: { gaps[$0].length < gaps[$1].length }) {
            gaps[i] = gap
        }
        shortestGap = gaps.map(\.length).min() ?? .zero
    }

    /// A held location waits for its delivery `@t`; other held events
    /// carry no time of their own in the log, so nothing ties them to a
    /// later delivery.
    private mutating func held(_ event: UndeliveredEvent, at t: Millis) {
        switch event {
        case .fix(let location), .liveUpdate(let location), .significantChange(let location):
            let held = Pending(time: t, location: location, row: lastRow)
            if pending.count < Self.maxPending { pending.append(held) } else { pending[pendingNext] = held }
            pendingNext = (pendingNext + 1) % Self.maxPending
        default: return
        }
    }

    /// A location delivered with its own time: joined to the hold at that
    /// time of the same location, if the log has one.
    private mutating func delivered(_ location: Location, heldAt time: Millis, _ record: LogRecord) {
        guard let i = pending.firstIndex(where: { $0.row >= 0 && $0.time == time && $0.location == location }) else {
            return
        }
        let heldRow = pending[i].row
        pending[i].row = -1
        deliveries += 1
        guard (deliveries - 1) % connectorStride == 0 else { return }
        let t = record.time.sinceStart
        connectors.append(
            Timeline.Connector(
                held: time, heldRow: heldRow, delivered: t, deliveredRow: lastRow,
                title: "held at \(time) s, delivered at \(t) s: " + Self.logLine(record)))
        if connectors.count == Self.maxConnectors {
            connectors = stride(from: 0, to: connectors.count, by: 2).map { connectors[$0] }
            connectorStride *= 2
        }
    }

    private mutating func set(_ lane: Int, _ state: Timeline.State, _ label: String, at t: Millis, title: String? = nil)
    {
        clear(lane, at: t)
        lanes[lane].open = Open(start: t, state: state, label: label, title: title ?? label)
    }

    private mutating func clear(_ lane: Int, at t: Millis) {
        guard let open = lanes[lane].open else { return }
        // A zero-length stretch (two changes at one instant) is not drawn.
        if open.start < t { lanes[lane].segments.add(Self.close(open, at: t)) }
        lanes[lane].open = nil
    }

    private static func close(_ open: Open, at end: Millis) -> Timeline.Segment {
        Timeline.Segment(
            start: open.start, end: end, state: open.state, label: open.label,
            title: "\(open.title)  \(open.start)–\(end) s")
    }

    private mutating func mark(_ row: String, _ kind: Timeline.MarkKind, _ record: LogRecord) {
        // Most records go to the row of the one before (a trace of fixes):
        // no hashing then.
        var index = lastRow < rows.count && rows[lastRow].name == row ? lastRow : rowIndex[row] ?? rows.count
        if index == rows.count && index < Self.maxRows - 1 {
            rowIndex[row] = index
            rows.append(Timeline.Row(name: row, kind: kind, marks: MarkBuckets()))
        } else if index >= Self.maxRows - 1 {
            // Past the last row of its own: the folded row, which knows no names.
            index = Self.maxRows - 1
            if rows.count < Self.maxRows {
                rows.append(Timeline.Row(name: Self.foldedRow, kind: kind, marks: MarkBuckets()))
            }
        }
        lastRow = index
        rows[index].marks.add(record)
    }

    /// `shortName(_:)` of the callback's selector, remembered per method.
    private mutating func shortName(of callback: Callback) -> String {
        let key = callback.method.rawValue
        if key == lastShortName.method { return lastShortName.name }
        let name: String
        if let known = shortNames[key] {
            name = known
        } else {
            name = Self.shortName(callback.selector)
            shortNames[key] = name
        }
        lastShortName = (key, name)
        return name
    }

}
