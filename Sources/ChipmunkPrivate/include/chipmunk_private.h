// What cratebox reads or writes of Chipmunk 7.0.3 past its public API, for code
// outside this target: the few fields the checked surface (ChipmunkSurface)
// needs. This target is the one that includes chipmunk_structs.h; its probe
// (snapshot_probe.c) checks the layouts it re-declares.
#ifndef CHIPMUNK_PRIVATE_H
#define CHIPMUNK_PRIVATE_H
struct cpBody;
struct cpArbiter;
struct cpShape;

/// Where cpBodyUpdatePosition would put `body` after `dt`: p + (v + v_bias) dt.
void cratebox_body_next_position(const struct cpBody *body, double dt, double *x, double *y);
/// The arbiter's contacts (its own count, which cpArbiterGetCount hides for a cached arbiter).
int cratebox_arbiter_contact_count(const struct cpArbiter *arb);
/// Whether the arbiter's shapes are in the other order than the collision handler's types.
int cratebox_arbiter_swapped(const struct cpArbiter *arb);
/// Contact `i`'s (from 0) points on each shape, the first shape's first, as
/// cpArbiterSetContactPointSet sets them (anchors relative to the bodies' positions).
void cratebox_arbiter_set_points(struct cpArbiter *arb, int i, double ax, double ay, double bx, double by);
/// The shape's number in the spatial index (cpShape's hashid): the order its queries are kept in.
unsigned long cratebox_shape_hash_id(const struct cpShape *shape);
/// Whether the shape is a polygon (a box is one), which Chipmunk's API does not tell.
int cratebox_shape_is_polygon(const struct cpShape *shape);
#endif
