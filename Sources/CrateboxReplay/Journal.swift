import Bytes
import JSONText
import CrateboxGeometry
import SceneFormat
import Simulation

/// A replay journal, `cratebox/replay@1`: JSON Lines. A header (the scene
/// embedded verbatim with its SHA-256, the step size, Chipmunk's version),
/// one line per event with the step before which it took effect, a
/// checkpoint with the state hash every 120 steps, and an end line with the
/// step count and final hash. Documented in docs/replay-format.md.
public struct Journal: Sendable {
    /// The value of a journal header's `format` key.
    public static let format = "cratebox/replay@1"
    /// Steps between checkpoint lines (one a second at 120 steps a second).
    public static let checkpointInterval = 120
    /// The longest journal read: about 9.6 days of play at 120 steps a second.
    public static let maxSteps = World.maxSteps

    /// The journal's first line: the embedded scene and the platform that recorded it.
    public struct Header: Sendable, Equatable {
        /// The scene file's text, byte for byte.
        public var sceneText: String
        /// The scene file's name, for error messages.
        public var sceneFile: String
        /// The SHA-256 of `sceneText`'s UTF-8 bytes, in hexadecimal (`sceneSha256`).
        public var sceneSHA256: String
        /// The step's length in seconds (`stepSize`: 1/120).
        public var stepSize: Double
        /// The Chipmunk version that recorded it ("7.0.3").
        public var chipmunk: String
        /// The platform that recorded it; nil in journals older than these fields.
        public var platform: Platform?
        /// The scene's script's text (`scriptText`), when its scene has a script.
        public var scriptText: String? = nil
        /// The modules the scene carries (`modules`, scene-format.md 16.18), by name.
        public var modules: [ScriptModule] = []
        /// The rules the session ran by (`rules`; 1 when absent: journals written before it).
        public var rules = 1
        /// The math it was computed with (`math`: `Math.version`, docs/math.md). A journal
        /// without it was made with the platform's C library math and is refused when read.
        public var math = Math.version
    }

    /// An event line: the event and the step before which it took effect.
    public struct TimedEvent: Sendable, Equatable {
        /// The step count when the event was applied (it takes effect before that step runs).
        public var step: Int
        /// The input (tilt, spawn, grab, drag, release, remove, reset, key).
        public var event: Event
        /// Line number in the file (1-based), for messages.
        public var line: Int
    }

    /// The header line; nil only when reading event lines alone (a script for `simulate --events`).
    public var header: Header?
    /// The event lines, in file order.
    public var events: [TimedEvent] = []
    /// The checkpoint lines: the state hash after each 120th step.
    public var checkpoints: [(step: Int, hash: UInt64)] = []
    /// A keyframe line: the exact state after step `step` (before the events at
    /// that step), its state hash, and its line; `state` is base64 (decoded when used).
    public struct Keyframe: Sendable {
        /// The step the state is after.
        public var step: Int
        /// Its state hash, as written on the line.
        public var hash: UInt64
        /// The line (1-based).
        public var line: Int
        /// The state, in base64 as written.
        public var state: String
    }
    /// The keyframe lines, in file order (one per step at most).
    public var keyframes: [Keyframe] = []
    /// Whether the journal starts from its first keyframe (a session continued
    /// from a saved state): its first line after the header is a keyframe.
    public var startsFromKeyframe = false
    /// The end line: how many steps the session ran and its final state hash; nil when the file was cut short.
    public var end: (steps: Int, hash: UInt64)?
    /// The line number of a last line that was cut off mid-write (no newline,
    /// and not a whole JSON object): it was not read.
    public var cutOffLine: Int?
    /// The file stopped before its end line (a recording that was killed):
    /// it is valid up to its last complete line.
    public var truncated: Bool { end == nil }

    /// An empty journal (no header, no lines).
    public init() {}

    // MARK: Writing lines

    /// The header line for a scene's text and file name, recorded on `platform`.
    public static func headerLine(sceneText: String, sceneFile: String, scriptText: String? = nil, modules: [ScriptModule] = [],
                                  rules: Int = Scene.currentRules, platform: Platform = .current) -> String {
        let sha = SHA256.hex(Array(sceneText.utf8))
        let q = JSONText.quote
        return "{\"format\":\"\(format)\",\"sceneFile\":\(q(sceneFile)),\"sceneSha256\":\"\(sha)\",\"stepSize\":\(World.stepDuration),"
            + "\"chipmunk\":\(q(platform.chipmunk)),\"arch\":\(q(platform.arch)),\"os\":\(q(platform.os)),\"libc\":\(q(platform.libc)),"
            + "\"math\":\(Math.version)," + (rules == 1 ? "" : "\"rules\":\(rules),")
            + (scriptText.map { "\"scriptSha256\":\"\(SHA256.hex(Array($0.utf8)))\",\"scriptText\":\(q($0))," } ?? "")
            + ModulesField.json(modules) + "\"scene\":\(q(sceneText))}"
    }

    /// The line for `event` applied at `step`.
    public static func line(step: Int, _ event: Event) -> String {
        let body: String
        switch event {
        case .tilt(let x, let y): body = "\"event\":\"tilt\",\"x\":\(x),\"y\":\(y)"
        case .spawn(let x, let y): body = "\"event\":\"spawn\",\"x\":\(x),\"y\":\(y)"
        case .grab(let index, let x, let y): body = "\"event\":\"grab\",\"body\":\(index),\"x\":\(x),\"y\":\(y)"
        case .drag(let x, let y): body = "\"event\":\"drag\",\"x\":\(x),\"y\":\(y)"
        case .release: body = "\"event\":\"release\""
        case .remove(let index): body = "\"event\":\"remove\",\"body\":\(index)"
        case .reset: body = "\"event\":\"reset\""
        case .key(let trigger, let down):
            let which = switch trigger {
            case .key(let name): "\"key\":\(JSONText.quote(name))"
            case .button(let name): "\"button\":\(JSONText.quote(name))"
            }
            body = "\"event\":\"key\",\(which),\"down\":\(down)"
        case .slice(let a, let b): body = "\"event\":\"slice\",\"a\":[\(a.x),\(a.y)],\"b\":[\(b.x),\(b.y)]"
        case .explode(let x, let y, let radius, let impulse):
            body = "\"event\":\"explode\",\"at\":[\(x),\(y)],\"radius\":\(radius),\"impulse\":\(impulse)"
        case .pointer(let x, let y): body = "\"event\":\"pointer\",\"x\":\(x),\"y\":\(y)"
        case .click(let x, let y, let button, let down):
            // A right button's press is written as the first `click` lines were: without either.
            let which = button == .right && down ? "" : ",\"button\":\"\(button.rawValue)\",\"down\":\(down)"
            body = "\"event\":\"click\",\"x\":\(x),\"y\":\(y)\(which)"
        }
        return "{\"step\":\(step),\(body)}"
    }

    /// The checkpoint line: the state hash after `step` steps.
    public static func checkpointLine(step: Int, hash: UInt64) -> String {
        "{\"step\":\(step),\"checkpoint\":\"\(StateHash.hex(hash))\"}"
    }

    /// The keyframe line: the exact state after `step` steps (`World.snapshot()`) and its state hash.
    public static func keyframeLine(step: Int, hash: UInt64, state: [UInt8]) -> String {
        "{\"step\":\(step),\"hash\":\"\(StateHash.hex(hash))\",\"keyframe\":\"\(Base64.encode(state))\"}"
    }

    /// The step of a line as `keyframeLine` writes them (`{"step":S,"hash":"H","keyframe":"`, then base64), or nil for any other line.
    static func keyframeStep(_ line: ArraySlice<UInt8>) -> Int? {
        let head = Array("{\"step\":".utf8), middle = Array(",\"hash\":\"".utf8), tail = Array("\",\"keyframe\":\"".utf8)
        guard line.starts(with: head) else { return nil }
        var at = line.startIndex + head.count, step = 0
        while at < line.endIndex, line[at] >= 0x30, line[at] <= 0x39, step < 1 << 40 {
            step = step * 10 + Int(line[at] - 0x30)
            at += 1
        }
        guard line[at...].starts(with: middle) else { return nil }
        at += middle.count + 16
        return at <= line.endIndex && line[at...].starts(with: tail) && line.last == 0x7D ? step : nil
    }

    /// Whether a line's first bytes (64 are enough) begin as `keyframeLine` writes them:
    /// `{"step":S,"hash":"H","keyframe":"` with S's digits and H's 16.
    static func startsLikeKeyframe(_ start: ArraySlice<UInt8>) -> Bool {
        let head = Array("{\"step\":".utf8), middle = Array(",\"hash\":\"".utf8), tail = Array("\",\"keyframe\":\"".utf8)
        guard start.starts(with: head) else { return false }
        var at = start.startIndex + head.count
        while at < start.endIndex, (0x30...0x39).contains(start[at]) { at += 1 }
        guard start[at...].starts(with: middle) else { return false }
        at += middle.count + 16
        return at <= start.endIndex && start[at...].starts(with: tail)
    }

    /// A line's JSON object, once its length is within the limit for its kind.
    private static func members(of raw: ArraySlice<UInt8>, number: Int, fail: (String) -> JournalError) throws(JournalError) -> [(key: String, node: JSONNode)] {
        let limit = number == 1 ? maxHeaderLine : maxLine
        guard raw.count <= limit else {
            throw fail("the line is \(raw.count) bytes long; the limit is \(limit)\(number == 1 ? " for a header" : " for a line that is not a keyframe as cratebox writes them")")
        }
        let node: JSONNode
        do {
            node = try JSONParser.parse(Array(raw))
        } catch {
            throw fail("column \(error.column): \(error.message)")
        }
        guard case .object(let members) = node.value else { throw fail("each line must be a JSON object") }
        return members
    }

    /// Adds a keyframe line's keyframe: in step order, one a step; a journal
    /// whose first line after the header is one starts from it.
    private mutating func add(_ keyframe: Keyframe, after lastStep: inout Int, fail: (String) -> JournalError) throws(JournalError) {
        guard end == nil else { throw fail("nothing may follow the end line") }
        guard keyframe.step >= lastStep else { throw fail("step \(keyframe.step) comes after step \(lastStep); lines must be in step order") }
        if let previous = keyframes.last, previous.step == keyframe.step { throw fail("a second keyframe for step \(keyframe.step)") }
        if header != nil, keyframe.line == 2 { startsFromKeyframe = true }
        lastStep = keyframe.step
        keyframes.append(keyframe)
    }

    /// Whether a last line without its newline is whole: a keyframe line as
    /// written, or a JSON value short enough to read.
    private static func isWhole(_ line: ArraySlice<UInt8>, number: Int) -> Bool {
        if writtenKeyframe(line, line: number) != nil { return true }
        guard line.count <= (number == 1 ? maxHeaderLine : maxLine) else { return false }
        return (try? JSONParser.parse(Array(line))) != nil
    }

    /// A keyframe line exactly as `keyframeLine` writes it (its state plain
    /// base64, no escapes), read without the JSON parser; nil for any other
    /// line, which is parsed as JSON (and must then be short).
    static func writtenKeyframe(_ line: ArraySlice<UInt8>, line number: Int) -> Keyframe? {
        guard line.count <= maxKeyframeLine, let step = keyframeStep(line), step <= maxSteps else { return nil }
        let hashStart = line.startIndex + "{\"step\":\(step),\"hash\":\"".utf8.count
        let hex = line[hashStart..<(hashStart + 16)]
        let stateStart = hashStart + 16 + "\",\"keyframe\":\"".utf8.count, stateEnd = line.endIndex - 2
        guard String(step) == String(decoding: line[(line.startIndex + 8)..<(line.startIndex + 8 + String(step).count)], as: UTF8.self),
              stateStart <= stateEnd, line[stateEnd] == 0x22,
              hex.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }), let hash = UInt64(String(decoding: hex, as: UTF8.self), radix: 16),
              line[stateStart..<stateEnd].allSatisfy(Base64.isAlphabet) else { return nil }
        return Keyframe(step: step, hash: hash, line: number, state: String(decoding: line[stateStart..<stateEnd], as: UTF8.self))
    }

    /// The end line: the session's step count and final state hash.
    public static func endLine(steps: Int, hash: UInt64) -> String {
        "{\"end\":\(steps),\"hash\":\"\(StateHash.hex(hash))\"}"
    }

}

/// What is wrong with a journal: `rec.jsonl:7: ...`.
public struct JournalError: Error, Equatable, Sendable, CustomStringConvertible {
    /// How the file is named in the message.
    public var file: String
    /// The line (1-based); 0 for the file as a whole.
    public var line: Int
    /// What is wrong, in one sentence.
    public var message: String
    /// "file:line: message" (or "file: message").
    public var description: String { line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)" }
}

extension Journal {
    /// The longest header line read: the embedded scene (at most
    /// `Limits.fileBytes`) is written as a JSON string, at most twice its
    /// size (a valid scene's only escaped characters take two bytes), with room for the rest.
    /// Two scene files' worth (a scene as a JSON string at most doubles), and the script and its
    /// modules (at most 2 MiB together: `FileLimits.script` each way) at most six times theirs (`\u0001`).
    public static let maxHeaderLine = 2 * Limits.fileBytes + 6 * 2 * FileLimits.script + 64 * 1024
    /// The longest keyframe line read: a state of `StateFile.maxBytes` in base64, and the line's keys.
    public static let maxKeyframeLine = 4 * ((StateFile.maxBytes + 2) / 3) + 128
    /// The longest line of any other kind (events, checkpoints, the end).
    public static let maxLine = 64 * 1024

    /// Whether the bytes look like a journal (rather than a scene).
    public static func looksLikeJournal(_ bytes: [UInt8]) -> Bool {
        // A journal's first line is a JSON object whose format is ours; one
        // too long to read is a journal's when it starts as the writer's do.
        let end = bytes.firstIndex(of: 0x0A) ?? bytes.endIndex
        guard end <= maxHeaderLine else { return bytes.starts(with: Array("{\"format\":\"\(format)\"".utf8)) }
        guard let node = try? JSONParser.parse(Array(bytes[..<end])), case .object(let members) = node.value,
              let format = members.first(where: { $0.key == "format" }), case .string(let value) = format.node.value else { return false }
        return value == Self.format
    }

    /// Reads a journal. With `requireHeader` false (an event file for
    /// `simulate --events`), the header may be left out; checkpoints and an
    /// end line are then optional too.
    public static func parse(_ bytes: [UInt8], file: String, requireHeader: Bool = true) throws(JournalError) -> Journal {
        var journal = Journal()
        // Lines are slices of `bytes` (a keyframe line is large): each is
        // copied only to be parsed, and only once its length is checked.
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        // After a final newline, the split leaves one empty line: drop it.
        // A last line without its newline is a line in a script (a hand-written
        // file may well end so). In a recording it is a line whose newline was
        // lost if it is a whole JSON object; otherwise it was cut off mid-write
        // (the recorder was killed): the file is valid up to the line before
        // it, and the journal says which line was not read.
        if lines.last?.isEmpty == true {
            lines.removeLast()
        } else if requireHeader, let last = lines.last, !isWhole(last, number: lines.count) {
            journal.cutOffLine = lines.count
            lines.removeLast()
        }
        var lastStep = 0
        for (i, raw) in lines.enumerated() {
            let number = i + 1
            func fail(_ message: String) -> JournalError { JournalError(file: file, line: number, message: message) }
            if raw.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { throw fail("empty line") }
            if number > 1, let keyframe = writtenKeyframe(raw, line: number) {
                try journal.add(keyframe, after: &lastStep, fail: fail)
                continue
            }
            let members = try members(of: raw, number: number, fail: fail)
            var fields = JournalFields(members: members, fail: fail)
            if number == 1, members.first?.key == "format" || requireHeader {
                journal.header = try fields.header()
                continue
            }
            if journal.end != nil { throw fail("nothing may follow the end line") }
            if members.contains(where: { $0.key == "end" }) {
                let steps = try fields.int("end"), hash = try fields.hash("hash")
                try fields.noOthers()
                guard steps >= lastStep else { throw fail("the end (step \(steps)) comes before step \(lastStep)") }
                journal.end = (steps, hash)
                continue
            }
            let step = try fields.int("step")
            guard step >= lastStep else { throw fail("step \(step) comes after step \(lastStep); lines must be in step order") }
            lastStep = step
            if members.contains(where: { $0.key == "checkpoint" }) {
                let hash = try fields.hash("checkpoint")
                try fields.noOthers()
                if let previous = journal.checkpoints.last, previous.step == step { throw fail("a second checkpoint for step \(step)") }
                journal.checkpoints.append((step, hash))
                continue
            }
            if members.contains(where: { $0.key == "keyframe" }) {
                let hash = try fields.hash("hash"), state = try fields.string("keyframe")
                try fields.noOthers()
                try journal.add(Keyframe(step: step, hash: hash, line: number, state: state), after: &lastStep, fail: fail)
                continue
            }
            let event = try fields.event()
            try fields.noOthers()
            journal.events.append(TimedEvent(step: step, event: event, line: number))
        }
        if requireHeader && journal.header == nil {
            throw JournalError(file: file, line: 0, message: "empty: a journal starts with a \(format) header line")
        }
        return journal
    }
}
