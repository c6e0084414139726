import CrateboxGeometry

/// The build tools: on the number keys 1 to 9 and 0 (the first ten), J steps
/// through the joint tools, W pours water, P places a planet, and every tool
/// is on the toolbar.
public enum Tool: Int, CaseIterable, Sendable {
    case select = 1, crate, ball, polygon, plank, pivot, spring, rod, rope, motor
    case groove, gear, ratchet, rotarySpring, rotaryLimit
    case water, planet

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
        case .rope: "rope"
        case .motor: "motor"
        case .groove: "groove"
        case .gear: "gear"
        case .ratchet: "ratchet"
        case .rotarySpring: "coil"
        case .rotaryLimit: "limit"
        case .water: "water"
        case .planet: "planet"
        }
    }

    /// Its key: "1"..."9", "0", J (the joint tools beyond the tenth), W (water) or P (planet).
    public var key: String {
        switch self {
        case .water: "W"
        case .planet: "P"
        default:
            switch rawValue {
            case 1...9: "\(rawValue)"
            case 10: "0"
            default: "J"
            }
        }
    }

    /// The tool on a digit key (1...9, and 0 for the tenth).
    public static func onDigit(_ digit: Int) -> Tool? { Tool(rawValue: digit == 0 ? 10 : digit) }

    /// The joint tools, in the order J steps through them.
    public static let joints: [Tool] = [.pivot, .spring, .rod, .rope, .motor, .groove, .gear, .ratchet, .rotarySpring, .rotaryLimit]

    /// The joint tool after this one (J); the first from any other tool.
    public var nextJoint: Tool {
        guard let at = Tool.joints.firstIndex(of: self) else { return Tool.joints[0] }
        return Tool.joints[(at + 1) % Tool.joints.count]
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
        case .rope: "drag from a point on a body to another body, or to the background: a rope as long as the drag"
        case .motor: "click on a body (or where two overlap) to turn it: put a pivot there too, as an axle"
        case .groove: "drag along a body (the groove) to the body whose pin slides in it, or to the background"
        case .gear: "drag from one body to another (or to the background): their turning is geared 1:1"
        case .ratchet: "drag from one body to another (or to the background): the second turns one way only"
        case .rotarySpring: "drag from one body to another (or to the background): a spring on their angle"
        case .rotaryLimit: "drag from one body to another (or to the background): their angle stays within 45 degrees of now"
        case .water: "drag a rectangle of water (its top is the surface): bodies lighter than it float"
        case .planet: "click to place a planet: it pulls every body (set the scene's gravity to 0 for orbits)"
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
