// Chipmunk 7.0.3's "Joints and Constraints" demo (demo/Joints.c), rebuilt
// from its calls: a 4 x 2 grid of cells drawn by ten static segments, each
// cell holding two bodies and one kind of joint, and a car with grooved,
// sprung wheels in the last cell. The demo's update is a plain cpSpaceStep.

// No fused multiply-adds anywhere in this file, Chipmunk's inline vector
// functions included (so before the includes): the bits must be the demo's.
#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#endif

#include "demo_world.h"

// The demo's part makers all add the body, place it, add one shape, then set
// elasticity 0 and friction 0.7f on it (and some a group-1 filter).
static void finish_part(cpShape *shape, int group_one) {
    cpShapeSetElasticity(shape, 0.0f);
    cpShapeSetFriction(shape, 0.7f);
    if (group_one) cpShapeSetFilter(shape, cpShapeFilterNew(1, CP_ALL_CATEGORIES, CP_ALL_CATEGORIES));
}

// A ball of radius 15, mass 1 (the car's wheels are the same in group 1).
static cpBody *add_ball(demo_world *world, cpVect position, cpVect cell, int group_one) {
    cpFloat radius = 15.0f, mass = 1.0f;
    cpBody *body = demo_add_body(world, cpBodyNew(mass, cpMomentForCircle(mass, 0.0f, radius, cpvzero)));
    cpBodySetPosition(body, cpvadd(position, cell));
    finish_part(demo_add_shape(world, cpCircleShapeNew(body, radius, cpvzero)), group_one);
    return body;
}

// A lever: a 30-long segment of radius 5, mass 1, hung 15 below the spot.
static cpBody *add_lever(demo_world *world, cpVect position, cpVect cell) {
    cpFloat mass = 1.0f;
    cpVect top = cpv(0, 15), bottom = cpv(0, -15);
    cpBody *body = demo_add_body(world, cpBodyNew(mass, cpMomentForSegment(mass, top, bottom, 0.0f)));
    cpBodySetPosition(body, cpvadd(position, cpvadd(cell, cpv(0, -15))));
    finish_part(demo_add_shape(world, cpSegmentShapeNew(body, top, bottom, 5.0f)), 0);
    return body;
}

// A bar: a 60-long segment of radius 5, mass 2, in group 1.
static cpBody *add_bar(demo_world *world, cpVect position, cpVect cell) {
    cpFloat mass = 2.0f;
    cpVect top = cpv(0, 30), bottom = cpv(0, -30);
    cpBody *body = demo_add_body(world, cpBodyNew(mass, cpMomentForSegment(mass, top, bottom, 0.0f)));
    cpBodySetPosition(body, cpvadd(position, cell));
    finish_part(demo_add_shape(world, cpSegmentShapeNew(body, top, bottom, 5.0f)), 1);
    return body;
}

// The car's chassis: an 80 x 30 box of mass 5, in group 1.
static cpBody *add_chassis(demo_world *world, cpVect position, cpVect cell) {
    cpFloat mass = 5.0f, width = 80, height = 30;
    cpBody *body = demo_add_body(world, cpBodyNew(mass, cpMomentForBox(mass, width, height)));
    cpBodySetPosition(body, cpvadd(position, cell));
    finish_part(demo_add_shape(world, cpBoxShapeNew(body, width, height, 0.0)), 1);
    return body;
}

// Pins both bodies of a cell to the static body at their spots, as the demo
// does before each rotary joint.
static void pin_to_ground(demo_world *world, cpBody *first, cpBody *second, cpVect at_first, cpVect at_second) {
    cpBody *ground = cpSpaceGetStaticBody(world->space);
    demo_add_constraint(world, cpPivotJointNew(first, ground, at_first));
    demo_add_constraint(world, cpPivotJointNew(second, ground, at_second));
}

// The grid: five horizontal lines top to bottom, then five vertical ones
// left to right, all radius 0, elasticity 1, friction 1, not grabbable.
static void add_grid(demo_world *world) {
    static const cpFloat rows[5] = {240, 120, 0, -120, -240};
    static const cpFloat columns[5] = {-320, -160, 0, 160, 320};
    cpBody *ground = cpSpaceGetStaticBody(world->space);
    for (int line = 0; line < 10; line++) {
        cpVect from = line < 5 ? cpv(-320, rows[line]) : cpv(columns[line - 5], -240);
        cpVect to = line < 5 ? cpv(320, rows[line]) : cpv(columns[line - 5], 240);
        cpShape *shape = demo_add_shape(world, cpSegmentShapeNew(ground, from, to, 0.0f));
        cpShapeSetElasticity(shape, 1.0f);
        cpShapeSetFriction(shape, 1.0f);
        cpShapeSetFilter(shape, DEMO_NOT_GRABBABLE);
    }
}

// Every cell's two bodies stand at these spots, offset by the cell's corner.
static const cpVect spot_a = {50, 60}, spot_b = {110, 60};

// Bottom row, left to right: pin, slide, pivot (world anchor), groove.
static void add_bottom_row(demo_world *world) {
    cpVect cell;
    cpBody *first, *second;
    cell = cpv(-320, -240);
    first = add_ball(world, spot_a, cell, 0);
    second = add_ball(world, spot_b, cell, 0);
    demo_add_constraint(world, cpPinJointNew(first, second, cpv(15, 0), cpv(-15, 0)));

    cell = cpv(-160, -240);
    first = add_ball(world, spot_a, cell, 0);
    second = add_ball(world, spot_b, cell, 0);
    demo_add_constraint(world, cpSlideJointNew(first, second, cpv(15, 0), cpv(-15, 0), 20.0f, 40.0f));

    cell = cpv(0, -240);
    first = add_ball(world, spot_a, cell, 0);
    second = add_ball(world, spot_b, cell, 0);
    demo_add_constraint(world, cpPivotJointNew(first, second, cpvadd(cell, cpv(80, 60))));

    cell = cpv(160, -240);
    first = add_ball(world, spot_a, cell, 0);
    second = add_ball(world, spot_b, cell, 0);
    demo_add_constraint(world, cpGrooveJointNew(first, second, cpv(30, 30), cpv(30, -30), cpv(-30, 0)));
}

// Second row: damped spring, rotary spring, rotary limit, ratchet.
static void add_second_row(demo_world *world) {
    cpVect cell;
    cpBody *first, *second;
    cell = cpv(-320, -120);
    first = add_ball(world, spot_a, cell, 0);
    second = add_ball(world, spot_b, cell, 0);
    demo_add_constraint(world, cpDampedSpringNew(first, second, cpv(15, 0), cpv(-15, 0), 20.0f, 5.0f, 0.3f));

    cell = cpv(-160, -120);
    first = add_bar(world, spot_a, cell);
    second = add_bar(world, spot_b, cell);
    pin_to_ground(world, first, second, cpvadd(cell, spot_a), cpvadd(cell, spot_b));
    demo_add_constraint(world, cpDampedRotarySpringNew(first, second, 0.0f, 3000.0f, 60.0f));

    cell = cpv(0, -120);
    first = add_lever(world, spot_a, cell);
    second = add_lever(world, spot_b, cell);
    pin_to_ground(world, first, second, cpvadd(cell, spot_a), cpvadd(cell, spot_b));
    demo_add_constraint(world, cpRotaryLimitJointNew(first, second, -CP_PI / 2.0f, CP_PI / 2.0f));

    cell = cpv(160, -120);
    first = add_lever(world, spot_a, cell);
    second = add_lever(world, spot_b, cell);
    pin_to_ground(world, first, second, cpvadd(cell, spot_a), cpvadd(cell, spot_b));
    demo_add_constraint(world, cpRatchetJointNew(first, second, 0.0f, CP_PI / 2.0f));
}

// Third row: gear (ratio 2), simple motor (rate pi), then the car.
static void add_third_row(demo_world *world) {
    cpVect cell;
    cpBody *first, *second;
    cell = cpv(-320, 0);
    first = add_bar(world, spot_a, cell);
    second = add_bar(world, spot_b, cell);
    pin_to_ground(world, first, second, cpvadd(cell, spot_a), cpvadd(cell, spot_b));
    demo_add_constraint(world, cpGearJointNew(first, second, 0.0f, 2.0f));

    cell = cpv(-160, 0);
    first = add_bar(world, spot_a, cell);
    second = add_bar(world, spot_b, cell);
    pin_to_ground(world, first, second, cpvadd(cell, spot_a), cpvadd(cell, spot_b));
    demo_add_constraint(world, cpSimpleMotorNew(first, second, CP_PI));

    cell = cpv(0, 0);
    cpBody *left_wheel = add_ball(world, spot_a, cell, 1);
    cpBody *right_wheel = add_ball(world, spot_b, cell, 1);
    cpBody *chassis = add_chassis(world, cpv(80, 100), cell);
    demo_add_constraint(world, cpGrooveJointNew(chassis, left_wheel, cpv(-30, -10), cpv(-30, -40), cpvzero));
    demo_add_constraint(world, cpGrooveJointNew(chassis, right_wheel, cpv(30, -10), cpv(30, -40), cpvzero));
    demo_add_constraint(world, cpDampedSpringNew(chassis, left_wheel, cpv(-30, 0), cpvzero, 50.0f, 20.0f, 10.0f));
    demo_add_constraint(world, cpDampedSpringNew(chassis, right_wheel, cpv(30, 0), cpvzero, 50.0f, 20.0f, 10.0f));
}

void demo_build_joints(demo_world *world) {
    cpSpace *space = world->space;
    cpSpaceSetIterations(space, 10);
    cpSpaceSetGravity(space, cpv(0, -100));
    cpSpaceSetSleepTimeThreshold(space, 0.5f);
    add_grid(world);
    add_bottom_row(world);
    add_second_row(world);
    add_third_row(world);
}
