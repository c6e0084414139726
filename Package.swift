// swift-tools-version:6.0
import PackageDescription

// One module per published contract or per job (docs/design.md);
// arrows in the comments point at what a module uses.
let package = Package(
    name: "cratebox",
    // Linux only (Debian's chipmunk-dev and libsdl2-dev; Glibc): no Apple platforms.
    products: [
        .executable(name: "cratebox", targets: ["cratebox"]),
        // cratebox as a library (Examples/ shows a package that uses them):
        // the Chipmunk layer; the scene format; the simulation with the replay format.
        .library(name: "CrateboxPhysics", targets: ["CrateboxGeometry", "CrateboxPhysics"]),
        .library(name: "CrateboxSceneFormat", targets: ["SceneFormat"]),
        .library(name: "CrateboxSimulation", targets: ["Simulation", "CrateboxReplay"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        // `scripts/docs`: DocC documentation of the library products.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // System libraries (Debian: chipmunk-dev, libsdl2-dev). Chipmunk ships no
        // pkg-config file, so the module map links it by name.
        .systemLibrary(name: "CChipmunk", path: "Sources/CChipmunk"),
        .systemLibrary(name: "CSDL2", path: "Sources/CSDL2"),
        // Scene scripts: Lua 5.4.4 (Debian's source, its patches applied), built here so that
        // what a script may cost is charged inside the VM (Sources/CLua/README.md), in a sandbox
        // (docs/scene-format.md section 16).
        // Optimized in debug builds too: the tests run many scripts.
        .target(name: "CLua", exclude: ["README.md"], cSettings: [.define("LUA_COMPAT_5_3"), .define("LUA_USE_POSIX"), .unsafeFlags(["-O2"])]),
        .target(name: "ScriptSandbox", dependencies: ["CLua", "CChipmunk", "ChipmunkCallbacks", "ChipmunkPrivate", "ChipmunkSurface"], linkerSettings: [.linkedLibrary("chipmunk")]),
        .target(name: "Scripting", dependencies: ["ScriptSandbox"]),
        // Turns a Chipmunk assertion that gets past validation into a clean exit.
        .target(name: "ChipmunkGuard"),
        // C: what Chipmunk calls back into during a step (one-way platforms, breakable joints,
        // a script's handlers and functions), and the tags they read.
        .target(name: "ChipmunkCallbacks", dependencies: ["CChipmunk"]),
        // C: the one target that reads Chipmunk 7.0.3's private structs (chipmunk_structs.h, and the
        // layouts it re-declares, checked by its probe at first use): the exact copy of a space as bytes,
        // the linear teardown, the contact listener, bodies' pushes and bulk reads, the surface's few fields.
        .target(name: "ChipmunkPrivate", dependencies: ["CChipmunk", "ChipmunkCallbacks"]),
        // C: the one checked way to change a body, joint, shape or arbiter (the Lua bindings and
        // CrateboxPhysics' setters call it, never Chipmunk's setters).
        // No fused multiply-add: the springs' loads and a type's mass are figured as the reference figures them, on every CPU.
        .target(name: "ChipmunkSurface", dependencies: ["CChipmunk", "ChipmunkPrivate"], cSettings: [.unsafeFlags(["-ffp-contract=off"])]),
        // Little-endian bytes of numbers and strings: the exact state's Swift side.
        .target(name: "Bytes"),
        // cratebox's own math (docs/math.md): sin, cos, exp, pow... from IEEE-754's basic operations in a
        // fixed order, so that a step gives the same bits on every CPU. It also defines the C library's
        // names, which an executable that links libchipmunk exports to it (ELF interposition): Chipmunk
        // and Lua compute with it too. Optimized in debug builds too; never contracted into FMAs.
        .target(name: "CrateboxMath", cSettings: [.unsafeFlags(["-O2", "-ffp-contract=off", "-fno-builtin", "-fno-math-errno"])]),
        // Plane geometry as values: vectors, poses, body kinds, shape geometries, and `Math`
        // (CrateboxMath's functions for Swift). No other C: pure modules use it.
        .target(name: "CrateboxGeometry", dependencies: ["CrateboxMath"]),
        // Swift owners of cpSpace, cpBody, cpShape, cpConstraint: the only Swift code that touches Chipmunk.
        .target(name: "CrateboxPhysics", dependencies: ["CChipmunk", "ChipmunkGuard", "ChipmunkCallbacks", "ChipmunkPrivate", "ChipmunkSurface", "CrateboxGeometry", "Bytes"]),
        // Timing functions and animation tracks (values at key times): pure Swift, no dependencies.
        .target(name: "Animation"),
        // Sound from what the physics does: events in, samples out (no SDL).
        .target(name: "Sound", dependencies: []),
        // A JSON reader that keeps line and column; JSON text of strings and numbers.
        .target(name: "JSONText"),
        // cratebox/scene@1: the model, limits, decoding and validation, encoding, the built-in scene.
        .target(name: "SceneFormat", dependencies: ["JSONText", "CrateboxGeometry", "Animation"]),
        // World: builds a scene in the normative order, applies events between steps,
        // hashes. Headless and deterministic: no files, no clock.
        .target(name: "Simulation", dependencies: ["SceneFormat", "CrateboxGeometry", "CrateboxPhysics", "Animation", "Bytes", "Scripting", "Sound"]),
        // Files written under a temporary name and renamed into place (swift-system).
        .target(name: "FileOutput", dependencies: [.product(name: "SystemPackage", package: "swift-system")]),
        // cratebox/replay@1: journal lines, the journal writer, recording sessions, verification and seeking.
        .target(name: "CrateboxReplay", dependencies: ["Simulation", "SceneFormat", "JSONText", "CrateboxGeometry", "CrateboxPhysics", "FileOutput", "Bytes",
                                               .product(name: "SystemPackage", package: "swift-system")]),
        // Interaction logic with no SDL: fixed-step clock, tilt, keys, camera motion, the monotonic clock that paces them.
        .target(name: "WindowModel", dependencies: ["CrateboxGeometry", "Animation"]),
        // SDL drawing: painter, camera, text, textures, offscreen PNGs, the curves picture, overlays.
        .target(name: "Render", dependencies: ["CSDL2", "WindowModel", "Simulation", "SceneFormat", "CrateboxGeometry", "Animation", "FileOutput", "JSONText"]),
        // Build mode's document: a scene value, the tools' edits, undo and redo, every edit validated.
        .target(name: "Editing", dependencies: ["SceneFormat", "CrateboxGeometry", "JSONText"]),
        // The window application: the frame loop, its modes, input, HUD, timeline, captures.
        .target(name: "SandboxApp", dependencies: ["CSDL2", "Render", "Editing", "WindowModel", "CrateboxReplay", "Simulation", "SceneFormat", "CrateboxGeometry", "FileOutput", "JSONText", "Animation", "Sound"]),
        // The plain C runner and its Swift adapter, for `bench` and the agreement tests.
        .target(name: "CRunner", dependencies: ["CChipmunk"]),
        .target(name: "ReferenceRunner", dependencies: ["CRunner", "SceneFormat", "CrateboxGeometry"]),
        // C: Chipmunk's own demos built from their calls, for the tests that run the demos' scenes beside them.
        .target(name: "DemoReference", dependencies: ["CChipmunk"]),
        // C: damages a live space the ways a hostile state file could describe one, for the tests of the snapshot reader.
        .target(name: "SnapshotTamper", dependencies: ["CChipmunk"]),
        // The plain C drawing loop `bench --draw` measures the painter against, and
        // plain C's window (a stepping thread beside it) for `bench --window`.
        .target(name: "CDrawRunner", dependencies: ["CSDL2", "CRunner"], linkerSettings: [.linkedLibrary("pthread")]),
        // The command line.
        .executableTarget(
            name: "cratebox",
            dependencies: [
                "SceneFormat", "Simulation", "CrateboxReplay", "Render", "SandboxApp", "Editing", "WindowModel", "ReferenceRunner", "CDrawRunner", "CrateboxGeometry", "JSONText", "Animation", "Sound",
                "FileOutput", .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // What the test targets share.
        .target(name: "TestSupport", dependencies: ["SceneFormat"]),
        .testTarget(name: "PhysicsTests", dependencies: ["CrateboxPhysics", "CrateboxGeometry", "SnapshotTamper", "CChipmunk", "ChipmunkSurface", "TestSupport"]),
        .testTarget(name: "AnimationTests", dependencies: ["Animation"]),
        .testTarget(name: "JSONTextTests", dependencies: ["JSONText"]),
        .testTarget(name: "SceneFormatTests", dependencies: ["SceneFormat", "CrateboxGeometry", "JSONText", "TestSupport"]),
        .testTarget(name: "SimulationTests", dependencies: ["Simulation", "Scripting", "SceneFormat", "CrateboxGeometry", "CrateboxPhysics", "Bytes", "ReferenceRunner", "DemoReference", "SnapshotTamper", "TestSupport", "Sound"]),
        .testTarget(name: "ReplayTests", dependencies: ["CrateboxReplay", "Simulation", "SceneFormat", "CrateboxGeometry", "CrateboxPhysics", "CChipmunk", "TestSupport", "FileOutput",
                                                        .product(name: "SystemPackage", package: "swift-system")]),
        .testTarget(name: "EditingTests", dependencies: ["Editing", "SceneFormat", "Simulation", "CrateboxGeometry"]),
        .testTarget(name: "ScriptingTests", dependencies: ["Scripting", "TestSupport"]),
        .testTarget(name: "SoundTests", dependencies: ["Sound"]),
        .testTarget(name: "WindowModelTests", dependencies: ["WindowModel", "CrateboxGeometry", "TestSupport"]),
        .testTarget(name: "RenderTests", dependencies: ["Render", "Simulation", "SceneFormat", "CrateboxGeometry", "Animation", "WindowModel", "TestSupport"]),
        .testTarget(name: "FileOutputTests", dependencies: ["FileOutput", "TestSupport"]),
        .testTarget(name: "SandboxAppTests", dependencies: ["SandboxApp", "CSDL2", "WindowModel", "Editing", "Render", "CrateboxReplay", "Simulation", "SceneFormat", "CrateboxGeometry", "TestSupport"]),
        .testTarget(name: "CrateboxTests", dependencies: ["cratebox", "SceneFormat", "Simulation", "CrateboxGeometry", "JSONText", "TestSupport"]),
        // The real window end to end: Xvfb, xdotool, screenshots.
        .testTarget(name: "WindowEndToEndTests", dependencies: ["cratebox", "SceneFormat", "Simulation", "CrateboxGeometry", "JSONText", "TestSupport"]),
    ]
)

// libFuzzer targets, only when scripts/fuzz builds them (with
// -sanitize=fuzzer,address): each main hands over to libFuzzer (FuzzDriver).
if Context.environment["CRATEBOX_FUZZ"] != nil {
    package.targets.append(.target(name: "FuzzDriver", path: "Fuzz/FuzzDriver"))
    for name in ["FuzzScene", "FuzzJournal", "FuzzEvents", "FuzzState"] {
        package.targets.append(.executableTarget(
            name: name, dependencies: ["SceneFormat", "Simulation", "CrateboxReplay", "CrateboxGeometry", "FuzzDriver"], path: "Fuzz/\(name)",
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ))
    }
    package.targets.append(.executableTarget(
        name: "FuzzScript", dependencies: ["Scripting", "SceneFormat", "Simulation", "FuzzDriver"], path: "Fuzz/FuzzScript",
        swiftSettings: [.unsafeFlags(["-parse-as-library"])]
    ))
}
