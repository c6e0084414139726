import Animation
import Geometry
import Testing
@testable import Controls

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
