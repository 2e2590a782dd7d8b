/// `SimulatedDevice(plist: ["NSLocationWhenInUseUsageDescription": "…",
/// "UIBackgroundModes": ["location"], "NSLocationDefaultAccuracyReduced": true])`.
extension PlistValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: String...) { self = .array(elements) }
}
