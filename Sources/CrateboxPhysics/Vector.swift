import CChipmunk
import CrateboxGeometry

// `Vector` (module Geometry) and Chipmunk's `cpVect`, one into the other.
extension Vector {
    var cp: cpVect { cpVect(x: x, y: y) }
    init(_ v: cpVect) { self.init(v.x, v.y) }
}
