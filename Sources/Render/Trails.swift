import CrateboxGeometry
import SceneFormat

/// Tracers: the last few seconds of the paths of the bodies marked with
/// `trace` in the scene, or by T in the window. Drawing only: kept by the
/// window from the drawn worlds it draws, never part of the world.
public struct Trails {
    /// How long a trail lasts, in seconds of simulated time.
    public static let seconds = 3.0
    /// Bodies whose mark T turned over (a scene's `trace` off, or on), by construction index.
    public private(set) var toggled: Set<Int> = []
    /// Each traced body's points, oldest first: (time in steps, where).
    private var points: [Int: [(time: Double, point: Vector)]] = [:]
    private var lastTime = -1.0
    private var lastStepsSinceBuild = -1

    public init() {}

    /// Turns a body's trace on or off; returns whether it is traced now.
    public mutating func toggle(_ index: Int, in drawn: DrawnWorld) -> Bool {
        if toggled.contains(index) { toggled.remove(index) } else { toggled.insert(index) }
        points[index] = nil
        return isTraced(index, drawn)
    }

    func isTraced(_ index: Int, _ drawn: DrawnWorld) -> Bool {
        guard drawn.bodies.indices.contains(index), let body = drawn.bodies[index] else { return false }
        return body.spec.trace != toggled.contains(index)
    }

    /// Adds where each traced body is drawn now; forgets points older than
    /// `seconds`, and everything when time went back (the time machine) or the
    /// world was built again (a reset: the bodies start over, their indices reused).
    public mutating func update(_ drawn: DrawnWorld, alpha: Double) {
        let time = Double(drawn.stepCount - 1) + alpha
        if time < lastTime || drawn.stepsSinceBuild < lastStepsSinceBuild { points = [:] }
        lastTime = time
        lastStepsSinceBuild = drawn.stepsSinceBuild
        let oldest = time - Trails.seconds * 120
        for (i, body) in drawn.bodies.enumerated() where body != nil && isTraced(i, drawn) {
            let p = drawn.pose(of: i, alpha: alpha).position
            var path = points[i] ?? []
            if path.last.map({ ($0.point - p).length > 0.5 }) ?? true { path.append((time, p)) }
            path.removeAll { $0.time < oldest }
            points[i] = path
        }
        for i in points.keys where !isTraced(i, drawn) { points[i] = nil }
    }

    /// Each trail's points with how fresh each is (1 now, 0 at `seconds` old).
    public var paths: [[(point: Vector, freshness: Double)]] {
        points.keys.sorted().map { i in
            points[i]!.map { ($0.point, 1 - (lastTime - $0.time) / (Trails.seconds * 120)) }
        }
    }
}
