extension RulesVersion {
    /// Whether this platform ever shows a prompt of `kind` (docs/rules.md
    /// §4–§6, §10), for the warning on a policy that never applies.
    func shows(_ kind: PromptKind) -> Bool {
        switch kind {
        case .legacy: return legacy || isMac
        case .whenInUse: return !legacy && !isMac
        case .always: return !legacy && !isMac && !isTV && !modern
        case .upgrade: return !legacy && !isMac && !isTV && !isVision
        case .temporaryFullAccuracy: return hasAccuracy
        // Shown, but it offers no answer for a policy to give.
        case .locationServices: return false
        }
    }
}
