#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Animation
import CrateboxGeometry

/// The accelerometer stand-in: turns held keys, a gamepad stick and a real
/// accelerometer into a tilt reading in g, the way a phone's accelerometer
/// reports gravity. Pure arithmetic, so the mapping is unit-tested; the app
/// feeds it and sends `Event.tilt` when the reading changes.
public struct TiltControl: Sendable {
    /// Keys held this frame.
    public struct Keys: Equatable, Sendable {
        public var left = false, right = false, up = false, down = false
        public init(left: Bool = false, right: Bool = false, up: Bool = false, down: Bool = false) {
            self.left = left; self.right = right; self.up = up; self.down = down
        }
    }

    /// Radians per second that Left/Right turn gravity: `startRate` when a key
    /// goes down, rising to `turnRate` over `rampTime` of holding it, so that
    /// a tap tilts a few degrees and holding turns the box a little at a time,
    /// as a person tilts a phone (issue 46: it was upside down in 1.5 s).
    public static let turnRate = 1.2
    public static let startRate = 0.3
    public static let rampTime = 1.5
    /// How long Left or Right has been held (0 when neither, or both).
    public private(set) var turning = 0.0
    /// g per second that Up/Down change its strength.
    public static let strengthRate = 1.0
    public static let maxStrength = 2.0
    /// Stick deflections below this are noise.
    public static let deadZone = 0.2
    /// Standard gravity, to turn an accelerometer's m/s² into g.
    public static let standardGravity = 9.80665

    /// Gravity's direction: 0 is straight down, positive turns it towards +x.
    public private(set) var angle = 0.0
    /// Gravity's strength in g.
    public private(set) var strength = 1.0
    /// The last accelerometer reading, smoothed, in g.
    private var accelerometer: Vector?
    /// Levelling (L): where it started, and how far it has gone (seconds).
    private var levelling: (angle: Double, strength: Double, elapsed: Double)?
    /// How long levelling takes, eased in and out.
    public static let levelDuration = 0.4

    public init() {}

    /// The reading: gravity's direction and strength as (x, y) in g, y up.
    public var tilt: Vector {
        Vector(strength * sin(angle), -strength * cos(angle))
    }

    /// Held keys turn and scale gravity smoothly: Left and Right turn the box,
    /// Up and Down make gravity stronger or weaker.
    public mutating func update(keys: Keys, dt: Double) {
        guard dt.isFinite, dt > 0 else { return }
        let dt = min(dt, 0.25)
        if keys != Keys() { levelling = nil }  // a key held takes over
        if let from = levelling {
            let elapsed = from.elapsed + dt
            let t = min(elapsed / TiltControl.levelDuration, 1), k = TimingFunction.easeInEaseOut(t)
            angle = t >= 1 ? 0 : from.angle * (1 - k)
            strength = t >= 1 ? 1 : from.strength + (1 - from.strength) * k
            levelling = t >= 1 ? nil : (from.angle, from.strength, elapsed)
            return
        }
        if keys.left != keys.right {
            // The rate at the frame's middle of the ramp (linear from startRate to turnRate).
            let held = turning + dt / 2
            let rate = TiltControl.startRate + (TiltControl.turnRate - TiltControl.startRate) * min(held / TiltControl.rampTime, 1)
            turning += dt
            angle += (keys.left ? -1 : 1) * rate * dt
            angle = min(max(angle, -Double.pi), Double.pi)
        } else {
            turning = 0
        }
        if keys.up != keys.down {
            strength += (keys.up ? 1 : -1) * TiltControl.strengthRate * dt
            strength = min(max(strength, 0), TiltControl.maxStrength)
        }
    }

    /// A gamepad stick (SDL axes scaled to [-1, 1], y down) sets the tilt
    /// directly: gravity points where the stick points, as strong as it is
    /// deflected (at most 1 g). Inside the dead zone it leaves the tilt alone.
    /// Returns whether it set the tilt.
    @discardableResult
    public mutating func setStick(x: Double, y: Double) -> Bool {
        guard x.isFinite, y.isFinite else { return false }
        let length = (x * x + y * y).squareRoot()
        guard length > TiltControl.deadZone else { return false }
        let strength = min(length, 1)
        angle = atan2(x, y)  // (x, -y) is the direction in y-up coordinates
        self.strength = strength
        return true
    }

    /// A real accelerometer reading in m/s² (SDL's controller sensor: x right,
    /// y up, z towards you; at rest it reads +9.8 on the axis pointing up).
    /// Gravity points the other way, so the tilt is minus the reading, in g,
    /// low-pass filtered against the sensor's jitter.
    public mutating func setAccelerometer(x: Double, y: Double) {
        guard x.isFinite, y.isFinite else { return }
        let reading = Vector(-x / TiltControl.standardGravity, -y / TiltControl.standardGravity)
        let smoothed = accelerometer.map { $0 + (reading - $0) * 0.2 } ?? reading
        accelerometer = smoothed
        let length = min(smoothed.length, TiltControl.maxStrength)
        strength = length
        if smoothed.length > 1e-9 { angle = atan2(smoothed.x, -smoothed.y) }
    }

    /// L: back to level (gravity straight down at 1 g), eased over
    /// `levelDuration` by the next updates, unless a key takes over.
    public mutating func level() {
        accelerometer = nil
        levelling = (angle, strength, 0)
    }

    /// Whether `level()` is still easing the box back.
    public var isLevelling: Bool { levelling != nil }

    /// Back to level at once: gravity straight down at 1 g.
    public mutating func reset() {
        levelling = nil
        angle = 0
        strength = 1
        accelerometer = nil
    }
}
