// Private to DemoReference: the world the demo builders fill in. Each builder
// sets up the space demo_new made and adds everything through demo_add_*,
// which call Chipmunk's cpSpaceAdd* and remember what was added, so that the
// hash can walk the bodies in creation order and demo_free can free everything.
#ifndef DEMO_WORLD_H
#define DEMO_WORLD_H

#include <chipmunk/chipmunk.h>
#include <stdlib.h>
#include "demo_reference.h"

// The demo app's filter for scenery the mouse may not grab: no group, every
// category and mask bit but bit 31 (the bit its grab query looks for).
#define DEMO_NOT_GRABBABLE_BITS (~((cpBitmask)1 << 31))
#define DEMO_NOT_GRABBABLE cpShapeFilterNew(CP_NO_GROUP, DEMO_NOT_GRABBABLE_BITS, DEMO_NOT_GRABBABLE_BITS)

typedef struct {
    void **items;
    int count, capacity;
} demo_list;

struct demo_world {
    cpSpace *space;
    demo_list bodies;        // every body added, in creation order (the static body is the space's own)
    demo_list shapes;        // every shape added
    demo_list constraints;   // every joint added; a broken one is set to NULL when it is freed
    void (*before_step)(demo_world *world);  // the demo's per-step work before cpSpaceStep, or NULL
    cpConstraint *motor;     // TheoJansen: the motor its update drives
    cpVect one_way;          // OneWay: the direction objects may pass through the platform
    cpFloat ball_speed;      // Chains: how fast the ball is thrown up (the demo's 300; "chains-thrown": 3000)
    void (*after_step)(demo_world *world);   // the demo's per-step work after cpSpaceStep, or NULL (Player)
    cpBody *player;          // Player: the player's body and shape, and its update's state
    cpShape *player_shape;
    cpFloat remaining_boost;
    cpBool grounded, last_jump_state;
    cpBody *tank, *tank_control;  // Tank: the tank and the kinematic body its update steers
    cpBody *balance, *wheel; // Unicycle: the bodies its motor's pre-solve balances (the motor is `motor`)
    cpFloat balance_sin;     // Unicycle: the pre-solve's lean, kept from step to step
    // The world's own glibc generator (random_r on a TYPE_3 state of 128
    // bytes, as rand() has): the demos' draws, unshared, so that demos built
    // and stepped in parallel (the tests) each draw the demo app's numbers.
    struct random_data random;
    char random_state[128];
};

cpBody *demo_add_body(demo_world *world, cpBody *body);
cpShape *demo_add_shape(demo_world *world, cpShape *shape);
cpConstraint *demo_add_constraint(demo_world *world, cpConstraint *constraint);
// Removes a constraint from the space, frees it and forgets it.
void demo_remove_constraint(demo_world *world, cpConstraint *constraint);

// The demo app's box on the space's static body: the left wall, the right
// wall, the floor and, with `ceiling`, the ceiling of [-320, 320] x [-240, 240],
// in that order; segments of radius 0, elasticity 1, friction 1, not grabbable.
void demo_add_walls(demo_world *world, int ceiling);

// glibc's rand() after srand(45073) (the demo app's seed), from the world's
// own generator; and scaled to [0, 1], as the demo app's frand() does.
int demo_rand(demo_world *world);
cpFloat demo_frand(demo_world *world);

// One builder per demo: sets up `world->space` (just made by cpSpaceNew, the
// first call of every demo's init) and adds the demo's bodies, shapes and joints.
void demo_build_joints(demo_world *world);
void demo_build_theojansen(demo_world *world);
void demo_build_chains(demo_world *world);
void demo_build_chains_thrown(demo_world *world);
void demo_build_oneway(demo_world *world);
void demo_build_tumble(demo_world *world);
void demo_build_pyramidstack(demo_world *world);
void demo_build_pyramidtopple(demo_world *world);
void demo_build_logosmash(demo_world *world);
void demo_build_player(demo_world *world);
void demo_build_tank(demo_world *world);
void demo_build_buoyancy(demo_world *world);
void demo_build_unicycle(demo_world *world);
void demo_build_planet(demo_world *world);
void demo_build_springies(demo_world *world);
void demo_build_plink(demo_world *world);

#endif
