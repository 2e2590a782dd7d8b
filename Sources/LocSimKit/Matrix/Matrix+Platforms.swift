/// The platform list of `locsim matrix --platforms`.
extension Matrix {
    /// A platform list that does not parse.
    package struct PlatformListError: Error, Equatable, Sendable {
        package var message: String
    }

    /// Parses `iOS 12.5,13.0,13.4,macOS 15.0`: comma-separated items, each
    /// `<os> <version>` or a bare `<version>` of the previous item's OS
    /// (iOS for the first).
    ///
    /// Each item is checked as the scenario's `platform` line is, so the
    /// matrix accepts exactly the platforms a scenario may name; a platform
    /// listed twice (`iOS 14.0,14`) is an error.
    /// `option` names the option in messages (`run --platform` takes one item).
    package static func platforms(
        parsing list: String, option: String = "--platforms"
    ) throws(PlatformListError) -> [Platform] {
        var platforms: [Platform] = []
        var os = Platform.OS.iOS.rawValue
        for item in list.split(separator: ",", omittingEmptySubsequences: false) {
            let words = item.split(separator: " ")
            let version: Substring
            switch words.count {
            case 1 where Platform.OS(rawValue: String(words[0])) == nil: version = words[0]
            case 2:
                os = String(words[0])
                version = words[1]
            default:
                let shown = item.isEmpty ? "an empty item" : "'\(item)'"
                throw PlatformListError(
                    message: "\(shown) in \(option); expected a comma-separated list like 'iOS 12.5,13.0,macOS 15.0'")
            }
            var parser = ScenarioParser()
            do throws(ScenarioError) {
                guard
                    case .header(.platform(let platform), _)? = try parser.parse(
                        "platform \(os) \(version)", lineNumber: 1)
                else { throw ScenarioError("expected a platform", line: 1, column: 1) }
                // Twice would replay it twice and print its rows twice.
                guard !platforms.contains(platform) else {
                    throw ScenarioError("'\(platform)' is listed twice", line: 1, column: 1)
                }
                platforms.append(platform)
            } catch {
                throw PlatformListError(message: "\(error.message) in \(option)")
            }
        }
        return platforms
    }
}
