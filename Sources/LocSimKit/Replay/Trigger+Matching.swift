/// Which records fire an `on` line (docs/language.md, "Reactions").
extension Trigger {
    /// True when `record` fires this trigger. A prompt trigger matches a
    /// prompt that offers answers (the Location Services alert offers none:
    /// it is a notice, not a question).
    func matches(_ record: Record) -> Bool {
        switch self {
        case .delegate(let method, let filter):
            guard case .delegate(let callback) = record.base, Self.sameTrigger(method, callback.method) else {
                return false
            }
            return filter == nil || filter == callback.triggerArgument
        case .lifecycle(let lifecycle, let reason):
            guard case .app(let app) = record.base else { return false }
            switch lifecycle {
            case .launch: return app == .launchForeground || app.launchReason != nil
            case .relaunch: return app.launchReason.map { reason == nil || reason == $0 } ?? false
            case .wake:
                guard case .wake(let why) = app else { return false }
                return reason == nil || reason == why
            case .foreground: return app == .foreground
            case .background: return app == .background
            }
        case .update(let stream):
            guard case .update(let update) = record.base else { return false }
            return stream == nil || stream == update.stream
        case .prompt(let kind):
            guard case .prompt(.show(let shown, _, let answers)) = record.base else { return false }
            return !answers.isEmpty && (kind == nil || kind == shown)
        }
    }

    /// `didChangeAuthorization` and iOS 14's `locationManagerDidChangeAuthorization` are one trigger.
    private static func sameTrigger(_ a: DelegateMethods, _ b: DelegateMethods) -> Bool {
        let authorization: DelegateMethods = [.didChangeAuthorization, .locationManagerDidChangeAuthorization]
        return a == b || (authorization.contains(a) && authorization.contains(b))
    }

    /// The trigger's name as the `react` record's `on=` prints it.
    package var name: String {
        switch self {
        case .delegate(let method, _):
            return DelegateMethods.names.first { $0.1 == method }?.0 ?? "delegate"
        case .lifecycle(let lifecycle, _): return lifecycle.rawValue
        case .update: return "update"
        case .prompt: return "prompt"
        }
    }
}

extension Callback {
    /// The first argument an `on` filter compares, as the filter spells it:
    /// a status, an error code, a region state, a region id or a beacon UUID.
    var triggerArgument: String? {
        switch event {
        case .didChangeAuthorization(let status), .locationManagerDidChangeAuthorization(let status, _):
            return status.rawValue
        case .didFailWithError(let error): return error.rawValue
        case .didFinishDeferredUpdates(let error): return error?.rawValue ?? "nil"
        case .didDetermineState(let state, _): return state.rawValue
        case .didStartMonitoring(let id), .didEnterRegion(let id), .didExitRegion(let id): return id
        case .monitoringDidFail(let id, _): return id
        case .didRange(let constraint, _), .didFailRanging(let constraint, _): return constraint.uuid
        case .didUpdateLocations, .didUpdateEarlierLocation, .didUpdateLocationBatch, .didVisit,
            .didPauseLocationUpdates,
            .didResumeLocationUpdates, .didUpdateHeading, .shouldDisplayHeadingCalibration:
            return nil
        }
    }
}

extension AppRecord {
    /// Why the system launched the app in the background; `nil` for any other record.
    var launchReason: WakeReason? {
        if case .launchBackground(let why) = self { return why }
        return nil
    }
}
