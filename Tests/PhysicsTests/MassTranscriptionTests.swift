import CChipmunk
import CrateboxGeometry
import Testing
import TestSupport
@testable import CrateboxPhysics

/// CrateboxGeometry's areas, centres and moments are Chipmunk's (chipmunk.c) transcribed
/// operation for operation: the scene format's checks read them without the
/// physics layer, and must decide what Chipmunk's numbers would (issue 49).
@Suite(.tags(.memory)) struct MassTranscriptionTests {
    /// A small seeded generator (SplitMix64): the same shapes on every run.
    struct Numbers {
        var state: UInt64
        mutating func next() -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            return Double(z >> 11) / Double(1 << 53)
        }
        /// From -scale to scale, at a random magnitude between 1e-3 and 1e3 of it.
        mutating func coordinate(_ scale: Double) -> Double {
            let sign = next() < 0.5 ? -1.0 : 1.0
            return sign * scale * Math.pow(10, 6 * next() - 3)
        }
    }

    /// Chipmunk's own area (section 9's: a box's corners from the bottom left, a polygon's vertices
    /// as listed), and the centre and unit moment its shapes' mass info takes (cpShape.c,
    /// cpPolyShape.c), from its functions on the vertices as the made shape keeps them.
    private func chipmunk(_ geometry: ShapeGeometry) -> (area: Double, centroid: Vector, unitMoment: Double) {
        func poly(_ listed: [Vector], _ r: Double) -> (Double, Vector, Double) {
            let verts = geometry.chipmunkVertices.map(\.cp), n = Int32(verts.count), c = cpCentroidForPoly(n, verts)
            return (cpAreaForPoly(n, listed.map(\.cp), r), Vector(c), cpMomentForPoly(1, n, verts, cpVect(x: -c.x, y: -c.y), r))
        }
        switch geometry {
        case .box(let w, let h, let r):
            return poly([Vector(-w / 2, -h / 2), Vector(w / 2, -h / 2), Vector(w / 2, h / 2), Vector(-w / 2, h / 2)], r)
        case .circle(let r, let offset):
            return (cpAreaForCircle(0, r), offset, cpMomentForCircle(1, 0, r, cpVect(x: 0, y: 0)))
        case .polygon(let vertices, let r):
            return poly(vertices, r)
        case .segment(let a, let b, let r):
            return (cpAreaForSegment(a.cp, b.cp, r), Vector(cpvlerp(a.cp, b.cp, 0.5)), cpMomentForBox(1, cpvdist(a.cp, b.cp) + 2 * r, 2 * r))
        }
    }

    @Test func areasAndMomentsAreChipmunksToTheBit() {
        var n = Numbers(state: 49)
        var checked = 0
        for i in 0..<20_000 {
            let scale = Math.pow(10, 4 * n.next() - 1)
            let geometry: ShapeGeometry
            switch i % 4 {
            case 0: geometry = .box(width: abs(n.coordinate(scale)), height: abs(n.coordinate(scale)), radius: abs(n.coordinate(scale)) * n.next())
            case 1: geometry = .circle(radius: abs(n.coordinate(scale)), offset: Vector(n.coordinate(scale), n.coordinate(scale)))
            case 2:
                // A convex polygon: points around a circle, at increasing angles, some with -0 coordinates.
                let count = 3 + Int(n.next() * 6), r = abs(n.coordinate(scale))
                var angles = (0..<count).map { _ in n.next() * 2 * Double.pi }
                angles.sort()
                var vertices = angles.map { Vector(r * Math.cos($0), r * Math.sin($0)) }
                if i % 8 == 2 { vertices[0] = Vector(-0.0, vertices[0].y) }
                geometry = .polygon(vertices: vertices, radius: abs(n.coordinate(scale)) * n.next())
            default: geometry = .segment(a: Vector(n.coordinate(scale), n.coordinate(scale)), b: Vector(n.coordinate(scale), n.coordinate(scale)), radius: abs(n.coordinate(scale)) * n.next())
            }
            let theirs = chipmunk(geometry)
            let area = geometry.area, centroid = geometry.centroid, moment = geometry.unitMoment
            #expect(area.bitPattern == theirs.area.bitPattern, "\(geometry): area \(area) against Chipmunk's \(theirs.area)")
            #expect(centroid.x.bitPattern == theirs.centroid.x.bitPattern && centroid.y.bitPattern == theirs.centroid.y.bitPattern,
                    "\(geometry): centre \(centroid) against \(theirs.centroid)")
            #expect(moment.bitPattern == theirs.unitMoment.bitPattern || (moment.isNaN && theirs.unitMoment.isNaN), "\(geometry): moment \(moment) against \(theirs.unitMoment)")
            checked += 1
        }
        #expect(checked == 20_000)
    }

    /// What a made shape keeps (its vertices' order, centre, unit moment and area) is what
    /// `chipmunkVertices`, `centroid`, `unitMoment` and `chipmunkArea` say, to the bit: boxes of any
    /// size, and convex counter-clockwise polygons as a scene may give them (any first vertex,
    /// ties in x, -0 coordinates), each made by cratebox's Shape as a scene's is.
    @Test func aMadeShapeKeepsWhatSectionEightAddsUp() {
        var n = Numbers(state: 8)
        let body = Body(mass: 1, moment: 1)
        var checked = 0
        for i in 0..<20_000 {
            let scale = Math.pow(10, 4 * n.next() - 1)
            let geometry: ShapeGeometry
            if i % 3 == 0 {
                geometry = .box(width: abs(n.coordinate(scale)), height: abs(n.coordinate(scale)), radius: abs(n.coordinate(scale)) * n.next())
            } else if i % 3 == 1 {
                // A square listed from any corner (two vertices share the least x), some of it at -0.
                let r = abs(n.coordinate(scale)), corners = [Vector(-0.0, -0.0), Vector(r, -0.0), Vector(r, r), Vector(-0.0, r)]
                let first = Int(n.next() * 4)
                geometry = .polygon(vertices: Array(corners[first...] + corners[..<first]), radius: 0)
            } else {
                let count = 3 + Int(n.next() * 8), r = abs(n.coordinate(scale)), c = Vector(n.coordinate(scale), n.coordinate(scale))
                let angles = (0..<count).map { _ in n.next() * 2 * Double.pi }.sorted()
                let ring = angles.map { Vector(c.x + r * Math.cos($0), c.y + r * Math.sin($0)) }
                let first = Int(n.next() * Double(count))
                geometry = .polygon(vertices: Array(ring[first...] + ring[..<first]), radius: abs(n.coordinate(scale)) * n.next())
                // The scene format refuses three vertices in a line; Chipmunk's hull would drop the middle one.
                guard (0..<count).allSatisfy({ k in
                    let a = ring[k], b = ring[(k + 1) % count], d = ring[(k + 2) % count]
                    let e1 = b - a, e2 = d - b
                    return abs(e1.x * e2.y - e1.y * e2.x) > 1e-12 * e1.length * e2.length
                }) else { continue }
            }
            let shape = Shape(body: body, geometry: geometry)
            cpShapeSetMass(shape.raw, 1)
            let kept = (0..<cpPolyShapeGetCount(shape.raw)).map { Vector(cpPolyShapeGetVert(shape.raw, $0)) }
            let ours = geometry.chipmunkVertices
            #expect(ours.count == kept.count && zip(ours, kept).allSatisfy { $0.x.bitPattern == $1.x.bitPattern && $0.y.bitPattern == $1.y.bitPattern },
                    "\(geometry): vertices \(ours) against the shape's \(kept)")
            let c = Vector(cpShapeGetCenterOfGravity(shape.raw))
            #expect(geometry.centroid.x.bitPattern == c.x.bitPattern && geometry.centroid.y.bitPattern == c.y.bitPattern, "\(geometry): centre")
            #expect(geometry.unitMoment.bitPattern == cpShapeGetMoment(shape.raw).bitPattern, "\(geometry): unit moment")
            #expect(geometry.chipmunkArea.bitPattern == cpShapeGetArea(shape.raw).bitPattern, "\(geometry): area")
            checked += 1
        }
        #expect(checked > 15_000, "\(checked) shapes compared")
    }
}
