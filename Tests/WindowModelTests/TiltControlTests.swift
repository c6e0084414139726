import Foundation
import CrateboxGeometry
import Testing
@testable import WindowModel
import TestSupport

@Suite struct TiltControlTests {
    func close(_ a: Vector, _ b: Vector) -> Bool { (a - b).length < 1e-9 }

    @Test func levelAtRest() {
        let t = TiltControl()
        #expect(close(t.tilt, Vector(0, -1)))
    }

    @Test func leftAndRightTurnGravitySmoothly() {
        // The rate rises from 0.3 to 1.2 radians a second over 1.5 s of holding (at each frame's middle).
        func rate(_ held: Double) -> Double { 0.3 + 0.9 * min(held / 1.5, 1) }
        var t = TiltControl()
        t.update(keys: .init(left: true), dt: 0.25)
        t.update(keys: .init(left: true), dt: 0.25)
        #expect(abs(t.angle + (rate(0.125) + rate(0.375)) * 0.25) < 1e-12)
        #expect(abs(t.angle) < 0.25, "half a second of holding: a little, not a quarter turn (\(t.angle))")
        #expect(t.tilt.x < 0 && t.tilt.y < 0 && abs(t.tilt.length - 1) < 1e-12)
        // A tap (two frames) tilts a degree or so.
        var tap = TiltControl()
        tap.update(keys: .init(right: true), dt: 1.0 / 60)
        tap.update(keys: .init(right: true), dt: 1.0 / 60)
        #expect(tap.angle > 0.005 && tap.angle < 0.02, "\(tap.angle)")
        // Held long enough, gravity points left, then stops at upside down, not before 2.5 s of holding.
        var upside = TiltControl(), seconds = 0.0
        while upside.angle > -Double.pi { upside.update(keys: .init(left: true), dt: 0.05); seconds += 0.05 }
        #expect(seconds > 2.5 && seconds < 4, "upside down after \(seconds) s")
        for _ in 0..<40 { t.update(keys: .init(left: true), dt: 0.1) }
        #expect(abs(t.angle + Double.pi) < 1e-12)
        // Both keys cancel (and the ramp starts again); Right turns back, slowly at first.
        t.update(keys: .init(left: true, right: true), dt: 1)
        #expect(abs(t.angle + Double.pi) < 1e-12 && t.turning == 0)
        t.update(keys: .init(right: true), dt: 0.2)
        #expect(abs(t.angle + Double.pi - rate(0.1) * 0.2) < 1e-12)
        // A huge frame counts as a quarter second at most.
        var u = TiltControl()
        u.update(keys: .init(right: true), dt: 10)
        #expect(abs(u.angle - rate(0.125) * 0.25) < 1e-12)
    }

    @Test func upAndDownScaleGravity() {
        var t = TiltControl()
        t.update(keys: .init(up: true), dt: 0.25)
        #expect(close(t.tilt, Vector(0, -1.25)))
        for _ in 0..<20 { t.update(keys: .init(down: true), dt: 0.25) }
        #expect(close(t.tilt, Vector(0, 0)))
        for _ in 0..<20 { t.update(keys: .init(up: true), dt: 0.25) }
        #expect(close(t.tilt, Vector(0, -TiltControl.maxStrength)))
    }

    @Test func stickSetsTheTiltOutsideTheDeadZone() {
        var t = TiltControl()
        let inDeadZone = t.setStick(x: 0.1, y: 0.1); #expect(!inDeadZone)
        #expect(close(t.tilt, Vector(0, -1)))
        let fullLeft = t.setStick(x: -1, y: 0); #expect(fullLeft)  // full left
        #expect(close(t.tilt, Vector(-1, 0)))
        let halfUp = t.setStick(x: 0, y: -0.5); #expect(halfUp)  // half up (SDL's y is down)
        #expect(close(t.tilt, Vector(0, 0.5)))
        let corner = t.setStick(x: 1, y: 1); #expect(corner)  // corners clamp to 1 g
        #expect(abs(t.tilt.length - 1) < 1e-12 && t.tilt.x > 0 && t.tilt.y < 0)
        let notANumber = t.setStick(x: .nan, y: 1); #expect(!notANumber)
    }

    @Test func accelerometerReadingsBecomeGravity() {
        var t = TiltControl()
        // Held upright: the sensor reads +1 g up, so gravity points down.
        t.setAccelerometer(x: 0, y: TiltControl.standardGravity)
        #expect(close(t.tilt, Vector(0, -1)))
        // Turned on its side (right side down): the reading is +x, gravity points -x... after smoothing.
        var s = TiltControl()
        s.setAccelerometer(x: TiltControl.standardGravity, y: 0)
        #expect(close(s.tilt, Vector(-1, 0)))
        // Flat on a table: nothing in the plane, the crates float.
        var f = TiltControl()
        f.setAccelerometer(x: 0, y: 0)
        #expect(close(f.tilt, Vector(0, 0)))
        // Jitter is smoothed: one reading moves a fifth of the way.
        t.setAccelerometer(x: TiltControl.standardGravity, y: TiltControl.standardGravity)
        #expect(close(t.tilt, Vector(-0.2, -1)))
    }

    /// Issue 22: L levels the box, eased in and out; a key held takes over.
    @Test func levelEasesBackToStraightDownAtOneG() {
        var t = TiltControl()
        for _ in 0..<60 { t.update(keys: .init(right: true, up: true), dt: 1.0 / 60) }
        let tilted = t.tilt
        #expect(tilted.x > 0.5 && tilted.length > 1.5)
        t.level()
        t.update(keys: .init(), dt: TiltControl.levelDuration / 2)
        // Half way in time is half way (easeInEaseOut is symmetric), along the way from the tilt to level.
        #expect(abs(t.angle - (tilted.x > 0 ? 1 : -1) * abs(atan2(tilted.x, -tilted.y)) / 2) < 1e-9 && t.isLevelling)
        t.update(keys: .init(), dt: TiltControl.levelDuration / 2)
        #expect(t.tilt == Vector(0, -1) && !t.isLevelling)
        // A key held while levelling takes over where it is.
        t.update(keys: .init(left: true), dt: 0.2)
        t.level()
        t.update(keys: .init(), dt: 0.05)
        t.update(keys: .init(right: true), dt: 0.05)
        #expect(!t.isLevelling)
    }

    /// Up and Down change the strength of gravity, never its direction (even through 0 g).
    @Test func upAndDownNeverTurnGravity() {
        var t = TiltControl()
        for _ in 0..<30 { t.update(keys: .init(left: true), dt: 1.0 / 60) }
        let angle = t.angle
        for _ in 0..<200 { t.update(keys: .init(down: true), dt: 1.0 / 60) }
        #expect(t.strength == 0 && t.angle == angle)
        for _ in 0..<300 { t.update(keys: .init(up: true), dt: 1.0 / 60) }
        #expect(t.strength == TiltControl.maxStrength && t.angle == angle)
        #expect(abs(atan2(-t.tilt.x, -t.tilt.y) + angle) < 1e-12)
    }
}
