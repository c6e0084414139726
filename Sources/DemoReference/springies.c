// Chipmunk 7.0.3's "Springies" demo (demo/Springies.c), rebuilt from its
// calls: fourteen bars (thick segments, some pairs in a group of their own so
// that they pass through each other), five pivots joining bars end to end,
// and 39 damped springs, from the space's static body to the bars and between
// bars, each pulling with the demo's springForce: Chipmunk's spring force
// with the stretch clamped to +-20. No gravity and no static shapes. The
// demo's update is a plain cpSpaceStep.

// No fused multiply-adds anywhere in this file, Chipmunk's inline vector
// functions included (so before the includes): the bits must be the demo's.
#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#endif

#include "demo_world.h"

// The demo's spring force: (rest length - length), clamped to +-20, times the stiffness.
static cpFloat spring_force(cpConstraint *spring, cpFloat dist) {
    cpFloat clamp = 20.0f;
    return cpfclamp(cpDampedSpringGetRestLength(spring) - dist, -clamp, clamp) * cpDampedSpringGetStiffness(spring);
}

static cpConstraint *new_spring(cpBody *a, cpBody *b, cpVect anchorA, cpVect anchorB, cpFloat rest_length, cpFloat stiff, cpFloat damp) {
    cpConstraint *spring = cpDampedSpringNew(a, b, anchorA, anchorB, rest_length, stiff, damp);
    cpDampedSpringSetSpringForceFunc(spring, spring_force);
    return spring;
}

// A bar from a to b: a segment of radius 10 on a body at its centre, mass
// length/160, the moment of a thin rod; friction and elasticity stay 0.
static cpBody *add_bar(demo_world *world, cpVect a, cpVect b, int group) {
    cpVect center = cpvmult(cpvadd(a, b), 1.0f / 2.0f);
    cpFloat length = cpvlength(cpvsub(b, a));
    cpFloat mass = length / 160.0f;

    cpBody *body = demo_add_body(world, cpBodyNew(mass, mass * length * length / 12.0f));
    cpBodySetPosition(body, center);

    cpShape *shape = demo_add_shape(world, cpSegmentShapeNew(body, cpvsub(a, center), cpvsub(b, center), 10.0f));
    cpShapeSetFilter(shape, cpShapeFilterNew(group, CP_ALL_CATEGORIES, CP_ALL_CATEGORIES));
    return body;
}

// The springs, in the demo's order: bodies a and b (0: the space's static
// body, k: bar k), anchor on a, anchor on b. All have rest length 0,
// stiffness 100 and damping 0.5.
static const struct { int a, b; cpFloat ax, ay, bx, by; } springs[] = {
    {0, 1, -320, 240, -40, 40}, {0, 1, -320, 80, -40, 40}, {0, 1, -160, 240, -40, 40},
    {0, 2, -160, 240, 40, 40}, {0, 2, 0, 240, 40, 40},
    {0, 3, 80, 240, -40, 80},
    {0, 4, 80, 240, -40, 0}, {0, 4, 320, 240, 40, 0},
    {0, 5, -320, 80, -40, 40},
    {0, 9, 320, 80, 40, 40},
    {0, 10, 320, 0, 40, -40}, {0, 10, 320, -160, 40, -40},
    {0, 11, -320, -160, -40, 40},
    {0, 12, -240, -240, -40, 0}, {0, 12, 0, -240, 40, 0},
    {0, 13, 0, -240, -40, 0}, {0, 13, 80, -240, 40, 0},
    {0, 14, 80, -240, -40, 0}, {0, 14, 240, -240, 40, 0}, {0, 14, 320, -160, 40, 0},
    {1, 5, 40, -40, -40, 40}, {1, 6, 40, -40, 40, 40},
    {2, 3, 40, 40, -40, 80},
    {3, 4, -40, 80, -40, 0}, {3, 4, 40, -80, -40, 0},
    {3, 7, 40, -80, 40, 0}, {3, 7, -40, 80, -40, 0},
    {3, 8, 40, -80, 40, 0}, {3, 9, 40, -80, -40, -40},
    {4, 9, 40, 0, 40, 40},
    {5, 11, -40, 40, -40, 40}, {5, 11, 40, -40, 40, -40},
    {7, 8, 40, 0, -40, 0},
    {8, 12, -40, 0, 40, 0},
    {8, 13, -40, 0, -40, 0}, {8, 13, 40, 0, 40, 0},
    {8, 14, 40, 0, -40, 0},
    {10, 14, 40, -40, -40, 0}, {10, 14, 40, -40, -40, 0},
};

void demo_build_springies(demo_world *world) {
    cpSpace *space = world->space;
    cpBody *body[15];
    body[0] = cpSpaceGetStaticBody(space);

    body[1] = add_bar(world, cpv(-240, 160), cpv(-160, 80), 1);
    body[2] = add_bar(world, cpv(-160, 80), cpv(-80, 160), 1);
    body[3] = add_bar(world, cpv(0, 160), cpv(80, 0), 0);
    body[4] = add_bar(world, cpv(160, 160), cpv(240, 160), 0);
    body[5] = add_bar(world, cpv(-240, 0), cpv(-160, -80), 2);
    body[6] = add_bar(world, cpv(-160, -80), cpv(-80, 0), 2);
    body[7] = add_bar(world, cpv(-80, 0), cpv(0, 0), 2);
    body[8] = add_bar(world, cpv(0, -80), cpv(80, -80), 0);
    body[9] = add_bar(world, cpv(240, 80), cpv(160, 0), 3);
    body[10] = add_bar(world, cpv(160, 0), cpv(240, -80), 3);
    body[11] = add_bar(world, cpv(-240, -80), cpv(-160, -160), 4);
    body[12] = add_bar(world, cpv(-160, -160), cpv(-80, -160), 4);
    body[13] = add_bar(world, cpv(0, -160), cpv(80, -160), 0);
    body[14] = add_bar(world, cpv(160, -160), cpv(240, -160), 0);

    demo_add_constraint(world, cpPivotJointNew2(body[1], body[2], cpv(40, -40), cpv(-40, -40)));
    demo_add_constraint(world, cpPivotJointNew2(body[5], body[6], cpv(40, -40), cpv(-40, -40)));
    demo_add_constraint(world, cpPivotJointNew2(body[6], body[7], cpv(40, 40), cpv(-40, 0)));
    demo_add_constraint(world, cpPivotJointNew2(body[9], body[10], cpv(-40, -40), cpv(-40, 40)));
    demo_add_constraint(world, cpPivotJointNew2(body[11], body[12], cpv(40, -40), cpv(-40, 0)));

    cpFloat stiff = 100.0f;
    cpFloat damp = 0.5f;
    for (size_t i = 0; i < sizeof springs / sizeof springs[0]; i++) {
        cpVect anchorA = cpv(springs[i].ax, springs[i].ay), anchorB = cpv(springs[i].bx, springs[i].by);
        demo_add_constraint(world, new_spring(body[springs[i].a], body[springs[i].b], anchorA, anchorB, 0.0f, stiff, damp));
    }
}
