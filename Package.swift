// swift-tools-version: 6.0
import PackageDescription

/// Where LocSimRecorder records LocSimCoreLocation: every platform without
/// Apple's Core Location.
let nonApple: [Platform] = [.linux, .windows, .android, .wasi, .openbsd]

let package = Package(
    name: "locsim",
    // The floors (docs/install.md, "Platforms"): what the code needs, no
    // more. `_StringProcessing`'s string algorithms (`split(separator:)` on
    // a string, `contains(_:)` of a string, `replacing(_:with:)`,
    // `firstRange(of:)`) set macOS 13 / iOS 16 / tvOS 16 / watchOS 9;
    // `AsyncStream`, actors and `TaskLocal` alone would allow macOS 10.15 /
    // iOS 13. Nothing above them is used outside an availability guard:
    // `make test` type-checks every target for these triples
    // (tests/apple-typecheck.sh). Synchronization's `Atomic` and `Mutex`
    // (macOS 15 / iOS 18) are replaced by `Locked`, a pthread mutex.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "LocSimKit", targets: ["LocSimKit"]),
        .library(name: "LocSimCoreLocation", targets: ["LocSimCoreLocation"]),
        .library(name: "LocSimRecorder", targets: ["LocSimRecorder"]),
        .executable(name: "locsim", targets: ["locsim"]),
        .executable(name: "locsim-gpx", targets: ["locsim-gpx"]),
    ],
    targets: [
        // All logic: event queue, rules, scenario parser, log writers, replay
        // and check. Public: only the documented API (docs/public-api.txt);
        // the rest is `package`, for the programs and tests below.
        .target(name: "LocSimKit"),
        .target(name: "LocSimTool", dependencies: ["LocSimKit"]),
        // GPX tracks for `gpx` lines and `locsim gpx`: the only code that
        // imports Foundation (FoundationXML's XMLParser), kept out of
        // LocSimKit so the fix path and library users do not pay for it.
        // No library product: it has no public API, it serves locsim-gpx.
        .target(name: "LocSimGPX", dependencies: ["LocSimKit"]),
        // Core Location's names and types (`CLLocationManager()`, `CLLocation`,
        // `CLError`, …) over SimulatedDevice, so an app's location file
        // compiles unchanged in its tests (Sources/LocSimCoreLocation/LocSimCoreLocation.docc/CoreLocationUnderTheRules.md). Imports
        // Foundation (`Date`, `UUID`, `NSObject`), so it is its own module:
        // LocSimKit and the locsim program do not pay for it.
        .target(name: "LocSimCoreLocation", dependencies: ["LocSimKit"]),
        // A debug build's recorder (docs/recorder.md): a CLLocationManager
        // subclass and a delegate proxy that write a session and an observed
        // log for `locsim compare`. On Apple platforms it is built on the real
        // Core Location and links nothing of locsim (an app's debug build
        // carries no simulator); elsewhere on LocSimCoreLocation, whose
        // SimulatedDevice it records in the tests.
        .target(
            name: "LocSimRecorder",
            dependencies: [.target(name: "LocSimCoreLocation", condition: .when(platforms: nonApple))]),
        // The thin command-line front end. It does not link LocSimGPX: with
        // the Swift runtime linked statically, Foundation and ICU would make
        // it 75 MB instead of 14 and slow every start-up. It runs
        // `locsim-gpx` for GPX files instead (`GPXSidecar`).
        //
        // A release build on Linux is a static executable: it starts in
        // about 1.4 ms instead of 2 (no dynamic loader binding libc and
        // libstdc++ for the runtime; bench/RESULTS.md). locsim-gpx links
        // Foundation and stays dynamic.
        .executableTarget(
            name: "locsim", dependencies: ["LocSimKit", "LocSimTool"],
            swiftSettings: [.define("LOCSIM_STATIC_EXECUTABLE", .when(platforms: [.linux], configuration: .release))],
            linkerSettings: [.unsafeFlags(["-static-executable"], .when(platforms: [.linux], configuration: .release))]),
        // The GPX reader `locsim` runs, installed next to it.
        .executableTarget(name: "locsim-gpx", dependencies: ["LocSimGPX", "LocSimKit", "LocSimTool"]),
        // libFuzzer harness over parser and simulator (`make fuzz`); without
        // the fuzzer it replays crash files given as arguments.
        .executableTarget(name: "locsim-fuzz", dependencies: ["LocSimKit"]),
        // `make bench`: LocSimCoreLocation's CLLocationManager against the
        // SimulatedDevice under it, and LocSimRecorder's manager against
        // the one it records, 1 M fixes (bench/run.sh).
        .executableTarget(
            name: "locsim-corelocation-bench", dependencies: ["LocSimCoreLocation", "LocSimKit", "LocSimRecorder"]),
        .testTarget(name: "LocSimKitTests", dependencies: ["LocSimKit", "LocSimTool"]),
        .testTarget(name: "LocSimCoreLocationTests", dependencies: ["LocSimCoreLocation", "LocSimKit"]),
        .testTarget(name: "LocSimGPXTests", dependencies: ["LocSimGPX", "LocSimKit"]),
        .testTarget(
            name: "LocSimRecorderTests",
            dependencies: [
                "LocSimRecorder", .target(name: "LocSimCoreLocation", condition: .when(platforms: nonApple)),
                "LocSimKit", "LocSimTool",
            ]),
    ]
)
