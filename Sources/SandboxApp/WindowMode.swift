import WindowModel

/// What the window is doing: playing a live session or watching a replay
/// (each on its own physics thread), or building a scene (no physics thread:
/// the builder's document is drawn as a World would draw it). Held by the app
/// as one value; `App.enter` switches it.
enum WindowMode {
    case playing(PhysicsThread)
    case watching(PhysicsThread)
    case building(Builder)

    /// The physics thread, when one runs.
    var physics: PhysicsThread? {
        switch self {
        case .playing(let physics), .watching(let physics): physics
        case .building: nil
        }
    }

    /// The builder, in build mode.
    var builder: Builder? {
        if case .building(let builder) = self { return builder }
        return nil
    }

    var isWatching: Bool {
        if case .watching = self { return true }
        return false
    }

    /// A live session: its inputs are new events (a replay's are its journal's).
    var isPlaying: Bool {
        if case .playing = self { return true }
        return false
    }

    /// What keys mean now (`KeyMap`).
    var keys: KeyMode {
        switch self {
        case .playing: .playing
        case .watching: .watching
        case .building(let builder): builder.typing == nil ? .building : .typing
        }
    }
}
