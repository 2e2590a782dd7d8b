import Foundation
import Testing

@testable import LocSimKit

/// What policies and held events look like in the timeline (issue 30
/// item 4): a prompt answered the instant it shows is a labelled tick, the
/// platform is in the heading, held and answer marks are told apart, and a
/// held location is joined to its delivery.
@Suite struct TimelinePolicyTests {
    static func render(_ scenario: String, _ format: TimelineFormat = .svg) throws -> String {
        guard case .success(let bytes) = FileIO.readFile(TimelineTests.root + "/" + scenario) else {
            throw ScenarioError("cannot read \(scenario)", line: 1, column: 1)
        }
        var reader = LineReader(bytes: bytes)
        let picture = try Timeline.render(&reader, title: FileIO.fileName(of: scenario), format: format)
        return String(decoding: picture, as: UTF8.self)
    }

    /// run-tracker-reactions.log: `0.000 prompt show whenInUse …` and, at
    /// the same instant, `0.000 prompt answer allowWhileUsing` (its `on
    /// prompt` policy). The prompt lane keeps it as a zero-width tick.
    @Test func aPromptAnsweredByAPolicyIsATick() throws {
        let t = try TimelineTests.timeline("Scenarios/tutorial/run-tracker-reactions.scn")
        let prompt = t.lanes.first { $0.name == "prompt" }!.segments
        #expect(prompt.count == 1)
        #expect(prompt.first?.state == .promptAnswered)
        #expect(prompt.first?.start == .zero && prompt.first?.end == .zero)
        #expect(prompt.first?.label == "whenInUse → allowWhileUsing")
        let svg = try Self.render("Scenarios/tutorial/run-tracker-reactions.scn")
        let show =
            "0.000 prompt show whenInUse &quot;Records your run on a map.&quot; allowWhileUsing,allowOnce,dontAllow"
        let color = TimelinePalette.color(.answer)
        #expect(
            svg.contains(
                "<g><title>\(show)\n0.000 prompt answer allowWhileUsing</title><rect x=\"266.5\" y=\"178\" width=\"3\" height=\"22\" fill=\"\(color)\"/><text x=\"273.5\" y=\"193\" fill=\"#212121\">whenInUse → allowWhileUsing</text></g>"
            ))
        #expect(TimelineLayout(t).legend.contains { $0.name == TimelinePalette.name(.promptAnswered) })
    }

    /// A prompt answered later keeps its bar (delayed-reactions.log: shown
    /// at 1, answered at 3 by `on prompt whenInUse after 2`).
    @Test func aPromptAnsweredLaterIsABar() throws {
        let t = try TimelineTests.timeline("Scenarios/reactive/delayed-reactions.scn")
        let prompt = t.lanes.first { $0.name == "prompt" }!.segments
        #expect(prompt.map { "\($0.start)-\($0.end) \($0.state)" } == ["1.000-3.000 prompt"])
    }

    /// The heading and the page's `<title>` name the platform: the
    /// scenario's `platform` line, or the default it runs on.
    @Test func thePlatformIsInTheTitles() throws {
        let svg = try Self.render("Scenarios/reactive/delayed-reactions.scn")
        #expect(svg.contains(">delayed-reactions.scn · iOS 16.0</text>"))
        let html = try Self.render("Scenarios/reactive/delayed-reactions.scn", .html)
        #expect(html.contains("<title>delayed-reactions.scn · iOS 16.0 — locsim timeline</title>"))
        var reader = LineReader("locsim 1\n0 launch\n")
        let page = String(decoding: try Timeline.render(&reader, title: "bare.scn", format: .html), as: UTF8.self)
        #expect(page.contains("<title>bare.scn · iOS 14.0 — locsim timeline</title>"))
        #expect(page.contains(">bare.scn · iOS 14.0</text>"))
    }

    /// WCAG 2 relative luminance of `#rrggbb`.
    static func luminance(_ hex: String) -> Double {
        let v = Int(hex.dropFirst(), radix: 16)!
        let channels = [v >> 16, (v >> 8) & 0xFF, v & 0xFF].map { Double($0) / 255 }
        let linear = channels.map { c in c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    }

    static func contrast(_ a: String, _ b: String) -> Double {
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    /// Held and answer marks stand out from the rows' background (WCAG
    /// 3:1 for graphics) and from each other, as docs/timeline.md states.
    @Test func heldAndAnswerColoursContrast() {
        let (held, answer, row) = (TimelinePalette.color(.hold), TimelinePalette.color(.answer), "#f5f5f5")
        #expect(Self.contrast(held, row) >= 3)
        #expect(Self.contrast(answer, row) >= 3)
        #expect(Self.contrast(held, answer) >= 2.5)
        #expect((Self.contrast(held, row) * 10).rounded() / 10 == 3.9)
        #expect((Self.contrast(answer, row) * 10).rounded() / 10 == 10.9)
        #expect((Self.contrast(held, answer) * 10).rounded() / 10 == 2.8)
    }

    /// drop-reasons.log: `50.000 hold fix 35.002100,139.700000 ±5
    /// reason=suspended`, delivered at 500 with `@50.000`: one connector
    /// from the hold's mark to the delivery's.
    @Test func aHeldFixIsJoinedToItsDelivery() throws {
        let t = try TimelineTests.timeline("Scenarios/services/drop-reasons.scn")
        let rows = t.rows.map(\.name)
        #expect(
            t.connectors.map { "\($0.held) \(rows[$0.heldRow]) → \($0.delivered) \(rows[$0.deliveredRow])" } == [
                "50.000 hold suspended → 500.000 didUpdateLocations"
            ])
        let svg = try Self.render("Scenarios/services/drop-reasons.scn")
        #expect(
            svg.contains(
                "<g><title>held at 50.000 s, delivered at 500.000 s: 500.000 delegate locationManager(_:didUpdateLocations:) 35.002100,139.700000 ±5 @50.000</title><line "
            ))
    }

    /// A location delivered with its own time but never held (a kept
    /// `requestLocation` fix, delayed-reactions.log `@11.000`) has no connector.
    @Test func aLateDeliveryThatWasNotHeldHasNoConnector() throws {
        let t = try TimelineTests.timeline("Scenarios/reactive/delayed-reactions.scn")
        #expect(t.connectors.isEmpty)
        #expect(!(try Self.render("Scenarios/reactive/delayed-reactions.scn")).contains("stroke-dasharray"))
    }

    /// Connectors are capped like rows, and those kept spread over the
    /// whole trace: memory stays flat however many held fixes it delivers.
    @Test func connectorsAreCappedAndSpread() {
        var recorder = TimelineRecorder()
        let count = 5_000
        func location(_ i: Int) -> Location {
            Location(Coordinate(latitude: 35 + Double(i) / 10_000, longitude: 139), accuracy: 5)
        }
        // Each fix held, and delivered a second later (as a suspended queue is).
        for i in 0..<count {
            recorder.write(LogRecord(.ms(Int64(i) * 2000), .hold(.fix(location(i)), .suspended)))
            let delivery = Callback.didUpdateEarlierLocation(location(i), fixedAt: .ms(Int64(i) * 2000))
            recorder.write(LogRecord(.ms(Int64(i) * 2000 + 1000), .delegate(delivery)))
        }
        let held = recorder.timeline(title: "held").connectors.map { $0.held.value / 2000 }
        #expect(held.count <= TimelineRecorder.maxConnectors)
        #expect(held.count >= TimelineRecorder.maxConnectors / 2)
        // Every 8th delivery (5000 > 4 × 1024): the first, and one within 8 of the last.
        #expect(held.first == 0)
        #expect(zip(held, held.dropFirst()).allSatisfy { $1 - $0 == 8 })
        #expect(held.last! >= Int64(count - 8))
    }

    /// Only the last `maxPending` held locations wait for a delivery: one
    /// held earlier still is forgotten, and gets no line.
    @Test func theOldestHeldLocationsAreForgotten() {
        var recorder = TimelineRecorder()
        let count = TimelineRecorder.maxPending + 1
        func location(_ i: Int) -> Location {
            Location(Coordinate(latitude: 35 + Double(i) / 10_000, longitude: 139), accuracy: 5)
        }
        for i in 0..<count { recorder.write(LogRecord(.ms(Int64(i) * 1000), .hold(.fix(location(i)), .suspended))) }
        for i in [0, count - 1] {
            let delivery = Callback.didUpdateEarlierLocation(location(i), fixedAt: .ms(Int64(i) * 1000))
            recorder.write(LogRecord(.ms(Int64(count + i) * 1000), .delegate(delivery)))
        }
        #expect(recorder.timeline(title: "held").connectors.map(\.held) == [Millis(Int64(count - 1) * 1000)])
    }
}
