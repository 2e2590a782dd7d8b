/// docs/rules.md §8: reads the state into `Delivery.decide` and performs its outcome.
extension Simulator {
    /// The authorization as §8's rows read it.
    var deliveryAccess: Delivery.Access { authorization.deliveryAccess(on: rules) }

    /// §8's decision for `service` in the current state.
    @inline(__always)
    func decide(_ service: Delivery.Service) -> Delivery {
        Self.decide(
            service, authorization, lifecycle, inUse: reported.inUse, rules,
            relaunchAfterForceQuit: parameters.relaunchAfterForceQuit)
    }

    /// `decide(_:)` over the few stored properties it reads, for the per-fix
    /// path. A `mutating` method passes a non-mutating method of the
    /// simulator a copy of all of it (808 bytes) unless the call is inlined,
    /// and `@inline(__always)` is a request the optimizer declined in
    /// `offerToStandardUpdates`: that was a `memcpy` per fix. Stored
    /// properties handed to a static function are copied alone.
    static func decide(
        _ service: Delivery.Service, _ authorization: Authorization, _ lifecycle: Lifecycle, inUse: Bool,
        _ rules: RulesVersion, relaunchAfterForceQuit: Bool?
    ) -> Delivery {
        Delivery.decide(
            service, access: authorization.deliveryAccess(on: rules), inUse: inUse,
            app: lifecycle.deliveryApp(on: rules, relaunchAfterForceQuit: relaunchAfterForceQuit),
            accuracy: authorization.accuracy(on: rules))
    }
}

extension Authorization {
    /// The authorization as §8's rows read it.
    @inline(__always)
    func deliveryAccess(on rules: RulesVersion) -> Delivery.Access {
        switch level {
        case .none: return access == .denied || restricted ? .denied : .notDetermined
        case .whenInUse:
            if !rules.modern { return .whenInUseBefore13 }
            return provisional ? .provisionalAlways : .whenInUse
        case .always: return .always
        }
    }
}
