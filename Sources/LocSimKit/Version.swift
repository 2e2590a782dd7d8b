/// The versions `locsim --version` reports.
package enum LocSimVersion {
    /// The tool's version.
    package static let tool = "0.5.0"
    /// The newest scenario format this build reads (`locsim 1`, SPEC §1.1).
    package static var scenarioFormat: Int { ScenarioParser.formatVersion }
}
