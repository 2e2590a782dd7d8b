/// The versions `locsim --version` reports.
public enum LocSimVersion {
    /// The tool's version.
    public static let tool = "0.1.0"
    /// The newest scenario format this build reads (`locsim 1`, SPEC §1.1).
    public static var scenarioFormat: Int { ScenarioParser.formatVersion }
}
