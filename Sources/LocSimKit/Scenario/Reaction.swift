/// An `on` line: when `trigger` matches a log record, `action` runs at the
/// record's time plus `delay` (docs/language.md, "Reactions").
package struct Reaction: Equatable, Sendable {
    package var trigger: Trigger
    /// `after <seconds>`; zero runs the action at the record's own time.
    package var delay: Millis
    /// An `app …` call, or for a `prompt` trigger a `user <answer>` or `user dismiss`.
    package var action: Event
    /// `if <property> <value>`: the action runs only when the app's manager
    /// reads that value as it comes due (docs/language.md, "Reading the manager").
    package var condition: PropertyCondition? = nil

    package init(
        _ trigger: Trigger, if condition: PropertyCondition? = nil, after delay: Millis = .zero, _ action: Event
    ) {
        self.trigger = trigger
        self.condition = condition
        self.delay = delay
        self.action = action
    }

    /// An answer policy: `on prompt …` whose action answers or dismisses it.
    package var isPolicy: Bool {
        if case .prompt = trigger { return true }
        return false
    }
}

/// What an `on` line waits for: a record kind and an optional filter on it.
package enum Trigger: Equatable, Sendable {
    /// A delivered delegate callback by its `delegate` short name, with an
    /// optional first-argument filter (`didChangeAuthorization authorizedWhenInUse`,
    /// `didEnterRegion home`). `didChangeAuthorization` and
    /// `locationManagerDidChangeAuthorization` are the same trigger.
    case delegate(DelegateMethods, filter: String?)
    /// `launch` (every launch), `relaunch [<reason>]` (a launch in the
    /// background), `wake [<reason>]`, `foreground`, `background`.
    case lifecycle(LifecycleTrigger, reason: WakeReason?)
    /// An `update` record, of any stream or of the one named.
    case update(UpdateStream?)
    /// A prompt shown, of that kind or (`nil`) any.
    case prompt(PromptKind?)
}

/// The lifecycle records an `on` line can wait for.
package enum LifecycleTrigger: String, Equatable, Sendable, CaseIterable {
    case launch, relaunch, wake, foreground, background
}

/// An `on` line as the replay keeps it: the reaction, from when it applies,
/// and where it was written (the `react` record and errors name the line).
package struct ReactionStatement: Equatable, Sendable {
    package var reaction: Reaction
    /// A header `on` line applies from time 0; a timed one from its time
    /// (to the lines after it at that time).
    package var time: Millis?
    /// The `on` word.
    package var location: SourceLocation
    /// The action's first word (`app`, `user`): where a failing action's error points.
    package var actionLocation: SourceLocation
    /// The action's argument column, as `TimedStatement.argumentColumn`.
    package var actionArgumentColumn: Int

    package init(
        _ reaction: Reaction, time: Millis?, location: SourceLocation, actionLocation: SourceLocation,
        actionArgumentColumn: Int
    ) {
        self.reaction = reaction
        self.time = time
        self.location = location
        self.actionLocation = actionLocation
        self.actionArgumentColumn = actionArgumentColumn
    }
}
