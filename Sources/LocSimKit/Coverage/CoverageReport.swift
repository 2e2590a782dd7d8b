/// What a suite exercised (`Coverage.run`), and its text and JSON forms.
package struct CoverageReport: Sendable {
    /// A cell of the delivery table: docs/rules.md §8's rows (authorization)
    /// and columns (where the app is), per service.
    struct Cell: Hashable, Sendable {
        var service: CoverageTally.Service
        var access: Delivery.Access
        var app: Delivery.App
    }

    /// A platform, ordered by family then version.
    struct PlatformKey: Hashable, Comparable, Sendable {
        var os: Int
        var major: Int
        var minor: Int
        var name: String
        init(_ platform: Platform) {
            os = Platform.OS.allCases.firstIndex(of: platform.os) ?? 0
            (major, minor, name) = (platform.major, platform.minor, platform.description)
        }
        static func < (a: Self, b: Self) -> Bool { (a.os, a.major, a.minor) < (b.os, b.major, b.minor) }
    }

    /// Scenarios replayed to their end.
    package var replayed = 0
    /// Scenarios in `errors/` folders: they must fail, and exercise no rule.
    package var mustFail = 0
    /// Scenarios that stopped with an error or could not be read.
    package var notReplayed: [String] = []
    /// Scenarios with a choice point or a window of time (`user any`,
    /// `10..20 foreground`): flows for `locsim explore`, not replayed.
    package var exploreFlows: [String] = []
    var delivery: [Cell: Int] = [:]
    /// The platforms on which each authorization level met an event.
    var accessPlatforms: [Delivery.Access: Set<PlatformKey>] = [:]
    var promptAnswers: [CoverageTally.PromptCell: Int] = [:]
    var promptsShown: [PromptKind: Int] = [:]
    /// The reasons `drop` records gave.
    var dropReasons = Set<DropReason>()
    /// Scenarios per platform family.
    var platforms: [Platform.OS: Int] = [:]
    /// Scenarios citing each section in their `#` comments.
    var sections: [String: Int] = [:]
    /// Scenarios (or explore searches) that exercised each feature.
    var features: [CoverageFeature: Int] = [:]

    package init() {}

    /// Adds what a replay (or an explore search) on `simulator`'s platform
    /// exercised: its cells mapped to §8's rows and columns there.
    mutating func add(_ tally: CoverageTally, of simulator: Simulator) {
        let rules = simulator.rules
        let relaunches = simulator.parameters.relaunchAfterForceQuit ?? rules.relaunchesAfterForceQuit
        platforms[rules.platform.os, default: 0] += 1
        let platform = PlatformKey(rules.platform)  // once: it formats the platform's name
        for (cell, count) in tally.delivery {
            let access = Coverage.access(cell.status, provisional: cell.provisional, modern: rules.modern)
            // As `Lifecycle.deliveryApp` reads a terminated app: watchOS never
            // launches it; a force quit counts only where it stops relaunches.
            var app = cell.app
            if app == .notRunning || app == .forceQuit {
                app = rules.isWatch ? .notLaunchable : app == .forceQuit && !relaunches ? .forceQuit : .notRunning
            }
            delivery[Cell(service: cell.service, access: access, app: app), default: 0] += count
            accessPlatforms[access, default: []].insert(platform)
        }
        promptAnswers.merge(tally.promptAnswers, uniquingKeysWith: +)
        promptsShown.merge(tally.promptsShown, uniquingKeysWith: +)
        dropReasons.formUnion(tally.dropReasons)
        let iOS13 = rules.platform.os == .iOS && rules.platform.major == 13
        for feature in tally.features where feature != .provisionalOnIOS13 || iOS13 {
            features[feature, default: 0] += 1
        }
    }

    /// The features no scenario exercised, in the report's order.
    var neverExercised: [CoverageFeature] { CoverageFeature.allCases.filter { features[$0] == nil } }

    static let services = CoverageTally.Service.allCases
    static let accesses = Delivery.Access.allCases
    static let apps = Delivery.App.allCases

    /// Every cell, exercised or not, in table order.
    var allCells: [(cell: Cell, events: Int)] {
        Self.services.flatMap { service in
            Self.accesses.flatMap { access in
                Self.apps.map { app in
                    let cell = Cell(service: service, access: access, app: app)
                    return (cell, delivery[cell] ?? 0)
                }
            }
        }
    }

    /// The prompt cells, by kind in `PromptKind` order, answers as first offered.
    var promptCells: [(cell: CoverageTally.PromptCell, taken: Int)] {
        promptAnswers.map { ($0.key, $0.value) }.sorted { a, b in
            let ka = PromptKind.allCases.firstIndex(of: a.cell.kind)!
            let kb = PromptKind.allCases.firstIndex(of: b.cell.kind)!
            if ka != kb { return ka < kb }
            return Self.answerOrder(a.cell.answer) < Self.answerOrder(b.cell.answer)
        }
    }

    private static func answerOrder(_ answer: String) -> Int {
        Answer.allCases.firstIndex { $0.rawValue == answer } ?? Answer.allCases.count
    }

    /// Sections in the docs' order, with their titles, then those cited
    /// that the docs do not have (titled "").
    var sectionRows: [(section: String, title: String, scenarios: Int, known: Bool)] {
        let known = RuleBook.sections.map { ($0.id, $0.title, sections[$0.id] ?? 0, true) }
        let ids = Set(RuleBook.sections.map(\.id))
        let unknown = sections.keys.filter { !ids.contains($0) }.sorted(by: Self.sectionOrder)
            .map { ($0, "", sections[$0]!, false) }
        return known + unknown
    }

    /// `§2` before `§10` before `M1`.
    static func sectionOrder(_ a: String, _ b: String) -> Bool {
        let (pa, na) = (a.hasPrefix("M"), Int(a.drop(while: { !$0.isNumber })) ?? 0)
        let (pb, nb) = (b.hasPrefix("M"), Int(b.drop(while: { !$0.isNumber })) ?? 0)
        return pa != pb ? !pa : na < nb
    }
}

extension Delivery.Access {
    /// The word the report prints.
    var word: String {
        switch self {
        case .notDetermined: "notDetermined"
        case .denied: "denied"
        case .whenInUseBefore13: "whenInUseBefore13"
        case .whenInUse: "whenInUse"
        case .provisionalAlways: "provisionalAlways"
        case .always: "always"
        }
    }
}

extension Delivery.App {
    var word: String {
        switch self {
        case .foreground: "foreground"
        case .background: "background"
        case .suspended: "suspended"
        case .notRunning: "notRunning"
        case .forceQuit: "forceQuit"
        case .notLaunchable: "notLaunchable"
        }
    }
}
