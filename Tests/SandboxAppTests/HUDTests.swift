import CrateboxGeometry
import Render
import SceneFormat
import Simulation
import Testing
import TestSupport
@testable import SandboxApp

/// What the HUD says (issue 35): how fast the simulation runs, the time since
/// a reset, no tilt without gravity, and a help that agrees with itself.
@Suite struct HUDTests {
    func text(_ s: HUD.Status) -> String { HUD().lines(s).map(\.0).joined(separator: "\n") }

    /// "sim at N% of real time" said 100 % while paused and showing the past,
    /// 100 % at x2 and x1/4 once settled, and 368 % / 58 % after a change of speed.
    @Test func theSpeedIsSimSecondsPerRealSecondAndSaysWhenItDoesNotRun() {
        var meter = SpeedMeter()
        // Time x2, keeping up: 60 frames of 1/60 s, each simulating 4 steps of 1/120 s.
        for _ in 0..<60 { meter.record(real: 1.0 / 60, sim: 4.0 / 120) }
        #expect(abs(meter.value - 2) < 1e-9)
        // A third of a measure more at x2, then x1/4: a fresh measure, showing
        // what is asked until it has one, not mixed with the x2 before it.
        for _ in 0..<10 { meter.record(real: 1.0 / 60, sim: 4.0 / 120) }
        meter.restart(expecting: 0.25)
        #expect(meter.value == 0.25)
        for _ in 0..<30 { meter.record(real: 1.0 / 60, sim: 1.0 / 240) }
        #expect(abs(meter.value - 0.25) < 1e-9, "\(meter.value)")
        // Paused time is not recorded: nothing changes.
        meter.record(real: 0, sim: 0)
        #expect(abs(meter.value - 0.25) < 1e-9)
        var s = HUD.Status()
        s.physics.simSpeed = 2
        #expect(HUD.speedText(s) == "sim at 200% of real time")
        s.physics.paused = true
        #expect(HUD.speedText(s) == "sim paused")
        (s.physics.showing, s.physics.history) = (10, (first: 0, last: 100))
        #expect(HUD.speedText(s) == "sim stopped (showing the past)")
    }

    /// Issue 46: playing what build mode made, "PLAY (B: back to build...)" vanished after a few seconds;
    /// and a body outside the walls is said, never lost silently.
    @Test func theWayBackToBuildAndBodiesOutsideTheWallsStaySaid() {
        var s = HUD.Status()
        #expect(!text(s).contains("PLAY (B"))
        s.playingDocument = true
        #expect(text(s).contains("PLAY (B: back to build, R: reset to the document)"))
        s.shown.outside = 2
        #expect(text(s).contains("2 bodies are outside the walls (F shows them)"))
        s.shown.outside = 1
        #expect(text(s).contains("1 body is outside the walls (F shows them)"))
    }

    @Test func theStepCountsFromTheStartAndTheTimeFromTheLastReset() {
        var s = HUD.Status()
        s.sceneName = "Crates"
        (s.shown.step, s.shown.stepsSinceReset) = (988, 12)
        #expect(text(s).contains("step\u{00A0}988\u{00A0}(0.1\u{00A0}s\u{00A0}since\u{00A0}R)"), "\(text(s))")
        s.shown.stepsSinceReset = 988
        #expect(!text(s).contains("since"))
    }

    /// A script's `world:say` is a line of its own, above what is happening.
    @Test func whatTheScriptSaysHasItsOwnLine() {
        var s = HUD.Status()
        #expect(!text(s).contains("goals"))
        s.shown.scriptSays = "goals: 3"
        let lines = HUD().lines(s).map(\.0)
        #expect(lines.count == 3 && lines[1] == "goals: 3", "\(lines)")
    }

    /// The drawn world's figures, read in one place: its step, the time since
    /// a reset, the bodies, the tilt, the scene's keys and whether one is held.
    @Test func theHUDShowsWhatTheDrawnWorldShows() throws {
        let world = try World(scene: loadShippedScene("car.json"))
        try world.step(30)
        try world.apply(.reset)
        try world.step(12)
        try world.apply(.tilt(x: 0.5, y: -0.5))
        let trigger = try #require(world.scene.controls.first?.trigger)
        try world.apply(.key(trigger, down: true))
        let shown = HUD.Shown(DrawnWorld(world: world))
        #expect(shown.step == 42 && shown.stepsSinceReset == 12 && shown.bodies == world.liveBodyCount)
        #expect(shown.tilt == Vector(0.5, -0.5) && shown.hasGravity)
        #expect(!shown.sceneKeys.isEmpty && shown.controls.contains { $0.held } && shown.scriptSays == nil)
    }

    /// The tank and planet scenes have no gravity but showed a tilt of (0, -1) g.
    @Test func noTiltWithoutGravity() {
        var s = HUD.Status()
        #expect(text(s).contains("tilt"))
        s.shown.hasGravity = false
        #expect(!text(s).contains("tilt"))
    }

    /// The help's top listed Left/Right tilt and Space pause while its bottom
    /// said the scene took them; its columns ran into each other.
    @Test func theHelpLeavesOutTheKeysTheSceneTakes() {
        let all = Overlays.helpLines(for: [])
        #expect(all.contains { $0.hasPrefix("Left/Right or A/D ") } && all.contains { $0.hasPrefix("Space or P ") })
        let crane = Overlays.helpLines(for: ["Left", "Right", "Up", "Down", "Space"])
        #expect(crane.contains { $0.hasPrefix("A/D ") && $0.hasSuffix("tilt the box") })
        #expect(crane.contains { $0.hasPrefix("P ") && $0.hasSuffix("pause / run") })
        #expect(!crane.contains { $0.contains("Left/Right or") || $0.hasPrefix("Space") })
        for line in all.dropFirst() {
            // The key column and the meaning are at least two spaces apart.
            #expect(line.contains("  "), "\(line)")
        }
        #expect(!Overlays.helpLines(for: [], gravity: false).contains { $0.hasSuffix("tilt the box") })
        // A game that turned the sandbox's hands off (scene-format.md 16.14): their lines go.
        let game = Overlays.helpLines(for: [], off: SandboxInput.allCases)
        #expect(!game.contains { $0.hasPrefix("mouse left") || $0.hasPrefix("mouse right") || $0.hasPrefix("X + left click") || $0.hasSuffix("tilt the box") || $0.hasPrefix("gamepad") })
        #expect(game.contains { $0.hasPrefix("Space or P ") } && game.contains { $0.hasPrefix("F9 ") }, "the window's own keys stay")
        let noKnife = Overlays.helpLines(for: [], off: [.knife])
        #expect(noKnife.contains { $0.hasPrefix("mouse right click") } && !noKnife.contains { $0.hasPrefix("mouse right drag") })
    }
}
