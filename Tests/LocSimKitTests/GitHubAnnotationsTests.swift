import Testing

@testable import LocSimKit
@testable import LocSimTool

/// `--annotations github` (docs/ci-shards.md, "Annotations"): GitHub's
/// escaping, paths relative to the workspace, and where a golden
/// mismatch is placed.
@Suite struct GitHubAnnotationsTests {
    let github = GitHubAnnotations(workspace: "/home/runner/work/app/app/", currentDirectory: "/home/runner/work/app/app")

    @Test func messagesEscapePercentCRAndLFAndPropertiesAlsoColonAndComma() {
        #expect(GitHubAnnotations.escapedData("50% a:b,c\r\nd") == "50%25 a:b,c%0D%0Ad")
        #expect(GitHubAnnotations.escapedProperty("50% a:b,c\r\nd") == "50%25 a%3Ab%2Cc%0D%0Ad")
        #expect(
            github.command(.warning, file: "a,b:c.scn", line: 3, column: 10, title: "t: x, y", message: "m\nn")
                == "::warning file=a%2Cb%3Ac.scn,line=3,col=10,title=t%3A x%2C y::m%0An\n")
    }

    @Test func pathsAreRelativeToTheWorkspace() {
        #expect(github.relative("/home/runner/work/app/app/Scenarios/a.scn") == "Scenarios/a.scn")
        #expect(github.relative("./Scenarios/a.scn") == "Scenarios/a.scn")
        #expect(github.relative("/tmp/a.scn") == "/tmp/a.scn")
        let below = GitHubAnnotations(workspace: "/w", currentDirectory: "/w/suite")
        #expect(below.relative("Scenarios/a.scn") == "suite/Scenarios/a.scn")
        let outside = GitHubAnnotations(workspace: "/w", currentDirectory: "/elsewhere")
        #expect(outside.relative("a.scn") == "a.scn")
        let none = GitHubAnnotations(workspace: nil, currentDirectory: "/w")
        #expect(none.relative("a.scn") == "a.scn")
    }

    @Test func diagnosticsKeepTheirPlaceAndSeverity() {
        #expect(
            github.annotation(ofDiagnostic: "x.scn:3:10: error: bad number 'x'", title: "locsim check")
                == "::error file=x.scn,line=3,col=10,title=locsim check::bad number 'x'\n")
        #expect(
            github.annotation(ofDiagnostic: "a:b.scn:2:1: warning: w: v", title: "t")
                == "::warning file=a%3Ab.scn,line=2,col=1,title=t::w: v\n")
        #expect(
            github.annotation(ofDiagnostic: "x.scn: error: cannot open", title: "t")
                == "::error file=x.scn,title=t::cannot open\n")
        #expect(github.annotation(ofDiagnostic: "locsim: error: no scenarios", title: "t") == "::error title=t::no scenarios\n")
        #expect(
            github.annotation(ofDiagnostic: "locsim: p.jsonl:2:1: error: a shard of another", title: "t")
                == "::error file=p.jsonl,line=2,col=1,title=t::a shard of another\n")
    }

    /// A golden's diff is placed on the golden's first changed line (the
    /// hunk's start plus its context before the change), quoting the diff.
    @Test func aMismatchIsAnnotatedOnTheGoldensFirstChangedLine() {
        let report =
            UnifiedDiff.diff(
                Array("a\nb\nc\nd\ne\nf\n".utf8), Array("a\nb\nc\nd\nE\nf\n".utf8), oldLabel: "a/S/x.log",
                newLabel: "b/S/x.log")
            + "S/x.scn: the replayed log is in S/x.actual.log\nS/x.scn:9:1: error: expectation failed: expect y\n"
        let commands = github.annotations(ofReport: report, scenario: "S/x.scn")
        let lines = commands.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(
            lines[0].hasPrefix(
                "::error file=S/x.log,line=5,title=locsim check%3A golden mismatch::S/x.scn does not replay as its golden S/x.log%0A--- a/S/x.log%0A+++ b/S/x.log%0A@@ -2,5 +2,5 @@"
            ))
        #expect(lines[0].hasSuffix("-e%0A+E%0A f%0AS/x.scn: the replayed log is in S/x.actual.log"))
        #expect(lines[1] == "::error file=S/x.scn,line=9,col=1,title=locsim check::expectation failed: expect y")
    }
}
