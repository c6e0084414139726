#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CrateboxGeometry

/// A capsule's boundary clipped to y <= level, walked counter-clockwise as
/// lines and arcs, and the area and centroid it encloses (Green's theorem).
/// The arithmetic is normative (docs/replay-format.md, "Water and planets").
struct CapsuleBoundary {
    static let pi = 3.141592653589793
    static let tau = 6.283185307179586

    enum Piece {
        case line(Vector, Vector)
        case arc(centre: Vector, from: Double, to: Double)
    }

    let level: Double
    let r: Double
    private(set) var pieces: [Piece] = []

    init(level: Double, r: Double) {
        self.level = level
        self.r = r
    }

    /// The part of the line P to Q below the level.
    mutating func line(_ p: Vector, _ q: Vector) {
        let pIn = p.y <= level, qIn = q.y <= level
        if pIn && qIn {
            pieces.append(.line(p, q))
        } else if pIn || qIn {
            let t = (level - p.y) / (q.y - p.y)
            let x = Vector(p.x + (q.x - p.x) * t, level)
            pieces.append(pIn ? .line(p, x) : .line(x, q))
        }
    }

    /// The parts of the arc of radius r about `o` from t1 to t2 below the level.
    mutating func arc(about o: Vector, from t1: Double, to t2: Double) {
        let kk = (level - o.y) / r
        if kk >= 1.0 {
            pieces.append(.arc(centre: o, from: t1, to: t2))
            return
        }
        guard kk > -1.0 else { return }
        let al = Math.asin(kk)
        for sh in [-CapsuleBoundary.tau, 0.0, CapsuleBoundary.tau] {
            let lo = max(t1, (CapsuleBoundary.pi - al) + sh), hi = min(t2, (CapsuleBoundary.tau + al) + sh)
            if lo < hi { pieces.append(.arc(centre: o, from: lo, to: hi)) }
        }
    }

    private func start(_ piece: Piece) -> Vector {
        switch piece {
        case .line(let p, _): p
        case .arc(let o, let t, _): Vector(o.x + r * Math.cos(t), o.y + r * Math.sin(t))
        }
    }

    private func end(_ piece: Piece) -> Vector {
        switch piece {
        case .line(_, let q): q
        case .arc(let o, _, let t): Vector(o.x + r * Math.cos(t), o.y + r * Math.sin(t))
        }
    }

    /// The enclosed area and centroid, nil when nothing is below the level.
    func areaAndCentroid() -> (Double, Vector)? {
        guard !pieces.isEmpty else { return nil }
        var a2 = 0.0, x6 = 0.0, y6 = 0.0
        func line(_ p: Vector, _ q: Vector) {
            // The same forms as the arcs': x dy - y dx, x² dy and -y² dx along the line.
            a2 += p.x * q.y - q.x * p.y
            x6 += (q.y - p.y) * (p.x * p.x + p.x * q.x + q.x * q.x)
            y6 += (p.x - q.x) * (p.y * p.y + p.y * q.y + q.y * q.y)
        }
        for (i, piece) in pieces.enumerated() {
            switch piece {
            case .line(let p, let q):
                line(p, q)
            case .arc(let o, let t1, let t2):
                let s1 = Math.sin(t1), s2 = Math.sin(t2), c1 = Math.cos(t1), c2 = Math.cos(t2)
                let dt = t2 - t1, sc = (s2 * c2 - s1 * c1) / 2.0
                a2 += (r * r) * dt + (r * o.x) * (s2 - s1) - (r * o.y) * (c2 - c1)
                x6 += (3.0 * r) * ((o.x * o.x) * (s2 - s1) + ((2.0 * o.x) * r) * (dt / 2.0 + sc)
                                   + (r * r) * ((s2 - (s2 * s2 * s2) / 3.0) - (s1 - (s1 * s1 * s1) / 3.0)))
                y6 += (3.0 * r) * ((o.y * o.y) * (c1 - c2) + ((2.0 * o.y) * r) * (dt / 2.0 - sc)
                                   + (r * r) * ((((c2 * c2 * c2) / 3.0) - c2) - (((c1 * c1 * c1) / 3.0) - c1)))
            }
            // The chord (or nothing) to the next piece's start.
            line(end(piece), start(pieces[(i + 1) % pieces.count]))
        }
        return (a2 / 2.0, Vector(x6 / (3.0 * a2), y6 / (3.0 * a2)))
    }
}
