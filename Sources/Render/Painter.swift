#if canImport(Glibc)
import Glibc
#endif
import Animation
import CSDL2
import WindowModel
import CrateboxGeometry
import SceneFormat
import Simulation

/// Draws a World with SDL's renderer: the same code for the window and for
/// offscreen PNGs. Crates go out in one textured `SDL_RenderGeometry` call and
/// every other filled shape in one untextured call.
public final class Painter {
    let renderer: OpaquePointer
    private let crate: OpaquePointer?
    private var crateVertices: [SDL_Vertex] = []
    private var crateIndices: [Int32] = []
    var fillVertices: [SDL_Vertex] = []
    var fillIndices: [Int32] = []
    /// The fonts of the script's labels (opened when first drawn).
    let labelFonts: LabelFonts
    /// Pixels per window point (2 on a high-density display): a screen label's
    /// place and size are in points (1 for pictures, whose points are pixels).
    public var pointScale = 1.0

    public init(renderer: OpaquePointer) {
        self.renderer = renderer
        labelFonts = LabelFonts(renderer: renderer)
        crate = CrateTexture.make(renderer)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    }

    deinit {
        if let crate { SDL_DestroyTexture(crate) }
    }

    /// The crate texture (nil when it could not be made), for `bench --draw`'s plain C loop.
    public var crateTexture: OpaquePointer? { crate }

    /// Draws a world as the physics thread drew it (`DrawnWorld`), `alpha` of the way through its last step
    /// (debug drawing when the drawn world has outlines).
    /// `clip`: the rectangle the world is drawn in after the picture is
    /// cleared (the window's room for it); left set for what the caller draws
    /// over the world, until it clears it.
    public func draw(_ world: DrawnWorld, camera: Camera, alpha: Double, width: Int, height: Int, clip: SDL_Rect? = nil) {
        clear(then: clip)
        // The box itself, a shade lighter than the letterbox around it.
        let o = world.scene.origin
        let topLeft = camera.toScreen(Vector(o.x, o.y + world.scene.height)), bottomRight = camera.toScreen(Vector(o.x + world.scene.width, o.y))
        set(Palette.box)
        var area = SDL_FRect(x: Float(topLeft.x), y: Float(topLeft.y), w: Float(bottomRight.x - topLeft.x), h: Float(bottomRight.y - topLeft.y))
        SDL_RenderFillRectF(renderer, &area)

        crateVertices.removeAll(keepingCapacity: true)
        crateIndices.removeAll(keepingCapacity: true)
        fillVertices.removeAll(keepingCapacity: true)
        fillIndices.removeAll(keepingCapacity: true)

        addAttractors(world.scene, camera: camera)
        for (i, slot) in world.bodies.enumerated() {
            guard let entry = slot else { continue }
            let isStatic = entry.kind == .static
            let pose = world.pose(of: i, alpha: isStatic ? 1 : alpha)
            let bodyColor = Palette.fill(for: entry.look, staticBody: isStatic)
            for shape in entry.spec.shapes {
                // Sensors are translucent; the body's other shapes are not.
                var color = bodyColor
                if shape.sensor { color.a = 90 }
                let textured: Bool
                if case .box = shape.geometry, entry.look == .crate, crate != nil { textured = true } else { textured = false }
                if case .polygon(let vertices, _) = shape.geometry, entry.look == .crate {
                    addWoodPiece(vertices, pose: pose, camera: camera, color: color)
                } else {
                    addShape(shape.geometry, pose: pose, camera: camera, color: color, textured: textured)
                }
                if case .circle(let r, let offset) = shape.geometry, entry.look != .crate {
                    // A spoke, so that rolling shows.
                    addSpoke(center: offset, radius: r, pose: pose, camera: camera, color: Palette.darker(color))
                }
                if shape.surfaceVelocity != nil || shape.oneWay != nil {
                    addSurfaceMarks(shape, pose: pose, camera: camera, step: world.stepCount)
                }
            }
        }
        fillVertices.withUnsafeBufferPointer { v in
            fillIndices.withUnsafeBufferPointer { i in
                _ = SDL_RenderGeometry(renderer, nil, v.baseAddress, Int32(v.count), i.baseAddress, Int32(i.count))
            }
        }
        crateVertices.withUnsafeBufferPointer { v in
            crateIndices.withUnsafeBufferPointer { i in
                _ = SDL_RenderGeometry(renderer, crate, v.baseAddress, Int32(v.count), i.baseAddress, Int32(i.count))
            }
        }
        // What holds the bodies together, in one call of its own, over the crates.
        fillVertices.removeAll(keepingCapacity: true)
        fillIndices.removeAll(keepingCapacity: true)
        // The walls too: a crate at rest sinks Chipmunk's slop into the floor,
        // and a crate turned the least bit was drawn partly over the floor line
        // and partly under it; over the bodies, the line is always in front.
        for wall in world.walls {
            addShape(wall, pose: Pose(position: .zero, angle: 0), camera: camera, color: Palette.wall, textured: false)
        }
        addFluids(world.scene, camera: camera)
        addJoints(world, camera: camera)
        addThrusterFlames(world, camera: camera, alpha: alpha)
        fillVertices.withUnsafeBufferPointer { v in
            fillIndices.withUnsafeBufferPointer { i in
                _ = SDL_RenderGeometry(renderer, nil, v.baseAddress, Int32(v.count), i.baseAddress, Int32(i.count))
            }
        }
        drawOnTop(world, camera: camera, alpha: alpha, clip: clip)
    }

    /// Over everything of the world: the script's labels, debug drawing, the grab's line.
    private func drawOnTop(_ world: DrawnWorld, camera: Camera, alpha: Double, clip: SDL_Rect?) {
        drawLabels(world, camera: camera, clip: clip)
        if let outlines = world.outlines { drawDebug(world, outlines, camera: camera, alpha: alpha) }
        drawGrabLine(world, camera: camera, alpha: alpha)
    }

    /// The whole picture in the background colour, then drawing clipped to `clip` (if any).
    private func clear(then clip: SDL_Rect?) {
        set(Palette.background)
        SDL_RenderSetClipRect(renderer, nil)
        SDL_RenderClear(renderer)
        if var clip { SDL_RenderSetClipRect(renderer, &clip) }
    }

    // MARK: Filled shapes

    func vertex(_ p: (x: Double, y: Double), _ color: SDL_Color, _ u: Float = 0, _ v: Float = 0) -> SDL_Vertex {
        SDL_Vertex(position: SDL_FPoint(x: Float(p.x), y: Float(p.y)), color: color, tex_coord: SDL_FPoint(x: u, y: v))
    }

    func world(_ p: Vector, _ pose: Pose) -> Vector {
        let c = cos(pose.angle), s = sin(pose.angle)
        return pose.position + Vector(p.x * c - p.y * s, p.x * s + p.y * c)
    }

    private func addShape(_ geometry: ShapeGeometry, pose: Pose, camera: Camera, color: SDL_Color, textured: Bool) {
        switch geometry {
        case .box(let w, let h, let r) where r > 0:
            // A rounded box: the outline of its rounding, then (textured) its core over it.
            let core = [Vector(-w / 2, -h / 2), Vector(w / 2, -h / 2), Vector(w / 2, h / 2), Vector(-w / 2, h / 2)]
            addFan(roundedOutline(core, radius: r, pose: pose, camera: camera), color)
            if textured { addShape(.box(width: w, height: h, radius: 0), pose: pose, camera: camera, color: color, textured: true) }
        case .box(let w, let h, _):
            // Written out, without temporary arrays: a pile draws thousands of these a frame.
            let c = cos(pose.angle), s = sin(pose.angle), x = pose.position.x, y = pose.position.y
            func corner(_ dx: Double, _ dy: Double) -> (x: Double, y: Double) {
                camera.toScreen(Vector(x + dx * c - dy * s, y + dx * s + dy * c))
            }
            let p0 = corner(-w / 2, -h / 2), p1 = corner(w / 2, -h / 2), p2 = corner(w / 2, h / 2), p3 = corner(-w / 2, h / 2)
            if textured {
                let base = Int32(crateVertices.count)
                let white = SDL_Color(r: 255, g: 255, b: 255, a: color.a)
                crateVertices.append(vertex(p0, white, 0, 1))
                crateVertices.append(vertex(p1, white, 1, 1))
                crateVertices.append(vertex(p2, white, 1, 0))
                crateVertices.append(vertex(p3, white, 0, 0))
                for k: Int32 in [0, 1, 2, 0, 2, 3] { crateIndices.append(base + k) }
            } else {
                addFan([p0, p1, p2, p3], color)
            }
        case .circle(let r, let offset):
            let center = world(offset, pose)
            let segments = max(12, min(48, Int(r * camera.scale / 2)))
            var points: [(x: Double, y: Double)] = []
            for k in 0..<segments {
                let a = Double(k) / Double(segments) * 2 * Double.pi
                points.append(camera.toScreen(center + Vector(cos(a) * r, sin(a) * r)))
            }
            addFan(points, color)
        case .polygon(let vertices, let r) where r > 0:
            addFan(roundedOutline(vertices, radius: r, pose: pose, camera: camera), color)
        case .polygon(let vertices, _):
            addFan(vertices.map { camera.toScreen(world($0, pose)) }, color)
        case .segment(let a, let b, let r):
            let pa = world(a, pose), pb = world(b, pose)
            let d = pb - pa, length = max(d.length, 1e-9)
            // At least a pixel and a half wide, so thin walls stay visible.
            let half = max(r, 0.75 / camera.scale)
            let n = Vector(-d.y / length * half, d.x / length * half)
            let ext = Vector(d.x / length * r, d.y / length * r)
            addFan([pa - ext + n, pb + ext + n, pb + ext - n, pa - ext - n].map { camera.toScreen($0) }, color)
        }
    }

    /// The screen outline of a convex polygon grown by `radius` (Chipmunk's
    /// rounded polygon: the points within `radius` of it): each edge pushed out
    /// along its normal, each corner an arc between its two edges' normals.
    func roundedOutline(_ corners: [Vector], radius: Double, pose: Pose, camera: Camera) -> [(x: Double, y: Double)] {
        var v = corners
        var area = 0.0
        for i in v.indices { let a = v[i], b = v[(i + 1) % v.count]; area += a.x * b.y - b.x * a.y }
        if area < 0 { v.reverse() }  // counter-clockwise, so normals point out
        let arcSteps = max(2, min(12, Int(radius * camera.scale / 2)))
        var outline: [(x: Double, y: Double)] = []
        for i in v.indices {
            let prev = v[(i + v.count - 1) % v.count], here = v[i], next = v[(i + 1) % v.count]
            let a0 = atan2(-(here.x - prev.x), here.y - prev.y), a1raw = atan2(-(next.x - here.x), next.y - here.y)
            var a1 = a1raw
            while a1 < a0 { a1 += 2 * Double.pi }
            for k in 0...arcSteps {
                let a = a0 + (a1 - a0) * Double(k) / Double(arcSteps)
                outline.append(camera.toScreen(world(here + Vector(cos(a) * radius, sin(a) * radius), pose)))
            }
        }
        return outline
    }

    func addFan(_ points: [(x: Double, y: Double)], _ color: SDL_Color) {
        guard points.count >= 3 else { return }
        let base = Int32(fillVertices.count)
        for p in points { fillVertices.append(vertex(p, color)) }
        for k in 1..<(points.count - 1) {
            fillIndices += [base, base + Int32(k), base + Int32(k + 1)]
        }
    }

    private func addSpoke(center: Vector, radius: Double, pose: Pose, camera: Camera, color: SDL_Color) {
        let w = radius * 0.12
        let quad = [Vector(0, -w), Vector(radius * 0.9, -w), Vector(radius * 0.9, w), Vector(0, w)]
        addFan(quad.map { camera.toScreen(world(center + $0, pose)) }, color)
    }

    // MARK: Debug drawing

    private func set(_ c: SDL_Color) {
        SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, c.a)
    }

    private func drawDebug(_ world: DrawnWorld, _ outlines: [ShapeOutline], camera: Camera, alpha: Double) {
        // Each body's shapes where the picture draws it, between the last two steps.
        let poses = outlines.map { outline in outline.bodyIndex.map { world.pose(of: $0, alpha: alpha) } ?? outline.pose }
        // Bounding boxes first, so the outlines (and the sleeping colour) stay on top.
        let boxes = zip(outlines, poses).map { outline, pose -> SDL_FRect in
            // The box moved with its body from where it was after the step.
            let shift = pose.position - outline.pose.position
            let bb = (min: outline.boundingBox.min + shift, max: outline.boundingBox.max + shift)
            let tl = camera.toScreen(Vector(bb.min.x, bb.max.y)), br = camera.toScreen(Vector(bb.max.x, bb.min.y))
            return SDL_FRect(x: Float(tl.x), y: Float(tl.y), w: Float(br.x - tl.x), h: Float(br.y - tl.y))
        }
        set(Palette.bounds)
        SDL_RenderDrawRectsF(renderer, boxes, Int32(boxes.count))
        for (outline, pose) in zip(outlines, poses) {
            set(outline.state == .fixed ? Palette.wall : outline.state == .sleeping ? Palette.sleeping : Palette.outline)
            drawOutline(outline.geometry, pose: pose, camera: camera)
        }
        set(Palette.joint)
        for (a, b) in world.jointAnchors {
            let pa = camera.toScreen(a), pb = camera.toScreen(b)
            SDL_RenderDrawLineF(renderer, Float(pa.x), Float(pa.y), Float(pb.x), Float(pb.y))
            var dots = [pa, pb].map { SDL_FRect(x: Float($0.x) - 2, y: Float($0.y) - 2, w: 5, h: 5) }
            SDL_RenderFillRectsF(renderer, &dots, 2)
        }
        set(Palette.contact)
        let contacts = (world.contacts ?? []).map { p -> SDL_FRect in
            let s = camera.toScreen(p)
            return SDL_FRect(x: Float(s.x) - 2, y: Float(s.y) - 2, w: 4, h: 4)
        }
        SDL_RenderFillRectsF(renderer, contacts, Int32(contacts.count))
    }

    private func drawOutline(_ geometry: ShapeGeometry, pose: Pose, camera: Camera) {
        var points: [SDL_FPoint] = []
        func add(_ p: Vector) {
            let s = camera.toScreen(world(p, pose))
            points.append(SDL_FPoint(x: Float(s.x), y: Float(s.y)))
        }
        switch geometry {
        case .box(let w, let h, _):
            for p in [Vector(-w / 2, -h / 2), Vector(w / 2, -h / 2), Vector(w / 2, h / 2), Vector(-w / 2, h / 2), Vector(-w / 2, -h / 2)] { add(p) }
        case .circle(let r, let offset):
            for k in 0...24 { let a = Double(k) / 24 * 2 * Double.pi; add(offset + Vector(cos(a) * r, sin(a) * r)) }
            add(offset)
        case .polygon(let vertices, _):
            for p in vertices { add(p) }
            add(vertices[0])
        case .segment(let a, let b, _):
            add(a); add(b)
        }
        SDL_RenderDrawLinesF(renderer, points, Int32(points.count))
    }

    /// While a body is held, a line from the hand's target to the body.
    private func drawGrabLine(_ world: DrawnWorld, camera: Camera, alpha: Double) {
        guard let (index, target) = world.grab else { return }
        let body = camera.toScreen(world.pose(of: index, alpha: alpha).position), hand = camera.toScreen(target)
        set(Palette.joint)
        SDL_RenderDrawLineF(renderer, Float(body.x), Float(body.y), Float(hand.x), Float(hand.y))
    }

    // MARK: The level

    /// A bubble level of radius `r` centred at `centre` (pixels; the layout
    /// puts it at the HUD band's right end): the dot shows the tilt, as the
    /// way gravity pulls (1 g reaches half the ring).
    public func drawLevel(tilt: Vector, at centre: (x: Double, y: Double), radius r: Double, scale: Double) {
        let (cx, cy) = centre
        var ring: [SDL_FPoint] = []
        for k in 0...40 {
            let a = Double(k) / 40 * 2 * Double.pi
            ring.append(SDL_FPoint(x: Float(cx + cos(a) * r), y: Float(cy + sin(a) * r)))
        }
        set(SDL_Color(r: 0, g: 0, b: 0, a: 120))
        fillVertices.removeAll(keepingCapacity: true)
        fillIndices.removeAll(keepingCapacity: true)
        addFan(ring.map { (Double($0.x), Double($0.y)) }, SDL_Color(r: 0, g: 0, b: 0, a: 110))
        let bx = cx + tilt.x * r / 2, by = cy - tilt.y * r / 2
        var dot: [(x: Double, y: Double)] = []
        for k in 0..<16 { let a = Double(k) / 16 * 2 * Double.pi; dot.append((bx + cos(a) * 5 * scale, by + sin(a) * 5 * scale)) }
        addFan(dot, Palette.joint)
        fillVertices.withUnsafeBufferPointer { v in
            fillIndices.withUnsafeBufferPointer { i in
                _ = SDL_RenderGeometry(renderer, nil, v.baseAddress, Int32(v.count), i.baseAddress, Int32(i.count))
            }
        }
        set(Palette.text)
        SDL_RenderDrawLinesF(renderer, ring, Int32(ring.count))
        SDL_RenderDrawLineF(renderer, Float(cx - r), Float(cy), Float(cx + r), Float(cy))
        SDL_RenderDrawLineF(renderer, Float(cx), Float(cy - r), Float(cx), Float(cy + r))
        set(Palette.joint)
        SDL_RenderDrawLineF(renderer, Float(cx), Float(cy), Float(bx), Float(by))
    }
}
