/// An `expect` line: what must hold once the run is over
/// (docs/language.md, "Expectations").
public enum LogExpectation: Equatable, Sendable {
    /// `expect <kind> <words…> [by <time>]`: some record of `kind` whose
    /// text-log detail contains `words` in order, at or before `by`.
    case some(kind: String, words: [String], by: Instant?)
    /// `expect no <kind> [<words…>] [by <time>]`: no such record.
    case none(kind: String, words: [String], by: Instant?)
    /// `expect final auth <status>`: the status the API reads at the end.
    case finalAuth(AuthorizationStatus)
    /// `expect final accuracy <full|reduced>`: the accuracy authorization at the end.
    case finalAccuracy(AccuracyAuthorization)
    /// `expect property <name> <value>`: a property of the app's location
    /// manager reads `value` at the end (docs/language.md, "Reading the manager").
    case property(PropertyCondition)
    /// `expect sometimes <…>`: `locsim explore` asks it of some path, not
    /// of every path; `run` (one path) checks it as written without the word.
    indirect case sometimes(LogExpectation)

    /// The expectation a path is checked against: `sometimes` taken off.
    package var base: LogExpectation {
        if case .sometimes(let inner) = self { return inner.base }
        return self
    }

    /// True for `expect sometimes <…>`.
    public var isSometimes: Bool {
        if case .sometimes = self { return true }
        return false
    }

    /// The line as written after `expect`, normalized: the `expect` record
    /// and the error message quote it.
    public var text: String {
        switch self {
        case .some(let kind, let words, let by): return Self.text(kind, words, by)
        case .none(let kind, let words, let by): return "no " + Self.text(kind, words, by)
        case .finalAuth(let status): return "final auth " + status.rawValue
        case .finalAccuracy(let accuracy): return "final accuracy " + accuracy.word
        case .property(let condition): return "property " + condition.text
        case .sometimes(let inner): return "sometimes " + inner.text
        }
    }

    /// A word as an `expect` line reads it back: bare unless it is empty or
    /// holds a space, a tab, `"` or `#` (`reason=notInUse` stays bare).
    private static func word(_ w: String) -> String {
        let plain = !w.isEmpty && !w.utf8.contains { $0 == 0x20 || $0 == 0x09 || $0 == 0x22 || $0 == 0x23 }
        return plain ? w : Scenario.quoted(w)
    }

    private static func text(_ kind: String, _ words: [String], _ by: Instant?) -> String {
        var parts = [kind] + words.map(word)
        if let by { parts += ["by", by.description] }
        return parts.joined(separator: " ")
    }
}

/// An `expect` line with where it was written.
package struct ExpectationStatement: Equatable, Sendable {
    package var expectation: LogExpectation
    package var location: SourceLocation

    package init(_ expectation: LogExpectation, at location: SourceLocation) {
        self.expectation = expectation
        self.location = location
    }
}

/// An expectation that did not hold at the end of a run.
public struct FailedExpectation: Equatable, Sendable {
    /// The `expect` line's expectation that did not hold.
    public var expectation: LogExpectation
    /// The `expect` line.
    public var location: SourceLocation
    /// Why, in a few words: what was seen instead.
    public var reason: String

    /// The expectation at `location` that did not hold, and why.
    public init(_ expectation: LogExpectation, at location: SourceLocation, reason: String) {
        self.expectation = expectation
        self.location = location
        self.reason = reason
    }

    /// `file:line:column: error: expectation failed: <text> (<reason>)`, as `run` and `check` print it.
    public func formatted(file: String) -> String {
        Shown.place(file, location, "error") + "expectation failed: expect \(expectation.text) (\(reason))"
    }
}
