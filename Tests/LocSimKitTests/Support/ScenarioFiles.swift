/// Where the repository's `Scenarios/` folder is, found from this file's path.
enum ScenarioFiles {
    /// `<repo>/Scenarios`.
    static let root: String = {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)  // Support/ScenarioFiles.swift, LocSimKitTests, Tests
        return parts.joined(separator: "/") + "/Scenarios"
    }()
}
