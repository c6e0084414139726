// The C side of what Chipmunk calls back into during a step: one-way
// platforms (a collision handler's pre-solve) and breakable joints (a
// constraint's post-solve and a post-step removal). C functions, so that no
// Swift closure is captured and nothing Swift runs inside cpSpaceStep.
// Chipmunk's types are only declared here: Swift takes Chipmunk's API from CChipmunk.
#ifndef CHIPMUNK_CALLBACKS_H
#define CHIPMUNK_CALLBACKS_H
struct cpSpace;
struct cpShape;
struct cpConstraint;
struct cpBody;
struct cpArbiter;
#include <stdint.h>

/// What cratebox keeps with each shape (its `userData`): the Swift object that
/// owns it, and for a one-way platform, the direction bodies may pass along.
typedef struct cratebox_shape_tag {
    void *owner;
    double oneWayX, oneWayY;
} cratebox_shape_tag;

/// What cratebox keeps with each joint (its `userData`): the Swift object that
/// owns it, and for a breakable joint, the force it breaks above (0: never).
typedef struct cratebox_joint_tag {
    void *owner;
    double breakForce;
} cratebox_joint_tag;

/// New tags (zeroed but for the owner), and freeing them.
cratebox_shape_tag *cratebox_shape_tag_new(void *owner);
void cratebox_shape_tag_free(cratebox_shape_tag *tag);
cratebox_joint_tag *cratebox_joint_tag_new(void *owner);
void cratebox_joint_tag_free(cratebox_joint_tag *tag);

/// One-way platforms, as Chipmunk's OneWay demo makes them:
/// `cpSpaceAddWildcardHandler(space, 1)` with a pre-solve that ignores a
/// contact when `cpvdot(cpArbiterGetNormal(arb), n) < 0`, `n` the one-way
/// direction of the handler's shape (the arbiter's first shape).
void cratebox_add_one_way_handler(struct cpSpace *space);

/// Makes `joint` breakable: after each solve, its force
/// (`cpConstraintGetImpulse / cpSpaceGetCurrentTimeStep`) over `breakForce`
/// removes it with a post-step callback, which also counts it as broken.
void cratebox_make_breakable(struct cpConstraint *joint, double breakForce);

/// The joints broken since the last call (removed from the space, not freed:
/// their owners free them), up to `capacity` of them into `out`; returns how
/// many. Call after each step until it returns fewer than `capacity`.
int cratebox_take_broken(struct cpSpace *space, struct cpConstraint **out, int capacity);

/// Frees what the space keeps for breakable joints (call before the space goes).
void cratebox_space_callbacks_free(struct cpSpace *space);

/// The one-way pre-solve and the breakable joints' post-solve, for the exact
/// copy of a space (which names them by tag), and how many broken joints
/// wait to be taken (a space is copied only when none do).
void *cratebox_one_way_pre_solve_function(void);
void *cratebox_breakable_post_solve_function(void);
int cratebox_broken_pending(struct cpSpace *space);

/// What a scene script's collision handlers call (docs/scene-format.md
/// 16.7), given once by the scripting module: each gets the script the
/// space names, the arbiter (its first shape the handler's first type), and
/// whether the handler is a wildcard one. Begin and pre-solve return whether
/// the contact goes on (1) or is ignored (0).
typedef struct cratebox_script_calls {
    int (*begin)(void *script, struct cpArbiter *arb, int wildcard);
    int (*preSolve)(void *script, struct cpArbiter *arb, int wildcard);
    void (*postSolve)(void *script, struct cpArbiter *arb, int wildcard);
    void (*separate)(void *script, struct cpArbiter *arb, int wildcard);
    /// A body's velocity and position functions (16.8): 0 when the script has
    /// none for it, and then Chipmunk's own integration runs.
    int (*velocity)(void *script, struct cpBody *body, double gx, double gy, double damping, double dt);
    int (*position)(void *script, struct cpBody *body, double dt);
    /// A joint's functions (16.10): a spring's force at a length, a rotary
    /// spring's torque at an angle (into `*out`; 0 when the script has none
    /// for it: Chipmunk's own formula then), and its pre- and post-solve.
    int (*springForce)(void *script, struct cpConstraint *joint, double length, double *out);
    int (*springTorque)(void *script, struct cpConstraint *joint, double angle, double *out);
    void (*jointPreSolve)(void *script, struct cpConstraint *joint);
    void (*jointPostSolve)(void *script, struct cpConstraint *joint);
} cratebox_script_calls;
void cratebox_set_script_calls(const cratebox_script_calls *calls);
/// The script this space's script handlers call (NULL: none: begin and
/// pre-solve go on, the others do nothing). 0 when out of memory.
int cratebox_space_set_script(struct cpSpace *space, void *script);
/// A handler for the types (a, b), or the wildcard handler of `a`, whose
/// slots in `slots` (1 begin, 2 pre-solve, 4 post-solve, 8 separate) call the
/// script; its other slots keep Chipmunk's defaults.
void cratebox_add_script_handler(struct cpSpace *space, uint64_t a, uint64_t b, int wildcard, int slots);
/// Gives a body the script's velocity function, position function, or both
/// (each 0: Chipmunk's own), which call the script its space names.
void cratebox_body_set_script_functions(struct cpBody *body, int velocity, int position);
/// Those two functions, for the exact copy of a space (which writes a body
/// with them as one with Chipmunk's own: its owner sets them again).
void cratebox_script_body_functions(void *out[2]);
/// Gives a joint the script's functions: a damped spring's force (`force`),
/// a damped rotary spring's torque (`torque`), its pre-solve and its
/// post-solve (each 0: Chipmunk's own, or none). A breakable joint's
/// post-solve is cratebox's: never given one here.
void cratebox_joint_set_script_functions(struct cpConstraint *joint, int force, int torque, int preSolve, int postSolve);
/// Those four functions, for the exact copy of a space (force, torque, pre-solve, post-solve).
void cratebox_script_joint_functions(void *out[4]);
/// The eight functions those slots hold (pair handlers' begin, pre-solve,
/// post-solve and separate, then wildcard handlers'), for the exact copy of a space.
void cratebox_script_handler_functions(void *pair[4], void *wildcard[4]);

#endif
