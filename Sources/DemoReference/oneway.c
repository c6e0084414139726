// Chipmunk 7.0.3's "One Way Platforms" demo (demo/OneWay.c), rebuilt from
// its calls: a thick static platform (collision type 1) that a ball thrown up
// from below passes through and then lands on. A wildcard pre-solve handler
// for type 1 ignores every contact whose normal points against the
// platform's pass-through direction. The demo's update is a plain cpSpaceStep.

// No fused multiply-adds anywhere in this file, Chipmunk's inline vector
// functions included (so before the includes): the bits must be the demo's.
#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#endif

#include "demo_world.h"

enum { ONE_WAY_TYPE = 1, BALL_TYPE = 2 };

static cpBool one_way_pre_solve(cpArbiter *arb, cpSpace *space, void *data) {
    (void)space;
    (void)data;
    cpShape *platform, *other;
    cpArbiterGetShapes(arb, &platform, &other);  // the handler's own type comes first
    const cpVect *through = cpShapeGetUserData(platform);
    if (cpvdot(cpArbiterGetNormal(arb), *through) < 0) return cpArbiterIgnore(arb);
    return cpTrue;
}

void demo_build_oneway(demo_world *world) {
    cpSpace *space = world->space;
    cpSpaceSetIterations(space, 10);
    cpSpaceSetGravity(space, cpv(0, -100));

    demo_add_walls(world, 0);  // no ceiling
    cpBody *ground = cpSpaceGetStaticBody(space);

    // The platform: 320 long, radius 10, at y = -100; things pass it going up.
    cpShape *platform = demo_add_shape(world, cpSegmentShapeNew(ground, cpv(-160, -100), cpv(160, -100), 10.0f));
    cpShapeSetElasticity(platform, 1.0f);
    cpShapeSetFriction(platform, 1.0f);
    cpShapeSetCollisionType(platform, ONE_WAY_TYPE);
    cpShapeSetFilter(platform, DEMO_NOT_GRABBABLE);
    world->one_way = cpv(0, 1);
    cpShapeSetUserData(platform, &world->one_way);

    // The ball: radius 15, mass 10, below the platform, thrown up at 170
    // (its velocity is set before its shape is added).
    cpFloat radius = 15.0f;
    cpBody *ball = demo_add_body(world, cpBodyNew(10.0f, cpMomentForCircle(10.0f, 0.0f, radius, cpvzero)));
    cpBodySetPosition(ball, cpv(0, -200));
    cpBodySetVelocity(ball, cpv(0, 170));
    cpShape *shape = demo_add_shape(world, cpCircleShapeNew(ball, radius, cpvzero));
    cpShapeSetElasticity(shape, 0.0f);
    cpShapeSetFriction(shape, 0.9f);
    cpShapeSetCollisionType(shape, BALL_TYPE);

    cpCollisionHandler *handler = cpSpaceAddWildcardHandler(space, ONE_WAY_TYPE);
    handler->preSolveFunc = one_way_pre_solve;
}
