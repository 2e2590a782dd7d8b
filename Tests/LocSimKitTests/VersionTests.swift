import Foundation  // reading CHANGELOG.md and the docs (tests only)
import Testing

@testable import LocSimKit

/// The version is written in three places a user reads, and they agree
/// (Sources/LocSimKit/LocSimKit.docc/SwiftAPI.md, "Versions"): what `locsim --version` prints, the
/// newest heading of CHANGELOG.md, and the `from:` a package depends on.
@Suite struct VersionTests {
    static let root = PublicAPITests.root

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func toolVersionIsSemantic() {
        let parts = LocSimVersion.tool.split(separator: ".", omittingEmptySubsequences: false)
        #expect(
            parts.count == 3 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }, "\(LocSimVersion.tool)")
    }

    @Test func changelogNewestHeadingIsTheToolVersion() throws {
        // A leading "## Unreleased" gathers work between releases; the
        // release renames it to the version, in the commit that sets it.
        let headings = try Self.text("CHANGELOG.md").split(separator: "\n").filter { $0.hasPrefix("## ") }
            .drop { $0 == "## Unreleased" }
        #expect(
            headings.first == "## \(LocSimVersion.tool)",
            "CHANGELOG.md's newest heading: \(String(describing: headings.first))")
    }

    @Test func swiftAPIDependencyLineNamesTheToolVersion() throws {
        let docs = try Self.text("Sources/LocSimKit/LocSimKit.docc/SwiftAPI.md")
        #expect(
            docs.contains(#".package(url: "https://…/locsim.git", .upToNextMinor(from: "\#(LocSimVersion.tool)"))"#))
        #expect(docs.contains("tag `\(LocSimVersion.tool)`"))
    }

    @Test func readmeNamesTheToolVersion() throws {
        #expect(try Self.text("README.md").contains("This is locsim \(LocSimVersion.tool)"))
    }
}
