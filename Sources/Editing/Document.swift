import CrateboxGeometry
import SceneFormat

/// What is selected in a document: a body, a joint, a region of water or
/// an attractor (a planet), by index.
public enum Selection: Equatable, Sendable {
    case body(Int)
    case joint(Int)
    case fluid(Int)
    case attractor(Int)
}

/// An edit the validator refused, in its words (the first of its errors).
public struct EditRefused: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
    public init(_ message: String) { self.message = message }
}

/// The scene being built: a value (never a running World), the selection,
/// and the edits that led to it, for undo and redo. Every edit is checked by
/// the same checks as a file's values (`Scene.problems`), and made what its
/// file would read back as, so what the reader would refuse never enters the
/// document; a refused edit leaves it as it was.
public struct Document: Sendable {
    public private(set) var scene: Scene
    public var selection: Selection?
    /// The file it is saved to; names it in the validator's messages.
    public var file: String
    private var undoStack: [(scene: Scene, selection: Selection?)] = []
    private var redoStack: [(scene: Scene, selection: Selection?)] = []
    /// Counts changes to the scene, so that a picture of it can be kept until it changes.
    public private(set) var revision = 0

    /// The scripts the scene panel offers (the `.lua` files beside the scene,
    /// with their text), after "none"; the window fills it in.
    public var scriptChoices: [(name: String, text: String)] = []

    /// The scene as it is in its file (as loaded, or last saved): what
    /// quitting would lose is the difference.
    public private(set) var savedScene: Scene

    public init(scene: Scene, file: String) {
        self.scene = scene
        self.file = file
        savedScene = scene
    }

    /// Whether the scene differs from its file's (undoing back to it leaves none).
    public var hasUnsavedEdits: Bool { scene != savedScene }

    /// The scene is now in its file.
    public mutating func markSaved() {
        savedScene = scene
    }

    /// Where unsaved edits of `file` are kept on quitting: `NAME.unsaved.json`
    /// beside it (`NAME.unsaved-2.json`... when that exists: never over a file).
    public static func recoveryStem(for file: String) -> String {
        (file.hasSuffix(".json") ? String(file.dropLast(5)) : file) + ".unsaved"
    }

    /// An empty box `width` x `height` with walls and the default gravity.
    public static func emptyBox(width: Double, height: Double, name: String, file: String) throws(EditRefused) -> Document {
        var scene = Scene.defaultEmpty
        scene.name = name
        scene.width = width
        scene.height = height
        return Document(scene: try Document.validated(scene, file: file), file: file)
    }

    public var canUndo: Bool { !undoStack.isEmpty }
    public var canRedo: Bool { !redoStack.isEmpty }

    /// Replaces the scene with `candidate` when the validator accepts it, and
    /// selects `select`; remembers the scene before, for undo.
    public mutating func commit(_ candidate: Scene, select: Selection?) throws(EditRefused) {
        let checked = try Document.validated(candidate, file: file)
        undoStack.append((scene, selection))
        redoStack.removeAll()
        scene = checked
        selection = select
        revision += 1
    }

    /// Changes the scene with `edit` (which says what to select after it), if the validator accepts the result.
    public mutating func edit(_ edit: (inout Scene) throws(EditRefused) -> Selection?) throws(EditRefused) {
        var candidate = scene
        let select = try edit(&candidate)
        guard candidate != scene else { return }
        try commit(candidate, select: select)
    }

    public mutating func undo() -> Bool {
        guard let last = undoStack.popLast() else { return false }
        redoStack.append((scene, selection))
        (scene, selection) = last
        revision += 1
        return true
    }

    public mutating func redo() -> Bool {
        guard let next = redoStack.popLast() else { return false }
        undoStack.append((scene, selection))
        (scene, selection) = next
        revision += 1
        return true
    }

    /// `scene` as the format's checks accept it (the same checks as a file's
    /// values, scene-format.md), or the checks' first error; as its file would
    /// read back: bindings name what they drive by id, so whatever they drive
    /// gets one; the view follows no body that is gone or static; the modules
    /// the script requires are those the scene carries.
    public static func validated(_ scene: Scene, file: String) throws(EditRefused) -> Scene {
        var checked = scene.followingWhatIsThere
        checked.nameControlTargets()
        guard checked.carryModules() else { throw EditRefused(SceneError(file: file, path: "script", message: ScriptModule.tooMany).description) }
        if let first = checked.problems(file: file).first { throw EditRefused(first.description) }
        return checked
    }

    /// The topmost body (the last drawn) at the world point `p`, within `slack`.
    public func body(at p: Vector, slack: Double = 0) -> Int? {
        scene.bodies.indices.last { scene.bodies[$0].contains(p, slack: slack) }
    }

    /// Every body at `p`, topmost first.
    public func bodies(at p: Vector, slack: Double = 0) -> [Int] {
        scene.bodies.indices.reversed().filter { scene.bodies[$0].contains(p, slack: slack) }
    }

    /// The joint with an anchor (or its line) within `slack` of `p`, the last one first.
    public func joint(at p: Vector, slack: Double) -> Int? {
        scene.joints.indices.last { i in
            let ends = scene.anchors(of: scene.joints[i])
            return distance(p, toSegment: ends.a, ends.b) <= slack
        }
    }
}

extension Scene {
    /// A walled box with no bodies, the default gravity and the default spawn.
    static var defaultEmpty: Scene {
        var scene = DefaultScene.scene()
        scene.bodies = []
        scene.joints = []
        return scene
    }

    /// A joint's two anchors in the world, at the scene's poses.
    public func anchors(of joint: JointSpec) -> (a: Vector, b: Vector) {
        func world(_ ref: BodyRef, _ local: Vector) -> Vector {
            guard let i = ref.body else { return local }
            return bodies[i].world(local)
        }
        switch joint.kind {
        case .pivot(let anchor): return (anchor, anchor)
        case .pivotAnchors(let a, let b), .pin(let a, let b, _), .slide(let a, let b, _, _), .spring(let a, let b, _, _, _):
            return (world(joint.a, a), world(joint.b, b))
        case .groove(let ga, let gb, _):
            return (world(joint.a, ga), world(joint.a, gb))
        case .motor, .rotarySpring, .rotaryLimit, .ratchet, .gear:
            return (world(joint.a, .zero), world(joint.b, .zero))
        }
    }
}
