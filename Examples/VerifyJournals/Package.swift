// swift-tools-version:6.0
import PackageDescription

// Another package that uses cratebox as a library: it loads a scene, steps a
// World and verifies a replay journal. `scripts/test` builds and runs it.
let package = Package(
    name: "VerifyJournals",
    dependencies: [
        .package(name: "cratebox", path: "../.."),
    ],
    targets: [
        .executableTarget(name: "VerifyJournals", dependencies: [
            .product(name: "CrateboxSceneFormat", package: "cratebox"),
            .product(name: "CrateboxSimulation", package: "cratebox"),
        ]),
    ]
)
