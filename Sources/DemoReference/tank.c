// Chipmunk 7.0.3's "Tank" demo (demo/Tank.c), rebuilt from its calls: fifty
// small boxes placed at random (rand(), after the demo app's srand) in a
// walled room, each held to the static body by a pivot and a gear with no
// error correction and a small maximum force (friction against the floor,
// seen from above), and a tank box driven through a pivot and a gear by a
// kinematic control body. Before each step the demo's update turns the
// control body toward the mouse and drives it there, or stops it within 30
// of it; with no input the mouse stays at (0, 0).

// No fused multiply-adds anywhere in this file, Chipmunk's inline vector
// functions included (so before the includes): the bits must be the demo's.
#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#endif

#include "demo_world.h"

// ChipmunkDemoMouse with no input.
static const cpVect mouse = {0.0, 0.0};

// The demo's update before cpSpaceStep.
static void before_step(demo_world *world) {
    cpBody *tank_body = world->tank, *tank_control_body = world->tank_control;

    // Turn the control body based on the angle relative to the actual body.
    cpVect mouse_delta = cpvsub(mouse, cpBodyGetPosition(tank_body));
    cpFloat turn = cpvtoangle(cpvunrotate(cpBodyGetRotation(tank_body), mouse_delta));
    cpBodySetAngle(tank_control_body, cpBodyGetAngle(tank_body) - turn);

    // Drive the tank towards the mouse.
    if (cpvnear(mouse, cpBodyGetPosition(tank_body), 30.0)) {
        cpBodySetVelocity(tank_control_body, cpvzero);  // stop
    } else {
        cpFloat direction = (cpvdot(mouse_delta, cpBodyGetRotation(tank_body)) > 0.0 ? 1.0 : -1.0);
        cpBodySetVelocity(tank_control_body, cpvrotate(cpBodyGetRotation(tank_body), cpv(30.0f * direction, 0.0f)));
    }
}

// A box of side `size` somewhere in the room, its diagonal clear of the walls.
// The demo draws both numbers inside one call, cpv(frand()*..., frand()*...),
// whose argument order C leaves unspecified: Debian's gcc (the C compiler a
// Debian build of the demo uses) evaluates the y argument first, so y takes
// the first draw and x the second; clang would do the opposite. Sequenced
// here, so that this file draws as the gcc-built demo does whichever compiler
// builds it.
static cpBody *add_box(demo_world *world, cpFloat size, cpFloat mass) {
    cpFloat radius = cpvlength(cpv(size, size));

    cpBody *body = demo_add_body(world, cpBodyNew(mass, cpMomentForBox(mass, size, size)));
    cpFloat y = demo_frand(world) * (480 - 2 * radius) - (240 - radius);
    cpFloat x = demo_frand(world) * (640 - 2 * radius) - (320 - radius);
    cpBodySetPosition(body, cpv(x, y));

    cpShape *shape = demo_add_shape(world, cpBoxShapeNew(body, size, size, 0.0));
    cpShapeSetElasticity(shape, 0.0f);
    cpShapeSetFriction(shape, 0.7f);

    return body;
}

void demo_build_tank(demo_world *world) {
    cpSpace *space = world->space;
    cpSpaceSetIterations(space, 10);
    cpSpaceSetSleepTimeThreshold(space, 0.5f);

    cpBody *static_body = cpSpaceGetStaticBody(space);
    demo_add_walls(world, 1);  // with the ceiling

    for (int i = 0; i < 50; i++) {
        cpBody *body = add_box(world, 20, 1);

        cpConstraint *pivot = demo_add_constraint(world, cpPivotJointNew2(static_body, body, cpvzero, cpvzero));
        cpConstraintSetMaxBias(pivot, 0);          // disable joint correction
        cpConstraintSetMaxForce(pivot, 1000.0f);   // emulate linear friction

        cpConstraint *gear = demo_add_constraint(world, cpGearJointNew(static_body, body, 0.0f, 1.0f));
        cpConstraintSetMaxBias(gear, 0);           // disable joint correction
        cpConstraintSetMaxForce(gear, 5000.0f);    // emulate angular friction
    }

    // The tank is jointed to the control body and driven through it.
    world->tank_control = demo_add_body(world, cpBodyNewKinematic());
    world->tank = add_box(world, 30, 10);

    cpConstraint *pivot = demo_add_constraint(world, cpPivotJointNew2(world->tank_control, world->tank, cpvzero, cpvzero));
    cpConstraintSetMaxBias(pivot, 0);          // disable joint correction
    cpConstraintSetMaxForce(pivot, 10000.0f);  // emulate linear friction

    cpConstraint *gear = demo_add_constraint(world, cpGearJointNew(world->tank_control, world->tank, 0.0f, 1.0f));
    cpConstraintSetErrorBias(gear, 0);         // attempt to fully correct the joint each step
    cpConstraintSetMaxBias(gear, 1.2f);        // but limit its angular correction rate
    cpConstraintSetMaxForce(gear, 50000.0f);   // emulate angular friction

    world->before_step = before_step;
}
