// A C reference for fifteen of Chipmunk 7.0.3's own demo programs (Joints,
// TheoJansen, Chains, OneWay, Tumble, PyramidStack, PyramidTopple, LogoSmash,
// Player, Tank, Buoyancy, Unicycle, Planet, Springies, Plink): each is built
// with the same Chipmunk calls, in the same order and with the same arguments
// as the demo makes them, and stepped as the demo app would step it at
// 1/120 s with no keys and no mouse. The tests run a demo's scene file
// (docs/scene-format.md's additions) beside this and compare state hashes.
// Chipmunk's types are not needed here, so Swift sees only this API.
#ifndef DEMO_REFERENCE_H
#define DEMO_REFERENCE_H

#include <stdint.h>

typedef struct demo_world demo_world;

/// Builds the named demo ("joints", "theojansen", "chains", "oneway",
/// "tumble", "pyramidstack", "pyramidtopple", "logosmash", "player", "tank",
/// "buoyancy", "unicycle", "planet", "springies", "plink"; "chains-thrown":
/// Chains with its ball thrown at 3000 instead of 300, so that links break)
/// as the demo program does with no input; the demos that draw random numbers
/// (Tumble, LogoSmash, Tank, Planet, Plink) seed glibc's rand() with
/// srand(45073) first, as the demo app does.
/// NULL for an unknown name.
demo_world *demo_new(const char *name);

/// Runs `steps` steps of exactly 1.0/120.0 s, each doing what the demo's
/// update does before its step with no keys and no mouse (TheoJansen sets its
/// motor's rate and maximum force; Tank turns and drives its control body
/// toward the mouse at (0, 0); Plink puts the pentagons that fell off back
/// at the top, at x drawn from rand()), then cpSpaceStep, then what the update
/// does after its step (Player counts its jump boost down).
void demo_step(demo_world *world, int steps);

/// cratebox's state hash (docs/scene-format.md): FNV-1a 64 over the
/// little-endian IEEE-754 bytes of position x, y, angle, velocity x, y and
/// angular velocity of every dynamic body, in the order the demo created them.
uint64_t demo_hash(const demo_world *world);

/// Frees the space and every body, shape and joint in it. NULL is ignored.
void demo_free(demo_world *world);

#endif
