/// A line that replays but probably not as its author meant: printed as
/// `file:line:column: warning: message` on standard error, never in the log
/// (so goldens do not depend on it).
public struct ScenarioWarning: Equatable, Sendable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String

    public init(_ message: String, at location: SourceLocation) {
        self.message = message
        self.location = location
    }

    /// The compiler-style line, `file:line:column: warning: message`.
    public func formatted(file: String) -> String {
        "\(file):\(location.line):\(location.column): warning: \(message)"
    }

    public var description: String { formatted(file: "<scenario>") }
}
