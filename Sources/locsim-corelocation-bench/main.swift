// `locsim-corelocation-bench [--fixes N] [--runs R]`: a LocSimCoreLocation
// `CLLocationManager` against the `SimulatedDevice` manager under it, each
// fed the same fixes in the same process, runs alternating, so the ratio
// does not depend on the machine's load (issue 32: at most 1.3×); and
// LocSimRecorder's `RecordingLocationManager` against the `CLLocationManager`
// it records, for the cost of recording a callback (issue 40).
import Foundation
import LocSimCoreLocation
import LocSimKit
import LocSimRecorder

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

/// How the fixes reach the app's delegate.
enum Variant {
    /// `SimulatedDevice`'s own manager and delegate protocol.
    case device
    /// A `CLLocationManager`, the session inside `device.withCurrent` (the documented way).
    case coreLocation
    /// A `CLLocationManager` with the device driven outside `withCurrent`:
    /// each callback binds the device for the app's code.
    case coreLocationUnbound
    /// A `RecordingLocationManager` inside `withCurrent`: each callback recorded.
    case recording
}

/// The last recording run's recorder, whose session is written after the run.
nonisolated(unsafe) var lastRecorder: SessionRecorder?

/// When In Use, updates started, then `fixes` fixes one second apart on a
/// walk, each by one `advance(to:)` and one `feed(fix:)` (`locsim bench --device`'s session).
func drive(fixes: Int, _ variant: Variant) throws -> Int {
    let device = try SimulatedDevice(
        platform: .iOS(17, 0), plist: ["NSLocationWhenInUseUsageDescription": "Shows where you are."])
    func feed() throws {
        for i in 0..<fixes {
            let latitude = 35.0 + Double(i % 2000) * 0.00001
            let longitude = 139.0 + Double(i / 2000 % 2000) * 0.00001
            try device.advance(to: .seconds(Int64(i + 1)))
            try device.feed(fix: Fix(Location(Coordinate(latitude: latitude, longitude: longitude), accuracy: 5)))
        }
    }
    switch variant {
    case .device:
        let counter = DeviceCounter()
        let manager = device.makeLocationManager()
        manager.delegate = counter
        manager.requestWhenInUseAuthorization()
        try device.user.answer(.allowWhileUsing)
        manager.startUpdatingLocation()
        try feed()
        return withExtendedLifetime(manager) { counter.locations }
    case .coreLocation, .coreLocationUnbound, .recording:
        let counter = CoreLocationCounter()
        let recorder = SessionRecorder()
        let manager = device.withCurrent {
            variant == .recording ? RecordingLocationManager(recorder: recorder) : CLLocationManager()
        }
        manager.delegate = counter
        manager.requestWhenInUseAuthorization()
        try device.user.answer(.allowWhileUsing)
        manager.startUpdatingLocation()
        if variant == .coreLocationUnbound { try feed() } else { try device.withCurrent { try feed() } }
        if variant == .recording { lastRecorder = recorder }
        return withExtendedLifetime(manager) { counter.locations }
    }
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

var times: [[Double]] = [[], [], [], []]
let variants: [Variant] = [.device, .coreLocation, .coreLocationUnbound, .recording]
do {
    for _ in 0..<runs {
        for (index, variant) in variants.enumerated() {
            times[index].append(try seconds({ try drive(fixes: fixes, variant) }, expect: fixes))
        }
    }
} catch {
    FileHandle.standardError.write(Data("locsim-corelocation-bench: \(error)\n".utf8))
    exit(1)
}
func line(_ name: String, _ runs: [Double]) -> String {
    "\(name) (s): " + runs.map { String(format: "%.3f", $0) }.joined(separator: " ")
        + "; median " + String(format: "%.3f", median(runs))
}
func ratio(_ runs: [Double], to base: [Double]) -> String { String(format: "%.2f", median(runs) / median(base)) + "×" }
print("session: \(fixes) fixes, When In Use, updates running, one advance(to:) and feed(fix:) a fix")
print(line("SimulatedDevice, SimulatedLocationManager", times[0]))
print(line("LocSimCoreLocation, CLLocationManager, inside withCurrent", times[1]))
print(line("LocSimCoreLocation, CLLocationManager, outside withCurrent", times[2]))
print(
    "CLLocationManager / SimulatedDevice: \(ratio(times[1], to: times[0]))"
        + " (outside withCurrent: \(ratio(times[2], to: times[0])))")
let recordingCost = (median(times[3]) - median(times[1])) / Double(fixes) * 1e6
print(line("LocSimRecorder, RecordingLocationManager, inside withCurrent", times[3]))
print(
    "recording: " + String(format: "%.2f", recordingCost)
        + " µs a callback (RecordingLocationManager − CLLocationManager)")
/// The session of the last recording run, written (`session()`: the journal formatted).
func writeSession(_ recorder: SessionRecorder) -> RecordedSession { recorder.session() }

if let recorder = lastRecorder {
    let start = DispatchTime.now().uptimeNanoseconds
    let session = writeSession(recorder)
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let bytes = session.scenario.utf8.count + session.observedLog.utf8.count
    let perFix = Double(bytes) / Double(fixes)
    print(
        "session: \(session.scenario.utf8.count) + \(session.observedLog.utf8.count) bytes (scenario, observed log), "
            + String(format: "%.1f", perFix) + " bytes a fix; a day at 1 Hz: "
            + String(format: "%.1f", perFix * 86_400 / 1e6) + " MB; written in " + String(format: "%.3f", elapsed)
            + " s (" + String(format: "%.2f", elapsed / Double(fixes) * 1e6) + " µs a fix)")
}
