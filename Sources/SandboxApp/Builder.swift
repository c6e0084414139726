#if canImport(Glibc)
import Glibc
#endif
import CSDL2
import Editing
import Render
import CrateboxGeometry
import SceneFormat
import Simulation

/// Build mode, on the window's thread: the document being edited, the tool,
/// and what the mouse and keyboard are in the middle of. It never touches a
/// running World: the picture is a World built from the document (rebuilt
/// when the document changes), and Play starts the physics thread on the
/// document.
final class Builder {
    var document: Document
    var tool = Tool.select
    var grid = false
    var clipboard: [BodySpec] = []
    /// The polygon tool's corners so far.
    var corners: [Vector] = []

    /// What a held mouse button is doing.
    enum Gesture {
        /// A tool's drag: a rectangle, a radius, a plank, a joint.
        case drawing(from: Vector, to: Vector)
        /// Moving the selected body.
        case moving(from: Vector, to: Vector)
        /// Turning the selected body with its handle, by the pointer's angle about its position.
        case rotating(from: Double, to: Double)
    }
    var gesture: Gesture?
    var panning = false
    /// A property being typed: its key, its row, and the text so far.
    var typing: (key: Property.Key, row: Int, text: String)?
    /// A key row clicked: the next key (or gamepad button) pressed is bound to the selection.
    var capturing: (key: Property.Key, row: Int)?
    /// What to tell the user (the app's HUD shows and prints it).
    var said: [String] = []
    /// Where the pointer is in the world, and its slack there (a few pixels), for
    /// saying what the pivot or motor tool would join before the click.
    var hover: (point: Vector, slack: Double)?
    private var picture: (revision: Int, drawn: DrawnWorld)?

    init(document: Document) {
        self.document = document
    }

    var scene: Scene { document.scene }

    /// The document as a World would draw it at its first step (kept until the document changes).
    var drawn: DrawnWorld? {
        if let picture, picture.revision == document.revision { return picture.drawn }
        do {
            let drawn = DrawnWorld(world: try World(scene: document.scene))
            picture = (document.revision, drawn)
            return drawn
        } catch {
            say("cannot draw the scene: \(error)")
            return picture?.drawn
        }
    }

    func say(_ text: String) { said.append(text) }

    /// What a click where the pointer is would join, with the pivot or motor tool.
    var hoverJoin: Join? {
        guard let hover else { return nil }
        switch tool {
        case .pivot: return document.pivotJoin(at: hover.point, slack: hover.slack, snap: 2 * hover.slack)
        case .motor: return document.motorJoin(at: hover.point, slack: hover.slack, snap: 2 * hover.slack)
        default: return nil
        }
    }

    /// "click: pins wheel to chassis", said before the click is made.
    var hoverJoinLine: String? {
        guard tool == .pivot || tool == .motor, hover != nil else { return nil }
        guard let join = hoverJoin else { return "click: nothing here to \(tool == .pivot ? "pin" : "turn")" }
        return tool == .pivot ? "click: pins \(document.describe(join))" : "click: turns \(document.describe(join, joiner: "against"))"
    }

    func snapped(_ p: Vector) -> Vector { grid ? Grid.snap(p) : p }

    /// Runs an edit; a refusal is said in the validator's words.
    func perform(_ edit: (inout Document) throws(EditRefused) -> Void) {
        do {
            try edit(&document)
        } catch {
            say("refused: \(error.message)")
        }
    }

    func choose(_ tool: Tool) {
        self.tool = tool
        corners = []
        gesture = nil
        say("\(tool.key) \(tool.name): \(tool.hint)")
    }

    /// Where the selected body's rotation handle is: above it, past its reach.
    func handle(pixels: Double) -> Vector? {
        guard tool == .select, case .body(let i) = document.selection else { return nil }
        let body = scene.bodies[i]
        return body.position + Vector(0, body.reach + 14 * pixels)
    }

    // MARK: The mouse on the scene

    func press(at raw: Vector, slack: Double, pixels: Double) {
        let p = snapped(raw)
        switch tool {
        case .select:
            if let handle = handle(pixels: pixels), (raw - handle).length <= 8 * pixels, case .body(let i) = document.selection {
                let a = angle(of: raw, about: scene.bodies[i].position)
                gesture = .rotating(from: a, to: a)
            } else if let i = document.body(at: raw, slack: slack) {
                document.selection = .body(i)
                gesture = .moving(from: raw, to: raw)
            } else if let j = document.joint(at: raw, slack: 2 * slack) {
                document.selection = .joint(j)
            } else if let k = document.attractor(at: raw, slack: 2 * slack) {
                document.selection = .attractor(k)
                gesture = .moving(from: raw, to: raw)
            } else if let k = document.fluid(at: raw) {
                document.selection = .fluid(k)
                gesture = .moving(from: raw, to: raw)
            } else {
                document.selection = nil
            }
        case .polygon:
            corners.append(p)
        case .pivot:
            // Within a few pixels of an axle (a circle's centre) or a corner, the pivot goes there.
            perform { doc throws(EditRefused) in try doc.addPivot(at: p, slack: slack, snap: 2 * slack) }
        case .motor:
            perform { doc throws(EditRefused) in try doc.addMotor(at: p, slack: slack, snap: 2 * slack) }
        case .planet:
            perform { doc throws(EditRefused) in try doc.addPlanet(at: p) }
        default:
            gesture = .drawing(from: p, to: p)
        }
    }

    func drag(to raw: Vector) {
        switch gesture {
        case .drawing(let from, _)?: gesture = .drawing(from: from, to: snapped(raw))
        case .moving(let from, _)?: gesture = .moving(from: from, to: raw)
        case .rotating(let from, _)?:
            if case .body(let i) = document.selection { gesture = .rotating(from: from, to: angle(of: raw, about: scene.bodies[i].position)) }
        case nil: break
        }
    }

    func release(slack: Double) {
        guard let gesture else { return }
        self.gesture = nil
        switch gesture {
        case .drawing(let a, let b):
            let tool = self.tool
            perform { doc throws(EditRefused) in
                switch tool {
                case .crate: try doc.addCrate(from: a, to: b)
                case .water: try doc.addWater(from: a, to: b)
                case .ball: try doc.addBall(center: a, edge: b)
                case .plank: try doc.addPlank(from: a, to: b)
                case .spring: try doc.addSpring(from: a, to: b, slack: slack)
                case .rod: try doc.addRod(from: a, to: b, slack: slack)
                case .rope: try doc.addRope(from: a, to: b, slack: slack)
                case .groove: try doc.addGroove(from: a, to: b, slack: slack)
                case .gear, .ratchet, .rotarySpring, .rotaryLimit: try doc.addAngleJoint(tool, from: a, to: b, slack: slack)
                default: break
                }
            }
        case .moving(let from, let to):
            // A click that wobbles a pixel or two is a click, not a move.
            guard (to - from).length > slack / 2, let d = moveDelta(from: from, to: to) else { return }
            perform { doc throws(EditRefused) in try doc.moveSelection(by: d) }
        case .rotating(let from, let to):
            let turn = rotation(from: from, to: to)
            perform { doc throws(EditRefused) in try doc.rotateSelection(by: turn) }
        }
    }

    /// How far a move takes the selection (its position lands on the grid when it is on).
    func moveDelta(from: Vector, to: Vector) -> Vector? {
        guard let position = document.selectionPosition else { return nil }
        let target = snapped(position + (to - from))
        let d = target - position
        return d.length > 0 ? d : nil
    }

    /// A turn of the handle (in 15 degree steps while the grid is on).
    func rotation(from: Double, to: Double) -> Double {
        var turn = remainder(to - from, 2 * Double.pi)
        if grid { turn = (turn / (Double.pi / 12)).rounded() * Double.pi / 12 }
        return turn
    }

    private func angle(of p: Vector, about c: Vector) -> Double { atan2(p.y - c.y, p.x - c.x) }

    /// Closes the polygon being clicked (Enter).
    func closePolygon() {
        let points = corners
        corners = []
        perform { doc throws(EditRefused) in
            if try doc.addPolygon(points) {
                say("the outline was concave: the polygon is its convex hull")
            }
        }
    }

    /// Esc: forgets what is in progress, or the selection. False when there was nothing to forget.
    func cancel() -> Bool {
        if capturing != nil {
            capturing = nil
        } else if typing != nil {
            typing = nil
            SDL_StopTextInput()
        } else if !corners.isEmpty {
            corners = []
        } else if gesture != nil {
            gesture = nil
        } else if document.selection != nil {
            document.selection = nil
        } else {
            return false
        }
        return true
    }
}
