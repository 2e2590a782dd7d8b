import Foundation  // JSONSerialization (tests only)
import Testing

@testable import LocSimKit

/// What a scenario's author is told beyond the log: warnings for lines that
/// replay but probably not as meant, and notes naming an error's cause.
@Suite struct DiagnosticsTests {
    static func replay(_ text: String) -> (log: String, warnings: [ScenarioWarning], error: ScenarioError?) {
        var reader = LineReader(bytes: Array(text.utf8))
        var writer = TextLogWriter()
        var report = ReplayReport()
        do throws(ScenarioError) {
            try Replay.run(&reader, into: &writer, report: &report)
            return (writer.text, report.warnings, nil)
        } catch {
            return (writer.text, report.warnings, error)
        }
    }

    @Test(arguments: ["0 launch", "0 fix 35 139 5", "00:00:01 fix 35 139"])
    func noPlatformLineWarnsWithTheDefault(firstTimedLine: String) {
        let result = Self.replay("locsim 1\n" + firstTimedLine + "\n")
        #expect(result.error == nil)
        // (A lone fix line also gets the end-of-run warning that no service took it: EndOfRunWarningsTests.)
        #expect(
            result.warnings.filter { $0.message.hasPrefix(ScenarioWarning.noPlatformPrefix) }.map {
                $0.formatted(file: "x.scn")
            } == [
                "x.scn:1:1: warning: no 'platform' line; replaying as iOS 14.0 (add e.g. 'platform iOS 17.0' before the first timed line)"
            ])
    }

    @Test func aPlatformLineOrNoTimedLineDoesNotWarn() {
        #expect(Self.replay("platform iOS 14.0\n0 launch\n").warnings.isEmpty)
        #expect(Self.replay("# only a comment\n").warnings.isEmpty)
    }

    @Test func theWarningIsNotInTheLog() {
        let withPlatform = Self.replay("platform iOS 14.0\n0 launch\n").log
        #expect(Self.replay("0 launch\n").log == withPlatform)
    }

    /// docs/modern.md M21: an activity session without the `location` background mode, said once.
    @Test func anActivitySessionWithoutTheBackgroundModeWarnsOnce() {
        let begin =
            "platform iOS 17.0\n0 launch\n1 app backgroundActivitySession begin\n2 app backgroundActivitySession end\n3 app backgroundActivitySession begin\n"
        #expect(
            Self.replay(begin).warnings.map { $0.formatted(file: "x.scn") } == [
                "x.scn:3:3: warning: backgroundActivitySession without 'plist UIBackgroundModes location' does not keep the app in use in the background (docs/modern.md M21)"
            ])
        #expect(Self.replay("plist UIBackgroundModes location\n" + begin).warnings.isEmpty)
    }

    @Test func aCrashIsTheNoteOfALaterCall() {
        let scenario = """
            platform iOS 14.0
            plist NSLocationWhenInUseUsageDescription "w"
            plist UIBackgroundModes fetch
            0 launch
            1 app set allowsBackgroundLocationUpdates true
            2 app startUpdatingLocation
            """
        let error = Self.replay(scenario).error
        #expect(
            error?.formatted(file: "x.scn") == """
                x.scn:6:7: error: app startUpdatingLocation: the app is not running and runs no code
                x.scn:5:3: note: the app crashed at 1.000 (UIBackgroundModes has no 'location')
                """)
    }

    @Test func aForceQuitIsTheNoteOfALaterCall() {
        let error = Self.replay("platform iOS 14.0\n0 launch\n1 terminate\n2 app requestLocation\n").error
        #expect(
            error?.notes == [
                ScenarioError.Note("the user force-quit the app at 1.000", at: SourceLocation(line: 3, column: 3))
            ])
    }

    static let alwaysApp = """
        platform iOS 12.4
        plist NSLocationWhenInUseUsageDescription "w"
        plist NSLocationAlwaysAndWhenInUseUsageDescription "a"
        plist UIBackgroundModes location
        set wakeWindow 20
        0 launch
        1 app requestAlwaysAuthorization
        2 user allowAlways
        3 app startMonitoring depot 35 139.7 200
        10 background

        """

    /// A call after a wake's window ran out: the wake, not the foreground
    /// the app left long before, is the cause (docs/rules.md §2).
    @Test func aWakeWindowIsTheNoteOfALaterCall() {
        let error = Self.replay(Self.alwaysApp + "100 enter depot\n130 app startUpdatingLocation\n").error
        #expect(
            error?.notes == [
                ScenarioError.Note(
                    "the app was woken at 100.000 (app wake reason=region) and suspended at 120.000, when its wake window ran out (wakeWindow 20.000 s after the last event it ran for)",
                    at: SourceLocation(line: 11, column: 5))
            ])
    }

    /// A woken app that began a background session is suspended when the
    /// session ends, not when its wake window runs out.
    @Test func aSessionEndIsTheNoteOfALaterCall() {
        let error = Self.replay(
            Self.alwaysApp
                + "100 enter depot\n101 app startUpdatingLocation\n105 app set allowsBackgroundLocationUpdates true\n"
                + "200 app stopUpdatingLocation\n210 app requestLocation\n"
        ).error
        #expect(
            error?.notes == [
                ScenarioError.Note(
                    "the app was suspended at 200.000, when its background location session ended (inuse end reason=sessionEnded)",
                    at: SourceLocation(line: 14, column: 5))
            ])
    }

    /// An event held for provisional Always makes the upgrade prompt due,
    /// but it shows only at `system notBusy`: an answer before that is told so.
    @Test func aHeldEventWithoutNotBusyIsTheNoteOfAnUpgradeAnswer() {
        let scenario = """
            platform iOS 13.4
            plist NSLocationWhenInUseUsageDescription "w"
            plist NSLocationAlwaysAndWhenInUseUsageDescription "a"
            0 launch
            1 app requestAlwaysAuthorization
            2 user allowWhileUsing
            3 app startMonitoring store 35 139.7 100
            4 background
            60 enter store

            """
        let error = Self.replay(scenario + "62 user changeToAlways\n").error
        #expect(
            error?.notes == [
                ScenarioError.Note(
                    "an event was held for provisional Always at 60.000, so the upgrade prompt is due: it shows at the next 'system notBusy' (or upgradePromptDelay after the hold, if set)",
                    at: SourceLocation(line: 9, column: 4))
            ])
        // With `system notBusy` the prompt shows and the answer is taken.
        #expect(Self.replay(scenario + "61 system notBusy\n62 user changeToAlways\n").error == nil)
    }

    @Test func anErrorWithNoEarlierCauseHasNoNote() {
        let error = Self.replay("platform iOS 14.0\n0 launch\n1 user allowWhileUsing\n").error
        #expect(error != nil)
        #expect(error?.notes == [])
    }

    /// One meaning per JSON field name: across every record of the JSON
    /// writer's cases, a name always holds the same type of value.
    @Test func jsonFieldNamesKeepOneType() throws {
        var types: [String: String] = [:]
        for c in JSONLogWriterTests.cases {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(c.line.utf8)) as? [String: Any])
            for (name, value) in object {
                let type = value is String ? "string" : value is NSNumber ? "number" : "other"
                // `arrival`/`departure` are seconds or the distantPast/distantFuture placeholder.
                if name == "arrival" || name == "departure" { continue }
                if let seen = types[name] {
                    #expect(seen == type, "field \(name) is both \(seen) and \(type)")
                } else {
                    types[name] = type
                }
            }
        }
        #expect(types["accuracy"] == "number")
        #expect(types["accuracyAuthorization"] == "string")
    }

    @Test func missingPurposeKeyWarningNamesTheKey() {
        var header = ScenarioHeader()
        header.apply(.plist(key: "NSLocationTemporaryUsageDescriptionDictionary.Navigate", value: .string("t")))
        #expect(header.missingPurposeKeyWarning("Navigate") == nil)
        #expect(
            header.missingPurposeKeyWarning("Nav")
                == "requestTemporaryFullAccuracyAuthorization: the purpose key 'Nav' is not in the Info.plist's "
                + "NSLocationTemporaryUsageDescriptionDictionary; the request is declined")
    }
}
