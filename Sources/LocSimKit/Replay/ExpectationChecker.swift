/// Checks a run's `expect` lines against the records it writes
/// (docs/language.md, "Expectations").
///
/// Each record of a kind some expectation names is formatted once as its
/// text-log line, and an expectation's words are looked for in its detail
/// (after `<t> <kind> `), in order, each as a substring: `expect delegate
/// didUpdateLocations` matches `locationManager(_:didUpdateLocations:) …`.
struct ExpectationChecker {
    private struct Item {
        var statement: ExpectationStatement
        /// `expect <kind> …`: whether a record satisfied it. `expect no …`:
        /// the first record that broke it, as its log line.
        var satisfied = false
        var violation: String? = nil
    }

    private var items: [Item] = []

    var isEmpty: Bool { items.isEmpty }

    /// The expectations with a `by` deadline, with it.
    var deadlines: [(statement: ExpectationStatement, by: Instant)] {
        items.compactMap { item in item.statement.expectation.deadline.map { (item.statement, $0) } }
    }

    /// What the checker has seen so far, as a value: two runs with equal
    /// progress and equal records from here on fail the same expectations
    /// with the same reasons (`locsim explore` merges paths on it).
    struct Progress: Hashable {
        var satisfied: [Bool]
        var violations: [String?]
    }

    var progress: Progress {
        Progress(satisfied: items.map(\.satisfied), violations: items.map(\.violation))
    }

    mutating func add(_ statement: ExpectationStatement) {
        items.append(Item(statement: statement))
    }

    /// Notes what `record` satisfies or breaks.
    mutating func observe(_ record: LogRecord) {
        let kind = record.record.kind.name
        var line: String? = nil
        for i in items.indices {
            let (words, by, negated): ([String], Instant?, Bool)
            switch items[i].statement.expectation.base {
            case .some(let k, let w, let b):
                guard k == kind, !items[i].satisfied else { continue }
                (words, by, negated) = (w, b, false)
            case .none(let k, let w, let b):
                guard k == kind, items[i].violation == nil else { continue }
                (words, by, negated) = (w, b, true)
            case .finalAuth, .finalAccuracy, .property, .sometimes:
                continue
            }
            if let by, record.time > by { continue }
            let text = line ?? Self.line(of: record)
            line = text
            guard Self.detail(of: text, kind: kind).containsInOrder(words) else { continue }
            if negated { items[i].violation = text } else { items[i].satisfied = true }
        }
    }

    /// The expectations that do not hold once the run is over, in line order.
    func failures(final auth: AuthView, read: (ManagerReading) -> String) -> [FailedExpectation] {
        var failed: [FailedExpectation] = []
        for item in items {
            let e = item.statement.expectation
            let reason: String?
            switch e.base {
            case .some(let kind, let words, let by):
                let what =
                    words.isEmpty ? "no \(kind) record" : "no \(kind) record contains '\(words.joined(separator: " "))'"
                reason = item.satisfied ? nil : what + (by.map { " by \($0)" } ?? "")
            case .none:
                reason = item.violation.map { "found: " + $0 }
            case .finalAuth(let status):
                reason = auth.status == status ? nil : "the final status is \(auth.status.rawValue)"
            case .finalAccuracy(let accuracy):
                reason = auth.accuracy == accuracy ? nil : "the final accuracy is \(auth.accuracy.word)"
            case .property(let condition):
                let value = read(condition.reading)
                reason = value == condition.value ? nil : "\(condition.reading.name) is \(value)"
            case .sometimes:
                preconditionFailure("LogExpectation.base has no 'sometimes'")
            }
            if let reason { failed.append(FailedExpectation(e, at: item.statement.location, reason: reason)) }
        }
        return failed
    }

    private static func line(of record: LogRecord) -> String {
        var writer = TextLogWriter()
        writer.write(record)
        var text = writer.text
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    /// What follows `<t> <kind> ` in a text-log line.
    private static func detail(of line: String, kind: String) -> Substring {
        guard let space = line.firstIndex(of: " ") else { return line[...] }
        let rest = line[line.index(after: space)...]
        return rest.dropFirst(kind.count).drop { $0 == " " }
    }
}

extension Substring {
    /// True when every word occurs in this text, each after the one before
    /// (compared byte by byte: no Foundation).
    fileprivate func containsInOrder(_ words: [String]) -> Bool {
        let bytes = Array(utf8)
        var from = 0
        for word in words {
            let needle = Array(word.utf8)
            guard let found = Self.index(of: needle, in: bytes, from: from) else { return false }
            from = found + needle.count
        }
        return true
    }

    private static func index(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard needle.count <= bytes.count - start else { return nil }
        var i = start
        while i + needle.count <= bytes.count {
            if bytes[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }
}

extension LogExpectation {
    /// The `by <time>` of the line, if it has one.
    var deadline: Instant? {
        switch self {
        case .some(_, _, let by), .none(_, _, let by): return by
        case .sometimes(let expectation): return expectation.deadline
        case .finalAuth, .finalAccuracy, .property: return nil
        }
    }
}
