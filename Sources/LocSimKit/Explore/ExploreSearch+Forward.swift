/// A path between two choice points: one replay, run forward through the
/// same closed loop as `locsim run` (ClosedLoop), so timers, reactions,
/// answer policies and expectations act on every path exactly as in `run`.
extension ExploreSearch {
    /// A path's closed loop and what it delivered, held and dropped since
    /// the last choice point (the loop's writer).
    struct Node {
        var loop: ClosedLoop
        var out = PathWriter()
        /// Endings chosen at suspensions so far (`--system-terminations`).
        var terminations = 0
        /// A window line reached whose event has not happened yet.
        var window: OpenWindow? = nil
    }

    /// What a path's records leave behind: its counts, and what they
    /// exercised of the rules (`CoverageWriter`, as `check --coverage`
    /// reads a log), both since the last choice point.
    struct PathWriter: LogWriter {
        var counts = OutcomeCounts()
        var coverage = CoverageWriter()

        mutating func write(_ record: LogRecord) {
            counts.count(record.record)
            coverage.write(record)
        }
    }

    /// Runs `node` from `cursor` to the next choice point, the end, or an
    /// error. What is due before a line runs one instant at a time, so a
    /// prompt shown at an instant (by a timer or a delayed reaction) is
    /// decided at that instant, after everything due then, as a `user` line
    /// at that time would answer it (timers before trace lines at equal
    /// times, docs/rules.md §0).
    mutating func forward(_ node: inout Node, from cursor: Cursor) -> Halt {
        var cursor = cursor
        // One copy for the whole walk: reading `self.input` from this
        // mutating method copied it (the header, a few kilobytes) per line.
        let input = self.input
        do throws(ScenarioError) {
            // A choice's own event (a window's) relaunched the app.
            if let halt = try order(
                &node, then: cursor, anchor: cursor.position.previousLine, time: node.loop.simulator.now)
            {
                return halt
            }
            while true {
                switch cursor {
                case .settle(let p):
                    if let options = promptChoices(node.loop, position: p) {
                        return .choice(cursor, options, line: nil, time: node.loop.simulator.now)
                    }
                    cursor = .timers(p)
                case .timers(let p), .meeting(let p):
                    // The line is read once, here, and applied right after the
                    // timers due before it (a choice among them reads it again).
                    let read = try input.line(at: p)
                    let limit = read?.line.time ?? Millis(.max)
                    // The order of what is due at the line's instant and the line: chosen at `.meeting`.
                    var met = cursor == .meeting(p)
                    while true {
                        var instant = node.loop.nextDue(until: limit)
                        // `system inputFirst` chosen: the line runs before what is due with it.
                        if instant == limit, node.loop.inputFirst { instant = nil }
                        if let window = node.window,
                            let halt = try windowChoice(window, before: instant ?? limit, at: p)
                        {
                            return halt
                        }
                        guard let instant else { break }
                        if instant == limit, !met, let read {
                            met = true
                            if try meets(node, read.line, at: limit) {
                                return .choice(
                                    .meeting(p), [.nothing, .apply(.systemInputFirst)], line: nil, time: limit)
                            }
                        }
                        // One timer at a time, as `advance` does, each maybe a relaunch
                        // whose reactions' order is a choice (written just before it).
                        while try node.loop.step(until: instant, into: &node.out) {
                            if let halt = try order(
                                &node, then: cursor, anchor: p.previousLine, time: instant - Millis(1))
                            {
                                return halt
                            }
                        }
                        if node.window != nil { node.window!.last = instant }
                        // What follows the lines of that instant (a suspension waiting
                        // for the calls made then, docs/rules.md §0): time moves past it.
                        while instant < limit, node.loop.nextDue(until: limit) == instant {
                            _ = try node.loop.step(until: limit, into: &node.out)
                            if let halt = try order(
                                &node, then: cursor, anchor: p.previousLine, time: instant - Millis(1))
                            {
                                return halt
                            }
                        }
                        if let options = promptChoices(node.loop, position: p) {
                            return .choice(cursor, options, line: nil, time: node.loop.simulator.now)
                        }
                    }
                    guard let read else { return .end(try node.loop.finish(into: &node.out)) }
                    if mayTerminate(node, before: read.line) {
                        return .choice(.suspended(p), [.nothing, .apply(.systemTerminate)], line: nil, time: limit)
                    }
                    if let halt = try apply(read.line, at: p, &node) { return halt }
                    if node.window != nil { node.window!.last = read.line.time }
                    cursor = .settle(read.next)
                    if let halt = try order(&node, then: cursor, anchor: p.previousLine, time: read.line.time) {
                        return halt
                    }
                case .line(let p), .suspended(let p), .window(let p):
                    guard let read = try input.line(at: p) else { return .end(try node.loop.finish(into: &node.out)) }
                    if let halt = try apply(read.line, at: p, &node) { return halt }
                    if node.window != nil { node.window!.last = read.line.time }
                    cursor = .settle(read.next)
                    if let halt = try order(&node, then: cursor, anchor: p.previousLine, time: read.line.time) {
                        return halt
                    }
                case .order(let next, _):
                    // Only a choice point's cursor; a path resumes at `next`.
                    cursor = next
                }
            }
        } catch {
            return .stopped(error)
        }
    }

    /// Applies the line at `p`; a `user any` line with a prompt to answer
    /// (or any `user settings any`) is a choice point instead.
    private mutating func apply(_ line: ExploreInput.Line, at p: Position, _ node: inout Node) throws(ScenarioError)
        -> Halt?
    {
        switch line {
        case .fix(let line):
            try node.loop.apply(line.fix, at: line.time, into: &node.out)
        case .reaction(let reaction, _):
            node.loop.add(reaction)
        case .timed(let statement):
            if statement.windowEnd != nil {
                windowLines[statement.location.line] = statement.location
                return .choice(.line(p), [.apply(statement.event), .wait], line: statement, time: statement.time)
            }
            if case .systemAny = statement.event {
                let options = systemChoices(node.loop.simulator)
                // Nothing the system can do here on this path: it does nothing.
                guard options.count > 1 else {
                    idleAnyLines[statement.location.line] = statement.location
                    systemAnyLines.insert(statement.location.line)
                    return nil
                }
                answeredAnyLines.insert(statement.location.line)
                return .choice(.line(p), options, line: statement, time: statement.time)
            }
            if case .user(.any(let scope)) = statement.event {
                if scope == .answer && node.loop.lastPromptPolicy != nil {
                    // A policy answered the last prompt: `run`'s error
                    // ("… not both") stops this path, an outcome row.
                    try node.loop.apply(statement, into: &node.out)
                }
                // No prompt to answer on this path: the user does nothing here.
                if scope == .answer && !node.loop.simulator.promptShown {
                    idleAnyLines[statement.location.line] = statement.location
                    return nil
                }
                if scope == .answer { answeredAnyLines.insert(statement.location.line) }
                let options = anyChoices(scope, node.loop.simulator, statement).map { Option.apply(.user($0)) }
                return .choice(.line(p), options, line: statement, time: statement.time)
            }
            try node.loop.apply(statement, into: &node.out)
        }
        return nil
    }
}

/// Windows of time (docs/explore.md, "Windows of time").
extension ExploreSearch {
    /// The instant a path's open window offers next, before what is due at
    /// `next` (a timer, or the line at `p`): just after the last timer or
    /// line inside the window, just before `next`, or the window's end,
    /// whichever comes first after the last instant offered; `nil` when
    /// none lies before `next`. At the end the event happens: one option.
    mutating func windowChoice(_ window: OpenWindow, before next: Millis, at p: Position) throws(ScenarioError)
        -> Halt?
    {
        guard let read = try input.line(at: window.position), case .timed(let statement) = read.line else {
            return nil
        }
        if next > statement.time && next <= window.end { eventfulWindows.insert(statement.location.line) }
        let justAfter = window.last.map { $0 + Millis(1) }
        let justBefore = next - Millis(1)
        let instant: Millis
        if let justAfter, justAfter > window.done, justAfter < next, justAfter <= window.end {
            instant = justAfter
        } else if justBefore > window.done, justBefore > (window.last ?? window.done), justBefore <= window.end {
            instant = justBefore
        } else if next > window.end, window.end > window.done {
            instant = window.end
        } else {
            return nil
        }
        let options: [Option] = instant == window.end ? [.apply(statement.event)] : [.apply(statement.event), .wait]
        return .choice(.window(p), options, line: statement, time: instant)
    }
}

/// Orders at one instant (docs/explore.md, "Orders at one instant").
extension ExploreSearch {
    /// Where the last input relaunched the app and the closed loop stopped
    /// before its reactions (`ClosedLoop.orderPending`): the dependence
    /// test. Both orders are run from the same state; when they leave the
    /// same rule state, the same closed-loop state and the same counts, the
    /// order makes no difference to anything after it and the path goes on
    /// in the written order (`nil`, nothing chosen). Otherwise both orders
    /// are a choice point: the written one (`nothing`), then `system
    /// deliverFirst`, which a counterexample writes after line `anchor` at `time`.
    mutating func order(_ node: inout Node, then cursor: Cursor, anchor: Int, time: Millis) throws(ScenarioError)
        -> Halt?
    {
        guard node.loop.orderPending else { return nil }
        var written = node
        var swapped = node
        let writtenError = Self.error { () throws(ScenarioError) in
            try written.loop.resumeOrder(deliverFirst: false, into: &written.out)
        }
        let swappedError = Self.error { () throws(ScenarioError) in
            try swapped.loop.resumeOrder(deliverFirst: true, into: &swapped.out)
        }
        let commute =
            writtenError?.message == swappedError?.message
            && written.loop.simulator.world == swapped.loop.simulator.world
            && written.loop.state == swapped.loop.state && written.out.counts == swapped.out.counts
        guard commute else {
            return .choice(
                .order(cursor, anchor: anchor), [.nothing, .apply(.systemDeliverFirst)], line: nil,
                time: max(time, Millis.zero))
        }
        if let writtenError { throw writtenError }
        node = written
        return nil
    }

    /// Where rule timers or delayed reactions are due at `time`, the instant
    /// of the input `line` (an event or a fix line): the dependence test.
    /// Both orders are run from `node` — what is due first, then the line
    /// (`run`'s), and the line first (`system inputFirst`), each followed by
    /// what else is due at `time` before a line — and compared as at a
    /// relaunch (`order`). True where they differ: the meeting is a choice
    /// point. A relaunch met on the way runs its reactions as written in
    /// both (its own order is chosen on the path itself).
    mutating func meets(_ node: Node, _ line: ExploreInput.Line, at time: Millis) throws(ScenarioError) -> Bool {
        guard Self.isInput(line) else { return false }
        var written = node
        var swapped = node
        let writtenError = Self.error { () throws(ScenarioError) in
            try Self.meet(&written, line, at: time, inputFirst: false)
        }
        let swappedError = Self.error { () throws(ScenarioError) in
            try Self.meet(&swapped, line, at: time, inputFirst: true)
        }
        // The delayed reactions run since the last line differ by those the
        // line went before (`run` counts them to stop a runaway `after`
        // loop, and the next line resets them): not what makes a difference.
        var writtenState = written.loop.state
        var swappedState = swapped.loop.state
        writtenState.delayedRuns = 0
        swappedState.delayedRuns = 0
        let commute =
            writtenError?.message == swappedError?.message && writtenError?.location == swappedError?.location
            && written.loop.simulator.world == swapped.loop.simulator.world
            && writtenState == swappedState && written.out.counts == swapped.out.counts
        return !commute
    }

    /// A line a rule timer or a delayed reaction due at its instant may
    /// follow or precede: an event or a fix, not a choice point's line
    /// (`any`, a window), a pin (`system deliverFirst`, `system
    /// inputFirst`) or an `on` line.
    private static func isInput(_ line: ExploreInput.Line) -> Bool {
        switch line {
        case .fix: return true
        case .reaction: return false
        case .timed(let statement):
            guard statement.windowEnd == nil else { return false }
            switch statement.event {
            case .systemAny, .systemDeliverFirst, .systemInputFirst, .user(.any): return false
            default: return true
            }
        }
    }

    /// One order of a meeting at `time` (`meets`), run on `node`.
    private static func meet(_ node: inout Node, _ line: ExploreInput.Line, at time: Millis, inputFirst: Bool)
        throws(ScenarioError)
    {
        let somewhere = SourceLocation(line: 0, column: 0)
        if inputFirst {
            let pin = TimedStatement(time: time, event: .systemInputFirst, location: somewhere, argumentColumn: 0)
            try node.loop.apply(pin, into: &node.out)
        } else {
            try runDue(&node, at: time)
        }
        switch line {
        case .fix(let fix): try node.loop.apply(fix.fix, at: fix.time, into: &node.out)
        case .timed(let statement): try node.loop.apply(statement, into: &node.out)
        case .reaction: break
        }
        if node.loop.orderPending { try node.loop.resumeOrder(deliverFirst: false, into: &node.out) }
        try runDue(&node, at: time)
    }

    /// Runs what is due at or before `time` ahead of a line there, relaunches' reactions as written.
    private static func runDue(_ node: inout Node, at time: Millis) throws(ScenarioError) {
        while try node.loop.step(until: time, into: &node.out) {
            if node.loop.orderPending { try node.loop.resumeOrder(deliverFirst: false, into: &node.out) }
        }
    }

    private static func error(_ body: () throws(ScenarioError) -> Void) -> ScenarioError? {
        do throws(ScenarioError) {
            try body()
            return nil
        } catch {
            return error
        }
    }
}
