import Testing

@testable import LocSimKit

/// Invariants of the rules over thousands of random scenarios. A failure
/// names the seed; replay it with `RandomScenario(seed:)`.
@Suite struct PropertyTests {
    static let scenarios: UInt64 = 3000

    /// Replays one random scenario, skipping the lines it rejects, and
    /// returns the log with the state after each line.
    static func replay(seed: UInt64) -> (header: ScenarioHeader, records: [LogRecord], accepted: [TimedStatement]) {
        var gen = RandomScenario(seed: seed)
        let header = gen.header()
        var sim = Simulator(header: header)
        var records: [LogRecord] = []
        var accepted: [TimedStatement] = []
        for statement in gen.statements(count: 80) {
            do {
                try sim.apply(statement)
                accepted.append(statement)
            } catch {
                // Rejected lines must leave no records behind... except the timers that ran before them.
            }
            records += sim.takeOutput()
            checkState(sim, seed: seed)
        }
        sim.finish()
        records += sim.takeOutput()
        checkState(sim, seed: seed)
        return (header, records, accepted)
    }

    /// Invariants on the state after every line.
    static func checkState(_ sim: Simulator, seed: UInt64) {
        // Allow Once never survives the end of in use.
        if !sim.inUse {
            #expect(
                !(sim.authorization.temporary && sim.authorization.grant == .whenInUse),
                "seed \(seed): Allow Once outside in use")
            #expect(!sim.authorization.temporaryFullAccuracy, "seed \(seed): temporary full accuracy outside in use")
        }
        // Temporary full accuracy only while the user is engaged: never in a
        // background session without its indicator (docs/rules.md §10).
        if sim.authorization.temporaryFullAccuracy && sim.session {
            #expect(sim.indicator, "seed \(seed): temporary full accuracy in a session without the indicator")
        }
        // The indicator only in the background, only with a session; an
        // activity session keeps it while the app is suspended stationary (M2).
        if sim.indicator {
            #expect(
                (sim.app == .background && (sim.session || sim.modern.activity.keepsInUse))
                    || (sim.app == .suspended && sim.modern.activity.keepsInUse),
                "seed \(seed): indicator on while \(sim.app)")
        }
        // A background activity session keeps the app in use and running
        // (docs/modern.md M6), or suspended while stationary (M2).
        if sim.modern.activity.keepsInUse {
            #expect(
                sim.inUse && sim.app != .notRunning,
                "seed \(seed): activity session while \(sim.app), inUse \(sim.inUse)")
        }
        // A session only for a running background app.
        if sim.session { #expect(sim.app == .background, "seed \(seed): session while \(sim.app)") }
        // A satisfied beacon condition is never past its silence (docs/modern.md M14).
        for c in sim.modern.monitors.conditions.elements where c.state == .satisfied && c.pending == nil {
            if let lostAt = c.lostAt {
                #expect(lostAt > sim.now, "seed \(seed): \(c.key) satisfied past its silence at \(sim.now)")
            }
        }
    }

    @Test func invariantsHoldOverRandomScenarios() {
        for seed in 1...Self.scenarios {
            let (header, records, _) = Self.replay(seed: seed)
            let modern = RulesVersion(header.platform).modern
            var last = Instant.start
            var status = AuthorizationStatus.notDetermined
            var provisional = false
            var inUse = false
            var app = "notRunning"
            for r in records {
                #expect(r.time >= last, "seed \(seed): time went back at \(r.time)")
                last = r.time
                switch r.record.event {
                case .auth(let view):
                    status = view.status
                    provisional = view.provisional
                case .inUseBegin: inUse = true
                case .inUseEnd: inUse = false
                case .app(let a):
                    switch a {
                    case .launchForeground, .foreground: app = "foreground"
                    case .launchBackground, .background, .wake: app = "background"
                    case .suspend: app = "suspended"
                    case .terminate: app = "notRunning"
                    }
                case .update(.liveUpdate(let location?, _)):
                    // docs/modern.md M1: a location element only to a running,
                    // authorized app; When In Use only while in use.
                    let authorized = status == .authorizedAlways || status == .authorizedWhenInUse
                    #expect(authorized, "seed \(seed): liveUpdates \(location) while \(status) at \(r.time)")
                    #expect(
                        app == "foreground" || app == "background",
                        "seed \(seed): liveUpdates to a \(app) app at \(r.time)")
                    let whenInUse = status == .authorizedWhenInUse || (status == .authorizedAlways && provisional)
                    if whenInUse { #expect(inUse, "seed \(seed): When In Use liveUpdates outside in use at \(r.time)") }
                case .update(.monitorEvent(let monitor, let id, let state, let flags))
                where !flags.isDisjoint(with: DiagnosticFlags.authorizationProblems.union(.accuracyLimited)):
                    // docs/modern.md M19, M22: an event that says why events
                    // are withheld — to a running app, with no state to reveal.
                    #expect(
                        state == .unknown, "seed \(seed): monitor diagnostic \(monitor) \(id) \(state) at \(r.time)")
                    #expect(
                        app == "foreground" || app == "background",
                        "seed \(seed): monitor diagnostic to a \(app) app at \(r.time)")
                case .update(.monitorEvent(let monitor, let id, let state, _)),
                    .update(.refinedMonitorEvent(let monitor, let id, let state, _, _)):
                    // docs/modern.md M15: a CLMonitor event only to an
                    // authorized, running app — a suspended or terminated one
                    // gets a wake or launch record first — When In Use only in use.
                    let event = "\(monitor) \(id) \(state)"
                    let authorized = status == .authorizedAlways || status == .authorizedWhenInUse
                    #expect(authorized, "seed \(seed): monitor event \(event) while \(status) at \(r.time)")
                    #expect(
                        app == "foreground" || app == "background",
                        "seed \(seed): monitor event to a \(app) app at \(r.time)")
                    let whenInUse = status == .authorizedWhenInUse || (status == .authorizedAlways && provisional)
                    if whenInUse {
                        #expect(inUse, "seed \(seed): When In Use monitor event outside in use at \(r.time)")
                    }
                case .indicator(let on):
                    // Suspended: only while stationary with an activity session (M2).
                    if on {
                        #expect(
                            app == "background" || app == "suspended",
                            "seed \(seed): indicator on in \(app) at \(r.time)")
                    }
                case .delegate(let cb):
                    let isLocationEvent: Bool
                    switch cb.event {
                    case .didUpdateLocations, .didUpdateEarlierLocation, .didEnterRegion, .didExitRegion, .didVisit,
                        .didRange:
                        isLocationEvent = true
                    default: isLocationEvent = false
                    }
                    guard isLocationEvent else { break }
                    let authorized =
                        status == .authorizedAlways || status == .authorizedWhenInUse || status == .authorized
                    #expect(authorized, "seed \(seed): \(cb.selector) while \(status) at \(r.time)")
                    #expect(
                        app != "suspended" && app != "notRunning",
                        "seed \(seed): \(cb.selector) to a \(app) app at \(r.time)")
                    let whenInUse = status == .authorizedWhenInUse || (status == .authorizedAlways && provisional)
                    if modern && whenInUse {
                        #expect(inUse, "seed \(seed): When In Use delivery outside in use at \(r.time)")
                    }
                default: break
                }
            }
        }
    }

    /// docs/modern.md "Session records", M20: a session object's records pair
    /// up — `begin` only for an object the app does not hold, `effective`
    /// and `end` (invalidated, released, stopped, replaced, terminated) only
    /// for one it holds — whatever the random calls, releases included.
    @Test func sessionRecordsPairUp() {
        func key(_ o: SessionObject) -> String {
            switch o {
            case .liveUpdates: return "liveUpdates"
            case .backgroundActivitySession: return "backgroundActivitySession"
            case .serviceSession(let name, _): return "serviceSession " + name
            }
        }
        var released = 0
        for seed in 1...Self.scenarios {
            var held: Set<String> = []
            for r in Self.replay(seed: seed).records {
                guard case .session(let record) = r.record.event else { continue }
                let k = key(record.object)
                switch record {
                case .begin:
                    #expect(held.insert(k).inserted, "seed \(seed): \(k) begins while held at \(r.time)")
                case .effective:
                    #expect(held.contains(k), "seed \(seed): \(k) effective while not held at \(r.time)")
                case .end(_, let reason):
                    #expect(held.remove(k) != nil, "seed \(seed): \(k) ends (\(reason)) while not held at \(r.time)")
                    if reason == .released { released += 1 }
                }
            }
        }
        #expect(released > 0, "the random scenarios release sessions")
    }

    @Test func replayIsDeterministic() {
        for seed in 1...200 as ClosedRange<UInt64> {
            let a = Self.replay(seed: seed).records
            let b = Self.replay(seed: seed).records
            #expect(a == b, "seed \(seed)")
        }
    }

    /// Every fix offered to running standard updates is delivered, queued for
    /// a suspended app, or dropped, exactly once.
    @Test func everyFixForStandardUpdatesIsAccountedForOnce() throws {
        for seed in 1...1000 as ClosedRange<UInt64> {
            var gen = RandomScenario(seed: seed)
            var sim = Simulator(header: gen.header())
            for statement in gen.statements(count: 80) {
                let updating =
                    sim.manager.updating && !sim.significantChanges
                    && !sim.header.parameters.deriveCrossings
                do { try sim.apply(statement) } catch {
                    _ = sim.takeOutput()
                    continue
                }
                let records = sim.takeOutput()
                guard updating, sim.manager.updating, case .fix(let fix) = statement.event else { continue }
                let mentions = records.filter {
                    switch $0.record.event {
                    case .drop(.fix(let l), _), .hold(.fix(let l), _): return l == fix.location
                    case .delegate(let c), .drop(.callback(let c), _):
                        if case .didUpdateLocations = c.event { return true }
                        return false
                    default: return false
                    }
                }
                #expect(
                    mentions.count == 1,
                    "seed \(seed): fix at \(statement.time) accounted \(mentions.count) times: \(records)")
            }
        }
    }

    /// docs/rules.md §8, the delegate contract: from iOS 9 an accepted
    /// `startUpdatingLocation` or `requestLocation` crashes the app exactly
    /// when the delegate lacks a method the call needs; the app then runs no code.
    @Test func callsCrashExactlyWhenTheDelegateBreaksTheContract() {
        var crashes = 0
        var kept = 0
        for seed in 1...2000 as ClosedRange<UInt64> {
            var gen = RandomScenario(seed: seed)
            var sim = Simulator(header: gen.header())
            for statement in gen.statements(count: 80) {
                do { try sim.apply(statement) } catch {
                    _ = sim.takeOutput()
                    continue
                }
                let records = sim.takeOutput().map(\.record)
                let call: AppCall
                switch statement.event {
                case .app(let c), .managerCall(_, let c): call = c
                default: continue
                }
                let needs: DelegateMethods
                switch call {
                case .requestLocation: needs = [.didUpdateLocations, .didFailWithError]
                case .startUpdatingLocation: needs = .didFailWithError
                default: continue
                }
                let broken = sim.rules.atLeast(9) && !sim.header.delegate.isSuperset(of: needs)
                let crashed = records.contains {
                    if case .crash(let text) = $0.event { return text.contains("Delegate must respond to") }
                    return false
                }
                #expect(
                    crashed == broken,
                    "seed \(seed): \(call.name) at \(statement.time), delegate \(sim.header.delegate.rawValue)")
                if broken {
                    crashes += 1
                    #expect(sim.app == .notRunning, "seed \(seed): running after the crash")
                } else {
                    kept += 1
                }
            }
        }
        #expect(crashes > 20 && kept > 20, "the generator reaches both sides: \(crashes) crashes, \(kept) calls kept")
    }

    /// docs/rules.md §8, "No fix": a fix line inside a `nofix … until`
    /// window reaches no service — its one record is its drop
    /// `locationUnavailable` — and an outage without `until` ends at the next fix.
    @Test func fixesInsideAnOutageAreNeverDelivered() throws {
        var outages = 0
        for seed in 1...2000 as ClosedRange<UInt64> {
            var gen = RandomScenario(seed: seed)
            var sim = Simulator(header: gen.header())
            var until: Millis? = nil
            for statement in gen.statements(count: 80) {
                do { try sim.apply(statement) } catch {
                    _ = sim.takeOutput()
                    continue
                }
                let records = sim.takeOutput().map(\.record)
                switch statement.event {
                case .noFix(let u):
                    until = u
                    #expect(sim.locationUnavailable, "seed \(seed): no outage after a nofix line")
                case .fix(let fix):
                    let inside = until.map { statement.time < $0 } ?? false
                    let mentions = records.filter { r in
                        switch r.event {
                        case .drop(.fix(let l), _), .hold(.fix(let l), _), .drop(.liveUpdate(let l), _),
                            .hold(.liveUpdate(let l), _):
                            return l == fix.location
                        case .update(.liveUpdate(let l?, _)): return l == fix.location
                        case .delegate(let cb):
                            if case .didUpdateLocations(let l) = cb.event { return l == fix.location }
                            return false
                        default: return false
                        }
                    }
                    if inside {
                        outages += 1
                        #expect(
                            mentions == [Record.drop(.fix(fix.location), .locationUnavailable)],
                            "seed \(seed): \(records)")
                    } else {
                        #expect(
                            !mentions.contains(Record.drop(.fix(fix.location), .locationUnavailable)), "seed \(seed)")
                        #expect(!sim.locationUnavailable, "seed \(seed): a fix after the window left the outage on")
                        until = nil
                    }
                default: break
                }
            }
        }
        #expect(outages > 50, "the generator reaches the rule")
    }

    /// docs/modern.md M2: a background app that its activity session keeps
    /// running is suspended when the stream turns stationary, and a paused
    /// stream wakes nothing.
    @Test func aStationaryStreamSuspendsTheSessionAppAndWakesNothing() throws {
        var suspensions = 0
        for seed in 1...1000 as ClosedRange<UInt64> {
            var gen = RandomScenario(seed: seed)
            var header = gen.header()
            // A hiking app (the golden ios17-stationary-suspends-activity-session),
            // then random lines.
            header.platform = gen.pick([Platform(.iOS, 17, 0), Platform(.iOS, 18, 0)])
            header.plist["NSLocationWhenInUseUsageDescription"] = .string("w")
            var sim = Simulator(header: header)
            let start: [Event] = [
                .launch, .app(.requestWhenInUseAuthorization), .user(.answer(.allowWhileUsing, precise: nil)),
                .modern(.backgroundActivitySessionBegin), .modern(.liveUpdatesStart(.fitness)), .background,
            ]
            let opening = start.enumerated().map { i, e in
                TimedStatement(
                    time: Millis(Int64(i)), event: e, location: SourceLocation(line: i + 1, column: 1),
                    argumentColumn: 1)
            }
            let rest = gen.statements(count: 60).map { t in
                var t = t
                t.time = t.time + .seconds(10)
                return t
            }
            for statement in opening + rest {
                do { try sim.apply(statement) } catch {
                    _ = sim.takeOutput()
                    continue
                }
                let records = sim.takeOutput().map(\.record)
                for (i, r) in records.enumerated() {
                    if case .drop(.liveUpdate, let reason) = r.event, reason == .stationary, i > 0 {
                        #expect(
                            records[i - 1] != .app(.wake(.location)),
                            "seed \(seed): woken for a paused stream: \(records)")
                    }
                }
                guard case .fix = statement.event, sim.modern.activity.keepsInUse, sim.app != .foreground,
                    let last = records.lastIndex(where: {
                        if case .update(.liveUpdate(.some, let flags)) = $0.event { return flags.contains(.stationary) }
                        return false
                    })
                else { continue }
                suspensions += 1
                #expect(records.dropFirst(last + 1).first == .app(.suspend), "seed \(seed): \(records)")
                #expect(sim.app == .suspended && sim.inUse, "seed \(seed): \(sim.app), in use \(sim.inUse)")
            }
        }
        #expect(suspensions > 20, "the generator reaches the rule (\(suspensions))")
    }

    /// docs/rules.md §5: Low Power Mode, Airplane Mode, and from iOS 8
    /// Background App Refresh, change no record — a random scenario replays
    /// to the same log with its device-setting lines removed (the generator
    /// picks among every `DeviceSetting`).
    @Test func deviceSettingsChangeNothingFromIOS8() {
        var compared = 0
        for seed in 1...1500 as ClosedRange<UInt64> {
            var gen = RandomScenario(seed: seed)
            let header = gen.header()
            let statements = gen.statements(count: 80)
            func isDeviceSetting(_ s: TimedStatement) -> Bool {
                guard case .user(.device(let setting, _)) = s.event else { return false }
                return setting == .lowPower || RulesVersion(header.platform).atLeast(8)
            }
            func log(_ lines: [TimedStatement]) -> [LogRecord] {
                var sim = Simulator(header: header)
                var records: [LogRecord] = []
                for s in lines {
                    do { try sim.apply(s) } catch {}
                    records += sim.takeOutput()
                }
                sim.finish()
                return records + sim.takeOutput()
            }
            guard statements.contains(where: isDeviceSetting) else { continue }
            compared += 1
            #expect(log(statements) == log(statements.filter { !isDeviceSetting($0) }), "seed \(seed)")
        }
        #expect(compared > 100, "the generator reaches the rule (\(compared))")
    }

    /// The text and JSON Lines logs carry the same records, in the same order.
    @Test func textAndJSONLinesCarryTheSameRecords() {
        for seed in 1...300 as ClosedRange<UInt64> {
            let records = Self.replay(seed: seed).records
            var text = TextLogWriter()
            var json = JSONLogWriter()
            for r in records {
                text.write(r)
                json.write(r)
            }
            let textLines = String(decoding: text.output.contents, as: UTF8.self).split(separator: "\n")
            let jsonLines = String(decoding: json.output.contents, as: UTF8.self).split(separator: "\n")
            #expect(textLines.count == records.count && jsonLines.count == records.count, "seed \(seed)")
            for (r, (t, j)) in zip(records, zip(textLines, jsonLines)) {
                let time = r.time.description
                #expect(t.hasPrefix("\(time) \(r.record.kind)"), "seed \(seed): \(t)")
                #expect(j.hasPrefix("{\"t\":\(time),\"kind\":\"\(r.record.kind)\""), "seed \(seed): \(j)")
            }
        }
    }
}
