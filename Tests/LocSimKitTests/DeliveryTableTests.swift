import Testing

@testable import LocSimKit

/// docs/rules.md §8 as a table: one row per cell of the matrix (authorization ×
/// service × accuracy), one column per place the app can be. Written from
/// the rule text, not from the code.
@Suite struct DeliveryTableTests {
    typealias App = Delivery.App

    /// The columns: where the app is, and whether it is in use there.
    static let columns: [(App, inUse: Bool)] = [
        (.foreground, true), (.background, true), (.background, false), (.suspended, true), (.suspended, false),
        (.notRunning, false), (.forceQuit, false), (.notLaunchable, false),
    ]

    /// `D` deliver, `X` extend the run then deliver, `W` wake then deliver,
    /// `R` relaunch then deliver, `H` hold, `Q` queue until running; otherwise a drop reason:
    /// `nA` notAuthorized, `nU` notInUse, `S` suspended, `nR` notRunning,
    /// `rA` reducedAccuracy, `U` unavailable, `fQ` forceQuit, `sR` serviceSessionRequired.
    static func outcome(_ code: Substring) -> Delivery? {
        switch code {
        case "D": return .deliver
        case "X": return .extendRunThenDeliver
        case "W": return .wakeThenDeliver
        case "R": return .relaunchThenDeliver
        case "H": return .hold
        case "Q": return .queueUntilRunning
        case "nA": return .drop(.notAuthorized)
        case "nU": return .drop(.notInUse)
        case "S": return .drop(.suspended)
        case "nR": return .drop(.notRunning)
        case "rA": return .drop(.reducedAccuracy)
        case "U": return .drop(.unavailable)
        case "fQ": return .drop(.forceQuit)
        case "sR": return .drop(.serviceSessionRequired)
        default: return nil
        }
    }

    struct Row: CustomStringConvertible {
        var access: Delivery.Access
        var service: Delivery.Service
        var accuracy: AccuracyAuthorization
        var outcomes: String
        var description: String { "\(access) \(service) \(accuracy)" }
    }

    static func row(_ a: Delivery.Access, _ s: Delivery.Service, _ acc: AccuracyAuthorization, _ o: String) -> Row {
        Row(access: a, service: s, accuracy: acc, outcomes: o)
    }

    static let none = "nA nA nA nA nA nA nA nA"
    static let whileInUse = "D  D  nU S  S  nR nR nR"
    static let whileRunning = "D  D  D  S  S  nR nR nR"
    // Standard updates: a suspended app that would get the fix running gets it when it runs (§8).
    static let locationInUse = "D  D  nU Q  S  nR nR nR"
    static let locationRunning = "D  D  D  Q  Q  nR nR nR"
    static let monitoringWhenInUse = "D  D  nU S  S  nR nR nR"
    static let monitoringProvisional = "D  D  H  S  H  H  H  H"
    static let monitoringAlways = "D  X  X  W  W  R  fQ nR"
    static let unavailable = "U  U  U  U  U  U  U  U"
    static let reduced = "rA rA rA rA rA rA rA rA"
    // docs/modern.md M1, M7, M9, M10, M11: liveUpdates. A terminated app is
    // relaunched as monitoring relaunches an Always app; the session
    // requirement stops everything a running app would get. A suspended app
    // that would get the element running is unsuspended for it (M1:
    // CLLocationUpdate "will unsuspend the app", WWDC23 10180).
    static let streamInUse = "D  D  nU W  S  R  fQ nR"
    static let streamRunning = "D  D  D  W  W  R  fQ nR"
    static let streamSessionRequired = "sR sR sR sR sR R  fQ nR"

    /// A liveUpdates row: accuracy decides nothing (reduction happens after the decision).
    static func stream(_ a: Delivery.Access, _ s: Delivery.Sessions, _ o: String) -> [Row] {
        [row(a, .liveUpdates(s), .fullAccuracy, o), row(a, .liveUpdates(s), .reducedAccuracy, o)]
    }

    // docs/modern.md M15: CLMonitor events as region events, with the
    // session requirement first and the iOS 18 Always-session rule for a live app.
    // An app that runs no code gets the reason regions get (docs/rules.md §8, v2 correction 9).
    static let monitorInUse = monitoringWhenInUse
    static let monitorSessionRequiredInUse = "sR sR sR sR sR nR nR nR"
    static let monitorAlways = "D  X  X  W  W  R  fQ nR"

    static func monitor(_ a: Delivery.Access, _ s: Delivery.Sessions, full: String, reduced: String) -> [Row] {
        [row(a, .monitor(s), .fullAccuracy, full), row(a, .monitor(s), .reducedAccuracy, reduced)]
    }

    static let monitorTable: [Row] =
        unauthorized.flatMap { a in Delivery.Sessions.allCases.flatMap { monitor(a, $0, full: none, reduced: none) } }
        + Delivery.Sessions.allCases.flatMap {
            monitor(.whenInUseBefore13, $0, full: unavailable, reduced: unavailable)
        }
        + monitor(.whenInUse, .unsupported, full: monitorInUse, reduced: reduced)
        + monitor(.whenInUse, .required, full: monitorSessionRequiredInUse, reduced: reduced)
        + monitor(.whenInUse, .withoutAlways, full: monitorInUse, reduced: reduced)
        + monitor(.whenInUse, .always, full: monitorInUse, reduced: reduced)
        // Provisional Always holds nothing here: CLMonitor events are When In Use's.
        // Provisional Always: held out of use, as region events (M15, §6); a
        // live app first needs the explicit session requirement met.
        + monitor(.provisionalAlways, .unsupported, full: monitoringProvisional, reduced: reduced)
        + monitor(.provisionalAlways, .required, full: "sR sR sR sR sR H  H  H", reduced: reduced)
        + monitor(.provisionalAlways, .withoutAlways, full: monitoringProvisional, reduced: reduced)
        + monitor(.provisionalAlways, .always, full: monitoringProvisional, reduced: reduced)
        + monitor(.always, .unsupported, full: monitorAlways, reduced: reduced)
        + monitor(.always, .required, full: "sR sR sR sR sR R  fQ nR", reduced: reduced)
        + monitor(.always, .withoutAlways, full: "D  X  nU W  nU R  fQ nR", reduced: reduced)
        + monitor(.always, .always, full: monitorAlways, reduced: reduced)

    static let streamTable: [Row] =
        unauthorized.flatMap { a in
            stream(a, .unsupported, none) + stream(a, .required, "sR sR sR sR sR nA nA nA")
                + stream(a, .withoutAlways, none) + stream(a, .always, none)
        }
        + stream(.whenInUseBefore13, .unsupported, unavailable) + stream(.whenInUseBefore13, .required, unavailable)
        + stream(.whenInUseBefore13, .withoutAlways, unavailable) + stream(.whenInUseBefore13, .always, unavailable)
        + stream(.whenInUse, .unsupported, streamInUse) + stream(.whenInUse, .required, streamSessionRequired)
        + stream(.whenInUse, .withoutAlways, streamInUse) + stream(.whenInUse, .always, streamInUse)
        + stream(.provisionalAlways, .unsupported, streamInUse)
        + stream(.provisionalAlways, .required, streamSessionRequired)
        + stream(.provisionalAlways, .withoutAlways, streamInUse) + stream(.provisionalAlways, .always, streamInUse)
        // iOS 17 Always delivers out of use; iOS 18 needs an `.always` session.
        + stream(.always, .unsupported, streamRunning) + stream(.always, .required, streamSessionRequired)
        + stream(.always, .withoutAlways, streamInUse) + stream(.always, .always, streamRunning)

    //                                  authorization        service              accuracy  fg bg+ bg  su+ su  nr  fq  nl
    /// Not determined and denied deliver nothing alike; they differ only
    /// when monitoring starts (`monitoringStartTable`).
    static let unauthorized: [Delivery.Access] = [.notDetermined, .denied]

    static let table: [Row] =
        unauthorized.flatMap { a in
            [
                row(a, .location, .fullAccuracy, none), row(a, .location, .reducedAccuracy, none),
                row(a, .ranging, .fullAccuracy, none), row(a, .ranging, .reducedAccuracy, none),
                row(a, .region, .fullAccuracy, none), row(a, .region, .reducedAccuracy, none),
                row(a, .significantChange, .fullAccuracy, none), row(a, .significantChange, .reducedAccuracy, none),
                row(a, .visit, .fullAccuracy, none), row(a, .visit, .reducedAccuracy, none),
            ]
        } + [

            row(.whenInUseBefore13, .location, .fullAccuracy, locationInUse),
            row(.whenInUseBefore13, .location, .reducedAccuracy, locationInUse),
            row(.whenInUseBefore13, .ranging, .fullAccuracy, whileInUse),
            row(.whenInUseBefore13, .ranging, .reducedAccuracy, "rA rA nU S  S  nR nR nR"),
            row(.whenInUseBefore13, .region, .fullAccuracy, unavailable),
            row(.whenInUseBefore13, .region, .reducedAccuracy, reduced),
            row(.whenInUseBefore13, .significantChange, .fullAccuracy, unavailable),
            row(.whenInUseBefore13, .significantChange, .reducedAccuracy, unavailable),
            row(.whenInUseBefore13, .visit, .fullAccuracy, unavailable),
            row(.whenInUseBefore13, .visit, .reducedAccuracy, unavailable),

            row(.whenInUse, .location, .fullAccuracy, locationInUse),
            row(.whenInUse, .location, .reducedAccuracy, locationInUse),
            row(.whenInUse, .ranging, .fullAccuracy, whileInUse),
            row(.whenInUse, .ranging, .reducedAccuracy, "rA rA nU S  S  nR nR nR"),
            row(.whenInUse, .region, .fullAccuracy, monitoringWhenInUse),
            row(.whenInUse, .region, .reducedAccuracy, reduced),
            row(.whenInUse, .significantChange, .fullAccuracy, monitoringWhenInUse),
            row(.whenInUse, .significantChange, .reducedAccuracy, monitoringWhenInUse),
            row(.whenInUse, .visit, .fullAccuracy, monitoringWhenInUse),
            row(.whenInUse, .visit, .reducedAccuracy, monitoringWhenInUse),

            row(.provisionalAlways, .location, .fullAccuracy, locationInUse),
            row(.provisionalAlways, .location, .reducedAccuracy, locationInUse),
            row(.provisionalAlways, .ranging, .fullAccuracy, whileInUse),
            row(.provisionalAlways, .ranging, .reducedAccuracy, "rA rA nU S  S  nR nR nR"),
            row(.provisionalAlways, .region, .fullAccuracy, monitoringProvisional),
            row(.provisionalAlways, .region, .reducedAccuracy, reduced),
            row(.provisionalAlways, .significantChange, .fullAccuracy, monitoringProvisional),
            row(.provisionalAlways, .significantChange, .reducedAccuracy, monitoringProvisional),
            row(.provisionalAlways, .visit, .fullAccuracy, monitoringProvisional),
            row(.provisionalAlways, .visit, .reducedAccuracy, monitoringProvisional),

            row(.always, .location, .fullAccuracy, locationRunning),
            row(.always, .location, .reducedAccuracy, locationRunning),
            row(.always, .ranging, .fullAccuracy, whileRunning),
            row(.always, .ranging, .reducedAccuracy, "rA rA rA S  S  nR nR nR"),
            row(.always, .region, .fullAccuracy, monitoringAlways), row(.always, .region, .reducedAccuracy, reduced),
            row(.always, .significantChange, .fullAccuracy, monitoringAlways),
            row(.always, .significantChange, .reducedAccuracy, monitoringAlways),
            row(.always, .visit, .fullAccuracy, monitoringAlways),
            row(.always, .visit, .reducedAccuracy, monitoringAlways),
        ]

    // A callback answering no event (a failure, a pause) reaches a running
    // app whatever its authorization; `didDetermineState` answering the
    // app's call needs authorization and full accuracy (§8).
    static let callbackTable: [Row] = Delivery.Access.allCases.flatMap {
        [row($0, .callback, .fullAccuracy, whileRunning), row($0, .callback, .reducedAccuracy, whileRunning)]
    }
    static let regionStateTable: [Row] =
        unauthorized.flatMap {
            [row($0, .regionState, .fullAccuracy, none), row($0, .regionState, .reducedAccuracy, none)]
        }
        + Delivery.Access.allCases.filter { !unauthorized.contains($0) }.flatMap {
            [row($0, .regionState, .fullAccuracy, whileRunning), row($0, .regionState, .reducedAccuracy, reduced)]
        }

    // Starting monitoring is the app's call (§8): refused for a denied or
    // restricted app (a failure callback at once), unavailable to When In
    // Use before iOS 13, accepted otherwise — also before the app is asked.
    static let accepted = "D  D  D  D  D  D  D  D"
    static let monitoringStartTable: [Row] = [
        row(.notDetermined, .monitoringStart, .fullAccuracy, accepted),
        row(.notDetermined, .monitoringStart, .reducedAccuracy, accepted),
        row(.denied, .monitoringStart, .fullAccuracy, none), row(.denied, .monitoringStart, .reducedAccuracy, none),
        row(.whenInUseBefore13, .monitoringStart, .fullAccuracy, unavailable),
        row(.whenInUseBefore13, .monitoringStart, .reducedAccuracy, unavailable),
        row(.whenInUse, .monitoringStart, .fullAccuracy, accepted),
        row(.whenInUse, .monitoringStart, .reducedAccuracy, accepted),
        row(.provisionalAlways, .monitoringStart, .fullAccuracy, accepted),
        row(.provisionalAlways, .monitoringStart, .reducedAccuracy, accepted),
        row(.always, .monitoringStart, .fullAccuracy, accepted),
        row(.always, .monitoringStart, .reducedAccuracy, accepted),
    ]

    static let all = table + streamTable + monitorTable + callbackTable + regionStateTable + monitoringStartTable

    @Test func tableCoversEveryCellOnce() {
        var seen: Set<String> = []
        for r in Self.all { #expect(seen.insert(r.description).inserted, "\(r) twice") }
        let cells = Delivery.Access.allCases.count * Delivery.Service.allCases.count * 2
        #expect(seen.count == cells)
    }

    @Test(arguments: all) func cell(_ row: Row) throws {
        let codes = row.outcomes.split(separator: " ")
        try #require(codes.count == Self.columns.count, "\(row): \(codes.count) columns")
        for ((app, inUse), code) in zip(Self.columns, codes) {
            let expected = try #require(Self.outcome(code), "\(row): unknown code \(code)")
            let actual = Delivery.decide(
                row.service, access: row.access, inUse: inUse, app: app, accuracy: row.accuracy)
            #expect(actual == expected, "\(row), \(app) inUse=\(inUse)")
        }
    }
}
