/// What the user may do at a choice point (docs/explore.md, "Choice points").
extension ExploreSearch {
    /// The options of the prompt on screen when it is a choice point: no
    /// policy answers it (the closed loop's `unansweredPrompt`) and no later
    /// line does (from `position` on). `nil` when there is no
    /// such prompt.
    func promptChoices(_ loop: ClosedLoop, position: ExploreInput.Position) -> [Option]? {
        guard loop.unansweredPrompt != nil, loop.simulator.promptShown, !input.answerAhead(position) else { return nil }
        return Self.answers(of: loop.simulator).map { .apply(.user($0)) }
    }

    /// The options of a `system any` line, in this order: nothing; ending
    /// the app where it is in the background or suspended; showing the
    /// pending upgrade prompt of provisional Always. Only nothing where the
    /// system can do neither.
    func systemChoices(_ simulator: Simulator) -> [Option] {
        [.nothing] + simulator.systemMoves.map { .apply($0) }
    }

    /// `--system-terminations`: the app is suspended before `line` and the
    /// path may still end it; a line that is the system's own decision
    /// there (`system terminate`, `system any`) is left to decide it.
    func mayTerminate(_ node: Node, before line: ExploreInput.Line) -> Bool {
        guard node.terminations < systemTerminations, node.loop.simulator.app == .suspended else { return false }
        guard case .timed(let statement) = line else { return true }
        return statement.event != .systemTerminate && statement.event != .systemAny
    }

    /// Every answer the prompt on screen offers, in the order it lists
    /// them, each with the Precise switch on then off where the prompt has
    /// the switch and the answer grants access (Don't Allow grants nothing
    /// to be precise about); then dismissing it, which every prompt allows
    /// (it goes away unanswered, as when the app leaves the foreground).
    static func answers(of simulator: Simulator) -> [UserAction] {
        guard let prompt = simulator.prompt else { return [] }
        let precise = simulator.promptHasPreciseSwitch
        var options: [UserAction] = []
        for answer in prompt.answers {
            if precise && answer != .dontAllow {
                options += [.answer(answer, precise: true), .answer(answer, precise: false)]
            } else {
                options.append(.answer(answer, precise: nil))
            }
        }
        options.append(.dismiss)
        return options
    }

    /// The options of a `user any` line (the prompt on screen's answers) or
    /// a `user settings any` line.
    func anyChoices(_ scope: ChoiceScope, _ simulator: Simulator, _ line: TimedStatement) -> [UserAction] {
        switch scope {
        case .answer:
            return Self.answers(of: simulator)
        case .settings:
            return SettingsChoice.allCases.compactMap { choice in
                do throws(ScenarioError) {
                    try simulator.checkSettingsChoice(choice, line)
                    return .settings(choice, precise: nil)
                } catch {
                    return nil
                }
            }
        }
    }
}

extension UserAction {
    /// A change in Settings rather than an answer to a prompt.
    var isSettings: Bool {
        switch self {
        case .settings, .precise, .locationServices, .restricted, .device, .any(.settings): return true
        case .answer, .dismiss, .tapNotification, .unlock, .any(.answer): return false
        }
    }
}
