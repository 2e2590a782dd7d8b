/// Which iOS 17+ calls exist on which platform (the availability of Apple's
/// documentation pages, docs/modern.md). A call that does not exist is a
/// scenario error naming the version that introduced it, as for `AppCall`.
enum ModernAvailability {
    static func problem(_ call: ModernCall, on rules: RulesVersion) -> String? {
        let platform = rules.platform
        func missing(_ why: String) -> String { "\(call.name) is not available on \(platform): \(why)" }
        func since(_ major: Int) -> String? {
            rules.atLeast(major) ? nil : missing("it was introduced in iOS \(major).0")
        }
        switch call {
        case .liveUpdatesStart, .liveUpdatesStop:
            return since(17)
        case .backgroundActivitySessionBegin, .backgroundActivitySessionEnd, .backgroundActivitySessionRelease:
            if rules.isMac || rules.isTV {
                return missing("CLBackgroundActivitySession is iOS, iPadOS and watchOS only")
            }
            return since(17)
        case .serviceSessionBegin(_, let requirement, _):
            if rules.isMac { return missing("CLServiceSession is unavailable on macOS") }
            if requirement == .always && rules.isTV { return missing("tvOS has no Always authorization") }
            return since(18)
        case .serviceSessionEnd, .serviceSessionRelease:
            if rules.isMac { return missing("CLServiceSession is unavailable on macOS") }
            return since(18)
        case .monitorOpen, .monitorClose, .monitorAdd, .monitorRemove:
            if rules.isTV || rules.isWatch { return missing("CLMonitor is unavailable on tvOS and watchOS") }
            return since(17)
        }
    }
}
