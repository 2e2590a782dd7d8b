// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "locsim",
    products: [
        .library(name: "LocSimKit", targets: ["LocSimKit"]),
        .library(name: "LocSimGPX", targets: ["LocSimGPX"]),
        .executable(name: "locsim", targets: ["locsim"]),
    ],
    targets: [
        // All logic: event queue, rules, scenario parser, log writers, replay and check.
        .target(name: "LocSimKit"),
        // GPX tracks for `gpx` lines and `locsim gpx`: the only code that
        // imports Foundation (FoundationXML's XMLParser), kept out of
        // LocSimKit so the fix path and library users do not pay for it.
        .target(name: "LocSimGPX", dependencies: ["LocSimKit"]),
        // The thin command-line front end.
        .executableTarget(name: "locsim", dependencies: ["LocSimKit", "LocSimGPX"]),
        // libFuzzer harness over parser and simulator (`make fuzz`); without
        // the fuzzer it replays crash files given as arguments.
        .executableTarget(name: "locsim-fuzz", dependencies: ["LocSimKit"]),
        .testTarget(name: "LocSimKitTests", dependencies: ["LocSimKit"]),
        .testTarget(name: "LocSimGPXTests", dependencies: ["LocSimGPX", "LocSimKit"]),
    ]
)
