import Foundation
import CrateboxReplay
import SceneFormat
import Simulation

// verify-journals SCENE JOURNAL: steps SCENE for two seconds and prints its
// state hash, then replays JOURNAL from its embedded scene and checks it.
let arguments = CommandLine.arguments
let text = try String(contentsOfFile: arguments[1], encoding: .utf8)
let world = try World(scene: try Scene.decode(Array(text.utf8), file: arguments[1]))
try world.step(240)
print("\(world.scene.name): \(world.stepCount) steps, hash \(StateHash.hex(world.stateHash))")
let verdict = ReplaySuite.verify(arguments[2])
print(verdict.line)
exit(verdict.passed ? 0 : 1)
