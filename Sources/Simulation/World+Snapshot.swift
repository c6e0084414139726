import Bytes
import CrateboxGeometry
import CrateboxPhysics
import SceneFormat

/// The exact state of a world: Chipmunk's space as bytes (Physics'
/// `Space.snapshot`) with what the world keeps beside it (which body each
/// construction index is, the grab, the tilt, the clocks, held keys, broken
/// joints). A world read back steps bit-identically to the one written, forever.
/// Written between steps only; the scene is not in the bytes (the caller has it).
extension World {
    /// Nil when exact states can be written with this build of Chipmunk; else why not, in a line.
    public static var snapshotUnavailable: String? { Space.snapshotUnavailable }

    /// The world's exact state as bytes.
    public func snapshot() throws(WorldError) -> [UInt8] {
        try stateWriter.bytes(of: self)
    }

    /// A world read back from `snapshot()`'s bytes, for the scene it was written from.
    public convenience init(scene: Scene, snapshot bytes: [UInt8]) throws(WorldError) {
        let restored: RestoredWorld
        do {
            restored = try RestoredWorld(scene: scene, bytes: bytes)
        } catch let error as ByteReader.Malformed {
            throw WorldError("not the exact state of this scene: \(error)")
        } catch let error as PhysicsError {
            throw WorldError("\(error)")
        } catch {
            throw WorldError("\(error)")
        }
        self.init(scene: scene, restored: restored)
        script = try ScriptHost.restored(restored.script, in: self)
    }
}
