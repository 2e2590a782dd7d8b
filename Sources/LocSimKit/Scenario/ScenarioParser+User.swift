/// `user <…>`: answers to prompts and changes in Settings (SPEC §1.2).
extension ScenarioParser {
    static let answers = Answer.allCases.map(\.rawValue).joined(separator: ", ")
    static let settingsWords =
        (SettingsChoice.allCases.map(\.rawValue) + ["any", "precise", "locationServices", "restricted"]
        + DeviceSetting.allCases.map(\.rawValue))
        .joined(separator: ", ")

    /// `policy`: the words of an `on prompt … user` (answers and `dismiss`,
    /// all an unknown word's error lists there).
    func user(_ s: inout ByteScanner, policy: Bool = false) throws(ScenarioError) -> (Event, Int) {
        let word = try s.required("answer", for: "user")
        let action: UserAction
        if s.matches(word, "settings") {
            action = try settings(&s)
        } else if s.matches(word, "tapNotification") {
            let id = try s.identifier(try s.required("id", for: "tapNotification"), "a notification id")
            try s.end()
            action = .tapNotification(id: id)
        } else if s.matches(word, "dismiss") {
            try s.end()
            action = .dismiss
        } else if s.matches(word, "unlock") {
            try s.end()
            action = .unlock
        } else if s.matches(word, "any") {
            try s.end()
            action = .any(.answer)
        } else if !word.isQuoted, word.count <= 16, let answer = Answer(rawValue: s.string(word)) {
            action = .answer(answer, precise: try precise(&s))
        } else if policy {
            throw s.unknown(
                "answer", word, expected: Answer.allCases.map(\.rawValue) + ["dismiss"],
                listed: "\(Self.answers), dismiss")
        } else {
            throw s.unknown(
                "answer", word,
                expected: Answer.allCases.map(\.rawValue) + [
                    "any", "dismiss", "settings", "tapNotification", "unlock",
                ],
                listed: "\(Self.answers), any, dismiss, settings, tapNotification, unlock")
        }
        return (.user(action), word.column)
    }

    /// `settings <choice> [precise=on|off]`,
    /// `settings precise|locationServices|restricted|lowPower|backgroundAppRefresh <on|off>`.
    private func settings(_ s: inout ByteScanner) throws(ScenarioError) -> UserAction {
        let word = try s.required("setting", for: "settings")
        let action: UserAction
        if s.matches(word, "precise") {
            action = .precise(try s.onOff(try s.required("on|off", for: "settings precise"), "precise"))
        } else if s.matches(word, "locationServices") {
            action = .locationServices(
                try s.onOff(try s.required("on|off", for: "settings locationServices"), "locationServices"))
        } else if s.matches(word, "restricted") {
            action = .restricted(try s.onOff(try s.required("on|off", for: "settings restricted"), "restricted"))
        } else if s.matches(word, "any") {
            action = .any(.settings)
        } else if let setting = DeviceSetting.allCases.first(where: { s.matches(word, $0.rawValue) }) {
            let owner = "settings " + setting.rawValue
            action = .device(setting, try s.onOff(try s.required("on|off", for: owner), setting.rawValue))
        } else if !word.isQuoted, word.count <= 11, let choice = SettingsChoice(rawValue: s.string(word)) {
            return .settings(choice, precise: try precise(&s))
        } else {
            throw s.unknown("setting", word, expected: ScenarioParser.list(Self.settingsWords))
        }
        try s.end()
        return action
    }

    /// The optional `precise=on|off` that ends an answer or a settings choice.
    private func precise(_ s: inout ByteScanner) throws(ScenarioError) -> Bool? {
        let expected = "precise=on|off"
        guard let (key, value) = try s.nextOption(expected: expected) else { return nil }
        guard s.matches(key, "precise") else { throw s.unknownOption(key, for: "user", expected: expected) }
        let precise = try s.onOff(value, "precise")
        if let extra = try s.next() {
            if let (again, _) = s.splitOption(extra), s.matches(again, "precise") {
                throw s.error("option 'precise' is given twice", at: again)
            }
            throw s.error("unexpected extra argument '\(s.display(extra))'", at: extra)
        }
        return precise
    }
}
