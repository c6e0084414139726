/// The keyboard as the window sees it, and what each key event means: the
/// one place that decides whether a key is the scene's (a `key` event for
/// the world, journaled) or the sandbox's (`KeyMap`'s actions), whether a
/// press is used up ending the scene's reveal or binding a key in build mode,
/// and what the keys held mean between events (the tilt, scrubbing back, X's
/// explosion). A pure value fed the key events in order: tested without SDL.
public struct Keyboard {
    /// What one key event means.
    public enum Meaning: Equatable, Sendable {
        /// A key the scene binds went down or up (by SDL's name for it): it drives the scene.
        case scene(String, down: Bool)
        /// The sandbox's actions (`KeyMap`), possibly none.
        case sandbox([KeyAction])
        /// A press while the scene's reveal shows: it ends the reveal and does nothing else.
        case endReveal
        /// A press while build mode waits for a key to bind to a control.
        case bind(Binding)
    }

    /// What a press binds while build mode waits for a key.
    public enum Binding: Equatable, Sendable {
        /// Escape: nothing is bound.
        case cancel
        /// Delete or Backspace: the control is left without a key.
        case unbind
        /// Any other key, by SDL's name (the builder refuses those a scene cannot bind).
        case key(String)
    }

    /// The key names the scene binds (SDL's names: "Space", "Left", "X").
    public let sceneKeys: Set<String>
    /// The keys a scene's script takes besides (all a scene may bind, when
    /// its script defines `keypressed` or `keyreleased`; scene-format.md 16.13).
    public var scriptKeys: Set<String> = []
    /// The keys held, each with SDL's name for it.
    private var held: [String: Key?] = [:]  // lookups only
    /// The scene's keys pressed here and not yet let go of, in the order pressed.
    public private(set) var sceneHeld: [String] = []
    /// S went down without Ctrl and is still down (Ctrl+S saves; S alone weakens gravity).
    private var sWithoutCtrl = false

    /// A keyboard with nothing held, for a scene that binds `sceneKeys`.
    public init(sceneKeys: Set<String> = []) {
        self.sceneKeys = sceneKeys
    }

    /// A key went down (`key` is nil for keys the sandbox does not use).
    /// While the reveal shows (`revealing`) the press only ends it; while
    /// build mode waits for a key to bind (`binding`) the press is the
    /// binding's; neither counts as held. Else, in a live session a key the
    /// scene binds is the scene's, unless Ctrl is held (Ctrl+S saves whatever
    /// the scene binds); auto-repeat of it is swallowed.
    public mutating func press(_ key: Key?, name: String, modifiers: Modifiers = [], repeated: Bool = false, in mode: KeyMode,
                               revealing: Bool = false, binding: Bool = false) -> Meaning {
        if revealing { return .endReveal }
        if binding {
            switch key {
            case .escape: return .bind(.cancel)
            case .delete, .backspace: return .bind(.unbind)
            default: return .bind(.key(name))
            }
        }
        held[name] = key
        if key == .letter("s") && !repeated { sWithoutCtrl = !modifiers.contains(.ctrl) }
        if mode == .playing, !modifiers.contains(.ctrl), isScenes(name) {
            guard !repeated, !sceneHeld.contains(name) else { return .sandbox([]) }
            sceneHeld.append(name)
            return .scene(name, down: true)
        }
        guard let key else { return .sandbox([]) }
        return .sandbox(KeyMap.actions(for: key, modifiers: modifiers, repeated: repeated, in: mode))
    }

    /// A key went up: a scene key pressed here is let go of.
    public mutating func release(_ key: Key?, name: String) -> Meaning {
        held[name] = nil
        if key == .letter("s") { sWithoutCtrl = false }
        guard let i = sceneHeld.firstIndex(of: name) else { return .sandbox([]) }
        sceneHeld.remove(at: i)
        return .scene(name, down: false)
    }

    /// Every key let go of (the window lost focus, or the session changed):
    /// the scene's keys that were down, to release.
    public mutating func releaseAll() -> [String] {
        defer {
            held = [:]
            sceneHeld = []
            sWithoutCtrl = false
        }
        return sceneHeld
    }

    /// Whether `key` is held and is the sandbox's in `mode` (while playing,
    /// a key the scene binds is the scene's; watching or building, every key is the sandbox's).
    public func holds(_ key: Key, in mode: KeyMode) -> Bool {
        held.contains { $0.value == key && !(mode == .playing && isScenes($0.key)) }
    }

    /// Whether the key named `name` is the scene's while playing (with Ctrl, every key is the sandbox's).
    private func isScenes(_ name: String) -> Bool { sceneKeys.contains(name) || scriptKeys.contains(name) }

    /// The tilt keys held, in `mode` (the arrows and WASD; see `KeyMap.tiltKeys`).
    public func tiltKeys(in mode: KeyMode) -> TiltControl.Keys {
        func held(_ key: Key) -> Bool { holds(key, in: mode) }
        return KeyMap.tiltKeys(left: held(.left), right: held(.right), up: held(.up), down: held(.down),
                               a: held(.letter("a")), d: held(.letter("d")), w: held(.letter("w")),
                               sWithoutCtrl: sWithoutCtrl && held(.letter("s")), in: mode)
    }

    /// Backspace held while playing or watching: time runs backwards through
    /// the remembered past (-1), or forwards with Shift (+1). Nil when it is not held.
    public func scrubDirection(in mode: KeyMode) -> Int? {
        guard mode == .playing || mode == .watching, holds(.backspace, in: mode) else { return nil }
        return holds(.shift, in: mode) ? 1 : -1
    }

    /// A left click with X held is an explosion there (unless the scene, playing, binds X).
    public func clickExplodes(in mode: KeyMode) -> Bool { holds(.letter("x"), in: mode) }
}
