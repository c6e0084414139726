import CrateboxGeometry
import Render

/// The window's part in the sound: where it looks, and whether it holds
/// still (paused, in the past, rebuilding: silent).
extension App {
    /// After a frame is drawn: the listener follows what is shown (where it
    /// looks), and is held still while the world is (paused, in the past, rebuilding).
    func moveListener(following status: PhysicsStatus) {
        guard let output = sound.output, let layout = looking.drawnLayout else { return }
        let camera = self.camera(in: layout), room = layout.world
        let a = camera.toWorld(x: Double(room.x), y: Double(room.y + room.h)), b = camera.toWorld(x: Double(room.x + room.w), y: Double(room.y))
        output.look(at: Vector(min(a.x, b.x), min(a.y, b.y)), Vector(max(a.x, b.x), max(a.y, b.y)))
        output.held.store(status.paused || status.showing != nil || status.rebuilding != nil, ordering: .relaxed)
    }
}
