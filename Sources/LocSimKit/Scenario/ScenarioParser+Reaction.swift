/// `on <trigger> [<filter>] [if <property> <value>] [after <seconds>] <action>`
/// (docs/language.md, "Reactions", "Reading the manager").
extension ScenarioParser {
    static let triggers =
        ["prompt", "update"] + LifecycleTrigger.allCases.map(\.rawValue) + DelegateMethods.names.map(\.0)
    static let triggerWords = triggers.joined(separator: ", ")

    /// The rest of an `on` line; `time` is `nil` in the header.
    func reaction(at time: Millis?, _ onWord: Token, _ s: inout ByteScanner) throws(ScenarioError) -> ReactionStatement
    {
        let name = try s.required("trigger", for: "on")
        var next = try s.next()
        let trigger = try self.trigger(name, &next, &s)
        var condition: PropertyCondition? = nil
        if let word = next, !word.isQuoted, s.matches(word, "if") {
            guard !Self.isPrompt(trigger) else {
                throw s.error("on prompt takes no 'if': the app runs no code while the user answers", at: word)
            }
            condition = try propertyCondition(for: "if", &s)
            next = try s.next()
        }
        var delay = Millis.zero
        if let word = next, s.matches(word, "after") {
            let value = try s.required("seconds", for: "after")
            delay = try s.seconds(value, from: value.start, name: "after") {
                "expected a delay in seconds after 'after' (like 2 or 0.5), found '\(s.display(value))'"
            }
            next = try s.next()
        }
        guard let actionWord = next else {
            let expected = Self.isPrompt(trigger) ? "user <answer>|dismiss" : "app <call>"
            throw s.error("missing action for on; expected '\(expected)'", column: s.lastEnd + 1)
        }
        let (action, argumentColumn) = try self.action(actionWord, for: trigger, name, &s)
        return ReactionStatement(
            Reaction(trigger, if: condition, after: delay, action), time: time,
            location: SourceLocation(line: s.lineNumber, column: onWord.column),
            actionLocation: SourceLocation(line: s.lineNumber, column: actionWord.column),
            actionArgumentColumn: argumentColumn)
    }

    private static func isPrompt(_ trigger: Trigger) -> Bool {
        if case .prompt = trigger { return true }
        return false
    }

    /// The trigger `name` starts; `next` is the word after it, moved past an optional filter.
    private func trigger(_ name: Token, _ next: inout Token?, _ s: inout ByteScanner) throws(ScenarioError) -> Trigger {
        /// The word after the name unless it starts `after` or the action.
        func filter() -> Token? {
            guard let word = next else { return nil }
            if !word.isQuoted
                && (s.matches(word, "after") || s.matches(word, "app") || s.matches(word, "user")
                    || s.matches(word, "if"))
            {
                return nil
            }
            return word
        }
        func advance() throws(ScenarioError) { next = try s.next() }
        if s.matches(name, "prompt") {
            guard let word = filter() else {
                throw s.error(
                    "missing prompt kind for on prompt; expected any, \(Self.promptKinds)", column: name.end + 2)
            }
            try advance()
            if s.matches(word, "any") { return .prompt(nil) }
            return .prompt(try Self.named(PromptKind.self, word, s, what: "prompt kind", extra: ["any"]))
        }
        if s.matches(name, "update") {
            guard let word = filter() else { return .update(nil) }
            try advance()
            let streams: [UpdateStream] = [.liveUpdates, .monitor, .serviceSession, .backgroundActivitySession]
            guard let stream = streams.first(where: { s.string(word) == $0.rawValue && !word.isQuoted }) else {
                throw s.unknown(
                    "update stream", word, expected: streams.map(\.rawValue), prefixed: [Self.prefixedWords[0]])
            }
            return .update(stream)
        }
        if !name.isQuoted, let lifecycle = LifecycleTrigger(rawValue: s.string(name)) {
            guard let word = filter() else { return .lifecycle(lifecycle, reason: nil) }
            guard lifecycle == .relaunch || lifecycle == .wake else {
                throw s.error(
                    "on \(lifecycle.rawValue) takes no filter; found '\(s.display(word))' (only relaunch and wake take a reason)"
                        + s.suggestion(for: word, among: [], prefixed: [Self.prefixedWords[0]]),
                    at: word)
            }
            try advance()
            return .lifecycle(lifecycle, reason: try Self.named(WakeReason.self, word, s, what: "reason"))
        }
        guard !name.isQuoted, let method = DelegateMethods.names.first(where: { $0.0 == s.string(name) })?.1 else {
            throw s.unknown("trigger", name, expected: Self.triggers)
        }
        guard let word = filter() else { return .delegate(method, filter: nil) }
        try advance()
        return .delegate(method, filter: try Self.delegateFilter(method, name, word, s))
    }

    /// A delegate trigger's first-argument filter, checked against the values that argument takes.
    private static func delegateFilter(
        _ method: DelegateMethods, _ name: Token, _ word: Token, _ s: ByteScanner
    ) throws(ScenarioError) -> String {
        switch method {
        case .didChangeAuthorization, .locationManagerDidChangeAuthorization:
            return try named(AuthorizationStatus.self, word, s, what: "status").rawValue
        case .didFailWithError:
            return try named(CLErrorCode.self, word, s, what: "error").rawValue
        case .didFinishDeferredUpdatesWithError:
            // `nil`: the deferral's distance or timeout was reached (docs/rules.md §8, "Deferred updates").
            if s.matches(word, "nil") { return "nil" }
            return try named(CLErrorCode.self, word, s, what: "error", extra: ["nil"]).rawValue
        case .didDetermineState:
            return try named(RegionState.self, word, s, what: "region state").rawValue
        case .didEnterRegion, .didExitRegion, .didStartMonitoringFor, .monitoringDidFailFor:
            return try s.identifier(word, "a region id")
        case .didRange, .didFailRangingFor:
            return try s.uuid(word)
        default:
            throw s.error(
                "on \(s.display(name)) takes no filter; found '\(s.display(word))' (expected after, app or user)"
                    + s.suggestion(for: word, among: [], prefixed: [prefixedWords[0]]),
                at: word)
        }
    }

    static let promptKinds = PromptKind.allCases.map(\.rawValue).joined(separator: ", ")

    /// The case of `T` that `word` spells, or an error naming them all.
    private static func named<T: RawRepresentable & CaseIterable>(
        _ type: T.Type, _ word: Token, _ s: ByteScanner, what: String, extra: [String] = []
    ) throws(ScenarioError) -> T where T.RawValue == String {
        if !word.isQuoted, let value = T(rawValue: s.string(word)) { return value }
        throw s.unknown(what, word, expected: extra + T.allCases.map(\.rawValue), prefixed: [prefixedWords[0]])
    }

    /// The action: `app <call …>` for every trigger but `prompt`, which
    /// takes `user <answer> [precise=on|off]` or `user dismiss`.
    private func action(
        _ word: Token, for trigger: Trigger, _ name: Token, _ s: inout ByteScanner
    ) throws(ScenarioError) -> (Event, Int) {
        let prompt = Self.isPrompt(trigger)
        if s.matches(word, "app") {
            guard !prompt else {
                throw s.error(
                    "on prompt takes a user answer, not an app call: the app runs no code while the user answers; expected 'user <answer>' or 'user dismiss'",
                    at: word)
            }
            return try app(&s)
        }
        if s.matches(word, "user") {
            guard prompt else {
                throw s.error(
                    "on \(s.display(name)) takes an app call; only 'on prompt …' takes a user answer", at: word)
            }
            let (event, column) = try user(&s, policy: true)
            switch event {
            case .user(.answer), .user(.dismiss): return (event, column)
            default:
                throw s.error(
                    "on prompt answers the prompt: expected 'user <answer> [precise=on|off]' or 'user dismiss'",
                    column: column)
            }
        }
        let expected = prompt ? "user <answer>|dismiss" : "after <seconds> or app <call>"
        let hint = s.suggestion(for: word, among: [], prefixed: [Self.prefixedWords[prompt ? 1 : 0]])
        throw s.error("unexpected '\(s.display(word))' in on; expected \(expected)" + hint, at: word)
    }
}
