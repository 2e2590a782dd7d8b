/// `set <parameter> <value>` header lines (docs/rules.md §Parameters).
extension ScenarioParser {
    /// A parameter value checked for its kind, before it is tied to its name.
    private enum Value {
        case duration(Millis)
        case optionalDuration(Millis?)
        case meters(Double)
        case count(Int)
        case bool(Bool)
    }

    func parameter(_ s: inout ByteScanner) throws(ScenarioError) -> ParameterSetting {
        let nameToken = try s.required("parameter", for: "set")
        let name = s.string(nameToken)
        guard !nameToken.isQuoted, let kind = ParameterSetting.kinds.first(where: { $0.0 == name })?.1 else {
            throw s.unknown("parameter", nameToken, expected: ParameterSetting.kinds.map(\.0))
        }
        let token = try s.required("value", for: "set \(name)")
        let value: Value
        switch kind {
        case .duration:
            value = .duration(try s.duration(token, name))
        case .optionalDuration:
            value = .optionalDuration(s.matches(token, "none") ? nil : try s.duration(token, name, orNone: true))
        case .meters(let range):
            value = .meters(try s.number(token, name, in: range))
        case .count:
            value = .count(try s.integer(token, name, in: 0...Int64(Int32.max)))
        case .bool:
            value = .bool(try s.bool(token, name))
        }
        try s.end()
        guard let setting = Self.setting(name, value) else {
            // Only reachable if `ParameterSetting.kinds` and its cases disagree.
            throw s.error("parameter '\(name)' has no setting of its kind; this is a locsim defect", at: nameToken)
        }
        return setting
    }

    /// Ties a value to the parameter of that name.
    private static func setting(_ name: String, _ value: Value) -> ParameterSetting? {
        switch (name, value) {
        case ("grace", .duration(let v)): return .grace(v)
        case ("suspendAfter", .duration(let v)): return .suspendAfter(v)
        case ("wakeWindow", .duration(let v)): return .wakeWindow(v)
        case ("upgradePromptDelay", .optionalDuration(let v)): return .upgradePromptDelay(v)
        case ("heldEventMaxAge", .duration(let v)): return .heldEventMaxAge(v)
        case ("slcDistance", .meters(let v)): return .slcDistance(v)
        case ("slcInterval", .duration(let v)): return .slcInterval(v)
        case ("maxRegions", .count(let v)): return .maxRegions(v)
        case ("deriveCrossings", .bool(let v)): return .deriveCrossings(v)
        case ("crossingMargin", .meters(let v)): return .crossingMargin(v)
        case ("crossingDwell", .duration(let v)): return .crossingDwell(v)
        case ("reducedGrid", .meters(let v)): return .reducedGrid(v)
        case ("reducedInterval", .duration(let v)): return .reducedInterval(v)
        case ("requestLocationTimeout", .duration(let v)): return .requestLocationTimeout(v)
        case ("relaunchAfterForceQuit", .bool(let v)): return .relaunchAfterForceQuit(v)
        case ("stationaryRadius", .meters(let v)): return .stationaryRadius(v)
        case ("stationaryDelay", .duration(let v)): return .stationaryDelay(v)
        case ("monitorConditionLimit", .count(let v)): return .monitorConditionLimit(v)
        case ("suspendedQueueLimit", .count(let v)): return .suspendedQueueLimit(v)
        case ("pauseAfter", .optionalDuration(let v)): return .pauseAfter(v)
        case ("pauseDistance", .meters(let v)): return .pauseDistance(v)
        case ("beaconLostDelay", .optionalDuration(let v)): return .beaconLostDelay(v)
        case ("firstUnlockDelay", .optionalDuration(let v)): return .firstUnlockDelay(v)
        case ("backgroundRangingLimit", .optionalDuration(let v)): return .backgroundRangingLimit(v)
        case ("gps", .bool(let v)): return .gps(v)
        case ("compass", .bool(let v)): return .compass(v)
        case ("regionMonitoring", .bool(let v)): return .regionMonitoring(v)
        case ("ranging", .bool(let v)): return .ranging(v)
        case ("significantChange", .bool(let v)): return .significantChange(v)
        case ("complication", .bool(let v)): return .complication(v)
        default: return nil
        }
    }
}
