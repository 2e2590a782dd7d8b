/// `expect …` lines (docs/language.md, "Expectations"): untimed, anywhere
/// in the file, checked once the run is over.
extension ScenarioParser {
    static let expectForms =
        "expect <kind> <words…> [by <time>], expect no <kind> [<words…>] [by <time>], expect final auth <status>, expect final accuracy <full|reduced>, expect property <name> <value>, each also as expect sometimes <…>"

    func expectation(_ expectWord: Token, _ s: inout ByteScanner) throws(ScenarioError) -> ExpectationStatement {
        let location = SourceLocation(line: s.lineNumber, column: expectWord.column)
        guard var first = try s.next() else {
            throw s.error(
                "missing expectation after expect; expected one of: \(Self.expectForms)", column: s.lastEnd + 1)
        }
        // `expect sometimes <…>`: explore asks it of some path (docs/explore.md).
        let sometimes = !first.isQuoted && s.matches(first, "sometimes")
        if sometimes {
            guard let next = try s.next() else {
                throw s.error(
                    "missing expectation after 'expect sometimes'; expected one of: \(Self.expectForms)",
                    column: s.lastEnd + 1)
            }
            first = next
        }
        func made(_ e: LogExpectation) -> ExpectationStatement {
            ExpectationStatement(sometimes ? .sometimes(e) : e, at: location)
        }
        if s.matches(first, "final") {
            return made(try finalExpectation(&s))
        }
        if !first.isQuoted, s.matches(first, "property") {
            let condition = try propertyCondition(for: "expect property", &s)
            try s.end()
            return made(.property(condition))
        }
        let negated = s.matches(first, "no")
        if negated {
            first = try s.required("kind", for: "expect no")
        }
        let kind = s.string(first)
        guard !first.isQuoted, RecordFilter.kinds.contains(kind), kind != "expect" else {
            throw s.unknown("record kind", first, expected: RecordFilter.kinds.filter { $0 != "expect" })
        }
        var words: [String] = []
        var by: Instant? = nil
        while let word = try s.next() {
            if !word.isQuoted, s.matches(word, "by") {
                let value = try s.required("time", for: "by")
                by = Instant(sinceStart: try byTime(value, s))
                try s.end()
                break
            }
            words.append(s.string(word))
        }
        let expectation: LogExpectation =
            negated ? .none(kind: kind, words: words, by: by) : .some(kind: kind, words: words, by: by)
        return made(expectation)
    }

    /// `final auth <status>`, `final accuracy <full|reduced>`.
    private func finalExpectation(_ s: inout ByteScanner) throws(ScenarioError) -> LogExpectation {
        let what = try s.required("auth|accuracy", for: "expect final")
        let value = try s.required("value", for: "expect final \(s.display(what))")
        let expectation: LogExpectation
        if s.matches(what, "auth") {
            guard !value.isQuoted, let status = AuthorizationStatus(rawValue: s.string(value)) else {
                throw s.unknown("status", value, expected: AuthorizationStatus.allCases.map(\.rawValue))
            }
            expectation = .finalAuth(status)
        } else if s.matches(what, "accuracy") {
            if s.matches(value, "full") {
                expectation = .finalAccuracy(.fullAccuracy)
            } else if s.matches(value, "reduced") {
                expectation = .finalAccuracy(.reducedAccuracy)
            } else {
                throw s.unknown("accuracy", value, expected: ["full", "reduced"], listed: "full or reduced")
            }
        } else {
            throw s.unknown("final value", what, expected: ["auth", "accuracy"], listed: "auth or accuracy")
        }
        try s.end()
        return expectation
    }

    /// The time after `by`: seconds or `hh:mm:ss[.fff]`, from the start (no `+`).
    private func byTime(_ token: Token, _ s: ByteScanner) throws(ScenarioError) -> Millis {
        if !token.isQuoted, token.count > 0, s.byte(token.start) != UInt8(ascii: "+") {
            return try time(token, s)
        }
        throw s.error(
            "expected a time after 'by' (seconds from the start like 30, or hh:mm:ss), found '\(s.display(token))'",
            at: token)
    }
}
