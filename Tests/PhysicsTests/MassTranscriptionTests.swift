import CChipmunk
import CrateboxGeometry
import Testing
import TestSupport
@testable import CrateboxPhysics

/// CrateboxGeometry's areas and moments are Chipmunk's (chipmunk.c) transcribed
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

    private func chipmunk(_ geometry: ShapeGeometry, mass: Double) -> (area: Double, moment: Double) {
        switch geometry {
        case .box(let w, let h, let r):
            let corners = [Vector(-w / 2, -h / 2), Vector(w / 2, -h / 2), Vector(w / 2, h / 2), Vector(-w / 2, h / 2)].map(\.cp)
            return (cpAreaForPoly(4, corners, r), Shape.moment(of: geometry, mass: mass))
        case .circle(let r, _):
            return (cpAreaForCircle(0, r), Shape.moment(of: geometry, mass: mass))
        case .polygon(let vertices, let r):
            return (cpAreaForPoly(Int32(vertices.count), vertices.map(\.cp), r), Shape.moment(of: geometry, mass: mass))
        case .segment(let a, let b, let r):
            return (cpAreaForSegment(a.cp, b.cp, r), Shape.moment(of: geometry, mass: mass))
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
            let mass = abs(n.coordinate(10))
            let theirs = chipmunk(geometry, mass: mass)
            let area = geometry.area, moment = geometry.moment(mass: mass)
            #expect(area.bitPattern == theirs.area.bitPattern, "\(geometry): area \(area) against Chipmunk's \(theirs.area)")
            #expect(moment.bitPattern == theirs.moment.bitPattern || (moment.isNaN && theirs.moment.isNaN), "\(geometry): moment \(moment) against \(theirs.moment)")
            checked += 1
        }
        #expect(checked == 20_000)
    }
}
