/// Which record kinds a log keeps (`locsim run --only delegate,auth`).
package struct RecordFilter: Equatable, Sendable {
    /// Every `<kind>` of SPEC §2, in the order of its table.
    package static let kinds = [
        "delegate", "update", "session", "completion", "prompt", "app", "auth", "inuse", "indicator",
        "hold", "drop", "notification", "warning", "crash", "react", "expect",
    ]

    /// The kinds kept, or `nil` for all of them.
    package private(set) var kept: [String]?

    /// Keeps every record.
    package static let all = RecordFilter(kept: nil)

    private init(kept: [String]?) { self.kept = kept }

    /// Parses a comma-separated list of kinds: `delegate,auth`.
    ///
    /// - Throws: a message naming the first unknown or empty kind and listing the valid ones.
    package init(parsing list: String) throws(RecordFilter.ParseError) {
        var kept: [String] = []
        for part in list.split(separator: ",", omittingEmptySubsequences: false) {
            let kind = String(part)
            guard RecordFilter.kinds.contains(kind) else {
                let hint = Suggestion.hint(for: kind, among: RecordFilter.kinds)
                if !hint.isEmpty { throw ParseError(message: "unknown record kind '\(kind)' in --only" + hint) }
                let shown = kind.isEmpty ? "an empty kind" : "unknown record kind '\(kind)'"
                throw ParseError(
                    message: "\(shown) in --only; expected a comma-separated list of: "
                        + RecordFilter.kinds.joined(separator: ", "))
            }
            if !kept.contains(kind) { kept.append(kind) }
        }
        self.kept = kept
    }

    /// A list that names no valid kind.
    package struct ParseError: Error, Equatable, Sendable {
        package var message: String
    }

    /// True when `record` is kept.
    @inline(__always)
    package func keeps(_ record: Record) -> Bool {
        guard let kept else { return true }
        let kind = record.kind.name
        // At most 15 short (inline) strings: a scan is cheaper than hashing.
        for k in kept where k == kind { return true }
        return false
    }
}

/// Passes on to `base` only the records a `RecordFilter` keeps, and counts them.
package struct FilteredLogWriter<Base: LogWriter>: LogWriter {
    package var base: Base
    package let filter: RecordFilter
    /// How many records were passed on.
    package private(set) var written = 0

    package init(_ base: Base, filter: RecordFilter) {
        self.base = base
        self.filter = filter
        keepsDeliveredFixes = filter.keeps(DirectFix.sample(liveUpdate: false).record.record)
        keepsLiveUpdates = filter.keeps(DirectFix.sample(liveUpdate: true).record.record)
    }

    package mutating func write(_ record: LogRecord) {
        if filter.keeps(record.record) {
            written += 1
            base.write(record)
        }
    }

    package mutating func write(_ fix: DirectFix) {
        if fix.liveUpdateFlags == nil ? keepsDeliveredFixes : keepsLiveUpdates {
            written += 1
            base.write(fix)
        }
    }

    package mutating func write(_ fix: DirectFix, text: FixText) {
        if fix.liveUpdateFlags == nil ? keepsDeliveredFixes : keepsLiveUpdates {
            written += 1
            base.write(fix, text: text)
        }
    }

    package mutating func write(verbatim text: FixText, at time: Millis) {
        if keepsDeliveredFixes {
            written += 1
            base.write(verbatim: text, at: time)
        }
    }

    /// `filter.keeps` of a delivered fix and of a `liveUpdates` element, asked once.
    private let keepsDeliveredFixes: Bool
    private let keepsLiveUpdates: Bool
}
