import CChipmunk
import ChipmunkSurface
import ChipmunkCallbacks
import CrateboxGeometry

/// A collision shape attached to a body.
public final class Shape {
    let raw: OpaquePointer
    /// The body this shape is attached to; the shape keeps it alive, because the
    /// C shape points at it.
    public let body: Body
    public internal(set) weak var space: Space?
    /// The shape's form in its body's coordinates, as it was made.
    public let geometry: Geometry

    /// What a shape is, in body-local coordinates.
    public typealias Geometry = ShapeGeometry

    /// The corresponding C functions are `cpBoxShapeNew`, `cpCircleShapeNew`,
    /// `cpPolyShapeNew` (identity transform) and `cpSegmentShapeNew`.
    public init(body: Body, geometry: Geometry) {
        self.body = body
        self.geometry = geometry
        switch geometry {
        case .box(let w, let h, let r):
            precondition(w > 0 && h > 0 && w.isFinite && h.isFinite && r >= 0 && r.isFinite, "box sizes must be positive")
            raw = cpBoxShapeNew(body.raw, w, h, r)
        case .circle(let r, let offset):
            precondition(r > 0 && r.isFinite && offset.isFinite, "circle radius must be positive")
            raw = cpCircleShapeNew(body.raw, r, offset.cp)
        case .polygon(let vertices, let r):
            precondition(vertices.count >= 3 && vertices.allSatisfy(\.isFinite) && r >= 0 && r.isFinite, "polygon needs 3 finite vertices")
            let verts = vertices.map(\.cp)
            raw = cpPolyShapeNew(body.raw, Int32(verts.count), verts, cpTransformIdentity, r)
        case .segment(let a, let b, let r):
            precondition(a.isFinite && b.isFinite && r >= 0 && r.isFinite, "segment must be finite")
            raw = cpSegmentShapeNew(body.raw, a.cp, b.cp, r)
        }
        // Lets a point query map the C shape back to this object (unretained:
        // the space holds every shape it can return), and a one-way platform's
        // pre-solve find its direction.
        tag = cratebox_shape_tag_new(nil)!
        tag.pointee.owner = Unmanaged.passUnretained(self).toOpaque()
        cpShapeSetUserData(raw, UnsafeMutableRawPointer(tag))
    }

    /// A polygon made from world points moved by `offset` (`cpPolyShapeNew` with
    /// `cpTransformTranslate(offset)`: Chipmunk takes their convex hull), as the
    /// knife makes its pieces; its geometry is the vertices Chipmunk keeps.
    public convenience init(body: Body, points: [Vector], translatedBy offset: Vector, radius: Double) {
        precondition(points.count >= 3 && points.allSatisfy(\.isFinite) && offset.isFinite && radius >= 0, "a polygon needs 3 finite points")
        let raw = cpPolyShapeNew(body.raw, Int32(points.count), points.map(\.cp), cpTransformTranslate(offset.cp), radius)!
        let vertices = (0..<cpPolyShapeGetCount(raw)).map { Vector(cpPolyShapeGetVert(raw, $0)) }
        self.init(adopting: raw, body: body, geometry: .polygon(vertices: vertices, radius: radius))
    }

    /// A box over the bounding box `left...right` x `bottom...top`
    /// (`cpBoxShapeNew2`, radius 0), as a wall's backing is made; its geometry
    /// is the vertices Chipmunk keeps.
    public convenience init(body: Body, left: Double, bottom: Double, right: Double, top: Double) {
        precondition([left, bottom, right, top].allSatisfy(\.isFinite) && left < right && bottom < top, "a box needs a finite, non-empty bounding box")
        let raw = cpBoxShapeNew2(body.raw, cpBB(l: left, b: bottom, r: right, t: top), 0)!
        let vertices = (0..<cpPolyShapeGetCount(raw)).map { Vector(cpPolyShapeGetVert(raw, $0)) }
        self.init(adopting: raw, body: body, geometry: .polygon(vertices: vertices, radius: 0))
    }

    /// Takes over a shape made in C (an exact copy read back), with the tag it carries.
    init(adopting raw: OpaquePointer, body: Body, geometry: Geometry) {
        self.raw = raw
        self.body = body
        self.geometry = geometry
        if let data = cpShapeGetUserData(raw) {
            tag = data.assumingMemoryBound(to: cratebox_shape_tag.self)
        } else {
            tag = cratebox_shape_tag_new(nil)!
            cpShapeSetUserData(raw, UnsafeMutableRawPointer(tag))
        }
        tag.pointee.owner = Unmanaged.passUnretained(self).toOpaque()
    }

    /// What the C callbacks read of this shape (`cratebox_shape_tag`).
    private let tag: UnsafeMutablePointer<cratebox_shape_tag>

    deinit {
        cpShapeFree(raw)
        cratebox_shape_tag_free(tag)
    }

    static func from(_ raw: OpaquePointer) -> Shape? {
        guard let data = cpShapeGetUserData(raw) else { return nil }
        let tag = data.assumingMemoryBound(to: cratebox_shape_tag.self)
        guard let owner = tag.pointee.owner else { return nil }
        return Unmanaged<Shape>.fromOpaque(owner).takeUnretainedValue()
    }

    /// Which shapes this one collides with: none of its own non-zero `group`,
    /// and only shapes whose categories meet its `mask` and whose mask meets its `categories`.
    /// The corresponding C functions are `cpShapeSetFilter` and `cpShapeFilterNew`.
    public func setFilter(group: UInt32, categories: UInt32, mask: UInt32) {
        cpShapeSetFilter(raw, cpShapeFilterNew(cpGroup(group), cpBitmask(categories), cpBitmask(mask)))
    }

    /// The shape's filter as (group, categories, mask). The corresponding C function is `cpShapeGetFilter`.
    public var filter: (group: UInt32, categories: UInt32, mask: UInt32) {
        let f = cpShapeGetFilter(raw)
        return (UInt32(truncatingIfNeeded: f.group), UInt32(truncatingIfNeeded: f.categories), UInt32(truncatingIfNeeded: f.mask))
    }

    /// The velocity of the shape's surface, for conveyor belts: friction drags what touches it along.
    /// The corresponding C function is `cpShapeSetSurfaceVelocity`.
    public var surfaceVelocity: Vector {
        get { Vector(cpShapeGetSurfaceVelocity(raw)) }
        set { surfaced(surface_shape_set_surface_velocity(raw, newValue.x, newValue.y), "surface velocity must be finite") }
    }

    /// Makes the shape a one-way platform (collision type 1, for the space's
    /// one-way handler): bodies pass through it going along `direction` and
    /// land on it coming the other way. The corresponding C function is `cpShapeSetCollisionType`.
    public func makeOneWay(_ direction: Vector) {
        precondition(direction.isFinite && direction != .zero, "a one-way direction must be finite and not zero")
        tag.pointee.oneWayX = direction.x
        tag.pointee.oneWayY = direction.y
        cpShapeSetCollisionType(raw, 1)
    }

    /// The shape's collision type, which picks the space's collision handlers
    /// for its contacts (0: none). The corresponding C functions are
    /// `cpShapeGetCollisionType` and `cpShapeSetCollisionType`.
    public var collisionType: UInt64 {
        get { UInt64(cpShapeGetCollisionType(raw)) }
        set { cpShapeSetCollisionType(raw, UInt(newValue)) }
    }

    /// A one-way platform's direction; nil for other shapes.
    public var oneWay: Vector? {
        cpShapeGetCollisionType(raw) == 1 ? Vector(tag.pointee.oneWayX, tag.pointee.oneWayY) : nil
    }

    /// The corresponding C function is `cpShapeSetFriction`.
    public var friction: Double {
        get { cpShapeGetFriction(raw) }
        set { surfaced(surface_shape_set_friction(raw, newValue), "friction must be >= 0") }
    }

    /// The corresponding C function is `cpShapeSetElasticity`.
    public var elasticity: Double {
        get { cpShapeGetElasticity(raw) }
        set { surfaced(surface_shape_set_elasticity(raw, newValue), "elasticity must be >= 0") }
    }

    /// The corresponding C function is `cpShapeSetSensor`.
    public var isSensor: Bool {
        get { cpShapeGetSensor(raw) != 0 }
        set { surfaced(surface_shape_set_sensor(raw, newValue ? 1 : 0), "a sensor is set between steps") }
    }

    /// The shape's share of its body's mass.
    /// The corresponding C functions are `cpShapeGetMass` and `cpShapeSetMass`.
    public var mass: Double {
        get { cpShapeGetMass(raw) }
        set {
            precondition(newValue >= 0 && newValue.isFinite, "mass must be >= 0 and finite")
            cpShapeSetMass(raw, newValue)
            space?.shapeMassChanged()
        }
    }

    /// The corresponding C functions are `cpShapeGetDensity` and `cpShapeSetDensity`.
    public var density: Double {
        get { cpShapeGetDensity(raw) }
        set {
            precondition(newValue >= 0 && newValue.isFinite, "density must be >= 0 and finite")
            cpShapeSetDensity(raw, newValue)
            space?.shapeMassChanged()
        }
    }

    /// The shape's world bounding box as (min, max), as of the last step.
    /// The corresponding C function is `cpShapeGetBB`.
    public var boundingBox: (min: Vector, max: Vector) {
        let bb = cpShapeGetBB(raw)
        return (Vector(bb.l, bb.b), Vector(bb.r, bb.t))
    }
}
