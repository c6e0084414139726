import Foundation
import CrateboxReplay
import SceneFormat
import Simulation

// verify-journals SCENE JOURNAL: steps SCENE for two seconds and prints its
// state hash, then replays JOURNAL from its embedded scene and checks it.
let arguments = CommandLine.arguments
// The loader reads a scene whole: a scripted scene's script comes from beside it.
let world = try World(scene: try Loader.scene(arguments[1]).scene)
try world.step(240)
print("\(world.scene.name): \(world.stepCount) steps, hash \(StateHash.hex(world.stateHash))")
let verdict = ReplaySuite.verify(arguments[2])
print(verdict.line)
exit(verdict.passed ? 0 : 1)
