// See chipmunk_callbacks.h. The broken joints are kept in a list the space's
// userData points at (made when the first joint breaks), because the
// post-step callback runs inside cpSpaceStep, where Swift does not.
#include <chipmunk/chipmunk.h>
#include "chipmunk_callbacks.h"
#include "callbacks_internal.h"

#include <stdlib.h>



cratebox_shape_tag *cratebox_shape_tag_new(void *owner) {
    cratebox_shape_tag *tag = calloc(1, sizeof *tag);
    if (tag) tag->owner = owner;
    return tag;
}

void cratebox_shape_tag_free(cratebox_shape_tag *tag) { free(tag); }

cratebox_joint_tag *cratebox_joint_tag_new(void *owner) {
    cratebox_joint_tag *tag = calloc(1, sizeof *tag);
    if (tag) tag->owner = owner;
    return tag;
}

void cratebox_joint_tag_free(cratebox_joint_tag *tag) { free(tag); }

// The handler belongs to collision type 1, so the arbiter's first shape is the platform.
static cpBool one_way_pre_solve(cpArbiter *arb, cpSpace *space, cpDataPointer data) {
    (void)space;
    (void)data;
    cpShape *a, *b;
    cpArbiterGetShapes(arb, &a, &b);
    const cratebox_shape_tag *tag = cpShapeGetUserData(a);
    cpVect n = tag ? cpv(tag->oneWayX, tag->oneWayY) : cpvzero;
    if (cpvdot(cpArbiterGetNormal(arb), n) < 0) return cpArbiterIgnore(arb);
    return cpTrue;
}

void cratebox_add_one_way_handler(cpSpace *space) {
    cpCollisionHandler *handler = cpSpaceAddWildcardHandler(space, 1);
    handler->preSolveFunc = one_way_pre_solve;
}

// Room for one more joint in the space's broken list (made when first
// needed); 0 when memory runs out.
static int reserve_broken(cpSpace *space) {
    space_extras *list = cpSpaceGetUserData(space);
    if (!list) {
        list = calloc(1, sizeof *list);
        if (!list) return 0;
        cpSpaceSetUserData(space, list);
    }
    if (list->count == list->capacity) {
        int capacity = list->capacity ? 2 * list->capacity : 16;
        cpConstraint **grown = realloc(list->joints, (size_t)capacity * sizeof *grown);
        if (!grown) return 0;
        list->joints = grown;
        list->capacity = capacity;
    }
    return 1;
}

// The room is made before the joint leaves the space: out of memory, the
// joint stays whole in the space (and in Swift's list of its joints), and
// breaks on a later step, instead of leaving the space without Swift knowing.
static void remove_broken(cpSpace *space, void *key, void *data) {
    (void)data;
    cpConstraint *joint = key;
    if (!reserve_broken(space)) return;
    cpSpaceRemoveConstraint(space, joint);
    space_extras *list = cpSpaceGetUserData(space);
    list->joints[list->count++] = joint;
}

static void break_if_too_strained(cpConstraint *joint, cpSpace *space) {
    const cratebox_joint_tag *tag = cpConstraintGetUserData(joint);
    if (!tag || tag->breakForce <= 0) return;
    cpFloat force = cpConstraintGetImpulse(joint) / cpSpaceGetCurrentTimeStep(space);
    if (force > tag->breakForce) cpSpaceAddPostStepCallback(space, remove_broken, joint, NULL);
}

void cratebox_make_breakable(cpConstraint *joint, double breakForce) {
    cratebox_joint_tag *tag = cpConstraintGetUserData(joint);
    if (tag) tag->breakForce = breakForce;
    cpConstraintSetPostSolveFunc(joint, break_if_too_strained);
}

int cratebox_take_broken(cpSpace *space, cpConstraint **out, int capacity) {
    space_extras *list = cpSpaceGetUserData(space);
    if (!list || list->count == 0) return 0;
    int n = list->count < capacity ? list->count : capacity;
    for (int i = 0; i < n; i++) out[i] = list->joints[i];
    for (int i = n; i < list->count; i++) list->joints[i - n] = list->joints[i];
    list->count -= n;
    return n;
}

void cratebox_space_callbacks_free(cpSpace *space) {
    space_extras *list = cpSpaceGetUserData(space);
    if (!list) return;
    free(list->joints);
    free(list);
    cpSpaceSetUserData(space, NULL);
}

// For the exact copy of a space (ChipmunkPrivate): the callbacks a space may
// hold, so that a copy can name them by tag, and the joints broken but not yet
// taken (a space is copied only when there are none).
void *cratebox_one_way_pre_solve_function(void) { return (void *)one_way_pre_solve; }
void *cratebox_breakable_post_solve_function(void) { return (void *)break_if_too_strained; }

int cratebox_broken_pending(cpSpace *space) {
    space_extras *list = cpSpaceGetUserData(space);
    return list ? list->count : 0;
}
