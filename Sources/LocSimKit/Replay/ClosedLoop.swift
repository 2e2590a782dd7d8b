/// The closed-loop engine: the simulator driven so that what it reports can
/// change what happens next, at virtual time (docs/language.md, "Reactions").
///
/// Three operations, shared by the replay (`on` lines and answer policies),
/// `SimulatedDevice` (app code reacting to callbacks) and `locsim explore`
/// (branching where no policy answers a prompt):
/// - `advance(to:into:)` runs the rules' timers and the delayed reactions
///   due up to a time, **one at a time**, each followed by the reactions
///   its records trigger, so a reaction to a timer's record runs at that
///   timer's time, before later timers and inputs;
/// - `apply(_:into:)` applies an input (a scenario line, a fix) at its time;
/// - `perform(_:…)` applies an action now, between timers due at the same instant.
///
/// Every record goes to the writer and is then observed: `expect` lines
/// check it, `on` lines whose trigger it matches queue their action. The
/// queue runs first in, first out once the input (or timer) that produced
/// the records is fully handled; a reaction's records queue further
/// reactions at the back, one level deeper. A chain deeper than
/// `maxDepth` at one instant is an error at the `on` line; so are more than
/// `maxDelayedRuns` delayed reactions with no scenario line between them
/// (a reaction re-arming itself with `after`): never a hang.
package struct ClosedLoop {
    /// Reactions queued behind one another at one instant, at most.
    package static let maxDepth = 16
    /// Delayed reactions run with no scenario line between them, at most.
    package static let maxDelayedRuns = 10_000
    /// Reactions run at one instant for one input (a line, a fix, a timer
    /// or a delayed reaction) and the reactions it triggers, at most: `on`
    /// lines that each fire several others fan out geometrically long
    /// before the depth limit (3 lines, 16 deep: 3^16 reactions).
    package static let maxReactionsPerInput = 10_000

    package var simulator: Simulator
    var causes = ErrorCauses()
    /// True once the scenario has an `on` or `expect` line: inputs must
    /// then go through `apply` so records are observed (a replay without
    /// them keeps its own loop, ReplayDriver).
    package private(set) var isActive = false
    /// A prompt on screen that no policy answers, from its `prompt show`
    /// record until it is answered or dismissed: `locsim explore`'s choice point.
    package private(set) var unansweredPrompt: ShownPrompt? = nil

    /// `Simulator.plainDelivery()` after the last fix applied here, when
    /// nothing else has changed the simulator since (every other step
    /// clears it): the next fix may then skip the rules' walk
    /// (`Simulator.deliverPlainly`), its record observed as any other. A
    /// cache of what the state implies: not part of `state`.
    private var plainFixes: Simulator.PlainDelivery? = nil

    // Read by `state` (ClosedLoop+State.swift), which `locsim explore` merges paths on.
    private(set) var reactions: [ReactionStatement] = []
    /// `reactions` by trigger, so a record meets only the lines it may fire.
    private var index = ReactionIndex()
    private(set) var expectations = ExpectationChecker()
    /// Reactions due now, in order.
    private var ready: [Pending] = []
    /// Reactions with `after`, by due time (sequence breaks ties: FIFO).
    private(set) var delayed = EventQueue<Pending>()
    private(set) var delayedRuns = 0
    /// The policy that answered, or will answer, the last prompt shown.
    private(set) var lastPromptPolicy: (kind: PromptKind, location: SourceLocation)? = nil

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

    package init(simulator: Simulator) {
        self.simulator = simulator
    }

    /// Starts observing for an `on` line, from now on.
    package mutating func add(_ reaction: ReactionStatement) {
        index.add(reaction.reaction.trigger, at: reactions.count)
        reactions.append(reaction)
        isActive = true
    }

    /// Starts observing for an `expect` line.
    package mutating func add(_ expectation: ExpectationStatement) {
        expectations.add(expectation)
        isActive = true
    }

    // MARK: Inputs and time

    /// Runs what is due up to `statement.time`, then the statement, then the reactions.
    package mutating func apply<W: LogWriter>(_ statement: TimedStatement, into writer: inout W) throws(ScenarioError) {
        try advance(to: statement.time, into: &writer)
        try checkAgainstPolicy(statement)
        delayedRuns = 0
        plainFixes = nil
        do throws(ScenarioError) {
            try simulator.apply(statement)
        } catch {
            throw explained(error, statement)
        }
        try drain(into: &writer, from: statement.location, depth: 0)
    }

    /// `apply` for a fix line.
    package mutating func apply<W: LogWriter>(_ fix: Fix, at time: Millis, into writer: inout W) throws(ScenarioError) {
        try advance(to: time, into: &writer)
        delayedRuns = 0
        if let kind = plainFixes, simulator.deliverPlainly(fix, at: time, kind) {
            simulator.recordDirectFix()
        } else {
            simulator.apply(fix, at: time)
            plainFixes = simulator.plainDelivery()
        }
        try drain(into: &writer, from: nil, depth: 0)
    }

    /// Runs every timer and delayed reaction due at or before `limit` (at
    /// `limit`, those that precede a scenario line), one at a time.
    package mutating func advance<W: LogWriter>(to limit: Millis, into writer: inout W) throws(ScenarioError) {
        while try step(until: limit, into: &writer) {}
    }

    /// Runs the next timer or delayed reaction due by `limit` with the
    /// reactions it triggers; false when none is due. At equal times the
    /// rules' timers run first, then delayed reactions in the order queued.
    package mutating func step<W: LogWriter>(until limit: Millis, into writer: inout W) throws(ScenarioError) -> Bool {
        let (timer, reaction) = due(until: limit)
        // A timer of phase `afterLines` runs after the delayed reactions of its time.
        let afterLines = simulator.nextTimer?.phase == .afterLines
        if let timer, reaction.map({ timer < $0 || (timer == $0 && !afterLines) }) ?? true {
            plainFixes = nil
            _ = simulator.fireNextTimer(until: limit)
            try drain(into: &writer, from: nil, depth: 0)
            return true
        }
        guard reaction != nil, let (time, _, next) = delayed.step() else { return false }
        var pending = next
        plainFixes = nil
        simulator.advanceClock(to: time)
        delayedRuns += 1
        if delayedRuns > Self.maxDelayedRuns {
            throw ScenarioError(
                "more than \(Self.maxDelayedRuns) delayed reactions ran with no scenario line between them, the last at \(time): a reaction keeps re-arming itself with 'after'",
                at: reactions[pending.index].location)
        }
        pending.due = true
        pending.depth = 1
        ready.append(pending)
        try runReady(into: &writer)
        return true
    }

    /// Runs what is left (timers, delayed reactions), then checks the
    /// `expect` lines: each failure is written as an `expect` record at the
    /// last time reached, and returned.
    package mutating func finish<W: LogWriter>(into writer: inout W) throws(ScenarioError) -> [FailedExpectation] {
        try advance(to: Millis(.max), into: &writer)
        let failures = expectations.failures(final: simulator.authorizationView)
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
        if !simulator.output.isEmpty {
            for record in simulator.takeOutput() {
                causes.saw(record, at: location)
                try write(record, depth: depth, into: &writer)
            }
        }
        if depth == 0 { try runReady(into: &writer) }
    }

    private mutating func write<W: LogWriter>(_ record: LogRecord, depth: Int, into writer: inout W) throws(ScenarioError) {
        writer.write(record)
        if !expectations.isEmpty { expectations.observe(record) }
        if case .prompt(let prompt) = record.record.base {
            try promptChanged(prompt, at: record.time.sinceStart, depth: depth)
            return
        }
        for i in index.candidates(for: record.record) {
            let reaction = reactions[i].reaction
            if reaction.trigger.matches(record.record) {
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
            delayed.schedule(later, at: time, phase: .trace)
            return
        }
        guard pending.depth <= Self.maxDepth else {
            throw ScenarioError(
                "reactions re-trigger each other \(Self.maxDepth) deep at \(simulator.now) without time advancing; stopped here (give one an 'after' delay or a narrower trigger)",
                at: statement.location)
        }
        let skipped = skipReason(for: pending.action)
        let record = ReactionRecord(
            action: Scenario.text(of: pending.action), trigger: statement.reaction.trigger.name,
            line: statement.location.line, skipped: skipped)
        try write(LogRecord(Instant(sinceStart: simulator.now), .react(record)), depth: pending.depth, into: &writer)
        guard skipped == nil else { return }
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
        case .settings, .precise, .locationServices, .restricted, .device, .tapNotification, .any(.settings):
            return
        }
    }
}
