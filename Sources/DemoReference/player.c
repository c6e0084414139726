// Chipmunk 7.0.3's "Platformer Player Controls" demo (demo/Player.c), rebuilt
// from its calls: a rounded box that never turns (infinite moment), with its
// own velocity function (the ground's normal from its arbiters, jump boost,
// the "feet" as a surface velocity and friction of its shape, air control, a
// clamped fall), among eighteen boxes in a walled room. Before each step the
// demo's update jumps when Up was just pressed on the ground; after the step
// it counts the boost time down. With no keys held the player only stands.
// The demo writes some fields directly (the bodies' positions, the shape's
// surface velocity and friction, the player's velocity), as here: the
// positions so set leave each body's transform at the origin until the first
// step, where its shapes were added.

// No fused multiply-adds anywhere in this file, Chipmunk's inline vector
// functions included (so before the includes): the bits must be the demo's.
#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#endif

#include "demo_world.h"

#include <chipmunk/chipmunk_private.h>

#define PLAYER_VELOCITY 500.0

#define PLAYER_GROUND_ACCEL_TIME 0.1
#define PLAYER_GROUND_ACCEL (PLAYER_VELOCITY/PLAYER_GROUND_ACCEL_TIME)

#define PLAYER_AIR_ACCEL_TIME 0.25
#define PLAYER_AIR_ACCEL (PLAYER_VELOCITY/PLAYER_AIR_ACCEL_TIME)

#define JUMP_HEIGHT 50.0
#define JUMP_BOOST_HEIGHT 55.0
#define FALL_VELOCITY 900.0
#define GRAVITY 2000.0

// ChipmunkDemoKeyboard with no key held: x is Right minus Left, y Up minus Down.
static const cpVect keyboard = {0.0, 0.0};

static void select_ground_normal(cpBody *body, cpArbiter *arb, cpVect *ground_normal) {
    (void)body;
    cpVect n = cpvneg(cpArbiterGetNormal(arb));
    if (n.y > ground_normal->y) *ground_normal = n;
}

// The demo's playerUpdateVelocity.
static void player_update_velocity(cpBody *body, cpVect gravity, cpFloat damping, cpFloat dt) {
    demo_world *world = cpSpaceGetUserData(cpBodyGetSpace(body));
    int jump_state = (keyboard.y > 0.0f);

    // Grab the grounding normal from last frame.
    cpVect ground_normal = cpvzero;
    cpBodyEachArbiter(world->player, (cpBodyArbiterIteratorFunc)select_ground_normal, &ground_normal);

    world->grounded = (ground_normal.y > 0.0);
    if (ground_normal.y < 0.0f) world->remaining_boost = 0.0f;

    // Do a normal-ish update.
    cpBool boost = (jump_state && world->remaining_boost > 0.0f);
    cpVect g = (boost ? cpvzero : gravity);
    cpBodyUpdateVelocity(body, g, damping, dt);

    // Target horizontal speed for air/ground control.
    cpFloat target_vx = PLAYER_VELOCITY * keyboard.x;

    // The "feet" move in the opposite direction of the player.
    cpVect surface_v = cpv(-target_vx, 0.0);
    world->player_shape->surfaceV = surface_v;
    world->player_shape->u = (world->grounded ? PLAYER_GROUND_ACCEL / GRAVITY : 0.0);

    // Air control when not grounded.
    if (!world->grounded) {
        world->player->v.x = cpflerpconst(world->player->v.x, target_vx, PLAYER_AIR_ACCEL * dt);
    }

    body->v.y = cpfclamp(body->v.y, -FALL_VELOCITY, INFINITY);
}

// The demo's update before cpSpaceStep: jump when Up was just pressed on the ground.
static void before_step(demo_world *world) {
    int jump_state = (keyboard.y > 0.0f);
    if (jump_state && !world->last_jump_state && world->grounded) {
        cpFloat jump_v = cpfsqrt(2.0 * JUMP_HEIGHT * GRAVITY);
        world->player->v = cpvadd(world->player->v, cpv(0.0, jump_v));
        world->remaining_boost = JUMP_BOOST_HEIGHT / jump_v;
    }
}

// The demo's update after cpSpaceStep.
static void after_step(demo_world *world) {
    world->remaining_boost -= 1.0 / 120.0;
    world->last_jump_state = (keyboard.y > 0.0f);
}

void demo_build_player(demo_world *world) {
    cpSpace *space = world->space;
    space->iterations = 10;
    space->gravity = cpv(0, -GRAVITY);

    demo_add_walls(world, 1);  // with the ceiling

    // The player: mass 1, infinite moment, its velocity function its own.
    cpBody *body = demo_add_body(world, cpBodyNew(1.0f, INFINITY));
    body->p = cpv(0, -200);
    body->velocity_func = player_update_velocity;
    world->player = body;

    cpShape *shape = demo_add_shape(world, cpBoxShapeNew2(body, cpBBNew(-15.0, -27.5, 15.0, 27.5), 10.0));
    shape->e = 0.0f;
    shape->u = 0.0f;
    shape->type = 1;
    world->player_shape = shape;

    // Some boxes to jump on: six rows of three, column by column within a row.
    for (int i = 0; i < 6; i++) {
        for (int j = 0; j < 3; j++) {
            body = demo_add_body(world, cpBodyNew(4.0f, INFINITY));
            body->p = cpv(100 + j * 60, -200 + i * 60);

            shape = demo_add_shape(world, cpBoxShapeNew(body, 50, 50, 0.0));
            shape->e = 0.0f;
            shape->u = 0.7f;
        }
    }

    world->remaining_boost = 0;
    world->grounded = cpFalse;
    world->last_jump_state = cpFalse;
    world->before_step = before_step;
    world->after_step = after_step;
}
