import Foundation

// The module's `NSSecureCoding` (Sources/LocSimCoreLocation/LocSimCoreLocation.docc/CoreLocationUnderTheRules.md, "Copying and
// archiving"): dates as seconds since the reference date and identifiers
// as text, so an archive holds only plists' types and decodes the same on
// Apple's platforms and on Linux. The keys are the module's own: an archive
// of Apple's `CLLocation` is not one of these, nor the other way round.
extension NSCoder {
    func encode(_ coordinate: CLLocationCoordinate2D, forKey key: String) {
        encode(coordinate.latitude, forKey: key + ".latitude")
        encode(coordinate.longitude, forKey: key + ".longitude")
    }

    func decodeCoordinate(forKey key: String) -> CLLocationCoordinate2D {
        CLLocationCoordinate2D(
            latitude: decodeDouble(forKey: key + ".latitude"), longitude: decodeDouble(forKey: key + ".longitude"))
    }

    func encode(_ date: Date, forKey key: String) { encode(date.timeIntervalSinceReferenceDate, forKey: key) }

    /// Nil when the archive has no such key.
    func decodeDate(forKey key: String) -> Date? {
        containsValue(forKey: key) ? Date(timeIntervalSinceReferenceDate: decodeDouble(forKey: key)) : nil
    }

    func encode(_ text: String, forKey key: String) { encode(NSString(string: text), forKey: key) }

    /// Nil when the archive has no text under `key`.
    func decodeString(forKey key: String) -> String? {
        decodeObject(of: NSString.self, forKey: key).map { String(describing: $0) }
    }

    /// An optional `UInt16` (a beacon's major or minor): absent when nil.
    func encode(_ value: UInt16?, forKey key: String) {
        if let value { encode(Int(value), forKey: key) }
    }

    func decodeUInt16(forKey key: String) -> UInt16? {
        containsValue(forKey: key) ? UInt16(exactly: decodeInteger(forKey: key)) : nil
    }
}
