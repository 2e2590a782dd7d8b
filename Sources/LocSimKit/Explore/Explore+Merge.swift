/// `locsim explore --merge <files>`: the shards' files read back and the
/// whole search's report made of them (docs/explore.md, "Sharded search";
/// the file's lines: `Explore+Shard.swift`).
extension Explore {
    /// A file given to `--merge`: its name as the messages print it, and its bytes.
    package struct ShardInput: Sendable {
        package var name: String
        package var bytes: [UInt8]

        /// `name` as given; messages print it escaped (`Shown`): a name
        /// with a line feed does not split an error line.
        package init(name: String, bytes: [UInt8]) {
            self.name = name
            self.bytes = bytes
        }
    }

    /// The most bytes a shard's file may hold (docs/ci-shards.md): the
    /// merge refuses a bigger one before reading it.
    package static let maxShardFile = 1 << 30
    /// The most bytes one line of a shard's file may hold, its line feed
    /// aside; `--shard` refuses a scenario whose line would be longer.
    package static let maxShardLine = 64 << 20

    /// A string read from a shard's file as an error shows it: quoted,
    /// escaped, and cut to its first 64 characters (`…` after them).
    static func shown(_ text: String) -> String {
        let cut = text.count > 64 ? String(text.prefix(64)) + "…" : text
        return "'" + Shown.escaped(cut) + "'"
    }

    /// What the shards were: the name the scenario was read from, and the
    /// report of the whole search (or the error that stopped it, as the run
    /// without shards stops).
    package struct Merged: Sendable {
        package var name: String
        /// The scenario the shards searched (each file holds it).
        package var scenario: [UInt8]
        package var report: Result<Report, ScenarioError>
    }

    /// Files that cannot be merged: the whole message, `file:line:column: error: …`.
    package struct MergeError: Error, Equatable {
        package var message: String

        init(message: String) { self.message = message }

        /// An error at the start of `line` of the shard's `file` (its name escaped, `Shown.place`).
        init(_ file: String, line: Int, _ message: String) {
            self.message = Shown.place(file, SourceLocation(line: line, column: 1), "error") + message
        }
    }

    /// One platform's part of one shard's file.
    struct PlatformPart {
        var platform: String
        var cut: Int
        var prefixes: Int
        var owned: [Int]
        var parts: [(index: Int, key: ExploreSearch.Fingerprint, saved: ExploreSearch.SavedPrefix)] = []
        var facts = Facts()
        /// The line of `{"platform":…}`, for errors.
        var line: Int
        /// The choices and shortest paths its outcomes name by id (`Explore.TrailTable`).
        var choices: [ExploreChoice] = []
        var trails: [ChoiceTrail] = []
    }

    /// One shard's file read.
    struct ShardPart {
        var file: String
        var shard: Shard
        var name: String
        var options: String
        var explore: Explore
        var scenario: String
        var platforms: [PlatformPart] = []
    }

    /// Merges the files of every shard of one `explore --shard` run.
    /// `key`: `LOCSIM_SHARD_KEY`'s, which every file's keyed digest must be made with.
    package static func merge(_ files: [ShardInput], jobs: Int, key: SipHash? = nil) -> Result<Merged, MergeError> {
        do throws(MergeError) {
            return .success(try merging(files, jobs: jobs, key: key))
        } catch {
            return .failure(error)
        }
    }

    private static func merging(_ files: [ShardInput], jobs: Int, key: SipHash?) throws(MergeError) -> Merged {
        guard !files.isEmpty else { throw MergeError(message: "error: '--merge' needs the shards' files") }
        var parts: [ShardPart] = []
        var expectations: (scenario: String, lookup: [Int: ExpectationStatement])? = nil
        for file in files {
            var reader = ShardReader(file: file.name, bytes: file.bytes, key: key)
            parts.append(
                try reader.read { text in
                    if let known = expectations, known.scenario == text { return known.lookup }
                    let lookup = ExpectationLookup.of(text)
                    expectations = (text, lookup)
                    return lookup
                })
        }
        let first = parts[0]
        let count = first.shard.count
        var byIndex: [Int: ShardPart] = [:]
        for part in parts {
            guard part.shard.count == first.shard.count else {
                throw MergeError(
                    part.file, line: 1,
                    "shard \(part.shard.index)/\(part.shard.count) of a split in "
                        + "\(part.shard.count), but \(Shown.escaped(first.file)) is shard \(first.shard.index)/\(count): "
                        + "give the files of one split")
            }
            if let other = byIndex[part.shard.index] {
                throw MergeError(
                    part.file, line: 1,
                    "shard \(part.shard.index)/\(count) given twice (also \(Shown.escaped(other.file)))")
            }
            guard part.scenario == first.scenario else {
                throw MergeError(
                    part.file, line: 2,
                    "a shard of another scenario than \(Shown.escaped(first.file))'s: "
                        + "give the files of one split")
            }
            guard part.options == first.options else {
                throw MergeError(
                    part.file, line: 1,
                    "a shard explored with other options than \(Shown.escaped(first.file)) "
                        + "(\(part.options), not \(first.options)): give the files of one split")
            }
            byIndex[part.shard.index] = part
        }
        if let missing = (1...count).first(where: { byIndex[$0] == nil }) {
            let given = (1...count).filter { byIndex[$0] != nil }.map { "\($0)/\(count)" }
            throw MergeError(
                message: "error: shard \(missing)/\(count) is missing (given: \(given.joined(separator: ", "))); "
                    + "merge every shard's file")
        }
        let ordered = (1...count).map { byIndex[$0]! }
        for part in ordered { try check(part, against: ordered[0]) }
        var explore = first.explore
        explore.jobs = max(1, jobs)
        let scenario = Array(first.scenario.utf8)
        let report = Result { () throws(ScenarioError) -> Report in try explore.merged(scenario, ordered) }
        return Merged(name: first.name, scenario: scenario, report: report)
    }

    /// `part`'s platforms are `first`'s, split alike, and it holds the
    /// prefixes dealt to it and no other (checked against the file's own
    /// lists, never by listing `prefixes`: a count from the file).
    private static func check(_ part: ShardPart, against first: ShardPart) throws(MergeError) {
        guard part.platforms.count == first.platforms.count else {
            throw MergeError(
                part.file, line: 1,
                "\(part.platforms.count) platforms, but \(Shown.escaped(first.file)) has "
                    + "\(first.platforms.count)")
        }
        for (p, q) in zip(part.platforms, first.platforms) {
            guard p.platform == q.platform, p.cut == q.cut, p.prefixes == q.prefixes else {
                throw MergeError(
                    part.file, line: p.line,
                    "\(shown(p.platform)) split \(p.cut) choices deep "
                        + "into \(p.prefixes) prefixes, but \(Shown.escaped(first.file)) has \(shown(q.platform)) split \(q.cut) "
                        + "deep into \(q.prefixes): not one split")
            }
            // Prefix i goes to shard i % count + 1: this one's are index - 1, + count, + 2 count, …
            let (n, first) = (part.shard.count, part.shard.index - 1)
            let dealt = p.prefixes > first ? (p.prefixes - first + n - 1) / n : 0
            func isDealt(_ list: [Int]) -> Bool { list.indices.allSatisfy { list[$0] == first + $0 * n } }
            let searched = p.parts.map(\.index)
            let stopped = p.parts.last?.saved.stop != nil
            guard p.owned.count == dealt, isDealt(p.owned), isDealt(searched),
                stopped ? searched.count <= dealt : searched.count == dealt
            else {
                let shownDealt = dealt <= 8 ? "\((0..<dealt).map { first + $0 * n })" : "\(dealt) of them"
                throw MergeError(
                    part.file, line: p.line,
                    "shard \(part.shard.index)/\(part.shard.count) "
                        + "of \(shown(p.platform)) holds prefixes \(searched.prefix(8))"
                        + (searched.count > 8 ? " (\(searched.count) in all)" : "")
                        + ", not the ones dealt to it, \(shownDealt)")
            }
        }
    }

    /// The whole search's report from the shards' parts, every platform's
    /// top searched here (`ExploreSearch+Split.swift`).
    private func merged(_ scenario: [UInt8], _ parts: [ShardPart]) throws(ScenarioError) -> Report {
        let own = try ExploreInput(scenario, platform: nil)
        let platforms = self.platforms ?? [own.header.platform]
        let ownPlatform = self.platforms == nil
        let (maxStates, maxOutcomes, terminations) = (self.maxStates, self.maxOutcomes, systemTerminations)
        let results = ParallelMap.map(platforms.count, threads: jobs) { i -> Result<Searched, ScenarioError> in
            do throws(ScenarioError) {
                let input = ownPlatform ? own : try ExploreInput(scenario, platform: platforms[i])
                var search = ExploreSearch(input, maxStates: maxStates, maxOutcomes: maxOutcomes, progress: nil)
                search.systemTerminations = terminations
                var split = ExploreSearch.Split(cut: parts[0].platforms[i].cut, merging: true)
                for part in parts {
                    for prefix in part.platforms[i].parts { split.prefixes[prefix.key] = prefix.saved }
                }
                search.split = split
                let outcomes = try search.run()
                var searched = Self.searched(search, outcomes, on: platforms[i])
                for part in parts { searched.facts.add(part.platforms[i].facts) }
                return .success(searched)
            } catch {
                return .failure(error)
            }
        }
        return try Self.report(results, platforms: platforms, sampling: nil)
    }
}

/// The `expect` lines of a scenario by line: a failed expectation in a
/// shard's file names its line, column and reason only.
package enum ExpectationLookup {
    package static func of(_ scenario: String) -> [Int: ExpectationStatement] {
        guard let input = try? ExploreInput(Array(scenario.utf8), platform: nil) else { return [:] }
        var lookup: [Int: ExpectationStatement] = [:]
        for statement in input.expectations { lookup[statement.location.line] = statement }
        return lookup
    }
}

/// Reads one shard's file line by line, each checked as it comes: an error
/// points at the line and column (`file:line:column: error: …`).
struct ShardReader {
    typealias Failure = Explore.MergeError
    let file: String
    let bytes: [UInt8]
    /// The key the file's keyed digest must be made with; `nil`: it must have none.
    let key: SipHash?
    /// The line being read, from 1, and where it starts.
    private var line = 0
    private var start = 0
    private var end = 0

    init(file: String, bytes: [UInt8], key: SipHash? = nil) {
        self.file = file
        self.bytes = bytes
        self.key = key
    }

    private func failure(_ column: Int, _ message: String) -> Failure {
        Failure(message: Shown.place(file, SourceLocation(line: line, column: column), "error") + message)
    }

    /// The next line as JSON; `nil` at the end of the file.
    private mutating func next() throws(Failure) -> ShardJSON? {
        guard end < bytes.count else { return nil }
        start = line == 0 ? 0 : end + 1
        guard start < bytes.count else { return nil }
        line += 1
        // Looked for within the bound only: a longer line costs no more.
        let window = bytes[start..<min(bytes.count, start + Explore.maxShardLine + 1)]
        guard let newline = window.firstIndex(of: 0x0A) else {
            guard window.endIndex < bytes.count || window.count > Explore.maxShardLine else {
                throw failure(bytes.count - start + 1, "the file ends inside this line (no line feed): cut short?")
            }
            throw failure(
                1, "a line longer than \(Explore.maxShardLine) bytes, the most a shard's file may hold in one line")
        }
        end = newline
        do throws(ShardJSON.Failure) {
            return try ShardJSON.parse(bytes[start..<end])
        } catch {
            throw failure(error.column, error.message)
        }
    }

    private func check<T>(_ body: () throws(ShardJSON.Failure) -> T) throws(Failure) -> T {
        do throws(ShardJSON.Failure) {
            return try body()
        } catch {
            throw failure(error.column, error.message)
        }
    }

    /// The whole file; `expectations` gives the `expect` lines of a scenario's text.
    mutating func read(expectations: (String) -> [Int: ExpectationStatement]) throws(Failure) -> Explore.ShardPart {
        guard let head = try next() else {
            throw Failure(
                message: Shown.place(file, SourceLocation(line: 1, column: 1), "error")
                    + "an empty file, not an explore shard's file")
        }
        let header = try check { () throws(ShardJSON.Failure) in
            guard try head.member("locsim").string() == Explore.shardFormat else {
                throw ShardJSON.Failure(column: 1, message: "not an explore shard's file (locsim explore --shard)")
            }
            return head
        }
        let version = try check { () throws(ShardJSON.Failure) in try header.member("version") }
        guard case .string(let v) = version.value, v == LocSimVersion.tool else {
            throw failure(
                version.column,
                "written by another build of locsim, not \(LocSimVersion.tool): merge with the build that wrote the shards"
            )
        }
        let probe = try check { () throws(ShardJSON.Failure) in try header.member("probe") }
        guard case .string(let p) = probe.value, p == Explore.hashProbe else {
            throw failure(
                probe.column,
                "this file hashes differently from this locsim (another build, or a program that does not fix "
                    + "the hash seed): merge with the build that wrote the shards")
        }
        let shardValue = try check { () throws(ShardJSON.Failure) in try header.member("shard") }
        let shardText = (try? shardValue.string()) ?? ""
        guard shardText.utf8.count <= 20, shardText.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw failure(shardValue.column, "expected \"<index>/<count>\", not \(Explore.shown(shardText))")
        }
        let shard: Shard
        switch Shard.parse(shardText) {
        case .success(let s): shard = s
        case .failure(let e): throw failure(shardValue.column, e.message)
        }
        let (name, options, explore) = try check {
            () throws(ShardJSON.Failure) -> (String, String, Explore) in
            let options = try header.member("options")
            var explore = Explore(
                platforms: try Self.platforms(options.member("platforms")), jobs: 1,
                maxStates: try options.member("maxStates").int(1...Int.max),
                maxOutcomes: try options.member("maxOutcomes").int(1...Int.max))
            explore.systemTerminations = try options.member("systemTerminations").int()
            let name = try header.member("name")
            let text = try name.string()
            // The name the merge's errors and report print: no forged lines.
            guard text.utf8.count <= 4096, Shown.escaped(text) == text, !text.isEmpty else {
                throw ShardJSON.Failure(
                    column: name.column,
                    message: "expected the scenario's name: 1 to 4096 bytes, no control characters, no backslash")
            }
            return (text, explore.shardOptions, explore)
        }
        guard let scenarioLine = try next() else { throw failure(1, "the file ends after its first line") }
        let scenario = try check { () throws(ShardJSON.Failure) in try scenarioLine.member("scenario").string() }
        let lookup = expectations(scenario)
        // The platforms the header names, as each block must name its own
        // (`nil`: the scenario's own, unknown when it does not read: the
        // merge then stops with its error, as the search without shards).
        let own = { (try? ExploreInput(Array(scenario.utf8), platform: nil))?.header.platform.description }
        let names: [String?] = explore.platforms.map { $0.map(\.description) } ?? [own()]
        var part = Explore.ShardPart(
            file: file, shard: shard, name: name, options: options, explore: explore, scenario: scenario)
        while true {
            guard let json = try next() else {
                throw Failure(
                    message: Shown.place(file, SourceLocation(line: line + 1, column: 1), "error")
                        + "the file ends before its last line ({\"end\":…}): cut short?")
            }
            if let endValue = json.optionalMember("end") {
                let digestStart = start
                try check { () throws(ShardJSON.Failure) in
                    guard try endValue.int() == line - 1 else {
                        throw ShardJSON.Failure(column: endValue.column, message: "lines are missing or were added")
                    }
                    let digest = try json.member("digest")
                    guard try digest.string() == Explore.digestHex(bytes[0..<digestStart]) else {
                        throw ShardJSON.Failure(
                            column: digest.column,
                            message: "the file was changed after locsim wrote it (its digest differs)")
                    }
                    try checkMac(json.optionalMember("mac"), bytes[0..<digestStart])
                }
                guard end + 1 == bytes.count else { throw failure(1, "text after the last line") }
                guard part.platforms.count == names.count else {
                    throw failure(
                        1, "the header names \(names.count) platforms, but the file holds \(part.platforms.count)")
                }
                return part
            }
            try check { () throws(ShardJSON.Failure) in try take(json, into: &part, lookup, names) }
        }
    }

    /// The last line's keyed digest, `mac`, against `key` over `signed`.
    private func checkMac(_ mac: ShardJSON?, _ signed: ArraySlice<UInt8>) throws(ShardJSON.Failure) {
        switch (key, mac) {
        case (nil, nil): return
        case (nil, let mac?):
            throw ShardJSON.Failure(
                column: mac.column,
                message: "the file has a keyed digest: merge with the LOCSIM_SHARD_KEY the shards were given")
        case (_?, nil):
            throw ShardJSON.Failure(
                column: 1, message: "the file has no keyed digest: written without LOCSIM_SHARD_KEY")
        case (let key?, let mac?):
            guard try mac.string() == ExploreSearch.Fingerprint.hex(key.hash(signed)) else {
                throw ShardJSON.Failure(
                    column: mac.column,
                    message: "the file's keyed digest differs: written without LOCSIM_SHARD_KEY or with another key")
            }
        }
    }

    /// One line after the scenario's.
    private func take(
        _ json: ShardJSON, into part: inout Explore.ShardPart, _ lookup: [Int: ExpectationStatement],
        _ names: [String?]
    ) throws(ShardJSON.Failure) {
        if case .array(let items) = json.value, let kind = try items.first?.string(),
            kind == "choice" || kind == "trail"
        {
            guard var platform = part.platforms.popLast() else {
                throw ShardJSON.Failure(column: 1, message: "a \(kind) before its platform")
            }
            try Self.table(items, json, into: &platform)
            part.platforms.append(platform)
            return
        }
        if case .array(let items) = json.value {
            guard var platform = part.platforms.popLast(), var prefix = platform.parts.popLast() else {
                throw ShardJSON.Failure(column: 1, message: "a log line before its prefix")
            }
            guard prefix.saved.stop == nil, prefix.saved.entries.isEmpty else {
                throw ShardJSON.Failure(column: 1, message: "a log line after the prefix's outcomes")
            }
            prefix.saved.log.append(try Self.event(items, json))
            platform.parts.append(prefix)
            part.platforms.append(platform)
            return
        }
        if let name = json.optionalMember("platform") {
            let text = try name.string()
            let k = part.platforms.count
            guard k < names.count else {
                throw ShardJSON.Failure(
                    column: name.column, message: "a platform block past the \(names.count) the header names")
            }
            if let expected = names[k], text != expected {
                throw ShardJSON.Failure(
                    column: name.column,
                    message: "the block of \(Explore.shown(text)), but the header's platform \(k + 1) is \(expected)")
            }
            let owned = try json.member("owned").array().map { item throws(ShardJSON.Failure) in try item.int() }
            part.platforms.append(
                Explore.PlatformPart(
                    platform: text, cut: try json.member("cut").int(0...ExploreSearch.maxCut),
                    prefixes: try json.member("prefixes").int(), owned: owned, line: line))
            return
        }
        guard var platform = part.platforms.popLast() else {
            throw ShardJSON.Failure(column: 1, message: "expected {\"platform\":…}")
        }
        defer { part.platforms.append(platform) }
        if let index = json.optionalMember("prefix") {
            guard let key = ExploreSearch.Fingerprint(hex: try json.member("key").string()) else {
                throw ShardJSON.Failure(column: try json.member("key").column, message: "expected 32 hex digits")
            }
            platform.parts.append((try index.int(), key, ExploreSearch.SavedPrefix()))
        } else if let stop = json.optionalMember("stop") {
            guard let why = ExploreSearch.Stop(rawValue: try stop.string()) else {
                throw ShardJSON.Failure(column: stop.column, message: "expected states, outcomes or depth")
            }
            guard var prefix = platform.parts.popLast() else {
                throw ShardJSON.Failure(column: 1, message: "a stop before its prefix")
            }
            prefix.saved.stop = why
            platform.parts.append(prefix)
        } else if json.optionalMember("paths") != nil {
            guard var prefix = platform.parts.popLast(), prefix.saved.stop == nil else {
                throw ShardJSON.Failure(column: 1, message: "an outcome before its prefix, or after a stop")
            }
            prefix.saved.entries.append(try Self.entry(json, lookup, trails: platform.trails))
            platform.parts.append(prefix)
        } else if let facts = json.optionalMember("facts") {
            platform.facts = try Self.facts(facts)
        } else {
            throw ShardJSON.Failure(column: 1, message: "not a line of an explore shard's file")
        }
    }

    private static func platforms(_ json: ShardJSON) throws(ShardJSON.Failure) -> [Platform]? {
        guard !json.isNull else { return nil }
        guard !(try json.array()).isEmpty else {
            throw ShardJSON.Failure(column: json.column, message: "expected at least one platform (or null)")
        }
        return try json.array().map { item throws(ShardJSON.Failure) in
            let parts = try item.array()
            guard parts.count == 3, let os = Platform.OS(rawValue: try parts[0].string()) else {
                throw ShardJSON.Failure(column: item.column, message: "expected [\"<os>\",<major>,<minor>]")
            }
            return Platform(os, try parts[1].int(), try parts[2].int())
        }
    }

    private static func location(_ line: ShardJSON, _ column: ShardJSON) throws(ShardJSON.Failure) -> SourceLocation {
        // Line 0: a choice's own line, which the scenario does not have (an error's note may point there).
        SourceLocation(line: try line.int(), column: try column.int())
    }

    private static func event(_ items: [ShardJSON], _ json: ShardJSON) throws(ShardJSON.Failure)
        -> ExploreSearch.LogEvent
    {
        guard let kind = try items.first?.string(), let key = items.count > 1 ? try items[1].string() : nil,
            let fingerprint = ExploreSearch.Fingerprint(hex: key)
        else {
            throw ShardJSON.Failure(column: json.column, message: "expected [\"enter\"|\"pop\",\"<32 hex digits>\",…]")
        }
        switch (kind, items.count) {
        case ("enter", 4):
            return .enter(fingerprint, at: try location(items[2], items[3]))
        case ("pop", 5):
            return .pop(fingerprint, outcomes: try items[2].int(), at: try location(items[3], items[4]))
        default:
            throw ShardJSON.Failure(
                column: json.column,
                message: "expected [\"enter\",key,line,column] or [\"pop\",key,outcomes,line,column]")
        }
    }

    /// `["choice",id,time,event,prompt,line,anchor]` or `["trail",id,choice,rest]`, ids counting from 0.
    private static func table(_ items: [ShardJSON], _ json: ShardJSON, into platform: inout Explore.PlatformPart)
        throws(ShardJSON.Failure)
    {
        if try items[0].string() == "choice" {
            guard items.count == 7, try items[1].int() == platform.choices.count else {
                throw ShardJSON.Failure(
                    column: json.column,
                    message: "expected [\"choice\",\(platform.choices.count),time,event,prompt,line,anchor]")
            }
            guard case .number(let ms) = items[2].value, ms >= 0 else {
                throw ShardJSON.Failure(column: items[2].column, message: "expected milliseconds")
            }
            guard let event = Self.event(try items[3].string()) else {
                throw ShardJSON.Failure(column: items[3].column, message: "not an event of a choice")
            }
            var prompt: PromptKind? = nil
            if !items[4].isNull {
                guard let kind = PromptKind(rawValue: try items[4].string()) else {
                    throw ShardJSON.Failure(column: items[4].column, message: "not a prompt kind")
                }
                prompt = kind
            }
            platform.choices.append(
                ExploreChoice(
                    time: Millis(ms), event: event, prompt: prompt, line: items[5].isNull ? nil : try items[5].int(),
                    anchor: try items[6].int()))
            return
        }
        guard items.count == 4, try items[1].int() == platform.trails.count else {
            throw ShardJSON.Failure(
                column: json.column, message: "expected [\"trail\",\(platform.trails.count),choice,rest]")
        }
        guard !platform.choices.isEmpty else {
            throw ShardJSON.Failure(column: json.column, message: "a trail before any choice")
        }
        let choice = try items[2].int(0...platform.choices.count - 1)
        let rest = try items[3].int(-1...platform.trails.count - 1)
        platform.trails.append(ChoiceTrail(platform.choices[choice], after: rest < 0 ? nil : platform.trails[rest]))
    }

    private static func entry(
        _ json: ShardJSON, _ lookup: [Int: ExpectationStatement], trails: [ChoiceTrail]
    ) throws(ShardJSON.Failure) -> ExploreSearch.SavedEntry {
        let pathsValue = try json.member("paths")
        guard let paths = UInt64(try pathsValue.string()), paths > 0 else {
            throw ShardJSON.Failure(column: pathsValue.column, message: "expected a path count, in a string")
        }
        let authValue = try json.member("auth")
        guard let status = AuthorizationStatus(rawValue: try authValue.string()) else {
            throw ShardJSON.Failure(column: authValue.column, message: "not an authorization status")
        }
        let accuracyValue = try json.member("accuracy")
        var accuracy: AccuracyAuthorization? = nil
        if !accuracyValue.isNull {
            let word = try accuracyValue.string()
            guard let a = [AccuracyAuthorization.fullAccuracy, .reducedAccuracy].first(where: { $0.word == word })
            else {
                throw ShardJSON.Failure(column: accuracyValue.column, message: "expected full or reduced")
            }
            accuracy = a
        }
        let countsValue = try json.member("counts")
        let slots = try countsValue.array().map { item throws(ShardJSON.Failure) -> (slot: Int, count: UInt32) in
            let pair = try item.array()
            guard pair.count == 2 else {
                throw ShardJSON.Failure(column: item.column, message: "expected [slot,count]")
            }
            return (try pair[0].int(), UInt32(try pair[1].int(0...Int(UInt32.max))))
        }
        guard let counts = OutcomeCounts(nonZero: slots) else {
            throw ShardJSON.Failure(column: countsValue.column, message: "a count of a kind this build does not have")
        }
        let errorValue = try json.member("error")
        var error: ScenarioError? = nil
        if !errorValue.isNull {
            var e = ScenarioError(
                try errorValue.member("message").string(),
                at: try location(errorValue.member("line"), errorValue.member("column")))
            e.notes = try errorValue.member("notes").array().map { n throws(ShardJSON.Failure) in
                ScenarioError.Note(
                    try n.member("message").string(), at: try location(n.member("line"), n.member("column")))
            }
            error = e
        }
        let failed = try json.member("failed").array().map { f throws(ShardJSON.Failure) -> FailedExpectation in
            let at = try location(f.member("line"), f.member("column"))
            guard let statement = lookup[at.line], statement.location == at else {
                throw ShardJSON.Failure(
                    column: f.column, message: "the scenario has no expect line at \(at.line):\(at.column)")
            }
            return FailedExpectation(statement.expectation, at: at, reason: try f.member("reason").string())
        }
        let trail = try json.member("trail").int(-1...trails.count - 1)
        return ExploreSearch.SavedEntry(
            counts: counts, status: status, accuracy: accuracy, error: error, failed: failed, paths: paths,
            trail: trail < 0 ? nil : trails[trail])
    }

    /// A choice's event read back as a scenario line at time 0 reads it.
    static func event(_ text: String) -> Event? {
        var parser = ScenarioParser()
        guard !text.contains("\n"), case .timed(let statement)? = try? parser.parse("0 " + text, lineNumber: 1) else {
            return nil
        }
        return statement.event
    }

    private static func facts(_ json: ShardJSON) throws(ShardJSON.Failure) -> Explore.Facts {
        func places(_ name: String) throws(ShardJSON.Failure) -> [Int: SourceLocation] {
            var out: [Int: SourceLocation] = [:]
            for item in try json.member(name).array() {
                let pair = try item.array()
                guard pair.count == 2 else {
                    throw ShardJSON.Failure(column: item.column, message: "expected [line,column]")
                }
                let at = try location(pair[0], pair[1])
                out[at.line] = at
            }
            return out
        }
        func lines(_ name: String) throws(ShardJSON.Failure) -> Set<Int> {
            Set(try json.member(name).array().map { item throws(ShardJSON.Failure) in try item.int() })
        }
        var facts = Explore.Facts(
            idle: try places("idle"), answered: try lines("answered"), system: try lines("system"),
            windows: try places("windows"), eventful: try lines("eventful"))
        for item in try json.member("delivery").array() {
            let cell = try item.array()
            guard cell.count == 5, let service = CoverageTally.Service(rawValue: try cell[0].string()),
                let app = Delivery.App.allCases.first(where: { String(describing: $0) == (try? cell[1].string()) }),
                let status = AuthorizationStatus(rawValue: try cell[2].string())
            else {
                throw ShardJSON.Failure(column: item.column, message: "expected [service,app,status,provisional,count]")
            }
            let key = CoverageTally.DeliveryCell(
                service: service, app: app, status: status, provisional: try cell[3].bool())
            facts.coverage.delivery[key, default: 0] += try cell[4].int()
        }
        for item in try json.member("answers").array() {
            let cell = try item.array()
            guard cell.count == 3, let kind = PromptKind(rawValue: try cell[0].string()) else {
                throw ShardJSON.Failure(column: item.column, message: "expected [prompt,answer,count]")
            }
            facts.coverage.promptAnswers[
                CoverageTally.PromptCell(kind: kind, answer: try cell[1].string()), default: 0] +=
                try cell[2].int()
        }
        for item in try json.member("shown").array() {
            let cell = try item.array()
            guard cell.count == 2, let kind = PromptKind(rawValue: try cell[0].string()) else {
                throw ShardJSON.Failure(column: item.column, message: "expected [prompt,count]")
            }
            facts.coverage.promptsShown[kind, default: 0] += try cell[1].int()
        }
        for item in try json.member("drops").array() {
            guard let reason = DropReason(rawValue: try item.string()) else {
                throw ShardJSON.Failure(column: item.column, message: "not a drop reason")
            }
            facts.coverage.dropReasons.insert(reason)
        }
        return facts
    }
}
