/// A session object the app holds on a `SimulatedDevice`: iOS 18's
/// `CLServiceSession` or iOS 17's `CLBackgroundActivitySession`
/// (docs/modern.md), made by `beginServiceSession(authorization:fullAccuracyPurposeKey:)`
/// or `beginBackgroundActivitySession()`.
///
/// Hold it as the app holds its session: `invalidate()` ends it (`… end`),
/// and letting go of the object without `invalidate()` ends it too, as on
/// a device (`… release`, M20). Its iOS 18 diagnostics arrive on
/// `diagnostics` in virtual time, as `liveUpdates(_:)` yields its updates.
///
/// Like a manager, it belongs to the app's process it was made in: after a
/// termination or a crash its calls are ignored (`.processEnded`, in
/// `SimulatedDevice.ignoredCalls`) and its stream finishes.
public final class SimulatedSession {
    /// Which session, and what it asks for.
    public enum Kind: Equatable, Sendable {
        /// `CLServiceSession`, named in the scenario (`session1`, … in creation order).
        case service(name: String, ServiceRequirement, fullAccuracyPurposeKey: String?)
        /// `CLBackgroundActivitySession`.
        case backgroundActivity
    }

    /// Which session this is: a named `CLServiceSession` with its requirement, or the `CLBackgroundActivitySession`.
    public let kind: Kind
    /// Each `diagnostic` the device yields for this session (iOS 18; none
    /// before): `update serviceSession <name> diagnostic …` or
    /// `update backgroundActivitySession diagnostic …`. Finishes when the
    /// session ends, its process ends, or the device goes.
    public let diagnostics: AsyncStream<DiagnosticFlags>
    let continuation: AsyncStream<DiagnosticFlags>.Continuation
    /// The last misuse of this session, if any (see `SimulatedLocationManager.lastError`).
    public internal(set) var lastError: DeviceError?
    /// False once invalidated, released or refused: no call is left to make.
    public private(set) var isActive = true

    weak var device: SimulatedDevice?
    let process: Int
    /// Its key among the device's activity sessions (`ModernObjects.activities`).
    let serial: Int

    init(_ kind: Kind, device: SimulatedDevice, serial: Int) {
        self.kind = kind
        self.device = device
        self.serial = serial
        process = device.process
        (diagnostics, continuation) = AsyncStream.makeStream(of: DiagnosticFlags.self)
    }

    deinit {
        continuation.finish()
        guard isActive, let device, device.ended(process: process, label, "release") == nil else { return }
        _ = device.modernCall(call(invalidated: false))
        device.modernObjects.forget(self)
    }

    /// `invalidate()`: ends the session at the device's time.
    public func invalidate() {
        guard isActive else { return }
        guard let device else {
            lastError = SimulatedDevice.gone(call(invalidated: true), label)
            return
        }
        if let error = device.objectCall(call(invalidated: true), process: process, label) {
            lastError = error
            if error.code == .processEnded { end() }
            return
        }
        device.modernObjects.forget(self)
        end()
    }

    /// The session is over: its stream finishes.
    func end() {
        isActive = false
        continuation.finish()
    }

    /// Its begin call.
    var beginCall: ModernCall {
        switch kind {
        case .service(let name, let requirement, let key):
            return .serviceSessionBegin(name: name, requirement, fullAccuracyPurposeKey: key)
        case .backgroundActivity: return .backgroundActivitySessionBegin
        }
    }

    /// `invalidate()`'s call, or (not `invalidated`) letting go of the object.
    private func call(invalidated: Bool) -> ModernCall {
        switch kind {
        case .service(let name, _, _):
            return invalidated ? .serviceSessionEnd(name: name) : .serviceSessionRelease(name: name)
        case .backgroundActivity: return invalidated ? .backgroundActivitySessionEnd : .backgroundActivitySessionRelease
        }
    }

    private var label: String {
        switch kind {
        case .service(let name, _, _): return "service session '\(name)'"
        case .backgroundActivity: return "background activity session \(serial)"
        }
    }
}

extension SimulatedDevice {
    /// `CLServiceSession(authorization:fullAccuracyPurposeKey:)` (iOS 18):
    /// `app serviceSession begin session<n> <authorization> [fullAccuracyPurposeKey=<key>]`
    /// now, the sessions named `session1`, `session2`, … in the order made.
    ///
    /// Like Core Location's initializer it does not throw: on a platform
    /// without it, or when the rules refuse it, the session is inactive
    /// (its stream finished, `lastError` set) and the test's next call
    /// throws the `DeviceError`.
    public func beginServiceSession(
        authorization: ServiceRequirement, fullAccuracyPurposeKey: String? = nil
    ) -> SimulatedSession {
        modernObjects.servicesMade += 1
        let name = "session\(modernObjects.servicesMade)"
        let kind = SimulatedSession.Kind.service(
            name: name, authorization, fullAccuracyPurposeKey: fullAccuracyPurposeKey)
        return begin(SimulatedSession(kind, device: self, serial: modernObjects.servicesMade))
    }

    /// `CLBackgroundActivitySession()` (iOS 17): `app backgroundActivitySession begin`
    /// now. The scenario language has one activity session per app, so
    /// invalidating (or letting go of) any of the app's objects ends it.
    /// Refused, as `beginServiceSession`'s.
    public func beginBackgroundActivitySession() -> SimulatedSession {
        modernObjects.activitiesMade += 1
        return begin(SimulatedSession(.backgroundActivity, device: self, serial: modernObjects.activitiesMade))
    }

    private func begin(_ session: SimulatedSession) -> SimulatedSession {
        if let error = modernCall(session.beginCall) {
            session.lastError = error
            session.end()
            return session
        }
        switch session.kind {
        case .service(let name, _, _): modernObjects.services[name] = session.continuation
        case .backgroundActivity: modernObjects.activities.append((session.serial, session.continuation))
        }
        return session
    }
}

extension ModernObjects {
    /// `session` ended: the device yields it nothing more.
    mutating func forget(_ session: SimulatedSession) {
        switch session.kind {
        case .service(let name, _, _): services[name] = nil
        case .backgroundActivity: activities.removeAll { $0.serial == session.serial }
        }
    }
}
