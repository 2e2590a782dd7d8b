import LocSimKit

/// `locsim bench --device`: a `SimulatedDevice` driven with one fix a call
/// against replaying the same session's scenario text, in one process, so
/// the ratio does not depend on the machine's load (issue 18: within 2×).
extension Bench {
    package struct DeviceReport: Sendable {
        package var fixes: Int
        package var records: Int
        package var scenarioBytes: Int
        /// Each run's wall time: the device, `Replay.log(of:)` (records in
        /// memory, what `device.log` holds) and a text log in memory.
        package var device: [Double] = []
        package var replayRecords: [Double] = []
        package var replayText: [Double] = []

        package var text: String {
            let d = Bench.median(device)
            let r = Bench.median(replayRecords)
            let t = Bench.median(replayText)
            func line(_ name: String, _ runs: [Double]) -> String {
                "\(name) (s): " + runs.map { Report.fixed($0, 3) }.joined(separator: " ")
                    + "; median \(Report.fixed(Bench.median(runs), 3))"
            }
            return [
                "session: \(fixes) fixes, \(records) records, scenario \(Report.fixed(Double(scenarioBytes) / 1e6, 3)) MB",
                line("device, one feed(fix:) a fix", device),
                line("replay of its scenario, records in memory", replayRecords),
                line("replay of its scenario, text log in memory", replayText),
                "device / replay (records): \(Report.fixed(r > 0 ? d / r : 0, 2))×",
                "device / replay (text): \(Report.fixed(t > 0 ? d / t : 0, 2))×",
            ].joined(separator: "\n") + "\n"
        }
    }

    /// Counts what the delegate is handed, as an app's delegate does work.
    private final class FixCounter: SimulatedLocationManagerDelegate {
        var locations = 0
        func locationManager(_ manager: SimulatedLocationManager, didUpdateLocations locations: [SimulatedLocation]) {
            self.locations += locations.count
        }
    }

    package static func device(fixes: Int, runs: Int) throws(Failure) -> DeviceReport {
        var report = DeviceReport(fixes: fixes, records: 0, scenarioBytes: 0)
        var scenario: [UInt8] = []
        for run in 0..<max(1, runs) {
            var start = now()
            let device: SimulatedDevice
            do throws(DeviceError) { device = try drive(fixes: fixes) } catch { throw .device(error) }
            report.device.append(now() - start)
            if run == 0 {
                scenario = Array(device.scenario.utf8)
                report.scenarioBytes = scenario.count
                report.records = device.log.records.count
            }
            do throws(ScenarioError) {
                start = now()
                let log = try Replay.log(of: scenario)
                report.replayRecords.append(now() - start)
                guard log.records.count == report.records else {
                    throw ScenarioError(
                        "the replay gave \(log.records.count) records, the device \(report.records)",
                        at: SourceLocation(line: 1, column: 1))
                }
                start = now()
                _ = try Replay.textLog(of: scenario)
                report.replayText.append(now() - start)
            } catch {
                throw .scenario(error, file: "<device scenario>")
            }
        }
        return report
    }

    /// When In Use, updates started, then `fixes` fixes one second apart on
    /// a walk, each by one `advance(to:)` and one `feed(fix:)`.
    private static func drive(fixes: Int) throws(DeviceError) -> SimulatedDevice {
        let device = try SimulatedDevice(
            platform: .iOS(17, 0), plist: ["NSLocationWhenInUseUsageDescription": "Shows where you are."])
        let manager = device.makeLocationManager()
        let counter = FixCounter()
        manager.delegate = counter
        manager.requestWhenInUseAuthorization()
        try device.user.answer(.allowWhileUsing)
        manager.startUpdatingLocation()
        for i in 0..<fixes {
            let latitude = 35.0 + Double(i % 2000) * 0.00001
            let longitude = 139.0 + Double(i / 2000 % 2000) * 0.00001
            try device.advance(to: .seconds(Int64(i + 1)))
            try device.feed(fix: Fix(Location(Coordinate(latitude: latitude, longitude: longitude), accuracy: 5)))
        }
        guard counter.locations == fixes else {
            throw DeviceError(.rejected, "the delegate was handed \(counter.locations) of \(fixes) fixes")
        }
        return device
    }
}
