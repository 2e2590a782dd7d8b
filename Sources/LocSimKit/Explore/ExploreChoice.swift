/// One decision on an answer path of `locsim explore`.
public struct ExploreChoice: Equatable, Sendable {
    /// When the user acts: when the prompt showed, or a `user any` line's time.
    public var time: Millis
    /// What the user does: an answer (with the Precise switch where the
    /// prompt has one), dismissing the prompt, or a Settings choice.
    public var action: UserAction
    /// The prompt answered or dismissed; `nil` for a Settings choice.
    public var prompt: PromptKind?
    /// The `user any` line this choice stands for; `nil` for a prompt that no
    /// line answers (decided the moment it showed).
    public var line: Int?
    /// The number of the timed line applied last before the choice (0:
    /// none): a counterexample writes the choice after it.
    var anchor: Int

    /// `2.000 whenInUse allowOnce precise=off`, `5.000 settings always`.
    public var description: String {
        var text = time.description
        if let prompt { text += " " + prompt.rawValue }
        return text + " " + Scenario.text(of: action)
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
