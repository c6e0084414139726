// Collision handlers a scene's script sets (docs/scene-format.md 16.7):
// C functions in Chipmunk's handler slots that pass the arbiter to the
// script the space's userData names, through the calls the scripting module
// gives once. No Swift closure is captured; a space copied exactly names
// these functions by tag, as it does Chipmunk's own.
#include <chipmunk/chipmunk.h>
#include "chipmunk_callbacks.h"
#include "callbacks_internal.h"

#include <stdlib.h>

static cratebox_script_calls calls;

void cratebox_set_script_calls(const cratebox_script_calls *given) { calls = *given; }

static void *script_of(cpSpace *space) {
    space_extras *extras = cpSpaceGetUserData(space);
    return extras ? extras->script : NULL;
}

int cratebox_space_set_script(cpSpace *space, void *script) {
    space_extras *extras = cpSpaceGetUserData(space);
    if (!extras) {
        if (!script) return 1;
        extras = calloc(1, sizeof *extras);
        if (!extras) return 0;
        cpSpaceSetUserData(space, extras);
    }
    extras->script = script;
    return 1;
}

// Without a script (a space being torn down, say), each slot does what Chipmunk's always-collide or do-nothing does.
static cpBool pair_begin(cpArbiter *arb, cpSpace *space, cpDataPointer data) {
    (void)data;
    void *s = script_of(space);
    return s && calls.begin ? calls.begin(s, arb, 0) : cpTrue;
}
static cpBool pair_pre_solve(cpArbiter *arb, cpSpace *space, cpDataPointer data) {
    (void)data;
    void *s = script_of(space);
    return s && calls.preSolve ? calls.preSolve(s, arb, 0) : cpTrue;
}
static void pair_post_solve(cpArbiter *arb, cpSpace *space, cpDataPointer data) {
    (void)data;
    void *s = script_of(space);
    if (s && calls.postSolve) calls.postSolve(s, arb, 0);
}
static void pair_separate(cpArbiter *arb, cpSpace *space, cpDataPointer data) {
    (void)data;
    void *s = script_of(space);
    if (s && calls.separate) calls.separate(s, arb, 0);
}
static cpBool wild_begin(cpArbiter *arb, cpSpace *space, cpDataPointer data) {
    (void)data;
    void *s = script_of(space);
    return s && calls.begin ? calls.begin(s, arb, 1) : cpTrue;
}
static cpBool wild_pre_solve(cpArbiter *arb, cpSpace *space, cpDataPointer data) {
    (void)data;
    void *s = script_of(space);
    return s && calls.preSolve ? calls.preSolve(s, arb, 1) : cpTrue;
}
static void wild_post_solve(cpArbiter *arb, cpSpace *space, cpDataPointer data) {
    (void)data;
    void *s = script_of(space);
    if (s && calls.postSolve) calls.postSolve(s, arb, 1);
}
static void wild_separate(cpArbiter *arb, cpSpace *space, cpDataPointer data) {
    (void)data;
    void *s = script_of(space);
    if (s && calls.separate) calls.separate(s, arb, 1);
}

static void script_velocity(cpBody *body, cpVect gravity, cpFloat damping, cpFloat dt) {
    void *s = cpBodyGetSpace(body) ? script_of(cpBodyGetSpace(body)) : NULL;
    if (!s || !calls.velocity || !calls.velocity(s, body, gravity.x, gravity.y, damping, dt)) cpBodyUpdateVelocity(body, gravity, damping, dt);
}

static void script_position(cpBody *body, cpFloat dt) {
    void *s = cpBodyGetSpace(body) ? script_of(cpBodyGetSpace(body)) : NULL;
    if (!s || !calls.position || !calls.position(s, body, dt)) cpBodyUpdatePosition(body, dt);
}

void cratebox_body_set_script_functions(cpBody *body, int velocity, int position) {
    cpBodySetVelocityUpdateFunc(body, velocity ? script_velocity : cpBodyUpdateVelocity);
    cpBodySetPositionUpdateFunc(body, position ? script_position : cpBodyUpdatePosition);
}

void cratebox_script_body_functions(void *out[2]) {
    out[0] = (void *)script_velocity;
    out[1] = (void *)script_position;
}

static void *script_of_joint(cpConstraint *joint) {
    cpSpace *space = cpConstraintGetSpace(joint);
    return space ? script_of(space) : NULL;
}

// Without the script's answer, Chipmunk's own formulas (cpDampedSpring.c, cpDampedRotarySpring.c).
static cpFloat script_spring_force(cpConstraint *spring, cpFloat length) {
    double out;
    void *s = script_of_joint(spring);
    if (s && calls.springForce && calls.springForce(s, spring, length, &out)) return out;
    return (cpDampedSpringGetRestLength(spring) - length) * cpDampedSpringGetStiffness(spring);
}

static cpFloat script_spring_torque(cpConstraint *spring, cpFloat angle) {
    double out;
    void *s = script_of_joint(spring);
    if (s && calls.springTorque && calls.springTorque(s, spring, angle, &out)) return out;
    return (cpDampedRotarySpringGetRestAngle(spring) - angle) * cpDampedRotarySpringGetStiffness(spring);
}

static void script_joint_pre_solve(cpConstraint *joint, cpSpace *space) {
    void *s = script_of(space);
    if (s && calls.jointPreSolve) calls.jointPreSolve(s, joint);
}

static void script_joint_post_solve(cpConstraint *joint, cpSpace *space) {
    void *s = script_of(space);
    if (s && calls.jointPostSolve) calls.jointPostSolve(s, joint);
}

void cratebox_joint_set_script_functions(cpConstraint *joint, int force, int torque, int preSolve, int postSolve) {
    if (force && cpConstraintIsDampedSpring(joint)) cpDampedSpringSetSpringForceFunc(joint, script_spring_force);
    if (torque && cpConstraintIsDampedRotarySpring(joint)) cpDampedRotarySpringSetSpringTorqueFunc(joint, script_spring_torque);
    if (preSolve) cpConstraintSetPreSolveFunc(joint, script_joint_pre_solve);
    if (postSolve) cpConstraintSetPostSolveFunc(joint, script_joint_post_solve);
}

void cratebox_script_joint_functions(void *out[4]) {
    out[0] = (void *)script_spring_force;
    out[1] = (void *)script_spring_torque;
    out[2] = (void *)script_joint_pre_solve;
    out[3] = (void *)script_joint_post_solve;
}

void cratebox_add_script_handler(cpSpace *space, uint64_t a, uint64_t b, int wildcard, int slots) {
    cpCollisionHandler *h = wildcard ? cpSpaceAddWildcardHandler(space, (cpCollisionType)a)
                                     : cpSpaceAddCollisionHandler(space, (cpCollisionType)a, (cpCollisionType)b);
    if (slots & 1) h->beginFunc = wildcard ? wild_begin : pair_begin;
    if (slots & 2) h->preSolveFunc = wildcard ? wild_pre_solve : pair_pre_solve;
    if (slots & 4) h->postSolveFunc = wildcard ? wild_post_solve : pair_post_solve;
    if (slots & 8) h->separateFunc = wildcard ? wild_separate : pair_separate;
}

void cratebox_script_handler_functions(void *pair[4], void *wildcard[4]) {
    pair[0] = (void *)pair_begin;
    pair[1] = (void *)pair_pre_solve;
    pair[2] = (void *)pair_post_solve;
    pair[3] = (void *)pair_separate;
    wildcard[0] = (void *)wild_begin;
    wildcard[1] = (void *)wild_pre_solve;
    wildcard[2] = (void *)wild_post_solve;
    wildcard[3] = (void *)wild_separate;
}
