import CChipmunk
import ChipmunkCallbacks
import ChipmunkPrivate

// What is attached to a body, from Chipmunk's own per-body lists: removing a
// body finds its shapes and joints without scanning the space.
extension Body {
    /// The shapes on this body that are in a space, in Chipmunk's list order.
    var attachedShapes: [Shape] {
        Body.collect { cratebox_body_shapes(raw, $0, $1) }.compactMap(Shape.from)
    }

    /// The joints on this body that are in a space, in Chipmunk's list order.
    var attachedJoints: [Joint] {
        Body.collect { cratebox_body_constraints(raw, $0, $1) }.compactMap(Joint.from)
    }

    /// Asks `list` (out, capacity) -> total for the pointers, with more room if it had too little.
    private static func collect(_ list: (UnsafeMutablePointer<OpaquePointer?>?, Int32) -> Int32) -> [OpaquePointer] {
        var buffer = [OpaquePointer?](repeating: nil, count: 16)
        var total = Int(buffer.withUnsafeMutableBufferPointer { list($0.baseAddress, Int32($0.count)) })
        if total > buffer.count {
            buffer = [OpaquePointer?](repeating: nil, count: total)
            total = Int(buffer.withUnsafeMutableBufferPointer { list($0.baseAddress, Int32($0.count)) })
        }
        return buffer.prefix(total).compactMap { $0 }
    }
}
