/// docs/rules.md §5, "Low Power Mode and Background App Refresh": device
/// settings the user changes that are not the app's location authorization.
///
/// What Apple documents, and so what locsim does:
/// - Background App Refresh off: "Core Location continues to deliver
///   location events in the background, even if users disable the
///   Background App Refresh setting for one or all apps" (Apple, "Handling
///   location events in the background"). Before iOS 8 it was not so:
///   "When background refresh is available for an application, it may
///   launched or resumed in the background to handle significant location
///   changes" (UIApplication.h, iOS 7) — so on iOS 7 with the switch off the
///   app is neither woken nor relaunched for a location event (dropped
///   `suspended` / `notRunning`); from iOS 8 the switch changes nothing.
/// - Low Power Mode: the system "may … Pause discretionary and background
///   activities, including networking" (Energy Efficiency Guide for iOS
///   Apps, "React to Low Power Mode"); no page says Core Location delivers
///   less, so locsim delivers as usual (the mode exists from iOS 9, after
///   Background App Refresh stopped mattering to location).
struct DeviceSettings: Hashable {
    var lowPower = false
    var backgroundAppRefresh = true
}

extension Simulator {
    /// `user settings lowPower|backgroundAppRefresh on|off`.
    mutating func deviceSettingChanged(_ setting: DeviceSetting, on: Bool, _ s: TimedStatement) throws(ScenarioError) {
        if let missing = Self.missing(setting, on: rules) {
            throw error(
                "settings \(setting.rawValue): \(missing); this scenario runs \(rules.platform)", s, atArgument: true)
        }
        switch setting {
        case .lowPower: device.lowPower = on
        case .backgroundAppRefresh: device.backgroundAppRefresh = on
        }
    }

    /// Why `setting` does not exist on `rules`' platform, or nil.
    /// Low Power Mode: `ProcessInfo.isLowPowerModeEnabled` (iOS 9, macOS 12,
    /// tvOS 9, watchOS 2). Background App Refresh:
    /// `UIApplication.backgroundRefreshStatus` (iOS 7, tvOS 11; not macOS
    /// or watchOS).
    static func missing(_ setting: DeviceSetting, on rules: RulesVersion) -> String? {
        let platform = rules.platform
        switch setting {
        case .lowPower:
            switch platform.os {
            case .macOS:
                return platform.major >= 12 ? nil : "Low Power Mode exists on macOS from 12"
            case .watchOS:
                return nil
            case .iOS, .iPadOS, .tvOS:
                return platform.major >= 9 ? nil : "Low Power Mode exists from iOS 9"
            }
        case .backgroundAppRefresh:
            switch platform.os {
            case .macOS, .watchOS:
                return "\(platform.os.rawValue) has no Background App Refresh setting for the app"
            case .tvOS:
                return platform.major >= 11 ? nil : "Background App Refresh exists on tvOS from 11"
            case .iOS, .iPadOS:
                return platform.major >= 7 ? nil : "Background App Refresh exists from iOS 7"
            }
        }
    }

    /// iOS 7 with Background App Refresh off: a location event does not wake
    /// or relaunch the app; nil when `decision` stands.
    func backgroundRefreshBlocks(_ decision: Delivery) -> DropReason? {
        guard !device.backgroundAppRefresh, !rules.atLeast(8) else { return nil }
        switch decision {
        case .wakeThenDeliver: return .suspended
        case .relaunchThenDeliver: return .notRunning
        case .deliver, .extendRunThenDeliver, .hold, .queueUntilRunning, .drop: return nil
        }
    }
}
