// Chipmunk 7.0.3's "Unicycle" demo (demo/Unicycle.c), rebuilt from its calls:
// a wheel and a balance body (a post with a seat, both of group 1) held
// together by a groove and a damped spring, and a box on a slope. The one
// simple motor between wheel and body drives and balances the whole thing:
// its pre-solve function sets the motor's rate each step from how far the
// body is from the mouse's x and how far it leans. The demo's update is a
// plain cpSpaceStep; with no input the mouse stays at (0, 0).

// No fused multiply-adds anywhere in this file, Chipmunk's inline vector
// functions included (so before the includes): the bits must be the demo's.
#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#endif

#include "demo_world.h"

#include <math.h>

// ChipmunkDemoMouse with no input.
static const cpVect mouse = {0.0, 0.0};

static inline cpFloat bias_coef(cpFloat errorBias, cpFloat dt) {
    return 1.0f - cpfpow(errorBias, dt);
}

// The demo's motor_preSolve (less its debug drawing); the demo's balance_sin
// is world->balance_sin.
static void motor_pre_solve(cpConstraint *motor, cpSpace *space) {
    demo_world *world = cpSpaceGetUserData(space);
    cpBody *balance_body = world->balance, *wheel_body = world->wheel;
    cpFloat dt = cpSpaceGetCurrentTimeStep(space);

    cpFloat target_x = mouse.x;

    cpFloat max_v = 500.0;
    cpFloat target_v = cpfclamp(bias_coef(0.5, dt / 1.2) * (target_x - cpBodyGetPosition(balance_body).x) / dt, -max_v, max_v);
    cpFloat error_v = (target_v - cpBodyGetVelocity(balance_body).x);
    cpFloat target_sin = 3.0e-3 * bias_coef(0.1, dt) * error_v / dt;

    cpFloat max_sin = cpfsin(0.6);
    world->balance_sin = cpfclamp(world->balance_sin - 6.0e-5 * bias_coef(0.2, dt) * error_v / dt, -max_sin, max_sin);
    cpFloat target_a = asin(cpfclamp(-target_sin + world->balance_sin, -max_sin, max_sin));
    cpFloat angular_diff = asin(cpvcross(cpBodyGetRotation(balance_body), cpvforangle(target_a)));
    cpFloat target_w = bias_coef(0.1, dt / 0.4) * (angular_diff) / dt;

    cpFloat max_rate = 50.0;
    cpFloat rate = cpfclamp(cpBodyGetAngularVelocity(wheel_body) + cpBodyGetAngularVelocity(balance_body) - target_w, -max_rate, max_rate);
    cpSimpleMotorSetRate(motor, cpfclamp(rate, -max_rate, max_rate));
    cpConstraintSetMaxForce(motor, 8.0e4);
}

// The floor and the two slopes meeting at (0, -200): elasticity 1, friction 1, not grabbable.
static void add_ground(demo_world *world) {
    static const cpFloat segments[3][4] = {
        {-3200, -240, 3200, -240},
        {0, -200, 240, -240},
        {-240, -240, 0, -200},
    };
    cpBody *static_body = cpSpaceGetStaticBody(world->space);
    for (int i = 0; i < 3; i++) {
        cpShape *shape = demo_add_shape(world, cpSegmentShapeNew(static_body, cpv(segments[i][0], segments[i][1]), cpv(segments[i][2], segments[i][3]), 0.0f));
        cpShapeSetElasticity(shape, 1.0f);
        cpShapeSetFriction(shape, 1.0f);
        cpShapeSetFilter(shape, DEMO_NOT_GRABBABLE);
    }
}

// The balance body: a post and a seat (boxes of group 1) whose centre of
// gravity is `cog_offset` above the wheel's centre.
static void add_balance_body(demo_world *world) {
    cpFloat cog_offset = 30.0;

    cpBB bb1 = cpBBNew(-5.0, 0.0 - cog_offset, 5.0, cog_offset * 1.2 - cog_offset);
    cpBB bb2 = cpBBNew(-25.0, bb1.t, 25.0, bb1.t + 10.0);

    cpFloat mass = 3.0;
    cpFloat moment = cpMomentForBox2(mass, bb1) + cpMomentForBox2(mass, bb2);

    cpBody *balance_body = world->balance = demo_add_body(world, cpBodyNew(mass, moment));
    cpBodySetPosition(balance_body, cpv(0.0, cpBodyGetPosition(world->wheel).y + cog_offset));

    cpShape *shape = demo_add_shape(world, cpBoxShapeNew2(balance_body, bb1, 0.0));
    cpShapeSetFriction(shape, 1.0);
    cpShapeSetFilter(shape, cpShapeFilterNew(1, CP_ALL_CATEGORIES, CP_ALL_CATEGORIES));

    shape = demo_add_shape(world, cpBoxShapeNew2(balance_body, bb2, 0.0));
    cpShapeSetFriction(shape, 1.0);
    cpShapeSetFilter(shape, cpShapeFilterNew(1, CP_ALL_CATEGORIES, CP_ALL_CATEGORIES));
}

void demo_build_unicycle(demo_world *world) {
    cpSpace *space = world->space;
    cpSpaceSetIterations(space, 30);
    cpSpaceSetGravity(space, cpv(0, -500));

    add_ground(world);

    // The wheel: radius 20, mass 1, group 1.
    {
        cpFloat radius = 20.0;
        cpFloat mass = 1.0;

        cpFloat moment = cpMomentForCircle(mass, 0.0, radius, cpvzero);
        world->wheel = demo_add_body(world, cpBodyNew(mass, moment));
        cpBodySetPosition(world->wheel, cpv(0.0, -160.0 + radius));

        cpShape *shape = demo_add_shape(world, cpCircleShapeNew(world->wheel, radius, cpvzero));
        cpShapeSetFriction(shape, 0.7);
        cpShapeSetFilter(shape, cpShapeFilterNew(1, CP_ALL_CATEGORIES, CP_ALL_CATEGORIES));
    }

    add_balance_body(world);

    // The wheel slides in a groove on the balance body, sprung to its rest point.
    cpVect anchor_a = cpBodyWorldToLocal(world->balance, cpBodyGetPosition(world->wheel));
    cpVect groove_a = cpvadd(anchor_a, cpv(0.0, 30.0));
    cpVect groove_b = cpvadd(anchor_a, cpv(0.0, -10.0));
    demo_add_constraint(world, cpGrooveJointNew(world->balance, world->wheel, groove_a, groove_b, cpvzero));
    demo_add_constraint(world, cpDampedSpringNew(world->balance, world->wheel, anchor_a, cpvzero, 0.0, 6.0e2, 30.0));

    world->motor = demo_add_constraint(world, cpSimpleMotorNew(world->wheel, world->balance, 0.0));
    cpConstraintSetPreSolveFunc(world->motor, motor_pre_solve);

    // A box on the right-hand slope.
    {
        cpFloat width = 100.0;
        cpFloat height = 20.0;
        cpFloat mass = 3.0;

        cpBody *box_body = demo_add_body(world, cpBodyNew(mass, cpMomentForBox(mass, width, height)));
        cpBodySetPosition(box_body, cpv(200, -100));

        cpShape *shape = demo_add_shape(world, cpBoxShapeNew(box_body, width, height, 0.0));
        cpShapeSetFriction(shape, 0.7);
    }

    world->balance_sin = 0.0;
}
