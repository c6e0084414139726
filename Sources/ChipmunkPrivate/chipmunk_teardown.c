// Removing every shape from a space costs shapes x contacts: cpSpaceRemoveShape
// filters the whole cached-arbiter set each time (cpSpaceFilterArbiters), so a
// 10,000-crate stack took two seconds to tear down. Destroying the space first
// is linear: cpSpaceDestroy wakes every body (which needs them all alive),
// then frees the space's arrays, spatial indexes and arbiters. What is left
// pointing into the freed space lives in the bodies, shapes and constraints;
// the detach functions reset those fields (chipmunk_structs.h: Debian's
// chipmunk-dev ships it) to what a new object has.
#include <chipmunk/chipmunk.h>
#include "chipmunk_teardown.h"

#include <stdlib.h>
#include <chipmunk/chipmunk_structs.h>

void cratebox_space_release(cpSpace *space) {
    free(space);  // cpSpaceFree is destroy + free; destroying twice would free twice
}

void cratebox_body_detach(cpBody *body) {
    body->space = NULL;           // the space is gone: cpSpaceAddBody asserts it is NULL
    body->arbiterList = NULL;     // its arbiters were freed with the space
    body->constraintList = NULL;  // re-adding a joint pushes it onto this list again
    body->shapeList = NULL;       // re-adding a shape pushes it onto this list again
    body->sleeping.root = NULL;   // sleeping components belonged to the space
    body->sleeping.next = NULL;
    body->sleeping.idleTime = 0.0;
}

void cratebox_shape_detach(cpShape *shape) {
    shape->space = NULL;          // cpSpaceAddShape asserts the shape is in no space
    shape->next = NULL;           // links in its body's shape list, rebuilt on re-adding
    shape->prev = NULL;
}

void cratebox_constraint_detach(cpConstraint *constraint) {
    constraint->space = NULL;     // cpSpaceAddConstraint asserts it is in no space
    constraint->next_a = NULL;    // links in its bodies' constraint lists, rebuilt on re-adding
    constraint->next_b = NULL;
}
