import Foundation  // reading the sources and docs (tests only)
import Testing

/// The library's public surface is deliberate: every `public` (or `open`)
/// declaration in Sources/LocSimKit, Sources/LocSimGPX and
/// Sources/LocSimCoreLocation is listed in
/// docs/public-api.txt, and nothing else is public. What serves only the
/// `locsim` tools is `package`. Making something public, or no longer
/// public, means changing that list in the same commit (Sources/LocSimKit/LocSimKit.docc/SwiftAPI.md,
/// "Stability"); `LOCSIM_RECORD=1 swift test --filter PublicAPITests`
/// rewrites it, and still fails so the change is looked at.
///
/// The `Examples/` package (another package, so it sees only `public`) uses
/// every entry of the list; together they catch a declaration that becomes
/// public by accident and one that stops being public.
@Suite struct PublicAPITests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let list = "docs/public-api.txt"
    static let modules = ["LocSimKit", "LocSimGPX", "LocSimCoreLocation", "LocSimRecorder"]

    @Test func publicDeclarationsAreTheListedOnes() throws {
        let found = try Self.modules.flatMap { try Self.publicDeclarations(module: $0) }.sorted()
        let text = found.map { $0 + "\n" }.joined()
        let listURL = Self.root.appendingPathComponent(Self.list)
        if getenv("LOCSIM_RECORD") != nil {
            try text.write(to: listURL, atomically: true, encoding: .utf8)
            Issue.record("recorded \(Self.list); check the change and run again")
            return
        }
        let listed = try String(contentsOf: listURL, encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let added = found.filter { !listed.contains($0) }
        let removed = listed.filter { !found.contains($0) }
        #expect(added.isEmpty, "public but not in \(Self.list) (make it package, or list it): \(added)")
        #expect(removed.isEmpty, "in \(Self.list) but not public: \(removed)")
        #expect(listed == listed.sorted(), "\(Self.list) is kept sorted")
    }

    /// The lister sees through attributes, nesting, extensions and
    /// declarations written over several lines, so none hides a public symbol.
    @Test func listerFindsEveryKindOfPublicDeclaration() {
        let source = """
            public struct Outer: Equatable {
                /// a doc comment that says public
                public var x = 1
                package var hidden: Int
                @inlinable public func f(
                    _ a: Int,
                    b: Int = 0
                ) -> Int { a }
                public enum Inner {
                    public static let y = 2
                }
                open class Base {}
            }

            extension Outer.Inner {
                public var z: Int { 3 }
            }
            public func free() {}
            """
        #expect(
            Self.declarations(in: source, module: "M") == [
                "M: public struct Outer: Equatable",
                "M.Outer: public var x",
                "M.Outer: @inlinable public func f(_ a: Int, b: Int = 0) -> Int",
                "M.Outer: public enum Inner",
                "M.Outer.Inner: public static let y",
                "M.Outer: open class Base",
                "M.Outer.Inner: public var z: Int",
                "M: public func free()",
            ])
    }

    static func publicDeclarations(module: String) throws -> [String] {
        let folder = root.appendingPathComponent("Sources/\(module)")
        guard let files = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var found: [String] = []
        for case let file as String in files where file.hasSuffix(".swift") {
            let source = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            found += declarations(in: source, module: module)
        }
        return found
    }

    /// `<module>.<enclosing type>: <declaration>` for each public or open
    /// declaration: its text up to the body, whitespace collapsed, a stored
    /// value's initial value left out (it is not surface).
    static func declarations(in source: String, module: String) -> [String] {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var scopes: [(indent: Int, name: String)] = []
        var result: [String] = []
        var i = 0
        while i < lines.count {
            let line = lines[i]
            var declaration = line.trimmingCharacters(in: .whitespaces)
            let indent = line.prefix { $0 == " " }.count
            if declaration.isEmpty || declaration.hasPrefix("//") || declaration.hasPrefix("*") {
                i += 1
                continue
            }
            while let last = scopes.last, last.indent >= indent { scopes.removeLast() }
            let modifiers = leadingModifiers(declaration)
            if modifiers.contains("public") || modifiers.contains("open") {
                // A declaration over several lines: up to its closing parenthesis.
                while parenthesisDepth(declaration) > 0, i + 1 < lines.count {
                    i += 1
                    let next = lines[i].trimmingCharacters(in: .whitespaces)
                    declaration += (declaration.hasSuffix("(") || next.hasPrefix(")") ? "" : " ") + next
                }
                let scope = ([module] + scopes.map(\.name)).joined(separator: ".")
                result.append("\(scope): \(signature(declaration))")
            }
            let words = declaration.split(separator: " ").map(String.init)
            if declaration.hasSuffix("{"), let k = words.firstIndex(where: typeIntroducers.contains),
                modifiers.count == k, k + 1 < words.count
            {
                let name = words[k + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
                scopes.append((indent, String(name)))
            }
            i += 1
        }
        return result
    }

    static let typeIntroducers: Set<String> = ["struct", "enum", "class", "protocol", "extension", "actor"]
    static let modifierWords: Set<String> = [
        "public", "open", "package", "internal", "fileprivate", "private", "static", "final", "mutating",
        "nonmutating", "override", "indirect", "convenience", "required", "lazy", "weak", "unowned",
        "nonisolated", "dynamic", "prefix", "postfix", "infix", "consuming", "borrowing",
    ]

    /// The attributes and modifiers a declaration starts with (an attribute's
    /// arguments, as in `@available(iOS 13, *)`, skipped).
    static func leadingModifiers(_ declaration: String) -> [String] {
        var modifiers: [String] = []
        var depth = 0
        for word in declaration.split(separator: " ").map(String.init) {
            if depth > 0 || word.hasPrefix("@") || modifierWords.contains(word) {
                modifiers.append(word)
                depth += parenthesisDepth(word)
            } else {
                break
            }
        }
        return modifiers
    }

    static func parenthesisDepth(_ text: String) -> Int {
        text.reduce(0) { $0 + ($1 == "(" ? 1 : $1 == ")" ? -1 : 0) }
    }

    /// The declaration without its body, or for `let`/`var`, its initial value.
    static func signature(_ declaration: String) -> String {
        var text = Substring(declaration)
        if let brace = text.range(of: " {") { text = text[..<brace.lowerBound] }
        let words = text.split(separator: " ")
        if words.contains("let") || words.contains("var"), let value = text.range(of: " = ") {
            text = text[..<value.lowerBound]
        }
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
