extension Record {
    /// Describes this record's detail to `sink`, field by field.
    package func render<S: FieldSink>(to sink: inout S) {
        switch event {
        case .delegate(let callback):
            callback.render(to: &sink)
        case .update(let update):
            update.render(to: &sink)
        case .session(let session):
            session.render(to: &sink)
        case .completion(let method, let error):
            sink.word("method", method)
            sink.keyed("error", error?.rawValue ?? "nil")
        case .prompt(.show(let kind, let text, let answers)):
            sink.word("action", "show")
            sink.word("prompt", kind.rawValue)
            sink.quoted("text", text)
            sink.list("answers", answers.map(\.rawValue))
        case .prompt(.answer(let answer)):
            sink.word("action", "answer")
            sink.word("answer", answer.rawValue)
        case .prompt(.dismiss):
            sink.word("action", "dismiss")
        case .app(let app):
            app.render(to: &sink)
        case .auth(let view):
            sink.keyed("status", view.status.rawValue)
            sink.keyed("settings", view.settings.rawValue)
            sink.keyed("accuracyAuthorization", label: "accuracy", view.accuracy.word)
            sink.flag("provisional", view.provisional)
            sink.flag("temporary", view.temporary)
        case .inUseBegin(let reason):
            sink.word("action", "begin")
            sink.keyed("reason", reason.rawValue)
        case .inUseEnd(let reason):
            sink.word("action", "end")
            sink.keyed("reason", reason.rawValue)
        case .indicator(let on):
            sink.word("state", on ? "on" : "off")
        case .hold(let event, let reason):
            event.render(to: &sink)
            sink.keyed("reason", reason.rawValue)
        case .drop(let event, let reason):
            event.render(to: &sink)
            sink.keyed("reason", reason.rawValue)
        case .notification(let id, let entry):
            sink.identifier("id", id)
            sink.word("direction", entry ? "entry" : "exit")
        case .warning(let text), .crash(let text):
            sink.message(text)
        case .react(let reaction):
            sink.quoted("do", reaction.action)
            sink.keyed("on", reaction.trigger)
            if let skipped = reaction.skipped { sink.keyed("reason", skipped.rawValue) }
        case .expect(let failed):
            sink.word("result", "failed")
            sink.quoted("expectation", "expect " + failed.expectation.text)
            sink.keyed("line", String(failed.location.line))
        case .ofManager(let name, let inner):
            Record(inner).render(to: &sink)
            sink.keyed("manager", name)
        }
    }
}

extension AppRecord {
    func render<S: FieldSink>(to sink: inout S) {
        switch self {
        case .launchForeground:
            sink.word("action", "launch")
            sink.word("state", "foreground")
        case .launchBackground(let reason):
            sink.word("action", "launch")
            sink.word("state", "background")
            sink.keyed("reason", reason.rawValue)
        case .foreground: sink.word("action", "foreground")
        case .background: sink.word("action", "background")
        case .suspend: sink.word("action", "suspend")
        case .wake(let reason):
            sink.word("action", "wake")
            sink.keyed("reason", reason.rawValue)
        case .terminate(let reason):
            sink.word("action", "terminate")
            sink.keyed("reason", reason.rawValue)
        }
    }
}

extension Callback {
    func render<S: FieldSink>(to sink: inout S) {
        sink.word("method", selector)
        switch event {
        case .didChangeAuthorization(let status):
            sink.word("status", status.rawValue)
        case .locationManagerDidChangeAuthorization(let status, let accuracy):
            sink.word("status", status.rawValue)
            sink.word("accuracyAuthorization", accuracy.caseName)
        case .didUpdateLocations(let location):
            sink.coordinate(location.coordinate)
            sink.accuracy(location.accuracy)
        case .didUpdateEarlierLocation(let location, let time):
            sink.coordinate(location.coordinate)
            sink.accuracy(location.accuracy)
            sink.timestamp(time.sinceStart)
        case .didUpdateLocationBatch(let batch):
            sink.locations(batch)
        case .didFailWithError(let error):
            sink.word("error", error.rawValue)
        case .didStartMonitoring(let id), .didEnterRegion(let id), .didExitRegion(let id):
            sink.identifier("region", id)
        case .monitoringDidFail(let id, let error):
            if let id { sink.identifier("region", id) } else { sink.word("region", "nil") }
            sink.word("error", error.rawValue)
        case .didDetermineState(let state, let id):
            sink.word("regionState", state.rawValue)
            sink.identifier("region", id)
        case .didVisit(let arrival, let departure, let location):
            sink.keyedTime("arrival", arrival?.sinceStart, placeholder: "distantPast")
            sink.keyedTime("departure", departure?.sinceStart, placeholder: "distantFuture")
            sink.coordinate(location.coordinate)
            sink.accuracy(location.accuracy)
        case .didRange(let constraint, let beacon):
            sink.word("constraint", constraint.text)
            sink.beaconReading(beacon)
        case .didFailRanging(let constraint, let error):
            sink.word("constraint", constraint.text)
            sink.word("error", error.rawValue)
        case .didUpdateHeading(let heading):
            heading.render(to: &sink)
        case .didFinishDeferredUpdates(let error):
            sink.word("error", error?.rawValue ?? "nil")
        case .didPauseLocationUpdates, .didResumeLocationUpdates, .shouldDisplayHeadingCalibration:
            break
        }
    }
}

extension UndeliveredEvent {
    func render<S: FieldSink>(to sink: inout S) {
        switch self {
        case .fix(let location):
            sink.word("event", "fix")
            sink.coordinate(location.coordinate)
            sink.accuracy(location.accuracy)
        case .liveUpdate(let location):
            sink.word("event", "liveUpdates")
            sink.coordinate(location.coordinate)
            sink.accuracy(location.accuracy)
        case .monitorEvent(let monitor, let id, let state):
            sink.word("event", "monitor")
            sink.word("monitor", monitor)
            sink.word("id", id)
            sink.word("state", state.rawValue)
        case .significantChange(let location):
            sink.word("event", "significantChange")
            sink.coordinate(location.coordinate)
            sink.accuracy(location.accuracy)
        case .enter(let id):
            sink.word("event", "enter")
            sink.identifier("region", id)
        case .exit(let id):
            sink.word("event", "exit")
            sink.identifier("region", id)
        case .visitArrive(let location), .visitDepart(let location):
            sink.word("event", "visit")
            if case .visitArrive = self { sink.word("phase", "arrive") } else { sink.word("phase", "depart") }
            sink.coordinate(location.coordinate)
            sink.accuracy(location.accuracy)
        case .beacon(let beacon):
            sink.word("event", "beacon")
            sink.word("uuid", beacon.uuid)
            sink.beaconReading(beacon)
        case .heading(let heading):
            sink.word("event", "heading")
            heading.render(to: &sink)
        case .notification(let id, let entry):
            sink.word("event", "notification")
            sink.identifier("id", id)
            sink.word("direction", entry ? "entry" : "exit")
        case .callback(let callback):
            callback.render(to: &sink)
        }
    }
}

extension HeadingSample {
    /// `magneticHeading=<deg> trueHeading=<deg> headingAccuracy=<deg>`,
    /// `CLHeading`'s three readings under its names (`accuracy` is meters
    /// everywhere else in the log).
    func render<S: FieldSink>(to sink: inout S) {
        sink.degrees("magneticHeading", magnetic)
        sink.degrees("trueHeading", trueHeading)
        sink.degrees("headingAccuracy", accuracy)
    }
}

extension BeaconConstraint {
    /// `<uuid>[.<major>[.<minor>]]`, as the `didRange` record prints it.
    package var text: String {
        var s = uuid
        if let major {
            s += ".\(major)"
            if let minor { s += ".\(minor)" }
        }
        return s
    }
}
