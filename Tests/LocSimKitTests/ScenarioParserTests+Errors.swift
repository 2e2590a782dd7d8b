import Testing

@testable import LocSimKit

/// Invalid lines: each with its exact message and column.
extension ScenarioParserTests {
    // MARK: Invalid lines

    /// `1` and 400 zeros: infinite as a `Double` (issue 14), and as messages cut it.
    static let huge = "1" + String(repeating: "0", count: 400)
    static let hugeShown = "1" + String(repeating: "0", count: 59) + "…"

    static let eventList =
        "launch, foreground, background, terminate, system, app, user, fix, gpx, enter, exit, visit, beacon, nofix, heading"

    static let syntaxErrors: [Invalid] = [
        Invalid("1 launch \u{7}", "unexpected control character 0x07; expected text, spaces or tabs", 10),
        // issue 14: invisible characters are named.
        Invalid(
            "0 launch\r1 background",
            "unexpected carriage return (\\r) not followed by a line feed; the file has CR-only line ends (classic Mac): convert them to LF",
            9),
        Invalid(
            "\u{FEFF}1 background",
            "unexpected byte-order mark (U+FEFF, invisible) inside the file; only its first bytes may be one: delete it",
            1,
            after: ["0 launch"]),
        Invalid(
            "1 enter \"ho\u{FEFF}me\"",
            "unexpected byte-order mark (U+FEFF, invisible) inside the file; only its first bytes may be one: delete it",
            12),
        Invalid("1 enter \"home", "unclosed string; expected a closing '\"' on the same line", 9),
        Invalid("1 enter \"home\\", "unclosed string; expected a closing '\"' on the same line", 9),
        Invalid(#"plist K "a\nb""#, #"unknown escape '\n' in a string; expected \" or \\"#, 11),
        Invalid(#"plist K "ab"c"#, "expected a space after the closing quote, found 'c'", 13),
        Invalid(#"plist K ab"c""#, "unexpected '\"' inside a word; a string must start a word", 11),
        Invalid(
            "lanch",
            "unknown statement 'lanch'; expected a time or one of: locsim, platform, plist, delegate, set, seed, on, expect",
            1),
        Invalid(
            "\"1\" launch",
            "unknown statement '\"1\"'; expected a time or one of: locsim, platform, plist, delegate, set, seed, on, expect",
            1),
        Invalid("  launch", "missing time before 'launch'; expected '<time> launch …'", 3),
        Invalid("platform iOS 14", "'platform' must come before the first timed line", 1, after: ["0 launch"]),
        Invalid("set grace 5", "'set' must come before the first timed line", 1, after: ["0 launch"]),
        Invalid("locsim 1", "'locsim' must come before the first timed line", 1, after: ["0 launch"]),
        Invalid(
            "5 platform iOS 14",
            "'platform' is a header statement; write it without a time, before the first timed line", 3),
    ]

    static let headerErrors: [Invalid] = [
        Invalid("locsim 2", "scenario format version 2 is newer than this locsim (1); upgrade locsim", 8),
        Invalid(
            "locsim 99999999999999999999999",
            "scenario format version 99999999999999999999999 is newer than this locsim (1); upgrade locsim", 8),
        Invalid("locsim 0", "unknown scenario format version 0; expected 1", 8),
        Invalid("locsim one", "expected a whole number for the format version, found 'one'", 8),
        Invalid("locsim", "missing argument <version> for locsim", 7),
        Invalid("locsim 1 2", "unexpected extra argument '2'", 10),
        Invalid("platform ios 13", "unknown platform 'ios'; did you mean 'iOS'?", 10),
        Invalid(
            "platform Android 13",
            "unknown platform 'Android'; expected one of: iOS, iPadOS, macOS, tvOS, watchOS, visionOS, macCatalyst", 10),
        Invalid("platform visionOS 3.0", "visionOS 3.0 does not exist: visionOS 2 was followed by visionOS 26", 19),
        Invalid("platform visionOS 25.9", "visionOS 25.9 does not exist: visionOS 2 was followed by visionOS 26", 19),
        Invalid("platform visionOS 0.9", "visionOS 0.9 is older than the rules locsim knows (from 1.0)", 19),
        Invalid("platform macCatalyst 13.0", "macCatalyst 13.0 is older than the rules locsim knows (from 13.1)", 22),
        Invalid("platform macCatalyst 27", "macCatalyst 27.0 is newer than the rules locsim knows (up to 26.x)", 22),
        Invalid("platform iOS", "missing argument <version> for platform", 13),
        Invalid("platform iOS 99.0", "iOS 99.0 is newer than the rules locsim knows (up to 26.x)", 14),
        Invalid("platform iOS 27", "iOS 27.0 is newer than the rules locsim knows (up to 26.x)", 14),
        Invalid("platform iOS 26.10", "iOS 26.10 is newer than the rules locsim knows (up to 26.9)", 14),
        Invalid("platform iOS 5.1", "iOS 5.1 is older than the rules locsim knows (from 6.0)", 14),
        Invalid("platform iPadOS 12", "iPadOS 12.0 is older than the rules locsim knows (from 13.0)", 17),
        Invalid("platform iOS 13.x", "expected a version like 13.4 for platform, found '13.x'", 14),
        Invalid("platform iOS 13.4.1.2", "expected a version like 13.4 for platform, found '13.4.1.2'", 14),
        Invalid("platform iOS 99999", "expected a version like 13.4 for platform, found '99999'", 14),
        Invalid("platform iOS 13.", "expected a version like 13.4 for platform, found '13.'", 14),
        Invalid("platform iOS 14 extra", "unexpected extra argument 'extra'", 17),
        Invalid("plist", "missing argument <key> for plist", 6),
        Invalid("plist UIBackgroundModes", "missing argument <value> for plist UIBackgroundModes", 24),
        Invalid("plist \"\" x", "expected an Info.plist key, found an empty string", 7),
        Invalid(
            "delegate didUpdateLocations didSomething",
            "unknown delegate method 'didSomething'; expected one of: "
                + DelegateMethods.names.map(\.0).joined(separator: ", "), 29),
        Invalid(
            "set gracee 5",
            "unknown parameter 'gracee'; did you mean 'grace'?", 5
        ),
        Invalid("set", "missing argument <parameter> for set", 4),
        Invalid("set grace", "missing argument <value> for set grace", 10),
        Invalid("set grace -1", "grace must not be negative, found '-1'", 11),
        Invalid("set grace 1.2345", "grace '1.2345' has more than 3 decimals; the resolution is 1 ms", 11),
        Invalid("set grace five", "expected seconds for grace (like 5 or 2.5), found 'five'", 11),
        Invalid("set grace 1e3", "expected seconds for grace (like 5 or 2.5), found '1e3'", 11),
        Invalid(
            "set grace 99999999999999", "grace '99999999999999' is too large; expected at most 1000000000000 seconds",
            11),
        Invalid(
            "set upgradePromptDelay never",
            "expected seconds for upgradePromptDelay (like 5 or 2.5, or none), found 'never'", 24),
        Invalid("set maxRegions -1", "maxRegions -1 is out of range; expected 0 to 2147483647", 16),
        Invalid("set maxRegions 2.5", "expected a whole number for maxRegions, found '2.5'", 16),
        Invalid("set slcDistance -5", "slcDistance must not be negative, found '-5'", 17),
        // issue 14: a grid of 0 divided by zero and logged -90,180; a huge one snapped everything to a pole.
        Invalid("set reducedGrid 0", "reducedGrid 0 is out of range; expected 1 to 100000", 17),
        Invalid("set reducedGrid -5000", "reducedGrid must not be negative, found '-5000'", 17),
        Invalid("set reducedGrid 100000.5", "reducedGrid 100000.5 is out of range; expected 1 to 100000", 17),
        Invalid("set slcDistance 30000000", "slcDistance 30000000 is out of range; expected 0 to 20100000", 17),
        Invalid("set crossingMargin 20100001", "crossingMargin 20100001 is out of range; expected 0 to 20100000", 20),
        Invalid(
            "set crossingMargin " + huge,
            "crossingMargin '\(hugeShown)' is too large; expected at most 1e15 in magnitude",
            20),
        Invalid("set deriveCrossings yes", "expected true or false for deriveCrossings, found 'yes'", 21),
        Invalid("set grace 5 6", "unexpected extra argument '6'", 13),
        Invalid("seed -1", "expected a whole number from 0 to 18446744073709551615 for seed, found '-1'", 6),
        Invalid(
            "seed 18446744073709551616",
            "expected a whole number from 0 to 18446744073709551615 for seed, found '18446744073709551616'", 6),
    ]

    static let timeErrors: [Invalid] = [
        Invalid(
            "10 fix 1 2", "time goes backwards: 10.000 is before the previous line's 12.000", 1, after: ["12 launch"]),
        Invalid(
            "00:00:11.999 fix 1 2", "time goes backwards: 11.999 is before the previous line's 12.000", 1,
            after: ["12 launch"]),
        Invalid("0.0001 launch", "time '0.0001' has more than 3 decimals; the resolution is 1 ms", 1),
        Invalid("+0.0001 launch", "time '+0.0001' has more than 3 decimals; the resolution is 1 ms", 1),
        Invalid("00:00:01.0001 launch", "time '00:00:01.0001' has more than 3 decimals; the resolution is 1 ms", 1),
        Invalid("-5 launch", "negative time '-5'; times count seconds from the scenario start", 1),
        Invalid("-00:00:05 launch", "negative time '-00:00:05'; times count seconds from the scenario start", 1),
        Invalid("12a launch", "expected a time (seconds like 12.5, +seconds or hh:mm:ss), found '12a'", 1),
        Invalid("1e3 launch", "expected a time (seconds like 12.5, +seconds or hh:mm:ss), found '1e3'", 1),
        Invalid("+ launch", "expected a time (seconds like 12.5, +seconds or hh:mm:ss), found '+'", 1),
        Invalid("- launch", "expected a time (seconds like 12.5, +seconds or hh:mm:ss), found '-'", 1),
        Invalid(". launch", "expected a time (seconds like 12.5, +seconds or hh:mm:ss), found '.'", 1),
        Invalid("1:2:3 launch", "expected a time (seconds like 12.5, +seconds or hh:mm:ss), found '1:2:3'", 1),
        Invalid("01:02 launch", "expected a time (seconds like 12.5, +seconds or hh:mm:ss), found '01:02'", 1),
        Invalid("01:02:03x launch", "expected a time (seconds like 12.5, +seconds or hh:mm:ss), found '01:02:03x'", 1),
        Invalid("00:60:00 launch", "minutes and seconds must be 00 to 59 in '00:60:00'", 1),
        Invalid("00:00:60 launch", "minutes and seconds must be 00 to 59 in '00:00:60'", 1),
        Invalid(
            "99999999999999999999999 launch",
            "time '99999999999999999999999' is too large; expected at most 1000000000000 seconds", 1),
        // The maximum bounds the whole time, decimals included (issue 26).
        Invalid(
            "1000000000000.001 launch",
            "time '1000000000000.001' is too large; expected at most 1000000000000 seconds", 1),
        Invalid(
            "277777777:46:40.001 launch",
            "time '277777777:46:40.001' is too large; expected at most 1000000000000 seconds", 1),
        Invalid(
            "set grace 1000000000000.5", "grace '1000000000000.5' is too large; expected at most 1000000000000 seconds",
            11),
        Invalid(
            "99999999999999999:00:00 launch",
            "time '99999999999999999:00:00' is too large; expected at most 1000000000000 seconds", 1),
        Invalid(
            "+1 launch", "time '+1' is too large; expected at most 1000000000000 seconds from the start", 1,
            after: ["1000000000000 launch"]),
        Invalid("  5", "missing event after the time; expected one of: \(eventList)", 4),
    ]

    static let eventErrors: [Invalid] = [
        // A typo of one letter, or a keyword in quotes: the keyword meant.
        Invalid("1 lanch", "unknown event 'lanch'; did you mean 'launch'?", 3),
        Invalid("1 \"launch\"", "unknown event '\"launch\"'; did you mean 'launch'?", 3),
        Invalid("1 exot", "unknown event 'exot'; did you mean 'exit'?", 3),
        Invalid("1 lunch", "unknown event 'lunch'; did you mean 'launch'?", 3),
        // Nothing close: the list.
        Invalid("1 xyzzy", "unknown event 'xyzzy'; expected one of: \(eventList)", 3),
        Invalid("1 launch now", "unexpected extra argument 'now'", 10),
        Invalid("1 gpx", "missing argument <path> for gpx", 6),
        Invalid("1 gpx \"\"", "the gpx path is empty; expected a file name", 7),
        Invalid("1 gpx a.gpx fast", "unexpected 'fast' after the gpx path; expected speed <factor>", 13),
        Invalid("1 gpx a.gpx speed", "missing argument <factor> for gpx speed", 18),
        Invalid("1 gpx a.gpx speed -2", "the speed factor must be above 0, found '-2'", 19),
        Invalid("1 gpx a.gpx speed x", "expected a number for the speed factor, found 'x'", 19),
        Invalid("1 gpx a.gpx speed 2 3", "unexpected extra argument '3'", 21),
        Invalid("1 system", "missing argument <terminate|notBusy|reboot|any|deliverFirst|inputFirst> for system", 9),
        Invalid(
            "1 system busy",
            "unknown system event 'busy'; expected terminate, notBusy, reboot, any, deliverFirst or inputFirst", 10),
        Invalid("1 fix abc 2", "expected a number for latitude, found 'abc'", 7),
        // Numbers copied from a log line, in the log's own forms.
        Invalid(
            "1 fix 35 139 ±5",
            "expected a number for accuracy, found '±5'; the log prints an accuracy as '±5', a scenario as a plain number of meters: write '5'",
            14),
        Invalid(
            "1 fix 35.000000,139.700000 5",
            "expected a number for latitude, found '35.000000,139.700000'; the log joins latitude and longitude with ',', a scenario separates them with a space: write '35.000000 139.700000'",
            7),
        Invalid(
            "1 fix 35 139 5 @30.000",
            "unexpected extra argument '@30.000'; '@<seconds>' is the log's note of when a delivered event happened, not part of a scenario line: leave it out",
            16),
        Invalid(
            "1 visit arrive 35 139 ±30.5",
            "expected a number for accuracy, found '±30.5'; the log prints an accuracy as '±30.5', a scenario as a plain number of meters: write '30.5'",
            23),
        Invalid("1 fix 1 abc", "expected a number for longitude, found 'abc'", 9),
        Invalid("1 fix 1e5 2", "exponents are not supported in '1e5'; write latitude as a plain decimal number", 7),
        Invalid("1 fix 1", "missing argument <lon> for fix", 8),
        Invalid("1 fix", "missing argument <lat> for fix", 6),
        Invalid(
            "1 fix 139.7 35.6",
            "latitude 139.7 is out of range; expected -90 to 90 (are latitude and longitude swapped?)", 7),
        Invalid("1 fix 95 135", "latitude 95 is out of range; expected -90 to 90", 7),
        Invalid("1 fix 35 180.5", "longitude 180.5 is out of range; expected -180 to 180", 10),
        Invalid("1 fix 35 139 -1", "accuracy must not be negative, found '-1'", 14),
        // issue 14: an accuracy of 1 and 400 zeros was infinite and logged ±9223372036854775807.
        Invalid(
            "1 fix 35 139 " + huge,
            "accuracy '\(hugeShown)' is too large; expected at most 1e15 in magnitude",
            14),
        Invalid("1 fix 35 139 1000000.5", "accuracy 1000000.5 is out of range; expected 0 to 1000000", 14),
        Invalid("1 visit arrive 35 139 2000000", "accuracy 2000000 is out of range; expected 0 to 1000000", 23),
        Invalid(
            "1 fix 35 139 5 speed=" + huge,
            "speed '\(hugeShown)' is too large; expected at most 1e15 in magnitude",
            22),
        Invalid(
            "1 fix " + huge + " 139",
            "latitude '\(hugeShown)' is too large; expected at most 1e15 in magnitude",
            7),
        Invalid("1 fix 35 139 5 6", "unexpected extra argument '6'; expected speed=<m/s>, course=<deg>, alt=<m>", 16),
        Invalid(
            "1 fix 35 139 heading=3", "unknown option 'heading' for fix; expected speed=<m/s>, course=<deg>, alt=<m>",
            14),
        Invalid("1 fix 35 139 speed=3 speed=4", "option 'speed' is given twice", 22),
        Invalid("1 fix 35 139 speed=fast", "expected a number for speed, found 'fast'", 20),
        Invalid("1 fix 35 139 speed=", "expected a number for speed, found ''", 20),
        Invalid("1 enter", "missing argument <regionId> for enter", 8),
        Invalid("1 enter \"\"", "expected a region id, found an empty string", 9),
        Invalid("1 exit a b", "unexpected extra argument 'b'", 10),
        Invalid("1 visit", "missing argument <arrive|depart> for visit", 8),
        Invalid("1 visit leave 1 2", "unknown visit event 'leave'; expected arrive or depart", 9),
        Invalid("1 visit arrive 1", "missing argument <lon> for visit arrive", 17),
        Invalid("1 visit depart 1 2 3 4", "unexpected extra argument '4'", 22),
        Invalid(
            "1 beacon B1 1 2 near", "expected a UUID like E2C56DB5-DFFB-48D2-B060-D0F5A71096E0 for uuid, found 'B1'", 10
        ),
        Invalid(
            "1 beacon E2C56DB5-DFFB-48D2-B060-D0F5A71096EG 1 2 near",
            "expected a UUID like E2C56DB5-DFFB-48D2-B060-D0F5A71096E0 for uuid, found 'E2C56DB5-DFFB-48D2-B060-D0F5A71096EG'",
            10),
        Invalid("1 beacon \(uuid) 65536 2 near", "major 65536 is out of range; expected 0 to 65535", 47),
        Invalid("1 beacon \(uuid) 1 -1 near", "minor -1 is out of range; expected 0 to 65535", 49),
        Invalid("1 beacon \(uuid) 1 2", "missing argument <immediate|near|far|unknown> for beacon", 50),
        Invalid(
            "1 beacon \(uuid) 1 2 close", "unknown proximity 'close'; expected one of: immediate, near, far, unknown",
            51),
        Invalid("1 beacon \(uuid) 1 2 far rssi=x", "expected a whole number for rssi, found 'x'", 60),
        Invalid("1 beacon \(uuid) 1 2 far tx=1", "unknown option 'tx' for beacon; expected rssi=<dBm>", 55),
    ]

    static let appErrors: [Invalid] = [
        Invalid("1 app", "missing argument <call> for app", 6),
        Invalid(
            "1 app startTracking",
            "unknown app call 'startTracking'; expected one of: "
                + [
                    "requestWhenInUseAuthorization", "requestAlwaysAuthorization",
                    "requestTemporaryFullAccuracyAuthorization",
                    "startUpdatingLocation", "stopUpdatingLocation", "requestLocation",
                    "startMonitoringSignificantLocationChanges", "stopMonitoringSignificantLocationChanges",
                    "startMonitoringVisits", "stopMonitoringVisits", "startMonitoring", "stopMonitoring",
                    "requestState",
                    "startRangingBeacons", "stopRangingBeacons", "set", "addLocationNotification",
                    "startUpdatingHeading", "stopUpdatingHeading",
                    "allowDeferredLocationUpdates", "disallowDeferredLocationUpdates",
                    "liveUpdates", "backgroundActivitySession", "serviceSession", "monitor",
                ].joined(separator: ", "), 7),
        Invalid("1 app startUpdatingLocation now", "unexpected extra argument 'now'", 29),
        Invalid("1 app startMonitoring home 35 139", "missing argument <radius> for startMonitoring", 34),
        Invalid("1 app startMonitoring home 35 139 big", "expected a number for radius, found 'big'", 35),
        Invalid("1 app startMonitoring", "missing argument <id> for startMonitoring", 22),
        Invalid(
            "1 app startMonitoring home 35 139 100 notifyOnEntry=yes",
            "expected true or false for notifyOnEntry, found 'yes'", 53),
        Invalid(
            "1 app startMonitoring home 35 139 100 repeats=true",
            "unknown option 'repeats' for startMonitoring; expected notifyOnEntry=<bool>, notifyOnExit=<bool>", 39),
        Invalid(
            "1 app startMonitoring home 35 139 100 foo",
            "unexpected extra argument 'foo'; expected notifyOnEntry=<bool>, notifyOnExit=<bool>", 39),
        Invalid(
            "1 app addLocationNotification n 35 139 100 repeats=true repeats=false", "option 'repeats' is given twice",
            57),
        Invalid("1 app stopMonitoring", "missing argument <id> for stopMonitoring", 21),
        Invalid(
            "1 app requestTemporaryFullAccuracyAuthorization",
            "missing argument <purposeKey> for requestTemporaryFullAccuracyAuthorization", 48),
        Invalid("1 app startRangingBeacons \(uuid) 1 2 3", "unexpected extra argument '3'", 68),
        Invalid("1 app liveUpdates go", "unknown liveUpdates action 'go'; expected start or stop", 19),
        // Swift spelled into a scenario.
        Invalid(
            "1 app startUpdatingLocation()",
            "unknown app call 'startUpdatingLocation()'; did you mean 'startUpdatingLocation'? (a scenario writes the bare name, not its Swift spelling)",
            7),
        Invalid(
            "1 app manager.requestWhenInUseAuthorization()",
            "unknown app call 'manager.requestWhenInUseAuthorization()'; did you mean 'requestWhenInUseAuthorization'? (a scenario writes the bare name, not its Swift spelling)",
            7),
        Invalid(
            "1 app liveUpdates start .fitness",
            "unknown live configuration '.fitness'; did you mean 'fitness'? (a scenario writes the bare name, not its Swift spelling)",
            25),
        Invalid(
            "1 app set desiredAccuracy kCLLocationAccuracyBest",
            "unknown desiredAccuracy 'kCLLocationAccuracyBest'; did you mean 'best'? (a scenario writes the bare name, not its Swift spelling)",
            27),
        Invalid(
            "1 app liveUpdates start walking",
            "unknown live configuration 'walking'; expected one of: default, automotiveNavigation, otherNavigation, fitness, airborne",
            25),
        Invalid(
            "1 app serviceSession begin nav", "missing argument <none|whenInUse|always> for serviceSession begin", 31),
        Invalid(
            "1 app serviceSession begin nav sometimes",
            "unknown authorization requirement 'sometimes'; expected none, whenInUse or always", 32),
        Invalid(
            "1 app backgroundActivitySession start",
            "unknown backgroundActivitySession action 'start'; expected begin, end or release", 33),
        Invalid("1 app monitor geo add home 35 139", "missing argument <radius> for monitor add", 34),
        Invalid("1 app set", "missing argument <property> for set", 10),
        Invalid(
            "1 app set speedFilter 5",
            "unknown property 'speedFilter'; expected one of: allowsBackgroundLocationUpdates, showsBackgroundLocationIndicator, pausesLocationUpdatesAutomatically, distanceFilter, desiredAccuracy, activityType, headingFilter, headingOrientation",
            11),
        Invalid("1 app set distanceFilter", "missing argument <value> for set distanceFilter", 25),
        Invalid(
            "1 app set distanceFilter -1",
            "distanceFilter must not be negative, found '-1'; use none for kCLDistanceFilterNone", 26),
        Invalid("1 app set distanceFilter far", "expected meters or none for distanceFilter, found 'far'", 26),
        Invalid(
            "1 app set desiredAccuracy good",
            "unknown desiredAccuracy 'good'; expected one of: bestForNavigation, best, nearestTenMeters, hundredMeters, kilometer, threeKilometers, reduced",
            27),
        Invalid(
            "1 app set activityType walking",
            "unknown activityType 'walking'; expected one of: other, automotiveNavigation, fitness, otherNavigation, airborne",
            24),
        Invalid(
            "1 app set allowsBackgroundLocationUpdates 1",
            "expected true or false for allowsBackgroundLocationUpdates, found '1'", 43),
        Invalid("1 app set allowsBackgroundLocationUpdates true false", "unexpected extra argument 'false'", 48),
    ]

    static let userErrors: [Invalid] = [
        Invalid("1 user", "missing argument <answer> for user", 7),
        Invalid(
            "1 user yes",
            "unknown answer 'yes'; expected allow, allowWhileUsing, allowOnce, allowAlways, dontAllow, keepWhileUsing, changeToAlways, any, dismiss, settings, tapNotification, unlock",
            8),
        Invalid(
            "1 user .allowWhileUsing",
            "unknown answer '.allowWhileUsing'; did you mean 'allowWhileUsing'? (a scenario writes the bare name, not its Swift spelling)",
            8),
        Invalid("1 user AllowOnce", "unknown answer 'AllowOnce'; did you mean 'allowOnce'?", 8),
        Invalid("1 user allow precise=maybe", "expected on or off for precise, found 'maybe'", 22),
        Invalid("1 user allow precise=on precise=off", "option 'precise' is given twice", 25),
        Invalid("1 user allow now", "unexpected extra argument 'now'; expected precise=on|off", 14),
        Invalid("1 user allow accuracy=full", "unknown option 'accuracy' for user; expected precise=on|off", 14),
        Invalid("1 user allow precise=on now", "unexpected extra argument 'now'", 25),
        Invalid("1 user settings", "missing argument <setting> for settings", 16),
        Invalid(
            "1 user settings sometimes",
            "unknown setting 'sometimes'; expected one of: never, askNextTime, whileUsing, always, any, precise, locationServices, restricted, lowPower, backgroundAppRefresh, airplaneMode",
            17),
        Invalid("1 user settings precise", "missing argument <on|off> for settings precise", 24),
        Invalid("1 user settings precise true", "expected on or off for precise, found 'true'", 25),
        Invalid("1 user settings locationServices on off", "unexpected extra argument 'off'", 37),
        Invalid("1 user tapNotification", "missing argument <id> for tapNotification", 23),
    ]

    /// A time that goes backwards has a note at the previous timed line's
    /// time (issue 30), whichever path parsed that line: the fix-line fast
    /// path (time at column 1) or the general one (here indented).
    @Test(arguments: [("12 fix 1 2", 1), ("   12 launch", 4), ("00:00:12 fix 1 2 5 speed=3", 1)])
    func timeGoingBackwardsNotesThePreviousTimedLine(_ previous: String, _ column: Int) {
        let e = error(["0 launch", previous, "# a comment", "", "10 foreground"])
        #expect(e?.location == SourceLocation(line: 5, column: 1))
        #expect(
            e?.notes == [
                ScenarioError.Note("the previous timed line, at 12.000", at: SourceLocation(line: 2, column: column))
            ])
    }

    /// One timed line, parsed alone as line 3: rejected with `message` at `column`.
    static func expectRejected(
        _ line: String, _ message: String, column: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        var parser = ScenarioParser()
        do {
            _ = try parser.parse(line, lineNumber: 3)
            Issue.record("\(line) parsed", sourceLocation: sourceLocation)
        } catch {
            #expect(error.message == message, sourceLocation: sourceLocation)
            #expect(error.location == SourceLocation(line: 3, column: column), sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: syntaxErrors + headerErrors + timeErrors + eventErrors + appErrors + userErrors)
    func rejectsInvalidLine(_ c: Invalid) {
        let e = error(c.lines)
        #expect(e?.message == c.message)
        #expect(e?.location == SourceLocation(line: c.lines.count, column: c.column))
    }
}
