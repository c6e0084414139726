import ScriptSandbox

/// Collision handlers in scripts (docs/scene-format.md 16.7): the space they
/// are set on, what failed inside a step, and the separate callbacks
/// delivered after it in cratebox's order.
extension ScriptVM {
    /// A scene's collision type name as the number Chipmunk's shapes hold (16.7).
    public static func collisionType(_ name: String) -> UInt64 {
        var bytes = Array(name.utf8)
        return bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { script_collision_type($0.baseAddress, $0.count) }
        }
    }

    /// The space the script's handlers are set on and call this state from
    /// (nil: none), and its spatial hash's cell size (0: a bounding-box tree),
    /// which bounds what a query may ask of the hash. Leave a space (attach to nil) before it goes.
    public func attach(to space: OpaquePointer?, hashCell: Double = 0) {
        script_sandbox_set_space(sandbox, space)
        script_sandbox_set_hash_cell(sandbox, hashCell)
    }

    /// Leaves `space` if it is the one the script is attached to (a world
    /// going away leaves its own space, never the one a script moved on to).
    public func leave(_ space: OpaquePointer) {
        script_sandbox_leave_space(sandbox, space)
    }

    /// Throws the first error a collision callback met in the last step, if one did.
    public func checkCallbacks() throws(ScriptError) {
        if let error = script_sandbox_callback_error(sandbox) { throw ScriptError(String(cString: error)) }
    }

    /// Calls the separate callbacks that wait, in the order of their shapes' ids.
    public func deliverSeparations() throws(ScriptError) {
        if let error = script_sandbox_deliver_separations(sandbox) { throw ScriptError(String(cString: error)) }
    }

    /// The collision types' names the script's handlers were set for (both of a pair's, not "*"), in order.
    public var handlerTypes: [String] {
        (0..<Int(script_sandbox_handler_type_count(sandbox))).map { String(cString: script_sandbox_handler_type(sandbox, Int32($0))) }
    }
}
