// Chipmunk 7.0.3's "Pyramid Topple" demo (demo/PyramidTopple.c), rebuilt
// from its calls: a twelve-storey pyramid of dominoes, upright ones capped by
// lying ones, on a long floor. The demo's update is a plain cpSpaceStep.
//
// As in the demo, the domino's size and the layout arithmetic are single
// precision (`float`); only the results become doubles.

// No fused multiply-adds anywhere in this file, Chipmunk's inline vector
// functions included (so before the includes): the bits must be the demo's.
#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#endif

#include "demo_world.h"

static const float thickness = 4.0f;  // a domino is thickness x length
static const float length = 30.0f;

// A domino of mass 1 with the moment of a thickness x length box. Upright: a
// box narrowed by its corner radius 0.5 on each side; lying: a plain
// length x thickness box. Elasticity 0, friction 0.6f.
static void add_domino(demo_world *world, cpVect position, int lying) {
    cpFloat mass = 1.0f, corner = 0.5f;
    cpFloat moment = cpMomentForBox(mass, thickness, length);
    cpBody *body = demo_add_body(world, cpBodyNew(mass, moment));
    cpBodySetPosition(body, position);
    cpShape *shape = lying ? cpBoxShapeNew(body, length, thickness, 0.0) : cpBoxShapeNew(body, thickness - corner * 2.0f, length, corner);
    demo_add_shape(world, shape);
    cpShapeSetElasticity(shape, 0.0f);
    cpShapeSetFriction(shape, 0.6f);
}

void demo_build_pyramidtopple(demo_world *world) {
    cpSpace *space = world->space;
    cpSpaceSetIterations(space, 30);
    cpSpaceSetGravity(space, cpv(0, -300));
    cpSpaceSetSleepTimeThreshold(space, 0.5f);
    cpSpaceSetCollisionSlop(space, 0.5f);

    // The floor: 1200 long at y = -240, radius 0, elasticity 1, friction 1, not grabbable.
    cpShape *floor_shape = demo_add_shape(world, cpSegmentShapeNew(cpSpaceGetStaticBody(space), cpv(-600, -240), cpv(600, -240), 0.0f));
    cpShapeSetElasticity(floor_shape, 1.0f);
    cpShapeSetFriction(floor_shape, 1.0f);
    cpShapeSetFilter(floor_shape, DEMO_NOT_GRABBABLE);

    // Storey s has storeys - s cells, centred, 1.5 lengths apart. Each cell: an
    // upright domino, a lying one on top of it, an extra upright one on the
    // left of the first cell, and then either a lying one bridging to the next
    // cell or, in the last cell, an upright one on the right.
    int storeys = 12;
    for (int storey = 0; storey < storeys; storey++) {
        int cells = storeys - storey;
        for (int cell = 0; cell < cells; cell++) {
            cpVect base = cpv((cell - (storeys - 1 - storey) * 0.5f) * 1.5f * length,
                              (storey + 0.5f) * (length + 2 * thickness) - thickness - 240);
            add_domino(world, base, 0);
            add_domino(world, cpvadd(base, cpv(0, (length + thickness) / 2.0f)), 1);
            if (cell == 0) {
                add_domino(world, cpvadd(base, cpv(0.5f * (thickness - length), length + thickness)), 0);
            }
            if (cell != cells - 1) {
                add_domino(world, cpvadd(base, cpv(length * 0.75f, (length + 3 * thickness) / 2.0f)), 1);
            } else {
                add_domino(world, cpvadd(base, cpv(0.5f * (length - thickness), length + thickness)), 0);
            }
        }
    }
}
