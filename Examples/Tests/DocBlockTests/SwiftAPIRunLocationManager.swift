// Extracted from docs/swift-api.md by tests/docs.py --update: edit the doc, not this file.
// In the app's module, importing nothing from locsim:
public protocol RunLocationManager: AnyObject {
    var allowsBackgroundLocationUpdates: Bool { get set }
    func requestWhenInUseAuthorization()
    func requestAlwaysAuthorization()
    func requestTemporaryFullAccuracyAuthorization(
        withPurposeKey purposeKey: String, completion: ((_ error: (any Error)?) -> Void)?)
    func startUpdatingLocation()
    func stopUpdatingLocation()
    func startMonitoringRegion(id: String, latitude: Double, longitude: Double, radius: Double)
}
