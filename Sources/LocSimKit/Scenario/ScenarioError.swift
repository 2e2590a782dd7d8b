/// A statement that does not fit: reported as `file:line:column: error: message`,
/// followed by a `note:` line for each earlier line that caused it.
public struct ScenarioError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Where the error is: the `line:column` of `file:line:column: error:`.
    public var location: SourceLocation
    /// What is wrong, as printed after `error: `.
    public var message: String
    /// Why the line failed when an earlier line is the cause (the app
    /// crashed, a request showed no prompt), each at that earlier line.
    public var notes: [Note] = []

    /// An earlier line that explains an error.
    public struct Note: Equatable, Sendable {
        /// The earlier line's place: the `line:column` of its `note:` line.
        public var location: SourceLocation
        /// Why that line explains the error, as printed after `note: `.
        public var message: String
        package init(_ message: String, at location: SourceLocation) {
            self.message = message
            self.location = location
        }
    }
    /// The file the error is in when it is not the scenario itself (a GPX
    /// track), as the scenario names it: relative to the scenario's folder.
    package var file: String?
    /// A choice point or a window of time (`user any`, `10..20 foreground`):
    /// the line is for `locsim explore`, which replays every choice; `run`,
    /// `check` and `matrix` need one. Coverage lists such scenarios apart.
    package var isExploreChoice: Bool { message.contains(Self.exploreChoiceWords) }
    /// What the errors of a choice point and of a window of time say.
    package static let exploreChoiceWords = "for 'locsim explore'; run, check and matrix need"

    package init(_ message: String, at location: SourceLocation, file: String? = nil) {
        self.message = message
        self.location = location
        self.file = file
    }

    package init(_ message: String, line: Int, column: Int) {
        self.init(message, at: SourceLocation(line: line, column: column))
    }

    /// The compiler-style lines: `file:line:column: error: message`, then
    /// `file:line:column: note: …` for each note, joined by newlines. `file`
    /// is the scenario's name; an error in a track names the track, in the
    /// scenario's folder as `file` spells it (notes are always in the scenario).
    public func formatted(file: String) -> String {
        let name = self.file.map { FileIO.path($0, besideFile: file) } ?? file
        var text = Shown.place(name, location, "error") + message
        for note in notes {
            text += "\n" + Shown.place(file, note.location, "note") + note.message
        }
        return text
    }

    public var description: String { formatted(file: "<scenario>") }
}
