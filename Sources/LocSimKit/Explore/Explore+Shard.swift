@preconcurrency import SwiftShims

/// `locsim explore x.scn --shard <i>/<n>` and `locsim explore --merge
/// <files>` (docs/explore.md, "Sharded search"): each shard writes its part
/// of every platform's search as JSON lines; the merge reads them all and
/// gives the report of the whole search, byte for byte
/// (`ExploreSearch+Split.swift` says how).
///
/// A shard's file, one JSON object or array a line:
/// - `{"locsim":"explore shard","version":…,"probe":…,"shard":"i/n","name":…,"options":{…}}`
/// - `{"scenario":…}`: the scenario's text (the merge needs no other file)
/// - per platform, `{"platform":…,"cut":…,"prefixes":…,"owned":[…]}`, then
///   per prefix it searched `{"prefix":k,"key":…}`, its log (`["enter",…]`,
///   `["pop",…]`), `{"stop":…}` when a limit stopped it, its outcomes
///   (`{"paths":…,…}`), and `{"facts":…}`: what the platform's paths met
/// - `{"end":<lines before>,"digest":…}`: FNV-1a 64 of every byte before it
///   (and with a key, `"mac"`: SipHash-2-4 of them under it).
extension Explore {
    /// The format's name and version, the first member of a shard's file.
    static let shardFormat = "explore shard"

    /// Fixes the seed of Swift's `Hasher` as `SWIFT_DETERMINISTIC_HASHING=1`
    /// does at start-up, so a choice point's fingerprint is the same in every
    /// process of this build (`explore --shard`, `--merge`). Call it first
    /// thing in `main`, before anything is hashed: a table hashed before
    /// would not find its keys after.
    package static func fixHashSeed() {
        _swift_stdlib_Hashing_parameters.seed0 = 0
        _swift_stdlib_Hashing_parameters.seed1 = 0
        _swift_stdlib_Hashing_parameters.deterministic = true
    }

    /// The fingerprint of a fixed value: equal in two files only when they
    /// hash alike (the same seed, the same standard library).
    static var hashProbe: String {
        var a = Hasher()
        a.combine("locsim explore shard")
        a.combine(Set([1, 2, 3]))
        var b = Hasher()
        b.combine(UInt8(9))
        b.combine([UInt8](repeating: 7, count: 40))
        return ExploreSearch.Fingerprint(
            high: UInt64(bitPattern: Int64(a.finalize())), low: UInt64(bitPattern: Int64(b.finalize()))
        ).hex
    }

    /// The options every shard and the merge must agree on, as a JSON object.
    var shardOptions: String {
        let list = platforms.map { "[" + $0.map(Self.json).joined(separator: ",") + "]" } ?? "null"
        return "{\"platforms\":\(list),\"maxStates\":\(maxStates),\"maxOutcomes\":\(maxOutcomes)"
            + ",\"systemTerminations\":\(systemTerminations)}"
    }

    private static func json(_ p: Platform) -> String {
        "[\"\(p.os.rawValue)\",\(p.major),\(p.minor)]"
    }

    /// Shard `shard`'s file for `scenario`, read from `name`; `cut`: the
    /// prefixes' depth instead of the planned one (tests).
    ///
    /// - Throws: the scenario's first syntax error.
    package func shardFile(
        _ scenario: [UInt8], name: String, shard: Shard, cut: Int? = nil, key: SipHash? = nil
    ) throws(ScenarioError) -> String {
        let own = try ExploreInput(scenario, platform: nil)
        let platforms = self.platforms ?? [own.header.platform]
        let ownPlatform = self.platforms == nil
        let (maxStates, maxOutcomes, terminations) = (self.maxStates, self.maxOutcomes, systemTerminations)
        let parts = ParallelMap.map(platforms.count, threads: jobs) { i -> (text: String, unreadable: String?) in
            let head = "{\"platform\":" + ReportTable.json(platforms[i].description)
            // A platform the scenario does not run on: the merge finds the same error.
            guard let input = ownPlatform ? own : try? ExploreInput(scenario, platform: platforms[i]) else {
                return (head + ",\"cut\":0,\"prefixes\":0,\"owned\":[]}\n", nil)
            }
            var search = ExploreSearch(input, maxStates: maxStates, maxOutcomes: maxOutcomes, progress: nil)
            search.systemTerminations = terminations
            let (cut, prefixes) = search.plan(shards: shard.count, cut: cut)
            let owned = prefixes.indices.filter { $0 % shard.count == shard.index - 1 }
            var out = head + ",\"cut\":\(cut),\"prefixes\":\(prefixes.count),\"owned\":["
            out += owned.map(String.init).joined(separator: ",") + "]}\n"
            var trails = TrailTable()
            for (k, part) in search.shard(prefixes, cut: cut, index: shard.index, count: shard.count) {
                out += "{\"prefix\":\(k),\"key\":\"\(ExploreSearch.fingerprint(prefixes[k].key).hex)\"}\n"
                for event in part.log { out += Self.line(event) }
                if let stop = part.stop { out += "{\"stop\":\"\(stop.rawValue)\"}\n" }
                for entry in part.entries {
                    let trail = trails.id(entry.trail, lines: &out)
                    out += Self.line(entry, trail: trail)
                }
            }
            return (out + Self.factsLine(search), trails.unreadable)
        }
        var text =
            "{\"locsim\":\"\(Self.shardFormat)\",\"version\":\"\(LocSimVersion.tool)\",\"probe\":\"\(Self.hashProbe)\""
        text += ",\"shard\":\"\(shard.index)/\(shard.count)\",\"name\":" + ReportTable.json(name)
        text += ",\"options\":" + shardOptions + "}\n"
        let scenarioLine = "{\"scenario\":" + ReportTable.json(String(decoding: scenario, as: UTF8.self)) + "}"
        guard scenarioLine.utf8.count <= Self.maxShardLine else {
            throw ScenarioError(
                "explore --shard: the scenario is \(scenarioLine.utf8.count) bytes as a line of JSON, over the "
                    + "\(Self.maxShardLine) a shard's file may hold in one line; explore without --shard",
                at: SourceLocation(line: 1, column: 1))
        }
        text += scenarioLine + "\n"
        if let unreadable = parts.lazy.compactMap(\.unreadable).first {
            throw ScenarioError(
                "explore --shard: the choice '\(unreadable)' does not read back as it was; explore without --shard",
                at: SourceLocation(line: 1, column: 1))
        }
        text += parts.map(\.text).joined()
        let lines = text.utf8.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        let mac = key.map { ",\"mac\":\"\(ExploreSearch.Fingerprint.hex($0.hash(text.utf8)))\"" } ?? ""
        return text + "{\"end\":\(lines),\"digest\":\"\(Self.digestHex(text.utf8))\"\(mac)}\n"
    }

    /// FNV-1a 64 of `bytes`, 16 hexadecimal digits: a file edited after it was written.
    package static func digestHex<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        ExploreSearch.Fingerprint.hex(Shard.fnv1a64(bytes))
    }

    private static func line(_ event: ExploreSearch.LogEvent) -> String {
        switch event {
        case .enter(let f, let at): return "[\"enter\",\"\(f.hex)\",\(at.line),\(at.column)]\n"
        case .pop(let f, let n, let at): return "[\"pop\",\"\(f.hex)\",\(n),\(at.line),\(at.column)]\n"
        }
    }

    /// The choices and shortest paths of one platform's outcomes, each
    /// written once as a line before the first outcome that names it by id
    /// (`["choice",id,time,event,prompt,line,anchor]`, `["trail",id,choice,rest]`):
    /// outcomes share their paths' tails, as `ChoiceTrail`s do.
    struct TrailTable {
        private var choices: [String: Int] = [:]
        private var trails: [ObjectIdentifier: Int] = [:]
        /// A choice whose event does not read back as it was (none known: a shard then fails).
        private(set) var unreadable: String? = nil

        /// The id of `trail` (-1: none), its lines and its tail's added to `lines` first when new.
        mutating func id(_ trail: ChoiceTrail?, lines: inout String) -> Int {
            guard let trail else { return -1 }
            if let known = trails[ObjectIdentifier(trail)] { return known }
            let rest = id(trail.rest, lines: &lines)
            let c = trail.choice
            let json = ReportTable.json(_:) as (String) -> String
            let event = Scenario.text(of: c.event)
            let text =
                "\(c.time.value),\(json(event)),"
                + (c.prompt.map { json($0.rawValue) } ?? "null") + "," + (c.line.map(String.init) ?? "null")
                + ",\(c.anchor)"
            let choice: Int
            if let known = choices[text] {
                choice = known
            } else {
                choice = choices.count
                choices[text] = choice
                if ShardReader.event(event) != c.event { unreadable = event }
                lines += "[\"choice\",\(choice),\(text)]\n"
            }
            let id = trails.count
            trails[ObjectIdentifier(trail)] = id
            lines += "[\"trail\",\(id),\(choice),\(rest)]\n"
            return id
        }
    }

    private static func line(_ e: ExploreSearch.SavedEntry, trail: Int) -> String {
        let json = ReportTable.json(_:) as (String) -> String
        var out = "{\"paths\":\"\(e.paths)\",\"auth\":\(json(e.status.rawValue))"
        out += ",\"accuracy\":" + (e.accuracy.map { json($0.word) } ?? "null")
        out += ",\"counts\":[" + e.counts.nonZero.map { "[\($0.slot),\($0.count)]" }.joined(separator: ",") + "]"
        out += ",\"error\":" + (e.error.map(Self.json) ?? "null")
        out += ",\"failed\":["
        out += e.failed.map {
            "{\"line\":\($0.location.line),\"column\":\($0.location.column),\"reason\":\(json($0.reason))}"
        }
        .joined(separator: ",")
        return out + "],\"trail\":\(trail)}\n"
    }

    private static func json(_ error: ScenarioError) -> String {
        func place(_ at: SourceLocation, _ message: String) -> String {
            "{\"line\":\(at.line),\"column\":\(at.column),\"message\":" + ReportTable.json(message)
        }
        return place(error.location, error.message) + ",\"notes\":["
            + error.notes.map { place($0.location, $0.message) + "}" }.joined(separator: ",") + "]}"
    }

    /// What the platform's paths met, beyond their outcomes: the `user
    /// any`, `system any` and window lines, and the coverage tally.
    private static func factsLine(_ s: ExploreSearch) -> String {
        func places(_ d: [Int: SourceLocation]) -> String {
            "[" + d.values.sorted { $0.line < $1.line }.map { "[\($0.line),\($0.column)]" }.joined(separator: ",") + "]"
        }
        func lines(_ set: Set<Int>) -> String { "[" + set.sorted().map(String.init).joined(separator: ",") + "]" }
        let c = s.coverage
        let json = ReportTable.json(_:) as (String) -> String
        let delivery = c.delivery.map { cell, n in
            "[\(json(cell.service.rawValue)),\(json(String(describing: cell.app))),\(json(cell.status.rawValue)),"
                + "\(cell.provisional),\(n)]"
        }.sorted()
        let answers = c.promptAnswers.map { "[\(json($0.key.kind.rawValue)),\(json($0.key.answer)),\($0.value)]" }
            .sorted()
        let shown = c.promptsShown.map { "[\(json($0.key.rawValue)),\($0.value)]" }.sorted()
        let drops = c.dropReasons.map { json($0.rawValue) }.sorted()
        return "{\"facts\":{\"idle\":\(places(s.idleAnyLines)),\"answered\":\(lines(s.answeredAnyLines))"
            + ",\"system\":\(lines(s.systemAnyLines)),\"windows\":\(places(s.windowLines))"
            + ",\"eventful\":\(lines(s.eventfulWindows)),\"delivery\":[" + delivery.joined(separator: ",")
            + "],\"answers\":[" + answers.joined(separator: ",") + "],\"shown\":[" + shown.joined(separator: ",")
            + "],\"drops\":[" + drops.joined(separator: ",") + "]}}\n"
    }
}
