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

    @Test(.enabled(if: chromium != nil, "chromium is not installed (apt-get install chromium); skipped the browser check"))
    func lanesAndMarksAreWhereTheyShouldBe() throws {
        let timeline = try TimelineTests.timeline(TimelineTests.experiment2)
        let layout = TimelineLayout(timeline)
        let image = try Self.screenshot(TimelineSVG.html(timeline), width: layout.width, height: layout.height)
        #expect(image.width == layout.width && image.height == layout.height)

        func lane(_ name: String) -> Int { timeline.lanes.firstIndex { $0.name == name }! }
        func row(_ name: String) -> Int { timeline.rows.firstIndex { $0.name == name }! }
        /// The pixel at `seconds` on the lane's top edge (clear of labels) or the row's middle.
        func check(
            _ seconds: Double, lane name: String? = nil, row rowName: String? = nil, _ expected: String,
            sourceLocation: Testing.SourceLocation = #_sourceLocation
        ) {
            let x = Int(layout.x(Millis(Int64(seconds * 1000))))
            let y = name.map { layout.laneTop(lane($0)) + 3 } ?? layout.rowTop(row(rowName!)) + TimelineLayout.laneHeight / 2
            let got = image.color(x, y)
            let want = Self.rgb(expected)
            let close = abs(got.r - want.r) <= 8 && abs(got.g - want.g) <= 8 && abs(got.b - want.b) <= 8
            #expect(close, "at \(seconds) s (\(x), \(y)) in \(name ?? rowName!): got \(got), want \(expected)", sourceLocation: sourceLocation)
        }
        let free = "#f5f5f5"
        // App: foreground until 10, background until 601, then suspended.
        check(5, lane: "app", TimelinePalette.color(.foreground))
        check(300, lane: "app", TimelinePalette.color(.background))
        check(611, lane: "app", TimelinePalette.color(.suspended))
        // In use through the background thanks to the session; indicator only in the background.
        check(300, lane: "in use", TimelinePalette.color(.session))
        check(300, lane: "background session", TimelinePalette.color(.session))
        check(5, lane: "indicator", free)
        check(300, lane: "indicator", TimelinePalette.color(.indicator))
        check(611, lane: "indicator", free)
        check(300, lane: "authorization", TimelinePalette.color(.whenInUse))
        check(300, lane: "accuracy", TimelinePalette.color(.fullAccuracy))
        check(300, lane: "prompt", free)
        // Marks: fixes delivered at 60 and 600, the one at 602 dropped.
        check(60, row: "didUpdateLocations", TimelinePalette.color(.delegate))
        check(300, row: "didUpdateLocations", free)
        check(602, row: "drop suspended", TimelinePalette.color(.drop))
        check(300, row: "drop suspended", free)
        // The page background left of the plot is white.
        #expect(image.color(100, layout.laneTop(0) + 3) == (255, 255, 255))
    }
}
