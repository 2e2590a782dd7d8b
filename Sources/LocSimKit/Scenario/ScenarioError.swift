/// A statement that does not fit: reported as `file:line:column: error: message`,
/// followed by a `note:` line for each earlier line that caused it.
public struct ScenarioError: Error, Equatable, Sendable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String
    /// Why the line failed when an earlier line is the cause (the app
    /// crashed, a request showed no prompt), each at that earlier line.
    public var notes: [Note] = []

    /// An earlier line that explains an error.
    public struct Note: Equatable, Sendable {
        public var location: SourceLocation
        public var message: String
        public init(_ message: String, at location: SourceLocation) {
            self.message = message
            self.location = location
        }
    }

    public init(_ message: String, at location: SourceLocation) {
        self.message = message
        self.location = location
    }

    public init(_ message: String, line: Int, column: Int) {
        self.init(message, at: SourceLocation(line: line, column: column))
    }

    /// The compiler-style lines: `file:line:column: error: message`, then
    /// `file:line:column: note: …` for each note, joined by newlines.
    public func formatted(file: String) -> String {
        var text = "\(file):\(location.line):\(location.column): error: \(message)"
        for note in notes {
            text += "\n\(file):\(note.location.line):\(note.location.column): note: \(note.message)"
        }
        return text
    }

    public var description: String { formatted(file: "<scenario>") }
}
