// What a space's userData points at (made when first needed): the joints
// broken and not yet taken, and the scene script that handles the space's
// script collision handlers (NULL: none, and those handlers do what
// Chipmunk's defaults do).
#ifndef CALLBACKS_INTERNAL_H
#define CALLBACKS_INTERNAL_H
#include <chipmunk/chipmunk.h>

typedef struct space_extras {
    cpConstraint **joints;
    int count, capacity;
    void *script;
} space_extras;
#endif
