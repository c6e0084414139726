import Physics
import SceneFormat

/// A shape as debug drawing shows it: where it is, what state its body is in,
/// and its bounding box.
public struct ShapeOutline: Sendable {
    public enum State: Sendable { case fixed, sleeping, awake }
    public let geometry: Shape.Geometry
    public let pose: Pose
    public let state: State
    public let boundingBox: (min: Vector, max: Vector)
    /// The construction index of its body (nil for walls and the grab's hand).
    public let bodyIndex: Int?
}

/// Read-only queries for drawing and picking, by construction index: the
/// world never hands out its Chipmunk space (as Box2D v3 exposes its world by ids).
extension World {
    /// The walls' shapes (on the space's static body, in world coordinates).
    public var wallShapes: [Shape.Geometry] {
        if let wallCache { return wallCache }
        let walls = space.shapes.filter { $0.body === space.staticBody }.map(\.geometry)
        wallCache = walls
        return walls
    }

    /// Every shape in the world, walls and the hand included, `alpha` of the way through the last step.
    public func outlines(alpha: Double) -> [ShapeOutline] {
        // Construction indices by body, for the bodies drawn between steps.
        var indexOf: [ObjectIdentifier: Int] = [:]  // lookups only; never iterated
        for (i, entry) in bodies.enumerated() { if let entry { indexOf[ObjectIdentifier(entry.body)] = i } }
        return space.shapes.map { shape in
            let body = shape.body
            let fixed = body === space.staticBody || body.kind == .static
            let index = indexOf[ObjectIdentifier(body)]
            let pose = fixed || index == nil ? Pose(position: body.position, angle: body.angle) : pose(of: index!, alpha: alpha)
            return ShapeOutline(geometry: shape.geometry, pose: pose, state: fixed ? .fixed : body.isSleeping ? .sleeping : .awake,
                                boundingBox: shape.boundingBox, bodyIndex: index)
        }
    }

    /// Each joint's two anchors in world coordinates (the grab's too); motors,
    /// which have no anchors, are left out.
    public var jointAnchors: [(a: Vector, b: Vector)] {
        space.joints.compactMap { joint in
            if case .simpleMotor = joint.kind { return nil }
            return joint.worldAnchors
        }
    }

    /// Where bodies touch now.
    public var contactPoints: [Vector] { space.contactPoints() }
}
