/// Which `on prompt` policy answers a prompt shown (docs/language.md,
/// "Answer policies"): one decision shared by the closed loop (`run`) and
/// `locsim explore`, so a prompt a policy answers is answered the same way
/// in both.
enum AnswerPolicy {
    /// The policy among `reactions` that answers the prompt `kind` offering
    /// `answers`, with the action it takes: the first policy for it whose
    /// answer the prompt offers (or that dismisses it). `nil` when no
    /// policy is for this kind (the prompt is unanswered).
    ///
    /// - Throws: a policy for this kind whose answer the prompt does not
    ///   offer, unless answers are translated (`matrix`, `explore --platforms`).
    static func answer(
        _ prompt: PromptRecord, kind: PromptKind, answers: [Answer], reactions: [ReactionStatement],
        simulator: Simulator
    ) throws(ScenarioError) -> (index: Int, action: Event)? {
        var first: Int? = nil
        for (index, statement) in reactions.enumerated() where statement.reaction.isPolicy {
            guard statement.reaction.trigger.matches(.prompt(prompt)) else { continue }
            if first == nil, case .prompt(.some) = statement.reaction.trigger { first = index }
            guard case .user(let action) = statement.reaction.action else { continue }
            switch action {
            case .answer(let answer, let precise):
                guard answers.contains(answer) else { continue }
                let switchShown = simulator.promptHasPreciseSwitch
                return (index, .user(.answer(answer, precise: switchShown ? precise : nil)))
            case .dismiss:
                return (index, statement.reaction.action)
            case .settings, .precise, .locationServices, .restricted, .device, .tapNotification, .unlock, .any:
                continue
            }
        }
        guard let first else { return nil }
        // A policy for this kind whose answer the prompt does not offer:
        // translated when answers are (Simulator.equivalent), else an error.
        if simulator.header.translatesAnswers { return (first, reactions[first].reaction.action) }
        let statement = reactions[first]
        let offered = answers.map(\.rawValue).joined(separator: ", ")
        throw ScenarioError(
            "no policy for the \(kind.rawValue) prompt gives one of its answers on \(simulator.rules.platform): it offers \(offered); add 'on prompt \(kind.rawValue) user <answer>' for one of them",
            line: statement.actionLocation.line, column: statement.actionArgumentColumn)
    }
}
