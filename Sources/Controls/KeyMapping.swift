/// Which held keys tilt the box: the arrows and WASD. Up/Down and W/S
/// change gravity's strength only, never its direction. S pressed with
/// Ctrl is a save (Ctrl+S), so it does not weaken gravity while held; D
/// always tilts (debug drawing has a key of its own, F2, so no timer has to
/// guess whether a press of D was a tap).
public enum KeyMapping {
    /// `sWithoutCtrl`: S is down and went down without Ctrl.
    public static func tiltKeys(left: Bool, right: Bool, up: Bool, down: Bool, a: Bool, d: Bool, w: Bool,
                                sWithoutCtrl: Bool) -> TiltControl.Keys {
        TiltControl.Keys(left: left || a, right: right || d, up: up || w, down: down || sWithoutCtrl)
    }
}
