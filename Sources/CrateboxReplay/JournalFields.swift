import Bytes
import JSONText
import CrateboxGeometry
import SceneFormat
import Simulation

/// Reads the fields of one journal line, remembering which were used.
struct JournalFields {
    let members: [(key: String, node: JSONNode)]
    let fail: (String) -> JournalError
    var used: [String] = []

    init(members: [(key: String, node: JSONNode)], fail: @escaping (String) -> JournalError) {
        self.members = members
        self.fail = fail
    }

    mutating func node(_ key: String) throws(JournalError) -> JSONNode {
        used.append(key)
        guard let node = members.first(where: { $0.key == key })?.node else { throw fail("missing \"\(key)\"") }
        return node
    }

    mutating func string(_ key: String) throws(JournalError) -> String {
        guard case .string(let s) = try node(key).value else { throw fail("\"\(key)\" must be a string") }
        return s
    }

    mutating func number(_ key: String) throws(JournalError) -> Double {
        guard case .number(let x) = try node(key).value else { throw fail("\"\(key)\" must be a number") }
        return x
    }

    /// A point written `[x, y]`.
    mutating func pair(_ key: String) throws(JournalError) -> Vector {
        guard case .array(let items) = try node(key).value, items.count == 2,
              case .number(let x) = items[0].value, case .number(let y) = items[1].value else {
            throw fail("\"\(key)\" must be a point [x, y]")
        }
        return Vector(x, y)
    }

    mutating func int(_ key: String, max: Int = Journal.maxSteps) throws(JournalError) -> Int {
        let x = try number(key)
        guard x == x.rounded(), x >= 0, x <= Double(max) else {
            throw fail("\"\(key)\" must be a whole number from 0 to \(max), got \(x)")
        }
        return Int(x)
    }

    mutating func hash(_ key: String) throws(JournalError) -> UInt64 {
        let s = try string(key)
        guard s.count == 16, let value = UInt64(s, radix: 16), s == s.lowercased() else {
            throw fail("\"\(key)\" must be 16 lowercase hex digits, got \"\(s)\"")
        }
        return value
    }

    func noOthers() throws(JournalError) {
        for (key, _) in members where !used.contains(key) { throw fail("unknown key \"\(key)\"") }
    }

    mutating func header() throws(JournalError) -> Journal.Header {
        let format = try string("format")
        guard format == Journal.format else { throw fail("the first line must be a \(Journal.format) header, got format \"\(format)\"") }
        var header = Journal.Header(sceneText: try string("scene"), sceneFile: try string("sceneFile"),
                                    sceneSHA256: try string("sceneSha256"), stepSize: try number("stepSize"),
                                    chipmunk: try string("chipmunk"))
        // The platform fields came later: all three or none.
        let platformKeys = ["arch", "os", "libc"]
        if members.contains(where: { platformKeys.contains($0.key) }) {
            header.platform = Platform(arch: try string("arch"), os: try string("os"), libc: try string("libc"), chipmunk: header.chipmunk)
        }
        header.math = try math()
        if members.contains(where: { $0.key == "scriptText" }) { header.scriptText = try string("scriptText") }
        if members.contains(where: { $0.key == "modules" }) {
            switch ModulesField.read(try node("modules")) {
            case .success(let modules): header.modules = modules
            case .failure(let problem): throw fail(problem.message)
            }
            guard header.scriptText != nil else { throw fail("modules without scriptText: only a scene with a script carries modules") }
        }
        let scriptSHA256 = members.contains(where: { $0.key == "scriptSha256" }) ? try string("scriptSha256") : nil
        if members.contains(where: { $0.key == "rules" }) {
            let rules = try int("rules", max: 1_000_000)
            guard Scene.knownRules.contains(rules) else {
                throw fail("made by a newer cratebox: rules \(rules) (this one replays rules \(Scene.knownRules.lowerBound) to \(Scene.knownRules.upperBound))")
            }
            header.rules = rules
        }
        try noOthers()
        guard header.stepSize == World.stepDuration else {
            throw fail("stepSize is \(header.stepSize); cratebox steps exactly \(World.stepDuration) (1/120 s)")
        }
        guard SHA256.hex(Array(header.sceneText.utf8)) == header.sceneSHA256 else {
            throw fail("the embedded scene does not match its sceneSha256: it was changed")
        }
        // The script is named exactly: its SHA-256 beside it (journals before rules 2 may lack it).
        if let scriptText = header.scriptText {
            if let scriptSHA256 {
                guard SHA256.hex(Array(scriptText.utf8)) == scriptSHA256 else {
                    throw fail("the embedded script does not match its scriptSha256: it was changed")
                }
            } else if header.rules >= 2 {
                throw fail("scriptText has no scriptSha256 beside it (a journal of rules 2 names its script by both)")
            }
        } else if scriptSHA256 != nil {
            throw fail("scriptSha256 without scriptText")
        }
        return header
    }

    /// The header's `math` (replay-format.md): this cratebox's, or the line that says why it cannot
    /// replay the journal. A journal from before `math` was computed with its platform's C library,
    /// whose results differ between CPUs: its hashes cannot be checked with cratebox's own math.
    mutating func math() throws(JournalError) -> Int {
        guard members.contains(where: { $0.key == "math" }) else {
            throw fail("made with the platform's own math (its header has no \"math\": it is older than cratebox's own math, "
                + "docs/math.md), which this cratebox no longer uses, so its hashes cannot be checked here; record it again")
        }
        let math = try int("math", max: 1_000_000)
        guard math == Math.version else { throw fail(Math.refusal(of: Double(math))) }
        return math
    }

    mutating func event() throws(JournalError) -> Event {
        let kind = try string("event")
        func point(_ this: inout JournalFields) throws(JournalError) -> (Double, Double) {
            (try this.number("x"), try this.number("y"))
        }
        switch kind {
        case "tilt": let (x, y) = try point(&self); return .tilt(x: x, y: y)
        case "spawn": let (x, y) = try point(&self); return .spawn(x: x, y: y)
        case "grab":
            let body = try int("body", max: World.maxBodyIndex)
            let (x, y) = try point(&self)
            return .grab(body: body, x: x, y: y)
        case "drag": let (x, y) = try point(&self); return .drag(x: x, y: y)
        case "release": return .release
        case "remove": return .remove(body: try int("body", max: World.maxBodyIndex))
        case "reset": return .reset
        case "key":
            let isButton = members.contains { $0.key == "button" }
            if isButton && members.contains(where: { $0.key == "key" }) { throw fail("a key event has \"key\" or \"button\", not both") }
            let name = try string(isButton ? "button" : "key")
            guard !name.isEmpty, name.count <= 40 else { throw fail("a key's name must be 1 to 40 characters long") }
            guard case .bool(let down) = try node("down").value else { throw fail("\"down\" must be true or false") }
            return .key(isButton ? .button(name) : .key(name), down: down)
        case "slice": return .slice(a: try pair("a"), b: try pair("b"))
        case "explode":
            let at = try pair("at")
            return .explode(x: at.x, y: at.y, radius: try number("radius"), impulse: try number("impulse"))
        case "pointer": let (x, y) = try point(&self); return .pointer(x: x, y: y)
        case "click":
            let (x, y) = try point(&self)
            // Both optional: a line without them is a right button's press (the first `click` lines).
            var button = MouseButton.right, down = true
            if members.contains(where: { $0.key == "button" }) {
                let name = try string("button")
                guard let b = MouseButton(rawValue: name) else { throw fail("\"button\" must be \"left\", \"right\" or \"middle\", got \(JSONText.quote(name))") }
                button = b
            }
            if members.contains(where: { $0.key == "down" }) {
                guard case .bool(let d) = try node("down").value else { throw fail("\"down\" must be true or false") }
                down = d
            }
            return .click(x: x, y: y, button: button, down: down)
        default: throw fail("unknown event \"\(kind)\" (expected tilt, spawn, grab, drag, release, remove, reset, key, slice, explode, pointer or click)")
        }
    }
}
