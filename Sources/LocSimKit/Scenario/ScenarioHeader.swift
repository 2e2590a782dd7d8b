/// What a scenario's header fixes before time starts: platform, Info.plist,
/// delegate methods and rule parameters.
package struct ScenarioHeader: Equatable, Sendable {
    package var formatVersion = 1
    package var platform = Platform.default
    /// Info.plist entries by key; a dotted key names a dictionary entry
    /// (`NSLocationTemporaryUsageDescriptionDictionary.Navigate`).
    package var plist: [String: PlistValue] = [:]
    package var delegate = DelegateMethods.all
    package var parameters = Parameters()
    package var seed: UInt64 = 0
    /// The scenario replays on a platform it was not written for (`locsim
    /// matrix`): an answer that platform's prompt does not offer is taken as
    /// the one that means the same there (`Simulator.equivalent(of:among:)`).
    package var translatesAnswers = false

    package init() {}

    /// Applies one header line.
    package mutating func apply(_ statement: HeaderStatement) {
        switch statement {
        case .formatVersion(let v): formatVersion = v
        case .platform(let p): platform = p
        case .plist(let key, let value): plist[key] = value
        case .delegate(let methods): delegate = methods
        case .parameter(let setting): parameters.apply(setting)
        case .seed(let s): seed = s
        }
    }

    /// The string value of an Info.plist key. Bare words (`plist Key Hello
    /// there`) count as the string they spell, joined by single spaces.
    package func string(_ key: String) -> String? {
        switch plist[key] {
        case .string(let s)?: return s
        case .array(let words)?: return words.joined(separator: " ")
        case .bool?, nil: return nil
        }
    }

    /// True when the key is a boolean `true`.
    package func flag(_ key: String) -> Bool {
        if case .bool(true)? = plist[key] { return true }
        return false
    }

    /// True when the array-valued key contains `word` (`UIBackgroundModes location`).
    package func array(_ key: String, contains word: String) -> Bool {
        switch plist[key] {
        case .array(let words)?: return words.contains(word)
        case .string(let s)?: return s == word
        case .bool?, nil: return false
        }
    }

    /// The dictionary whose entries `requestTemporaryFullAccuracyAuthorization` names.
    package static let temporaryUsageDictionary = "NSLocationTemporaryUsageDescriptionDictionary"

    /// The console warning for `requestTemporaryFullAccuracyAuthorization`
    /// naming a purpose key the Info.plist dictionary lacks, or `nil` when the
    /// entry exists. Apple: "The purposeKey you provide to this method must
    /// correspond to an entry in that dictionary." For the rules to emit as
    /// a `warning` record before the declined completion.
    package func missingPurposeKeyWarning(_ purposeKey: String) -> String? {
        let dictionary = Self.temporaryUsageDictionary
        guard string("\(dictionary).\(purposeKey)") == nil else { return nil }
        return "requestTemporaryFullAccuracyAuthorization: the purpose key '\(purposeKey)' is not in "
            + "the Info.plist's \(dictionary); the request is declined"
    }
}
