import Testing

@testable import LocSimKit

/// `Explore.shrink` (`explore --counterexamples <dir> --shrink`,
/// docs/explore.md, "Shrinking").
@Suite struct ExploreShrinkTests {
    /// One `user any` whose answer decides `expect final auth denied`: only
    /// Don't Allow ends denied.
    static let deniedByAnswer = """
        locsim 1
        platform iOS 13.0
        plist NSLocationWhenInUseUsageDescription "Why"
        expect final auth denied
        0 launch
        1 app requestWhenInUseAuthorization
        2 user any

        """

    /// How `run` fails a scenario: the error or the failed `expect` lines,
    /// each with the scenario line it stands for (`lines[n - 1]`: the
    /// scenario's number of line `n`, `nil` for a line explore wrote).
    static func failure(_ text: String, lines: [Int?]) -> [String] {
        let replayed = Explore.replay(text)
        func line(_ n: Int) -> String { n >= 1 && n <= lines.count ? lines[n - 1].map(String.init) ?? "-" : "?" }
        if let error = replayed.error {
            return ["\(line(error.location.line)):\(error.location.column): \(error.message)"]
        }
        return replayed.records.compactMap(\.failedExpectation).map {
            "\(line($0.location.line)):\($0.location.column): \($0.reason)"
        }
    }

    /// The scenario's line numbers a shrunk file gives in its comment.
    static func mapped(_ shrunk: String) throws -> [Int?] {
        let marker = "# locsim explore: their lines in the scenario (-: written by explore): "
        let line = try #require(shrunk.split(separator: "\n").first { $0.hasPrefix(marker) })
        return line.dropFirst(marker.count).split(separator: ", ").map { Int($0) }
    }

    /// Every counterexample of every shipped explore scenario, on every
    /// platform, written and shrunk: `body` gets the scenario's name, the
    /// platform, its bytes on that platform, the counterexample, its text,
    /// the `expect` line it fails (nil for an error) and the shrink.
    static func forEachShippedShrunk(
        _ body: (String, Platform, [UInt8], Explore.Report.Counterexample, String, Int?, Explore.Shrunk) throws -> Void
    ) throws {
        for name in try DocumentationTests.files(in: "Scenarios/explore", suffix: ".scn") {
            let text = try DocumentationTests.read(name)
            let own = try #require(text.split(separator: "\n").first { $0.hasPrefix("platform ") })
            for platform in Matrix.allPlatforms {
                let bytes = Array(text.replacingOccurrences(of: "\n\(own)\n", with: "\nplatform \(platform)\n").utf8)
                guard let report = try ExploreClosedLoopTests.shipped({ try Explore(jobs: 1).run(bytes) }) else {
                    continue
                }
                for file in report.counterexamples {
                    let written = try Explore.counterexample(
                        bytes, path: file.path, platform: file.platform, stoppedAt: file.stoppedAt)
                    let expectLine = file.stoppedAt == nil ? Int(file.suffix.dropFirst("expect-".count)) : nil
                    let shrunk = try #require(
                        Explore.shrink(
                            written, scenario: bytes, path: file.path, platform: file.platform, expectLine: expectLine,
                            passing: report.passingPaths(file)),
                        "\(name) on \(platform): \(file.suffix)")
                    // The cause is kept: where some path passes, the shrunk file passes on one.
                    #expect(
                        report.passingPaths(file).isEmpty || Self.hasWitness(shrunk),
                        "\(name) on \(platform): \(file.suffix)\n\(shrunk.text)")
                    try body(name, platform, bytes, file, written, expectLine, shrunk)
                }
            }
        }
    }

    /// Every counterexample of the shipped explore scenarios, on every
    /// platform: the shrunk file is no longer than the unshrunk one, and
    /// `run` fails it the same way (the same error or `expect` failure at
    /// the same line of the scenario, through the line map it gives).
    @Test func everyShippedCounterexampleShrinksToTheSameFailure() throws {
        var before = 0
        var after = 0
        try Self.forEachShippedShrunk { name, platform, bytes, file, written, expectLine, shrunk in
            let origins = Explore.origins(
                written.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
                scenario: bytes)
            var want = Self.failure(written, lines: origins)
            if let expectLine { want = want.filter { $0.hasPrefix("\(expectLine):") } }
            let got = Self.failure(shrunk.text, lines: try Self.mapped(shrunk.text))
            #expect(!want.isEmpty)
            #expect(
                expectLine == nil ? got == want : got.contains(want[0]),
                "\(name) on \(platform): \(file.suffix)\n\(shrunk.text)")
            #expect(shrunk.kept <= shrunk.lines)
            before += shrunk.lines
            after += shrunk.kept
        }
        #expect(after < before / 2, "shrinking kept \(after) of \(before) lines")
    }

    /// No kept line may go alone (but the `locsim` and `platform` lines):
    /// each one dropped, `run` fails otherwise or not at all, or the choice
    /// made otherwise no longer passes (the witness of the failure's cause).
    @Test func aShrunkCounterexampleIsOneMinimal() throws {
        let scenario = Array(ExploreClosedLoopTests.geofence.utf8)
        let report = try Explore(jobs: 1).run(scenario)
        let file = try #require(report.counterexamples.first { $0.suffix.hasPrefix("expect-") })
        let line = try #require(Int(file.suffix.dropFirst("expect-".count)))
        let written = try Explore.counterexample(scenario, path: file.path, platform: file.platform)
        let shrunk = try #require(
            Explore.shrink(written, scenario: scenario, path: file.path, platform: file.platform, expectLine: line))
        let map = try Self.mapped(shrunk.text)
        let code = shrunk.text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
        let want = Self.failure(shrunk.text, lines: map).filter { $0.hasPrefix("\(line):") }
        #expect(want.count == 1)
        #expect(code.count < written.split(separator: "\n").count)
        for i in code.indices where !code[i].hasPrefix("locsim ") && !code[i].hasPrefix("platform ") {
            var fewer = code
            fewer.remove(at: i)
            var lines = map
            lines.remove(at: i)
            let got = Self.failure(fewer.joined(separator: "\n") + "\n", lines: lines)
            let witnessed = shrunk.choices.compactMap { c in c.passesWith.map { (c.choice, $0) } }.allSatisfy {
                choice, other in
                Self.passes(Self.madeOtherwise(fewer, choice, other), line: line, lines: lines)
            }
            #expect(!got.contains(want[0]) || !witnessed, "line \(i + 1) '\(code[i])' was not needed")
        }
    }

    /// A choice whose line the failure does not need is dropped; one
    /// whose other options lose the failure is needed.
    @Test func choicesAreNeededOrNotNeeded() throws {
        // Only Don't Allow ends denied: the answer that fails is needed.
        let needed = Self.deniedByAnswer
        #expect(try Self.freedoms(needed) == [.needed])
        // iOS 13 has no temporary full accuracy: the error needs no answer.
        let notNeeded = """
            locsim 1
            platform iOS 13.0
            plist NSLocationWhenInUseUsageDescription "Why"
            0 launch
            1 app requestWhenInUseAuthorization
            5 app requestTemporaryFullAccuracyAuthorization purpose

            """
        #expect(try Self.freedoms(notNeeded) == [.notNeeded])
    }

    /// Over the shipped explore scenarios on every platform: a choice said
    /// to vary freely keeps the failure with each other option of its
    /// choice point written in its place; one said to be needed loses it
    /// with some other option (checked here by replaying, apart from the
    /// shrink's own replays).
    @Test func freeChoicesKeepTheFailureWithEveryOtherOption() throws {
        var needed = 0
        try Self.forEachShippedShrunk { name, platform, bytes, file, written, expectLine, shrunk in
            let map = try Self.mapped(shrunk.text)
            let lines = shrunk.text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
            let want = Self.failure(shrunk.text, lines: map).filter { f in
                expectLine.map { f.hasPrefix("\($0):") } ?? true
            }
            let offered = Explore.offered(bytes, path: file.path, platform: file.platform)
            for (k, c) in shrunk.choices.enumerated() where c.freedom != .notNeeded {
                let chosen = "\(c.choice.time) \(Scenario.text(of: c.choice.event))"
                #expect(lines.contains(chosen))
                let kept = offered.others[k].map { other in
                    let changed = Self.madeOtherwise(lines, c.choice, other)
                    return Self.failure(changed.joined(separator: "\n") + "\n", lines: map) == want
                }
                if let other = c.passesWith {
                    let line = expectLine ?? 0
                    #expect(
                        Self.passes(Self.madeOtherwise(lines, c.choice, other), line: line, lines: map),
                        "\(name) on \(platform): \(chosen) with \(other.name)")
                }
                if c.freedom == .free {
                    #expect(kept.allSatisfy { $0 }, "\(name) on \(platform): \(chosen)")
                } else {
                    needed += 1
                    #expect(kept.contains(false), "\(name) on \(platform): \(chosen)")
                }
            }
        }
        #expect(needed > 0)
    }

    /// docs/explore.md, "Shrinking": the example's shrunk file is what
    /// `shrink` writes for its scenario.
    @Test func theDocumentedExampleIsWhatShrinkWrites() throws {
        let doc = try DocumentationTests.read("docs/explore.md")
        let from = try #require(doc.range(of: "that needs Don't Allow,")).upperBound
        let blocks = doc[from...].components(separatedBy: "```\n").enumerated().filter { $0.offset % 2 == 1 }.map(
            \.element)
        let scenario = Array(blocks[0].utf8)
        let report = try Explore(jobs: 1).run(scenario)
        let file = try #require(report.counterexamples.first)
        #expect(file.suffix == "expect-4")
        let written = try Explore.counterexample(scenario, path: file.path, platform: file.platform)
        let shrunk = try #require(
            Explore.shrink(
                written, scenario: scenario, path: file.path, platform: file.platform, expectLine: 4,
                passing: report.passingPaths(file)))
        #expect(shrunk.text == blocks[1])
    }

    /// The replay budget covers the choices' freedom too (before, only the
    /// delta debugging: a path of 2000 choices of 6 options each could
    /// replay 10,000 times past the documented 5000): never more replays
    /// than the budget, and a choice the budget did not reach is `untried`,
    /// not claimed to matter.
    @Test func theReplayBudgetCoversTheChoices() throws {
        let text = Self.deniedByAnswer
        let scenario = Array(text.utf8)
        let report = try Explore(jobs: 1).run(scenario)
        let file = try #require(report.counterexamples.first)
        let written = try Explore.counterexample(scenario, path: file.path, platform: file.platform)
        let whole = try #require(
            Explore.shrink(written, scenario: scenario, path: file.path, platform: file.platform, expectLine: 4))
        #expect(whole.choices.map(\.freedom) == [.needed])
        for budget in 1..<whole.replays {
            let shrunk = try #require(
                Explore.shrink(
                    written, scenario: scenario, path: file.path, platform: file.platform, expectLine: 4,
                    maxReplays: budget))
            #expect(shrunk.replays <= budget)
            #expect(shrunk.choices.allSatisfy { $0.freedom == .needed || $0.freedom == .untried })
        }
        let starved = try #require(
            Explore.shrink(
                written, scenario: scenario, path: file.path, platform: file.platform, expectLine: 4, maxReplays: 1))
        #expect(starved.choices.map(\.freedom) == [.untried])
        #expect(starved.text.contains("# locsim explore: choices that were not tried (the shrink's replays ran out): "))
    }

    /// The freedoms of the first counterexample's choices.
    static func freedoms(_ text: String) throws -> [Explore.Freedom] {
        let scenario = Array(text.utf8)
        let report = try Explore(jobs: 1).run(scenario)
        let file = try #require(report.counterexamples.first)
        let written = try Explore.counterexample(
            scenario, path: file.path, platform: file.platform, stoppedAt: file.stoppedAt)
        let line = file.stoppedAt == nil ? Int(file.suffix.dropFirst("expect-".count)) : nil
        let shrunk = try #require(
            Explore.shrink(written, scenario: scenario, path: file.path, platform: file.platform, expectLine: line))
        return shrunk.choices.map(\.freedom)
    }

    /// True when the shrink kept a witness of the failure's cause: a
    /// choice some other option of which makes it pass, or a path that does.
    static func hasWitness(_ shrunk: Explore.Shrunk) -> Bool {
        shrunk.passingPath != nil || shrunk.choices.contains { $0.passesWith != nil }
    }

    /// `lines` with `choice`'s line made as `other` (left out for doing
    /// nothing; for another instant of a window, moved by its time).
    static func madeOtherwise(_ lines: [String], _ choice: ExploreChoice, _ other: Explore.Alternative) -> [String] {
        let chosen = "\(choice.time) \(Scenario.text(of: choice.event))"
        var changed = lines
        guard let at = changed.firstIndex(of: chosen) else { return changed }
        changed.remove(at: at)
        guard let line = other.line else { return changed }
        guard other.moved, let time = Explore.time(of: line) else {
            changed.insert(line, at: at)
            return changed
        }
        let later = changed.firstIndex { Explore.time(of: $0).map { $0 > time } ?? false } ?? changed.count
        changed.insert(line, at: later)
        return changed
    }

    /// True when `run` of `lines` stops with no error and holds the `expect`
    /// line the scenario numbers `line` (0: any, for an error's file).
    static func passes(_ lines: [String], line: Int, lines map: [Int?]) -> Bool {
        let code = lines.filter { !$0.hasPrefix("#") }
        let replayed = Explore.replay(code.joined(separator: "\n") + "\n")
        guard replayed.error == nil else { return false }
        return line == 0
            || !Self.failure(code.joined(separator: "\n") + "\n", lines: map).contains {
                $0.hasPrefix("\(line):")
            }
    }

    /// Explores `text` and shrinks each counterexample, the rows' passing
    /// paths given: `body` gets each shrink with its `expect` line.
    static func shrinkEach(
        _ text: String, systemTerminations: Int = 0, _ body: (Explore.Shrunk, Int?, Bool) throws -> Void
    ) throws {
        let scenario = Array(text.utf8)
        var explore = Explore(jobs: 1)
        explore.systemTerminations = systemTerminations
        let report = try explore.run(scenario)
        #expect(!report.counterexamples.isEmpty)
        for file in report.counterexamples {
            let written = try Explore.counterexample(
                scenario, path: file.path, platform: file.platform, stoppedAt: file.stoppedAt)
            let line = file.stoppedAt == nil ? Int(file.suffix.dropFirst("expect-".count)) : nil
            let shrunk = try #require(
                Explore.shrink(
                    written, scenario: scenario, path: file.path, platform: file.platform, expectLine: line,
                    passing: report.passingPaths(file)))
            try body(shrunk, line, !report.passingPaths(file).isEmpty)
        }
    }

    /// Issue 41: an `expect delegate …` that fails only when the system
    /// ends the app in the background (`30 system any` before the fix at
    /// 40) shrank to three lines with no timed line, its one decisive
    /// choice called "not needed". It keeps the ending and the fix, and
    /// run passes with nothing at 30.
    @Test func aFailureThatHangsOnAChoiceKeepsIt() throws {
        let text = """
            locsim 1
            platform iOS 17.0
            plist NSLocationWhenInUseUsageDescription "Records your hike."
            plist UIBackgroundModes location
            expect delegate didUpdateLocations 35.000400

            0    launch
            1    app requestWhenInUseAuthorization
            2    user allowWhileUsing
            3    app backgroundActivitySession begin
            4    app startUpdatingLocation
            5    fix 35.000100 139.7 5
            10   background
            30   system any
            40   fix 35.000400 139.7 5

            """
        try Self.shrinkEach(text) { shrunk, line, _ in
            #expect(line == 5)
            #expect(shrunk.choices.map(\.freedom) == [.needed])
            #expect(shrunk.choices.first?.passesWith?.name == "nothing")
            #expect(shrunk.text.contains("\n30.000 system terminate\n40   fix 35.000400 139.7 5\n"))
            #expect(shrunk.text.contains("(with nothing instead, run passes)"))
            let code = shrunk.text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }
            let without = code.filter { $0 != "30.000 system terminate" }
            #expect(
                Explore.replay(without.joined(separator: "\n") + "\n").records.compactMap(\.failedExpectation).isEmpty)
            #expect(!Explore.replay(shrunk.text).records.compactMap(\.failedExpectation).isEmpty)
        }
    }

    /// Choices of every kind and expectations of every kind: where some
    /// path passes, the shrunk file keeps a choice (or a path) with which
    /// run passes, and so a timed line; it still fails the same way.
    /// Before, each shrank to its `expect` line alone.
    @Test(arguments: [
        // An answer, a presence expectation: Don't Allow delivers nothing.
        (
            "answer", 0, "expect delegate didUpdateLocations",
            "2 user any\n3 app startUpdatingLocation\n5 fix 35.0001 139.7 5"
        ),
        // An answer, `by`: the fix at 5 counts only when allowed.
        (
            "by", 0, "expect delegate didUpdateLocations by 6",
            "2 user any\n3 app startUpdatingLocation\n5 fix 35.0001 139.7 5"
        ),
        // A window, an absence expectation: back in the foreground before 40, the fix arrives.
        (
            "window", 0, "expect no delegate didUpdateLocations 35.000400",
            "2 user allowWhileUsing\n3 app startUpdatingLocation\n10 background\n20..50 foreground\n40 fix 35.0004 139.7 5"
        ),
        // `--system-terminations`: ended while suspended, the app misses the fix after 40.
        (
            "terminations", 1, "expect delegate didUpdateLocations 35.000400",
            "2 user allowWhileUsing\n3 app startUpdatingLocation\n10 background\n40 foreground\n41 fix 35.0004 139.7 5"
        ),
        // `system any`, an absence expectation: only an app still running after 30 hears the fix.
        (
            "system any", 0, "expect no delegate didUpdateLocations 35.000400",
            "2 user allowWhileUsing\n3 app startUpdatingLocation\n10 background\n30 system any\n40 foreground\n41 fix 35.0004 139.7 5"
        ),
        // An order: a fix at the instant a delayed reaction stops the updates.
        (
            "order", 0, "expect no delegate didUpdateLocations 35.001000",
            "2 user allowWhileUsing\n3 app startUpdatingLocation\n10 fix 35.001 139.7 5"
        ),
    ])
    func everyKindOfChoiceKeepsItsCause(kind: String, terminations: Int, expect: String, lines: String) throws {
        let text = """
            locsim 1
            platform iOS 14.0
            plist NSLocationWhenInUseUsageDescription "Why"
            \(kind == "order" ? "on launch after 10 app stopUpdatingLocation" : "# no reaction")
            \(expect)

            0    launch
            1    app requestWhenInUseAuthorization
            \(lines)

            """
        var witnessed = 0
        try Self.shrinkEach(text, systemTerminations: terminations) { shrunk, _, somePathPasses in
            let code = shrunk.text.split(separator: "\n").filter { !$0.hasPrefix("#") }
            let failed = Explore.replay(shrunk.text)
            #expect(failed.error != nil || !failed.records.compactMap(\.failedExpectation).isEmpty, "\(kind)")
            guard somePathPasses else { return }
            witnessed += 1
            #expect(Self.hasWitness(shrunk), "\(kind)\n\(shrunk.text)")
            #expect(code.contains { Explore.time(of: String($0)) != nil }, "\(kind)\n\(shrunk.text)")
        }
        #expect(witnessed > 0, "\(kind)")
    }

    /// `expect sometimes`: no path meets it, so no choice decides it; the
    /// shrunk file says so, and still fails the line.
    @Test func aSometimesLineNoPathMeetsHangsOnNoChoice() throws {
        let text = """
            locsim 1
            platform iOS 14.0
            plist NSLocationWhenInUseUsageDescription "Why"
            expect sometimes delegate didUpdateLocations 35.000400

            0    launch
            1    app requestWhenInUseAuthorization
            2    user any
            3    app startUpdatingLocation
            5    fix 35.000100 139.7 5

            """
        try Self.shrinkEach(text) { shrunk, _, somePathPasses in
            #expect(!somePathPasses)
            #expect(!Self.hasWitness(shrunk))
            #expect(shrunk.text.contains("# locsim explore: no path explored that passes makes run pass here"))
            #expect(!Explore.replay(shrunk.text).records.compactMap(\.failedExpectation).isEmpty)
        }
    }
}
