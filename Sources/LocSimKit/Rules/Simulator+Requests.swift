/// docs/rules.md §4: authorization requests and the prompts they show.
extension Simulator {
    static let whenInUseKey = "NSLocationWhenInUseUsageDescription"
    static let alwaysAndWhenInUseKey = "NSLocationAlwaysAndWhenInUseUsageDescription"
    static let alwaysKey = "NSLocationAlwaysUsageDescription"
    static let usageKey = "NSLocationUsageDescription"

    /// A request shows a prompt only from the foreground with no prompt on
    /// screen; otherwise it does nothing. Only the call outside the
    /// foreground warns (docs/rules.md §4: a warning for a missing key or a request
    /// outside the foreground; Apple, requestAlwaysAuthorization, Apple, locationManagerDidChangeAuthorization).
    mutating func checkPromptAllowed(_ call: String) -> Bool {
        guard app == .foreground else {
            warn("\(call) called while the app is not in the foreground; it does nothing")
            return false
        }
        return prompt == nil
    }

    /// The usage-description keys a request needs (Apple, Info.plist usage descriptions), with the console
    /// message iOS prints when one is missing.
    mutating func checkUsageKeys(_ keys: [String], for call: String) -> Bool {
        let missing = keys.filter { header.string($0) == nil }
        guard !missing.isEmpty else { return true }
        let list = missing.map { "'\($0)'" }.joined(separator: " and ")
        warn(
            "\(call): this app has attempted to access privacy-sensitive data without a usage description; "
                + "the app's Info.plist must contain \(list) with a string value; the call does nothing")
        return false
    }

    mutating func show(_ kind: PromptKind, text key: String, origin: Prompt.Origin, answers: [Answer]) {
        prompt = Prompt(kind: kind, origin: origin, answers: answers)
        emit(.prompt(.show(kind, text: header.string(key) ?? "", answers: answers)))
    }

    /// The first prompt of iOS 13+ (When In Use text, Allow Once offered).
    static let modernAnswers: [Answer] = [.allowWhileUsing, .allowOnce, .dontAllow]

    mutating func requestWhenInUse() {
        let call = AppCallKeyword.requestWhenInUseAuthorization.rawValue
        guard checkPromptAllowed(call) else { return }
        if rules.isMac {
            guard authorization.grant == .notDetermined, stateAllowsPrompt else { return }
            show(.legacy, text: Self.usageKey, origin: .firstUse, answers: [.allow, .dontAllow])
            return
        }
        guard checkUsageKeys([Self.whenInUseKey], for: call) else { return }
        guard authorization.grant == .notDetermined, stateAllowsPrompt else { return }
        show(
            .whenInUse, text: Self.whenInUseKey, origin: .whenInUseRequest,
            answers: rules.modern ? Self.modernAnswers : [.allow, .dontAllow])
    }

    mutating func requestAlways() {
        let call = "requestAlwaysAuthorization"
        guard checkPromptAllowed(call) else { return }
        // visionOS: Always "isn't available when running in visionOS" (Apple,
        // "Requesting authorization to use location services"); the call is
        // a When In Use request there (Apple, requestAlwaysAuthorization()).
        if rules.isMac || rules.isVision {
            requestWhenInUse()
            return
        }
        // docs/rules.md §4: Always needs the When In Use key and, by version, the Always key.
        let keys = [Self.whenInUseKey, alwaysUsageKey]
        guard checkUsageKeys(keys, for: call), stateAllowsPrompt else { return }
        let alwaysText = alwaysUsageKey
        switch authorization.access {
        case .notDetermined, .askNextTime:
            if rules.modern {
                // 001, 003: iOS 13 shows the When In Use prompt; Always comes later.
                show(.whenInUse, text: Self.whenInUseKey, origin: .alwaysRequest, answers: Self.modernAnswers)
            } else if rules.atLeast(11) {
                show(
                    .always, text: alwaysText, origin: .alwaysRequest,
                    answers: [.allowAlways, .allowWhileUsing, .dontAllow])
            } else {
                show(.always, text: alwaysText, origin: .alwaysRequest, answers: [.allow, .dontAllow])
            }
            upgrade.request = .used
        case .whenInUse(.once, _):
            return  // Allow Once: Core Location ignores the call (Apple, requestAlwaysAuthorization)
        case .whenInUse(.standing, let precision):
            // It upgrades one time only.
            guard upgrade.request == .available else { return }
            upgrade.request = .used
            if rules.modern && !rules.atLeast(13, 4) {
                // 13.0–13.3: the app "saved its chance" and enters provisional Always (003, choice).
                authorization.access = .always(.provisional, precision)
                authorizationChanged()
            } else {
                show(.upgrade, text: alwaysText, origin: .upgradeRequest, answers: [.keepWhileUsing, .changeToAlways])
            }
        case .denied, .always:
            return
        }
    }

    /// Restricted apps and Location Services off show no authorization prompt.
    var stateAllowsPrompt: Bool { !authorization.restricted && !authorization.locationServicesOff }

    /// iOS ≤ 7 and macOS: the first use of a location service prompts (004, Apple, SDK availability).
    mutating func promptOnFirstUse() {
        guard rules.legacy || rules.isMac, authorization.grant == .notDetermined, app == .foreground,
            prompt == nil, stateAllowsPrompt
        else { return }
        show(.legacy, text: Self.usageKey, origin: .firstUse, answers: [.allow, .dontAllow])
    }

    /// The completion of `requestTemporaryFullAccuracyAuthorization`: no
    /// error when granted, `kCLErrorPromptDeclined` otherwise (§10).
    mutating func completeTemporaryFullAccuracy(granted: Bool) {
        emit(.completion(method: "requestTemporaryFullAccuracyAuthorization", error: granted ? nil : .promptDeclined))
    }

    /// The Always usage key of the platform's version (Apple, Info.plist usage descriptions).
    var alwaysUsageKey: String { rules.atLeast(11) ? Self.alwaysAndWhenInUseKey : Self.alwaysKey }

    mutating func requestTemporaryFullAccuracy(purposeKey: String) {
        guard showTemporaryFullAccuracyPrompt(purposeKey, origin: .temporaryFullAccuracy) else {
            // iOS logs a missing purpose key to the console (§10).
            if let text = header.missingPurposeKeyWarning(purposeKey) { warn(text) }
            completeTemporaryFullAccuracy(granted: false)
            return
        }
    }

    /// The temporary full-accuracy prompt (§10), when it can show: a purpose
    /// string for the key, reduced accuracy, authorized, in the foreground
    /// with no other prompt. Returns whether it showed.
    mutating func showTemporaryFullAccuracyPrompt(_ purposeKey: String, origin: Prompt.Origin) -> Bool {
        let key = Self.temporaryUsageKey(purposeKey)
        guard hasTemporaryUsageDescription(purposeKey), accuracy == .reducedAccuracy, app == .foreground,
            prompt == nil, authorization.level != .none
        else { return false }
        show(.temporaryFullAccuracy, text: key, origin: origin, answers: [.allowOnce, .dontAllow])
        return true
    }

    /// The Info.plist entry of a temporary full-accuracy purpose key.
    static func temporaryUsageKey(_ purposeKey: String) -> String {
        "NSLocationTemporaryUsageDescriptionDictionary.\(purposeKey)"
    }

    /// The Info.plist has a purpose string for `purposeKey`.
    func hasTemporaryUsageDescription(_ purposeKey: String) -> Bool {
        header.string(Self.temporaryUsageKey(purposeKey)) != nil
    }
}
