import Animation
import Physics

/// Which held keys tilt the box. D and S double as commands (D tapped toggles
/// debug drawing; Ctrl+S saves), so they tilt only once held for a moment,
/// and S never while it was pressed with Ctrl.
public enum KeyMapping {
    /// Milliseconds D or S must be held before they tilt.
    public static let holdToTilt: UInt64 = 200

    /// `dHeld` and `sHeld`: how long the key has been down (nil when up, or
    /// for S when it went down with Ctrl).
    public static func tiltKeys(left: Bool, right: Bool, up: Bool, down: Bool, a: Bool, w: Bool,
                                dHeld: UInt64?, sHeld: UInt64?) -> TiltControl.Keys {
        TiltControl.Keys(left: left || a,
                         right: right || (dHeld.map { $0 >= holdToTilt } ?? false),
                         up: up || w,
                         down: down || (sHeld.map { $0 >= holdToTilt } ?? false))
    }
}
