// An independent program that follows docs/scene-format.md for
// Scenes/crates.json by hand, with no code of cratebox in it. Its hash after
// 600 steps must equal `cratebox simulate Scenes/crates.json --steps 600`.
// Build: cc crates.c -lchipmunk -lm
#include <chipmunk/chipmunk.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static uint64_t add(uint64_t h, double x) {
    uint64_t bits;
    memcpy(&bits, &x, 8);
    for (int i = 0; i < 8; i++) { h ^= (bits >> (8 * i)) & 0xff; h *= 0x100000001b3ULL; }
    return h;
}

int main(void) {
    cpSpace *space = cpSpaceNew();
    cpSpaceSetIterations(space, 10);
    cpSpaceSetGravity(space, cpv(0, -1000));
    cpSpaceSetDamping(space, 1);
    cpVect c[5] = {cpv(0, 0), cpv(300, 0), cpv(300, 300), cpv(0, 300), cpv(0, 0)};
    for (int i = 0; i < 4; i++) {
        cpShape *wall = cpSegmentShapeNew(cpSpaceGetStaticBody(space), c[i], c[i + 1], 1);
        cpShapeSetFriction(wall, 0.5);
        cpShapeSetElasticity(wall, 0.8);
        cpSpaceAddShape(space, wall);
    }
    // Rules 2 (section 9): each wall's backing, 100 points thick outside it, after the walls.
    double t = 100, r = 1, width = 300, height = 300, a = -t - r, b = width + t + r, top = height + t + r;
    cpBB backings[4] = {cpBBNew(a, a, b, -r), cpBBNew(width + r, a, b, top), cpBBNew(a, height + r, b, top), cpBBNew(a, a, -r, top)};
    for (int i = 0; i < 4; i++) {
        cpShape *backing = cpBoxShapeNew2(cpSpaceGetStaticBody(space), backings[i], 0);
        cpShapeSetFriction(backing, 0.5);
        cpShapeSetElasticity(backing, 0.8);
        cpSpaceAddShape(space, backing);
    }
    double crates[5][3] = {{16, 284, 32}, {48, 284, 32}, {96, 268, 64}, {144, 284, 32}, {32, 236, 64}};
    cpBody *bodies[5];
    for (int i = 0; i < 5; i++) {
        cpBody *body = cpBodyNew(0, 0);
        cpBodySetPosition(body, cpv(crates[i][0], crates[i][1]));
        cpBodySetAngle(body, 0);
        cpSpaceAddBody(space, body);
        cpShape *box = cpBoxShapeNew(body, crates[i][2], crates[i][2], 0);
        cpShapeSetFriction(box, 0.5);
        cpShapeSetElasticity(box, 0.8);
        cpShapeSetMass(box, 100);
        cpSpaceAddShape(space, box);
        cpBodySetVelocity(body, cpv(0, 0));
        cpBodySetAngularVelocity(body, 0);
        bodies[i] = body;
    }
    for (int s = 0; s < 600; s++) cpSpaceStep(space, 1.0 / 120.0);
    uint64_t h = 0xcbf29ce484222325ULL;
    for (int i = 0; i < 5; i++) {
        cpVect p = cpBodyGetPosition(bodies[i]), v = cpBodyGetVelocity(bodies[i]);
        h = add(h, p.x); h = add(h, p.y); h = add(h, cpBodyGetAngle(bodies[i]));
        h = add(h, v.x); h = add(h, v.y); h = add(h, cpBodyGetAngularVelocity(bodies[i]));
    }
    fprintf(stderr, "%016llx\n", (unsigned long long)h);  // stderr: stdout has Chipmunk's banner
    return 0;
}
