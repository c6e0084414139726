import CrateboxGeometry
import SceneFormat

/// What a click of the pivot or motor tool joins, decided in one place so
/// that build mode can say it before the click is made ("pins wheel to
/// chassis", "pins crate to the world: nothing under it").
public struct Join: Equatable, Sendable {
    /// Where the pivot goes (a motor: where the click was).
    public var point: Vector
    /// The body clicked (the topmost there).
    public var body: Int
    /// What it is joined to: the body under it, the body its wheel overlaps, or the world.
    public var other: BodyRef
}

extension Document {
    /// The pivot a click at `click` makes: the topmost body at the (snapped)
    /// point and the one under it; for a wheel pinned at its centre with no
    /// body under that point (a wheel's centre on a chassis's edge), the body
    /// the wheel overlaps; else the world.
    public func pivotJoin(at click: Vector, slack: Double = 0, snap: Double = 0) -> Join? {
        join(at: snapped(click, within: snap), slack: slack)
    }

    /// The motor a click at `p` makes: the same bodies as a pivot there.
    public func motorJoin(at p: Vector, slack: Double = 0, snap: Double = 0) -> Join? {
        join(at: snapped(p, within: snap), slack: slack)
    }

    private func join(at p: Vector, slack: Double) -> Join? {
        let hit = bodies(at: p, slack: slack)
        guard let top = hit.first else { return nil }
        if hit.count > 1 { return Join(point: p, body: top, other: .body(hit[1])) }
        // A wheel: a circle of the body centred at the point. The body it
        // overlaps there (its outline within the wheel's radius) is its axle's other end.
        let wheel = scene.bodies[top]
        let radius = wheel.shapes.compactMap { shape -> Double? in
            guard case .circle(let r, let offset) = shape.geometry, (wheel.world(offset) - p).length <= max(slack, 1e-9) else { return nil }
            return r
        }.max()
        if let radius, let under = bodies(at: p, slack: radius).first(where: { $0 != top }) {
            return Join(point: p, body: top, other: .body(under))
        }
        return Join(point: p, body: top, other: .world)
    }

    /// "ball 1 to crate 0", "crate 3 to the world (nothing under it)": what a
    /// join holds (`joiner`: "against" for a motor).
    public func describe(_ join: Join, joiner: String = "to") -> String {
        let other = join.other.body.map { name(of: $0) } ?? "the world (nothing under it)"
        return "\(name(of: join.body)) \(joiner) \(other)"
    }

    /// A body as the HUD names it: what it looks like and its index ("crate
    /// 0", "ball 1"), with its id when someone gave it one ("ball 1 \"rear\"";
    /// not the `bodyN` the editor gives bodies that joints name).
    public func name(of i: Int) -> String {
        let body = scene.bodies[i]
        let kind: String
        switch (body.look, body.shapes.first?.geometry) {
        case (.crate, _): kind = "crate"
        case (.ball, _), (_, .circle?): kind = "ball"
        case (_, .segment?): kind = "plank"
        case (_, .polygon?): kind = "polygon"
        default: kind = "body"
        }
        guard let id = body.id, !(id.hasPrefix("body") && Int(id.dropFirst(4)) != nil) else { return "\(kind) \(i)" }
        return "\(kind) \(i) \"\(id)\""
    }
}
