/// The output formats of `locsim timeline`.
package enum TimelineFormat: String, Equatable, Sendable, CaseIterable {
    case svg, html
}

extension Timeline {
    /// Replays `reader` and returns its picture in `format`, titled `title`.
    ///
    /// - Throws: the scenario's error; nothing is drawn then.
    package static func render(
        _ reader: inout LineReader, title: String, format: TimelineFormat, tracks: TrackSource? = nil
    ) throws(ScenarioError) -> [UInt8] {
        var recorder = TimelineRecorder()
        var driver = ReplayDriver(tracks: tracks)
        var report = ReplayReport()
        try Replay.run(&reader, driver: &driver, into: &recorder, report: &report)
        let timeline = recorder.timeline(title: title, platform: driver.runsOn)
        switch format {
        case .svg: return TimelineSVG.svg(timeline)
        case .html: return TimelineSVG.html(timeline)
        }
    }
}
