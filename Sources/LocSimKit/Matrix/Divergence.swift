/// Where the logs of two adjacent matrix rows first differ.
///
/// The first run of differing lines of a shortest line diff (the one
/// `locsim check` prints): what the first platform's log has there, and what
/// the second's has instead.
///
/// Built while both logs stream past, one instant at a time: every log
/// line starts with its time, so a line can only equal a line of the same
/// instant, and a shortest diff of two logs is the shortest diffs of their
/// instants one after the other. Memory is bounded by the lines of one
/// instant; an instant with more than `Matrix.groupLines` lines is diffed
/// in slices of that many (the count may then exceed the shortest diff's).
public struct Divergence: Equatable, Sendable {
    /// At most this many lines of each side of the first run are kept.
    public static let shownLines = 5

    /// The platform of the first of the two rows, whose lines are `removed`.
    public var from: Platform
    /// The platform of the second row, whose lines are `added`.
    public var to: Platform
    /// The 1-based line of both logs where they first differ; `nil` when the
    /// logs are the same.
    public var line: Int?
    /// The first run's lines in `from`'s log (without line ends), at most `shownLines`.
    public var removed: [String] = []
    /// The first run's lines in `to`'s log, at most `shownLines`.
    public var added: [String] = []
    /// How many lines the first run has on each side (beyond those shown).
    public var removedCount = 0
    /// … and in `to`'s log.
    public var addedCount = 0
    /// Lines that differ over the whole logs (removed plus added).
    public var differingLines = 0

    /// Edits of the script so far (kept lines, removals and insertions).
    private var position = 0
    /// Whether the edits so far end inside the first run of changes.
    private var inFirstRun = true

    init(from: Platform, to: Platform) {
        self.from = from
        self.to = to
    }

    /// Takes the next instant's lines of both logs (either may be empty).
    mutating func compare(_ old: [ArraySlice<UInt8>], _ new: [ArraySlice<UInt8>]) {
        if old == new {
            if line != nil && !old.isEmpty { inFirstRun = false }
            position += old.count
            return
        }
        for edit in UnifiedDiff.script(old, new) {
            position += 1
            let (isRemoval, text): (Bool, ArraySlice<UInt8>)
            switch edit {
            case .keep:
                if line != nil { inFirstRun = false }
                continue
            case .delete(let i): (isRemoval, text) = (true, old[i])
            case .insert(let j): (isRemoval, text) = (false, new[j])
            }
            // The common prefix is kept whole, so the first change is at
            // the same line of both logs.
            if line == nil { line = position }
            differingLines += 1
            guard inFirstRun else { continue }
            if isRemoval {
                removedCount += 1
                if removed.count < Self.shownLines { removed.append(Self.text(text)) }
            } else {
                addedCount += 1
                if added.count < Self.shownLines { added.append(Self.text(text)) }
            }
        }
    }

    /// A log line without its line end.
    private static func text(_ line: ArraySlice<UInt8>) -> String {
        String(decoding: line.last == LogBytes.newline ? line.dropLast() : line, as: UTF8.self)
    }
}
