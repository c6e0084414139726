import CrateboxGeometry
import CrateboxReplay
import Simulation
import TestSupport

/// What random inputs drive: a session, or a timeline (which keeps keyframes as it steps).
protocol RandomlyDriven {
    var world: World { get }
    func input(_ event: Event) throws
    func advance() throws
}

extension Session: RandomlyDriven {
    func input(_ event: Event) throws { try apply(event) }
    func advance() throws { try step() }
}

extension Timeline: RandomlyDriven {
    func input(_ event: Event) throws { try apply(event) }
    func advance() throws { try step() }
}

/// Seeded random inputs of every kind for `steps` steps, in any scene.
func driveRandomly(_ session: some RandomlyDriven, _ rng: inout SeededGenerator, steps: Int) throws {
    let world = session.world, w = world.scene.width, h = world.scene.height
    for _ in 0..<steps {
        if Int.random(in: 0..<10, using: &rng) == 0 {
            let live = world.bodies.indices.filter { world.bodies[$0]?.kind == .dynamic }
            let p = Vector(Double.random(in: 0.1...0.9, using: &rng) * w, Double.random(in: 0.1...0.9, using: &rng) * h)
            switch Int.random(in: 0..<10, using: &rng) {
            case 0, 1: try? session.input(.tilt(x: Double.random(in: -1...1, using: &rng), y: Double.random(in: -1...0.2, using: &rng)))
            case 2: try? session.input(.spawn(x: p.x, y: p.y))
            case 3:
                if let index = live.randomElement(using: &rng) {
                    let at = world.bodies[index]!.pose.position
                    try? session.input(.grab(body: index, x: at.x, y: at.y))
                }
            case 4: try? session.input(.drag(x: p.x, y: p.y))
            case 5: try? session.input(.release)
            case 6: if live.count > 3, let index = live.randomElement(using: &rng) { try? session.input(.remove(body: index)) }
            case 7:
                // The knife, from above the box to below it, through a body (it may cut others too).
                if let index = live.randomElement(using: &rng) {
                    let at = world.bodies[index]!.pose.position, lean = Double.random(in: -0.3...0.3, using: &rng) * h
                    try? session.input(.slice(a: Vector(at.x - lean, h + 50), b: Vector(at.x + lean, -50)))
                }
            case 8:
                try? session.input(.explode(x: p.x, y: p.y, radius: Double.random(in: 50...300, using: &rng),
                                            impulse: Double.random(in: 0...200_000, using: &rng)))
            default: if Int.random(in: 0..<5, using: &rng) == 0 { try? session.input(.reset) }
            }
        }
        try session.advance()
    }
}

/// A shipped scene's session at step 0.
func shippedSession(_ name: String) throws -> Session {
    let (scene, text) = try loadShippedSceneWithText(name)
    return try Session(LoadedScene(scene: scene, text: text, fileName: name))
}

