import Bytes
import CrateboxGeometry
import SceneFormat

// A piece the knife made, in a world's exact state (World+Snapshot.swift):
// its spec, which no scene holds. Its polygon comes back with the space.
extension WorldBody {
    static func writePiece(_ spec: BodySpec, to w: inout ByteWriter) {
        for v in [spec.position.x, spec.position.y, spec.angle, spec.velocity.x, spec.velocity.y, spec.angularVelocity,
                  spec.totalMass ?? 0, spec.moment?.value ?? 0] { w.f64(v) }
        write(spec.look, to: &w)
        w.bool(spec.trace)
        let shape = spec.shapes[0]
        w.f64(shape.friction)
        w.f64(shape.elasticity)
        w.bool(shape.filter != nil)
        if let f = shape.filter { w.u32(f.group); w.u32(f.categories); w.u32(f.mask) }
        w.bool(shape.surfaceVelocity != nil)
        if let v = shape.surfaceVelocity { w.f64(v.x); w.f64(v.y) }
    }

    /// A look as state-format.md writes it: a byte (0 crate, 1 ball, 2 plain, 3 a colour and its 0xRRGGBB).
    static func write(_ look: Look, to w: inout ByteWriter) {
        switch look {
        case .crate: w.u8(0)
        case .ball: w.u8(1)
        case .plain: w.u8(2)
        case .color(let rgb): w.u8(3); w.u32(rgb)
        }
    }

    static func readLook(from r: inout ByteReader) throws(ByteReader.Malformed) -> Look {
        switch try r.u8() {
        case 0: return .crate
        case 1: return .ball
        case 2: return .plain
        case 3:
            let rgb = try r.u32()
            guard rgb <= 0xFFFFFF else { throw ByteReader.Malformed("a look's colour is more than 0xRRGGBB") }
            return .color(rgb)
        default: throw ByteReader.Malformed("a look is unknown")
        }
    }

    static func readPiece(from r: inout ByteReader) throws(ByteReader.Malformed) -> BodySpec {
        var f: [Double] = []
        for _ in 0..<8 { f.append(try r.f64()) }
        guard f[6] > 0, f[6].isFinite, f[7] > 0, !f[7].isNaN, f[0..<6].allSatisfy(\.isFinite) else {
            throw ByteReader.Malformed("a piece's pose, velocity, mass or moment is impossible")
        }
        let look = try readLook(from: &r)
        let trace = try r.bool()
        var shape = ShapeSpec(geometry: .box(width: 1, height: 1, radius: 0), friction: try r.f64(), elasticity: try r.f64())
        if try r.bool() { shape.filter = ShapeFilter(group: try r.u32(), categories: try r.u32(), mask: try r.u32()) }
        if try r.bool() { shape.surfaceVelocity = Vector(try r.f64(), try r.f64()) }
        // A cut gives each piece the material of the shape cut (Chipmunk asserts on a negative friction or elasticity).
        guard shape.friction >= 0, shape.friction <= Limits.coordinate, shape.elasticity >= 0, shape.elasticity <= Limits.coordinate,
              shape.surfaceVelocity.map(\.isFinite) ?? true else { throw ByteReader.Malformed("a piece's material is impossible") }
        var spec = BodySpec(type: .dynamic, position: Vector(f[0], f[1]), angle: f[2], velocity: Vector(f[3], f[4]),
                            angularVelocity: f[5], mass: .mass(f[6]), shapes: [shape], look: look)
        spec.moment = .value(f[7])
        spec.trace = trace
        return spec
    }
}
