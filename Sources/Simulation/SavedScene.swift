import Animation
import CrateboxGeometry
import CrateboxPhysics
import SceneFormat

/// A world saved as a scene (the window's save, `simulate --save`): every body
/// still here (spawned ones included) at its current pose and velocity, the
/// current gravity, and the joints whose bodies are both still here, each as it
/// holds its bodies now. Loading it starts from this state (without Chipmunk's
/// cached contact impulses). Bodies the script made are left out: it makes them again.
enum SavedScene {
    /// `world` as it is now, as a scene.
    static func of(_ world: World) -> Scene {
        let scene = world.scene, bodies = world.bodies
        var out = scene
        out.gravity = world.space.gravity
        var newIndex: [Int?] = []
        var taken = Set(bodies.compactMap { $0?.id })  // membership only; never iterated
        var bodySpecs: [BodySpec] = []
        for (index, slot) in bodies.enumerated() {
            guard let entry = slot, !entry.madeByScript else { newIndex.append(nil); continue }
            var spec = entry.spec
            spec.look = world.look(of: index)
            spec.position = entry.body.position
            spec.angle = entry.body.angle
            if spec.type != .static {
                spec.velocity = entry.body.velocity
                spec.angularVelocity = entry.body.angularVelocity
            }
            if let animation = spec.animation { carryOn(animation, &spec, elapsed: Double(world.stepsSinceBuild) * World.stepDuration) }
            newIndex.append(bodySpecs.count)
            bodySpecs.append(spec)
        }
        var joints: [JointSpec] = []
        var newJointIndex: [Int?] = Array(repeating: nil, count: scene.joints.count)
        for (index, (joint, live)) in zip(scene.joints, world.joints).enumerated() where live.space != nil {
            func map(_ ref: BodyRef) -> BodyRef? {
                switch ref {
                case .world: return .world
                case .body(let i): return newIndex[i].map(BodyRef.body)
                }
            }
            guard let a = map(joint.a), let b = map(joint.b) else { continue }
            var j = joint
            j.a = a
            j.b = b
            j.kind = Self.savedKind(joint.kind, live)
            newJointIndex[index] = joints.count
            joints.append(j)
        }
        // Bindings whose body or joint is gone go with it.
        out.controls = scene.renumberedControls(body: { newIndex[$0] }, joint: { newJointIndex[$0] })
        // Joints name bodies by id: give one to every jointed body that has none.
        for joint in joints {
            for ref in [joint.a, joint.b] {
                guard case .body(let i) = ref, bodySpecs[i].id == nil else { continue }
                var n = i
                while taken.contains("body\(n)") { n += 1 }
                bodySpecs[i].id = "body\(n)"
                taken.insert("body\(n)")
            }
        }
        out.bodies = bodySpecs
        out.joints = joints
        out.nameControlTargets()
        return out
    }

    /// A joint as it holds its bodies now, so that the saved scene holds
    /// together exactly as the running one does: a pivot by its anchor on
    /// each body (a world point would be re-split between the bodies at their
    /// saved poses, a joint's error away from where it is), a pin with its
    /// length (the anchors' distance at the saved moment is not it), a slide
    /// with its max now (a winch changes it). Springs, motors, grooves, gears and the rotary joints do not depend on the poses they were built at.
    static func savedKind(_ kind: JointSpec.Kind, _ live: Joint) -> JointSpec.Kind {
        let anchors = live.localAnchors
        switch kind {
        case .pivot, .pivotAnchors: return .pivotAnchors(anchorA: anchors.a, anchorB: anchors.b)
        case .pin: return .pin(anchorA: anchors.a, anchorB: anchors.b, distance: live.pinDistance)
        // A ratchet starts at the bodies' angle now (cpRatchetJointInit), so it
        // holds where it is (to within a click, the pawl's own state).
        // A winch's rope is saved at its length now.
        case .slide(let a, let b, _, _):
            guard case .slide(_, _, let lo, _) = live.live(kind) else { return kind }
            return .slide(anchorA: a, anchorB: b, min: lo, max: live.slideMax ?? lo)
        // What a script set (16.10) is saved as it is now; a motor's rate is the scene's (controls
        // drive it), and so are a spring's numbers (a script may set them past what the reader
        // checks for a spring's stability: the saved scene would not read back).
        case .groove, .rotaryLimit, .gear: return live.live(kind)
        case .motor, .ratchet, .spring, .rotarySpring: return kind
        }
    }

    /// An animation saved mid-run carries on from where it is: its time offset
    /// grows by the time it has played, and the body's pose in the file is the
    /// track's pose at the new scene time 0 (what the validator asks for), not
    /// the stepped pose a rounding error away from it.
    private static func carryOn(_ animation: AnimationSpec, _ spec: inout BodySpec, elapsed: Double) {
        switch animation {
        case .position(let track):
            let moved = track.withTimeOffset(track.timeOffset + elapsed)
            let p = moved.value(at: 0)
            spec.position = Vector(p.x, p.y)
            spec.animation = .position(moved)
        case .angle(let track):
            let moved = track.withTimeOffset(track.timeOffset + elapsed)
            spec.angle = moved.value(at: 0)
            spec.animation = .angle(moved)
        }
    }
}
