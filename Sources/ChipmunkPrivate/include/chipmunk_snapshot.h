// The exact copy of a Chipmunk 7.0.3 space, as bytes (see snapshot_write.c and
// snapshot_read.c): everything a step reads, so that stepping the copy is
// bit-identical to stepping the original, forever. Chipmunk's types are only
// declared here: Swift takes Chipmunk's API from CChipmunk.
#ifndef CHIPMUNK_SNAPSHOT_H
#define CHIPMUNK_SNAPSHOT_H
#include <stddef.h>
#include <stdint.h>
struct cpSpace;
struct cpBody;
struct cpShape;
struct cpConstraint;

/// NULL when this Chipmunk build is the one the copier is written for
/// (7.0.3, with the private layouts it declares); else why not, in one line.
/// Checked once, on first use.
const char *cratebox_snapshot_check(void);

/// Bytes made by the writer (free with cratebox_snapshot_bytes_free).
typedef struct cratebox_snapshot_bytes {
    uint8_t *data;
    size_t count;
} cratebox_snapshot_bytes;
void cratebox_snapshot_bytes_free(cratebox_snapshot_bytes *bytes);

/// Writes the whole space. `bodies`, `shapes` and `joints` name every body
/// (but the space's own static body), shape and joint of the space, in the
/// order the reader gives them back; `joints` may also hold joints out of the
/// space whose bodies are listed (kept with their data, out of the space).
/// Only between steps, with no broken joint waiting. NULL on success, else why not.
const char *cratebox_snapshot_write(struct cpSpace *space,
                                    struct cpBody *const *bodies, int bodyCount,
                                    struct cpShape *const *shapes, int shapeCount,
                                    struct cpConstraint *const *joints, int jointCount,
                                    cratebox_snapshot_bytes *out);

/// What the reader made: a new space and its objects, in the writer's order
/// (free the three lists, not what they hold, with cratebox_restored_free_lists).
/// Shapes and joints carry new cratebox tags (owner NULL: the caller sets it).
typedef struct cratebox_restored {
    struct cpSpace *space;
    struct cpBody **bodies;
    int bodyCount;
    struct cpShape **shapes;
    int shapeCount;
    struct cpConstraint **joints;
    int jointCount;
} cratebox_restored;

/// Reads bytes the writer made. The bytes are checked whole before anything
/// is built: NULL on success, else what is wrong (nothing is left allocated).
const char *cratebox_snapshot_read(const uint8_t *data, size_t count, cratebox_restored *out);
void cratebox_restored_free_lists(cratebox_restored *restored);

/// A shape's kind as Chipmunk's class says (0 circle, 1 segment, 2 polygon),
/// which its public API does not tell: the reader's caller checks what it
/// keeps about each shape against it.
int cratebox_snapshot_shape_type(const struct cpShape *shape);

/// NULL when a space read back (`read`) has the settings of one made afresh
/// from its scene (`made`): solver settings, collision handlers, spatial index;
/// else which differ, in a line. (Gravity is left out: tilting changes it.)
const char *cratebox_snapshot_settings_differ(const struct cpSpace *read, const struct cpSpace *made);

/// NULL when a joint read back (`read`) has the kind, anchors and shape of one
/// made afresh from its scene entry (`made`); else what differs. What a session
/// changes (caches, a motor's rate, a winch's rope length) is not compared,
/// nor, when `scripted`, what a scene's script may set (a pin's distance, a
/// spring's and a rotary spring's parameters).
const char *cratebox_snapshot_joint_differs(const struct cpConstraint *read, const struct cpConstraint *made, int scripted);

/// In a space with a spatial hash: an awake body that a step of `dt` would
/// carry (with one of its shapes) farther than 2^30 cells from the origin,
/// where Chipmunk's cell numbers overflow and its rehash takes practically
/// forever; else NULL (always NULL for a bounding-box tree).
const struct cpBody *cratebox_hash_far_body(const struct cpSpace *space, double dt);
#endif
