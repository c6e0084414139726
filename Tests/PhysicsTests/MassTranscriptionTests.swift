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

    /// Chipmunk's own area, and the centre and unit moment its shapes' mass info takes
    /// (cpShape.c, cpPolyShape.c), from its functions on the same vertices.
    private func chipmunk(_ geometry: ShapeGeometry) -> (area: Double, centroid: Vector, unitMoment: Double) {
        func poly(_ verts: [cpVect], _ r: Double) -> (Double, Vector, Double) {
            let n = Int32(verts.count), c = cpCentroidForPoly(n, verts)
            return (cpAreaForPoly(n, verts, r), Vector(c), cpMomentForPoly(1, n, verts, cpVect(x: -c.x, y: -c.y), r))
        }
        switch geometry {
        case .box(let w, let h, let r):
            return poly([Vector(-w / 2, -h / 2), Vector(w / 2, -h / 2), Vector(w / 2, h / 2), Vector(-w / 2, h / 2)].map(\.cp), r)
        case .circle(let r, let offset):
            return (cpAreaForCircle(0, r), offset, cpMomentForCircle(1, 0, r, cpVect(x: 0, y: 0)))
        case .polygon(let vertices, let r):
            return poly(vertices.map(\.cp), r)
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
}
