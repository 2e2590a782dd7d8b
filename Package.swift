// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "locsim",
    products: [
        .library(name: "LocSimKit", targets: ["LocSimKit"]),
        .executable(name: "locsim", targets: ["locsim"]),
    ],
    targets: [
        // All logic: event queue, rules, scenario parser, log writers, replay and check.
        .target(name: "LocSimKit"),
        // The thin command-line front end.
        .executableTarget(name: "locsim", dependencies: ["LocSimKit"]),
        // libFuzzer harness over parser and simulator (`make fuzz`); without
        // the fuzzer it replays crash files given as arguments.
        .executableTarget(name: "locsim-fuzz", dependencies: ["LocSimKit"]),
        .testTarget(name: "LocSimKitTests", dependencies: ["LocSimKit"]),
    ]
)
