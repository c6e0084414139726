// Chipmunk 7.0.3's "Planet" demo (demo/Planet.c), rebuilt from its calls: a
// kinematic planet (a circle of radius 70 turning at 0.2 rad/s) and 30 boxes
// placed at random (rand(), after the demo app's srand) outside it, each set
// on a circular orbit. There is no space gravity: each box's velocity
// function pulls it towards the origin with the inverse-square gravity of
// the demo's planetGravityVelocityFunc. The demo's update is a plain
// cpSpaceStep.

// No fused multiply-adds anywhere in this file, Chipmunk's inline vector
// functions included (so before the includes): the bits must be the demo's.
#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#endif

#include "demo_world.h"

static const cpFloat gravity_strength = 5.0e6f;

// The pull towards the origin, proportional to the inverse square of the
// distance; the planet is massive enough to pull the boxes and not be pulled.
static void planet_gravity_velocity_func(cpBody *body, cpVect gravity, cpFloat damping, cpFloat dt) {
    (void)gravity;  // the space's (zero) gravity is replaced by the planet's
    cpVect p = cpBodyGetPosition(body);
    cpFloat sqdist = cpvlengthsq(p);
    cpVect g = cpvmult(p, -gravity_strength / (sqdist * cpfsqrt(sqdist)));

    cpBodyUpdateVelocity(body, g, damping, dt);
}

// A random point of the box [-320, 320] x [-240, 240] shrunk by `radius`,
// drawn again until it is at least 85 from the origin. The demo draws both
// numbers inside one call, cpv(frand()*..., frand()*...), whose argument
// order C leaves unspecified: Debian's gcc (the C compiler a Debian build of
// the demo uses) evaluates the y argument first, so y takes the first draw
// and x the second; clang would do the opposite. Sequenced here, so that this
// file draws as the gcc-built demo does whichever compiler builds it.
static cpVect rand_pos(demo_world *world, cpFloat radius) {
    cpVect v;
    do {
        cpFloat y = demo_frand(world) * (480 - 2 * radius) - (240 - radius);
        cpFloat x = demo_frand(world) * (640 - 2 * radius) - (320 - radius);
        v = cpv(x, y);
    } while (cpvlength(v) < 85.0f);
    return v;
}

static void add_box(demo_world *world) {
    const cpFloat size = 10.0f;
    const cpFloat mass = 1.0f;

    cpVect verts[] = {
        cpv(-size, -size),
        cpv(-size, size),
        cpv(size, size),
        cpv(size, -size),
    };

    cpFloat radius = cpvlength(cpv(size, size));
    cpVect pos = rand_pos(world, radius);

    cpBody *body = demo_add_body(world, cpBodyNew(mass, cpMomentForPoly(mass, 4, verts, cpvzero, 0.0f)));
    cpBodySetVelocityUpdateFunc(body, planet_gravity_velocity_func);
    cpBodySetPosition(body, pos);

    // A circular orbit from where it starts: the speed that balances the
    // pull, at right angles to the radius.
    cpFloat r = cpvlength(pos);
    cpFloat v = cpfsqrt(gravity_strength / r) / r;
    cpBodySetVelocity(body, cpvmult(cpvperp(pos), v));

    // It turns once per orbit, facing the planet from the start.
    cpBodySetAngularVelocity(body, v);
    cpBodySetAngle(body, cpfatan2(pos.y, pos.x));

    cpShape *shape = demo_add_shape(world, cpPolyShapeNew(body, 4, verts, cpTransformIdentity, 0.0));
    cpShapeSetElasticity(shape, 0.0f);
    cpShapeSetFriction(shape, 0.7f);
}

void demo_build_planet(demo_world *world) {
    cpSpace *space = world->space;
    cpSpaceSetIterations(space, 20);

    // The planet's body comes first, its shape after all the boxes.
    cpBody *planet = demo_add_body(world, cpBodyNewKinematic());
    cpBodySetAngularVelocity(planet, 0.2f);

    for (int i = 0; i < 30; i++) add_box(world);

    cpShape *shape = demo_add_shape(world, cpCircleShapeNew(planet, 70.0f, cpvzero));
    cpShapeSetElasticity(shape, 1.0f);
    cpShapeSetFriction(shape, 1.0f);
    cpShapeSetFilter(shape, DEMO_NOT_GRABBABLE);
}
