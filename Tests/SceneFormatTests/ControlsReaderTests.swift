import Testing
@testable import SceneFormat

/// The reader's refusals for `controls` and joint ids (docs/scene-format.md, section 14.2).
@Suite struct ControlsReaderTests {
    static func errors(_ controls: String, joints: String = "") -> [String] {
        let text = """
        {"format": "cratebox/scene@1", "bounds": [1000, 600],
         "bodies": [
          {"id": "car", "type": "dynamic", "position": [100, 100], "mass": 1, "shapes": [{"box": [40, 20]}]},
          {"id": "cart", "type": "kinematic", "position": [300, 100], "shapes": [{"box": [20, 20]}]},
          {"id": "lift", "type": "kinematic", "position": [500, 100], "shapes": [{"box": [20, 20]}],
           "animation": {"property": "position", "values": [[500, 100], [500, 200]], "duration": 2}}
         ],
         "joints": [
          {"id": "m", "type": "motor", "a": "world", "b": "car", "rate": 0},
          {"id": "r", "type": "slide", "a": "world", "b": "car", "anchorA": [100, 300], "anchorB": [0, 0], "min": 0, "max": 100}\(joints)
         ],
         "controls": [\(controls)]}
        """
        do {
            _ = try Scene.decode(Array(text.utf8), file: "t.json")
            return []
        } catch {
            return error.errors.map { "\($0.path): \($0.message)" }
        }
    }

    @Test func aValidSetReads() {
        #expect(Self.errors(#"{"key": "Right", "motor": "m", "rate": 1}, {"button": "dpleft", "winch": "r", "speed": 5}, {"key": "Keypad 8", "body": "car", "force": [0, 1]}, {"key": "Left Shift", "body": "cart", "angularVelocity": 1}"#) == [])
    }

    @Test(arguments: [
        (#"{"motor": "m", "rate": 1}"#, #"controls[0]: a binding needs "key" (a key's name, such as "Right") or "button" (a gamepad button's, such as "a")"#),
        (#"{"key": "Right", "button": "a", "motor": "m", "rate": 1}"#, #"controls[0]: a binding has "key" or "button", not both"#),
        (#"{"key": "right", "motor": "m", "rate": 1}"#, #"controls[0].key: "right" is not a key a scene can bind (did you mean "Right"?); SDL's names: A to Z, 0 to 9, Left, Right, Up, Down, Space, Return, ..."#),
        (#"{"key": "Escape", "motor": "m", "rate": 1}"#, #"controls[0].key: "Escape" is not a key a scene can bind; SDL's names: A to Z, 0 to 9, Left, Right, Up, Down, Space, Return, ..."#),
        (#"{"button": "A", "motor": "m", "rate": 1}"#, #"controls[0].button: "A" is not a gamepad button (did you mean "a"?); expected one of: a, b, x, y, back, guide, start, leftstick, rightstick, leftshoulder, rightshoulder, dpup, dpdown, dpleft, dpright, stickleft, stickright, stickup, stickdown"#),
        (#"{"key": "Up"}"#, #"controls[0]: a binding needs an action: "motor" (a motor joint's id), "winch" (a slide joint's id), or "body" with "force" (a thruster) or "velocity" (a servo); in a scene with a "script", a key alone reaches the script"#),
        (#"{"key": "Up", "motor": "m", "winch": "r", "rate": 1}"#, #"controls[0]: a binding has one action; this one has "motor" and "winch""#),
        (#"{"key": "Up", "motor": "n", "rate": 1}"#, #"controls[0].motor: no joint has the id "n" (did you mean "m"?)"#),
        (#"{"key": "Up", "motor": "r", "rate": 1}"#, #"controls[0].motor: "r" is a slide joint; this binding drives a motor joint"#),
        (#"{"key": "Up", "winch": "m", "speed": 1}"#, #"controls[0].winch: "m" is a motor joint; this binding drives a slide joint"#),
        (#"{"key": "Up", "motor": "m"}"#, #"controls[0]: missing required key "rate""#),
        (#"{"key": "Up", "motor": "m", "rate": 1, "speed": 2}"#, #"controls[0].speed: belongs to a winch binding, not a motor"#),
        (#"{"key": "Up", "body": "cart", "force": [0, 1]}"#, #"controls[0].body: a thruster pushes a dynamic body; "cart" is kinematic"#),
        (#"{"key": "Up", "body": "car", "velocity": [1, 0]}"#, #"controls[0].body: a servo moves a kinematic body; "car" is dynamic (push a dynamic body with "force")"#),
        (#"{"key": "Up", "body": "lift", "velocity": [1, 0]}"#, #"controls[0].body: "lift" follows its animation; a servo cannot move it too"#),
        (#"{"key": "Up", "body": "car", "force": [0, 1], "local": true}"#, #"controls[0].local: belongs to a servo binding, not a thruster"#),
        (#"{"key": "Up", "body": "cart"}"#, #"controls[0]: a binding with "body" needs "force" (a thruster) or "velocity" and/or "angularVelocity" (a servo)"#),
        (#"{"key": "Up", "body": "car", "force": [0, 1e13]}"#, #"controls[0].force: y must be between -1000000000000 and 1000000000000, got 10000000000000"#),
        (#"{"key": "Up", "motor": "m", "rate": 1, "label": ""}"#, #"controls[0].label: must be 1 to 40 characters long"#),
    ])
    func eachMistakeIsNamed(binding: String, error: String) {
        #expect(Self.errors(binding) == [error])
    }

    @Test func jointIdsAreUnique() {
        let e = Self.errors("", joints: #", {"id": "m", "type": "pivot", "a": "world", "b": "car", "anchor": [100, 100]}"#)
        #expect(e == [#"joints[2].id: "m" is already the id of joints[0]; joint ids must be unique"#])
    }

    @Test func tooManyBindingsAreRefused() {
        let many = Array(repeating: #"{"key": "Up", "motor": "m", "rate": 1}"#, count: Limits.controls + 1).joined(separator: ", ")
        #expect(Self.errors(many).first?.hasPrefix("controls: ") == true)
    }
}
