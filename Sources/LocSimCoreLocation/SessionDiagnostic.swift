import LocSimKit

/// A session's diagnostic: `CLServiceSession.Diagnostic` and
/// `CLBackgroundActivitySession.Diagnostic` are this type, `Session` naming
/// whose, so each has Core Location's properties for its session and no
/// other: the six below for both, and a service session's two more.
public struct SessionDiagnostic<Session>: Sendable {
    let flags: DiagnosticFlags

    public var authorizationDenied: Bool { flags.contains(.authorizationDenied) }
    public var authorizationDeniedGlobally: Bool { flags.contains(.authorizationDeniedGlobally) }
    public var authorizationRestricted: Bool { flags.contains(.authorizationRestricted) }
    public var insufficientlyInUse: Bool { flags.contains(.insufficientlyInUse) }
    public var serviceSessionRequired: Bool { flags.contains(.serviceSessionRequired) }
    public var authorizationRequestInProgress: Bool { flags.contains(.authorizationRequestInProgress) }
}

extension SessionDiagnostic where Session == CLServiceSession {
    public var fullAccuracyDenied: Bool { flags.contains(.fullAccuracyDenied) }
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

    public struct Iterator: AsyncIteratorProtocol {
        var base: AsyncStream<DiagnosticFlags>.Iterator

        /// Throws nothing today: Core Location's sequences may throw.
        public mutating func next() async throws -> SessionDiagnostic<Session>? {
            await base.next().map(SessionDiagnostic.init)
        }
    }
}
