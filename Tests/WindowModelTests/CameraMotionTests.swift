import Animation
import CrateboxGeometry
import Testing
@testable import WindowModel

@Suite struct CameraMotionTests {
    @Test func easesBetweenViewsWithTheTimingFunction() {
        var motion = CameraMotion(worldWidth: 300, worldHeight: 200)
        #expect(motion.current == motion.fit && !motion.isMoving)
        motion.move(to: .init(zoom: 3, center: Vector(100, 50)))
        #expect(motion.current == motion.fit)  // a transition starts where the camera is
        motion.advance(by: motion.duration / 4)
        let quarter = TimingFunction.easeInEaseOut(0.25)
        #expect(abs(motion.current.zoom - (1 + 2 * quarter)) < 1e-12)
        motion.advance(by: motion.duration)
        #expect(motion.current == .init(zoom: 3, center: Vector(100, 50)) && !motion.isMoving)
        motion.fitScene()
        motion.advance(by: 10)
        #expect(motion.current == motion.fit)
    }

    @Test func wheelZoomKeepsThePointUnderThePointer() {
        var motion = CameraMotion(worldWidth: 300, worldHeight: 300)
        let anchor = Vector(60, 240)
        let before = Camera(worldWidth: 300, worldHeight: 300, pixelWidth: 800, pixelHeight: 600).toScreen(anchor)
        motion.zoom(by: 2, about: anchor)
        motion.advance(by: 1)
        let view = motion.current
        let camera = Camera(worldWidth: 300, worldHeight: 300, pixelWidth: 800, pixelHeight: 600, zoom: view.zoom, center: view.center)
        let after = camera.toScreen(anchor)
        #expect(abs(after.x - before.x) < 1e-9 && abs(after.y - before.y) < 1e-9)
        #expect(view.zoom == 2)
        for _ in 0..<40 { motion.zoom(by: 2, about: anchor) }
        #expect(motion.to.zoom == CameraMotion.zoomRange.upperBound)
    }

    @Test func zoomingMidTransitionKeepsThePointUnderThePointer() {
        var motion = CameraMotion(worldWidth: 300, worldHeight: 300)
        motion.move(to: .init(zoom: 2, center: Vector(100, 100)))
        motion.advance(by: motion.duration / 3)  // somewhere in between
        let now = motion.current
        let anchor = Vector(120, 80)
        let before = Camera(worldWidth: 300, worldHeight: 300, pixelWidth: 800, pixelHeight: 600, zoom: now.zoom, center: now.center).toScreen(anchor)
        motion.zoom(by: 1.25, about: anchor)
        motion.advance(by: 10)
        let end = motion.current
        let after = Camera(worldWidth: 300, worldHeight: 300, pixelWidth: 800, pixelHeight: 600, zoom: end.zoom, center: end.center).toScreen(anchor)
        #expect(abs(after.x - before.x) < 1e-9 && abs(after.y - before.y) < 1e-9)
    }

    @Test func panningFollowsAtOnce() {
        var motion = CameraMotion(worldWidth: 300, worldHeight: 300)
        motion.pan(by: Vector(10, -5))
        #expect(motion.current.center == Vector(160, 145))
    }
}

/// The fit leaves room for the HUD and the level when the window is wide enough.
@Suite struct CameraBesideTests {
    @Test func aWideWindowMovesTheBoxBetweenThePanels() {
        let camera = Camera.beside(leftPanel: 354, rightPanel: 100, worldWidth: 300, worldHeight: 300, pixelWidth: 1280, pixelHeight: 720)
        let plain = Camera(worldWidth: 300, worldHeight: 300, pixelWidth: 1280, pixelHeight: 720)
        #expect(camera.scale == plain.scale, "the same size")
        #expect(camera.toScreen(Vector(0, 300)).x > 354 && camera.toScreen(Vector(300, 300)).x < 1280 - 100)
        #expect(plain.toScreen(Vector(0, 300)).x < 354, "centred, the panel would cover it")
        // And back: a point maps to the same world point.
        let p = camera.toWorld(x: 700, y: 300)
        let s = camera.toScreen(p)
        #expect(abs(s.x - 700) < 1e-9 && abs(s.y - 300) < 1e-9)
    }

    @Test func aNarrowWindowKeepsTheBoxCentredAndAsBig() {
        // A wide scene: it needs the whole width, so nothing moves.
        let camera = Camera.beside(leftPanel: 354, rightPanel: 100, worldWidth: 800, worldHeight: 400, pixelWidth: 1280, pixelHeight: 720)
        let plain = Camera(worldWidth: 800, worldHeight: 400, pixelWidth: 1280, pixelHeight: 720)
        #expect(camera == plain)
    }
}

/// The walker reached the wall in 5 s and the lander the ceiling in 2: their
/// boxes are now wider and taller than the window, and the camera follows
/// the driven body (a scene's `view`), within the box (issue 35).
@Suite struct FollowingCameraTests {
    @Test func theFollowedBodyIsCentredAndTheViewStaysInTheBox() {
        // A 7680 x 720 box from x -2880, 1920 of it across a 1280 x 664 room.
        func camera(_ x: Double, _ y: Double) -> Camera {
            Camera.following(Vector(x, y), showing: 1920, worldWidth: 7680, worldHeight: 720, pixelWidth: 1280, pixelHeight: 664,
                             top: 56, origin: Vector(-2880, 0))
        }
        let mid = camera(960, 170)
        #expect(abs(mid.scale - 1280 / (1920 * 1.06)) < 1e-9, "1920 points across")
        #expect(abs(mid.toScreen(Vector(960, 170)).x - 640) < 1e-6, "the body in the middle across")
        // Near the left wall the view stops at the box's edge: the wall is at the picture's left edge.
        let left = camera(-2800, 170)
        #expect(abs(left.toScreen(Vector(-2880, 0)).x) < 1e-6)
        let right = camera(4790, 170)
        #expect(abs(right.toScreen(Vector(4800, 0)).x - 1280) < 1e-6)
        // The box is lower than the room: it stays centred up and down, whatever the body does.
        #expect(abs(camera(960, 700).toScreen(Vector(0, 360)).y - (56 + 332)) < 1e-6)
    }
}
