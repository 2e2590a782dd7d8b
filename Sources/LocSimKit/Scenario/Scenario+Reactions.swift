/// The builder's `on` and `expect` lines (docs/language.md, "Reactions",
/// "Answer policies", "Expectations"; Sources/LocSimKit/LocSimKit.docc/SwiftAPI.md).
///
/// ```swift
/// s.on(.launch, .app(.requestWhenInUseAuthorization))
/// s.on(.prompt(.whenInUse), .user(.answer(.allowWhileUsing, precise: false)))
/// s.on(.didChangeAuthorization(.authorizedWhenInUse), .app(.startUpdatingLocation))
/// s.expect(.finalAuth(.authorizedWhenInUse))
/// ```
///
/// As with `at`, the builder writes the line and `replay()` checks it: an
/// action its trigger cannot take (`.prompt` with an `.app` call, another
/// trigger with a `.user` action) is a `ScenarioError` at the action.
extension Scenario {
    /// `on <trigger> [after <seconds>] <action>`: a header line, applying
    /// from time 0; with `from:`, `<seconds> on …`, applying from that time.
    public mutating func on(
        _ trigger: ReactionTrigger, after delay: Double = 0, _ action: Event, from seconds: Double? = nil
    ) {
        var line = "on " + trigger.text
        if delay != 0 { line += " after " + Self.time(delay) }
        line += " " + Self.text(of: action)
        if let seconds { body.append(Self.time(seconds) + " " + line) } else { header.append(line) }
    }

    /// `expect …`: checked once the run is over (a header line).
    public mutating func expect(_ expectation: LogExpectation) {
        header.append("expect " + expectation.text)
    }
}

/// What an `on` line waits for, as the builder names it: a small public face
/// of the replay's trigger, built with the static members below (new
/// triggers are new members, so code using these never breaks).
public struct ReactionTrigger: Equatable, Sendable {
    package var trigger: Trigger

    package init(_ trigger: Trigger) { self.trigger = trigger }

    /// `launch`: every launch, foreground or background.
    public static let launch = ReactionTrigger(.lifecycle(.launch, reason: nil))
    /// `foreground`, `background`: a switch that is not a launch.
    public static let foreground = ReactionTrigger(.lifecycle(.foreground, reason: nil))
    /// `background`: the app leaves the foreground.
    public static let background = ReactionTrigger(.lifecycle(.background, reason: nil))
    /// `relaunch [<reason>]`: the system launched the app in the background.
    public static func relaunch(_ reason: WakeReason? = nil) -> ReactionTrigger {
        ReactionTrigger(.lifecycle(.relaunch, reason: reason))
    }
    /// `wake [<reason>]`.
    public static func wake(_ reason: WakeReason? = nil) -> ReactionTrigger {
        ReactionTrigger(.lifecycle(.wake, reason: reason))
    }
    /// `update [<stream>]`: an iOS 17+ `update` record.
    public static func update(_ stream: UpdateStream? = nil) -> ReactionTrigger { ReactionTrigger(.update(stream)) }
    /// `prompt <kind>`, `prompt any` (`nil`): an answer policy's trigger;
    /// its action is a `.user(.answer(…))` or `.user(.dismiss)`.
    public static func prompt(_ kind: PromptKind?) -> ReactionTrigger { ReactionTrigger(.prompt(kind)) }
    /// A delegate callback by its method (one method), with the first
    /// argument's word as filter (`"home"`, `"inside"`, an error code).
    public static func delegate(_ method: DelegateMethods, _ filter: String? = nil) -> ReactionTrigger {
        ReactionTrigger(.delegate(method, filter: filter))
    }
    /// `didChangeAuthorization [<status>]` (fires on `locationManagerDidChangeAuthorization` too).
    public static func didChangeAuthorization(_ status: AuthorizationStatus? = nil) -> ReactionTrigger {
        .delegate(.didChangeAuthorization, status?.rawValue)
    }

    /// The trigger as an `on` line writes it.
    var text: String {
        switch trigger {
        case .delegate(let method, let filter):
            let name = DelegateMethods.names.first { $0.1 == method }?.0 ?? "delegate"
            return name + (filter.map { " " + Scenario.word($0) } ?? "")
        case .lifecycle(let lifecycle, let reason):
            return lifecycle.rawValue + (reason.map { " " + $0.rawValue } ?? "")
        case .update(let stream):
            return "update" + (stream.map { " " + $0.rawValue } ?? "")
        case .prompt(let kind):
            return "prompt " + (kind?.rawValue ?? "any")
        }
    }
}
