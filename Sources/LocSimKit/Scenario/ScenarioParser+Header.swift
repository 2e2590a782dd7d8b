/// Header lines (SPEC §1.1): `locsim`, `platform`, `plist`, `delegate`, `set`, `seed`.
extension ScenarioParser {
    /// The newest scenario format this parser reads.
    package static let formatVersion = 1

    private enum HeaderWord: String {
        case locsim, platform, plist, delegate, set, seed
    }

    /// The header statement `first` begins, or `nil` if it is not a header word.
    mutating func header(_ first: Token, _ s: inout ByteScanner) throws(ScenarioError) -> HeaderStatement? {
        guard !first.isQuoted, first.count <= 8, let word = HeaderWord(rawValue: s.string(first)) else { return nil }
        if seenTimed {
            throw s.error("'\(word.rawValue)' must come before the first timed line", at: first)
        }
        switch word {
        case .locsim: return try formatVersion(&s)
        case .platform:
            if let earlier = platformLine {
                throw s.error("a second 'platform' line; the platform is set once, on line \(earlier)", at: first)
            }
            let platform = try platform(&s)
            platformLine = s.lineNumber
            return .platform(platform)
        case .plist: return try plist(&s)
        case .delegate: return .delegate(try delegateMethods(&s))
        case .set: return .parameter(try parameter(&s))
        case .seed: return .seed(try seed(&s))
        }
    }

    /// `locsim 1`.
    private func formatVersion(_ s: inout ByteScanner) throws(ScenarioError) -> HeaderStatement {
        let token = try s.required("version", for: "locsim")
        guard !token.isQuoted, ByteScanner.allDigits(s.bytes, token.start, token.end) else {
            throw s.error("expected a whole number for the format version, found '\(s.display(token))'", at: token)
        }
        let version = ByteScanner.unsigned(s.bytes, token.start, token.end).map { Int(clamping: $0) } ?? Int.max
        if version > Self.formatVersion {
            throw s.error(
                "scenario format version \(s.display(token)) is newer than this locsim (\(Self.formatVersion)); upgrade locsim",
                at: token)
        }
        if version < 1 {
            throw s.error("unknown scenario format version \(s.display(token)); expected 1", at: token)
        }
        try s.end()
        return .formatVersion(version)
    }

    /// `platform iOS 13.4` (a patch number is accepted and ignored); the
    /// longest `<os>` word is `macCatalyst` (11 bytes).
    private func platform(_ s: inout ByteScanner) throws(ScenarioError) -> Platform {
        let osToken = try s.required("os", for: "platform")
        guard !osToken.isQuoted, osToken.count <= 11, let os = Platform.OS(rawValue: s.string(osToken)) else {
            throw s.unknown("platform", osToken, expected: Platform.OS.allCases.map(\.rawValue))
        }
        let versionToken = try s.required("version", for: "platform")
        guard let (major, minor) = version(versionToken, s) else {
            throw s.error(
                "expected a version like 13.4 for platform, found '\(s.display(versionToken))'", at: versionToken)
        }
        let newest = Platform.newestKnown(os)
        if major > newest.0 || (major == newest.0 && minor > newest.1) {
            let limit = major > newest.0 ? "\(newest.0).x" : "\(newest.0).\(newest.1)"
            throw s.error(
                "\(os.rawValue) \(major).\(minor) is newer than the rules locsim knows (up to \(limit))",
                at: versionToken)
        }
        // visionOS 2 was followed by visionOS 26: no iOS rules stand for 3–25.
        if os == .visionOS, major > 2, major < 26 {
            throw s.error(
                "visionOS \(major).\(minor) does not exist: visionOS 2 was followed by visionOS 26", at: versionToken)
        }
        let oldest = Self.oldestKnown(os)
        if major < oldest.0 || (major == oldest.0 && minor < oldest.1) {
            throw s.error(
                "\(os.rawValue) \(major).\(minor) is older than the rules locsim knows (from \(oldest.0).\(oldest.1))",
                at: versionToken)
        }
        try s.end()
        return Platform(os, major, minor)
    }

    /// The oldest version of each OS the rules cover: iOS 6 introduced the
    /// permission prompt per app that locsim simulates; the others from
    /// their first release with Core Location (iPadOS from its first name).
    static func oldestKnown(_ os: Platform.OS) -> (Int, Int) {
        switch os {
        case .iOS: return (6, 0)
        case .iPadOS: return (13, 0)
        case .macOS: return (10, 0)
        case .tvOS: return (9, 0)
        case .watchOS: return (2, 0)
        case .visionOS: return (1, 0)
        case .macCatalyst: return (13, 1)
        }
    }

    /// `major[.minor[.patch]]`, each part at most 4 digits; `nil` otherwise.
    private func version(_ token: Token, _ s: ByteScanner) -> (Int, Int)? {
        guard !token.isQuoted else { return nil }
        var parts: (Int, Int, Int) = (0, 0, 0)
        var index = 0
        var digits = 0
        for i in token.start..<token.end {
            let b = s.byte(i)
            if let d = ByteScanner.digit(b) {
                digits += 1
                guard digits <= 4 else { return nil }
                switch index {
                case 0: parts.0 = parts.0 * 10 + Int(d)
                case 1: parts.1 = parts.1 * 10 + Int(d)
                default: parts.2 = parts.2 * 10 + Int(d)
                }
            } else if b == UInt8(ascii: "."), digits > 0, index < 2 {
                index += 1
                digits = 0
            } else {
                return nil
            }
        }
        return digits > 0 ? (parts.0, parts.1) : nil
    }

    /// `plist <Key> <value>`: one string, one boolean, or bare words for an
    /// array; `plist <Dictionary>.<entry> <string>` for a dictionary entry.
    private func plist(_ s: inout ByteScanner) throws(ScenarioError) -> HeaderStatement {
        let keyToken = try s.required("key", for: "plist")
        let key = s.string(keyToken)
        if key.isEmpty { throw s.error("expected an Info.plist key, found an empty string", at: keyToken) }
        let isEntry = try dictionaryEntry(key, keyToken, s)
        let first = try s.required("value", for: "plist \(key)")
        if isEntry && !first.isQuoted && (s.matches(first, "true") || s.matches(first, "false")) {
            throw s.error(
                "a dictionary entry takes a string, found '\(s.display(first))'; write it in quotes", at: first)
        }
        guard let second = try s.next() else {
            if first.isQuoted { return .plist(key: key, value: .string(s.string(first))) }
            if s.matches(first, "true") { return .plist(key: key, value: .bool(true)) }
            if s.matches(first, "false") { return .plist(key: key, value: .bool(false)) }
            return .plist(key: key, value: .array([s.string(first)]))
        }
        var words = [s.string(first), s.string(second)]
        while let more = try s.next() { words.append(s.string(more)) }
        return .plist(key: key, value: .array(words))
    }

    /// Whether `key` names a dictionary entry (`Dictionary.Entry`); an error
    /// for a dictionary key without an entry or an empty part, which would
    /// otherwise be taken as a key of its own and silently never read.
    private func dictionaryEntry(_ key: String, _ token: Token, _ s: ByteScanner) throws(ScenarioError) -> Bool {
        let parts = key.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count == 1 {
            guard key.hasSuffix("Dictionary") else { return false }
            throw s.error(
                "'\(key)' is a dictionary; write one line per entry: plist \(key).<key> \"<text>\"", at: token)
        }
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw s.error(
                "expected a dictionary entry as <Dictionary>.<key>, like "
                    + "NSLocationTemporaryUsageDescriptionDictionary.Navigate, found '\(s.display(token))'", at: token)
        }
        return true
    }

    /// `delegate <method>…` by short names; no name at all means none.
    private func delegateMethods(_ s: inout ByteScanner) throws(ScenarioError) -> DelegateMethods {
        var methods: DelegateMethods = []
        while let token = try s.next() {
            let name = s.string(token)
            guard !token.isQuoted, let entry = DelegateMethods.names.first(where: { $0.0 == name }) else {
                throw s.unknown("delegate method", token, expected: DelegateMethods.names.map(\.0))
            }
            methods.insert(entry.1)
        }
        return methods
    }

    /// `seed <integer>`.
    private func seed(_ s: inout ByteScanner) throws(ScenarioError) -> UInt64 {
        let token = try s.required("integer", for: "seed")
        guard !token.isQuoted, let seed = ByteScanner.unsigned(s.bytes, token.start, token.end) else {
            throw s.error(
                "expected a whole number from 0 to \(UInt64.max) for seed, found '\(s.display(token))'", at: token)
        }
        try s.end()
        return seed
    }
}
