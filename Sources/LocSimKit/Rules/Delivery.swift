/// RULES §8 as one table: whether an event of a started service reaches the
/// app, and what the system does first. Pure: the simulator reads its state
/// into the inputs and performs the outcome.
enum Delivery: Equatable {
    case deliver
    /// A running background app gets `wakeWindow` more to handle it (§2).
    case extendRunThenDeliver
    case wakeThenDeliver
    case relaunchThenDeliver
    /// Held for provisional Always's upgrade prompt (§6).
    case hold
    case drop(DropReason)

    /// The services of §8's columns.
    enum Service: Equatable, CaseIterable {
        /// Standard updates and `requestLocation`.
        case location
        case ranging
        case region
        case significantChange
        case visit
    }

    /// §8's rows: the authorization as delivery reads it.
    enum Access: Equatable, CaseIterable {
        /// Not determined, denied, restricted, or Location Services off.
        case none
        /// When In Use before iOS 13: no monitoring services.
        case whenInUseBefore13
        /// When In Use from iOS 13, Allow Once included.
        case whenInUse
        /// Provisional Always: When In Use delivery, monitoring events held (§6).
        case provisionalAlways
        case always
    }

    /// Where the app is, and for a terminated app whether the system may launch it.
    enum App: Equatable, CaseIterable {
        case foreground, background, suspended
        case notRunning
        /// Force-quit by the user where monitoring no longer relaunches (§2, F§6).
        case forceQuit
        /// A platform whose system never launches the app (watchOS).
        case notLaunchable
    }

    /// The outcome for one event: `inUse` and `accuracy` as they are when it occurs.
    static func decide(
        _ service: Service, access: Access, inUse: Bool, app: App, accuracy: AccuracyAuthorization
    ) -> Delivery {
        switch service {
        case .location, .ranging:
            let outcome = whileRunning(access: access, inUse: inUse, app: app)
            // Ranging reveals the precise position: none under reduced accuracy (F§15).
            if outcome == .deliver, service == .ranging, accuracy == .reduced { return .drop(.reducedAccuracy) }
            return outcome
        case .region, .significantChange, .visit:
            if access == .none { return .drop(.notAuthorized) }
            // Region monitoring is unavailable under reduced accuracy (F§5):
            // the event neither wakes nor relaunches the app, nor is it held.
            if service == .region, accuracy == .reduced { return .drop(.reducedAccuracy) }
            return monitoring(access: access, inUse: inUse, app: app)
        }
    }

    /// Standard updates and ranging: When In Use while in use, Always while
    /// the app runs; never to an app that runs no code. The reason names the
    /// first thing in the way, the same on every version: authorization, then
    /// the app not running code (`suspended`, `notRunning`), then in use.
    private static func whileRunning(access: Access, inUse: Bool, app: App) -> Delivery {
        switch access {
        case .none:
            return .drop(.notAuthorized)
        case .whenInUseBefore13, .whenInUse, .provisionalAlways:
            if let reason = app.notRunningCode { return .drop(reason) }
            return inUse ? .deliver : .drop(.notInUse)
        case .always:
            return app.notRunningCode.map { .drop($0) } ?? .deliver
        }
    }

    /// Region, significant-change and visit events: When In Use while in
    /// use (provisional: held), Always whatever the app's state.
    private static func monitoring(access: Access, inUse: Bool, app: App) -> Delivery {
        switch access {
        case .none:
            return .drop(.notAuthorized)
        case .whenInUseBefore13:
            // The services fail and stop when the app becomes When In Use
            // (§8), so no event reaches this cell; it stays total.
            return .drop(.unavailable)
        case .provisionalAlways:
            // Held while not in use, whatever the app's state (§6).
            if !inUse { return .hold }
            return app.notRunningCode.map { .drop($0) } ?? .deliver
        case .whenInUse:
            if let reason = app.notRunningCode { return .drop(reason) }
            return inUse ? .deliver : .drop(.notInUse)
        case .always:
            switch app {
            case .foreground: return .deliver
            case .background: return .extendRunThenDeliver
            case .suspended: return .wakeThenDeliver
            case .notRunning: return .relaunchThenDeliver
            case .forceQuit: return .drop(.forceQuit)
            case .notLaunchable: return .drop(.notRunning)
            }
        }
    }
}

extension Delivery.App {
    /// Why an app that runs no code cannot take a callback; nil when it runs.
    var notRunningCode: DropReason? {
        switch self {
        case .foreground, .background: return nil
        case .suspended: return .suspended
        case .notRunning, .forceQuit, .notLaunchable: return .notRunning
        }
    }
}
