import CrateboxPhysics
import SceneFormat

extension World {
    /// body:setType (docs/scene-format.md 16.5): the body's kind changes between steps, in
    /// this order of checks: the body is here; it follows no animation and no control drives
    /// it (their kinds are theirs); leaving dynamic, it has no velocity or position function;
    /// then the surface's (Body.setKind). A grab on a body that
    /// stops being dynamic lets go once the kind has changed.
    /// `work` counts the springs' loads figured (16.11.1), changed or refused.
    func changeKind(of index: Int, to kind: Body.Kind, mass: Double?, moment: Double?, work: inout Int) throws(WorldError) {
        let entry = try liveBody(index)
        if animated.contains(where: { $0.index == index }) {
            throw WorldError("body \(index) follows an animation, which keeps it kinematic")
        }
        if let driven = scene.driver(of: index) { throw WorldError("body \(index) is driven by a \(driven) of the scene's controls, which keeps its type") }
        if kind != .dynamic, let function = Self.integrating(entry.spec) {
            throw WorldError("body \(index) has a \(function), which is for dynamic bodies only")
        }
        let lettingGo = kind != .dynamic && grab?.index == index ? grab?.joint : nil
        if let refusal = entry.body.setKind(kind, mass: mass, moment: moment, lettingGo: lettingGo, work: &work) {
            throw WorldError(said(refusal, index))
        }
        if lettingGo != nil { releaseGrab() }
        table.touch()
    }

    /// "velocityFunction" or "positionFunction" when the body has one (the first said first):
    /// Chipmunk calls them on a kinematic body too, where the integration they call is refused.
    static func integrating(_ spec: BodySpec) -> String? {
        spec.velocityFunction != nil ? "velocityFunction" : spec.positionFunction != nil ? "positionFunction" : nil
    }

    private func said(_ refusal: KindChangeRefusal, _ index: Int) -> String {
        switch refusal {
        case .inStep: "Chipmunk is stepping (this is a callback inside its step): do it in world:afterStep(function() ... end)"
        case .outOfRange(0): "the mass must be from 1e-06 to 1e+12"
        case .outOfRange: "the moment must be from 1e-06 to 1e+30"
        case .massForNotDynamic: "a mass and a moment are for \"dynamic\" only"
        case .noMass: "body \(index)'s shapes give it no mass or no moment: give both, setType(\"dynamic\", mass, moment)"
        case .tooManyShapes(let n): "body \(index) has \(n) shapes; a dynamic body may have at most \(Body.maxDynamicShapes)"
        case .tooStiff(let body):
            "the springs on body \(table.index(of: body).map(String.init) ?? "?") would be too stiff for their bodies at 1/120 s steps (section 8): make them softer or the bodies heavier"
        case .unsolvable(let joint):
            "joint \(joints.firstIndex { $0 === joint }.map(String.init) ?? "?") would have no dynamic end (or, turning, no end that turns), which Chipmunk cannot solve"
        }
    }
}
