import Foundation  // reading the docs and sources (tests only)
import Testing

@testable import LocSimKit

/// docs/ cannot drift from the code: every word the parser accepts and every
/// word the log prints is documented in a code span under docs/, and the
/// README's quickstart is the real scenario and its real log.
///
/// The keyword lists come from the code's own tables (the enums the parser
/// reads words into, the lists its error messages print, the string
/// literals it matches words against), never from a copy here.
@Suite struct DocumentationTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    static func files(in folder: String, suffix: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
            .filter { $0.hasSuffix(suffix) }.sorted().map { folder + "/" + $0 }
    }

    /// Every identifier-like word inside a code span or fenced block of docs/*.md.
    static func documentedWords() throws -> Set<String> {
        var words = Set<String>()
        for file in try files(in: "docs", suffix: ".md") {
            for span in codeSpans(try read(file)) {
                for word in span.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }) {
                    words.insert(String(word))
                }
            }
        }
        return words
    }

    /// The text of fenced blocks and of inline `code` spans.
    static func codeSpans(_ markdown: String) -> [Substring] {
        var spans: [Substring] = []
        var inFence = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inFence.toggle()
                continue
            }
            if inFence {
                spans.append(line)
                continue
            }
            let parts = line.split(separator: "`", omittingEmptySubsequences: false)
            for (i, part) in parts.enumerated() where i % 2 == 1 { spans.append(part) }
        }
        return spans
    }

    /// Words in `source` captured by `pattern`'s first group.
    static func captures(_ pattern: String, in source: String) throws -> [String] {
        let regex = try NSRegularExpression(pattern: pattern)
        let range = NSRange(source.startIndex..., in: source)
        return regex.matches(in: source, range: range).compactMap { match in
            Range(match.range(at: 1), in: source).map { String(source[$0]) }
        }
    }

    static func list(_ joined: String) -> [String] {
        joined.components(separatedBy: ", ")
    }

    /// The words the parser accepts, by where they come from.
    static func parserKeywords() throws -> [(String, [String])] {
        var literals: [String] = []
        for file in try files(in: "Sources/LocSimKit/Scenario", suffix: ".swift") {
            // `s.matches(word, "fix")`: every bare word the parser compares a token with.
            literals += try captures(#"matches\([^,()]+, "([A-Za-z]+)"\)"#, in: try read(file))
        }
        return [
            ("header word", HeaderKeyword.allCases.map(\.rawValue)),
            ("event", EventKeyword.allCases.map(\.rawValue)),
            ("app call", AppCallKeyword.allCases.map(\.rawValue)),
            ("property", PropertyKeyword.allCases.map(\.rawValue)),
            ("desiredAccuracy", DesiredAccuracy.allCases.map(\.rawValue)),
            ("answer", Answer.allCases.map(\.rawValue)),
            ("settings choice", SettingsChoice.allCases.map(\.rawValue) + list(ScenarioParser.settingsWords)),
            ("parameter", ParameterSetting.kinds.map(\.0)),
            ("delegate method", DelegateMethods.names.map(\.0)),
            ("platform", Platform.OS.allCases.map(\.rawValue)),
            ("proximity", Proximity.allCases.map(\.rawValue)),
            ("word the parser matches", literals),
        ]
    }

    /// The words the log prints, by where they come from.
    static func logKeywords() throws -> [(String, [String])] {
        let fields = try read("Sources/LocSimKit/Log/Record+Fields.swift")
        let json = try read("Sources/LocSimKit/Log/JSONLogWriter.swift")
        return [
            ("log kind", RecordFilter.kinds),
            ("drop reason", DropReason.allCases.map(\.rawValue)),
            ("hold reason", HoldReason.allCases.map(\.rawValue)),
            ("wake reason", WakeReason.allCases.map(\.rawValue)),
            ("terminate reason", TerminateReason.allCases.map(\.rawValue)),
            ("in-use reason", InUseBeginReason.allCases.map(\.rawValue) + InUseEndReason.allCases.map(\.rawValue)),
            ("prompt kind", PromptKind.allCases.map(\.rawValue)),
            ("status", AuthorizationStatus.allCases.map(\.rawValue)),
            ("settings display", SettingsDisplay.allCases.map(\.rawValue)),
            ("error code", CLErrorCode.allCases.map(\.rawValue)),
            ("region state", RegionState.allCases.map(\.rawValue)),
            // `sink.word("event", "fix")`: field names and fixed values the records print.
            (
                "field or value",
                try captures(#"sink\.\w+\("(\w+)""#, in: fields)
                    + captures(#"sink\.\w+\("\w+", "(\w+)""#, in: fields)
            ),
            ("JSON field", try captures(#"key\("(\w+)"\)"#, in: json)),
        ]
    }

    @Test func everyParserKeywordIsDocumented() throws {
        let documented = try Self.documentedWords()
        for (what, words) in try Self.parserKeywords() {
            #expect(!words.isEmpty, "no \(what) found in the code: the test lost its source")
            let missing = words.filter { !documented.contains($0) }
            #expect(missing == [], "\(what) accepted but not documented in a code span under docs/")
        }
    }

    @Test func everyLogKeywordIsDocumented() throws {
        let documented = try Self.documentedWords()
        for (what, words) in try Self.logKeywords() {
            #expect(!words.isEmpty, "no \(what) found in the code: the test lost its source")
            let missing = words.filter { !documented.contains($0) }
            #expect(missing == [], "\(what) printed but not documented in a code span under docs/")
        }
    }

    /// The check can fail: a word in no code span is not found, and the
    /// sources it reads do yield the words it is meant to find.
    @Test func theCheckCanFail() throws {
        let documented = try Self.documentedWords()
        #expect(!documented.contains("notAKeywordOfLocsim"))
        let spans = Self.codeSpans("a `b c` d\n```\ne f\n```\ng `h`").map(String.init)
        #expect(spans == ["b c", "e f", "h"])
        let literals = try Self.parserKeywords().first { $0.0 == "word the parser matches" }?.1 ?? []
        #expect(literals.contains("notBusy") && literals.contains("tapNotification") && literals.contains("speed"))
    }
}
