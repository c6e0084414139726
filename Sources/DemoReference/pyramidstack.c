// Chipmunk 7.0.3's "Pyramid Stack" demo (demo/PyramidStack.c), rebuilt from
// its calls: a pyramid of 105 rounded boxes, fourteen rows from one box at
// the top, dropped from partly above the view onto the floor beside a ball.
// The demo's update is a plain cpSpaceStep.

// No fused multiply-adds anywhere in this file, Chipmunk's inline vector
// functions included (so before the includes): the bits must be the demo's.
#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#endif

#include "demo_world.h"

void demo_build_pyramidstack(demo_world *world) {
    cpSpace *space = world->space;
    cpSpaceSetIterations(space, 30);
    cpSpaceSetGravity(space, cpv(0, -100));
    cpSpaceSetSleepTimeThreshold(space, 0.5f);
    cpSpaceSetCollisionSlop(space, 0.5f);

    demo_add_walls(world, 0);  // no ceiling

    // Row r (from the top) has r + 1 boxes, 32 apart, centred; rows are 32 apart.
    // Each box: 30 x 30 with corner radius 0.5, mass 1, elasticity 0, friction 0.8f.
    for (int row = 0; row < 14; row++) {
        for (int place = 0; place <= row; place++) {
            cpBody *body = demo_add_body(world, cpBodyNew(1.0f, cpMomentForBox(1.0f, 30.0f, 30.0f)));
            cpBodySetPosition(body, cpv(place * 32 - row * 16, 300 - row * 32));
            cpShape *shape = demo_add_shape(world, cpBoxShapeNew(body, 30.0f, 30.0f, 0.5f));
            cpShapeSetElasticity(shape, 0.0f);
            cpShapeSetFriction(shape, 0.8f);
        }
    }

    // The ball: radius 15, mass 10, resting just above the floor.
    cpFloat radius = 15.0f;
    cpBody *ball = demo_add_body(world, cpBodyNew(10.0f, cpMomentForCircle(10.0f, 0.0f, radius, cpvzero)));
    cpBodySetPosition(ball, cpv(0, -240 + radius + 5));
    cpShape *shape = demo_add_shape(world, cpCircleShapeNew(ball, radius, cpvzero));
    cpShapeSetElasticity(shape, 0.0f);
    cpShapeSetFriction(shape, 0.9f);
}
