// Bodies read and pushed past Chipmunk's public API, or in bulk (body_access.c).
// Chipmunk's types are only declared here: Swift takes Chipmunk's API from CChipmunk.
#ifndef CHIPMUNK_BODIES_H
#define CHIPMUNK_BODIES_H
struct cpBody;
struct cpShape;
struct cpConstraint;

/// Water's and planets' pushes, for the coming step (docs/replay-format.md,
/// "Water and planets"): `cpBodyApplyForceAtWorldPoint(body, (fx, fy), (px, py))`
/// and `cpBodySetAngularVelocity(body, w * factor)` without their
/// `cpBodyActivate`, which resets the body's idle time: a body pushed every
/// step through Chipmunk's setters could never fall asleep, even at rest.
void cratebox_body_push(struct cpBody *body, double fx, double fy, double px, double py);

/// The shapes, and the joints, on a body's own lists in Chipmunk (those in a
/// space): up to `capacity` written to `out`; returns how many there are in
/// all (call again with more room if that is more).
int cratebox_body_shapes(struct cpBody *body, struct cpShape **out, int capacity);
int cratebox_body_constraints(struct cpBody *body, struct cpConstraint **out, int capacity);
void cratebox_body_scale_spin(struct cpBody *body, double factor);

/// Each body's position and angle, three doubles a body (x, y, angle), into
/// `out`; a null body writes three zeros. One pass in C: the window reads
/// every body's pose after every step.
void cratebox_bodies_poses(struct cpBody *const *bodies, int count, double *out);
#endif
