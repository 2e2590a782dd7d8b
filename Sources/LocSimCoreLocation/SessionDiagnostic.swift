import LocSimKit

/// A session's diagnostic: `CLServiceSession.Diagnostic` and
/// `CLBackgroundActivitySession.Diagnostic` are this type, `Session` naming
/// whose, so each has Core Location's properties for its session and no
/// other: the six below for both, and a service session's two more.
public struct SessionDiagnostic<Session>: Sendable {
    let flags: DiagnosticFlags

    /// The user denied the app, or Location Services are off (docs/modern.md M22).
    public var authorizationDenied: Bool { flags.contains(.authorizationDenied) }
    /// Location Services are off for the whole device.
    public var authorizationDeniedGlobally: Bool { flags.contains(.authorizationDeniedGlobally) }
    /// A restriction (Screen Time, parental controls) forbids location.
    public var authorizationRestricted: Bool { flags.contains(.authorizationRestricted) }
    /// The app is not in use as the session needs: made out of the foreground, until it comes there (M6).
    public var insufficientlyInUse: Bool { flags.contains(.insufficientlyInUse) }
    /// `NSLocationRequireExplicitServiceSession` is set and no `CLServiceSession` meets it (M7).
    public var serviceSessionRequired: Bool { flags.contains(.serviceSessionRequired) }
    /// A location prompt is on screen, not answered yet.
    public var authorizationRequestInProgress: Bool { flags.contains(.authorizationRequestInProgress) }
}

extension SessionDiagnostic where Session == CLServiceSession {
    /// The session asks for full accuracy (`fullAccuracyPurposeKey:`) and Precise Location is off.
    public var fullAccuracyDenied: Bool { flags.contains(.fullAccuracyDenied) }
    /// The session requires Always and the app has When In Use after its Always request was answered.
    public var alwaysAuthorizationDenied: Bool { flags.contains(.alwaysAuthorizationDenied) }
}

/// A session's diagnostics, in the device's order: `CLServiceSession.Diagnostics`
/// and `CLBackgroundActivitySession.Diagnostics` are this type.
public struct SessionDiagnostics<Session>: AsyncSequence, Sendable {
    let stream: AsyncStream<DiagnosticFlags>

    /// The diagnostics of `session` (`name`, the read, for its error): none
    /// for no session, and none (the read reported) before iOS 18.
    init(_ session: SimulatedSession?, _ name: String) {
        guard let session, session.simulatedDevice?.unavailableRead(name, since: 18) == nil else {
            stream = AsyncStream { $0.finish() }
            return
        }
        stream = session.diagnostics
    }

    public func makeAsyncIterator() -> Iterator { Iterator(base: stream.makeAsyncIterator()) }

    /// Yields each diagnostic as the device delivers it (iOS 18); ends when the session ends.
    public struct Iterator: AsyncIteratorProtocol {
        var base: AsyncStream<DiagnosticFlags>.Iterator

        /// Throws nothing today: Core Location's sequences may throw.
        public mutating func next() async throws -> SessionDiagnostic<Session>? {
            await base.next().map(SessionDiagnostic.init)
        }
    }
}
