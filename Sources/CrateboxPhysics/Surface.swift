import ChipmunkSurface

/// The checked surface (ChipmunkSurface) as the Swift owners call it: every
/// change to a body, joint or shape goes through the one place the Lua bindings
/// go through too. A refusal from Swift is a programming error (cratebox checks
/// what it sets before it gets here), so it stops the program with why.
func surfaced(_ result: surface_result, _ what: @autoclosure () -> String) {
    precondition(result.refusal == SURFACE_DONE, "\(what()) (refused: \(result.refusal.rawValue))")
}

/// Any kind of body (the Swift owners set static bodies' poses too), its numbers
/// only finite: the world's own numbers (an animated body's velocity back to its
/// track, a knife piece's) are not held to a script's bounds.
let anyBody = Int32(SURFACE_DYNAMIC | SURFACE_KINEMATIC | SURFACE_STATIC_TOO | SURFACE_FINITE_ONLY)
