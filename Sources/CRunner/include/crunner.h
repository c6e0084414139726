// The plain C runner: builds a Chipmunk space from a flat scene description in
// the normative construction order of docs/scene-format.md, steps it and
// hashes it. It exists so that World's results and speed can be checked against
// code with no Swift in it. The Swift side only flattens a decoded Scene into
// these structs (defaults and shorthands already resolved); everything the spec
// makes normative (call order, mass split, hash) is done here, independently.
#ifndef CRUNNER_H
#define CRUNNER_H

#include <stdint.h>

typedef enum { CR_BOX = 0, CR_CIRCLE = 1, CR_POLYGON = 2, CR_SEGMENT = 3 } cr_shape_kind;
typedef enum { CR_DYNAMIC = 0, CR_KINEMATIC = 1, CR_STATIC = 2 } cr_body_type;
typedef enum { CR_NO_MASS = 0, CR_MASS = 1, CR_DENSITY = 2 } cr_mass_kind;
typedef enum { CR_PIVOT = 0, CR_PIN = 1, CR_SLIDE = 2, CR_SPRING = 3, CR_MOTOR = 4, CR_PIVOT2 = 5 } cr_joint_kind;

typedef struct {
    cr_shape_kind kind;
    // box: p[0]=w p[1]=h; circle: p[0]=r p[1],p[2]=offset; segment: p[0..3]=a,b
    double p[4];
    double radius;          // box, polygon, segment
    const double *verts;    // polygon: x0,y0,x1,y1,... (count pairs)
    int count;
    double friction, elasticity;
    int sensor;
} cr_shape;

typedef struct {
    cr_body_type type;
    double px, py, angle, vx, vy, w;
    cr_mass_kind massKind;
    double massValue;       // the mass or the density
    const cr_shape *shapes;
    int shapeCount;
} cr_body;

typedef struct {
    cr_joint_kind kind;
    int a, b;               // body index in the scene, or -1 for the world (static body)
    // pivot: p[0..1]=anchor; pivot2, pin: p[0..3]=anchorA,anchorB (pin: p[5]=1 when p[4] is its distance);
    // slide: +p[4]=min p[5]=max;
    // spring: +p[4]=restLength p[5]=stiffness p[6]=damping; motor: p[0]=rate
    double p[7];
    double maxForce;        // INFINITY when not given
    int collide;
} cr_joint;

typedef struct {
    double width, height, gravityX, gravityY;
    int walls;
    int wallBacking;  // rules 2: each wall's backing, a static box 100 points thick outside it (scene-format.md section 9)
    double wallRadius, wallFriction, wallElasticity;
    int iterations;
    double damping;
    int hasSleepTime;
    double sleepTime;
    int hasSpatialHash;
    double cellSize;
    int cells;
    const cr_body *bodies;
    int bodyCount;
    const cr_joint *joints;
    int jointCount;
} cr_scene;

typedef struct cr_world cr_world;

// Builds the space. Returns NULL only when memory runs out.
cr_world *cr_world_new(const cr_scene *scene);
// Sets gravity to |scene gravity| * (x, y), as a tilt event does.
void cr_world_tilt(cr_world *world, double x, double y);
// Runs `steps` steps of exactly 1/120 s.
void cr_world_step(cr_world *world, int steps);
// The normative state hash (FNV-1a 64 over the dynamic bodies).
uint64_t cr_world_hash(const cr_world *world);
void cr_world_free(cr_world *world);

#endif
