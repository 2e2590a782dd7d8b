/// Where the logs of two adjacent matrix rows first differ.
///
/// The first run of differing lines of a shortest line diff (the one
/// `locsim check` prints): what the first platform's log has there, and what
/// the second's has instead.
public struct Divergence: Equatable, Sendable {
    /// At most this many lines of each side of the first run are kept.
    public static let shownLines = 5

    public var from: Platform
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
    public var addedCount = 0
    /// Lines that differ over the whole logs (removed plus added).
    public var differingLines = 0

    init(from a: Matrix.Row, to b: Matrix.Row) {
        from = a.platform
        to = b.platform
        guard a.log != b.log else { return }
        let old = UnifiedDiff.lines(a.log)
        let new = UnifiedDiff.lines(b.log)
        let edits = UnifiedDiff.script(old, new)
        var inFirstRun = true
        for (index, edit) in edits.enumerated() {
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
            if line == nil { line = index + 1 }
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
