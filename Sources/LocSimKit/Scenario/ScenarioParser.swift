/// Parses scenario lines (SPEC §1) from bytes.
public struct ScenarioParser {
    public init() {}

    /// Parses one line; `nil` for a blank or comment-only line.
    public mutating func parse(_ line: UnsafeRawBufferPointer, lineNumber: Int) throws(ScenarioError) -> Statement? {
        throw ScenarioError("parser not written yet", line: lineNumber, column: 1)
    }
}
