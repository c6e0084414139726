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
} snapshot_tamper_kind;

typedef struct snapshot_tamper {
    snapshot_tamper_kind kind;
    void *object;  // the arbiter or the shape changed
    void *saved;   // the arbiter's own contacts
} snapshot_tamper;

/// Makes the change on `body`: 1 if made, 0 if the body has nothing to change.
int snapshot_tamper_apply(struct cpSpace *space, struct cpBody *body, snapshot_tamper_kind kind, snapshot_tamper *out);
/// Puts back what `snapshot_tamper_apply` changed.
void snapshot_tamper_undo(struct cpSpace *space, snapshot_tamper *tamper);
#endif
