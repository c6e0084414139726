// Chipmunk 7.0.3's "Theo Jansen Machine" demo (demo/TheoJansen.c), rebuilt
// from its calls: a chassis bar, a crank disc pivoted on it, and four legs
// (an upper and a lower segment each) linked to chassis and crank by pivots,
// pins and gears, driven by a simple motor. Before every step the demo's
// update sets the motor's rate and maximum force from the arrow keys; with
// no key held both are 0, so the machine hangs limp under gravity.

// No fused multiply-adds anywhere in this file, Chipmunk's inline vector
// functions included (so before the includes): the bits must be the demo's.
#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#endif

#include "demo_world.h"

static const cpFloat leg_radius = 3.0f;  // every segment's radius; a foot is twice it

// The demo's update, before cpSpaceStep, for arrow keys `keys` (x: Right
// minus Left, y: Up minus Down): Up and Down scale the speed, Right and Left
// pick the direction; the motor only pushes when it has a rate.
static void drive_motor(demo_world *world, cpVect keys) {
    cpFloat speed = (2.0f + keys.y) / 3.0f;
    cpFloat rate = keys.x * 10.0f * speed;
    cpSimpleMotorSetRate(world->motor, rate);
    cpConstraintSetMaxForce(world->motor, rate ? 100000.0f : 0.0f);
}

static void before_step(demo_world *world) {
    drive_motor(world, cpvzero);  // no keys
}

static cpShape *in_group_one(cpShape *shape) {
    cpShapeSetFilter(shape, cpShapeFilterNew(1, CP_ALL_CATEGORIES, CP_ALL_CATEGORIES));
    return shape;
}

// One leg, `side` long per segment, hung at x = `offset` on the chassis; its
// two crank pins hold at `crank_point` on the crank, the diagonal apart.
static void add_leg(demo_world *world, cpFloat side, cpFloat offset, cpBody *chassis, cpBody *crank, cpVect crank_point) {
    cpFloat mass = 1.0f;

    // Upper leg: from its origin up `side`, at (offset, 0), pivoted on the chassis.
    cpVect upper_end = cpv(0.0f, side);
    cpBody *upper = demo_add_body(world, cpBodyNew(mass, cpMomentForSegment(mass, cpvzero, upper_end, 0.0f)));
    cpBodySetPosition(upper, cpv(offset, 0.0f));
    in_group_one(demo_add_shape(world, cpSegmentShapeNew(upper, cpvzero, upper_end, leg_radius)));
    demo_add_constraint(world, cpPivotJointNew2(chassis, upper, cpv(offset, 0.0f), cpvzero));

    // Lower leg: from its origin down `side`, at (offset, -side), with a foot
    // (a circle of twice the radius, friction 1) at its far end.
    cpVect lower_end = cpv(0.0f, -1.0f * side);
    cpBody *lower = demo_add_body(world, cpBodyNew(mass, cpMomentForSegment(mass, cpvzero, lower_end, 0.0f)));
    cpBodySetPosition(lower, cpv(offset, -side));
    in_group_one(demo_add_shape(world, cpSegmentShapeNew(lower, cpvzero, lower_end, leg_radius)));
    cpShape *foot = in_group_one(demo_add_shape(world, cpCircleShapeNew(lower, leg_radius * 2.0f, lower_end)));
    cpShapeSetElasticity(foot, 0.0f);
    cpShapeSetFriction(foot, 1.0f);

    // The lower leg keeps its distance from the chassis point and turns with the upper one.
    demo_add_constraint(world, cpPinJointNew(chassis, lower, cpv(offset, 0.0f), cpvzero));
    demo_add_constraint(world, cpGearJointNew(upper, lower, 0.0f, 1.0f));

    // Both legs are held the diagonal of side x offset away from the crank point.
    cpFloat diagonal = cpfsqrt(side * side + offset * offset);
    cpConstraint *pin = demo_add_constraint(world, cpPinJointNew(crank, upper, crank_point, cpv(0.0f, side)));
    cpPinJointSetDist(pin, diagonal);
    pin = demo_add_constraint(world, cpPinJointNew(crank, lower, crank_point, cpvzero));
    cpPinJointSetDist(pin, diagonal);
}

void demo_build_theojansen(demo_world *world) {
    cpSpace *space = world->space;
    cpSpaceSetIterations(space, 20);
    cpSpaceSetGravity(space, cpv(0, -500));

    demo_add_walls(world, 0);  // no ceiling

    // The chassis: a bar from (-offset, 0) to (offset, 0), mass 2, left at the origin.
    cpFloat offset = 30.0f;
    cpFloat chassis_mass = 2.0f;
    cpVect left = cpv(-offset, 0.0f), right = cpv(offset, 0.0f);
    cpBody *chassis = demo_add_body(world, cpBodyNew(chassis_mass, cpMomentForSegment(chassis_mass, left, right, 0.0f)));
    in_group_one(demo_add_shape(world, cpSegmentShapeNew(chassis, left, right, leg_radius)));

    // The crank: a disc of radius 13, mass 1 (the demo passes 13 as the inner
    // radius and 0 as the outer: the same moment, 84.5), pivoted on the
    // chassis at both origins.
    cpFloat crank_mass = 1.0f, crank_radius = 13.0f;
    cpBody *crank = demo_add_body(world, cpBodyNew(crank_mass, cpMomentForCircle(crank_mass, crank_radius, 0.0f, cpvzero)));
    in_group_one(demo_add_shape(world, cpCircleShapeNew(crank, crank_radius, cpvzero)));
    demo_add_constraint(world, cpPivotJointNew2(chassis, crank, cpvzero, cpvzero));

    // Four legs, alternately right and left, their crank points a quarter
    // turn apart: leg k at angle k/2 * pi on the crank's rim.
    cpFloat side = 30.0f;
    int leg_count = 4;
    for (int k = 0; k < leg_count; k++) {
        cpVect crank_point = cpvmult(cpvforangle((cpFloat)k / (cpFloat)2 * CP_PI), crank_radius);
        add_leg(world, side, k % 2 == 0 ? offset : -offset, chassis, crank, crank_point);
    }

    world->motor = demo_add_constraint(world, cpSimpleMotorNew(chassis, crank, 6.0f));
    world->before_step = before_step;
}
