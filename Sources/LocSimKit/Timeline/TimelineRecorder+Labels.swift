/// The names and labels the timeline gives records: pure functions of a
/// record, apart from `TimelineRecorder`'s state.
extension TimelineRecorder {
    /// The record's line in the text log, without its newline.
    static func logLine(_ record: LogRecord) -> String {
        var writer = TextLogWriter()
        writer.write(record)
        var text = writer.text
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    /// `locationManager(_:didUpdateLocations:)` → `didUpdateLocations`.
    static func shortName(_ selector: String) -> String {
        var name = Substring(selector)
        if name.hasPrefix("locationManager(_:") { name = name.dropFirst("locationManager(_:".count) }
        if let paren = name.firstIndex(of: "(") { name = name[..<paren] }
        if let colon = name.firstIndex(of: ":") { name = name[..<colon] }
        if name.hasSuffix(")") { name = name.dropLast() }
        return String(name)
    }

    /// The region a region callback is about; nil for any other callback.
    static func regionID(of callback: Callback) -> String? {
        switch callback.event {
        case .didStartMonitoring(let id), .didDetermineState(_, let id), .didEnterRegion(let id),
            .didExitRegion(let id):
            return id
        case .monitoringDidFail(let id, _): return id
        default: return nil
        }
    }

    static func state(of view: AuthView) -> Timeline.State {
        if view.provisional { return .provisional }
        switch view.status {
        case .notDetermined: return .notDetermined
        case .restricted: return .restricted
        case .denied: return .denied
        case .authorizedAlways: return .always
        case .authorizedWhenInUse: return .whenInUse
        case .authorized: return .authorizedLegacy
        }
    }

    static func label(of view: AuthView) -> String {
        var label = view.status.rawValue
        if view.provisional { label += " (provisional)" }
        label += " · " + view.accuracy.word
        if view.temporary { label += " (temporary)" }
        return label
    }

    static func title(of view: AuthView) -> String {
        var title = "status=\(view.status.rawValue) settings=\(view.settings.rawValue) accuracy=\(view.accuracy.word)"
        if view.provisional { title += " provisional" }
        if view.temporary { title += " temporary" }
        return title
    }

    /// A session lane's name: the object as `session` records name it.
    static func laneName(_ object: SessionObject) -> String {
        switch object {
        case .liveUpdates: return "liveUpdates"
        case .backgroundActivitySession: return "backgroundActivitySession"
        case .serviceSession(let name, _): return "serviceSession " + name
        }
    }

    /// What a session's bar says: the object and how it was made.
    static func label(of object: SessionObject) -> String {
        switch object {
        case .liveUpdates(let configuration): return "liveUpdates (\(configuration.rawValue))"
        case .backgroundActivitySession: return "background activity session"
        case .serviceSession(let name, let requirement): return "serviceSession \(name) (\(requirement.rawValue))"
        }
    }
}
