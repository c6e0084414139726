import CrateboxGeometry

extension BodySpec {
    /// The body's mass: `mass`, or `density` times its shapes' areas as Chipmunk
    /// computes them, or its shapes' own masses (dynamic bodies; nil for the others).
    public var totalMass: Double? {
        switch mass {
        case .mass(let m): return m
        case .density(let d): return d * shapes.map(\.geometry.area).reduce(0, +)
        case nil: return shapesMass
        }
    }

    /// The sum of the shapes' own masses in shape order (section 13.3), nil when they give none.
    public var shapesMass: Double? {
        guard type == .dynamic, !shapes.isEmpty, shapes.allSatisfy({ $0.mass != nil }) else { return nil }
        return shapes.reduce(0) { sum, shape in
            switch shape.mass {
            case .mass(let m)?: sum + m
            case .density(let d)?: sum + d * shape.geometry.area
            case nil: sum
            }
        }
    }

    /// Section 9's mass call for each shape of a dynamic body without a given moment, in shape
    /// order: `mass` split by area (`(mass * area) / totalArea`, the areas added in shape order),
    /// `density` on every shape, or each shape's own (13.3); `nil` for a shape that gets none.
    /// The world makes these calls; section 8 adds them up.
    public var massCalls: [MassSpec?] {
        guard type == .dynamic, moment == nil else { return shapes.map { _ in nil } }
        switch mass {
        case .mass(let m)?:
            guard shapes.count > 1 else { return shapes.map { _ in .mass(m) } }
            let total = shapes.reduce(0.0) { $0 + $1.geometry.area }
            return shapes.map { .mass(m * $0.geometry.area / total) }
        case .density(let d)?: return shapes.map { _ in .density(d) }
        case nil: return shapes.map(\.mass)
        }
    }

    /// What a spring sees of the body (section 8): the inverse of its mass and of its moment
    /// about its centre of gravity, and that centre (zeros for kinematic and static bodies).
    public var inverseMass: InverseMass { SceneChecks.inverseMass(self) }

    /// How far the body's shapes reach from its origin (body coordinates):
    /// the largest distance of any point of any shape.
    public var reach: Double {
        shapes.map { shape -> Double in
            switch shape.geometry {
            case .box(let w, let h, let r): return (w * w + h * h).squareRoot() / 2 + r
            case .circle(let r, let offset): return offset.length + r
            case .polygon(let v, let r): return (v.map(\.length).max() ?? 0) + r
            case .segment(let a, let b, let r): return max(a.length, b.length) + r
            }
        }.max() ?? 0
    }
}

/// A body as section 8 weighs it for a spring: Chipmunk works about the centre of gravity.
public struct InverseMass: Equatable, Sendable {
    /// `1 / m`; 0 for kinematic and static bodies and the world's.
    public var mass: Double
    /// `1 / I`, `I` the moment about the centre of gravity; 0 when that is infinite or the body is not dynamic.
    public var moment: Double
    /// The centre of gravity in body coordinates.
    public var centerOfGravity: Vector

    /// Neither mass nor moment to move: a kinematic or static body, or the world.
    public static let immovable = InverseMass(mass: 0, moment: 0, centerOfGravity: Vector(0, 0))
}
