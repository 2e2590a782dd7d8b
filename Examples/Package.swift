// swift-tools-version: 6.0
// An app's test target using LocSimKit, as a user of locsim sets one up:
// locsim is a package dependency (here by path; elsewhere by URL).
import PackageDescription

let package = Package(
    name: "LocSimExamples",
    // locsim's floors (its Package.swift): a package cannot deploy lower
    // than a package it depends on.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    dependencies: [
        .package(name: "locsim", path: "..")
    ],
    targets: [
        // An app's location logic, written against a small protocol that
        // CLLocationManager and locsim's SimulatedLocationManager both meet.
        .target(name: "RunTracker"),
        // The tracker on a SimulatedDevice: the app's delegate in a test, a
        // deliberately broken tracker, and the flow explored on every path.
        .target(
            name: "RunTrackerSimulation",
            dependencies: ["RunTracker", .product(name: "LocSimKit", package: "locsim")]
        ),
        .testTarget(
            name: "RunTrackerTests",
            dependencies: ["RunTracker", "RunTrackerSimulation", .product(name: "LocSimKit", package: "locsim")]
        ),
        // bench/explore.sh: the tracker's exploration over iOS 13–26, timed.
        .executableTarget(
            name: "runtracker-explore-bench",
            dependencies: ["RunTracker", "RunTrackerSimulation", .product(name: "LocSimKit", package: "locsim")]
        ),
        // An app's Core Location class, unchanged: built against
        // LocSimCoreLocation with LOCSIM defined (in the app, against
        // CoreLocation). docs/corelocation-tutorial.md walks through it.
        .target(
            name: "TrailRecorder",
            dependencies: [.product(name: "LocSimCoreLocation", package: "locsim")],
            swiftSettings: [.define("LOCSIM")]
        ),
        .testTarget(
            name: "TrailRecorderTests",
            dependencies: [
                "TrailRecorder", .product(name: "LocSimCoreLocation", package: "locsim"),
                .product(name: "LocSimKit", package: "locsim"),
                // The app's debug build: its manager a RecordingLocationManager (docs/recorder.md).
                .product(name: "LocSimRecorder", package: "locsim"),
            ]
        ),
        // `Explore`: every answer path, on every version the app ships on.
        .testTarget(
            name: "AnswerPathTests",
            dependencies: [.product(name: "LocSimKit", package: "locsim")]
        ),
        // A new user's first iOS 17 test: liveUpdates and a background
        // activity session through the Swift builder (Sources/LocSimKit/LocSimKit.docc/SwiftAPI.md).
        .testTarget(
            name: "FitnessWorkoutTests",
            dependencies: [.product(name: "LocSimKit", package: "locsim")]
        ),
        // A @MainActor LocationService under Swift 6 (Sources/LocSimKit/LocSimKit.docc/SwiftAPI.md).
        .testTarget(
            name: "MainActorServiceTests",
            dependencies: [.product(name: "LocSimKit", package: "locsim")]
        ),
        .testTarget(
            name: "ProvisionalAlwaysTests",
            dependencies: [.product(name: "LocSimKit", package: "locsim")]
        ),
        // The Swift blocks of docs/ marked `<!-- docs: compiled … -->`, copied
        // by tests/docs.py (which fails when a copy differs from its block).
        .testTarget(
            name: "DocBlockTests",
            dependencies: [.product(name: "LocSimKit", package: "locsim")]
        ),
        // Uses every declaration of locsim's docs/public-api.txt: it compiles
        // only while each is public.
        .testTarget(
            name: "DocumentedAPITests",
            dependencies: [
                .product(name: "LocSimKit", package: "locsim"), .product(name: "LocSimCoreLocation", package: "locsim"),
            ]
        ),
    ]
)
