import Foundation
import LocSimKit

/// iOS 17's `CLBackgroundActivitySession` over the current device's
/// `SimulatedDevice.beginBackgroundActivitySession()`: made, it begins
/// `app backgroundActivitySession begin` at the device's time;
/// `invalidate()` ends it, and so does letting go of the object (`release`,
/// docs/modern.md M20). The scenario language has one activity session per
/// app, so invalidating any of the app's objects ends it.
///
/// Made with no device current it belongs to none, as `CLServiceSession`.
public final class CLBackgroundActivitySession: @unchecked Sendable {
    /// The device's session under this one; nil when made with no device current.
    public let simulatedSession: SimulatedSession?
    private let unboundError: DeviceError?

    /// Begins the app's background activity session on the current device (`app backgroundActivitySession begin`).
    public init() {
        let (device, error) = SimulatedDevice.currentOrWarn("CLBackgroundActivitySession()")
        simulatedSession = device?.beginBackgroundActivitySession()
        unboundError = error
    }

    /// The last misuse of this session (see `CLLocationManager.simulationError`).
    public var simulationError: DeviceError? { simulatedSession?.lastError ?? unboundError }

    /// Ends the session.
    public func invalidate() { simulatedSession?.invalidate() }

    /// iOS 18: the session's diagnostics as the device yields them (read on
    /// iOS 17, it is empty and the read is in `ignoredCalls`, `.unavailable`).
    public var diagnostics: Diagnostics { Diagnostics(simulatedSession, "CLBackgroundActivitySession.diagnostics") }

    /// `CLBackgroundActivitySession.Diagnostic`: why the session does not keep the app in use, if it does not.
    public typealias Diagnostic = SessionDiagnostic<CLBackgroundActivitySession>

    /// `CLBackgroundActivitySession.Diagnostics`: each diagnostic, in the device's order.
    public typealias Diagnostics = SessionDiagnostics<CLBackgroundActivitySession>
}
