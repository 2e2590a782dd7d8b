/// `app liveUpdates|backgroundActivitySession|serviceSession|monitor …`:
/// the Swift-concurrency location APIs of iOS 17 and 18 (docs/modern.md).
extension ScenarioParser {
    static let modernCalls = "liveUpdates, backgroundActivitySession, serviceSession, monitor"

    /// The modern call `name` starts, or nil when `name` is not one of them.
    func modernCall(_ name: Token, _ s: inout ByteScanner) throws(ScenarioError) -> ModernCall? {
        if s.matches(name, "liveUpdates") {
            return try liveUpdates(&s)
        } else if s.matches(name, "backgroundActivitySession") {
            let action = try s.required("begin|end|release", for: "backgroundActivitySession")
            let call: ModernCall
            if s.matches(action, "begin") {
                call = .backgroundActivitySessionBegin
            } else if s.matches(action, "end") {
                call = .backgroundActivitySessionEnd
            } else if s.matches(action, "release") {
                call = .backgroundActivitySessionRelease
            } else {
                throw s.unknown(
                    "backgroundActivitySession action", action, expected: ["begin", "end", "release"],
                    listed: "begin, end or release")
            }
            try s.end()
            return call
        } else if s.matches(name, "serviceSession") {
            return try serviceSession(&s)
        } else if s.matches(name, "monitor") {
            return try monitor(&s)
        }
        return nil
    }

    /// `liveUpdates start [<configuration>]` or `liveUpdates stop`.
    private func liveUpdates(_ s: inout ByteScanner) throws(ScenarioError) -> ModernCall {
        let action = try s.required("start|stop", for: "liveUpdates")
        if s.matches(action, "stop") {
            try s.end()
            return .liveUpdatesStop
        }
        guard s.matches(action, "start") else {
            throw s.unknown("liveUpdates action", action, expected: ["start", "stop"], listed: "start or stop")
        }
        var configuration = LiveConfiguration.default
        if let word = try s.next() {
            guard !word.isQuoted, word.count <= 24, let c = LiveConfiguration(rawValue: s.string(word)) else {
                throw s.unknown("live configuration", word, expected: LiveConfiguration.allCases.map(\.rawValue))
            }
            configuration = c
            try s.end()
        }
        return .liveUpdatesStart(configuration)
    }

    /// `serviceSession begin <name> none|whenInUse|always [fullAccuracyPurposeKey=<key>]`,
    /// `serviceSession end <name>` or `serviceSession release <name>`.
    private func serviceSession(_ s: inout ByteScanner) throws(ScenarioError) -> ModernCall {
        let action = try s.required("begin|end|release", for: "serviceSession")
        let begins = s.matches(action, "begin")
        let releases = s.matches(action, "release")
        guard begins || releases || s.matches(action, "end") else {
            throw s.unknown(
                "serviceSession action", action, expected: ["begin", "end", "release"], listed: "begin, end or release")
        }
        let owner = begins ? "serviceSession begin" : releases ? "serviceSession release" : "serviceSession end"
        let name = try s.identifier(try s.required("name", for: owner), "a session name")
        guard begins else {
            try s.end()
            return releases ? .serviceSessionRelease(name: name) : .serviceSessionEnd(name: name)
        }
        let word = try s.required("none|whenInUse|always", for: owner)
        guard !word.isQuoted, word.count <= 10, let requirement = ServiceRequirement(rawValue: s.string(word)) else {
            throw s.unknown(
                "authorization requirement", word, expected: ServiceRequirement.allCases.map(\.rawValue),
                listed: "none, whenInUse or always")
        }
        var purposeKey: String? = nil
        let expected = "fullAccuracyPurposeKey=<key>"
        while let (key, value) = try s.nextOption(expected: expected) {
            guard s.matches(key, "fullAccuracyPurposeKey") else {
                throw s.unknownOption(key, for: owner, expected: expected)
            }
            try s.once(purposeKey, key)
            purposeKey = try s.identifier(value, "a purpose key")
        }
        return .serviceSessionBegin(name: name, requirement, fullAccuracyPurposeKey: purposeKey)
    }

    /// The optional `assuming satisfied|unsatisfied|unknown` that ends `monitor … add`:
    /// `add(_:identifier:assuming:)` ("It initializes the monitoring state
    /// with the given value", CLMonitor.h).
    private func assumedState(_ s: inout ByteScanner) throws(ScenarioError) -> MonitorState? {
        guard let word = try s.next() else { return nil }
        guard s.matches(word, "assuming") else {
            throw s.error(
                "unexpected argument '\(s.display(word))'; expected 'assuming satisfied|unsatisfied|unknown'", at: word)
        }
        let token = try s.required("satisfied|unsatisfied|unknown", for: "assuming")
        let states: [MonitorState] = [.satisfied, .unsatisfied, .unknown]
        guard let state = states.first(where: { s.matches(token, $0.rawValue) }) else {
            throw s.unknown(
                "assumed state", token, expected: states.map(\.rawValue), listed: "satisfied, unsatisfied or unknown")
        }
        try s.end()
        return state
    }

    /// `monitor <name> open|close`, `monitor <name> add <id> <lat> <lon> <radius>`,
    /// `monitor <name> add <id> beacon <uuid> [<major> [<minor>]]`, `monitor <name> remove <id>`.
    private func monitor(_ s: inout ByteScanner) throws(ScenarioError) -> ModernCall {
        let name = try s.identifier(try s.required("name", for: "monitor"), "a monitor name")
        let action = try s.required("open|close|add|remove", for: "monitor \(name)")
        if s.matches(action, "open") {
            try s.end()
            return .monitorOpen(name: name)
        } else if s.matches(action, "close") {
            try s.end()
            return .monitorClose(name: name)
        } else if s.matches(action, "remove") {
            let id = try s.identifier(try s.required("id", for: "monitor remove"), "a condition id")
            try s.end()
            return .monitorRemove(name: name, id: id)
        } else if s.matches(action, "add") {
            let id = try s.identifier(try s.required("id", for: "monitor add"), "a condition id")
            var lookahead = s
            if let word = try lookahead.next(), s.matches(word, "beacon") {
                s = lookahead
                var rest = s
                let constraint = try beaconConstraint(for: "monitor add beacon", &rest, stoppingAt: "assuming")
                s = rest
                return .monitorAdd(name: name, id: id, .beacon(constraint), assuming: try assumedState(&s))
            }
            let (center, _) = try s.coordinate(for: "monitor add")
            let (radius, _) = try s.requiredNumber("radius", "radius", for: "monitor add")
            return .monitorAdd(
                name: name, id: id, .circle(center: center, radius: radius), assuming: try assumedState(&s))
        }
        throw s.unknown(
            "monitor action", action, expected: ["open", "close", "add", "remove"], listed: "open, close, add or remove"
        )
    }
}
