/// "Did you mean" for a word the parser does not know: the keyword a user
/// most likely meant, from the keywords that fit where the word stands.
///
/// Three kinds of slip are recognised, in this order:
/// - Swift spelled into a scenario: `startUpdatingLocation()`,
///   `manager.startUpdatingLocation()`, `.fitness`, `.allowWhileUsing` —
///   the keyword inside the Swift spelling;
/// - a difference of letter case only (`StartUpdatingLocation`);
/// - a typo: at most one edit in four letters (two from eight letters on),
///   when exactly one keyword is that close (`lanch` → `launch`).
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

    /// `; did you mean 'x'?` for the message of an unknown word, or "".
    package static func hint(for word: String, among keywords: [String]) -> String {
        guard let keyword = keyword(for: word, among: keywords) else { return "" }
        let stripped = swiftSpelling(word)
        let why = stripped != word && stripped == keyword ? " (a scenario writes the bare name, not its Swift spelling)" : ""
        return "; did you mean '\(keyword)'?\(why)"
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
        let a = Array(a.utf8), b = Array(b.utf8)
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
    func unknown(_ what: String, _ token: Token, expected keywords: [String], listed: String? = nil) -> ScenarioError {
        let unknown = "unknown \(what) '\(display(token))'"
        let hint = Suggestion.hint(for: string(token), among: keywords)
        guard hint.isEmpty else { return error(unknown + hint, at: token) }
        return error(unknown + "; expected " + (listed ?? "one of: " + keywords.joined(separator: ", ")), at: token)
    }
}
