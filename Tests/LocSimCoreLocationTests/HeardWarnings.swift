import Foundation
import LocSimCoreLocation

/// The lines `LocSimCoreLocation` says on standard error (a Core Location
/// object made with no device current), heard instead while a test runs,
/// so the test reads them and a passing run prints nothing.
final class HeardWarnings: @unchecked Sendable {
    private let lock = NSLock()
    private var heard: [String] = []

    /// What was said so far, each line ending in `\n`.
    var lines: [String] { lock.withLock { heard } }

    private func hear(_ line: String) { lock.withLock { heard.append(line) } }

    /// Runs `body`, hearing what it says.
    func during<T>(_ body: () async throws -> T) async rethrows -> T {
        try await CLLocationManager.$warnings.withValue({ [self] in hear($0) }, operation: body)
    }

    /// Runs `body`, hearing what it says.
    func during<T>(_ body: () throws -> T) rethrows -> T {
        try CLLocationManager.$warnings.withValue({ [self] in hear($0) }, operation: body)
    }
}
