/// "Did you mean" for a word the parser does not know: the keyword a user
/// most likely meant, from the keywords that fit where the word stands.
///
/// Every "did you mean" of locsim comes from here: the keyword tables of
/// the scenario language (through `ByteScanner.unknown`) and the options of
/// the command line (`UsageError.unknownOption`, from each command's help).
///
/// Three kinds of slip are recognised, in this order:
/// - Swift spelled into a scenario: `startUpdatingLocation()`,
///   `manager.startUpdatingLocation()`, `.fitness`, `.allowWhileUsing` —
///   the keyword inside the Swift spelling;
/// - a difference of letter case only (`StartUpdatingLocation`);
/// - a typo: at most one edit in four letters (two from eight letters on),
///   when exactly one keyword is that close (`lanch` → `launch`);
/// - a word that starts as one keyword does and trails off (`allowWhileUse`
///   → `allowWhileUsing`): the one keyword with the longest common start,
///   six letters or more and three quarters of the word.
///
/// `phrase` adds a fourth, for words a screen shows: `Allow While Using` →
/// `allowWhileUsing`; and `prefixedHint` a fifth, for a word that belongs
/// after `app` or `user` (`startUpdatingLocation` as an event).
package enum Suggestion {
    /// The keyword of `keywords` that `word` was most likely meant as, or
    /// `nil` when none is close or two are equally close.
    package static func keyword(for word: String, among keywords: [String]) -> String? {
        let stripped = swiftSpelling(word)
        if stripped != word, keywords.contains(stripped) { return stripped }
        let lowered = stripped.lowercased()
        if let same = keywords.first(where: { $0.lowercased() == lowered }) { return same }
        let limit = stripped.count >= 8 ? 2 : (stripped.count >= 4 ? 1 : 0)
        guard limit > 0 else { return nil }
        if let typo = closest(lowered, among: keywords, limit: limit) { return typo }
        return truncation(lowered, among: keywords)
    }

    /// The one keyword at most `limit` edits from `lowered`, or `nil`.
    private static func closest(_ lowered: String, among keywords: [String], limit: Int) -> String? {
        var best: (keyword: String, distance: Int)? = nil
        var tie = false
        for keyword in keywords {
            guard let d = distance(lowered, keyword.lowercased(), limit: limit) else { continue }
            if best == nil || d < best!.distance {
                best = (keyword, d)
                tie = false
            } else if d == best!.distance {
                tie = true
            }
        }
        return tie ? nil : best?.keyword
    }

    /// The keyword `lowered` starts like and then trails off from
    /// (`allowWhileUse` for `allowWhileUsing`): the one keyword sharing the
    /// longest start with it, at least six letters and three quarters of
    /// the word.
    private static func truncation(_ lowered: String, among keywords: [String]) -> String? {
        let word = Array(lowered.utf8)
        var best: (keyword: String, length: Int)? = nil
        var tie = false
        for keyword in keywords {
            let length = zip(word, keyword.lowercased().utf8).prefix(while: { $0 == $1 }).count
            if best == nil || length > best!.length {
                best = (keyword, length)
                tie = false
            } else if length == best!.length {
                tie = true
            }
        }
        guard let best, !tie, best.length >= 6, best.length * 4 >= word.count * 3 else { return nil }
        return best.keyword
    }

    /// `; did you mean 'x'?` for the message of an unknown word, or "".
    package static func hint(for word: String, among keywords: [String]) -> String {
        guard let keyword = keyword(for: word, among: keywords) else { return "" }
        let stripped = swiftSpelling(word)
        let why =
            stripped != word && stripped == keyword ? " (a scenario writes the bare name, not its Swift spelling)" : ""
        return "; did you mean '\(keyword)'?\(why)"
    }

    /// The keyword that `words`, the label a screen shows (`Allow While
    /// Using`, `Don't Allow`), are written as in a scenario: the longest run
    /// of them from the first whose letters, joined, are a keyword's in any
    /// case. Only whole keywords: a phrase is never a typo.
    package static func phrase(_ words: [String], among keywords: [String]) -> String? {
        guard words.count >= 2 else { return nil }
        for count in stride(from: words.count, through: 2, by: -1) {
            let letters = String(words.prefix(count).joined().filter { $0.isLetter || $0.isNumber }).lowercased()
            if let keyword = keywords.first(where: { $0.lowercased() == letters }) { return keyword }
        }
        return nil
    }

    /// `; did you mean 'app startUpdatingLocation'?` for a word that is none
    /// of the keywords expected where it stands but is one (or one slip
    /// from one) of a table that must follow a prefix: an app call written
    /// without `app`, an answer without `user`. `tables` are tried in order.
    package static func prefixedHint(for word: String, _ tables: [(prefix: String, keywords: [String])]) -> String {
        for (prefix, keywords) in tables {
            guard let keyword = keyword(for: word, among: keywords) else { continue }
            let what = prefix == "app" ? "an app call" : "a user action"
            return "; did you mean '\(prefix) \(keyword)'? (\(what) starts with '\(prefix)')"
        }
        return ""
    }

    /// `word` without the Swift around a name: a leading `.`, a receiver
    /// (`manager.`), an argument list (`(…)`), a trailing `;`, and the
    /// prefix of a Core Location constant (`kCLLocationAccuracyBest`).
    static func swiftSpelling(_ word: String) -> String {
        var s = Substring(word)
        if s.hasSuffix(";") { s = s.dropLast() }
        if let paren = s.firstIndex(of: "(") { s = s[..<paren] }
        if let dot = s.lastIndex(of: ".") { s = s[s.index(after: dot)...] }
        for prefix in ["kCLLocationAccuracy", "kCLDistanceFilter"] where s.hasPrefix(prefix) && s.count > prefix.count {
            let rest = s.dropFirst(prefix.count)
            return rest.prefix(1).lowercased() + rest.dropFirst()
        }
        return String(s)
    }

    /// The edit distance of `a` and `b` (insertions, deletions,
    /// substitutions), or `nil` when it is above `limit`.
    static func distance(_ a: String, _ b: String, limit: Int) -> Int? {
        let a = Array(a.utf8)
        let b = Array(b.utf8)
        guard abs(a.count - b.count) <= limit else { return nil }
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        let d = previous[b.count]
        return d <= limit ? d : nil
    }
}

extension ByteScanner {
    /// `unknown <what> '<token>'; did you mean '…'? expected one of: …`,
    /// the error for a word that is none of `keywords`.
    /// With a suggestion the list is left out: the suggestion is the answer.
    /// `prefixed`: the tables of `Suggestion.prefixedHint`, tried when no
    /// keyword of `keywords` is close.
    func unknown(
        _ what: String, _ token: Token, expected keywords: [String], listed: String? = nil,
        prefixed: [(prefix: String, keywords: [String])] = []
    ) -> ScenarioError {
        let unknown = "unknown \(what) '\(display(token))'"
        let hint = suggestion(for: token, among: keywords, prefixed: prefixed)
        guard hint.isEmpty else { return error(unknown + hint, at: token) }
        return error(unknown + "; expected " + (listed ?? "one of: " + keywords.joined(separator: ", ")), at: token)
    }

    /// The hint for `token`, read by the scanner positioned just after it:
    /// a phrase of it and the words that follow on the line (`Allow While
    /// Using`), else a keyword close to it, else one after a prefix.
    func suggestion(
        for token: Token, among keywords: [String], prefixed: [(prefix: String, keywords: [String])] = []
    ) -> String {
        let word = string(token)
        if !token.isQuoted, let phrase = Suggestion.phrase([word] + followingWords(3), among: keywords) {
            return "; did you mean '\(phrase)'? (a scenario writes it as one word)"
        }
        let hint = Suggestion.hint(for: word, among: keywords)
        return hint.isEmpty ? Suggestion.prefixedHint(for: word, prefixed) : hint
    }

    /// Up to `limit` unquoted words after the scanner's position on its line.
    private func followingWords(_ limit: Int) -> [String] {
        var copy = self
        var words: [String] = []
        while words.count < limit, let next = try? copy.next(), !next.isQuoted { words.append(copy.string(next)) }
        return words
    }
}
