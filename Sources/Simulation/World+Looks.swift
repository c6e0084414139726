import SceneFormat
import Scripting

/// A label the scene's script shows (`world:text`, docs/scene-format.md 16.17).
public typealias WorldLabel = ScriptVM.Label

/// What the scene's script changed of how the world is drawn (16.17): its
/// labels and its bodies' looks. Drawing only: no step reads them.
extension World {
    /// The labels the script shows, in the order drawn (none without a script).
    public var labels: [WorldLabel] { script?.labels ?? [] }

    /// A count that grows whenever a body's look changes (the drawn bodies are made again).
    public var looksRevision: UInt64 { script?.vm.looksRevision ?? 0 }

    /// How body `index` is drawn now: its spec's look, or the one its script set
    /// (`.plain` for an index that is no live body's).
    public func look(of index: Int) -> Look {
        guard bodies.indices.contains(index), let entry = bodies[index] else { return .plain }
        guard let script, let code = script.vm.lookCode(of: index), let look = Look(code: code) else { return entry.look }
        return look
    }
}

extension Look {
    /// The look's code on the script's side (`ScriptVM.lookCodes`, or 0xRRGGBB).
    var code: Int64 {
        switch self {
        case .crate: ScriptVM.lookCodes.crate
        case .ball: ScriptVM.lookCodes.ball
        case .plain: ScriptVM.lookCodes.plain
        case .color(let rgb): Int64(rgb)
        }
    }

    /// The look of a code; nil when it is none.
    init?(code: Int64) {
        switch code {
        case ScriptVM.lookCodes.crate: self = .crate
        case ScriptVM.lookCodes.ball: self = .ball
        case ScriptVM.lookCodes.plain: self = .plain
        case 0...0xFFFFFF: self = .color(UInt32(code))
        default: return nil
        }
    }
}

extension ScriptHost {
    /// The labels, made into Swift values once per change.
    var labels: [WorldLabel] {
        let revision = vm.labelsRevision
        if labelCache.revision != revision { labelCache = (revision, vm.labels) }
        return labelCache.labels
    }
}
