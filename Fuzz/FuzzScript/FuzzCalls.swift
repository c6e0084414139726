// The structured half of FuzzScript (issue 47): the input's bytes choose API
// calls, each with arguments from a list of hostile values (NaN, ±infinity,
// -0, ±2^63, the largest integers, a 70 KB string, a table, a function, nil),
// and the place each runs in: the top level, `step`, a collision handler's
// four callbacks, a body's velocity and position functions, a spring's force
// function, a joint's pre-solve, and world:afterStep. The script runs in its
// own scene, which names those functions. Whatever a call is given, the world
// goes on or stops with the script's error: never a crash, a Chipmunk
// assertion, a hang past the budget or the memory.
import SceneFormat
import Simulation

/// The scene the calls run in: a ball falling on a sensor pad and the floor,
/// a bob on a spring with a motor, each function named for the script.
let callsScene = """
{"format": "cratebox/scene@1", "name": "calls", "bounds": [400, 300], "script": "calls.lua",
 "bodies": [
  {"id": "ball", "position": [200, 200], "shapes": [{"circle": 10, "elasticity": 0.9, "collisionType": "ball"}], "mass": 1,
   "velocityFunction": "v", "positionFunction": "p"},
  {"id": "pad", "type": "static", "position": [200, 100], "shapes": [{"box": [60, 10], "sensor": true, "collisionType": "pad"}]},
  {"id": "bob", "position": [60, 200], "shapes": [{"circle": 8}], "mass": 1}
 ],
 "joints": [
  {"id": "spring", "type": "spring", "a": "world", "b": "bob", "anchorA": [60, 260], "anchorB": [0, 0], "restLength": 40,
   "stiffness": 20, "damping": 1, "forceFunction": "f", "preSolve": "pre"},
  {"id": "motor", "type": "motor", "a": "world", "b": "bob", "rate": 0, "maxForce": 10},
  {"id": "slide", "type": "slide", "a": "world", "b": "ball", "anchorA": [200, 280], "anchorB": [0, 0], "min": 0, "max": 200},
  {"id": "gear", "type": "gear", "a": "world", "b": "bob", "phase": 0, "ratio": 1},
  {"id": "groove", "type": "groove", "a": "world", "b": "bob", "grooveA": [[20, 150], [100, 150]], "anchorB": [0, 0]}
 ]}
"""

/// Values no honest script passes.
let hostileValues = ["0/0", "1/0", "-1/0", "-0.0", "math.maxinteger", "math.mininteger", "2^63", "-2^63", "1e308", "5e-324",
                     "string.rep('x', 70000)", "{}", "function() end", "nil", "true", "'Space'", "3", "-1", "0.5", "1e9",
                     "'#ff00ff'", "{size = 200, align = 'center', x = 1e6, y = -1e6, screen = true}", "string.rep('W\\n', 400)",
                     "'static'", "'kinematic'", "'dynamic'"]

/// Calls on the world, a body, a joint, a shape and (in a handler) the arbiter, by the number of their arguments.
let hostileCalls: [(receiver: String, method: String, arguments: Int)] = [
    ("world", "spawn", 1), ("world", "remove", 1), ("world", "pointQuery", 3), ("world", "segmentQuery", 5),
    ("world", "boxQuery", 4), ("world", "say", 1), ("world", "isDown", 1), ("world", "body", 1), ("world", "joint", 1),
    ("world", "addJoint", 1), ("world", "removeJoint", 1), ("world", "sound", 2),
    ("B", "setPosition", 2), ("B", "setVelocity", 2), ("B", "setAngle", 1), ("B", "setAngularVelocity", 1),
    ("B", "applyImpulse", 4), ("B", "applyForce", 2), ("B", "updateVelocity", 4), ("B", "updatePosition", 1),
    ("B", "localToWorld", 2), ("B", "velocityAt", 2), ("B", "eachArbiter", 1),
    ("J", "stiffness", 1), ("J", "damping", 1), ("J", "restLength", 1), ("J", "rate", 1), ("J", "setMaxForce", 1),
    ("S", "friction", 1), ("S", "elasticity", 1), ("S", "setSurfaceVelocity", 2), ("S", "sensor", 1), ("S", "hasType", 1),
    ("world", "bodyAt", 1), ("world", "gravity", 2), ("world", "reset", 0), ("world", "reset", 1),
    ("world", "after", 3), ("world", "every", 2), ("world", "cancel", 1),
    ("J", "setMin", 1), ("J", "setMax", 1), ("J", "setRatio", 1), ("J", "setPhase", 1),
    ("S", "setCollisionType", 1), ("S", "setFilter", 3), ("S", "setFriction", 1), ("S", "setElasticity", 1),
    ("world", "text", 1), ("world", "text", 2), ("world", "text", 3), ("B", "setLook", 1), ("B", "look", 0),
    ("B", "setMass", 1), ("B", "setMoment", 1), ("J", "setGrooveA", 2), ("J", "setGrooveB", 2),
    ("B", "setType", 1), ("B", "setType", 3),
    ("string", "rep", 2), ("string", "format", 2), ("table", "concat", 2), ("math", "random", 2), ("utf8", "char", 2),
]

/// Where a chunk of calls runs: a template whose CALLS is replaced.
let hostilePlaces = [
    "CALLS\n",
    "function step(world) CALLS end\n",
    "world:onCollision('ball', '*', {begin = function(arb) CALLS return true end, preSolve = function(arb) CALLS return true end, "
        + "postSolve = function(arb) CALLS end, separate = function(pair) CALLS end})\n",
    "function v(body, gx, gy, damping, dt) CALLS body:updateVelocity(gx, gy, damping, dt) end\n",
    "function p(body, dt) CALLS body:updatePosition(dt) end\n",
    "function f(joint, length) CALLS return 0 end\n",
    "function pre(joint) CALLS end\n",
    "function step(world) world:afterStep(function() CALLS end) end\n",
    // 16.13: the input functions, given a key and a mouse button every few steps (runHostileCalls).
    "function keypressed(world, key) CALLS end function keyreleased(world, key) CALLS end\n",
    "function mousepressed(world, x, y, button) CALLS end function mousereleased(world, x, y, button) CALLS end\n",
    // 16.15: a timer's function, every 5 steps.
    "function tm(world) CALLS end world:every(5 / 120, 'tm')\n",
]

/// The script the bytes describe: for each place, some calls, each wrapped in pcall (so one refused
/// call does not hide the next) and the last unwrapped (so an error also stops the world).
func hostileScript(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    var at = 1
    func next() -> Int {
        defer { at += 1 }
        return at < bytes.count ? Int(bytes[at]) : 0
    }
    // Every place gets its functions, so that the scene's names all resolve.
    var chunks: [Int: [String]] = [:]
    let count = 1 + next() % 12
    for i in 0..<count {
        let call = hostileCalls[next() % hostileCalls.count]
        let receiver = call.receiver == "B" ? "world:body('\(["ball", "bob"][next() % 2])')"
            : call.receiver == "J" ? "world:joint('\(["spring", "motor", "slide", "gear", "groove"][next() % 5])')"
            : call.receiver == "S" ? "(world:body('ball'):shapes())[1]" : call.receiver
        let arguments = (0..<call.arguments).map { _ in hostileValues[next() % hostileValues.count] }.joined(separator: ", ")
        let separator = ["world", "B", "J", "S"].contains(call.receiver) ? ":" : "."
        let text = "\(receiver)\(separator)\(call.method)(\(arguments))"
        chunks[next() % hostilePlaces.count, default: []].append(i == count - 1 ? text : "pcall(function() \(text) end)")
    }
    var script = "", defined = Set<Int>()
    for (place, calls) in chunks.sorted(by: { $0.key < $1.key }) {
        script += hostilePlaces[place].replacing("CALLS", with: calls.joined(separator: " "))
        defined.insert(place)
    }
    for (place, name) in [(1, "step"), (3, "v"), (4, "p"), (5, "f"), (6, "pre")] where !defined.contains(place) && !(place == 1 && defined.contains(7)) {
        script += ["step": "function step(world) end\n", "v": "function v(body, gx, gy, damping, dt) body:updateVelocity(gx, gy, damping, dt) end\n",
                   "p": "function p(body, dt) body:updatePosition(dt) end\n", "f": "function f(joint, length) return 0 end\n",
                   "pre": "function pre(joint) end\n"][name]!
    }
    return script
}

/// Runs the described script in its scene for a second of steps; any end but a crash is fine.
func runHostileCalls(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let scene = try? Scene.decode(Array(callsScene.utf8), file: "calls.json", script: { _ in hostileScript(bytes) }) else { fatalError("the calls scene does not read") }
    guard let world = try? World(scene: scene) else { return }
    for k in 0..<120 {
        if k % 10 == 3 {
            // A tap inside one step and a button's press and release (16.13).
            try? world.apply(.key(.key("K"), down: true))
            try? world.apply(.key(.key("K"), down: false))
            try? world.apply(.click(x: 200, y: 150, button: k % 20 == 3 ? .left : .middle, down: true))
            try? world.apply(.click(x: 200, y: 150, button: .right, down: false))
        }
        do { try world.step() } catch { return }
    }
}
