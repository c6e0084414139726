import CrateboxGeometry
import FileOutput
import Render

/// The window's part in the sound: where it looks, whether it holds still
/// (paused, in the past, rebuilding: silent), M, and the trace at close.
extension App {
    /// After a frame is drawn: the sound follows what is shown.
    func hear(_ status: PhysicsStatus) {
        guard let sound, let layout = looking.drawnLayout else { return }
        let camera = self.camera(in: layout), room = layout.world
        let a = camera.toWorld(x: Double(room.x), y: Double(room.y + room.h)), b = camera.toWorld(x: Double(room.x + room.w), y: Double(room.y))
        sound.look(at: Vector(min(a.x, b.x), min(a.y, b.y)), Vector(max(a.x, b.x), max(a.y, b.y)))
        sound.held.store(status.paused || status.showing != nil || status.rebuilding != nil, ordering: .relaxed)
    }

    /// M: sound off, or on again.
    func toggleSound() {
        guard let sound else { return hud.show(soundSaid ?? "no sound") }
        let muted = !sound.muted.load(ordering: .relaxed)
        sound.muted.store(muted, ordering: .relaxed)
        hud.show(muted ? "sound off (M turns it on)" : "sound on")
    }

    /// Whether M has turned the sound off.
    var soundMuted: Bool { sound?.muted.load(ordering: .relaxed) ?? false }

    /// Closes the device; writes the trace if one was asked for. Returns the files not written.
    func closeSound() -> [String] {
        guard let sound else { return [] }
        sound.close()
        guard let path = options.soundLog else { return [] }
        do {
            try AtomicFile.write(Array((sound.traceLines.joined(separator: "\n") + "\n").utf8), to: path)
            return []
        } catch {
            return ["\(error)"]
        }
    }
}
