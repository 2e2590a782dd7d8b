/// What an exploration found: typed outcomes with path counts, and for each
/// the shortest path, replayable both by the API and by `locsim run`.
extension DeviceExploration {
    /// One decision on a path.
    public struct Choice: Equatable, Sendable, CustomStringConvertible {
        /// What was decided.
        public enum Kind: Equatable, Sendable, CustomStringConvertible {
            /// A prompt the closure moved on from without answering.
            case prompt(PromptKind)
            /// Whether the system ends the app, in the background or
            /// suspended, before the closure's call (`systemTerminations`).
            case suspendedApp
            /// `explorer.systemAny()`.
            case system

            public var description: String {
                switch self {
                case .prompt(let kind): return kind.rawValue + " prompt"
                case .suspendedApp: return "app in the background"
                case .system: return "systemAny"
                }
            }
        }

        /// When: the device's time at the choice.
        public var time: Instant
        /// What kind of choice point this was: a prompt, the app in the background, or `systemAny()`.
        public var kind: Kind
        /// The option taken, as the scenario line writes it
        /// (`allowWhileUsing precise=off`, `dismiss`, `system terminate`),
        /// or `system nothing` (`Choice.nothing`) where the system did nothing.
        public var option: String
        /// The option of the system doing nothing.
        package static let nothing = "system nothing"
        /// The option's place among the choice point's options, from 0.
        public var index: Int

        /// `1.000 whenInUse allowOnce`, `61.000 system terminate`.
        public var description: String {
            switch kind {
            case .prompt(let prompt): return "\(time.sinceStart) \(prompt.rawValue) \(option)"
            case .suspendedApp, .system: return "\(time.sinceStart) \(option)"
            }
        }
    }

    /// A path: its choices, and the session as scenario text.
    public struct Path: Equatable, Sendable, CustomStringConvertible {
        /// The platform the path ran on.
        public var platform: Platform
        /// The decisions the path took, in time order.
        public var choices: [Choice]
        /// The device's session on this path as a `.scn` file (the choices
        /// written in as `user` and `system terminate` lines): `locsim run`
        /// replays it to the log the closure saw. A failed path ends with a
        /// comment line, `# locsim: the closure failed here: <message>`.
        public var scenario: String

        /// The choices as `replay(_:on:_:)` takes them: each option's number
        /// (from 1) at its choice point, separated by `.` (`1.3.2`); `-` for
        /// a path of no choice.
        public var choiceString: String {
            choices.isEmpty ? "-" : choices.map { String($0.index + 1) }.joined(separator: ".")
        }

        /// `1.000 whenInUse allowOnce; 61.000 system terminate`, or `(no
        /// choice)`. The system doing nothing is no choice, as in `locsim
        /// explore`'s `shortest path`: it is not listed (`choiceString`
        /// still numbers it).
        public var description: String {
            let made = choices.filter { $0.option != Choice.nothing }
            return made.isEmpty ? "(no choice)" : made.map(\.description).joined(separator: "; ")
        }

        /// The option indices a choice string names, or nil.
        static func indices(of string: String) -> [Int]? {
            if string == "-" { return [] }
            var out: [Int] = []
            for part in string.split(separator: ".", omittingEmptySubsequences: false) {
                guard part.count <= 6, let n = Int(part), n >= 1 else { return nil }
                out.append(n - 1)
            }
            return out
        }
    }

    /// What a path came to.
    public struct Outcome: Equatable, Sendable {
        /// The platform the path ran on.
        public var platform: Platform
        /// The first failed `explorer.check`'s message, or `threw <error>`
        /// for an error the closure threw; nil for a path that passed.
        public var failure: String?
        /// `CLLocationManager.authorizationStatus()` at the closure's end.
        public var authorization: AuthorizationStatus
        /// How many times the system ended the app at `systemTerminations` points.
        public var terminations: Int

        /// Whether the path failed: a failed `explorer.check`, or an error the closure threw.
        public var failed: Bool { failure != nil }
    }

    /// One outcome, how many paths end in it, and the shortest of them.
    public struct Row: Equatable, Sendable {
        /// The outcome these paths share.
        public var outcome: Outcome
        /// How many paths end in this outcome.
        public var paths: Int
        /// The path with the fewest choices (the first found among equally short ones).
        public var shortest: Path
    }

    /// What the exploration found on one platform: its path count and its outcomes.
    public struct PlatformResult: Equatable, Sendable {
        /// The platform these paths ran on.
        public var platform: Platform
        /// Paths followed: runs of the closure.
        public var paths: Int
        /// Outcomes in the order their first path was found.
        public var rows: [Row]
    }

    /// The result of `run`.
    public struct Report: Equatable, Sendable, CustomStringConvertible {
        /// One result per platform explored, in the order given.
        public var platforms: [PlatformResult]

        /// Every failed outcome's row, platform by platform.
        public var failures: [Row] { platforms.flatMap { $0.rows.filter(\.outcome.failed) } }
        /// Paths over all platforms.
        public var paths: Int { platforms.reduce(0) { $0 + $1.paths } }

        /// One line per outcome (platform, paths, authorization, terminations,
        /// `ok` or the failure, the shortest path and its choice string),
        /// then one summary line per platform.
        public var description: String {
            var lines: [String] = []
            for platform in platforms {
                for row in platform.rows {
                    let o = row.outcome
                    lines.append(
                        "\(o.platform)  paths \(row.paths)  \(o.authorization.rawValue)  terminations \(o.terminations)  "
                            + (o.failure.map { "FAILED: " + $0 } ?? "ok")
                            + "  shortest: \(row.shortest) [\(row.shortest.choiceString)]")
                }
            }
            for platform in platforms {
                let failing = platform.rows.filter(\.outcome.failed).reduce(0) { $0 + $1.paths }
                lines.append(
                    "\(platform.platform): \(platform.paths) paths, \(platform.rows.count) outcomes, \(failing) paths failed"
                )
            }
            return lines.joined(separator: "\n") + "\n"
        }
    }

    /// One path run again by `replay`: its outcome, the path (with the
    /// scenario text), and the device as the closure left it.
    public struct Replayed {
        /// What the replayed path came to.
        public var outcome: Outcome
        /// The path replayed, with its scenario text.
        public var path: Path
        /// The device as the closure left it, to inspect (its `log`, its managers).
        public var device: SimulatedDevice
    }
}
