/// The app's lifecycle as `UIApplicationDelegate` reports it, for code that
/// stops or starts location services on it. Set `SimulatedDevice.appDelegate`;
/// every method has an empty default.
///
/// The app's objects outlive a termination in the test (nothing can free
/// them): after `app.terminate()` or a crash, a relaunch (`app.launch()`, or
/// an event relaunching the app into the background) reaches the same
/// delegates, and `applicationDidFinishLaunching(inBackground:)` is where
/// to reset what a new process would not remember.
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
