// Chipmunk 7.0.3's "Tumble" demo (demo/Tumble.c), rebuilt from its calls: a
// kinematic square of four segments turns at a constant 0.4 rad/s around 21
// bricks, each picked at random (rand(), after the demo app's srand) to be a
// box, a capsule or a pair of balls. There is no static geometry. The demo's
// update is a plain cpSpaceStep.

// No fused multiply-adds anywhere in this file, Chipmunk's inline vector
// functions included (so before the includes): the bits must be the demo's.
#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#endif

#include "demo_world.h"

#include <stdlib.h>

// Every brick shape: elasticity 0, friction 0.7f.
static void brick_material(cpShape *shape) {
    cpShapeSetElasticity(shape, 0.0f);
    cpShapeSetFriction(shape, 0.7f);
}

static void add_box(demo_world *world, cpVect position, cpFloat mass, cpFloat width, cpFloat height) {
    cpBody *body = demo_add_body(world, cpBodyNew(mass, cpMomentForBox(mass, width, height)));
    cpBodySetPosition(body, position);
    brick_material(demo_add_shape(world, cpBoxShapeNew(body, width, height, 0.0)));
}

// A capsule the size of the box: a vertical segment as thick as the box is
// wide; it keeps the box's moment, as the demo gives it.
static void add_capsule(demo_world *world, cpVect position, cpFloat mass, cpFloat width, cpFloat height) {
    cpBody *body = demo_add_body(world, cpBodyNew(mass, cpMomentForBox(mass, width, height)));
    cpBodySetPosition(body, position);
    brick_material(demo_add_shape(world, cpSegmentShapeNew(body, cpv(0.0, (height - width) / 2.0), cpv(0.0, (width - height) / 2.0), width / 2.0)));
}

static void add_ball(demo_world *world, cpVect position, cpFloat mass, cpFloat radius) {
    cpBody *body = demo_add_body(world, cpBodyNew(mass, cpMomentForCircle(mass, 0.0, radius, cpvzero)));
    cpBodySetPosition(body, position);
    brick_material(demo_add_shape(world, cpCircleShapeNew(body, radius, cpvzero)));
}

void demo_build_tumble(demo_world *world) {
    cpSpace *space = world->space;
    cpSpaceSetGravity(space, cpv(0, -600));

    // The turning square: a kinematic body given its spin before its walls.
    cpBody *box = demo_add_body(world, cpBodyNewKinematic());
    cpBodySetAngularVelocity(box, 0.4f);

    // Its walls run corner to corner, clockwise from the bottom-left:
    // radius 0, elasticity 1, friction 1, not grabbable.
    static const cpFloat corners[5][2] = {{-200, -200}, {-200, 200}, {200, 200}, {200, -200}, {-200, -200}};
    for (int i = 0; i < 4; i++) {
        cpShape *shape = demo_add_shape(world, cpSegmentShapeNew(box, cpv(corners[i][0], corners[i][1]), cpv(corners[i + 1][0], corners[i + 1][1]), 0.0f));
        cpShapeSetElasticity(shape, 1.0f);
        cpShapeSetFriction(shape, 1.0f);
        cpShapeSetFilter(shape, DEMO_NOT_GRABBABLE);
    }

    // A 7 x 3 grid of 30 x 60 bricks of mass 1, column by column.
    cpFloat mass = 1, width = 30, height = width * 2;
    for (int column = 0; column < 7; column++) {
        for (int row = 0; row < 3; row++) {
            cpVect position = cpv(column * width - 150, row * height - 150);
            switch ((demo_rand(world) % 3000) / 1000) {
            case 0:
                add_box(world, position, mass, width, height);
                break;
            case 1:
                add_capsule(world, position, mass, width, height);
                break;
            default:  // two balls, one above the other, filling the brick
                add_ball(world, cpvadd(position, cpv(0.0, (height - width) / 2.0)), mass, width / 2.0);
                add_ball(world, cpvadd(position, cpv(0.0, (width - height) / 2.0)), mass, width / 2.0);
                break;
            }
        }
    }
}
