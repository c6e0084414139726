#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CrateboxGeometry
import CrateboxPhysics
import SceneFormat

/// The scene's controls: keys and buttons that drive its motors, thrusters,
/// servos and winches while held (docs/scene-format.md, section 14.3, normative).
extension World {
    /// A key event: `trigger` goes down or comes up. A scene's key binds it
    /// (section 14.3); a scene with a script also takes any key a scene may
    /// bind, for its script alone (`isDown`, `keypressed`: 16.13).
    func press(_ trigger: ControlTrigger, down: Bool) throws(WorldError) {
        guard World.takesKey(trigger, scene: scene) else {
            if scene.script != nil, case .key = trigger {
                throw WorldError("\(trigger) is not bound in the scene's controls, nor a key a scene may bind (scene-format.md 14)")
            }
            throw WorldError("\(trigger) is not bound in the scene's controls")
        }
        let wasHeld = held.contains(trigger)
        if down {
            guard !wasHeld else { throw WorldError("\(trigger) is already down") }
        } else {
            guard wasHeld else { throw WorldError("\(trigger) is not down") }
        }
        if scene.script != nil, case .key(let name) = trigger { inputs.append(.key(name, down: down)) }
        if down {
            held.append(trigger)
            for binding in scene.controls where binding.trigger == trigger { applyMotor(binding) }
            return
        }
        held.removeAll { $0 == trigger }
        for binding in scene.controls where binding.trigger == trigger {
            guard case .motor(let index, _, _) = binding.action, let joint = liveJoint(index),
                  case .motor(let rate) = scene.joints[index].kind else { continue }
            joint.motorRate = rate
            joint.maxForce = scene.joints[index].maxForce
            // Another key still held on the same motor takes it back (Left held, Right let go).
            for other in scene.controls where other.action.joint == index && held.contains(other.trigger) {
                applyMotor(other)
            }
        }
        var stopped: [Int] = []
        for binding in scene.controls where binding.trigger == trigger {
            guard case .servo(let index, _, _, _) = binding.action, !stopped.contains(index) else { continue }
            stopped.append(index)
            guard let body = bodies[index]?.body else { continue }
            let stillDriven = scene.controls.contains {
                if case .servo(index, _, _, _) = $0.action { held.contains($0.trigger) } else { false }
            }
            if !stillDriven {
                body.velocity = .zero
                body.angularVelocity = 0
            }
        }
    }

    /// Whether `scene` takes a key event for `trigger`: one its controls bind,
    /// or, in a scene with a script, any key a scene may bind (16.13). A
    /// world read back holds only such keys (RestoredWorld).
    static func takesKey(_ trigger: ControlTrigger, scene: Scene) -> Bool {
        if scene.controls.contains(where: { $0.trigger == trigger }) { return true }
        guard scene.script != nil, case .key(let name) = trigger else { return false }
        return ControlTrigger.keyNames.contains(name)
    }

    /// After a reset: the motors of the keys still held turn at their keys' rates again.
    func reapplyHeldMotors() {
        guard !held.isEmpty else { return }
        for binding in scene.controls where held.contains(binding.trigger) { applyMotor(binding) }
    }

    /// Before every step: the held thrusters and winches in file order, then
    /// each servo body's held velocities added up.
    func driveControls() {
        guard !held.isEmpty else { return }
        for binding in scene.controls where held.contains(binding.trigger) {
            switch binding.action {
            case .thruster(let index, let force, let at):
                guard let body = bodies[index]?.body else { continue }
                body.applyForce(force, atLocalPoint: at)
                hear(.hiss, strength: 0.5, size: 32, at: body.localToWorld(at))
            case .winch(let index, let speed):
                guard let joint = liveJoint(index), let now = joint.slideMax,
                      case .slide(_, _, let lo, let hi) = scene.joints[index].kind else { continue }
                var m = now + speed * World.stepDuration
                m = fmax(m, lo)  // C's, as the format says (they differ from Swift's on -0 and 0)
                m = fmin(m, hi)
                joint.slideMax = m
            case .motor, .servo, .script:
                continue
            }
        }
        for index in servoBodies {
            guard let body = bodies[index]?.body else { continue }
            var vx = 0.0, vy = 0.0, w = 0.0, driven = false
            for binding in scene.controls where held.contains(binding.trigger) {
                guard case .servo(index, let v, let spin, let local) = binding.action else { continue }
                driven = true
                var (x, y) = (v.x, v.y)
                if local {
                    let r = body.rotation
                    (x, y) = (x * r.x - y * r.y, x * r.y + y * r.x)
                }
                vx = vx + x
                vy = vy + y
                w = w + spin
            }
            guard driven else { continue }
            body.velocity = Vector(vx, vy)
            body.angularVelocity = w
        }
    }

    /// A motor binding's two calls: its rate and force (the joint's own force when it names none).
    private func applyMotor(_ binding: ControlBinding) {
        guard case .motor(let index, let rate, let force) = binding.action, let joint = liveJoint(index) else { return }
        joint.motorRate = rate
        joint.maxForce = force ?? scene.joints[index].maxForce
    }

    /// The scene's joint `index` if it is still in the space (not removed with a body, not broken).
    private func liveJoint(_ index: Int) -> Joint? {
        guard joints.indices.contains(index), joints[index].space != nil else { return nil }
        return joints[index]
    }

    /// The bodies servos move, in the order of each one's first servo binding in the file.
    static func servoBodies(of scene: Scene) -> [Int] {
        var found: [Int] = []
        for binding in scene.controls {
            if case .servo(let index, _, _, _) = binding.action, !found.contains(index) { found.append(index) }
        }
        return found
    }
}
