import Foundation
import TestSupport

/// A seeded person at the window who presses anything (issue 46): keys of the
/// whole keyboard with and without modifiers, keys held, clicks of each
/// button, drags, the wheel, X-clicks, window resizes, and in build mode the
/// tools and every panel row. Escape is left out (it quits; the exerciser
/// presses it itself to see the window quit in time). Each action is logged,
/// so a failure names the seed and what was done.
struct UIExerciser {
    var random: SeededGenerator
    let person: WindowDriver
    /// What was done, in order ("key ctrl+shift+F5", "drag 1 (10,20)-(300,400)", ...).
    private(set) var log: [String] = []

    init(seed: UInt64, person: WindowDriver) {
        random = SeededGenerator(seed: seed)
        self.person = person
    }

    /// The keyboard: letters, digits, the function keys, navigation, editing and punctuation keys (X keysyms).
    static let keys: [String] = (UnicodeScalar("a").value...UnicodeScalar("z").value).map { String(UnicodeScalar($0)!) }
        + (0...9).map(String.init) + (1...12).map { "F\($0)" }
        + ["space", "Return", "Tab", "BackSpace", "Delete", "Insert", "Home", "End", "Prior", "Next", "Left", "Right", "Up", "Down",
           "minus", "equal", "bracketleft", "bracketright", "comma", "period", "slash", "semicolon", "apostrophe", "grave",
           "backslash", "KP_Add", "KP_Subtract", "KP_Enter", "KP_1", "Pause", "Menu"]
    /// Modifiers, most often none.
    static let modifiers = ["", "", "", "", "shift+", "ctrl+", "alt+", "ctrl+shift+", "super+"]
    /// Keys worth holding: tilt, scrubbing, the explosion's X, driving.
    static let held = ["Left", "Right", "Up", "Down", "BackSpace", "shift+BackSpace", "x", "a", "d", "space"]

    mutating func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
    mutating func number(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(random.next() % UInt64(range.count)) }

    /// A point in the window (1280 x 720 unless resized; points past a smaller window fall outside, as a person's may).
    mutating func point() -> (Int, Int) { (number(0...1279), number(0...719)) }
    /// A point on build mode's panel (the right edge) or toolbar (the bottom).
    mutating func panelPoint() -> (Int, Int) {
        random.next() % 3 == 0 ? (number(40...1240), number(690...715)) : (number(1035...1270), number(100...520))
    }

    func xdotool(_ arguments: [String]) throws { try person.xdotool(arguments) }

    /// One action, chosen at random; `building` weighs the panel, the toolbar and the tools more.
    mutating func act(building: Bool) throws {
        let choice = number(0...(building ? 13 : 11))
        switch choice {
        case 0...3:
            let key = pick(UIExerciser.modifiers) + pick(UIExerciser.keys)
            log.append("key \(key)")
            try xdotool(["key", key])
        case 4:
            let key = pick(UIExerciser.held), ms = number(50...700)
            log.append("hold \(key) \(ms) ms")
            try xdotool(["keydown", key])
            usleep(useconds_t(ms * 1000))
            try xdotool(["keyup", key])
        case 5, 6:
            let (x, y) = point(), button = pick([1, 1, 1, 2, 3])
            log.append("click \(button) (\(x),\(y))")
            try xdotool(["mousemove", "--window", person.window, "\(x)", "\(y)", "click", "\(button)"])
        case 7, 8:
            let (x0, y0) = point(), (x1, y1) = point(), button = pick([1, 1, 3])
            log.append("drag \(button) (\(x0),\(y0))-(\(x1),\(y1))")
            try xdotool(["mousemove", "--window", person.window, "\(x0)", "\(y0)", "mousedown", "\(button)"])
            try xdotool(["mousemove", "--window", person.window, "\((x0 + x1) / 2)", "\((y0 + y1) / 2)"])
            try xdotool(["mousemove", "--window", person.window, "\(x1)", "\(y1)", "mouseup", "\(button)"])
        case 9:
            let (x, y) = point(), wheel = pick([4, 5]), notches = number(1...4)
            log.append("wheel \(wheel) x\(notches) (\(x),\(y))")
            try xdotool(["mousemove", "--window", person.window, "\(x)", "\(y)", "click", "--repeat", "\(notches)", "\(wheel)"])
        case 10:
            let (x, y) = point()
            log.append("explode (\(x),\(y))")
            try xdotool(["mousemove", "--window", person.window, "\(x)", "\(y)", "keydown", "x", "click", "1", "keyup", "x"])
        case 11:
            let w = number(480...1280), h = number(360...720)
            log.append("resize \(w)x\(h)")
            try xdotool(["windowsize", person.window, "\(w)", "\(h)"])
        default:
            // Build mode: a tool by its key, then a panel row or toolbar button, then the key or text a row may wait for.
            let tool = pick((0...9).map(String.init) + ["j", "w", "p", "g"]), (x, y) = panelPoint()
            let typed = pick(["Right", "Delete", "1", "2", "period", "5", "Return", "BackSpace", "i", "n", "f", "Return", "Tab"])
            log.append("build \(tool), panel (\(x),\(y)), \(typed)")
            try xdotool(["key", tool])
            try xdotool(["mousemove", "--window", person.window, "\(x)", "\(y)", "click", "1"])
            try xdotool(["key", typed])
        }
        usleep(useconds_t(number(20...80) * 1000))
    }

    /// `count` actions, ended by putting the window back to its size (so later coordinates mean what they say).
    mutating func burst(_ count: Int, building: Bool) throws {
        for _ in 0..<count { try act(building: building) }
        try xdotool(["windowsize", person.window, "1280", "720"])
    }
}

/// The frames a window has drawn, read from its heartbeat file (`CRATEBOX_HEARTBEAT`).
struct HeartbeatFile {
    let path: String

    var frames: Int? {
        (try? String(contentsOfFile: path, encoding: .utf8)).flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// Whether the count goes up by `frames` within `seconds`: the window's thread answers.
    func advances(by frames: Int = 3, within seconds: Double) -> Bool {
        let start = self.frames ?? 0
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let now = self.frames, now >= start + frames { return true }
            usleep(50_000)
        }
        return false
    }
}
