// Damages a live space the ways a hostile state file could describe one, so
// that the tests can write it with the real writer and check that the reader
// refuses it (a state's SHA-256 stops accidents, not someone who recomputes
// it). Each change is undone before the space is stepped or freed. Tests only.
#ifndef SNAPSHOT_TAMPER_H
#define SNAPSHOT_TAMPER_H
struct cpSpace;
struct cpBody;

typedef enum snapshot_tamper_kind {
    /// A sleeping body's arbiter whose contacts point into a contact buffer
    /// (Chipmunk frees a sleeping arbiter's contacts when the body wakes).
    SNAPSHOT_TAMPER_SLEEPING_CONTACTS_IN_BUFFER = 1,
    /// An awake body's arbiter whose contacts are in memory of their own.
    SNAPSHOT_TAMPER_AWAKE_CONTACTS_OF_THEIR_OWN = 2,
    /// The body's first shape in the other spatial index (the static one
    /// for an awake body, the dynamic one for a sleeping or static body).
    SNAPSHOT_TAMPER_SHAPE_IN_THE_OTHER_INDEX = 3,
    /// The space's default handler's begin callback Chipmunk's default one,
    /// which calls wildcard handlers the space does not use (a null one then).
    SNAPSHOT_TAMPER_DEFAULT_BEGIN_WITHOUT_WILDCARDS = 4,
    /// The space's default handler's pre-solve callback null.
    SNAPSHOT_TAMPER_NULL_PRE_SOLVE = 5,
    /// The body's transform not a number (derived on reading: harmless).
    SNAPSHOT_TAMPER_TRANSFORM_NOT_A_NUMBER = 6,
    /// The body's position not a number.
    SNAPSHOT_TAMPER_POSITION_NOT_A_NUMBER = 7,
    /// The body's first shape, a polygon, with a negative radius.
    SNAPSHOT_TAMPER_NEGATIVE_POLYGON_RADIUS = 8,
    /// The body's first shape, a polygon, with two vertices swapped.
    SNAPSHOT_TAMPER_POLYGON_NOT_CONVEX = 9,
    /// A million solver iterations.
    SNAPSHOT_TAMPER_A_MILLION_ITERATIONS = 10,
    /// The body's first arbiter still on its bodies' lists but out of the space's arbiters.
    SNAPSHOT_TAMPER_THREADED_ARBITER_OUT_OF_THE_ARRAY = 11,
    /// The sleeping body's arbiter also in the space's arbiters.
    SNAPSHOT_TAMPER_SLEEPING_ARBITER_IN_THE_ARRAY = 12,
    /// Sleeping turned off while a body sleeps.
    SNAPSHOT_TAMPER_SLEEPING_OFF = 13,
    /// A kinematic body idle for a long time (Chipmunk never counts one idle:
    /// it would put it to sleep, and abort deactivating a non-dynamic body).
    SNAPSHOT_TAMPER_KINEMATIC_IDLE = 14,
} snapshot_tamper_kind;

typedef struct snapshot_tamper {
    snapshot_tamper_kind kind;
    void *object;  // the arbiter, shape or body changed
    void *saved;   // the arbiter's own contacts; the space's arbiters as they were
    double number; // the number changed
    void *callback; // the callback changed
} snapshot_tamper;

/// Makes the change on `body`: 1 if made, 0 if the body has nothing to change.
int snapshot_tamper_apply(struct cpSpace *space, struct cpBody *body, snapshot_tamper_kind kind, snapshot_tamper *out);
/// Puts back what `snapshot_tamper_apply` changed.
void snapshot_tamper_undo(struct cpSpace *space, snapshot_tamper *tamper);
/// Rebuilds the static bounding-box tree as a spine, one leaf a level (a
/// tree Chipmunk's recursive queries would overflow the stack on, when deep
/// enough); it stays a true tree. The space must use trees (not a spatial hash). Returns its depth.
int snapshot_tamper_static_spine(struct cpSpace *space);
/// Sets both spatial hashes' cell size (their cells stay where they are).
void snapshot_tamper_cell_size(struct cpSpace *space, double size);
#endif
