import Foundation

/// Each callback as the observed log's record, and the world's input it shows.
extension SessionWriter {
    mutating func heard(_ callback: SessionEntry.Callback, manager: Int, at t: Int64, time: Date) {
        let suffix = named ? (manager == 1 ? " manager=default" : " manager=manager\(manager)") : ""
        func delegate(_ detail: String) { observed.append((t, "delegate " + detail + suffix)) }
        switch callback {
        case .authorization(let newStatus, let newAccuracy):
            // Raw value 3 is `authorized` before iOS 8 (docs/log-format.md).
            let name = newStatus == "authorizedAlways" && !system.atLeast(8) ? "authorized" : newStatus
            if let newAccuracy {
                delegate("locationManagerDidChangeAuthorization(_:) \(name) \(newAccuracy)")
            } else {
                delegate("locationManager(_:didChangeAuthorization:) \(name)")
            }
            authorization(newStatus, newAccuracy ?? accuracy, at: t)
        case .locations(let fixes):
            // One record for the call; each location with its own time when
            // the call hands over several (docs/log-format.md).
            var detail = "locationManager(_:didUpdateLocations:)"
            for fix in fixes {
                let late = time.timeIntervalSince(fix.timestamp) > Self.liveDelivery
                // Each number's text once: the record's and the `fix` line's.
                let text = LocationText(fix)
                detail += " "
                detail += text.location
                if late || fixes.count > 1 { detail += " @" + Self.seconds(ms(fix.timestamp)) }
                self.fix(fix, text, sensed: late ? ms(fix.timestamp) : nil, at: t)
            }
            delegate(detail)
        case .failure(let error):
            delegate("locationManager(_:didFailWithError:) \(error)")
            // The magnetometer lost its heading until the next sample (rules.md §8, "Heading").
            if error == "kCLErrorHeadingFailure" { input(t, "heading unavailable") }
        case .startedMonitoring(let region):
            delegate("locationManager(_:didStartMonitoringFor:) \(Self.logID(region))")
        case .monitoringFailed(let region, let error):
            delegate("locationManager(_:monitoringDidFailFor:withError:) \(region.map(Self.logID) ?? "nil") \(error)")
        case .state(let state, let region):
            delegate("locationManager(_:didDetermineState:for:) \(state) \(Self.logID(region))")
            guard state != "unknown" else { return }
            let id = Self.word(region)
            if lines.contains(where: { $0.ms == t && Self.asksState($0.text, of: id) }) {
                // The answer to the app's call: the device knew where it was
                // from fixes the app may not have heard.
                line(t, "# unknown: why \(id) was \(state) at the call (where the device was)")
            } else if let start = lines.last(where: { $0.text.contains(" startMonitoring \(id) ") }),
                start.text.contains(state == "inside" ? " notifyOnEntry=false" : " notifyOnExit=false")
            {
                // A crossing the app is told of as a state alone; with the
                // notification on, its didEnter/didExitRegion writes the line.
                crossing((state == "inside" ? "enter " : "exit ") + id, at: t)
            }
        case .entered(let region):
            delegate("locationManager(_:didEnterRegion:) \(Self.logID(region))")
            crossing("enter " + Self.word(region), at: t)
        case .exited(let region):
            delegate("locationManager(_:didExitRegion:) \(Self.logID(region))")
            crossing("exit " + Self.word(region), at: t)
        case .visit(let arrival, let departure, let at):
            let arrivalText = arrival.map { Self.seconds(ms($0)) } ?? "distantPast"
            let departureText = departure.map { Self.seconds(ms($0)) } ?? "distantFuture"
            delegate(
                "locationManager(_:didVisit:) arrival=\(arrivalText) departure=\(departureText) \(LocationText(at).location)"
            )
            let place = "\(Self.degrees(at.latitude)) \(Self.degrees(at.longitude)) \(Self.number(max(0, at.accuracy)))"
            if let departure {
                line(ms(departure), "visit depart " + place)
            } else {
                line(arrival.map(ms) ?? t, "visit arrive " + place)
            }
        case .heading(let magnetic, let trueHeading, let headingAccuracy):
            delegate(
                "locationManager(_:didUpdateHeading:) magneticHeading=\(Self.fixed(magnetic, 1)) "
                    + "trueHeading=\(Self.fixed(trueHeading, 1)) headingAccuracy=\(Self.fixed(headingAccuracy, 1))")
            let words = "heading \(Self.number(magnetic)) \(Self.number(trueHeading)) \(Self.number(headingAccuracy))"
            if !sensedBefore(" startUpdatingHeading", at: t, words) { input(t, words) }
        case .paused:
            delegate("locationManagerDidPauseLocationUpdates(_:)")
        case .resumed:
            delegate("locationManagerDidResumeLocationUpdates(_:)")
        case .headingCalibration:
            delegate("locationManagerShouldDisplayHeadingCalibration(_:)")
        case .deferredFinished(let error):
            delegate("locationManager(_:didFinishDeferredUpdatesWithError:) \(error ?? "nil")")
        case .temporaryFullAccuracyCompleted(let error):
            observed.append((t, "completion requestTemporaryFullAccuracyAuthorization error=\(error ?? "nil")"))
            // A completion at once is the system's (no prompt showed); a
            // later one with no change of accuracy, the user's Don't Allow.
            if request == "temporaryFullAccuracy", t - requestTime > Self.quickestAnswer {
                line(t, "user dontAllow")
            }
            if request == "temporaryFullAccuracy" { request = nil }
        }
    }

    /// The `fix` line of a delivered location: at `sensed`, its timestamp,
    /// when it was held (a queue, a deferral), else at `t` (live); once for
    /// the managers that all heard it.
    mutating func fix(_ fix: SessionEntry.Fix, _ text: LocationText, sensed: Int64?, at t: Int64) {
        guard fixesSeen.insert(SeenFix(ms: sensed ?? t, fix)).inserted else { return }
        guard fix.accuracy >= 0 else {
            line(sensed ?? t, "# unknown: a location with no accuracy (\(text.location))")
            return
        }
        var words = "fix "
        words += text.latitude
        words += " "
        words += text.longitude
        words += " "
        words += Self.number(fix.accuracy)
        if let sensed {
            line(sensed, words)
        } else if !sensedBefore(" startMonitoringSignificantLocationChanges", at: t, words) {
            input(t, words)
        }
    }

    /// An input handed over by the app's call at `t` itself (ending with
    /// `call`): the device's last location or heading, sensed before the
    /// call (rules.md §8), so its line goes before the call's. False when
    /// there is no such call at `t`.
    mutating func sensedBefore(_ call: String, at t: Int64, _ words: String) -> Bool {
        // Only right after the call: a fix after other calls came with them.
        guard launchedFor == nil, let last = lines.last, last.ms == t, last.text.hasSuffix(call) else { return false }
        let index = lines.count - 1
        lines.insert((t, words), at: index)
        if let answered = whileUsingAnswer, answered >= index { whileUsingAnswer = answered + 1 }
        return true
    }

    /// A `startMonitoring` or `requestState` line of region `id`.
    static func asksState(_ text: String, of id: String) -> Bool {
        text.contains(" startMonitoring \(id) ") || text.hasSuffix(" requestState \(id)")
    }

    /// A crossing heard by each manager is one `enter`/`exit` line.
    mutating func crossing(_ words: String, at t: Int64) {
        if let last = lines.last, last.text == words, last.ms == t { return }
        input(t, words)
    }

    /// An authorization callback: a user's answer after a request, a
    /// Settings change after none, or the same state told again (a new
    /// manager, a launch).
    mutating func authorization(_ newStatus: String, _ newAccuracy: String, at t: Int64) {
        defer {
            status = newStatus
            accuracy = newAccuracy
            heardAuthorization = true
        }
        guard newStatus != status || newAccuracy != accuracy else { return }
        if newStatus == "notDetermined", status == "authorizedWhenInUse", let answered = whileUsingAnswer {
            // Allow Once expired with the app's in-use period (rules.md §7).
            lines[answered].text = lines[answered].text.replacingOccurrences(of: "allowWhileUsing", with: "allowOnce")
            whileUsingAnswer = nil
            return
        }
        if newStatus == status, newAccuracy == "reducedAccuracy", temporaryFullAccuracy, request == nil {
            // The temporary full accuracy ended with the app's use (rules.md §7).
            temporaryFullAccuracy = false
            return
        }
        if !heardAuthorization && request == nil {
            // Authorized before the session began: Settings at 0, before the launch.
            lines.insert(
                (0, "user settings \(settings(newStatus))\(precise(newAccuracy))  # before the session"), at: 0)
            return
        }
        if let pending = request {
            request = nil
            if pending == "temporaryFullAccuracy" {
                temporaryFullAccuracy = newAccuracy == "fullAccuracy"
                line(t, temporaryFullAccuracy ? "user allowOnce" : "user dontAllow")
                return
            }
            guard let answer = answer(to: pending, newStatus) else {
                line(t, "# unknown: the answer to the request (the status went to \(newStatus))")
                return
            }
            // iOS 13.0–13.3: provisional Always at once, no prompt (rules.md §5).
            guard !answer.isEmpty else { return }
            let upgrade = answer == "changeToAlways" || answer == "keepWhileUsing"
            let switchShown = system.atLeast(14) && !reducedByDefault && !upgrade
            let index = line(t, "user " + answer + (switchShown ? precise(newAccuracy, only: "reducedAccuracy") : ""))
            whileUsingAnswer = answer == "allowWhileUsing" && newStatus == "authorizedWhenInUse" ? index : nil
            return
        }
        whileUsingAnswer = nil
        if status == "restricted" {
            // Screen Time's restriction lifted: the app's own setting again (rules.md §5).
            line(t, "user settings restricted off  # no request before it: a Settings change")
            return
        }
        if newStatus == status {
            line(t, "user settings precise " + (newAccuracy == "fullAccuracy" ? "on" : "off"))
        } else {
            let change = newAccuracy != accuracy && system.atLeast(14) ? precise(newAccuracy) : ""
            line(t, "user settings \(settings(newStatus))\(change)  # no request before it: a Settings change")
        }
    }

    /// The answer that gives `newStatus` to a request of `kind` (rules.md §5);
    /// empty when no prompt showed (the system's answer).
    func answer(to request: String, _ newStatus: String) -> String? {
        // visionOS takes requestAlwaysAuthorization as a When In Use request (rules.md §1).
        let kind = request == "always" && system.os == "visionOS" ? "whenInUse" : request
        if kind == "always", status == "authorizedWhenInUse", newStatus == "authorizedAlways", !system.isMac {
            // From When In Use: the upgrade prompt, except on iOS 13.0–13.3 (provisional Always).
            return system.atLeast(13) && !system.atLeast(13, 4) ? "" : "changeToAlways"
        }
        switch newStatus {
        case "denied": return "dontAllow"
        case "authorizedWhenInUse":
            // To requestAlwaysAuthorization on iOS 13+, While Using grants
            // provisional Always: When In Use is Allow Once's (rules.md §5).
            if kind == "always", system.atLeast(13), !system.isMac { return "allowOnce" }
            if system.atLeast(13) || (kind == "always" && system.atLeast(11)) { return "allowWhileUsing" }
            return "allow"
        case "authorizedAlways":
            if system.isMac { return "allow" }
            if system.atLeast(13) { return "allowWhileUsing" }
            return system.atLeast(11) ? "allowAlways" : "allow"
        default: return nil
        }
    }

    func settings(_ status: String) -> String {
        switch status {
        case "denied": return "never"
        case "authorizedWhenInUse": return "whileUsing"
        case "authorizedAlways": return "always"
        case "restricted": return "restricted on"
        default: return "askNextTime"
        }
    }

    /// ` precise=off` for reduced accuracy (iOS 14+), ` precise=on` for full.
    func precise(_ accuracy: String, only: String? = nil) -> String {
        guard system.atLeast(14), only == nil || only == accuracy else { return "" }
        return accuracy == "fullAccuracy" ? " precise=on" : " precise=off"
    }

    /// `NSLocationDefaultAccuracyReduced` true: the prompt has no Precise switch.
    var reducedByDefault: Bool {
        header.plist.contains { $0.key == "NSLocationDefaultAccuracyReduced" && $0.value == .flag(true) }
    }
}
