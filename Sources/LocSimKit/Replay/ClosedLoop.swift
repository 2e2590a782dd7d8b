/// The engine every command and the Swift API drive: the simulator (rule
/// state and rules, with the one queue and the one clock, `Timers`) and the
/// observers of its records (`on` and `expect` lines), advanced by one step
/// (docs/language.md, "Reactions"; SimPy's `Environment` is the model).
///
/// Three operations, shared by the replay (`ReplayDriver`), `SimulatedDevice`
/// (`DeviceEngine`, app code reacting to callbacks) and `locsim explore`
/// (branching where no policy answers a prompt):
/// - `step(until:into:)` takes the next event of the one queue — a rule
///   timer or a reaction whose `after` ended — and handles it whole;
///   `advance(to:into:)` steps until nothing is due before a line at a time;
/// - `apply(_:into:)` applies an input (a scenario line, a fix) at its time,
///   after `advance`;
/// - `perform(_:…)` applies an action now, between events of one instant.
///
/// Every input ends the same way: the rules, then `Simulator.endStep`
/// (derived records, diagnostics), then `drain`, which writes the records
/// and lets the observers see them: `expect` lines check each, `on` lines
/// whose trigger it matches queue their action. The queued reactions run
/// first in, first out once the input is handled; a reaction's records
/// queue further reactions at the back, one level deeper. A chain deeper
/// than `maxDepth`, more than `maxReactionsPerInput` reactions for one
/// input, more than `maxDelayedRuns` delayed reactions with no scenario
/// line between them (a reaction re-arming itself with `after`), or more
/// than `maxTimerRuns` rule timers whose records ran reactions with no
/// scenario line between them (a reaction re-arming a timer of the rules:
/// `on didFailWithError app requestLocation` with no fix to come) is an
/// error at the `on` line: never a hang.
///
/// A scenario without `on` and `expect` lines is the same engine with no
/// observers: its records go straight to the writer, and a delivered fix
/// may skip the record array (`Simulator.directFix`).
package struct ClosedLoop {
    /// Reactions queued behind one another at one instant, at most.
    package static let maxDepth = 16
    /// Delayed reactions run with no scenario line between them, at most.
    package static let maxDelayedRuns = 10_000
    /// Rule timers whose records ran reactions with no scenario line between them, at most.
    package static let maxTimerRuns = 10_000
    /// Reactions run at one instant for one input (a line, a fix, a timer
    /// or a delayed reaction) and the reactions it triggers, at most: `on`
    /// lines that each fire several others fan out geometrically long
    /// before the depth limit (3 lines, 16 deep: 3^16 reactions).
    package static let maxReactionsPerInput = 10_000

    package var simulator: Simulator
    var causes = ErrorCauses()
    /// True once the scenario has an `on` or `expect` line: records are then
    /// observed, one at a time, and timers taken one at a time.
    package private(set) var isActive = false
    /// A prompt on screen that no policy answers, from its `prompt show`
    /// record until it is answered or dismissed: `locsim explore`'s choice point.
    package private(set) var unansweredPrompt: ShownPrompt? = nil

    /// `Simulator.plainDelivery()` after the last fix applied here, when
    /// nothing else has changed the simulator since (every other step
    /// clears it): the next fix may then skip the rules' walk
    /// (`Simulator.deliverPlainly`). The one fast path of a fix, beside the
    /// rules' own; debug builds check each use against them. A cache of what
    /// the state implies: not part of `state`.
    private var plainFixes: Simulator.PlainDelivery? = nil
    /// Fixes that went the plain way (tests).
    private(set) var plainDeliveries = 0

    // Read by `state` (ClosedLoop+State.swift), which `locsim explore` merges paths on.
    private(set) var reactions: [ReactionStatement] = []
    /// `reactions` by trigger, so a record meets only the lines it may fire.
    private var index = ReactionIndex()
    /// Whether each of `reactions` has fired (a policy: answered) at least
    /// once: the replay warns about those that never did. Not state.
    private var fired: [Bool] = []
    private(set) var expectations = ExpectationChecker()
    /// Reactions due now, in order (those with `after` wait in the one queue).
    private(set) var ready: [Pending] = []
    private(set) var delayedRuns = 0
    private(set) var timerRuns = 0
    /// Reactions whose action ran, and the last of them: whether a timer's
    /// records ran any (`timerRuns`). Not state.
    private var actionsRun = 0
    private var lastActionRun = 0
    /// The policy that answered, or will answer, the last prompt shown.
    private(set) var lastPromptPolicy: (kind: PromptKind, location: SourceLocation)? = nil
    /// A `system deliverFirst` line applied and not used yet: the next
    /// relaunch runs the event's reactions before the launch's (`relaunchOrder`).
    private(set) var deliverFirst = false
    /// `locsim explore`: stop before the reactions of a relaunch that has
    /// both (`relaunchOrder`), for the search to choose their order
    /// (docs/explore.md, "Orders at one instant").
    package var pausesAtOrders = false
    /// Stopped there: `ready` holds the reactions, `resumeOrder` runs them.
    package private(set) var orderPending = false
    /// A `system inputFirst` line applied and not used yet: the next input
    /// runs before the rule timers and delayed reactions due at its instant,
    /// which run after it (docs/explore.md, "Orders at one instant").
    package private(set) var inputFirst = false

    /// A reaction queued: due now (`ready`), or waiting out its `after`
    /// in the one queue (`Scheduled.reaction`).
    struct Pending: Equatable {
        var index: Int
        /// The action, when it is not the line's own (a policy's answer
        /// without a `precise=` the prompt has no switch for).
        var action: Event
        var depth: Int
        /// False while an `after` delay is still to be waited.
        var due: Bool
    }

    /// A prompt shown and not answered by any policy.
    package struct ShownPrompt: Hashable, Sendable {
        package var kind: PromptKind
        package var answers: [Answer]
        package var time: Millis
        /// The Precise switch is on it (an answer may set `precise=off`).
        package var hasPreciseSwitch: Bool
    }

    /// - Parameter observed: observe every record from the start, `on`
    ///   lines or not (`locsim explore` reads the prompts no policy answers).
    package init(simulator: Simulator, observed: Bool = false) {
        self.simulator = simulator
        self.isActive = observed
    }

    /// Starts observing for an `on` line, from now on.
    package mutating func add(_ reaction: ReactionStatement) {
        index.add(reaction.reaction.trigger, at: reactions.count)
        reactions.append(reaction)
        fired.append(false)
        observe()
    }

    /// Starts observing for an `expect` line.
    package mutating func add(_ expectation: ExpectationStatement) {
        expectations.add(expectation)
        observe()
    }

    /// From now on records are observed; the next fix goes through the rules.
    private mutating func observe() {
        isActive = true
        plainFixes = nil
    }

    // MARK: Inputs and time

    /// Runs what is due up to `statement.time`, then the statement, then the reactions.
    package mutating func apply<W: LogWriter>(_ statement: TimedStatement, into writer: inout W) throws(ScenarioError) {
        if let end = statement.windowEnd { throw Self.windowError(statement, end: end) }
        if case .systemInputFirst = statement.event {
            // Nothing due at its instant may run before the input it pins,
            // and that input's timers run one at a time (observed) to be left behind it.
            inputFirst = true
            return observe()
        }
        let first = inputFirst
        if first {
            try advance(before: statement.time, into: &writer)
            // The other pin leaves it for the input after it.
            if statement.event != .systemDeliverFirst { inputFirst = false }
        } else {
            try advance(to: statement.time, into: &writer)
        }
        try checkAgainstPolicy(statement)
        delayedRuns = 0
        timerRuns = 0
        plainFixes = nil
        do throws(ScenarioError) {
            if first { try simulator.applyNow(statement) } else { try simulator.apply(statement) }
        } catch {
            throw explained(error, statement)
        }
        if case .systemDeliverFirst = statement.event { deliverFirst = true }
        try drain(into: &writer, from: statement.location, depth: 0)
    }

    /// `advance(to:)` before a line that is no input (an `on` line): with
    /// `system inputFirst` pending, what is due at `time` waits for the input.
    package mutating func advance<W: LogWriter>(toLineAt time: Millis, into writer: inout W) throws(ScenarioError) {
        if inputFirst { try advance(before: time, into: &writer) } else { try advance(to: time, into: &writer) }
    }

    /// Runs every event of the one queue due before `time` (not those at
    /// `time`), then sets the clock to it: the input `system inputFirst`
    /// pinned comes next, before what is due at its instant.
    private mutating func advance<W: LogWriter>(before time: Millis, into writer: inout W) throws(ScenarioError) {
        while try step(until: time, before: .inUse, into: &writer) {}
        simulator.advanceClock(to: time)
    }

    /// A window line replayed as one path: `run` needs its instant.
    private static func windowError(_ statement: TimedStatement, end: Millis) -> ScenarioError {
        let event = Scenario.text(of: statement.event)
        return ScenarioError(
            "'\(statement.time)..\(end) \(event)' is a window of time, a choice for 'locsim explore'; run, check and matrix need one instant: pick one, e.g. '\(statement.time) \(event)'",
            at: statement.location)
    }

    /// `apply` for a fix: the rules' walk, or the plain way when the last
    /// input was a fix that found it plain (`Simulator.plainDelivery`).
    /// Without observers the timers due first run in one go inside the
    /// simulator, and a delivered fix goes to the writer without a record.
    @inline(__always)
    package mutating func apply<W: LogWriter>(_ fix: Fix, at time: Millis, into writer: inout W) throws(ScenarioError) {
        try apply(fix, at: time, text: .none, into: &writer)
    }

    /// `apply(_:at:into:)` with the text of the fix's line (`FixText`):
    /// a plain delivery with no observers goes to the writer with it.
    @inline(__always)
    mutating func apply<W: LogWriter>(_ fix: Fix, at time: Millis, text: FixText, into writer: inout W)
        throws(ScenarioError)
    {
        if deliverPlainly(fix, at: time, text: text, into: &writer) { return }
        try applyRefused(fix, at: time, into: &writer)
    }

    /// `apply` for a fix `deliverPlainly` has just refused (`ReplayDriver.fix`
    /// asks it first, so a refused fix is not asked twice).
    @inline(__always)
    mutating func applyRefused<W: LogWriter>(_ fix: Fix, at time: Millis, into writer: inout W)
        throws(ScenarioError)
    {
        if isActive {
            // What is due at `time` runs first, unless `system inputFirst` put
            // the fix first (`.inUse`: nothing at `time` sorts before it). A
            // value, not a branch: a branch here cost 1.3 % of a fix line
            // without observers, where it is never taken.
            let dueFirst: Phase = inputFirst ? .inUse : .trace
            inputFirst = false
            while try step(until: time, before: dueFirst, into: &writer) {}
            delayedRuns = 0
            timerRuns = 0
            if let kind = plainFixes, simulator.deliverPlainly(fix, at: time, kind) {
                plainDeliveries &+= 1
            } else {
                applyByRules(fix, at: time, dueFirst: dueFirst)
            }
            simulator.recordDirectFix()
            try drain(into: &writer, from: nil, depth: 0)
        } else {
            applyByRules(fix, at: time, dueFirst: .trace)
            writeUnobserved(into: &writer, from: nil)
        }
    }

    /// The plain run: with no observers, a fix that finds the last fix's
    /// `plainFixes` still true (no timer due first) goes from the
    /// simulator's plain delivery straight to the writer with its line's
    /// text, no record, no `directFix`, no drain (`ReplayDriver.fix` calls
    /// this first). False, having done nothing, for any other fix.
    @inline(__always)
    mutating func deliverPlainly<W: LogWriter>(_ fix: Fix, at time: Millis, text: FixText, into writer: inout W)
        -> Bool
    {
        guard !isActive, let kind = plainFixes, let delivered = simulator.plainly(fix, at: time, kind) else {
            return false
        }
        plainDeliveries &+= 1
        // The fix delivered as its line states it: the writer may copy the line's text.
        writer.write(delivered, text: text)
        return true
    }

    /// Whether the next fix goes the plain way of the standard updates if
    /// no timer is due first, whatever it states (`deliverVerbatim`).
    /// `mutating`, though it changes nothing, for the reason
    /// `Simulator.plainDelivery()` is: a getter copied the whole loop.
    @inline(__always)
    mutating func takesStandardPlainly() -> Bool { !isActive && plainFixes == .standard }

    /// `deliverPlainly` for a verbatim fix line (`ScenarioParser.verbatimFix`)
    /// when `takesStandardPlainly`: written from its text, its values
    /// never read, and not applied to the simulator, which the caller
    /// does with `settle` before anything else reaches it. A plain
    /// standard delivery changes only the clock, the last fix and the
    /// manager's last delivered one, which the next plain fix replaces:
    /// applying the last of a run applies the run (`Simulator.plainly`).
    @inline(__always)
    mutating func deliverVerbatim<W: LogWriter>(_ text: FixText, at time: Millis, into writer: inout W) -> Bool {
        guard simulator.takesPlainly(at: time) else { return false }
        plainDeliveries &+= 1
        writer.write(verbatim: text, at: time)
        return true
    }

    /// Applies the last fix `deliverVerbatim` wrote, as the plain delivery
    /// it was (debug builds check it against the rules' walk).
    mutating func settle(_ fix: Fix, at time: Millis) {
        let delivered = simulator.plainly(fix, at: time, .standard)
        assert(delivered != nil, "a verbatim fix the plain way refuses at \(time)")
    }

    /// A fix through the rules' walk, noting whether the next may go the plain way.
    @inline(__always)
    private mutating func applyByRules(_ fix: Fix, at time: Millis, dueFirst: Phase) {
        simulator.apply(fix, at: time, direct: true, dueFirst: dueFirst)
        plainFixes = simulator.plainDelivery()
    }

    /// Runs every event of the one queue due at or before `limit` (at
    /// `limit`, those that precede a scenario line), one at a time.
    package mutating func advance<W: LogWriter>(to limit: Millis, into writer: inout W) throws(ScenarioError) {
        while try step(until: limit, into: &writer) {}
    }

    /// Runs the next event of the one queue due by `limit` — a rule timer,
    /// or a reaction whose `after` ended — with the reactions it triggers;
    /// false when none is due. At one instant the rules' timers come first,
    /// then delayed reactions in the order queued, then (after the
    /// instant's lines) the timers of phase `afterLines` (`Phase`).
    package mutating func step<W: LogWriter>(
        until limit: Millis, before phase: Phase = .trace, into writer: inout W
    ) throws(ScenarioError) -> Bool {
        guard let stepped = simulator.step(until: limit, before: phase) else { return false }
        plainFixes = nil
        switch stepped {
        case .timer:
            let before = actionsRun
            try drain(into: &writer, from: nil, depth: 0)
            if actionsRun != before {
                timerRuns += 1
                if timerRuns > Self.maxTimerRuns {
                    throw ScenarioError(
                        "more than \(Self.maxTimerRuns) timers of the rules ran reactions with no scenario line between them, the last at \(simulator.now): a reaction keeps re-arming a timer (a request that times out, a deferral), and its records fire it again",
                        at: reactions[lastActionRun].location)
                }
            }
        case .reaction(var pending):
            delayedRuns += 1
            if delayedRuns > Self.maxDelayedRuns {
                throw ScenarioError(
                    "more than \(Self.maxDelayedRuns) delayed reactions ran with no scenario line between them, the last at \(simulator.now): a reaction keeps re-arming itself with 'after'",
                    at: reactions[pending.index].location)
            }
            pending.due = true
            pending.depth = 1
            ready.append(pending)
            try runReady(into: &writer)
        }
        return true
    }

    /// Runs what is left (timers, delayed reactions), then checks the
    /// `expect` lines: each failure is written as an `expect` record at the
    /// last time reached, and returned.
    package mutating func finish<W: LogWriter>(into writer: inout W) throws(ScenarioError) -> [FailedExpectation] {
        try advance(to: Millis(.max), into: &writer)
        let failures = expectations.failures(final: simulator.authorizationView, read: simulator.read)
        for failure in failures { writer.write(LogRecord(Instant(sinceStart: simulator.now), .expect(failure))) }
        return failures
    }

    // MARK: Actions

    /// Applies `event` now, as a scenario line at `location` would (errors
    /// point there), observes its records and runs the reactions they trigger.
    package mutating func perform<W: LogWriter>(
        _ event: Event, at location: SourceLocation, argumentColumn: Int, into writer: inout W
    ) throws(ScenarioError) {
        try perform(event, at: location, argumentColumn: argumentColumn, depth: 0, into: &writer)
        try runReady(into: &writer)
    }

    private mutating func perform<W: LogWriter>(
        _ event: Event, at location: SourceLocation, argumentColumn: Int, depth: Int, into writer: inout W
    ) throws(ScenarioError) {
        let statement = TimedStatement(
            time: simulator.now, event: event, location: location, argumentColumn: argumentColumn)
        plainFixes = nil
        do throws(ScenarioError) {
            try simulator.applyNow(statement)
        } catch {
            throw explained(error, statement)
        }
        try drain(into: &writer, from: location, depth: depth)
    }

    /// The error of `statement` with the notes its earlier causes give.
    private func explained(_ error: ScenarioError, _ statement: TimedStatement) -> ScenarioError {
        var error = error
        error.notes = causes.notes(for: statement, app: simulator.app, header: simulator.header)
        return error
    }

    // MARK: Records and reactions

    /// Writes and observes the simulator's new records; at depth 0 (an
    /// input or a timer) then runs the reactions they queued.
    private mutating func drain<W: LogWriter>(
        into writer: inout W, from location: SourceLocation?, depth: Int
    ) throws(ScenarioError) {
        guard isActive else { return writeUnobserved(into: &writer, from: location) }
        if !simulator.output.isEmpty {
            for record in simulator.takeOutput() {
                causes.saw(record, at: location)
                try write(record, depth: depth, into: &writer)
            }
        }
        guard depth == 0 else { return }
        if deliverFirst || pausesAtOrders, let order = relaunchOrder() {
            if !deliverFirst {
                orderPending = true
                return
            }
            deliverFirst = false
            ready = order.event + order.launch
        }
        try runReady(into: &writer)
    }

    /// The reactions ready at a relaunch, as the app's launch reactions
    /// (`on launch`, `on relaunch`) and the others (to the event delivered
    /// at the relaunch, and what else that input gave), each in its order;
    /// `nil` unless there are both. As written, the launch's run first
    /// (their record comes first); `system deliverFirst` runs the others first.
    private func relaunchOrder() -> (launch: [Pending], event: [Pending])? {
        // A launch record at this input with the app in the background: a relaunch.
        guard ready.count > 1, simulator.app == .background else { return nil }
        var launch: [Pending] = []
        var event: [Pending] = []
        for pending in ready {
            switch reactions[pending.index].reaction.trigger {
            case .lifecycle(.launch, _), .lifecycle(.relaunch, _): launch.append(pending)
            case .lifecycle, .delegate, .update, .prompt: event.append(pending)
            }
        }
        guard !launch.isEmpty, !event.isEmpty else { return nil }
        return (launch, event)
    }

    /// Runs the reactions of the relaunch `drain` stopped before
    /// (`orderPending`): the launch's first, or with `deliverFirst` the event's.
    package mutating func resumeOrder<W: LogWriter>(deliverFirst: Bool, into writer: inout W) throws(ScenarioError) {
        orderPending = false
        if deliverFirst, let order = relaunchOrder() { ready = order.event + order.launch }
        try runReady(into: &writer)
    }

    /// `drain` with no observers.
    @inline(__always)
    private mutating func writeUnobserved<W: LogWriter>(into writer: inout W, from location: SourceLocation?) {
        simulator.drain(into: &writer, causes: &causes, from: location)
    }

    private mutating func write<W: LogWriter>(_ record: LogRecord, depth: Int, into writer: inout W)
        throws(ScenarioError)
    {
        writer.write(record)
        if !expectations.isEmpty { expectations.observe(record) }
        if case .prompt(let prompt) = record.record.base {
            try promptChanged(prompt, at: record.time.sinceStart, depth: depth)
            return
        }
        for i in index.candidates(for: record.record) {
            let reaction = reactions[i].reaction
            if reaction.trigger.matches(record.record) {
                fired[i] = true
                ready.append(Pending(index: i, action: reaction.action, depth: depth + 1, due: false))
            }
        }
    }

    /// A prompt shown is answered by the first policy for it whose answer
    /// it offers (or that dismisses it), else it is unanswered.
    private mutating func promptChanged(_ prompt: PromptRecord, at time: Millis, depth: Int) throws(ScenarioError) {
        guard case .show(let kind, _, let answers) = prompt else {
            unansweredPrompt = nil
            return
        }
        if let (index, action) = try AnswerPolicy.answer(
            prompt, kind: kind, answers: answers, reactions: reactions, simulator: simulator)
        {
            queuePolicy(index, action, kind, depth)
            return
        }
        lastPromptPolicy = nil
        unansweredPrompt = ShownPrompt(
            kind: kind, answers: answers, time: time, hasPreciseSwitch: simulator.promptHasPreciseSwitch)
    }

    private mutating func queuePolicy(_ index: Int, _ action: Event, _ kind: PromptKind, _ depth: Int) {
        lastPromptPolicy = (kind, reactions[index].location)
        fired[index] = true
        unansweredPrompt = nil
        ready.append(Pending(index: index, action: action, depth: depth + 1, due: false))
    }

    /// Runs the queued reactions, first in, first out, including those
    /// they queue in turn.
    private mutating func runReady<W: LogWriter>(into writer: inout W) throws(ScenarioError) {
        var i = 0
        while i < ready.count {
            guard i < Self.maxReactionsPerInput else { throw fannedOut(ready[i...]) }
            let pending = ready[i]
            i += 1
            try run(pending, into: &writer)
        }
        ready.removeAll(keepingCapacity: true)
    }

    /// The error for more than `maxReactionsPerInput` reactions at one
    /// instant, at the next `on` line to run, with a note at each `on` line
    /// still queued (in line order).
    private func fannedOut(_ queued: ArraySlice<Pending>) -> ScenarioError {
        let first = reactions[queued[queued.startIndex].index]
        var error = ScenarioError(
            "more than \(Self.maxReactionsPerInput) reactions at \(simulator.now) without time advancing; this 'on' line and those noted fire each other over and over (give one an 'after' delay or a narrower trigger)",
            at: first.location)
        let others = Set(queued.map(\.index)).subtracting([queued[queued.startIndex].index]).sorted()
        error.notes = others.map { ScenarioError.Note("this 'on' line fires among them", at: reactions[$0].location) }
        return error
    }

    private mutating func run<W: LogWriter>(_ pending: Pending, into writer: inout W) throws(ScenarioError) {
        let statement = reactions[pending.index]
        if !pending.due && statement.reaction.delay > .zero {
            var later = pending
            later.due = true
            let time = simulator.now + statement.reaction.delay
            guard time <= Millis.lastInstant else {
                throw ScenarioError(
                    "this reaction would run at \(time), past the last time a scenario can hold (\(ByteScanner.maxSeconds) seconds)",
                    at: statement.location)
            }
            simulator.schedule(later, at: time)
            return
        }
        guard pending.depth <= Self.maxDepth else {
            throw ScenarioError(
                "reactions re-trigger each other \(Self.maxDepth) deep at \(simulator.now) without time advancing; stopped here (give one an 'after' delay or a narrower trigger)",
                at: statement.location)
        }
        // `if <property> <value>`: read as the action comes due; false, it does not run (no record).
        if let condition = statement.reaction.condition, simulator.read(condition.reading) != condition.value { return }
        let skipped = skipReason(for: pending.action)
        let record = ReactionRecord(
            action: Scenario.text(of: pending.action), trigger: statement.reaction.trigger.name,
            line: statement.location.line, skipped: skipped)
        try write(LogRecord(Instant(sinceStart: simulator.now), .react(record)), depth: pending.depth, into: &writer)
        guard skipped == nil else { return }
        actionsRun &+= 1
        lastActionRun = pending.index
        try perform(
            pending.action, at: statement.actionLocation, argumentColumn: statement.actionArgumentColumn,
            depth: pending.depth, into: &writer)
    }

    /// Why `action` cannot run now: a suspended or ended app runs no code;
    /// an answer needs a prompt on screen.
    private func skipReason(for action: Event) -> ReactionRecord.Skip? {
        if case .user = action { return simulator.promptShown ? nil : .noPrompt }
        switch simulator.app {
        case .foreground, .background: return nil
        case .suspended: return .suspended
        case .notRunning: return .notRunning
        }
    }

    /// A timed `user <answer>` or `user dismiss` line for a prompt a policy
    /// answers is an error: one of them would never apply.
    private func checkAgainstPolicy(_ statement: TimedStatement) throws(ScenarioError) {
        guard case .user(let action) = statement.event, let policy = lastPromptPolicy else { return }
        switch action {
        case .answer, .dismiss, .any(.answer):
            var error = ScenarioError(
                "user \(Scenario.text(of: action)): the \(policy.kind.rawValue) prompt is answered by a policy; answer a prompt with an 'on prompt' line or a timed user line, not both",
                line: statement.location.line, column: statement.argumentColumn)
            error.notes = [ScenarioError.Note("the policy for the \(policy.kind.rawValue) prompt", at: policy.location)]
            throw error
        case .settings, .precise, .locationServices, .restricted, .device, .tapNotification, .unlock, .any(.settings):
            return
        }
    }

    /// The `on` lines that never fired (policies that never answered), in line order.
    var neverFired: [ReactionStatement] { zip(reactions, fired).filter { !$0.1 }.map(\.0) }
    /// The `on` lines that fired (policies that answered), in line order.
    var firedReactions: [ReactionStatement] { zip(reactions, fired).filter { $0.1 }.map(\.0) }

    /// The `expect` lines whose `by` deadline lies after `time`.
    func expectations(deadlineAfter time: Millis) -> [ExpectationStatement] {
        expectations.deadlines.filter { $0.by.sinceStart > time }.map(\.statement)
    }
}
