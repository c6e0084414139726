#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CrateboxGeometry
import CrateboxPhysics
import SceneFormat
import Sound

/// A sound the world made, and where (world points). Whoever plays it places
/// it between the speakers by where it is on screen (Sound's `placed(atX:y:in:)`).
public struct Heard: Equatable, Sendable, BitwiseCopyable {
    /// What is heard, centred and at full gain.
    public var sound: SoundEvent
    /// Where it happened.
    public var position: Vector

    /// `sound`, heard at `position`.
    public init(sound: SoundEvent, position: Vector) {
        self.sound = sound
        self.position = position
    }
}

/// What a world's steps sound like, while it is listening (the world holds
/// one then). It reads the world after each step and never changes it: a world
/// listening steps to the same bits as one that is not.
final class Hearing {
    let contacts = ContactListener()
    /// What was heard since the last `takeHeard()`.
    var heard: [Heard] = []
    /// By construction index: whether some of the body was under water after the last step
    /// (nil until the first step heard: what is in the water then was there already).
    var wet: [Bool]?
    /// How fast a fall across the whole box lands: the speed heard at full strength.
    let fullSpeed: Double
    /// The mass of the scene's spawn body (a crate): a blow's energy is heard against this one's.
    let referenceMass: Double

    init(scene: Scene) {
        let g = scene.gravity.length > 0 ? scene.gravity.length : 1000
        fullSpeed = (2 * g * max(scene.height, 1)).squareRoot()
        referenceMass = max(scene.spawn.totalMass ?? 100, 1e-9)
    }

    /// The world was built again: its contacts and bodies are new (what was heard stays to be taken).
    func rebuilt() {
        contacts.forget()
        wet = nil
    }

    /// The slowest meeting heard: a thirtieth of `fullSpeed` (strength 0.26; a
    /// pile's jostling is quieter than this, and would cost the physics thread for nothing).
    var leastSpeed: Double { fullSpeed / 30 }

    /// How loud a blow is, from its energy (½ m v², m the two bodies' reduced
    /// mass): strength 1 for the spawn body landing at `fullSpeed`, 0 at a
    /// hundredth of that speed (40 dB down), even in decibels between; ten
    /// times the mass is as loud as about three times the speed.
    func strength(ofSpeed speed: Double, mass: Double) -> Double {
        guard speed > 0, mass > 0 else { return 0 }
        return 1 + 0.5 * Math.log10(speed / fullSpeed) + 0.25 * Math.log10(mass / referenceMass)
    }

    /// Adds a sound heard now.
    func hear(_ kind: SoundEvent.Kind, strength: Double, size: Double, at position: Vector) {
        heard.append(Heard(sound: SoundEvent(kind, strength: strength, size: size), position: position))
    }

    /// A `world:sound` kind by the name the script gave it (script_world.c refuses any other).
    static func scriptSoundKind(_ name: String) -> SoundEvent.Kind? {
        switch name {
        case "wood": .impact(.wood)
        case "rubber": .impact(.rubber)
        case "metal": .impact(.metal)
        case "stone": .impact(.stone)
        case "splash": .splash
        case "snap": .snap
        case "cut": .cut
        case "explosion": .explosion
        case "hiss": .hiss
        default: nil
        }
    }

    /// After a step of `world`: what its script sounded, the contacts that began or
    /// struck harder, the bodies that entered water, the joints that snapped.
    func hear(step world: World, scripted: [(kind: String, x: Double, y: Double, strength: Double, size: Double)], broken: [Joint]) {
        for s in scripted {
            guard let kind = Self.scriptSoundKind(s.kind) else { continue }
            hear(kind, strength: s.strength, size: s.size, at: Vector(s.x, s.y))
        }
        // The first step of a build finds every resting contact new: a start or a reset is not a crash.
        if world.stepsSinceBuild > 1 {
            for onset in contacts.onsets(in: world.space, leastSpeed: leastSpeed, jump: 2) { hearImpact(onset, in: world) }
        }
        if !world.scene.fluids.isEmpty { hearSplashes(in: world) }
        for joint in broken {
            let p = (joint.a.position + joint.b.position) * 0.5
            hear(.snap, strength: 0.8, size: 16, at: p)
        }
    }

    /// One voice per onset: the lighter of the two bodies that can move sounds (a
    /// small crate on a big one clicks), with its shape's material.
    private func hearImpact(_ onset: ContactOnset, in world: World) {
        let a = onset.a, b = onset.b
        let struck = a.body.kind != .dynamic ? b : b.body.kind != .dynamic ? a : (a.body.mass <= b.body.mass ? a : b)
        let bb = struck.boundingBox
        let size = max(bb.max.x - bb.min.x, bb.max.y - bb.min.y)
        // The reduced mass the blow moved: its impulse over how fast the two met.
        let mass = onset.speed > 0 ? (onset.impulse - onset.previous) / onset.speed : 0
        hear(.impact(Self.material(of: struck, in: world)), strength: strength(ofSpeed: onset.speed, mass: mass), size: size, at: onset.point)
    }

    /// A shape's material: the scene's word for it, or its geometry's (walls are stone).
    static func material(of shape: Shape, in world: World) -> SoundEvent.Material {
        guard let index = world.index(of: shape.body), let entry = world.bodies[index],
              let i = entry.shapes.firstIndex(where: { $0 === shape }), i < entry.spec.shapes.count else { return .stone }
        return material(entry.spec.shapes[i].heardAs)
    }

    /// The sound layer's material for the scene's word.
    static func material(_ sound: ShapeSound) -> SoundEvent.Material {
        switch sound {
        case .wood: .wood
        case .rubber: .rubber
        case .metal: .metal
        case .stone: .stone
        }
    }

    /// A body that was dry after the last step and has some part in water now splashes, as loud as it was falling.
    private func hearSplashes(in world: World) {
        let known = wet != nil, bodies = world.bodies, fluids = world.scene.fluids
        var wetNow = wet ?? []
        if wetNow.count < bodies.count { wetNow += Array(repeating: false, count: bodies.count - wetNow.count) }
        defer { wet = wetNow }
        for (index, entry) in bodies.enumerated() {
            guard let entry, entry.kind == .dynamic else { continue }
            // Where the water pushes it (World+Toys.swift): a shape reaching into a fluid.
            let isWet = entry.shapes.contains { shape in !shape.isSensor && fluids.contains { $0.reaches(shape.boundingBox) } }
            if isWet && !wetNow[index] && known {
                let bb = entry.shapes[0].boundingBox
                hear(.splash, strength: strength(ofSpeed: entry.velocity.length, mass: entry.mass), size: bb.max.x - bb.min.x, at: entry.body.position)
            }
            wetNow[index] = isWet
        }
    }
}

/// Sounds from what the physics does (the window plays them; `render` mixes
/// them into its audio): the world's side of its `Hearing`.
extension World {
    /// Whether the world collects what its steps sound like (`takeHeard()`).
    public var listening: Bool {
        get { hearing != nil }
        set {
            guard newValue != listening else { return }
            hearing = newValue ? Hearing(scene: scene) : nil
        }
    }

    /// What was heard since the last call, in the order it happened.
    public func takeHeard() -> [Heard] {
        guard let hearing, !hearing.heard.isEmpty else { return [] }
        defer { hearing.heard = [] }
        return hearing.heard
    }

    /// After a step: what it sounded like, if the world is listening.
    func hearStep(broken: [Joint]) {
        let scripted = script?.vm.takeSounds() ?? []  // taken every step: a world not listening forgets them
        hearing?.hear(step: self, scripted: scripted, broken: broken)
    }

    /// Adds a sound heard now, if the world is listening.
    func hear(_ kind: SoundEvent.Kind, strength: Double, size: Double, at position: Vector) {
        hearing?.hear(kind, strength: strength, size: size, at: position)
    }
}
