import Geometry

/// The build tools, on the number keys 1 to 8 and the toolbar.
public enum Tool: Int, CaseIterable, Sendable {
    case select = 1, crate, ball, polygon, plank, pivot, spring, rod

    public var name: String {
        switch self {
        case .select: "select"
        case .crate: "crate"
        case .ball: "ball"
        case .polygon: "polygon"
        case .plank: "plank"
        case .pivot: "pivot"
        case .spring: "spring"
        case .rod: "rod"
        }
    }

    /// What the tool does, for the help overlay and the HUD.
    public var hint: String {
        switch self {
        case .select: "click to select, drag to move, drag the handle or Q/E to rotate, Delete removes"
        case .crate: "drag a rectangle (a click: a 32 x 32 crate)"
        case .ball: "drag from the centre out to the radius (a click: radius 16)"
        case .polygon: "click the corners, Enter closes (a concave outline becomes its convex hull), Esc forgets"
        case .plank: "drag from one end to the other"
        case .pivot: "click where two bodies overlap to pin them, or on one body to pin it to the world"
        case .spring: "drag from a point on a body to another body, or to the background"
        case .rod: "drag from a point on a body to another body, or to the background"
        }
    }
}

/// Positions and sizes snap to this grid while it is on (G).
public enum Grid {
    public static let spacing = 8.0

    public static func snap(_ p: Vector) -> Vector {
        Vector((p.x / spacing).rounded() * spacing, (p.y / spacing).rounded() * spacing)
    }
}
