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
    /// Airplane Mode: recorded; nothing of locsim's iPhone changes (docs/rules.md §5).
    var airplaneMode = false
    /// When the device rebooted, while it has not been unlocked since
    /// (docs/rules.md §2, "Reboot"); nil: unlocked.
    var rebootedAt: Millis? = nil
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
        case .airplaneMode: device.airplaneMode = on
        }
    }

    /// Why `setting` does not exist on `rules`' platform, or nil.
    /// Low Power Mode: `ProcessInfo.isLowPowerModeEnabled` (iOS 9, macOS 12,
    /// tvOS 9, watchOS 2). Background App Refresh:
    /// `UIApplication.backgroundRefreshStatus` (iOS 7, tvOS 11; not macOS
    /// or watchOS).
    /// A Mac Catalyst app runs on a Mac: Mac Catalyst 15 is macOS 12 (a
    /// Mac's settings, by the macOS version). visionOS has the three, as an
    /// iPad (a locsim decision: Apple's pages list the APIs there).
    static func missing(_ setting: DeviceSetting, on rules: RulesVersion) -> String? {
        let platform = rules.platform
        switch setting {
        case .lowPower:
            switch platform.os {
            case .macOS:
                return platform.major >= 12 ? nil : "Low Power Mode exists on macOS from 12"
            case .macCatalyst:
                return platform.major >= 15 ? nil : "Low Power Mode exists on the Mac from macOS 12 (Mac Catalyst 15)"
            case .watchOS, .visionOS:
                return nil
            case .iOS, .iPadOS, .tvOS:
                return platform.major >= 9 ? nil : "Low Power Mode exists from iOS 9"
            }
        case .backgroundAppRefresh:
            switch platform.os {
            case .macOS, .macCatalyst, .watchOS:
                return "\(platform.os.rawValue) has no Background App Refresh setting for the app"
            case .tvOS:
                return platform.major >= 11 ? nil : "Background App Refresh exists on tvOS from 11"
            case .visionOS:
                return nil
            case .iOS, .iPadOS:
                return platform.major >= 7 ? nil : "Background App Refresh exists from iOS 7"
            }
        case .airplaneMode:
            switch platform.os {
            case .macOS, .macCatalyst, .tvOS: return "\(platform.os.rawValue) has no Airplane Mode"
            case .iOS, .iPadOS, .watchOS, .visionOS: return nil
            }
        }
    }

    /// iOS 7 with Background App Refresh off, or a device not unlocked
    /// since a reboot (docs/rules.md §2, "Reboot"): a location event does
    /// not wake or relaunch the app; nil when `decision` stands.
    func backgroundRefreshBlocks(_ decision: Delivery) -> DropReason? {
        if device.rebootedAt != nil, decision == .relaunchThenDeliver { return .beforeFirstUnlock }
        guard !device.backgroundAppRefresh, !rules.atLeast(8) else { return nil }
        switch decision {
        case .wakeThenDeliver: return .suspended
        case .relaunchThenDeliver: return .notRunning
        case .deliver, .extendRunThenDeliver, .hold, .queueUntilRunning, .drop: return nil
        }
    }
}

/// docs/rules.md §2, "Reboot": `system reboot` ends the app (its monitored
/// regions, significant-change and visit monitoring and `CLMonitor`
/// conditions persist, as over any termination), and until the device is
/// first unlocked no location event relaunches it: dropped
/// `beforeFirstUnlock`. twocanoes, "iOS Region Monitoring after iPhone
/// Restart": after a reboot the app got no region notifications at first,
/// and was launched for them "almost exactly at 3 mins after booting up";
/// `firstUnlockDelay` (180 s) stands for that, a `user unlock` line for
/// an earlier or later unlock (a locsim decision).
extension Simulator {
    mutating func reboot() {
        if app != .notRunning { end(.reboot) }
        device.rebootedAt = now
        if let delay = parameters.firstUnlockDelay { schedule(.firstUnlock, at: now + delay) }
    }
}
