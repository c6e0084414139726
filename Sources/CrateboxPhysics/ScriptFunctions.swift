import CChipmunk
import ChipmunkCallbacks

/// What a scene script may take over from Chipmunk: a body's integration, a joint's
/// force and its solver callbacks (docs/scene-format.md 16.8 and 16.10).
extension Body {
    /// Lets a scene script integrate the body (docs/scene-format.md 16.8):
    /// Chipmunk calls the script's velocity function, position function, or
    /// both, instead of its own (which a script may call in turn).
    public func useScriptFunctions(velocity: Bool, position: Bool) {
        cratebox_body_set_script_functions(raw, velocity ? 1 : 0, position ? 1 : 0)
    }
}

extension Joint {
    /// Lets a scene script compute what the joint does (docs/scene-format.md
    /// 16.10): a damped spring's force, a damped rotary spring's torque, and
    /// a pre- and post-solve Chipmunk calls around the solver's work on it.
    public func useScriptFunctions(force: Bool, torque: Bool, preSolve: Bool, postSolve: Bool) {
        cratebox_joint_set_script_functions(raw, force ? 1 : 0, torque ? 1 : 0, preSolve ? 1 : 0, postSolve ? 1 : 0)
    }

    /// The Chipmunk joint, for C code that reads and sets it between steps
    /// and in its callbacks (a scene script's sandbox); never freed elsewhere.
    package var chipmunkConstraint: OpaquePointer { raw }
}
