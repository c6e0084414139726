import ScriptSandbox

/// What lasts between a script's steps (docs/scene-format.md 16.6): the
/// globals are fixed after the top level, and the global `state` is the
/// script's part of a world's exact state.
extension ScriptVM {
    /// Fixes the globals (only `state` may be set from now on) and keeps a
    /// digest of what they reach; call right after the top level ran.
    public func freeze() throws(ScriptError) {
        if let error = script_sandbox_freeze(sandbox) { throw ScriptError(String(cString: error)) }
    }

    /// The digest of what the top level left: the same script with the same
    /// world gives the same digest in every process.
    public var topDigest: UInt64 { script_sandbox_top_digest(sandbox) }

    /// `state` as bytes (16.6). Throws, saying what, when anything but
    /// `state` changed since the top level, or `state` is not plain data.
    public func savedState() throws(ScriptError) -> [UInt8] {
        var bytes: UnsafePointer<UInt8>?
        var length = 0
        if let error = script_sandbox_save(sandbox, &bytes, &length) { throw ScriptError(String(cString: error)) }
        guard let bytes else { return [] }
        return Array(UnsafeBufferPointer(start: bytes, count: length))
    }

    /// Sets `state` from `savedState()`'s bytes, in a state whose top level
    /// ran with the same result; throws for bytes that are not such a state.
    /// `withoutCode`: the bytes begin with the digest states before version 5 have, which leaves the functions' code out.
    public func restore(state bytes: [UInt8], withoutCode: Bool = false) throws(ScriptError) {
        script_sandbox_expect_legacy_digest(sandbox, withoutCode ? 1 : 0)
        defer { script_sandbox_expect_legacy_digest(sandbox, 0) }
        let error = bytes.withUnsafeBufferPointer { script_sandbox_restore(sandbox, $0.baseAddress, $0.count) }
        if let error { throw ScriptError(String(cString: error)) }
    }

    /// What the last `world:reset(keep)` kept, as plain-data bytes (nil: no keep, 16.9).
    public var kept: [UInt8]? {
        var length = 0
        guard let bytes = script_sandbox_kept(sandbox, &length) else { return nil }
        return Array(UnsafeBufferPointer(start: bytes, count: length))
    }

    /// Gives the modules `require` loads (docs/scene-format.md 16.18), before the top level runs.
    public func give(modules: [(name: String, text: String)]) throws(ScriptError) {
        for module in modules {
            let text = Array(module.text.utf8)
            let error = text.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { script_sandbox_add_module(sandbox, module.name, $0.baseAddress, $0.count) }
            }
            if let error { throw ScriptError(String(cString: error)) }
        }
    }

    /// Sets the global `kept` from such bytes; before the top level runs.
    public func give(kept bytes: [UInt8]) throws(ScriptError) {
        let error = bytes.withUnsafeBufferPointer { script_sandbox_set_kept(sandbox, $0.baseAddress, $0.count) }
        if let error { throw ScriptError(String(cString: error)) }
    }
}
