import Foundation  // reading docs/ (tests only)
import Testing

@testable import LocSimKit

/// Every kind of log record has a typed view on `LogRecord`, `nil` for
/// every other kind, and Sources/LocSimKit/LocSimKit.docc/SwiftAPI.md lists every drop and hold reason.
@Suite struct RecordViewsTests {
    static let location = Location(Coordinate(latitude: 35, longitude: 139.7), accuracy: 5)

    /// One record of each kind.
    static let samples: [Record] = [
        .delegate(.didUpdateLocations(location)),
        .update(.liveUpdate(location, [.stationary])),
        .session(.begin(.liveUpdates(.fitness), .waiting)),
        .completion(method: "requestTemporaryFullAccuracyAuthorization", error: .promptDeclined),
        .prompt(.dismiss),
        .app(.wake(.region)),
        .auth(
            AuthView(status: .denied, settings: .never, accuracy: .fullAccuracy, provisional: false, temporary: false)),
        .inUseBegin(.foreground),
        .inUseEnd(.graceExpired),
        .indicator(on: true),
        .hold(.fix(location), .suspended),
        .drop(.fix(location), .reducedInterval),
        .notification(id: "n1", entry: true),
        .warning("text"),
        .crash("why"),
        .react(ReactionRecord(action: "app startUpdatingLocation", trigger: "prompt", line: 3)),
        .expect(FailedExpectation(.finalAuth(.denied), at: SourceLocation(line: 1, column: 1), reason: "r")),
        // A record of one of several managers: the views read through the name.
        Record(.ofManager("second", .delegate(.didUpdateLocations(location)))),
    ]

    /// Whether the view for `record`'s own kind is set. The switch has no
    /// `default:`: a new kind of record does not compile here until it has a view.
    static func ownViewIsSet(_ r: LogRecord) -> Bool {
        if case .ofManager(let name, let base) = r.record.event {
            return r.record.manager == name && ownViewIsSet(LogRecord(r.time, Record(base)))
                && viewsSet(r) == viewsSet(LogRecord(r.time, Record(base)))
        }
        switch r.record.event {
        case .delegate(let c): return r.callback == c
        case .update(let u): return r.update == u
        case .session(let session): return r.session == session
        case .completion(let method, let error): return r.completion == CompletionRecord(method: method, error: error)
        case .prompt(let p): return r.prompt == p
        case .app(let a): return r.app == a
        case .auth(let v): return r.auth == v
        case .inUseBegin(let reason): return r.inUseBegin == reason
        case .inUseEnd(let reason): return r.inUseEnd == reason
        case .indicator(let on): return r.indicator == on
        case .hold(let e, let reason): return r.holdReason == reason && r.undelivered == e
        case .drop(let e, let reason): return r.dropReason == reason && r.undelivered == e
        case .notification(let id, let entry): return r.notification == ShownNotification(id: id, entry: entry)
        case .warning(let text): return r.warning == text
        case .crash(let text): return r.crash == text
        case .react(let reaction): return r.reaction == reaction
        case .expect(let failed): return r.failedExpectation == failed
        case .ofManager: return false  // unwrapped above
        }
    }

    /// How many views are set: exactly the record's own (two for hold and drop).
    static func viewsSet(_ r: LogRecord) -> Int {
        let views: [Bool] = [
            r.callback != nil, r.update != nil, r.session != nil, r.completion != nil, r.prompt != nil, r.app != nil,
            r.auth != nil,
            r.inUseBegin != nil, r.inUseEnd != nil, r.indicator != nil, r.holdReason != nil, r.dropReason != nil,
            r.undelivered != nil, r.notification != nil, r.warning != nil, r.crash != nil, r.reaction != nil,
            r.failedExpectation != nil,
        ]
        return views.filter { $0 }.count
    }

    @Test(arguments: samples)
    func eachKindHasItsOwnView(_ record: Record) {
        let r = LogRecord(.seconds(1), record)
        #expect(Self.ownViewIsSet(r))
        let expected: Int
        switch record.base {
        case .hold, .drop: expected = 2
        default: expected = 1
        }
        #expect(Self.viewsSet(r) == expected)
    }

    @Test func everyKindIsSampled() {
        #expect(Set(Self.samples.map(\.kind)) == Set(RecordKind.allCases))
    }

    @Test func updateElementsReadAlike() {
        let monitor = UpdateRecord.monitorEvent(monitor: "geo", id: "home", .satisfied, [.accuracyLimited])
        #expect(monitor.flags == [.accuracyLimited] && monitor.location == nil && monitor.stream == .monitor)
        let live = UpdateRecord.liveUpdate(Self.location, [.stationary])
        #expect(live.location == Self.location && live.flags == [.stationary])
    }

    /// The drop and hold reasons a test can match are all on the page.
    @Test func swiftAPIPageListsEveryReason() throws {
        let page = try DocumentationTests.read("Sources/LocSimKit/LocSimKit.docc/SwiftAPI.md")
        guard let row = page.split(separator: "\n").first(where: { $0.hasPrefix("| `dropReason`") }),
            let holdRow = page.split(separator: "\n").first(where: { $0.hasPrefix("| `holdReason`") })
        else {
            Issue.record("no dropReason or holdReason row in Sources/LocSimKit/LocSimKit.docc/SwiftAPI.md")
            return
        }
        let missing = DropReason.allCases.filter { !row.contains("`.\($0.rawValue)`") }
        #expect(missing == [], "drop reasons missing from Sources/LocSimKit/LocSimKit.docc/SwiftAPI.md")
        let missingHolds = HoldReason.allCases.filter { !holdRow.contains("`.\($0.rawValue)`") }
        #expect(missingHolds == [], "hold reasons missing from Sources/LocSimKit/LocSimKit.docc/SwiftAPI.md")
    }
}
