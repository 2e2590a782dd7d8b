/// The choice points of an exploration (`DeviceExploration`) in the
/// device's calls: prompts the closure moves on from without answering,
/// and the system ending the app where it is in the background or suspended.
extension SimulatedDevice {
    /// Before a call of the test (after the records and timers before it):
    /// a prompt on screen that the call does not answer is a choice point
    /// now (`answering`: the call is `user.answer` or `user.dismiss`); then,
    /// for a `terminable` call (fixes, the world, Settings, time moving on,
    /// not the app's lifecycle, whose calls name the state they need) with
    /// the app in the background or suspended and endings left, whether the
    /// system ends the app first.
    func exploreBeforeCall(answering: Bool, terminable: Bool) throws(DeviceError) {
        guard let explorer else { return }
        if let stop = explorer.stop { throw stop }
        if !answering { try answerPrompts(explorer) }
        let state = engine.appState
        guard terminable, explorer.terminations < explorer.systemTerminations,
            state == .background || state == .suspended
        else { return }
        let options = [DeviceExploration.Choice.nothing, Scenario.text(of: Event.systemTerminate)]
        if try explorer.choose(options, at: engine.now, kind: .suspendedApp) == 1 {
            do throws(DeviceError) { try apply(.systemTerminate) } catch { keep(error) }
            dispatch()
        }
    }

    /// Answers each prompt on screen with the path's option, as
    /// `locsim explore` does at a prompt no line answers: every answer the
    /// prompt offers (with the Precise switch on and off where it has one),
    /// then dismissing it; the options come from explore's own code. An
    /// answer can show another prompt (a delegate asks again): that one is
    /// a choice point too. The Location Services alert offers no answer and
    /// is none.
    func answerPrompts(_ explorer: DeviceExplorer) throws(DeviceError) {
        while engine.promptShowing, let prompt = engine.loop.simulator.prompt, !prompt.answers.isEmpty {
            let options = ExploreSearch.answers(of: engine.loop.simulator)
            let pick = try explorer.choose(
                options.map { Scenario.text(of: $0) }, at: engine.now, kind: .prompt(prompt.kind))
            do throws(DeviceError) {
                try apply(.user(options[pick]))
            } catch {
                keep(error)
                return
            }
            dispatch()
        }
    }
}

extension Event {
    /// The test answers the prompt on screen: no choice is made for it.
    var answersPrompt: Bool {
        switch self {
        case .user(.answer), .user(.dismiss): return true
        default: return false
        }
    }

    /// An input before which the system may end a suspended app
    /// (`systemTerminations`): the world, fixes and Settings; not the app's
    /// lifecycle (a call that names the state it needs: `enterForeground`
    /// of an app the system ended would be an error of the explorer's
    /// making), not a prompt's answer, not a notification's tap (it launches the app).
    var systemMayEndAppFirst: Bool {
        switch self {
        case .fix, .enter, .exit, .visitArrive, .visitDepart, .beacon, .noFix, .heading, .headingUnavailable:
            return true
        case .user(.settings), .user(.precise), .user(.locationServices), .user(.restricted), .user(.device):
            return true
        case .launch, .foreground, .background, .terminate, .systemTerminate, .systemNotBusy, .systemReboot,
            .systemAny, .systemDeliverFirst, .systemInputFirst, .app, .managerCall, .modern, .user:
            return false
        }
    }
}
