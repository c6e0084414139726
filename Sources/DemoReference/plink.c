// Chipmunk 7.0.3's "Plink" demo (demo/Plink.c), rebuilt from its calls: 54
// static triangles on the space's static body, in staggered rows, and 300
// pentagons dropped from above them at random x (rand(), after the demo
// app's srand). Before every step the demo's update puts each pentagon that
// fell off (below -260, or more than 340 from the middle) back at the top at
// a new random x, then steps. The demo's right click (a pentagon under the
// mouse turns static or dynamic) needs the mouse, so it never happens here.

// No fused multiply-adds anywhere in this file, Chipmunk's inline vector
// functions included (so before the includes): the bits must be the demo's.
#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#endif

#include "demo_world.h"

#include <math.h>
#include <stdlib.h>

enum { NUM_VERTS = 5 };

// A body that fell off the screen starts again at the top, at a random x;
// it keeps its velocity.
static void each_body(cpBody *body, void *data) {
    demo_world *world = data;
    cpVect pos = cpBodyGetPosition(body);
    if (pos.y < -260 || cpfabs(pos.x) > 340) {
        cpFloat x = demo_rand(world) / (cpFloat)RAND_MAX * 640 - 320;
        cpBodySetPosition(body, cpv(x, 260));
    }
}

static void before_step(demo_world *world) {
    cpSpaceEachBody(world->space, each_body, world);
}

void demo_build_plink(demo_world *world) {
    cpSpace *space = world->space;
    cpSpaceSetIterations(space, 5);
    cpSpaceSetGravity(space, cpv(0, -100));

    cpBody *body, *static_body = cpSpaceGetStaticBody(space);
    cpShape *shape;

    // A triangle, pointing up.
    cpVect tris[] = {
        cpv(-15, -15),
        cpv(0, 10),
        cpv(15, -15),
    };

    // The static triangles, column by column; every other row is moved right
    // by half a column. Elasticity 1, friction 1, not grabbable.
    for (int i = 0; i < 9; i++) {
        for (int j = 0; j < 6; j++) {
            cpFloat stagger = (j % 2) * 40;
            cpVect offset = cpv(i * 80 - 320 + stagger, j * 70 - 240);
            shape = demo_add_shape(world, cpPolyShapeNew(static_body, 3, tris, cpTransformTranslate(offset), 0.0));
            cpShapeSetElasticity(shape, 1.0f);
            cpShapeSetFriction(shape, 1.0f);
            cpShapeSetFilter(shape, DEMO_NOT_GRABBABLE);
        }
    }

    // A pentagon of radius 10, its corners listed clockwise from (10, 0).
    cpVect verts[NUM_VERTS];
    for (int i = 0; i < NUM_VERTS; i++) {
        cpFloat angle = -2.0f * CP_PI * i / ((cpFloat)NUM_VERTS);
        verts[i] = cpv(10 * cos(angle), 10 * sin(angle));
    }

    cpFloat pentagon_mass = 1.0;
    cpFloat pentagon_moment = cpMomentForPoly(1.0f, NUM_VERTS, verts, cpvzero, 0.0f);

    // 300 pentagons at height 350, each at a random x: elasticity 0, friction 0.4f.
    for (int i = 0; i < 300; i++) {
        body = demo_add_body(world, cpBodyNew(pentagon_mass, pentagon_moment));
        cpFloat x = demo_rand(world) / (cpFloat)RAND_MAX * 640 - 320;
        cpBodySetPosition(body, cpv(x, 350));

        shape = demo_add_shape(world, cpPolyShapeNew(body, NUM_VERTS, verts, cpTransformIdentity, 0.0));
        cpShapeSetElasticity(shape, 0.0f);
        cpShapeSetFriction(shape, 0.4f);
    }

    world->before_step = before_step;
}
