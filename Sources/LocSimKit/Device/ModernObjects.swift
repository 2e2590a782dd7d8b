/// The app's iOS 17/18 objects the device hands `update` records to: its
/// service and background activity sessions (`SimulatedSession`) and its
/// open monitors (`SimulatedMonitor`), by the streams they read, and what
/// each monitor condition's record says (`SimulatedMonitor.record(for:)`).
struct ModernObjects {
    typealias Diagnostics = AsyncStream<DiagnosticFlags>.Continuation

    /// Each live service session's diagnostics, by the session's name.
    var services: [String: Diagnostics] = [:]
    /// Each live background activity session's diagnostics, by its serial, in creation order.
    var activities: [(serial: Int, stream: Diagnostics)] = []
    /// Each open monitor's events, by the monitor's name.
    var monitors: [String: AsyncStream<SimulatedMonitorEvent>.Continuation] = [:]
    /// How many sessions of each kind the app made (names `session1`, … and serials).
    var servicesMade = 0
    var activitiesMade = 0
    /// The last event the app received of each condition (or, before any,
    /// its state when added), by `Monitors.key`: conditions outlive the
    /// process (M13), so these do too.
    var lastEvents: [String: SimulatedMonitorEvent] = [:]

    /// The app's process ended: its objects are gone, their streams finish.
    mutating func processEnded() {
        for stream in services.values { stream.finish() }
        for (_, stream) in activities { stream.finish() }
        for stream in monitors.values { stream.finish() }
        services = [:]
        activities = []
        monitors = [:]
    }
}

extension SimulatedDevice {
    /// Hands an `update` record to the object whose stream it belongs to.
    ///
    /// The one place that reads the session and monitor records
    /// (`UpdateRecord`): how the rules record them may change (the iOS 18
    /// monitor diagnostics), the objects' streams need not.
    func yieldModern(_ update: UpdateRecord, at time: Instant) {
        switch update {
        case .monitorEvent(let monitor, let id, let state, let flags),
            .refinedMonitorEvent(let monitor, let id, let state, let flags, _):
            var refinement: BeaconConstraint? = nil
            if case .refinedMonitorEvent(_, _, _, _, let r) = update { refinement = r }
            let event = SimulatedMonitorEvent(
                identifier: id, state: state, time: time, diagnostics: flags, refinement: refinement)
            modernObjects.lastEvents[Monitors.key(monitor, id)] = event
            modernObjects.monitors[monitor]?.yield(event)
        case .serviceSession(let name, let flags):
            modernObjects.services[name]?.yield(flags)
        case .backgroundActivitySession(let flags):
            for (_, stream) in modernObjects.activities { stream.yield(flags) }
        case .liveUpdate, .earlierLiveUpdate:
            return  // `deliver`'s, to the liveUpdates streams
        }
    }

    /// The app's `call` of the iOS 17/18 APIs at `now`: nil when it took
    /// effect, else its error, kept for the test's next call.
    func modernCall(_ call: ModernCall) -> DeviceError? {
        do throws(DeviceError) {
            if let problem = engine.unavailable(call) { throw DeviceError(.unavailable, problem) }
            try apply(.modern(call))
            return nil
        } catch {
            keep(error)
            return error
        }
    }

    /// `call` made through an object of the app's process `owner` (`what`
    /// names it): as `modernCall`, except that an object of an ended
    /// process makes no call (`.processEnded`, in `ignoredCalls`).
    func objectCall(_ call: ModernCall, process owner: Int, _ what: String) -> DeviceError? {
        if let ended = ended(process: owner, what, call.name) {
            ignore(ended)
            return ended
        }
        return modernCall(call)
    }

    /// The error of a call through an object whose device is gone.
    static func gone(_ call: ModernCall, _ what: String) -> DeviceError {
        DeviceError(.deviceGone, "\(call.name): the SimulatedDevice of \(what) is gone")
    }
}
