/// The app's lifecycle as `UIApplicationDelegate` reports it, for code that
/// stops or starts location services on it. Set `SimulatedDevice.appDelegate`;
/// every method has an empty default.
///
/// A launch is a new process: after `app.terminate()` or a crash the app's
/// managers are dead (their calls are ignored, `SimulatedDevice.ignoredCalls`),
/// and a relaunch (`app.launch()`, or an event relaunching the app into
/// the background) calls `applicationDidFinishLaunching(inBackground:)`,
/// where the app makes its new managers and resets what a new process
/// would not remember. The launch at time 0 reaches the delegate when it
/// is set (`SimulatedDevice.appDelegate`).
public protocol SimulatedAppDelegate: AnyObject {
    /// `application(_:didFinishLaunchingWithOptions:)`; `inBackground`: a
    /// location event relaunched the app.
    func applicationDidFinishLaunching(inBackground: Bool)
    func applicationDidEnterBackground()
    func applicationWillEnterForeground()
}

extension SimulatedAppDelegate {
    public func applicationDidFinishLaunching(inBackground: Bool) {}
    public func applicationDidEnterBackground() {}
    public func applicationWillEnterForeground() {}
}
