// bench/explore.sh: the RunTracker device exploration over iOS 13–26 with
// k = 1 (`ComeBackToTheApp`), timed; then the same with k = 0 in the same
// run, for a ratio. Prints paths and the best wall time of `--runs` runs.
import LocSimKit
import RunTracker
import RunTrackerSimulation

var runs = 3
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    if argument == "--runs", let n = arguments.popFirst().flatMap({ Int($0) }), n > 0 { runs = n }
}

func best(_ k: Int, runs: Int) throws -> (paths: Int, failures: Int, seconds: Double) {
    var fastest = Double.infinity
    var result = (0, 0)
    for _ in 0..<runs {
        let clock = ContinuousClock()
        var report: DeviceExploration.Report?
        let elapsed = try clock.measure {
            report = try ComeBackToTheApp.exploration(systemTerminations: k).run { device, explorer in
                try ComeBackToTheApp.flow(device, explorer) {
                    RunTracker(manager: $0, home: SimulatedRunApp<RunTracker>.home)
                }
            }
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        fastest = min(fastest, seconds)
        result = (report?.paths ?? 0, report?.failures.count ?? 0)
    }
    return (result.0, result.1, fastest)
}

let one = try best(1, runs: runs)
let none = try best(0, runs: runs)
print(
    "RunTracker device explore, iOS 13–26: k = 1: \(one.paths) paths in \(one.seconds) s (\(one.failures) failing outcomes); k = 0: \(none.paths) paths in \(none.seconds) s; best of \(runs)"
)
