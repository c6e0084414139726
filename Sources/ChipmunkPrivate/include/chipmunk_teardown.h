// Tearing a whole space down in time linear in its size (see chipmunk_teardown.c).
// Chipmunk's types are only declared here, so that Swift takes Chipmunk's API
// from the CChipmunk module alone.
#ifndef CHIPMUNK_TEARDOWN_H
#define CHIPMUNK_TEARDOWN_H
struct cpSpace;
struct cpBody;
struct cpShape;
struct cpConstraint;

/// Frees a space's own memory after cpSpaceDestroy (which freed what it
/// allocated, leaving its bodies, shapes and constraints to their owners).
void cratebox_space_release(struct cpSpace *space);
/// A body, shape or constraint of a space destroyed that way, made as clean
/// as a new one, so that it can join another space.
void cratebox_body_detach(struct cpBody *body);
void cratebox_shape_detach(struct cpShape *shape);
void cratebox_constraint_detach(struct cpConstraint *constraint);
#endif
