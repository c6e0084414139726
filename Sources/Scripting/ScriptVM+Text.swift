import ScriptSandbox

/// The labels a script shows and the looks it gives bodies (docs/scene-format.md
/// 16.17), held on the C side, where `world:text` and `body:setLook` keep them
/// (a collision handler inside Chipmunk's step may flash a body: no Swift runs).
extension ScriptVM {
    /// A label `world:text` shows.
    public struct Label: Equatable, Sendable {
        /// Its id (1 to 64 bytes) and text (at most 1000 bytes; "\n" breaks lines).
        public var id: String, text: String
        /// Where: world points, or window points from the top left when `screen`.
        public var x: Double, y: Double
        /// Whether it stays in place on the window.
        public var screen: Bool
        /// Its height in the points of its place.
        public var size: Double
        /// 0xRRGGBB.
        public var color: UInt32
        /// 0 left, 1 center, 2 right.
        public var align: Int

        /// A label as its fields say.
        public init(id: String, text: String, x: Double, y: Double, screen: Bool, size: Double, color: UInt32, align: Int) {
            (self.id, self.text, self.x, self.y, self.screen, self.size, self.color, self.align) = (id, text, x, y, screen, size, color, align)
        }
    }

    /// A count that grows at every change of the labels.
    public var labelsRevision: UInt64 { UInt64(script_sandbox_labels_revision(sandbox)) }

    /// The labels shown, in the order drawn.
    public var labels: [Label] {
        (0..<Int(script_sandbox_label_count(sandbox))).map { i in
            let l = script_sandbox_label(sandbox, Int32(i))
            return Label(id: Self.text(l.id, l.idLength), text: Self.text(l.text, l.textLength), x: l.x, y: l.y,
                         screen: l.screen != 0, size: l.size, color: UInt32(l.color), align: Int(l.align))
        }
    }

    private static func text(_ bytes: UnsafePointer<CChar>?, _ length: Int) -> String {
        guard let bytes, length > 0 else { return "" }
        return bytes.withMemoryRebound(to: UInt8.self, capacity: length) { String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self) }
    }

    /// Shows a label (a state read back gives its labels), checked as `world:text` checks it; nil, or why not.
    package func show(_ label: Label) -> String? {
        var id = Array(label.id.utf8), text = Array(label.text.utf8)
        return id.withUnsafeMutableBufferPointer { i in
            text.withUnsafeMutableBufferPointer { t in
                let raw = script_label(id: UnsafeRawPointer(i.baseAddress)?.assumingMemoryBound(to: CChar.self), idLength: i.count,
                                       text: UnsafeRawPointer(t.baseAddress)?.assumingMemoryBound(to: CChar.self), textLength: t.count,
                                       x: label.x, y: label.y, size: label.size, screen: label.screen ? 1 : 0, color: label.color, align: Int32(label.align))
                return withUnsafePointer(to: raw) { script_sandbox_put_label(sandbox, $0).map { String(cString: $0) } }
            }
        }
    }

    /// Removes every label (a state read back shows its own).
    package func clearLabels() { script_sandbox_clear_labels(sandbox) }

    /// A count that grows whenever a body's look is set.
    public var looksRevision: UInt64 { UInt64(script_sandbox_looks_revision(sandbox)) }

    /// The look code body `index` is drawn with (0xRRGGBB, or SCRIPT_LOOK_CRATE, _BALL, _PLAIN); nil when it is not bound.
    package func lookCode(of index: Int) -> Int64? {
        var code: Int64 = 0
        return script_sandbox_body_look(sandbox, Int64(index), &code) != 0 ? code : nil
    }

    /// Sets body `index`'s look code (a state read back); false when it is not bound or the code is no look.
    package func setLookCode(_ code: Int64, of index: Int) -> Bool {
        script_sandbox_set_body_look(sandbox, Int64(index), code) != 0
    }

    /// The look codes of the names: crate, ball and plain (a colour is its 0xRRGGBB).
    package static let lookCodes = (crate: Int64(SCRIPT_LOOK_CRATE), ball: Int64(SCRIPT_LOOK_BALL), plain: Int64(SCRIPT_LOOK_PLAIN))
}
