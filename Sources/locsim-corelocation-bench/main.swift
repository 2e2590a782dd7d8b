// `locsim-corelocation-bench [--fixes N] [--runs R]`: a LocSimCoreLocation
// `CLLocationManager` against the `SimulatedDevice` manager under it, each
// fed the same fixes in the same process, runs alternating, so the ratio
// does not depend on the machine's load (issue 32: at most 1.3×).
import Foundation
import LocSimCoreLocation
import LocSimKit

final class DeviceCounter: SimulatedLocationManagerDelegate {
    var locations = 0
    func locationManager(_ manager: SimulatedLocationManager, didUpdateLocations locations: [SimulatedLocation]) {
        self.locations += locations.count
    }
}

final class CoreLocationCounter: NSObject, CLLocationManagerDelegate {
    var locations = 0
    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        self.locations += locations.count
    }
}

/// When In Use, updates started, then `fixes` fixes one second apart on a
/// walk, each by one `advance(to:)` and one `feed(fix:)` (`locsim bench --device`'s session).
func drive(fixes: Int, coreLocation: Bool) throws -> Int {
    let device = try SimulatedDevice(
        platform: .iOS(17, 0), plist: ["NSLocationWhenInUseUsageDescription": "Shows where you are."])
    var count: () -> Int
    if coreLocation {
        let counter = CoreLocationCounter()
        let manager = device.withCurrent { CLLocationManager() }
        manager.delegate = counter
        manager.requestWhenInUseAuthorization()
        try device.user.answer(.allowWhileUsing)
        manager.startUpdatingLocation()
        count = { withExtendedLifetime(manager) { counter.locations } }
    } else {
        let counter = DeviceCounter()
        let manager = device.makeLocationManager()
        manager.delegate = counter
        manager.requestWhenInUseAuthorization()
        try device.user.answer(.allowWhileUsing)
        manager.startUpdatingLocation()
        count = { withExtendedLifetime(manager) { counter.locations } }
    }
    for i in 0..<fixes {
        let latitude = 35.0 + Double(i % 2000) * 0.00001
        let longitude = 139.0 + Double(i / 2000 % 2000) * 0.00001
        try device.advance(to: .seconds(Int64(i + 1)))
        try device.feed(fix: Fix(Location(Coordinate(latitude: latitude, longitude: longitude), accuracy: 5)))
    }
    return count()
}

func seconds(_ body: () throws -> Int, expect fixes: Int) throws -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    let delivered = try body()
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    guard delivered == fixes else {
        throw DeviceError(.rejected, "the delegate was handed \(delivered) of \(fixes) fixes")
    }
    return elapsed
}

func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }

var arguments = CommandLine.arguments.dropFirst()
var fixes = 1_000_000
var runs = 5
while let flag = arguments.popFirst() {
    guard let value = arguments.popFirst().flatMap(Int.init), value > 0 else {
        FileHandle.standardError.write(Data("usage: locsim-corelocation-bench [--fixes N] [--runs R]\n".utf8))
        exit(2)
    }
    switch flag {
    case "--fixes": fixes = value
    case "--runs": runs = value
    default:
        FileHandle.standardError.write(Data("locsim-corelocation-bench: unknown option \(flag)\n".utf8))
        exit(2)
    }
}

var device: [Double] = []
var module: [Double] = []
do {
    for _ in 0..<runs {
        device.append(try seconds({ try drive(fixes: fixes, coreLocation: false) }, expect: fixes))
        module.append(try seconds({ try drive(fixes: fixes, coreLocation: true) }, expect: fixes))
    }
} catch {
    FileHandle.standardError.write(Data("locsim-corelocation-bench: \(error)\n".utf8))
    exit(1)
}
func line(_ name: String, _ runs: [Double]) -> String {
    "\(name) (s): " + runs.map { String(format: "%.3f", $0) }.joined(separator: " ")
        + "; median " + String(format: "%.3f", median(runs))
}
print("session: \(fixes) fixes, When In Use, updates running, one advance(to:) and feed(fix:) a fix")
print(line("SimulatedDevice, SimulatedLocationManager", device))
print(line("LocSimCoreLocation, CLLocationManager", module))
print("CLLocationManager / SimulatedDevice: " + String(format: "%.2f", median(module) / median(device)) + "×")
