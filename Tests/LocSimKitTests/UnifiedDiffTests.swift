import Testing

@testable import LocSimKit

@Suite struct UnifiedDiffTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var old: String
        var new: String
        /// The hunks, as GNU `diff -u` 3.8 prints them for the same files.
        var hunks: String
        var testDescription: String { name }
    }

    static func lines(_ range: ClosedRange<Int>) -> String {
        range.map { "line \($0)\n" }.joined()
    }

    static let cases: [Case] = [
        Case(
            name: "one changed line, three lines of context", old: lines(1...10),
            new: lines(1...4) + "LINE 5\n" + lines(6...10),
            hunks: "@@ -2,7 +2,7 @@\n line 2\n line 3\n line 4\n-line 5\n+LINE 5\n line 6\n line 7\n line 8\n"),
        Case(
            name: "insertion at the start", old: lines(1...5), new: "new\n" + lines(1...5),
            hunks: "@@ -1,3 +1,4 @@\n+new\n line 1\n line 2\n line 3\n"),
        Case(
            name: "deletion at the end", old: lines(1...5), new: lines(1...4),
            hunks: "@@ -2,4 +2,3 @@\n line 2\n line 3\n line 4\n-line 5\n"),
        Case(
            name: "changes six lines apart share a hunk", old: lines(1...12),
            new: "x\n" + lines(2...7) + "y\n" + lines(9...12),
            hunks:
                "@@ -1,11 +1,11 @@\n-line 1\n+x\n line 2\n line 3\n line 4\n line 5\n line 6\n line 7\n-line 8\n+y\n line 9\n line 10\n line 11\n"
        ),
        Case(
            name: "changes seven lines apart get two hunks", old: lines(1...13),
            new: "x\n" + lines(2...8) + "y\n" + lines(10...13),
            hunks:
                "@@ -1,4 +1,4 @@\n-line 1\n+x\n line 2\n line 3\n line 4\n@@ -6,7 +6,7 @@\n line 6\n line 7\n line 8\n-line 9\n+y\n line 10\n line 11\n line 12\n"
        ),
        Case(name: "from empty", old: "", new: "a\nb\n", hunks: "@@ -0,0 +1,2 @@\n+a\n+b\n"),
        Case(name: "to empty", old: "a\nb\n", new: "", hunks: "@@ -1,2 +0,0 @@\n-a\n-b\n"),
        Case(name: "a one-line file", old: "a\n", new: "b\n", hunks: "@@ -1 +1 @@\n-a\n+b\n"),
        Case(
            name: "insertion in the middle", old: lines(1...8), new: lines(1...4) + "new\n" + lines(5...8),
            hunks: "@@ -2,6 +2,7 @@\n line 2\n line 3\n line 4\n+new\n line 5\n line 6\n line 7\n"),
        Case(
            name: "deletions print before insertions", old: "a\nb\nc\nd\n", new: "a\nx\ny\nd\n",
            hunks: "@@ -1,4 +1,4 @@\n a\n-b\n-c\n+x\n+y\n d\n"),
        Case(
            name: "newline added at the end", old: "a\nb", new: "a\nb\n",
            hunks: "@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n"),
        Case(
            name: "newline removed at the end", old: "a\nb\n", new: "a\nb",
            hunks: "@@ -1,2 +1,2 @@\n a\n-b\n+b\n\\ No newline at end of file\n"),
    ]

    @Test(arguments: cases)
    func matchesDiffU(_ c: Case) {
        let diff = UnifiedDiff.diff(Array(c.old.utf8), Array(c.new.utf8), oldLabel: "a/x.log", newLabel: "b/x.log")
        #expect(diff == "--- a/x.log\n+++ b/x.log\n" + c.hunks)
    }

    @Test func equalTextsHaveNoDiff() {
        let text = Array(Self.lines(1...5).utf8)
        #expect(UnifiedDiff.diff(text, text, oldLabel: "a", newLabel: "b") == "")
    }

    /// Random edits: applying the printed diff to the old text gives the new
    /// one, and no more lines change than the edit made.
    @Test(arguments: 0..<200)
    func applyingTheDiffGivesTheNewText(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed))
        let old = (0..<Int(random.next() % 40)).map { _ in "l\(random.next() % 8)\n" }
        var new = old
        var edits = 0
        for _ in 0..<Int(random.next() % 6) {
            let at = new.isEmpty ? 0 : Int(random.next() % UInt64(new.count + 1))
            switch random.next() % 3 {
            case 0: new.insert("n\(random.next() % 8)\n", at: at)
            case 1: if at < new.count { new.remove(at: at) }
            default: if at < new.count { new[at] = "c\(random.next() % 8)\n" }
            }
            edits += 1
        }
        let diff = UnifiedDiff.diff(Array(old.joined().utf8), Array(new.joined().utf8), oldLabel: "a", newLabel: "b")
        let patched = try Self.apply(diff, to: old)
        #expect(patched == new)
        let changed = diff.split(separator: "\n").dropFirst(2).filter { $0.hasPrefix("+") || $0.hasPrefix("-") }.count
        #expect(changed <= 2 * edits)
    }

    @Test func textsWithNothingInCommonStayBounded() {
        // Far past the frontier limit: falls back to delete-all, insert-all.
        let old = (0..<5000).map { "a\($0)\n" }.joined()
        let new = (0..<5000).map { "b\($0)\n" }.joined()
        let diff = UnifiedDiff.diff(Array(old.utf8), Array(new.utf8), oldLabel: "a", newLabel: "b")
        #expect(diff.hasPrefix("--- a\n+++ b\n@@ -1,5000 +1,5000 @@\n-a0\n"))
    }

    /// Applies a unified diff made by `UnifiedDiff` to `lines`.
    static func apply(_ diff: String, to lines: [String]) throws -> [String] {
        var result: [String] = []
        var next = 0  // index of the next old line to copy
        for raw in diff.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2) {
            let line = String(raw)
            if line.hasPrefix("@@ -") {
                let oldPart = line.dropFirst(4).prefix { $0 != " " }
                let fields = oldPart.split(separator: ",")
                var start = try #require(Int(fields[0]))
                let count = fields.count > 1 ? try #require(Int(fields[1])) : 1
                if count > 0 { start -= 1 }  // 1-based, or "after line N" when empty
                while next < start {
                    result.append(lines[next])
                    next += 1
                }
            } else if line.hasPrefix(" ") {
                result.append(lines[next])
                next += 1
            } else if line.hasPrefix("-") {
                next += 1
            } else if line.hasPrefix("+") {
                result.append(String(line.dropFirst()) + "\n")
            }
        }
        result += lines[next...]
        return result
    }
}
