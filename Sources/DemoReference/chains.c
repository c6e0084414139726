// Chipmunk 7.0.3's "Breakable Chains" demo (demo/Chains.c), rebuilt from its
// calls: eight chains of ten capsule links hang from the ceiling by slide
// joints that break when pulled too hard, and a heavy ball is thrown up into
// them. The demo's update is a plain cpSpaceStep; the breaking happens in each
// joint's post-solve function and a post-step callback.

// No fused multiply-adds anywhere in this file, Chipmunk's inline vector
// functions included (so before the includes): the bits must be the demo's.
#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#endif

#include "demo_world.h"

enum { CHAINS = 8, LINKS_PER_CHAIN = 10 };

// Runs after the step's callbacks are done: the joint may now leave the space.
static void remove_broken_joint(cpSpace *space, void *joint, void *data) {
    (void)space;
    demo_remove_constraint(data, joint);
}

// After each solve: the impulse over the step is the force the joint carried;
// at nine tenths of its maximum force it breaks.
static void check_joint_force(cpConstraint *joint, cpSpace *space) {
    cpFloat step = cpSpaceGetCurrentTimeStep(space);
    cpFloat force = cpConstraintGetImpulse(joint) / step;
    cpFloat max_force = cpConstraintGetMaxForce(joint);
    if (force > 0.9 * max_force) {
        cpSpaceAddPostStepCallback(space, remove_broken_joint, joint, cpSpaceGetUserData(space));
    }
}

void demo_build_chains(demo_world *world) {
    if (world->ball_speed == 0) world->ball_speed = 300;
    cpSpace *space = world->space;
    cpSpaceSetIterations(space, 30);
    cpSpaceSetGravity(space, cpv(0, -100));
    cpSpaceSetSleepTimeThreshold(space, 0.5f);

    demo_add_walls(world, 1);  // with its ceiling
    cpBody *ground = cpSpaceGetStaticBody(space);

    // A link is a 20 x 30 capsule (a segment of radius 10) of mass 1 with the
    // moment of a 20 x 30 box; links hang `gap` apart, each from the one
    // above by a slide joint of length 0 ... gap, the top one from the ceiling.
    cpFloat mass = 1, width = 20, height = 30;
    cpFloat gap = width * 0.3;
    for (int chain = 0; chain < CHAINS; chain++) {
        cpBody *above = NULL;
        for (int link = 0; link < LINKS_PER_CHAIN; link++) {
            cpVect position = cpv(40 * (chain - (CHAINS - 1) / 2.0), 240 - (link + 0.5) * height - (link + 1) * gap);
            cpBody *body = demo_add_body(world, cpBodyNew(mass, cpMomentForBox(mass, width, height)));
            cpBodySetPosition(body, position);
            cpShape *shape = demo_add_shape(world, cpSegmentShapeNew(body, cpv(0, (height - width) / 2.0), cpv(0, (width - height) / 2.0), width / 2.0));
            cpShapeSetFriction(shape, 0.8f);

            cpFloat breaking_force = 80000;
            cpConstraint *joint = above
                ? demo_add_constraint(world, cpSlideJointNew(body, above, cpv(0, height / 2), cpv(0, -height / 2), 0, gap))
                : demo_add_constraint(world, cpSlideJointNew(body, ground, cpv(0, height / 2), cpv(position.x, 240), 0, gap));
            cpConstraintSetMaxForce(joint, breaking_force);
            cpConstraintSetPostSolveFunc(joint, check_joint_force);
            cpConstraintSetCollideBodies(joint, cpFalse);
            above = body;
        }
    }

    // The ball: radius 15, mass 10, just above the floor, thrown up at 300
    // (its velocity is set before its shape is added).
    cpFloat radius = 15.0f;
    cpBody *ball = demo_add_body(world, cpBodyNew(10.0f, cpMomentForCircle(10.0f, 0.0f, radius, cpvzero)));
    cpBodySetPosition(ball, cpv(0, -240 + radius + 5));
    cpBodySetVelocity(ball, cpv(0, world->ball_speed));
    cpShape *shape = demo_add_shape(world, cpCircleShapeNew(ball, radius, cpvzero));
    cpShapeSetElasticity(shape, 0.0f);
    cpShapeSetFriction(shape, 0.9f);
}

// The same chains with the ball thrown ten times as hard (3000), so that links
// break: the demo itself breaks none in its first ten seconds without input.
void demo_build_chains_thrown(demo_world *world) {
    world->ball_speed = 3000;
    demo_build_chains(world);
}
