/// A line that replays but probably not as its author meant: printed as
/// `file:line:column: warning: message` on standard error, never in the log
/// (so goldens do not depend on it).
package struct ScenarioWarning: Equatable, Sendable, CustomStringConvertible {
    package var location: SourceLocation
    package var message: String

    package init(_ message: String, at location: SourceLocation) {
        self.message = message
        self.location = location
    }

    /// The compiler-style line, `file:line:column: warning: message`.
    package func formatted(file: String) -> String {
        Shown.place(file, location, "warning") + message
    }

    package var description: String { formatted(file: "<scenario>") }

    /// How the warning of a scenario without a `platform` line begins
    /// (`run --platform` and `matrix` give the platform, so it does not apply).
    package static let noPlatformPrefix = "no 'platform' line"
}
