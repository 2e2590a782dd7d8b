/// One decision on a path of `locsim explore`: the user's (an answer, a
/// Settings choice) or the system's (`system terminate`, `system notBusy`).
public struct ExploreChoice: Equatable, Sendable {
    /// When it happens: when the prompt showed, a `user any` or `system any`
    /// line's time, or the time of the line the app was suspended before.
    public var time: Millis
    /// The scenario event it applies at `time`: `user <action>`, `system
    /// terminate` or `system notBusy`.
    public var event: Event
    /// The prompt answered or dismissed; `nil` for any other choice.
    public var prompt: PromptKind?
    /// The `user any` or `system any` line this choice stands for; `nil` for a
    /// prompt that no line answered (decided the moment it showed) or an
    /// ending at a suspension (`--system-terminations`).
    public var line: Int?
    /// The number of the timed line applied last before the choice (0:
    /// none): a counterexample writes the choice after it.
    var anchor: Int

    init(time: Millis, event: Event, prompt: PromptKind?, line: Int?, anchor: Int) {
        self.time = time
        self.event = event
        self.prompt = prompt
        self.line = line
        self.anchor = anchor
    }

    /// A choice of the user's.
    init(time: Millis, action: UserAction, prompt: PromptKind?, line: Int?, anchor: Int) {
        self.init(time: time, event: .user(action), prompt: prompt, line: line, anchor: anchor)
    }

    /// What the user does: an answer (with the Precise switch where the
    /// prompt has one), dismissing the prompt, or a Settings choice; `nil`
    /// for a choice of the system's.
    public var action: UserAction? {
        guard case .user(let action) = event else { return nil }
        return action
    }

    /// What is chosen, without its time and prompt: `allowOnce precise=off`,
    /// `settings always` (the user's, as after `user`), `system terminate`.
    var choiceText: String { action.map { Scenario.text(of: $0) } ?? Scenario.text(of: event) }

    /// `2.000 whenInUse allowOnce precise=off`, `5.000 settings always`,
    /// `60.000 system terminate`.
    public var description: String {
        var text = time.description
        if let prompt { text += " " + prompt.rawValue }
        return text + " " + choiceText
    }
}

/// Choices linked one to the next, shared between the paths that contain
/// them (a path's choices are never copied): a suffix of a path, oldest
/// first, or (while searching) a path so far, newest first.
final class ChoiceTrail: Sendable {
    let choice: ExploreChoice
    let rest: ChoiceTrail?
    /// Choices in the list, this one included.
    let depth: Int

    init(_ choice: ExploreChoice, after rest: ChoiceTrail?) {
        self.choice = choice
        self.rest = rest
        depth = (rest?.depth ?? 0) + 1
    }

    /// The choices in link order.
    static func choices(_ trail: ChoiceTrail?) -> [ExploreChoice] {
        var out: [ExploreChoice] = []
        var next = trail
        while let t = next {
            out.append(t.choice)
            next = t.rest
        }
        return out
    }
}

/// What one answer path came to: one row of `locsim explore`.
public struct ExploreOutcome: Equatable, Sendable {
    /// The authorization status the API reads at the end (`notDetermined`
    /// for a path with an `error`: the error is its whole outcome).
    public var authorization: AuthorizationStatus
    /// The accuracy authorization at the end; `nil` before iOS 14.
    public var accuracy: AccuracyAuthorization?
    /// Delegate callbacks by method (`didUpdateLocations`) and async-sequence
    /// elements by stream (`update liveUpdates`), zero counts left out.
    public var delivered: [Tally.Count]
    /// `hold` records by reason.
    public var held: [Tally.Count]
    /// `drop` records by reason.
    public var dropped: [Tally.Count]
    /// The rules rejected a line on this path (an answer its prompt does not
    /// offer, a call that does not exist there): the counts are then empty.
    public var error: ScenarioError?
    /// The scenario's `expect` lines that failed at the end of these paths,
    /// in line order, as `locsim run` of one of them reports them (empty
    /// when all held, and for a path with an `error`).
    public var failedExpectations: [FailedExpectation]

    /// True when the path went wrong: stopped by an error, or an expectation failed.
    public var failed: Bool { error != nil || !failedExpectations.isEmpty }

    /// How many times `name` was delivered (`didUpdateLocations`, `update liveUpdates`).
    public func deliveredCount(_ name: String) -> Int {
        delivered.first { $0.name == name }?.count ?? 0
    }
}
