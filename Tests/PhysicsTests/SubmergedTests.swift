import Foundation
import CrateboxGeometry
import CrateboxPhysics
import Testing
import TestSupport

/// The submerged part of each kind of shape (replay-format.md, "Water and
/// planets"): exact for circles and capsules, the Buoyancy demo's clip for polygons.
@Suite(.tags(.memory)) struct SubmergedTests {
    func shape(_ geometry: ShapeGeometry, at position: Vector, angle: Double = 0) -> Shape {
        let body = Body(mass: 1, moment: 1)
        body.position = position
        body.angle = angle
        return Shape(body: body, geometry: geometry)
    }

    /// Area and centroid of the shape's points below `level`, by sampling a fine grid.
    func sampled(_ geometry: ShapeGeometry, at position: Vector, angle: Double, level: Double, reach: Double) -> (Double, Vector) {
        let n = 800, h = 2 * reach / Double(n)
        var area = 0.0, sx = 0.0, sy = 0.0
        for i in 0..<n { for j in 0..<n {
            let p = Vector(position.x - reach + (Double(i) + 0.5) * h, position.y - reach + (Double(j) + 0.5) * h)
            guard p.y <= level, geometry.contains((p - position).rotated(by: -angle), slack: 0) else { continue }
            area += h * h; sx += p.x * h * h; sy += p.y * h * h
        } }
        return (area, Vector(sx / area, sy / area))
    }

    @Test func aCircleIsExact() throws {
        let c = shape(.circle(radius: 10, offset: Vector(2, 0)), at: Vector(100, 50))
        #expect(c.submerged(below: 30) == nil && c.submerged(below: 40) == nil)
        let whole = try #require(c.submerged(below: 61))
        #expect(abs(whole.area - Double.pi * 100) < 1e-9 && whole.centroid == Vector(102, 50))
        let half = try #require(c.submerged(below: 50))
        #expect(abs(half.area - Double.pi * 50) < 1e-9)
        #expect(abs(half.centroid.y - (50 - 40 / (3 * Double.pi))) < 1e-9, "4r/3π below the centre: \(half.centroid)")
    }

    @Test(arguments: [(0.0, 3.0), (0.5, -4.0), (1.2, 9.0), (Double.pi / 2, 0.0), (2.8, -15.0), (-0.7, 20.0)])
    func aCapsuleAgreesWithItsArea(angle: Double, depth: Double) throws {
        let geometry = ShapeGeometry.segment(a: Vector(-30, 5), b: Vector(40, -3), radius: 8)
        let position = Vector(200, 100), level = 100 + depth
        let part = try #require(shape(geometry, at: position, angle: angle).submerged(below: level))
        let (area, centroid) = sampled(geometry, at: position, angle: angle, level: level, reach: 50)
        #expect(abs(part.area - area) / area < 0.005, "area \(part.area) vs sampled \(area)")
        #expect((part.centroid - centroid).length < 0.2, "centroid \(part.centroid) vs sampled \(centroid)")
    }

    @Test func aWholeCapsuleAndAPolygonHalfIn() throws {
        let capsule = try #require(shape(.segment(a: Vector(-30, 0), b: Vector(30, 0), radius: 5), at: Vector(0, 0)).submerged(below: 100))
        #expect(abs(capsule.area - (60 * 10 + Double.pi * 25)) < 1e-6 && capsule.centroid.length < 1e-9)
        let box = try #require(shape(.box(width: 40, height: 20, radius: 0), at: Vector(10, 10)).submerged(below: 10))
        #expect(abs(box.area - 400) < 1e-9 && abs(box.centroid.y - 5) < 1e-9 && abs(box.centroid.x - 10) < 1e-9)
        #expect(shape(.segment(a: Vector(-30, 0), b: Vector(30, 0), radius: 0), at: .zero).submerged(below: 10) == nil, "a segment without radius has no area")
    }
}
