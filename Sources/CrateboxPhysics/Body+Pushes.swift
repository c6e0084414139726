#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CChipmunk
import ChipmunkCallbacks
import ChipmunkPrivate
import CrateboxGeometry

// What water, planets and explosions do to a body before a step, in the
// normative arithmetic of docs/replay-format.md ("Water and planets", "explode").
extension Body {
    /// The body's centre of gravity in world coordinates.
    public var worldCenterOfGravity: Vector { Vector(cpBodyLocalToWorld(raw, cpBodyGetCenterOfGravity(raw))) }

    /// An attractor's pull for one step of `dt`: strength / d² towards `point`,
    /// the distance never taken below `radius`. A change of velocity before
    /// the step, which the step's positions then use (as symplectic Euler
    /// does: an orbit neither grows nor shrinks, as it would with a force).
    public func pull(towards point: Vector, strength: Double, radius: Double, dt: Double) {
        let p = cpBodyGetPosition(raw), v = cpBodyGetVelocity(raw)
        let dx = point.x - p.x, dy = point.y - p.y
        let d2 = dx * dx + dy * dy, r2 = radius * radius
        let q = r2 >= d2 ? r2 : d2  // max(d2, r2) as the format writes it: b >= a ? b : a
        let f = strength / (q * q.squareRoot())
        cpBodySetVelocity(raw, cpVect(x: v.x + (dx * f) * dt, y: v.y + (dy * f) * dt))
    }

    /// Buoyancy and drag of a submerged part for the coming step of `dt` (the
    /// Buoyancy demo's `waterPreSolve`), as forces Chipmunk integrates inside the
    /// step: applied as impulses before it, a floating body would end every step
    /// moving at -g·dt and never rest. The spin drag scales the angular velocity.
    /// Neither wakes the body (Chipmunk's setters would, and it could never sleep).
    public func float(_ part: Submerged, density rho: Double, linearDrag kl: Double, angularDrag ka: Double, gravity g: Vector, dt: Double) {
        let c = part.centroid.cp, area = part.area
        let k0 = -(area * rho)
        cratebox_body_push(raw, g.x * k0, g.y * k0, c.x, c.y)
        let vc = cpBodyGetVelocityAtWorldPoint(raw, c)
        let inv = 1.0 / ((vc.x * vc.x + vc.y * vc.y).squareRoot() + 2.2250738585072014e-308)
        let nx = vc.x * inv, ny = vc.y * inv
        let p = cpBodyGetPosition(raw)
        let rcn = (c.x - p.x) * ny - (c.y - p.y) * nx
        let k = 1.0 / cpBodyGetMass(raw) + (rcn * rcn) / cpBodyGetMoment(raw)
        let vk = Math.exp(((-((area * kl) * rho)) * dt) * k)
        let ik = 1.0 / k
        cratebox_body_push(raw, ((vc.x * vk - vc.x) * ik) / dt, ((vc.y * vk - vc.y) * ik) / dt, c.x, c.y)
        let cog = cpBodyLocalToWorld(raw, cpBodyGetCenterOfGravity(raw))
        let wd = part.dragMoment((ka * rho) * area, cog)
        cratebox_body_scale_spin(raw, Math.exp(((-wd) * dt) / cpBodyGetMoment(raw)))
    }

    /// An explosion at `point`: an impulse away from it at the centre of
    /// gravity, `impulse` at the point falling linearly to nothing at `radius`,
    /// and with `topSpeed`, never more than gives the body that speed (its mass
    /// times it: an impulse moves a light body fast). Returns whether it reached the body.
    @discardableResult
    public func blast(from point: Vector, radius: Double, impulse: Double, topSpeed: Double? = nil) -> Bool {
        let c = cpBodyLocalToWorld(raw, cpBodyGetCenterOfGravity(raw))
        let dx = c.x - point.x, dy = c.y - point.y
        let d = (dx * dx + dy * dy).squareRoot()
        guard d < radius && d > 0.0 else { return false }
        var j = impulse * ((radius - d) / radius)
        if let topSpeed {
            let cap = cpBodyGetMass(raw) * topSpeed
            if j > cap { j = cap }
        }
        let s = j / d
        cpBodyApplyImpulseAtWorldPoint(raw, cpVect(x: dx * s, y: dy * s), c)
        return true
    }
}
