// Chipmunk 7.0.3's "Simple Sensor based fluids" demo (demo/Buoyancy.c),
// rebuilt from its calls: a bucket of three thick segments holds water, a
// sensor box of collision type 1 on the static body, and two boxes a third
// as dense as the water are thrown into it. A pre-solve handler for types
// (1, 0) clips each box's polygon against the water level, pushes it up by
// the weight of the water it displaces and damps its velocity and spin
// (fluid drag). The demo's update is a plain cpSpaceStep.

// No fused multiply-adds anywhere in this file, Chipmunk's inline vector
// functions included (so before the includes): the bits must be the demo's.
#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#endif

#include "demo_world.h"

#define FLUID_DENSITY 0.00014
#define FLUID_DRAG 2.0

// Modified from chipmunk_private.h (as the demo has it).
static inline cpFloat k_scalar_body(cpBody *body, cpVect point, cpVect n) {
    cpFloat rcn = cpvcross(cpvsub(point, cpBodyGetPosition(body)), n);
    return 1.0f / cpBodyGetMass(body) + rcn * rcn / cpBodyGetMoment(body);
}

// The part of `poly` under `level`, in world coordinates; returns how many vertices.
static int clip_below(cpShape *poly, cpFloat level, cpVect *clipped) {
    cpBody *body = cpShapeGetBody(poly);
    int count = cpPolyShapeGetCount(poly);
    int clipped_count = 0;
    for (int i = 0, j = count - 1; i < count; j = i, i++) {
        cpVect a = cpBodyLocalToWorld(body, cpPolyShapeGetVert(poly, j));
        cpVect b = cpBodyLocalToWorld(body, cpPolyShapeGetVert(poly, i));

        if (a.y < level) {
            clipped[clipped_count] = a;
            clipped_count++;
        }

        cpFloat a_level = a.y - level;
        cpFloat b_level = b.y - level;

        if (a_level * b_level < 0.0f) {
            cpFloat t = cpfabs(a_level) / (cpfabs(a_level) + cpfabs(b_level));

            clipped[clipped_count] = cpvlerp(a, b, t);
            clipped_count++;
        }
    }
    return clipped_count;
}

// The demo's waterPreSolve (less its debug drawing).
static cpBool water_pre_solve(cpArbiter *arb, cpSpace *space, void *ptr) {
    (void)ptr;
    CP_ARBITER_GET_SHAPES(arb, water, poly);
    cpBody *body = cpShapeGetBody(poly);

    // The top of the water sensor's bounding box is the water level.
    cpFloat level = cpShapeGetBB(water).t;

    // Clip the polygon against the water level.
    cpVect clipped[cpPolyShapeGetCount(poly) + 1];
    int clipped_count = clip_below(poly, level, clipped);

    // Buoyancy from the clipped polygon's area.
    cpFloat clipped_area = cpAreaForPoly(clipped_count, clipped, 0.0f);
    cpFloat displaced_mass = clipped_area * FLUID_DENSITY;
    cpVect centroid = cpCentroidForPoly(clipped_count, clipped);

    cpFloat dt = cpSpaceGetCurrentTimeStep(space);
    cpVect g = cpSpaceGetGravity(space);

    // Apply the buoyancy force as an impulse.
    cpBodyApplyImpulseAtWorldPoint(body, cpvmult(g, -displaced_mass * dt), centroid);

    // Apply linear damping for the fluid drag.
    cpVect v_centroid = cpBodyGetVelocityAtWorldPoint(body, centroid);
    cpFloat k = k_scalar_body(body, centroid, cpvnormalize(v_centroid));
    cpFloat damping = clipped_area * FLUID_DRAG * FLUID_DENSITY;
    cpFloat v_coef = cpfexp(-damping * dt * k);  // linear drag
    cpBodyApplyImpulseAtWorldPoint(body, cpvmult(cpvsub(cpvmult(v_centroid, v_coef), v_centroid), 1.0 / k), centroid);

    // Apply angular damping for the fluid drag.
    cpVect cog = cpBodyLocalToWorld(body, cpBodyGetCenterOfGravity(body));
    cpFloat w_damping = cpMomentForPoly(FLUID_DRAG * FLUID_DENSITY * clipped_area, clipped_count, clipped, cpvneg(cog), 0.0f);
    cpBodySetAngularVelocity(body, cpBodyGetAngularVelocity(body) * cpfexp(-w_damping * dt / cpBodyGetMoment(body)));

    return cpTrue;
}

// A static segment of the bucket: elasticity 1, friction 1, not grabbable.
static void add_bucket_edge(demo_world *world, cpVect a, cpVect b, cpFloat radius) {
    cpShape *shape = demo_add_shape(world, cpSegmentShapeNew(cpSpaceGetStaticBody(world->space), a, b, radius));
    cpShapeSetElasticity(shape, 1.0f);
    cpShapeSetFriction(shape, 1.0f);
    cpShapeSetFilter(shape, DEMO_NOT_GRABBABLE);
}

// A box a third as dense as the water, thrown down at 100 and spinning at 1 rad/s.
static void add_floater(demo_world *world, cpFloat width, cpFloat height, cpVect position) {
    cpFloat mass = 0.3 * FLUID_DENSITY * width * height;
    cpFloat moment = cpMomentForBox(mass, width, height);

    cpBody *body = demo_add_body(world, cpBodyNew(mass, moment));
    cpBodySetPosition(body, position);
    cpBodySetVelocity(body, cpv(0, -100));
    cpBodySetAngularVelocity(body, 1);

    cpShape *shape = demo_add_shape(world, cpBoxShapeNew(body, width, height, 0.0));
    cpShapeSetFriction(shape, 0.8f);
}

void demo_build_buoyancy(demo_world *world) {
    cpSpace *space = world->space;
    cpSpaceSetIterations(space, 30);
    cpSpaceSetGravity(space, cpv(0, -500));
    cpSpaceSetSleepTimeThreshold(space, 0.5f);
    cpSpaceSetCollisionSlop(space, 0.5f);

    demo_add_walls(world, 1);  // with the ceiling

    // The edges of the bucket, then the sensor for the water filling it.
    cpBB bb = cpBBNew(-300, -200, 100, 0);
    cpFloat radius = 5.0f;
    add_bucket_edge(world, cpv(bb.l, bb.b), cpv(bb.l, bb.t), radius);
    add_bucket_edge(world, cpv(bb.r, bb.b), cpv(bb.r, bb.t), radius);
    add_bucket_edge(world, cpv(bb.l, bb.b), cpv(bb.r, bb.b), radius);

    cpShape *shape = demo_add_shape(world, cpBoxShapeNew2(cpSpaceGetStaticBody(space), bb, 0.0));
    cpShapeSetSensor(shape, cpTrue);
    cpShapeSetCollisionType(shape, 1);

    {
        cpFloat width = 200.0f;
        add_floater(world, width, 50.0f, cpv(-50, -100));
    }
    {
        cpFloat width = 40.0f;
        add_floater(world, width, width * 2, cpv(-200, -50));
    }

    cpCollisionHandler *handler = cpSpaceAddCollisionHandler(space, 1, 0);
    handler->preSolveFunc = (cpCollisionPreSolveFunc)water_pre_solve;
}
