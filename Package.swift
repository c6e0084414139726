// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "cratebox",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "cratebox", targets: ["cratebox"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // System libraries (Debian: chipmunk-dev, libsdl2-dev). Chipmunk ships no
        // pkg-config file, so the module map links it by name.
        .systemLibrary(name: "CChipmunk", path: "Sources/CChipmunk"),
        .systemLibrary(name: "CSDL2", path: "Sources/CSDL2"),
        // Turns a Chipmunk assertion that gets past validation into a clean exit.
        .target(name: "ChipmunkGuard"),
        // The only Swift code that touches Chipmunk.
        .target(name: "Physics", dependencies: ["CChipmunk", "ChipmunkGuard"]),
        // Timing functions and keyframe tracks: pure Swift, no dependencies.
        .target(name: "Animation"),
        // Scenes, World, events, clock, hashing: headless and deterministic.
        .target(name: "Sandbox", dependencies: ["Physics", "Animation"]),
        // The plain C runner that World is checked and benchmarked against.
        .target(name: "CRunner", dependencies: ["CChipmunk"]),
        // The only code that touches SDL: window, input, drawing, PNGs.
        .target(name: "Render", dependencies: ["CSDL2", "Physics", "Sandbox", "Animation"]),
        // Flattens a Scene for the C runner; used by `bench` and the tests.
        .target(name: "Bench", dependencies: ["Sandbox", "CRunner"]),
        .executableTarget(
            name: "cratebox",
            dependencies: [
                "Sandbox", "Bench", "Render",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "PhysicsTests", dependencies: ["Physics"]),
        .testTarget(name: "AnimationTests", dependencies: ["Animation"]),
        .testTarget(name: "SandboxTests", dependencies: ["Sandbox", "Bench"]),
        .testTarget(name: "RenderTests", dependencies: ["Render", "Sandbox", "Animation"]),
        .testTarget(name: "CrateboxTests", dependencies: ["cratebox", "Sandbox"]),
    ]
)

// libFuzzer targets, only when scripts/fuzz builds them (with
// -sanitize=fuzzer,address): each main hands over to libFuzzer (FuzzDriver).
if Context.environment["CRATEBOX_FUZZ"] != nil {
    package.targets.append(.target(name: "FuzzDriver", path: "Fuzz/FuzzDriver"))
    for name in ["FuzzScene", "FuzzJournal", "FuzzEvents"] {
        package.targets.append(.executableTarget(
            name: name, dependencies: ["Sandbox", "FuzzDriver"], path: "Fuzz/\(name)",
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ))
    }
}
