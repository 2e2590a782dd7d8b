/// docs/rules.md §5–§7, §10: the user's answers and Settings changes.
extension Simulator {
    mutating func user(_ action: UserAction, _ s: TimedStatement) throws(ScenarioError) {
        switch action {
        case .answer(let answer, let precise):
            try answerPrompt(answer, precise: precise, s)
        case .dismiss:
            try dismissPrompt(s)
        case .settings(let choice, let precise):
            try checkPreciseSwitch(precise, s)
            try checkSettingsChoice(choice, s)
            settingsChanged(to: choice, precise: precise)
        case .precise(let on):
            try checkPreciseSwitch(on, s)
            authorization.reducedAccuracy = !on
            // The user's explicit choice replaces temporary full accuracy (§10, choice).
            authorization.setTemporaryFullAccuracy(false)
            authorizationChanged()
        case .locationServices(let on):
            authorization.locationServicesOff = !on
            authorizationChanged()
        case .restricted(let on):
            authorization.restricted = on
            authorizationChanged()
        case .device(let setting, let on):
            try deviceSettingChanged(setting, on: on, s)
        case .unlock:
            device.rebootedAt = nil
        case .any(let scope):
            let words = scope == .answer ? "user any" : "user settings any"
            throw error(
                "'\(words)' is a choice point for 'locsim explore'; run, check and matrix need the user's action itself",
                s, atArgument: true)
        case .tapNotification(let id):
            guard monitoring.shownNotifications.remove(id) != nil else {
                throw error("tapNotification: no notification '\(id)' has been shown", s, atArgument: true)
            }
            switch app {
            case .notRunning: launchIntoForeground()
            case .background, .suspended: bringToForeground()
            case .foreground: break
            }
        }
    }

    /// The choices the platform's Settings offers (docs/rules.md §1): Ask Next Time
    /// comes with Allow Once in iOS 13; tvOS has When In Use only; iOS ≤ 7
    /// and macOS have one on/off switch per app (`always`/`never`).
    func checkSettingsChoice(_ choice: SettingsChoice, _ s: TimedStatement) throws(ScenarioError) {
        let name = "settings \(choice.rawValue)"
        if rules.isMac || rules.legacy, choice == .whileUsing || choice == .askNextTime {
            throw error(
                "\(name): \(rules.platform) has one location switch per app; expected settings always (on) or never (off)",
                s, atArgument: true)
        }
        if choice == .askNextTime, !rules.modern {
            throw error(
                "\(name): Ask Next Time exists from iOS 13; this scenario runs \(rules.platform)", s, atArgument: true)
        }
        if choice == .always, rules.isTV || rules.isVision {
            throw error(
                "\(name): \(rules.platform.os.rawValue) offers When In Use authorization only; expected never or whileUsing",
                s, atArgument: true)
        }
        // Seed 001, footnote 4: Settings offers Always only when the Info.plist
        // has the Always usage key, whichever request the app made.
        if choice == .always, !rules.legacy, !rules.isMac, header.string(alwaysUsageKey) == nil {
            throw error(
                "\(name): Settings offers Always only when the Info.plist has '\(alwaysUsageKey)'; add it with 'plist \(alwaysUsageKey) \"…\"'",
                s, atArgument: true)
        }
    }

    /// The Precise switch exists from iOS 14 (002).
    func checkPreciseSwitch(_ precise: Bool?, _ s: TimedStatement) throws(ScenarioError) {
        guard precise != nil, !rules.hasAccuracy else { return }
        throw error("precise: the Precise Location switch exists from iOS 14; this scenario runs \(rules.platform)", s)
    }

    mutating func answerPrompt(_ written: Answer, precise writtenPrecise: Bool?, _ s: TimedStatement)
        throws(ScenarioError)
    {
        guard let shown = prompt else {
            throw error("'\(written.rawValue)': no prompt is on screen to answer", s, atArgument: true)
        }
        var answer = written
        var precise = writtenPrecise
        if header.translatesAnswers, !shown.answers.contains(answer),
            let equivalent = Self.equivalent(of: answer, among: shown.answers)
        {
            answer = equivalent
            if !rules.hasAccuracy { precise = nil }  // no Precise switch to set on this version
        }
        guard shown.answers.contains(answer) else {
            let offered = shown.answers.map(\.rawValue).joined(separator: ", ")
            throw error(
                "'\(answer.rawValue)' is not an answer of the \(shown.kind.rawValue) prompt; expected \(offered)", s,
                atArgument: true)
        }
        if precise != nil {
            try checkPreciseSwitch(precise, s)
            let grantsAccess =
                shown.origin == .whenInUseRequest || shown.origin == .alwaysRequest || shown.origin == .firstUse
            guard grantsAccess else {
                throw error("precise: the \(shown.kind.rawValue) prompt has no Precise switch", s)
            }
            if header.flag("NSLocationDefaultAccuracyReduced") {
                throw error("precise: with NSLocationDefaultAccuracyReduced the prompt has no Precise switch", s)
            }
        }
        prompt = nil
        emit(.prompt(.answer(answer)))
        switch shown.origin {
        case .whenInUseRequest, .alwaysRequest, .firstUse:
            grantFromFirstPrompt(answer, always: shown.origin != .whenInUseRequest, precise: precise)
        case .upgradeRequest, .provisionalUpgrade:
            upgradeAnswered(changeToAlways: answer == .changeToAlways)
        case .temporaryFullAccuracy, .serviceSessionFullAccuracy:
            if answer == .allowOnce {
                authorization.setTemporaryFullAccuracy(true)
                authorizationChanged()
            }
            // Apple's CLError.promptDeclined: "If the prompt was shown to the
            // user, who declined, … then [the request] throws this error."
            // A service session's prompt has no completion handler (M18).
            if shown.origin == .temporaryFullAccuracy { completeTemporaryFullAccuracy(granted: answer == .allowOnce) }
        }
        // A session asks for full accuracy once it has authorization (M18).
        if !modern.services.isEmpty { promptForSessionFullAccuracy() }
    }

    /// `user dismiss`: the prompt goes away unanswered. An in-app prompt is
    /// dismissed as when the app leaves the foreground (§4); provisional
    /// Always's upgrade prompt, shown once per install, goes away with its
    /// held events still held (a choice: no decision is no release).
    mutating func dismissPrompt(_ s: TimedStatement) throws(ScenarioError) {
        guard let shown = prompt else {
            if anyManager({ $0.locationServicesAlert == .shown }) {
                throw error(
                    "'dismiss': the Location Services alert takes no answer (docs/rules.md §4);"
                        + " 'user settings locationServices on' turns on the switch it leads to",
                    s, atArgument: true)
            }
            throw error("'dismiss': no prompt is on screen to dismiss", s, atArgument: true)
        }
        if shown.isInApp {
            dismissInAppPrompt()
        } else {
            prompt = nil
            emit(.prompt(.dismiss))
        }
    }

    /// §5's first prompts. `always` is true for `requestAlwaysAuthorization`
    /// (and the first-use prompt, which grants the only level there is).
    mutating func grantFromFirstPrompt(_ answer: Answer, always: Bool, precise: Bool?) {
        let precision = authorization.precision
        switch answer {
        case .dontAllow:
            authorization.access = .denied
        case .allowOnce:
            authorization.access = .whenInUse(.once, precision)
        case .allowWhileUsing:
            authorization.access =
                always && rules.modern ? .always(.provisional, precision) : .whenInUse(.standing, precision)
        case .allow, .allowAlways:
            authorization.access = always ? .always(.confirmed, precision) : .whenInUse(.standing, precision)
        case .keepWhileUsing, .changeToAlways:
            preconditionFailure("upgrade answer \(answer) on a first prompt")
        }
        if answer != .dontAllow && rules.hasAccuracy {
            authorization.reducedAccuracy = precise == false || header.flag("NSLocationDefaultAccuracyReduced")
        }
        authorizationChanged()
    }

    /// The Keep/Change prompt: from a request (§4) or of provisional Always (§6).
    mutating func upgradeAnswered(changeToAlways: Bool) {
        let precision = authorization.precision
        authorization.access = changeToAlways ? .always(.confirmed, precision) : .whenInUse(.standing, precision)
        authorizationChanged()
        releaseHeldEvents(deliver: changeToAlways, otherwise: .keptWhileUsing)
    }

    /// An explicit Settings change; it ends provisional Always (§6, choice).
    mutating func settingsChanged(to choice: SettingsChoice, precise: Bool?) {
        let wasProvisional = authorization.provisional
        if case .pending = upgrade.prompt { upgrade.prompt = .notOffered }
        // Temporary full accuracy ends with the access it refined (never, Ask
        // Next Time), or when the user sets the Precise switch explicitly (§10, choice).
        let precision: Authorization.TemporaryPrecision = precise != nil ? .none : authorization.precision
        switch choice {
        case .never: authorization.access = .denied
        case .askNextTime: authorization.access = .askNextTime
        case .whileUsing: authorization.access = .whenInUse(.standing, precision)
        case .always: authorization.access = .always(.confirmed, precision)
        }
        if let precise { authorization.reducedAccuracy = !precise }
        authorizationChanged()
        if wasProvisional {
            // Never and Ask Next Time leave no authorization to deliver them with;
            // While Using keeps When In Use (§6, the same reasons as the upgrade prompt's answers).
            let reason: DropReason = choice == .whileUsing ? .keptWhileUsing : .notAuthorized
            releaseHeldEvents(deliver: choice == .always, otherwise: reason)
        }
    }
}

extension Simulator {
    /// The answer that means the same as `answer` on another version's
    /// prompt, for a scenario replayed on a platform it was not written for
    /// (`locsim matrix`, docs/matrix.md): granting While Using is Allow on
    /// iOS 8–12's When In Use prompt (and the one button of iOS ≤ 7 and
    /// macOS); Allow on an Always request is Allow Always on iOS 11–12 and
    /// Allow While Using (then provisional Always) from iOS 13; Allow Always
    /// is Allow on iOS 8–10 and Allow While Using from iOS 13. Allow Once has
    /// no equivalent before iOS 13. `nil`: none of `offered` means the same.
    static func equivalent(of answer: Answer, among offered: [Answer]) -> Answer? {
        let candidates: [Answer]
        switch answer {
        case .allowWhileUsing: candidates = [.allow]
        case .allow: candidates = [.allowAlways, .allowWhileUsing]
        case .allowAlways: candidates = [.allow, .allowWhileUsing]
        case .allowOnce, .dontAllow, .keepWhileUsing, .changeToAlways: candidates = []
        }
        return candidates.first(where: offered.contains)
    }
}
