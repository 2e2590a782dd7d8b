import Foundation
import LocSimKit

/// iOS 18's `CLServiceSession` over the current device's
/// `SimulatedDevice.beginServiceSession(authorization:fullAccuracyPurposeKey:)`:
/// made, it begins `app serviceSession begin session<n> …` at the device's
/// time; `invalidate()` ends it, and so does letting go of the object
/// (`release`, docs/modern.md M20), as on a device.
///
/// Made with no device current it belongs to none: standard error says so,
/// `simulationError` is `.noCurrentDevice` and its diagnostics end at once.
public final class CLServiceSession: @unchecked Sendable {
    /// What the session asks of the app's authorization.
    public enum AuthorizationRequirement: Int, Sendable {
        /// Asks for no authorization; meets `NSLocationRequireExplicitServiceSession` if the app is authorized (M7).
        case none = 0
        /// When In Use: shows the When In Use prompt from the foreground if not determined yet (docs/modern.md M8).
        case whenInUse = 1
        /// Not on tvOS (the rules refuse it there).
        case always = 2

        var simulated: ServiceRequirement {
            switch self {
            case .none: return .none
            case .whenInUse: return .whenInUse
            case .always: return .always
            }
        }
    }

    /// The device's session under this one; nil when made with no device current.
    public let simulatedSession: SimulatedSession?
    private let unboundError: DeviceError?

    /// Begins a session requiring `authorization` on the current device (`app serviceSession begin session<n> …`).
    public convenience init(authorization: AuthorizationRequirement) {
        self.init(authorization, purposeKey: nil)
    }

    /// … and full accuracy, for the temporary-usage purpose key `fullAccuracyPurposeKey` (docs/modern.md M18).
    public convenience init(authorization: AuthorizationRequirement, fullAccuracyPurposeKey: String) {
        self.init(authorization, purposeKey: fullAccuracyPurposeKey)
    }

    private init(_ authorization: AuthorizationRequirement, purposeKey: String?) {
        let (device, error) = SimulatedDevice.currentOrWarn("CLServiceSession(authorization:)")
        simulatedSession = device?.beginServiceSession(
            authorization: authorization.simulated, fullAccuracyPurposeKey: purposeKey)
        unboundError = error
    }

    /// The last misuse of this session (see `CLLocationManager.simulationError`).
    public var simulationError: DeviceError? { simulatedSession?.lastError ?? unboundError }

    /// Ends the session.
    public func invalidate() { simulatedSession?.invalidate() }

    /// The session's diagnostics as the device yields them.
    public var diagnostics: Diagnostics { Diagnostics(simulatedSession, "CLServiceSession.diagnostics") }

    /// `CLServiceSession.Diagnostic`: why the session is not met, if it is not.
    public typealias Diagnostic = SessionDiagnostic<CLServiceSession>

    /// `CLServiceSession.Diagnostics`: each diagnostic, in the device's order.
    public typealias Diagnostics = SessionDiagnostics<CLServiceSession>
}

extension SimulatedDevice {
    /// The current device, or nil and the `.noCurrentDevice` error said on standard error.
    static func currentOrWarn(_ name: String) -> (SimulatedDevice?, DeviceError?) {
        if let device = current { return (device, nil) }
        let error = CLLocationManager.noDevice(name)
        CLLocationManager.warn(error)
        return (nil, error)
    }
}
