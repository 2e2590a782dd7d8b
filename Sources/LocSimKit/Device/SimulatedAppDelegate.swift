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
    /// `applicationDidEnterBackground(_:)`: the app left the foreground (`app background`).
    func applicationDidEnterBackground()
    /// `applicationWillEnterForeground(_:)`: the app is about to come back to the foreground (`app foreground`).
    func applicationWillEnterForeground()
}

extension SimulatedAppDelegate {
    public func applicationDidFinishLaunching(inBackground: Bool) {}
    /// Does nothing: the app does not stop services on leaving the foreground.
    public func applicationDidEnterBackground() {}
    /// Does nothing: the app starts nothing on coming back.
    public func applicationWillEnterForeground() {}
}
