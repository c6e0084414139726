import Bytes
import CChipmunk
import ChipmunkPrivate
import CrateboxGeometry

/// The exact copy of a space: Chipmunk's own state as bytes (the C module
/// ChipmunkSnapshot: everything a step reads, so that the copy steps
/// bit-identically to the original forever), with what the Swift objects add
/// (each shape's geometry, each joint's kind and bodies).
extension Space {
    /// Nil when this build of Chipmunk is the one exact copies are written
    /// for; else why copies are unavailable, in a line.
    public static var snapshotUnavailable: String? {
        silenceChipmunkBanner()
        return cratebox_snapshot_check().map { String(cString: $0) }
    }

    /// The space as bytes, with `detached` joints (out of the space, their
    /// bodies in it) kept too. Only between steps.
    public func snapshot(keeping detached: [Joint] = []) throws(PhysicsError) -> [UInt8] {
        var w = ByteWriter()
        try write(keeping: detached, to: &w)
        return w.bytes
    }

    /// Writes `snapshot(keeping:)`'s bytes at the end of `w` (no copy made apart).
    public func write(keeping detached: [Joint] = [], to w: inout ByteWriter) throws(PhysicsError) {
        silenceChipmunkBanner()
        let bodies = self.bodies, shapes = self.shapes  // compacted: each index(of:) is a lookup
        func index(_ body: Body) -> Int? { body === staticBody ? -1 : self.index(of: body) }
        let allJoints = joints + detached
        var meta = ByteWriter()
        meta.i64(bodies.count)
        meta.i64(shapes.count)
        for shape in shapes {
            guard let b = index(shape.body) else { throw .snapshot("a shape's body is not in the space") }
            meta.i64(b)
            shape.geometry.write(to: &meta)
        }
        meta.i64(allJoints.count)
        for joint in allJoints {
            guard let a = index(joint.a), let b = index(joint.b) else {
                throw .snapshot("a joint kept with the space holds a body that is not in it")
            }
            meta.i64(a)
            meta.i64(b)
            joint.kind.write(to: &meta)
        }
        var out = cratebox_snapshot_bytes()
        let error = bodies.map { $0.raw as OpaquePointer? }.withUnsafeBufferPointer { b in
            shapes.map { $0.raw as OpaquePointer? }.withUnsafeBufferPointer { s in
                allJoints.map { $0.raw as OpaquePointer? }.withUnsafeBufferPointer { j in
                    cratebox_snapshot_write(raw, b.baseAddress, Int32(b.count), s.baseAddress, Int32(s.count), j.baseAddress, Int32(j.count), &out)
                }
            }
        }
        if let error { throw .snapshot("cannot copy the space: " + String(cString: error)) }
        defer { cratebox_snapshot_bytes_free(&out) }
        w.reserveCapacity(w.count + meta.count + 8 + out.count)
        w.append(meta.bytes)
        w.block(UnsafeBufferPointer(start: out.data, count: out.count))
    }

    /// Nil when this space (read back) has the settings of `made` (a space
    /// made afresh from the same scene): solver settings, collision handlers
    /// and spatial index; else which differ. Gravity is not compared.
    public func settingsDiffer(from made: Space) -> String? {
        cratebox_snapshot_settings_differ(raw, made.raw).map { String(cString: $0) }
    }

    /// A space read back from `snapshot`'s bytes, and the detached joints kept with it.
    public static func restoring(_ bytes: [UInt8]) throws(PhysicsError) -> (space: Space, detached: [Joint]) {
        silenceChipmunkBanner()
        var reader = ByteReader(bytes)
        do {
            let bodyCount = try reader.count(each: 0)
            let shapeCount = try reader.count(each: 9)
            var shapeMeta: [(body: Int, geometry: ShapeGeometry)] = []
            for _ in 0..<shapeCount {
                let body = try reader.index(below: bodyCount, nullable: true, "a shape's body")
                shapeMeta.append((body, try ShapeGeometry.read(from: &reader)))
            }
            let jointCount = try reader.count(each: 17)
            var jointMeta: [(a: Int, b: Int, kind: Joint.Kind)] = []
            for _ in 0..<jointCount {
                let a = try reader.index(below: bodyCount, nullable: true, "a joint's body")
                let b = try reader.index(below: bodyCount, nullable: true, "a joint's body")
                jointMeta.append((a, b, try Joint.Kind.read(from: &reader)))
            }
            let c = try reader.block()
            guard reader.isAtEnd else { throw ByteReader.Malformed("bytes follow the space") }
            // The C side's counts (after its 8-byte magic) must be the Swift side's, before it builds anything.
            var head = ByteReader(Array(c.prefix(20)))
            _ = try head.u64()  // the magic, which the C side checks
            let counts = try (0..<3).map { _ throws(ByteReader.Malformed) in Int(Int32(bitPattern: try head.u32())) }
            guard counts == [bodyCount, shapeCount, jointCount] else {
                throw ByteReader.Malformed("the space's counts do not match what the Swift side keeps")
            }
            var restored = cratebox_restored()
            let error = c.withUnsafeBufferPointer { cratebox_snapshot_read($0.baseAddress, $0.count, &restored) }
            if let error { throw ByteReader.Malformed(String(cString: error)) }
            defer { cratebox_restored_free_lists(&restored) }
            let handle = SpaceHandle(adopting: restored.space!)
            let bodies = (0..<bodyCount).map { Body(adopting: restored.bodies[$0]!) }
            let staticBody = Body(staticBodyOf: handle)
            func body(_ i: Int) -> Body { i < 0 ? staticBody : bodies[i] }
            var shapes: [Shape] = []
            for (i, meta) in shapeMeta.enumerated() {
                shapes.append(Shape(adopting: restored.shapes[i]!, body: body(meta.body), geometry: meta.geometry))
            }
            var joints: [Joint] = []
            for (i, meta) in jointMeta.enumerated() {
                joints.append(Joint(adopting: restored.joints[i]!, kind: meta.kind, a: body(meta.a), b: body(meta.b)))
            }
            let inSpace = joints.filter { cpConstraintGetSpace($0.raw) != nil }
            let detached = joints.filter { cpConstraintGetSpace($0.raw) == nil }
            let space = Space(adopting: handle, bodies: bodies, shapes: shapes, joints: inSpace, staticBody: staticBody)
            try checkAgreement(shapes: shapes, joints: joints, bodies: bodies)
            return (space, detached)
        } catch {
            throw .snapshot("cannot read the space back: \(error)")
        }
    }

    /// The Swift side's record of a restored space must agree with the C side's objects.
    private static func checkAgreement(shapes: [Shape], joints: [Joint], bodies: [Body]) throws(ByteReader.Malformed) {
        for shape in shapes where cpShapeGetBody(shape.raw) != shape.body.raw {
            throw ByteReader.Malformed("a shape's body differs between the Swift and C sides")
        }
        for joint in joints where cpConstraintGetBodyA(joint.raw) != joint.a.raw || cpConstraintGetBodyB(joint.raw) != joint.b.raw {
            throw ByteReader.Malformed("a joint's bodies differ between the Swift and C sides")
        }
        for shape in shapes where !shape.geometry.isOfChipmunkType(cratebox_snapshot_shape_type(shape.raw)) {
            throw ByteReader.Malformed("a shape's kind differs between the Swift and C sides")
        }
        for (i, shape) in shapes.enumerated() {
            if let problem = shape.geometry.problem { throw ByteReader.Malformed("shape \(i): \(problem)") }
            guard shape.geometry.agrees(with: shape.raw) else { throw ByteReader.Malformed("shape \(i)'s geometry differs between the Swift and C sides") }
        }
        for joint in joints where !joint.kind.isOfClass(of: joint.raw) {
            throw ByteReader.Malformed("a joint's kind differs between the Swift and C sides")
        }
        // Chipmunk asserts on a body whose numbers are not finite (cpBodySanityCheck): a damaged state is refused instead.
        for b in bodies where b.kind == .dynamic {
            let p = cpBodyGetPosition(b.raw), v = cpBodyGetVelocity(b.raw), f = cpBodyGetForce(b.raw)
            let numbers = [p.x, p.y, v.x, v.y, f.x, f.y, cpBodyGetAngle(b.raw), cpBodyGetAngularVelocity(b.raw), cpBodyGetTorque(b.raw), cpBodyGetMass(b.raw)]
            guard numbers.allSatisfy(\.isFinite), cpBodyGetMass(b.raw) > 0, cpBodyGetMoment(b.raw) > 0 else {
                throw ByteReader.Malformed("a body's position, velocity, force, mass or moment is not a finite number")
            }
        }
    }
}

extension ShapeGeometry {
    /// What makes this geometry one no shape can have (what `Shape.init` requires), or nil.
    var problem: String? {
        switch self {
        case .box(let w, let h, let r):
            w > 0 && h > 0 && w.isFinite && h.isFinite && r >= 0 && r.isFinite ? nil : "a box's sides are not positive or its radius is negative"
        case .circle(let r, let offset):
            r > 0 && r.isFinite && offset.isFinite ? nil : "a circle's radius is not positive or its offset not finite"
        case .polygon(let vertices, let r):
            vertices.count >= 3 && vertices.allSatisfy(\.isFinite) && r >= 0 && r.isFinite ? nil : "a polygon has fewer than 3 finite vertices or a negative radius"
        case .segment(let a, let b, let r):
            a.isFinite && b.isFinite && r >= 0 && r.isFinite ? nil : "a segment is not finite or its radius is negative"
        }
    }

    /// Whether the C shape `raw` (of this geometry's kind) has this geometry's
    /// numbers, as Chipmunk keeps them: a box's corners, a polygon's vertices
    /// in their order (Chipmunk keeps their hull, which may start at another).
    func agrees(with raw: OpaquePointer) -> Bool {
        func corners(_ vertices: [Vector]) -> Bool {
            let kept = (0..<cpPolyShapeGetCount(raw)).map { Vector(cpPolyShapeGetVert(raw, $0)) }
            guard kept.count == vertices.count, let first = kept.firstIndex(of: vertices[0]) else { return false }
            return vertices.indices.allSatisfy { kept[(first + $0) % kept.count] == vertices[$0] }
        }
        switch self {
        case .box(let w, let h, let r):
            // cpBoxShapeNew: the box (-w/2, -h/2) to (w/2, h/2), counter-clockwise.
            return cpPolyShapeGetRadius(raw) == r && corners([Vector(w / 2, -h / 2), Vector(w / 2, h / 2), Vector(-w / 2, h / 2), Vector(-w / 2, -h / 2)])
        case .polygon(let vertices, let r): return cpPolyShapeGetRadius(raw) == r && corners(vertices)
        case .circle(let r, let offset): return cpCircleShapeGetRadius(raw) == r && Vector(cpCircleShapeGetOffset(raw)) == offset
        case .segment(let a, let b, let r):
            return Vector(cpSegmentShapeGetA(raw)) == a && Vector(cpSegmentShapeGetB(raw)) == b && cpSegmentShapeGetRadius(raw) == r
        }
    }

    /// Whether Chipmunk's shape class `type` (0 circle, 1 segment, 2 polygon) is this geometry's.
    /// A polygon needs a vertex for everything that draws or cuts it.
    func isOfChipmunkType(_ type: Int32) -> Bool {
        switch self {
        case .circle: type == 0
        case .segment: type == 1
        case .box: type == 2
        case .polygon(let vertices, _): type == 2 && !vertices.isEmpty
        }
    }

    func write(to w: inout ByteWriter) {
        switch self {
        case .box(let width, let height, let radius):
            w.u8(0); w.f64(width); w.f64(height); w.f64(radius)
        case .circle(let radius, let offset):
            w.u8(1); w.f64(radius); w.f64(offset.x); w.f64(offset.y)
        case .polygon(let vertices, let radius):
            w.u8(2); w.f64(radius); w.i64(vertices.count)
            for v in vertices { w.f64(v.x); w.f64(v.y) }
        case .segment(let a, let b, let radius):
            w.u8(3); w.f64(a.x); w.f64(a.y); w.f64(b.x); w.f64(b.y); w.f64(radius)
        }
    }

    static func read(from r: inout ByteReader) throws(ByteReader.Malformed) -> ShapeGeometry {
        switch try r.u8() {
        case 0: return .box(width: try r.f64(), height: try r.f64(), radius: try r.f64())
        case 1: return .circle(radius: try r.f64(), offset: Vector(try r.f64(), try r.f64()))
        case 2:
            let radius = try r.f64(), n = try r.count(each: 16)
            var vertices: [Vector] = []
            for _ in 0..<n { vertices.append(Vector(try r.f64(), try r.f64())) }
            return .polygon(vertices: vertices, radius: radius)
        case 3: return .segment(a: Vector(try r.f64(), try r.f64()), b: Vector(try r.f64(), try r.f64()), radius: try r.f64())
        case let kind: throw ByteReader.Malformed("a shape of unknown kind \(kind)")
        }
    }
}

extension Joint {
    /// Nil when this joint (read back) has the kind, anchors and shape of
    /// `made` (made afresh from the same scene entry); else what differs.
    /// What a session changes (caches, a motor's rate, a rope's length) is not
    /// compared, nor, when `scripted`, the parameters a scene's script may set.
    public func differs(from made: Joint, scripted: Bool = false) -> String? {
        guard kind.recorded == made.kind.recorded else { return "it is not of its scene entry's kind" }
        return cratebox_snapshot_joint_differs(raw, made.raw, scripted ? 1 : 0).map { String(cString: $0) }
    }
}

extension Joint.Kind {
    /// Whether Chipmunk's constraint `raw` is of this kind's class.
    func isOfClass(of raw: OpaquePointer) -> Bool {
        switch self {
        case .pivot, .pivotAnchors: cpConstraintIsPivotJoint(raw) != 0
        case .pin: cpConstraintIsPinJoint(raw) != 0
        case .slide: cpConstraintIsSlideJoint(raw) != 0
        case .spring: cpConstraintIsDampedSpring(raw) != 0
        case .motor: cpConstraintIsSimpleMotor(raw) != 0
        case .groove: cpConstraintIsGrooveJoint(raw) != 0
        case .rotarySpring: cpConstraintIsDampedRotarySpring(raw) != 0
        case .rotaryLimit: cpConstraintIsRotaryLimitJoint(raw) != 0
        case .ratchet: cpConstraintIsRatchetJoint(raw) != 0
        case .gear: cpConstraintIsGearJoint(raw) != 0
        }
    }

    func write(to w: inout ByteWriter) {
        func put(_ tag: UInt8, _ numbers: Double...) {
            w.u8(tag)
            for n in numbers { w.f64(n) }
        }
        switch self {
        case .pivot(let p): put(0, p.x, p.y)
        case .pivotAnchors(let a, let b): put(1, a.x, a.y, b.x, b.y)
        case .pin(let a, let b, _): put(2, a.x, a.y, b.x, b.y)  // the distance is the constraint's, written with it
        case .slide(let a, let b, let lo, let hi): put(3, a.x, a.y, b.x, b.y, lo, hi)
        case .spring(let a, let b, let rest, let k, let d): put(4, a.x, a.y, b.x, b.y, rest, k, d)
        case .motor(let rate): put(5, rate)
        case .groove(let ga, let gb, let anchor): put(6, ga.x, ga.y, gb.x, gb.y, anchor.x, anchor.y)
        case .rotarySpring(let rest, let k, let d): put(7, rest, k, d)
        case .rotaryLimit(let lo, let hi): put(8, lo, hi)
        case .ratchet(let phase, let ratchet): put(9, phase, ratchet)
        case .gear(let phase, let ratio): put(10, phase, ratio)
        }
    }

    static func read(from r: inout ByteReader) throws(ByteReader.Malformed) -> Joint.Kind {
        let tag = try r.u8()
        let counts: [Int] = [2, 4, 4, 6, 7, 1, 6, 3, 2, 2, 2]
        guard Int(tag) < counts.count else { throw ByteReader.Malformed("a joint of unknown kind \(tag)") }
        var n: [Double] = []
        for _ in 0..<counts[Int(tag)] { n.append(try r.f64()) }
        func v(_ i: Int) -> Vector { Vector(n[i], n[i + 1]) }
        switch tag {
        case 0: return .pivot(anchor: v(0))
        case 1: return .pivotAnchors(anchorA: v(0), anchorB: v(2))
        case 2: return .pin(anchorA: v(0), anchorB: v(2))
        case 3: return .slide(anchorA: v(0), anchorB: v(2), min: n[4], max: n[5])
        case 4: return .spring(anchorA: v(0), anchorB: v(2), restLength: n[4], stiffness: n[5], damping: n[6])
        case 5: return .motor(rate: n[0])
        case 6: return .groove(grooveA: v(0), grooveB: v(2), anchorB: v(4))
        case 7: return .rotarySpring(restAngle: n[0], stiffness: n[1], damping: n[2])
        case 8: return .rotaryLimit(min: n[0], max: n[1])
        case 9: return .ratchet(phase: n[0], ratchet: n[1])
        default: return .gear(phase: n[0], ratio: n[1])
        }
    }
}
