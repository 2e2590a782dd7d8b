import Foundation
import Testing

@testable import LocSimKit

/// Renders a timeline page in headless Chromium and checks, pixel by pixel,
/// that lanes and marks are where a person would see them. Skipped (and
/// says so) when Chromium is not installed; CI installs it (`.ci/run`).
@Suite struct TimelineBrowserTests {
    static let chromium: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            for name in ["chromium", "chromium-browser", "google-chrome"] {
                let candidate = "\(folder)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }()

    /// Screenshots `html` at the picture's size and decodes the PNG.
    static func screenshot(_ html: [UInt8], width: Int, height: Int) throws -> PNGImage {
        let dir = TemporaryFolder()
        defer { dir.remove() }
        let page = dir.path + "/flow.html"
        let png = dir.path + "/flow.png"
        _ = FileIO.writeFileAtomically(page, html)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium!)
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1",
            "--user-data-dir=\(dir.path)/profile", "--window-size=\(width),\(height)",
            "--screenshot=\(png)", "file://\(page)",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.currentDirectoryURL = URL(fileURLWithPath: dir.path)
        try process.run()
        process.waitUntilExit()
        guard case .success(let bytes) = FileIO.readFile(png) else {
            throw PNGImage.Failure(description: "chromium wrote no screenshot (exit \(process.terminationStatus))")
        }
        return try PNGImage(bytes)
    }

    static func rgb(_ hex: String) -> (r: Int, g: Int, b: Int) {
        let v = Int(hex.dropFirst(), radix: 16)!
        return (v >> 16, (v >> 8) & 0xFF, v & 0xFF)
    }

    /// A scenario's timeline, rendered and screenshot.
    struct Rendered {
        let timeline: Timeline
        let layout: TimelineLayout
        let image: PNGImage

        init(_ scenario: String) throws {
            timeline = try TimelineTests.timeline(scenario)
            layout = TimelineLayout(timeline)
            image = try TimelineBrowserTests.screenshot(
                TimelineSVG.html(timeline), width: layout.width, height: layout.height)
            #expect(image.width == layout.width && image.height == layout.height)
        }

        /// Checks the pixel at `seconds` on the lane's top edge (clear of
        /// labels) or the row's middle.
        func check(
            _ seconds: Double, lane name: String? = nil, row rowName: String? = nil, _ expected: String,
            sourceLocation: Testing.SourceLocation = #_sourceLocation
        ) {
            let x = Int(layout.x(Millis(Int64(seconds * 1000))))
            let y =
                name.map { n in layout.laneTop(timeline.lanes.firstIndex { $0.name == n }!) + 3 }
                ?? layout.rowTop(timeline.rows.firstIndex { $0.name == rowName! }!) + TimelineLayout.laneHeight / 2
            let got = image.color(x, y)
            let want = TimelineBrowserTests.rgb(expected)
            let close = abs(got.r - want.r) <= 8 && abs(got.g - want.g) <= 8 && abs(got.b - want.b) <= 8
            #expect(
                close, "at \(seconds) s (\(x), \(y)) in \(name ?? rowName!): got \(got), want \(expected)",
                sourceLocation: sourceLocation)
        }
    }

    static let free = "#f5f5f5"
    /// A free row under an axis cut: `TimelineLayout.breakColor` (#cfd8dc)
    /// at 75% over #f5f5f5.
    static let washedFree = "#d9dfe2"

    @Test(
        .enabled(if: chromium != nil, "chromium is not installed (apt-get install chromium); skipped the browser check")
    )
    func lanesAndMarksAreWhereTheyShouldBe() throws {
        let page = try Rendered(TimelineTests.experiment2)
        let free = Self.free
        // App: foreground until 10, background until 601, then suspended.
        // (60–600 s has no record: the axis is cut there, so the background
        // is read at 30 s, drawn to scale.)
        page.check(5, lane: "app", TimelinePalette.color(.foreground))
        page.check(30, lane: "app", TimelinePalette.color(.background))
        page.check(611, lane: "app", TimelinePalette.color(.suspended))
        // In use through the background thanks to the session; indicator only in the background.
        page.check(30, lane: "in use", TimelinePalette.color(.session))
        page.check(5, lane: "indicator", free)
        page.check(30, lane: "indicator", TimelinePalette.color(.indicator))
        page.check(611, lane: "indicator", free)
        page.check(30, lane: "authorization", TimelinePalette.color(.whenInUse))
        page.check(30, lane: "accuracy", TimelinePalette.color(.fullAccuracy))
        page.check(30, lane: "prompt", free)
        // Marks: fixes delivered at 60 and 600, the one at 602 dropped.
        page.check(60, row: "didUpdateLocations", TimelinePalette.color(.delegate))
        page.check(30, row: "didUpdateLocations", free)
        page.check(602, row: "drop suspended", TimelinePalette.color(.drop))
        page.check(30, row: "drop suspended", free)
        // The cut: washed grey over the lanes where nothing happened.
        page.check(330, row: "drop suspended", Self.washedFree)
        // The page background left of the plot is white.
        #expect(page.image.color(100, page.layout.laneTop(0) + 3) == (255, 255, 255))
    }

    /// The iOS 17 fitness flow of issue 21 item 3, read against its log:
    /// the first activity session 3–90, the second waiting 97–120 and in
    /// effect 120–131; in use 20–60 and 125–131 is the session's, 95–100
    /// the grace period, and the foreground is never drawn as grace.
    @Test(
        .enabled(if: chromium != nil, "chromium is not installed (apt-get install chromium); skipped the browser check")
    )
    func sessionLanesOfTheFitnessFlow() throws {
        let page = try Rendered(TimelineTests.fitness)
        let (effective, waiting) = (TimelinePalette.color(.sessionEffective), TimelinePalette.color(.sessionWaiting))
        page.check(2, lane: "backgroundActivitySession", Self.free)
        page.check(50, lane: "backgroundActivitySession", effective)
        page.check(89, lane: "backgroundActivitySession", effective)
        page.check(93, lane: "backgroundActivitySession", Self.free)
        page.check(110, lane: "backgroundActivitySession", waiting)
        page.check(128, lane: "backgroundActivitySession", effective)
        page.check(136, lane: "backgroundActivitySession", Self.free)
        page.check(100, lane: "liveUpdates", effective)
        page.check(40, lane: "in use", TimelinePalette.color(.session))
        page.check(80, lane: "in use", TimelinePalette.color(.inUseForeground))
        page.check(97, lane: "in use", TimelinePalette.color(.inUseGrace))
        page.check(110, lane: "in use", Self.free)
        page.check(122, lane: "in use", TimelinePalette.color(.inUseForeground))
        page.check(128, lane: "in use", TimelinePalette.color(.session))
        page.check(110, row: "drop suspended", TimelinePalette.color(.drop))
    }

    /// Issue 30 item 4, read against drop-reasons.log and
    /// run-tracker-reactions.log: held (amber) and answer (purple) marks
    /// where the log has them, and a prompt answered at once by a policy
    /// is a tick in the prompt lane, not nothing.
    @Test(
        .enabled(if: chromium != nil, "chromium is not installed (apt-get install chromium); skipped the browser check")
    )
    func heldAnswersAndPolicyPrompts() throws {
        let page = try Rendered("Scenarios/services/drop-reasons.scn")
        page.check(50, row: "hold suspended", TimelinePalette.color(.hold))
        page.check(32, row: "prompt answer", TimelinePalette.color(.answer))
        page.check(45, row: "hold suspended", Self.free)
        let policy = try Rendered("Scenarios/tutorial/run-tracker-reactions.scn")
        policy.check(0, lane: "prompt", TimelinePalette.color(.promptAnswered))
        policy.check(50, lane: "prompt", Self.free)
    }

    /// Issue 42 item 9, as a person looks at the provisional seed (515 s,
    /// its first records in 10 s): the first seconds are wide enough to
    /// read — foreground at 4 s, background at 7 s, the answer at 2 s —
    /// the stretches with no record are washed grey, the upgrade prompt
    /// answered at 301 s has its label written in the lane, and the
    /// region's rows carry its id.
    @Test(
        .enabled(if: chromium != nil, "chromium is not installed (apt-get install chromium); skipped the browser check")
    )
    func theBrokenAxisAsAPersonSeesIt() throws {
        let page = try Rendered(TimelineTests.provisional)
        #expect(page.layout.x(.seconds(10)) - page.layout.x(.zero) > 300)
        page.check(4, lane: "app", TimelinePalette.color(.foreground))
        page.check(7, lane: "app", TimelinePalette.color(.background))
        page.check(2, row: "prompt answer", TimelinePalette.color(.answer))
        page.check(3, row: "didDetermineState parking", TimelinePalette.color(.delegate))
        page.check(50, row: "didDetermineState parking", Self.washedFree)
        page.check(400, row: "drop keptWhileUsing", Self.washedFree)
        page.check(301, row: "drop keptWhileUsing", TimelinePalette.color(.drop))
        // The upgrade prompt's label (`upgrade → keepWhileUsing`): dark
        // text pixels in the prompt lane just after its bar.
        let lane = page.timeline.lanes.firstIndex { $0.name == "prompt" }!
        let top = page.layout.laneTop(lane)
        let x0 = Int(page.layout.x(.seconds(301)))
        var dark = 0
        for x in x0..<min(x0 + 160, page.layout.plotRight) {
            for y in top + 4..<top + 18 {
                let c = page.image.color(x, y)
                if c.r + c.g + c.b < 200 { dark += 1 }
            }
        }
        #expect(dark > 40, "the upgrade prompt's label: \(dark) dark pixels after its bar")
    }
}
