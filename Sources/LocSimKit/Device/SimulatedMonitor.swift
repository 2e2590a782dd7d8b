/// iOS 17's `CLMonitor` on a `SimulatedDevice`, opened by
/// `openMonitor(_:)`: each call is the scenario's `app monitor <name> …`
/// at the device's time (docs/modern.md M13–M19), and `events` yields each
/// `update monitor <name> …` record in virtual time.
///
/// The conditions are the system's: they outlive the monitor object and the
/// process (M13), so a monitor opened again under the same name, even after
/// a relaunch, has them (`identifiers`, `record(for:)`). Letting go of the
/// object closes the monitor (`app monitor <name> close`); events that come
/// while no monitor of that name is open wait for the next one (`hold …
/// reason=monitorNotOpen`).
///
/// Its calls do not throw, as Core Location's do not: a refused call has no
/// effect, sets `lastError` and is thrown by the test's next call; after
/// the process ended, a call is ignored (`.processEnded`, in `ignoredCalls`).
public final class SimulatedMonitor {
    /// The name it was opened with (`CLMonitor(name)`).
    public let name: String
    /// Each event the app receives from this monitor, in log order. Finishes
    /// when the monitor closes, its process ends or the device goes.
    public let events: AsyncStream<SimulatedMonitorEvent>
    let continuation: AsyncStream<SimulatedMonitorEvent>.Continuation
    /// The last misuse of this monitor, if any.
    public internal(set) var lastError: DeviceError?
    /// False once closed, or when it could not open.
    public private(set) var isOpen = true

    weak var device: SimulatedDevice?
    let process: Int

    init(_ name: String, device: SimulatedDevice) {
        self.name = name
        self.device = device
        process = device.process
        (events, continuation) = AsyncStream.makeStream(of: SimulatedMonitorEvent.self)
    }

    deinit {
        continuation.finish()
        guard isOpen, let device, device.ended(process: process, label, "close") == nil else { return }
        _ = device.modernCall(.monitorClose(name: name))
        device.modernObjects.monitors[name] = nil
    }

    /// `add(_:identifier:)`, or with `assuming` `add(_:identifier:assuming:)`:
    /// the condition starts `unknown` or in the state assumed.
    public func add(_ condition: MonitorCondition, identifier: String, assuming: MonitorState? = nil) {
        guard make(.monitorAdd(name: name, id: identifier, condition, assuming: assuming)), let device else { return }
        // What `record(for:)` says until an event comes (one the add yields
        // is handed over after this, and replaces it).
        device.modernObjects.lastEvents[Monitors.key(name, identifier)] = SimulatedMonitorEvent(
            identifier: identifier, state: assuming ?? .unknown, time: device.now, diagnostics: [])
    }

    /// `remove(_:)`: the condition is no longer monitored.
    public func remove(_ identifier: String) {
        guard make(.monitorRemove(name: name, id: identifier)), let device else { return }
        device.modernObjects.lastEvents[Monitors.key(name, identifier)] = nil
    }

    /// The identifiers of the monitor's conditions, in the order added.
    public var identifiers: [String] {
        device?.engine.monitorConditions(of: name).map(\.id) ?? []
    }

    /// The condition `identifier` and the last event the app received of
    /// it (before any: its state when added, at that time); nil when the
    /// monitor has no such condition.
    public func record(for identifier: String) -> SimulatedMonitorRecord? {
        guard let device, let condition = device.engine.monitorCondition(name, identifier) else { return nil }
        let last =
            device.modernObjects.lastEvents[Monitors.key(name, identifier)]
            ?? SimulatedMonitorEvent(identifier: identifier, state: .unknown, time: .start, diagnostics: [])
        return SimulatedMonitorRecord(condition: condition.kind, lastEvent: last)
    }

    /// The app drops the monitor (`app monitor <name> close`), as letting go of the object does.
    public func close() {
        guard isOpen, make(.monitorClose(name: name)) else { return }
        device?.modernObjects.monitors[name] = nil
        closed()
    }

    func closed() {
        isOpen = false
        continuation.finish()
    }

    /// Makes `call`; false when it had no effect (`lastError`).
    private func make(_ call: ModernCall) -> Bool {
        guard isOpen else {
            // Core Location has no call on a dropped monitor: ignored, not thrown.
            let error = DeviceError(
                .rejected, "\(call.name): monitor '\(name)' is closed; open it again with openMonitor")
            lastError = error
            device?.ignore(error)
            return false
        }
        guard let device else {
            lastError = SimulatedDevice.gone(call, label)
            return false
        }
        guard let error = device.objectCall(call, process: process, label) else { return true }
        lastError = error
        if error.code == .processEnded { closed() }
        return false
    }

    private var label: String { "monitor '\(name)'" }
}

/// A `CLMonitor.Event`: a condition's new state, when the app received it,
/// and the iOS 18 diagnostics it carries.
public struct SimulatedMonitorEvent: Equatable, Sendable {
    /// `CLMonitor.Event.identifier`: the identifier the condition was added under.
    public let identifier: String
    /// `CLMonitor.Event.state`: `satisfied`, `unsatisfied`, `unknown` or `unmonitored`.
    public let state: MonitorState
    /// When the app received it; for a record's event before any came, when the condition was added.
    public let time: Instant
    /// `conditionLimitExceeded`, `accuracyLimited`, … (iOS 18; docs/modern.md).
    public let diagnostics: DiagnosticFlags
    /// `CLMonitoringEvent.refinement`: the beacon that satisfied a beacon
    /// identity condition (its uuid, major and minor); `nil` for any other
    /// event (docs/modern.md M22).
    public let refinement: BeaconConstraint?

    /// An event of condition `identifier` in `state`, received at `time`.
    public init(
        identifier: String, state: MonitorState, time: Instant, diagnostics: DiagnosticFlags,
        refinement: BeaconConstraint? = nil
    ) {
        self.identifier = identifier
        self.state = state
        self.time = time
        self.diagnostics = diagnostics
        self.refinement = refinement
    }
}

/// A `CLMonitor.Record`: a condition and the last event the app received of it.
public struct SimulatedMonitorRecord: Equatable, Sendable {
    /// `CLMonitor.Record.condition`: the condition as it was added.
    public let condition: MonitorCondition
    /// `CLMonitor.Record.lastEvent`: the last event of the condition, or its state as added before any came.
    public let lastEvent: SimulatedMonitorEvent
}

extension SimulatedDevice {
    /// `await CLMonitor(name)` (iOS 17): `app monitor <name> open` now.
    ///
    /// Does not throw: when it cannot open (a platform without CLMonitor,
    /// a monitor of that name already open, the app not running) the
    /// monitor is closed (`isOpen` false, `lastError` set) and the test's
    /// next call throws the `DeviceError`.
    public func openMonitor(_ name: String) -> SimulatedMonitor {
        let monitor = SimulatedMonitor(name, device: self)
        if let error = modernCall(.monitorOpen(name: name)) {
            monitor.lastError = error
            monitor.closed()
        } else {
            modernObjects.monitors[name] = monitor.continuation
        }
        return monitor
    }
}
