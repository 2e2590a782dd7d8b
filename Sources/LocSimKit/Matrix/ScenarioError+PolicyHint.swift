/// The way out of an answer that finds no prompt on another platform.
extension ScenarioError {
    /// The answers whose prompt is provisional Always's upgrade prompt (§6).
    private static let upgradeAnswers: Set<String> = [Answer.keepWhileUsing.rawValue, Answer.changeToAlways.rawValue]

    /// This error, and for a timed `user <answer>` or `user dismiss` that
    /// found no prompt on screen — the usual stop of a `matrix` row or of
    /// `run --platform`, where another version shows its prompts at other
    /// times or not at all — the policy that answers a prompt only where
    /// it shows: `on prompt <kind> user <answer>` (docs/language.md,
    /// "Reactions").
    package func withPolicyHint() -> ScenarioError {
        let answerSuffix = "': no prompt is on screen to answer"
        let dismissSuffix = "'dismiss': no prompt is on screen to dismiss"
        var policy: String
        if message == dismissSuffix {
            policy = "on prompt any user dismiss"
        } else if message.hasPrefix("'"), message.hasSuffix(answerSuffix) {
            let answer = String(message.dropFirst().dropLast(answerSuffix.count))
            let kind = Self.upgradeAnswers.contains(answer) ? PromptKind.upgrade.rawValue : "any"
            policy = "on prompt \(kind) user \(answer)"
        } else {
            return self
        }
        var hinted = self
        hinted.message +=
            "; to answer only where the prompt shows, write a policy instead: '\(policy)'"
            + " before the first timed line (docs/matrix.md)"
        return hinted
    }
}
