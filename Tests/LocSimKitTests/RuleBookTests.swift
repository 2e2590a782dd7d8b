import Foundation  // reading the docs (tests only)
import Testing

@testable import LocSimKit

/// `RuleBook.swift` is generated from the docs (tests/rule-book.sh) and
/// committed: it must say what docs/rules.md and docs/modern.md say.
@Suite struct RuleBookTests {
    @Test func theTableIsTheDocsHeadings() throws {
        var expected: [String] = []
        for line in try DocumentationTests.read("docs/rules.md").split(separator: "\n") where line.hasPrefix("## ") {
            let number = line.dropFirst(3).prefix(while: \.isNumber)
            guard !number.isEmpty, line.dropFirst(3 + number.count).hasPrefix(". ") else { continue }
            expected.append("§\(number) " + line.dropFirst(3 + number.count + 2))
        }
        for line in try DocumentationTests.read("docs/modern.md").split(separator: "\n") where line.hasPrefix("**M") {
            let number = line.dropFirst(3).prefix(while: \.isNumber)
            let rest = line.dropFirst(3 + number.count)
            guard !number.isEmpty, rest.hasPrefix(" — "), let end = rest.range(of: ".**") else { continue }
            expected.append("M\(number) " + rest[rest.index(rest.startIndex, offsetBy: 3)..<end.lowerBound])
        }
        #expect(expected.count > 30)
        #expect(
            RuleBook.sections.map { "\($0.id) \($0.title)" } == expected,
            "run tests/rule-book.sh to write Sources/LocSimKit/Check/RuleBook.swift again")
    }
}
