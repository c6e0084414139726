import CrateboxGeometry
import SceneFormat

/// Edits of the selection: move, rotate, delete, copy and paste.
extension Document {
    /// Moves the selected body (pivots on it move with it), water or planet by `d`.
    public mutating func moveSelection(by d: Vector) throws(EditRefused) {
        guard let selection, d != .zero else { return }
        try edit { scene throws(EditRefused) in
            switch selection {
            case .body(let i):
                // To a hundredth of a point; what it is joined by moves as far.
                let to = Document.tidy(scene.bodies[i].position + d), moved = to - scene.bodies[i].position
                scene.bodies[i].position = to
                scene.moveAnchors(of: i) { $0 + moved }
            case .fluid(let k):
                scene.fluids[k].min = Document.tidy(scene.fluids[k].min + d)
                scene.fluids[k].max = Document.tidy(scene.fluids[k].max + d)
            case .attractor(let k):
                scene.attractors[k].position = Document.tidy(scene.attractors[k].position + d)
            case .joint:
                break
            }
            return selection
        }
    }

    /// Where the selection is moved from: a body's position, the water's
    /// bottom-left corner, a planet's centre (nil for a joint).
    public var selectionPosition: Vector? {
        switch selection {
        case .body(let i)?: scene.bodies[i].position
        case .fluid(let k)?: scene.fluids[k].min
        case .attractor(let k)?: scene.attractors[k].position
        case .joint?, nil: nil
        }
    }

    /// Turns the selected body by `angle` (radians, counter-clockwise) about its position; pivots on it turn with it.
    public mutating func rotateSelection(by angle: Double) throws(EditRefused) {
        guard case .body(let i) = selection, angle != 0 else { return }
        try edit { scene throws(EditRefused) in
            let center = scene.bodies[i].position
            scene.bodies[i].angle += angle
            scene.moveAnchors(of: i) { center + ($0 - center).rotated(by: angle) }
            return .body(i)
        }
    }

    /// Removes the selected body (and its joints) or joint.
    public mutating func deleteSelection() throws(EditRefused) {
        guard let selection else { return }
        try edit { scene throws(EditRefused) in
            switch selection {
            case .joint(let j): scene.removeJoint(j)
            case .body(let i): scene.removeBody(i)
            case .fluid(let k): scene.fluids.remove(at: k)
            case .attractor(let k): scene.attractors.remove(at: k)
            }
            return nil
        }
    }

    /// What Ctrl+C copies: the selected body (joints stay behind).
    public var copied: [BodySpec] {
        guard case .body(let i) = selection else { return [] }
        var body = scene.bodies[i]
        body.id = nil
        return [body]
    }

    /// Adds `bodies` with the first one's position at `point` (the others keep
    /// their places relative to it): Ctrl+V at the pointer. Selects the last one.
    public mutating func paste(_ bodies: [BodySpec], at point: Vector) throws(EditRefused) {
        guard let first = bodies.first else { return }
        try paste(bodies, offset: point - first.position)
    }

    /// Adds `bodies` moved by `offset`; selects the last one.
    public mutating func paste(_ bodies: [BodySpec], offset: Vector) throws(EditRefused) {
        guard !bodies.isEmpty else { return }
        try edit { scene throws(EditRefused) in
            for var body in bodies {
                body.position = Document.tidy(body.position + offset)
                body.id = nil
                scene.bodies.append(body)
            }
            return .body(scene.bodies.count - 1)
        }
    }

    /// A copy of the selected body beside it, to its right, clear of it (8 points between them).
    public mutating func duplicateSelection() throws(EditRefused) {
        guard case .body(let i) = selection else { return }
        let bounds = scene.bodies[i].worldBounds
        try paste(copied, offset: Vector(bounds.max.x - bounds.min.x + 8, 0))
    }
}

extension Scene {
    /// Moves the pivots on body `i` with it (call after moving the body):
    /// a pivot's world anchor follows the body; a pivot given by a point on
    /// each body keeps its point on `i` and moves its point on the other body
    /// there, so the two still meet. The other joints are body-local.
    mutating func moveAnchors(of i: Int, _ transform: (Vector) -> Vector) {
        for j in joints.indices where joints[j].a == .body(i) || joints[j].b == .body(i) {
            switch joints[j].kind {
            case .pivot(let anchor):
                joints[j].kind = .pivot(anchor: transform(anchor))
            case .pivotAnchors(var anchorA, var anchorB):
                if joints[j].a == .body(i) {
                    anchorB = local(world(anchorA, on: joints[j].a), on: joints[j].b)
                } else {
                    anchorA = local(world(anchorB, on: joints[j].b), on: joints[j].a)
                }
                joints[j].kind = .pivotAnchors(anchorA: anchorA, anchorB: anchorB)
            default:
                break
            }
        }
    }

    /// A point on body `ref` (or on the world) in world coordinates, at the scene's poses.
    func world(_ p: Vector, on ref: BodyRef) -> Vector { ref.body.map { bodies[$0].world(p) } ?? p }
    /// A world point on body `ref` (or on the world), in its coordinates.
    func local(_ p: Vector, on ref: BodyRef) -> Vector { ref.body.map { bodies[$0].local(p) } ?? p }

    /// Removes joint `j` and the bindings that drive it; renumbers the bindings of the joints after it.
    mutating func removeJoint(_ j: Int) {
        joints.remove(at: j)
        controls = renumberedControls(body: { $0 }, joint: { $0 == j ? nil : $0 > j ? $0 - 1 : $0 })
    }

    /// Removes body `i`, the joints on it and the bindings that drive either,
    /// and renumbers the joints' and bindings' bodies after it.
    mutating func removeBody(_ i: Int) {
        for j in joints.indices.reversed() where joints[j].a == .body(i) || joints[j].b == .body(i) { removeJoint(j) }
        controls = renumberedControls(body: { $0 == i ? nil : $0 > i ? $0 - 1 : $0 }, joint: { $0 })
        func renumber(_ ref: BodyRef) -> BodyRef {
            if case .body(let k) = ref, k > i { return .body(k - 1) }
            return ref
        }
        for j in joints.indices {
            joints[j].a = renumber(joints[j].a)
            joints[j].b = renumber(joints[j].b)
        }
        bodies.remove(at: i)
    }
}
