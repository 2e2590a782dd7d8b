/// A statement that does not fit: reported as `file:line:column: error: message`.
public struct ScenarioError: Error, Equatable, Sendable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String
    /// The file the error is in when it is not the scenario itself (a GPX
    /// track), as the scenario names it: relative to the scenario's folder.
    public var file: String?

    public init(_ message: String, at location: SourceLocation, file: String? = nil) {
        self.message = message
        self.location = location
        self.file = file
    }

    public init(_ message: String, line: Int, column: Int) {
        self.init(message, at: SourceLocation(line: line, column: column))
    }

    /// The compiler-style line, `file:line:column: error: message`, where
    /// `file` is the scenario's name; an error in a track names the track,
    /// in the scenario's folder as `file` spells it.
    public func formatted(file: String) -> String {
        var name = file
        if let track = self.file {
            let folder = FileIO.directory(of: file)
            name = track.hasPrefix("/") || folder == "." ? track : folder + "/" + track
        }
        return "\(name):\(location.line):\(location.column): error: \(message)"
    }

    public var description: String { formatted(file: "<scenario>") }
}
