/// The builder's values written back as scenario text (SPEC §1), the inverse
/// of the parser: parsing `text(of: event)` gives `event` back.
extension Scenario {
    // MARK: Words and numbers

    /// A word bare when the parser reads it back unchanged, else quoted.
    static func word(_ s: String) -> String {
        let plain =
            !s.isEmpty
            && s.utf8.allSatisfy { b in
                (b &- UInt8(ascii: "a")) < 26 || (b &- UInt8(ascii: "A")) < 26 || (b &- UInt8(ascii: "0")) < 10
                    || b == UInt8(ascii: "_") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
            }
        return plain ? s : quoted(s)
    }

    /// `"…"` with the scenario's two escapes, `\"` and `\\`.
    static func quoted(_ s: String) -> String {
        var out = "\""
        for c in s.unicodeScalars {
            if c == "\"" || c == "\\" { out += "\\" }
            out.unicodeScalars.append(c)
        }
        return out + "\""
    }

    /// A number in plain decimal notation (the scenario has no exponents);
    /// a value that is not finite is written as is and fails to parse.
    static func number(_ v: Double) -> String {
        guard v.isFinite else { return "\(v)" }
        let shortest = "\(v)"
        guard let e = shortest.firstIndex(where: { $0 == "e" || $0 == "E" }) else {
            return shortest.hasSuffix(".0") ? String(shortest.dropLast(2)) : shortest
        }
        // `-1.5e-05`: digits "15", point after 1 digit, exponent -5.
        let mantissa = shortest[..<e]
        let exponent = Int(shortest[shortest.index(after: e)...]) ?? 0
        let negative = mantissa.hasPrefix("-")
        let unsigned = negative ? mantissa.dropFirst() : mantissa
        let point =
            unsigned.firstIndex(of: ".").map { unsigned.distance(from: unsigned.startIndex, to: $0) } ?? unsigned.count
        var digits = unsigned.filter { $0 != "." }
        let newPoint = point + exponent
        if newPoint <= 0 {
            digits = "0." + String(repeating: "0", count: -newPoint) + digits
        } else if newPoint >= digits.count {
            digits += String(repeating: "0", count: newPoint - digits.count)
        } else {
            digits.insert(".", at: digits.index(digits.startIndex, offsetBy: newPoint))
        }
        return (negative ? "-" : "") + digits
    }

    /// Seconds with three decimals, or as given when out of range (the parser then says why).
    static func time(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0, seconds <= Double(ByteScanner.maxSeconds) else { return number(seconds) }
        return Millis(Int64((seconds * 1000).rounded())).description
    }

    private static func onOff(_ on: Bool) -> String { on ? "on" : "off" }

    private static func coordinate(_ c: Coordinate) -> String { number(c.latitude) + " " + number(c.longitude) }

    private static func location(_ l: Location) -> String { coordinate(l.coordinate) + " " + number(l.accuracy) }

    // MARK: Lines

    static func text(of parameter: ParameterSetting) -> String {
        switch parameter {
        case .grace(let v): return "grace \(v)"
        case .suspendAfter(let v): return "suspendAfter \(v)"
        case .wakeWindow(let v): return "wakeWindow \(v)"
        case .upgradePromptDelay(let v): return "upgradePromptDelay " + (v.map(\.description) ?? "none")
        case .heldEventMaxAge(let v): return "heldEventMaxAge \(v)"
        case .slcDistance(let v): return "slcDistance " + number(v)
        case .slcInterval(let v): return "slcInterval \(v)"
        case .maxRegions(let v): return "maxRegions \(v)"
        case .deriveCrossings(let v): return "deriveCrossings \(v)"
        case .crossingMargin(let v): return "crossingMargin " + number(v)
        case .crossingDwell(let v): return "crossingDwell \(v)"
        case .reducedGrid(let v): return "reducedGrid " + number(v)
        case .reducedInterval(let v): return "reducedInterval \(v)"
        case .requestLocationTimeout(let v): return "requestLocationTimeout \(v)"
        case .relaunchAfterForceQuit(let v): return "relaunchAfterForceQuit \(v)"
        case .stationaryRadius(let v): return "stationaryRadius " + number(v)
        case .stationaryDelay(let v): return "stationaryDelay \(v)"
        case .monitorConditionLimit(let v): return "monitorConditionLimit \(v)"
        case .suspendedQueueLimit(let v): return "suspendedQueueLimit \(v)"
        case .pauseAfter(let v): return "pauseAfter " + (v.map(\.description) ?? "none")
        case .pauseDistance(let v): return "pauseDistance " + number(v)
        case .beaconLostDelay(let v): return "beaconLostDelay " + (v.map(\.description) ?? "none")
        case .firstUnlockDelay(let v): return "firstUnlockDelay " + (v.map(\.description) ?? "none")
        case .backgroundRangingLimit(let v): return "backgroundRangingLimit " + (v.map(\.description) ?? "none")
        case .gps(let v): return "gps \(v)"
        case .compass(let v): return "compass \(v)"
        case .regionMonitoring(let v): return "regionMonitoring \(v)"
        case .ranging(let v): return "ranging \(v)"
        case .significantChange(let v): return "significantChange \(v)"
        case .complication(let v): return "complication \(v)"
        }
    }

    static func text(of event: Event) -> String {
        switch event {
        case .launch: return EventKeyword.launch.rawValue
        case .foreground: return EventKeyword.foreground.rawValue
        case .background: return EventKeyword.background.rawValue
        case .terminate: return EventKeyword.terminate.rawValue
        case .systemTerminate: return EventKeyword.system.rawValue + " terminate"
        case .systemNotBusy: return EventKeyword.system.rawValue + " notBusy"
        case .systemDeliverFirst: return EventKeyword.system.rawValue + " deliverFirst"
        case .systemInputFirst: return EventKeyword.system.rawValue + " inputFirst"
        case .systemAny: return EventKeyword.system.rawValue + " any"
        case .systemReboot: return EventKeyword.system.rawValue + " reboot"
        case .app(let call): return EventKeyword.app.rawValue + " " + text(of: call)
        case .managerCall(let name, let call): return EventKeyword.app.rawValue + "[\(name)] " + text(of: call)
        case .modern(let call): return EventKeyword.app.rawValue + " " + text(of: call)
        case .user(let action): return EventKeyword.user.rawValue + " " + text(of: action)
        case .fix(let fix):
            var line = "fix " + location(fix.location)
            if let v = fix.speed { line += " speed=" + number(v) }
            if let v = fix.course { line += " course=" + number(v) }
            if let v = fix.altitude { line += " alt=" + number(v) }
            return line
        case .enter(let id): return "enter " + word(id)
        case .exit(let id): return "exit " + word(id)
        case .visitArrive(let l): return "visit arrive " + location(l)
        case .visitDepart(let l): return "visit depart " + location(l)
        case .beacon(let b):
            let line = "beacon \(word(b.uuid)) \(b.major) \(b.minor) \(b.proximity.rawValue)"
            return line + (b.rssi.map { " rssi=\($0)" } ?? "")
        case .noFix(let until): return EventKeyword.nofix.rawValue + (until.map { " until \($0)" } ?? "")
        case .heading(let h):
            return "heading \(number(h.magnetic)) \(number(h.trueHeading)) \(number(h.accuracy))"
        case .headingUnavailable: return "heading unavailable"
        }
    }

    static func text(of call: AppCall) -> String {
        switch call {
        case .requestWhenInUseAuthorization, .requestAlwaysAuthorization, .startUpdatingLocation,
            .stopUpdatingLocation, .requestLocation, .startMonitoringSignificantLocationChanges,
            .stopMonitoringSignificantLocationChanges, .startMonitoringVisits, .stopMonitoringVisits,
            .startUpdatingHeading, .stopUpdatingHeading, .disallowDeferredLocationUpdates:
            return call.name
        case .allowDeferredLocationUpdates(let distance, let timeout):
            return call.name + " " + (distance.map(number) ?? "max") + " " + (timeout.map(\.description) ?? "max")
        case .requestTemporaryFullAccuracyAuthorization(let key): return call.name + " " + word(key)
        case .stopMonitoring(let id), .requestState(let id): return call.name + " " + word(id)
        case .startMonitoring(let region): return call.name + " " + text(of: region)
        case .addLocationNotification(let region, let repeats):
            return call.name + " " + text(of: region) + (repeats ? " repeats=true" : "")
        case .startRangingBeacons(let c), .stopRangingBeacons(let c): return call.name + " " + constraint(c)
        case .set(let property):
            switch property {
            case .allowsBackgroundLocationUpdates(let v), .showsBackgroundLocationIndicator(let v),
                .pausesLocationUpdatesAutomatically(let v):
                return call.name + " \(v)"
            case .distanceFilter(let meters): return call.name + " " + (meters.map(number) ?? "none")
            case .desiredAccuracy(let accuracy): return call.name + " " + accuracy.rawValue
            case .activityType(let type): return call.name + " " + type.rawValue
            case .headingFilter(let degrees): return call.name + " " + (degrees.map(number) ?? "none")
            case .headingOrientation(let orientation): return call.name + " " + orientation.rawValue
            }
        }
    }

    /// The iOS 17/18 calls (docs/modern.md).
    static func text(of call: ModernCall) -> String {
        switch call {
        case .liveUpdatesStart(let configuration): return "liveUpdates start " + configuration.rawValue
        case .liveUpdatesStop, .backgroundActivitySessionBegin, .backgroundActivitySessionEnd,
            .backgroundActivitySessionRelease:
            return call.name
        case .serviceSessionBegin(let name, let requirement, let key):
            return "serviceSession begin \(word(name)) \(requirement.rawValue)"
                + (key.map { " fullAccuracyPurposeKey=" + word($0) } ?? "")
        case .serviceSessionEnd(let name): return "serviceSession end " + word(name)
        case .serviceSessionRelease(let name): return "serviceSession release " + word(name)
        case .monitorOpen(let name): return "monitor \(word(name)) open"
        case .monitorClose(let name): return "monitor \(word(name)) close"
        case .monitorAdd(let name, let id, .circle(let center, let radius), let assumed):
            return "monitor \(word(name)) add \(word(id)) \(coordinate(center)) \(number(radius))" + assuming(assumed)
        case .monitorAdd(let name, let id, .beacon(let c), let assumed):
            return "monitor \(word(name)) add \(word(id)) beacon " + constraint(c) + assuming(assumed)
        case .monitorRemove(let name, let id): return "monitor \(word(name)) remove \(word(id))"
        }
    }

    private static func assuming(_ state: MonitorState?) -> String {
        state.map { " assuming " + $0.rawValue } ?? ""
    }

    private static func constraint(_ c: BeaconConstraint) -> String {
        var line = word(c.uuid)
        if let major = c.major {
            line += " \(major)"
            if let minor = c.minor { line += " \(minor)" }
        }
        return line
    }

    private static func text(of region: CircularRegion) -> String {
        var line = "\(word(region.id)) \(coordinate(region.center)) \(number(region.radius))"
        if !region.notifyOnEntry { line += " notifyOnEntry=false" }
        if !region.notifyOnExit { line += " notifyOnExit=false" }
        return line
    }

    static func text(of action: UserAction) -> String {
        func precise(_ p: Bool?) -> String { p.map { " precise=" + onOff($0) } ?? "" }
        switch action {
        case .answer(let answer, let p): return answer.rawValue + precise(p)
        case .settings(let choice, let p): return "settings " + choice.rawValue + precise(p)
        case .precise(let on): return "settings precise " + onOff(on)
        case .locationServices(let on): return "settings locationServices " + onOff(on)
        case .restricted(let on): return "settings restricted " + onOff(on)
        case .device(let setting, let on): return "settings " + setting.rawValue + " " + onOff(on)
        case .tapNotification(let id): return "tapNotification " + word(id)
        case .unlock: return "unlock"
        case .dismiss: return "dismiss"
        case .any(.answer): return "any"
        case .any(.settings): return "settings any"
        }
    }
}
