import JSONText
import SceneFormat

/// The `modules` of a journal's or a state's header (replay-format.md,
/// state-format.md): the modules a scene carries (scene-format.md 16.18), as
/// `[{"name": NAME, "text": TEXT}, ...]` by name, each once.
enum ModulesField {
    /// The field's text with its comma, after `scriptText` (nothing when there are no modules).
    static func json(_ modules: [ScriptModule]) -> String {
        guard !modules.isEmpty else { return "" }
        let items = modules.map { "{\"name\":\(JSONText.quote($0.name)),\"text\":\(JSONText.quote($0.text))}" }
        return "\"modules\":[\(items.joined(separator: ","))],"
    }

    /// The modules a header's `modules` holds, checked; the problem in words otherwise.
    static func read(_ node: JSONNode) -> Result<[ScriptModule], ModulesProblem> {
        guard case .array(let items) = node.value else { return .failure(ModulesProblem("\"modules\" must be an array of {\"name\", \"text\"}")) }
        guard items.count <= ScriptModule.limit else { return .failure(ModulesProblem("\"modules\" holds more than \(ScriptModule.limit) modules")) }
        var modules: [ScriptModule] = []
        var bytes = 0
        for item in items {
            guard case .object(let members) = item.value, members.count == 2,
                  case .string(let name)? = members.first(where: { $0.key == "name" })?.node.value,
                  case .string(let text)? = members.first(where: { $0.key == "text" })?.node.value else {
                return .failure(ModulesProblem("each of \"modules\" must be {\"name\": NAME, \"text\": TEXT}"))
            }
            guard ScriptModule.isName(name) else { return .failure(ModulesProblem("\"modules\" names \"\(name)\", which is not a module's name")) }
            guard modules.last.map({ $0.name.utf8.lexicographicallyPrecedes(name.utf8) }) ?? true else {
                return .failure(ModulesProblem("\"modules\" are not by name, each once"))
            }
            bytes += text.utf8.count
            guard bytes <= ScriptModule.totalBytes else { return .failure(ModulesProblem("\"modules\" hold more than 1 MiB of text together")) }
            modules.append(ScriptModule(name: name, text: text))
        }
        return .success(modules)
    }
}

/// Why a header's `modules` is refused.
struct ModulesProblem: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
