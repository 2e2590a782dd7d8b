/// A statement that does not fit: reported as `file:line:column: error: message`.
public struct ScenarioError: Error, Equatable, Sendable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String

    public init(_ message: String, at location: SourceLocation) {
        self.message = message
        self.location = location
    }

    public init(_ message: String, line: Int, column: Int) {
        self.init(message, at: SourceLocation(line: line, column: column))
    }

    /// The compiler-style line, `file:line:column: error: message`.
    public func formatted(file: String) -> String {
        "\(file):\(location.line):\(location.column): error: \(message)"
    }

    public var description: String { formatted(file: "<scenario>") }
}
