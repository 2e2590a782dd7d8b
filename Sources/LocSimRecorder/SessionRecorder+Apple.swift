#if canImport(CoreLocation) && !LOCSIM
    import Foundation
    #if canImport(UIKit)
        import UIKit
    #endif

    /// What the recorder reads for itself on Apple platforms: the OS and
    /// its version, the Info.plist, the app's lifecycle notifications.
    extension SessionRecorder {
        /// The Info.plist keys the rules read (docs/language.md, `plist`).
        static let plistKeys = [
            "NSLocationWhenInUseUsageDescription", "NSLocationAlwaysAndWhenInUseUsageDescription",
            "NSLocationAlwaysUsageDescription", "NSLocationUsageDescription", "NSLocationDefaultAccuracyReduced",
            "NSLocationTemporaryUsageDescriptionDictionary", "NSLocationRequireExplicitServiceSession",
            "UIBackgroundModes",
        ]

        static var bundlePlist: [(key: String, value: InfoValue)] {
            let info = Bundle.main.infoDictionary ?? [:]
            var entries: [(key: String, value: InfoValue)] = []
            for key in plistKeys {
                switch info[key] {
                case let text as String: entries.append((key, .text(text)))
                case let flag as Bool: entries.append((key, .flag(flag)))
                case let list as [String]: entries.append((key, .list(list)))
                case let dictionary as [String: String]:
                    for entry in dictionary.keys.sorted() {
                        entries.append((key + "." + entry, .text(dictionary[entry] ?? "")))
                    }
                default: continue
                }
            }
            return entries
        }

        /// `iOS 17.4`, as a `platform` line writes it.
        static var runningPlatform: String {
            let version = ProcessInfo.processInfo.operatingSystemVersion
            let number = "\(version.majorVersion).\(version.minorVersion)"
            #if targetEnvironment(macCatalyst)
                return catalystPlatform(macOS: version.majorVersion, version.minorVersion)
            #elseif os(macOS)
                return "macOS " + number
            #elseif os(tvOS)
                return "tvOS " + number
            #elseif os(watchOS)
                return "watchOS " + number
            #elseif os(visionOS)
                return "visionOS " + number
            #elseif os(iOS)
                // An iPad app on an Apple silicon Mac lives by the Mac's rules, as a Catalyst app.
                if ProcessInfo.processInfo.isiOSAppOnMac {
                    return catalystPlatform(macOS: version.majorVersion, version.minorVersion)
                }
                let pad = UIDevice.current.userInterfaceIdiom == .pad && version.majorVersion >= 13
                return (pad ? "iPadOS " : "iOS ") + number
            #else
                // What comes next: locsim simulates iOS's rules there.
                return "iOS " + number
            #endif
        }

        /// The Mac Catalyst number of the Mac's macOS version, which is what a
        /// Catalyst app's `operatingSystemVersion` reads: macOS 10.15 runs
        /// Mac Catalyst 13.1, macOS N (11–15) Mac Catalyst N+3, 26 and later the same number.
        static func catalystPlatform(macOS major: Int, _ minor: Int) -> String {
            if major >= 26 { return "macCatalyst \(major).\(minor)" }
            if major == 10 { return "macCatalyst 13.1" }
            return "macCatalyst \(major + 3).\(minor)"
        }

        #if canImport(UIKit) && !os(watchOS)
            /// Records the launch (with `launchOptions[.location]` as
            /// `launch background reason=location`), then the app's
            /// foreground, background and termination from UIKit's
            /// notifications. Call it in `application(_:didFinishLaunchingWithOptions:)`.
            @MainActor
            public func start(launchOptions: [UIApplication.LaunchOptionsKey: Any]?) {
                let background = UIApplication.shared.applicationState == .background
                launched(
                    inBackground: background, reason: launchOptions?[.location] != nil ? "location" : nil)
                let center = NotificationCenter.default
                center.addObserver(
                    forName: UIApplication.willEnterForegroundNotification, object: nil, queue: nil
                ) { [weak self] _ in self?.enteredForeground() }
                center.addObserver(
                    forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: nil
                ) { [weak self] _ in self?.enteredBackground() }
                center.addObserver(
                    forName: UIApplication.willTerminateNotification, object: nil, queue: nil
                ) { [weak self] _ in self?.terminating() }
            }
        #endif
    }
#endif
