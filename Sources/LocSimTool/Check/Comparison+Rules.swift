import LocSimKit

/// The rule behind a record of the model's log, for `locsim compare`'s
/// report: the section of docs/rules.md (or docs/modern.md) and the
/// parameter that decides it, as the Reasons table of docs/rules.md gives them.
extension Comparison {
    enum Rules {
        /// Each `reason=` of a `hold`, `drop`, `inuse end` or `app suspend`
        /// record: where its rule is, and the `set` parameter it turns on.
        static let reasons: [String: (rule: String, parameter: String?)] = [
            "notInUse": ("docs/rules.md §3, §8", "grace"),
            "graceExpired": ("docs/rules.md §3, §7", "grace"),
            "sessionEnded": ("docs/rules.md §3", nil),
            "notAuthorized": ("docs/rules.md §8", nil),
            "suspended": ("docs/rules.md §2, §8", "suspendAfter"),
            "notRunning": ("docs/rules.md §2, §8", nil),
            "forceQuit": ("docs/rules.md §2", "relaunchAfterForceQuit"),
            "reducedAccuracy": ("docs/rules.md §8, §10", nil),
            "reducedInterval": ("docs/rules.md §10", "reducedInterval"),
            "distanceFilter": ("docs/rules.md §8", nil),
            "provisionalAlways": ("docs/rules.md §6", "upgradePromptDelay"),
            "superseded": ("docs/rules.md §6, §8", nil),
            "stale": ("docs/rules.md §6", "heldEventMaxAge"),
            "keptWhileUsing": ("docs/rules.md §6", nil),
            "notRestarted": ("docs/rules.md §8, \"Relaunch\"; docs/modern.md M10", nil),
            "lessAccurate": ("docs/rules.md §8", "requestLocationTimeout"),
            "stopped": ("docs/rules.md §8", nil),
            "paused": ("docs/rules.md §8", "pauseAfter"),
            "unavailable": ("docs/rules.md §8", nil),
            "notImplemented": ("docs/rules.md §8", nil),
            "locationUnavailable": ("docs/rules.md §8, \"No fix\"", nil),
            "headingFilter": ("docs/rules.md §8, \"Heading\"", nil),
            "beforeFirstUnlock": ("docs/rules.md §2, \"Reboot\"", "firstUnlockDelay"),
            "monitorNotOpen": ("docs/modern.md", nil),
            "eventPending": ("docs/modern.md", nil),
            "conditionLimitExceeded": ("docs/modern.md", "monitorConditionLimit"),
            "serviceSessionRequired": ("docs/modern.md", nil),
            "stationary": ("docs/modern.md", "stationaryDelay"),
        ]

        /// `'<record>': <rule>, set <parameter>` for a record with a known reason.
        static func cite(_ record: LogLine) -> String? {
            guard let word = record.words.last(where: { $0.hasPrefix("reason=") }),
                let (rule, parameter) = reasons[String(word.dropFirst("reason=".count))]
            else { return nil }
            return "'\(record.text)': \(rule)" + (parameter.map { ", set \($0)" } ?? "")
        }

        /// Why the model gives `record` when it does: the records with a
        /// rule's reason at that instant (a grace period's end that ends
        /// Allow Once), else the app's state then (at its fix's time, for a
        /// location delivered later).
        static func explain(_ record: LogLine, in log: [LogLine]) -> String {
            let sameInstant = log.filter { $0.time == record.time && $0.number < record.number }
            if let cited = sameInstant.reversed().lazy.compactMap(cite).first { return "after " + cited }
            // A location delivered after its fix: what the model did at the fix's time.
            if record.stamp < record.time {
                return "its fix at \(LogLine.seconds(record.stamp)): " + state(at: record.stamp, in: log)
            }
            return state(at: record.time, in: log)
        }

        /// Why the model has no record like the device's `record`: its hold
        /// or drop of the same event near that time, else the state then.
        static func explainMissing(_ record: LogLine, in log: [LogLine]) -> String {
            let arguments = Array(record.arguments)
            let near = log.filter {
                ($0.kind == "drop" || $0.kind == "hold") && abs($0.time - record.time) <= Comparison.tolerance
            }
            let same = near.first { line in !arguments.isEmpty && contains(line.words, arguments) }
            if let found = same ?? near.first, let cited = cite(found) { return "the model " + cited }
            return state(at: record.time, in: log)
        }

        /// The model's app at `time`: in use in the background (the grace
        /// period, until its end), or out of use since a reason's record,
        /// or its last lifecycle record.
        static func state(at time: Int64, in log: [LogLine]) -> String {
            let before = log.filter { $0.time <= time }
            let lastApp = before.last { $0.kind == "app" }
            let lastInUse = before.last { $0.kind == "inuse" }
            if let lastInUse, lastInUse.words.first == "begin", let lastApp,
                lastApp.words.first == "background" || lastApp.words.first == "suspend"
            {
                let end = log.first { $0.time > time && $0.kind == "inuse" && $0.words.first == "end" }
                let until = end.map { " until '\($0.text)'" } ?? ""
                return "the model's app is in use in the background\(until): docs/rules.md §3, §7, set grace"
            }
            if let lastInUse, lastInUse.words.first == "end", let cited = cite(lastInUse) {
                return "the model's app is out of use since " + cited
            }
            return lastApp.map { "the model's app state: '\($0.text)'" } ?? "no record of the model's at that time"
        }

        /// Whether `words` holds `part` in a row.
        static func contains(_ words: [Substring], _ part: [Substring]) -> Bool {
            guard part.count <= words.count else { return false }
            for start in 0...(words.count - part.count) where Array(words[start..<(start + part.count)]) == part {
                return true
            }
            return false
        }
    }
}
