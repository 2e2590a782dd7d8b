/// A line diff printed as `diff -u` prints it, so it pastes into reviews and
/// applies with `patch -p1` or `git apply`.
///
/// Lines are compared as bytes, with their line end: a last line without a
/// `\n` differs from the same text with one, and prints GNU diff's
/// `\ No newline at end of file` marker.
package enum UnifiedDiff {
    /// Lines of context around each change, as `diff -u` uses by default.
    package static let defaultContext = 3

    /// Past this many saved frontier entries (about `D²` for `D` differing
    /// lines), the changed middle is shown as one deletion and one insertion
    /// instead of a minimal diff: memory stays bounded (32 MB) for logs that
    /// have little in common.
    static let maxStoredFrontier = 4_000_000

    /// The unified diff of `old` and `new`, or `""` when they are equal.
    ///
    /// - Parameters:
    ///   - oldLabel: the path printed on the `---` line (no `a/` prefix added).
    ///   - newLabel: the path printed on the `+++` line.
    ///   - linesBefore: lines, equal on both sides, that precede `old` and
    ///     `new` in the files they come from (a window of two long logs);
    ///     the hunk headers count them.
    package static func diff(
        _ old: [UInt8], _ new: [UInt8], oldLabel: String, newLabel: String, context: Int = defaultContext,
        linesBefore: Int = 0
    ) -> String {
        if old == new { return "" }
        let a = lines(old)
        let b = lines(new)
        let edits = script(a, b)
        var out: [UInt8] = []
        out.append(contentsOf: "--- \(oldLabel)\n+++ \(newLabel)\n".utf8)
        // Lines of each side before the next hunk, counted once over all hunks.
        var cursor = 0
        var oldBefore = linesBefore
        var newBefore = linesBefore
        for hunk in hunks(edits, context: context) {
            while cursor < hunk.lowerBound {
                switch edits[cursor] {
                case .keep:
                    oldBefore += 1
                    newBefore += 1
                case .delete: oldBefore += 1
                case .insert: newBefore += 1
                }
                cursor += 1
            }
            appendHunk(hunk, edits: edits, a: a, b: b, oldBefore: oldBefore, newBefore: newBefore, to: &out)
        }
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: - Lines

    /// The lines of `text`, each with its `\n` if it has one, so that a last
    /// line without a line end compares unequal to the same text with one.
    static func lines(_ text: [UInt8]) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        for i in text.indices where text[i] == LogBytes.newline {
            lines.append(text[start...i])
            start = i + 1
        }
        if start < text.count { lines.append(text[start...]) }
        return lines
    }

    // MARK: - Edit script

    enum Edit: Equatable {
        case keep(Int, Int)  // old index, new index
        case delete(Int)  // old index
        case insert(Int)  // new index
    }

    /// A shortest edit script (Myers 1986) after trimming the common prefix
    /// and suffix, with deletions before insertions in each changed run.
    static func script(_ a: [ArraySlice<UInt8>], _ b: [ArraySlice<UInt8>]) -> [Edit] {
        var prefix = 0
        while prefix < a.count && prefix < b.count && a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix && suffix < b.count - prefix
            && a[a.count - 1 - suffix] == b[b.count - 1 - suffix]
        {
            suffix += 1
        }
        var edits: [Edit] = []
        edits.reserveCapacity(a.count + b.count)
        for i in 0..<prefix { edits.append(.keep(i, i)) }
        edits += middle(a, b, from: prefix, aEnd: a.count - suffix, bEnd: b.count - suffix)
        for k in 0..<suffix { edits.append(.keep(a.count - suffix + k, b.count - suffix + k)) }
        return edits
    }

    /// Myers' greedy algorithm on `a[lo..<aEnd]` and `b[lo..<bEnd]`.
    private static func middle(
        _ a: [ArraySlice<UInt8>], _ b: [ArraySlice<UInt8>], from lo: Int, aEnd: Int, bEnd: Int
    ) -> [Edit] {
        let n = aEnd - lo
        let m = bEnd - lo
        let replaceAll = (0..<n).map { Edit.delete(lo + $0) } + (0..<m).map { Edit.insert(lo + $0) }
        if n == 0 || m == 0 { return replaceAll }
        let offset = n + m
        // v[offset + k]: the furthest x reached on diagonal k = x - y.
        var v = [Int](repeating: 0, count: 2 * offset + 2)
        // frontiers[d][k + d]: v after d differences, for k in -d...d (about D² entries in all).
        var frontiers: [[Int]] = []
        var stored = 0
        search: for d in 0...(n + m) {
            for k in stride(from: -d, through: d, by: 2) {
                var x =
                    (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]))
                    ? v[offset + k + 1]  // down: an insertion
                    : v[offset + k - 1] + 1  // right: a deletion
                var y = x - k
                while x < n && y < m && a[lo + x] == b[lo + y] {
                    x += 1
                    y += 1
                }
                v[offset + k] = x
                if x >= n && y >= m {
                    frontiers.append(Array(v[(offset - d)...(offset + d)]))
                    break search
                }
            }
            frontiers.append(Array(v[(offset - d)...(offset + d)]))
            stored += 2 * d + 1
            if stored > maxStoredFrontier { return replaceAll }
        }
        // Walk back from (n, m), one difference at a time.
        var edits: [Edit] = []
        var x = n
        var y = m
        for d in stride(from: frontiers.count - 1, through: 1, by: -1) {
            let previous = frontiers[d - 1]  // diagonals -(d-1)...(d-1)
            let k = x - y
            let down = k == -d || (k != d && previous[k - 1 + d - 1] < previous[k + 1 + d - 1])
            let previousK = down ? k + 1 : k - 1
            let previousX = previous[previousK + d - 1]
            let previousY = previousX - previousK
            let (midX, midY) = down ? (previousX, previousY + 1) : (previousX + 1, previousY)
            while x > midX && y > midY {
                x -= 1
                y -= 1
                edits.append(.keep(lo + x, lo + y))
            }
            if down {
                edits.append(.insert(lo + previousY))
            } else {
                edits.append(.delete(lo + previousX))
            }
            x = previousX
            y = previousY
        }
        while x > 0 && y > 0 {
            x -= 1
            y -= 1
            edits.append(.keep(lo + x, lo + y))
        }
        edits.reverse()
        return deletionsFirst(edits)
    }

    /// Reorders each run of changes so its deletions precede its insertions,
    /// as `diff -u` prints them.
    private static func deletionsFirst(_ edits: [Edit]) -> [Edit] {
        var result: [Edit] = []
        result.reserveCapacity(edits.count)
        var deletions: [Edit] = []
        var insertions: [Edit] = []
        func flushRun() {
            result += deletions
            result += insertions
            deletions.removeAll()
            insertions.removeAll()
        }
        for edit in edits {
            switch edit {
            case .keep:
                flushRun()
                result.append(edit)
            case .delete: deletions.append(edit)
            case .insert: insertions.append(edit)
            }
        }
        flushRun()
        return result
    }

    // MARK: - Hunks

    /// Ranges of `edits` to print: each change with `context` kept lines on
    /// either side; changes at most `2 × context` kept lines apart share a hunk.
    static func hunks(_ edits: [Edit], context: Int) -> [Range<Int>] {
        let changes = edits.indices.filter { if case .keep = edits[$0] { return false } else { return true } }
        var hunks: [Range<Int>] = []
        var k = 0
        while k < changes.count {
            let first = changes[k]
            var last = first
            k += 1
            while k < changes.count && changes[k] - last - 1 <= 2 * context {
                last = changes[k]
                k += 1
            }
            hunks.append(Swift.max(0, first - context)..<Swift.min(edits.count, last + 1 + context))
        }
        return hunks
    }

    private static func appendHunk(
        _ hunk: Range<Int>, edits: [Edit], a: [ArraySlice<UInt8>], b: [ArraySlice<UInt8>],
        oldBefore: Int, newBefore: Int, to out: inout [UInt8]
    ) {
        var oldCount = 0
        var newCount = 0
        for edit in edits[hunk] {
            switch edit {
            case .keep:
                oldCount += 1
                newCount += 1
            case .delete: oldCount += 1
            case .insert: newCount += 1
            }
        }
        out.append(contentsOf: "@@ -".utf8)
        appendRange(before: oldBefore, count: oldCount, to: &out)
        out.append(contentsOf: " +".utf8)
        appendRange(before: newBefore, count: newCount, to: &out)
        out.append(contentsOf: " @@\n".utf8)
        for edit in edits[hunk] {
            switch edit {
            case .keep(let i, _): appendLine(UInt8(ascii: " "), a[i], to: &out)
            case .delete(let i): appendLine(UInt8(ascii: "-"), a[i], to: &out)
            case .insert(let j): appendLine(UInt8(ascii: "+"), b[j], to: &out)
            }
        }
    }

    /// `first,count`; `first` alone when the count is 1; for an empty side,
    /// the number of the line it follows (GNU diff: `-0,0`).
    private static func appendRange(before: Int, count: Int, to out: inout [UInt8]) {
        appendDecimal(UInt64(count == 0 ? before : before + 1), to: &out)
        if count != 1 {
            out.append(LogBytes.comma)
            appendDecimal(UInt64(count), to: &out)
        }
    }

    private static func appendLine(_ prefix: UInt8, _ line: ArraySlice<UInt8>, to out: inout [UInt8]) {
        out.append(prefix)
        out.append(contentsOf: line)
        if line.last != LogBytes.newline {
            out.append(contentsOf: "\n\\ No newline at end of file\n".utf8)
        }
    }
}
