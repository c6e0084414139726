// The one checked way to change a Chipmunk body, joint, shape or arbiter
// (issue 49): the Lua bindings (ScriptSandbox) and CrateboxPhysics' Swift
// setters call these, never Chipmunk's setters. Each checks what Chipmunk
// would assert on or be broken by (a number out of its range, a body of the
// wrong kind, waking a sleeping body inside Chipmunk's step, a position past
// the spatial hash's cells) in one fixed order, and changes nothing when it
// refuses; the caller says the refusal in its own words. Chipmunk's types are
// only declared here: Swift takes Chipmunk's API from CChipmunk.
#ifndef CHIPMUNK_SURFACE_H
#define CHIPMUNK_SURFACE_H
#include <stdint.h>
struct cpBody;
struct cpShape;
struct cpConstraint;
struct cpArbiter;

/// Why a change was refused (SURFACE_DONE: it was made).
typedef enum surface_refusal {
    SURFACE_DONE = 0,
    /// The body is not dynamic, and only a dynamic body takes this.
    SURFACE_NOT_DYNAMIC,
    /// The body is static, and only a dynamic or kinematic one takes this.
    SURFACE_STATIC,
    /// The change wakes a sleeping body (`asleep`) inside Chipmunk's step, which breaks its contact graph.
    SURFACE_ASLEEP_IN_STEP,
    /// Number `number` (from 0, in the order the function takes them) is outside its range.
    SURFACE_OUT_OF_RANGE,
    /// The body would go to `to`, farther than `limit` points from the origin
    /// (its shapes' reach counted), past where the spatial hash numbers its cells.
    SURFACE_PAST_HASH,
    /// The joint is not of a kind that has this number.
    SURFACE_NOT_THIS_KIND,
    /// Contact `number` is not one of the arbiter's.
    SURFACE_NO_CONTACT,
    /// Chipmunk is stepping (its space is locked), and this is a change only made between steps.
    SURFACE_IN_STEP,
    /// A dynamic body would have no mass or no moment from its shapes (none given).
    SURFACE_NO_MASS,
    /// A dynamic body would have `number` shapes, more than SURFACE_MAX_DYNAMIC_SHAPES.
    SURFACE_TOO_MANY_SHAPES,
    /// `joint` would be left with no dynamic end (or, turning, with no end that turns): Chipmunk cannot solve it.
    SURFACE_JOINED,
    /// The springs on `loaded` would be too stiff for their bodies (section 8's load over 1, and higher than it was).
    SURFACE_TOO_STIFF,
} surface_refusal;

/// What a change did: done, or why not, with what the refusal names.
typedef struct surface_result {
    surface_refusal refusal;
    int number;
    struct cpBody *asleep;
    double toX, toY, limit;
    struct cpConstraint *joint;
    struct cpBody *loaded;
    /// How many springs' loads were figured (16.11.1), done or refused: a script is charged for them.
    long long work;
} surface_result;

/// Which kinds of body a change is for (a mask), and SURFACE_FINITE_ONLY: its
/// numbers need only be finite, not within SURFACE_MAX_VALUE (the Swift owners'
/// contract: a world's own numbers, an animated body's velocity towards its track, are not held to a script's bounds).
enum { SURFACE_DYNAMIC = 1, SURFACE_KINEMATIC = 2, SURFACE_STATIC_TOO = 4, SURFACE_FINITE_ONLY = 8 };

/// The ranges the surface holds numbers to.
#define SURFACE_MAX_VALUE 1e30          /* velocities, positions, angles, forces, points: finite and within this */
#define SURFACE_MAX_UPDATE_GRAVITY 1e12 /* updateVelocity's gravity */
#define SURFACE_MAX_FRICTION 1e30       /* a shape's friction: 0 to this */
#define SURFACE_MAX_ELASTICITY 1.0      /* a shape's elasticity, an arbiter's restitution: 0 to this (a scene's; past 1 a contact gains energy) */
#define SURFACE_MIN_MASS 1e-6           /* a body's mass and moment: at least this (a scene's) */
#define SURFACE_MAX_MASS 1e12           /* a body's mass: at most this (a scene's) */
#define SURFACE_MAX_DYNAMIC_SHAPES 1000 /* a dynamic body's shapes: at most this (a scene's) */

// --- Bodies. `hashCell` is the space's spatial hash cell size (0: a bounding-box tree).
surface_result surface_body_set_velocity(struct cpBody *body, int kinds, double x, double y);
surface_result surface_body_set_angular_velocity(struct cpBody *body, int kinds, double w);
surface_result surface_body_set_position(struct cpBody *body, int kinds, double x, double y, double hashCell);
surface_result surface_body_set_angle(struct cpBody *body, int kinds, double angle);
/// An impulse or force (x, y) at a world point (`at`, two numbers; NULL: the body's position,
/// taken as it is); a dynamic body's only.
surface_result surface_body_apply_impulse(struct cpBody *body, double x, double y, const double *at);
surface_result surface_body_apply_force(struct cpBody *body, double x, double y, const double *at);
/// Chipmunk's own integration (cpBodyUpdateVelocity, cpBodyUpdatePosition), for a velocity or
/// position function: gravity within SURFACE_MAX_UPDATE_GRAVITY, damping from 0 to 1, dt from 0 to
/// `mostDt` (the dt Chipmunk gave the function).
surface_result surface_body_update_velocity(struct cpBody *body, double gx, double gy, double damping, double dt, double mostDt);
surface_result surface_body_update_position(struct cpBody *body, double dt, double mostDt, double hashCell);
/// Wakes the body and what touches it (cpBodyActivate).
surface_result surface_body_activate(struct cpBody *body, int kinds);
/// A dynamic body's mass (SURFACE_MIN_MASS to SURFACE_MAX_MASS) and moment (SURFACE_MIN_MASS to
/// SURFACE_MAX_VALUE: never infinite, which a turning joint to the world could not solve); both wake it.
surface_result surface_body_set_mass(struct cpBody *body, double mass);
surface_result surface_body_set_moment(struct cpBody *body, double moment);
/// The body's type (cpBodySetType; `kind` one of SURFACE_DYNAMIC, SURFACE_KINEMATIC,
/// SURFACE_STATIC_TOO), between steps only. To dynamic: at most SURFACE_MAX_DYNAMIC_SHAPES
/// shapes, and its mass and moment are its shapes' (Chipmunk's cpBodyAccumulateMassFromShapes),
/// or `massAndMoment` (two numbers, set after, each with cpBodySetMass's and cpBodySetMoment's
/// ranges: numbers 0 and 1) when given; without them, shapes that give no mass or no moment are
/// refused. To static or kinematic: each of its joints keeps a dynamic end, and a turning
/// one (gear, motor, rotary limit, ratchet, rotary spring) an end that turns (finite moment).
/// Before the change, leaving dynamic wakes the body (cpBodyActivate: cpBodySetType's own comes
/// too late to wake a sleeper); leaving static wakes the bodies that rest on it
/// (cpBodyActivateStatic, which cpBodySetType leaves out) and then those its joints hold
/// (cpBodyActivate on each dynamic other end, cpBodyEachConstraint's order). The same type
/// without numbers changes nothing. `lettingGo` (or NULL) is a joint the caller takes out
/// right after, before any step (the grab's): it is not checked.
surface_result surface_body_set_type(struct cpBody *body, int kind, const double *massAndMoment, const struct cpConstraint *lettingGo);

// --- Springs' loads (docs/scene-format.md 16.11.1): a body's load is the sum, over the springs
// and rotary springs on it (cpBodyEachConstraint's order), of stiffness * k * dt^2 (dt = 1/120),
// k from both ends' inverse mass and inverse moment about the centre of gravity as they are now,
// each anchor taken from that centre (section 8's formula; 0 and 0 for a body that is not dynamic). A change that leaves a body's load over 1 and
// higher than it was is refused (SURFACE_TOO_STIFF, `loaded` the body): the body changed and the
// other ends of its springs are checked, in that order; the space's own static body never is.
/// A body's inverse mass, its inverse moment about its centre of gravity and that centre (body
/// coordinates), as Chipmunk weighs a spring's ends.
typedef struct surface_inverse { double mass, moment, cogX, cogY; } surface_inverse;
/// As the body is now (0 and 0 unless it is dynamic; an infinite moment's inverse is 0).
surface_inverse surface_inverse_of(const struct cpBody *body);
/// With this mass, moment (about the centre of gravity) and centre of gravity.
surface_inverse surface_inverse_with(double mass, double moment, double cogX, double cogY);
/// Whether `body` may take `inverse` (a mass, moment or type it is about to get).
surface_result surface_loads_with_body(struct cpBody *body, surface_inverse inverse);
/// Whether `spring` may take `stiffness`.
surface_result surface_loads_with_stiffness(struct cpConstraint *spring, double stiffness);
/// Whether `spring`, made between its bodies and not yet in the space, may be added: a body's
/// load now plus the spring's, over 1, is refused (anything else is not a spring and fits).
surface_result surface_spring_fits(const struct cpConstraint *spring);
/// A body's load now.
double surface_body_load(struct cpBody *body);

// --- Joints.
/// The most force the joint applies: 0 or more (infinity: no limit).
surface_result surface_joint_set_max_force(struct cpConstraint *joint, double force);
/// The numbers of a joint's kind, each with its scene's range.
typedef enum surface_joint_number {
    SURFACE_REST_LENGTH,  /* a spring's: 0 to 1e6 */
    SURFACE_REST_ANGLE,   /* a rotary spring's: -1e6 to 1e6 */
    SURFACE_RATE,         /* a motor's: -1e6 to 1e6 */
    SURFACE_DISTANCE,     /* a pin's: 0 to 1e6 */
    SURFACE_STIFFNESS,    /* a spring's or rotary spring's: 0 to 1e12 */
    SURFACE_DAMPING,      /* a spring's or rotary spring's: 0 to 1e12 */
    SURFACE_MIN,          /* a slide's (0 to its max) or rotary limit's (-1e6 to its max) */
    SURFACE_MAX,          /* a slide's (its min to 1e6) or rotary limit's (its min to 1e6) */
    SURFACE_RATIO,        /* a gear's: -1e6 to 1e6, at least 1e-6 either way */
    SURFACE_PHASE,        /* a gear's: -1e6 to 1e6 */
} surface_joint_number;
/// Whether `joint` has `which`, its value now, and its range.
int surface_joint_has(const struct cpConstraint *joint, surface_joint_number which);
double surface_joint_get(const struct cpConstraint *joint, surface_joint_number which);
void surface_joint_range(const struct cpConstraint *joint, surface_joint_number which, double *lo, double *hi);
surface_result surface_joint_set(struct cpConstraint *joint, surface_joint_number which, double value);
/// A groove's end (`end` 0: grooveA, 1: grooveB) on body a: x and y within ±1e6 (the
/// refusal's number: which), the groove at least SURFACE_MIN_GROOVE long (number 2), as in a scene.
#define SURFACE_MIN_GROOVE 0.001
surface_result surface_joint_set_groove(struct cpConstraint *joint, int end, double x, double y);

// --- Shapes: friction and elasticity from 0 to SURFACE_MAX_FRICTION; a surface velocity within SURFACE_MAX_VALUE.
surface_result surface_shape_set_friction(struct cpShape *shape, double friction);
surface_result surface_shape_set_elasticity(struct cpShape *shape, double elasticity);
surface_result surface_shape_set_surface_velocity(struct cpShape *shape, double x, double y);
surface_result surface_shape_set_sensor(struct cpShape *shape, int sensor);
/// A script's collision type (its name's number, above 1); refused (not this kind) for a one-way platform's shape.
surface_result surface_shape_set_collision_type(struct cpShape *shape, uint64_t type);
/// A filter: group 0 to 2^31-1, categories and mask 0 to 2^32-1 (the refusal's index: which is out of range).
surface_result surface_shape_set_filter(struct cpShape *shape, long long group, long long categories, long long mask);

// --- Arbiters, inside a collision callback: numbers within SURFACE_MAX_VALUE.
surface_result surface_arbiter_set_restitution(struct cpArbiter *arb, double restitution);
surface_result surface_arbiter_set_friction(struct cpArbiter *arb, double friction);
surface_result surface_arbiter_set_surface_velocity(struct cpArbiter *arb, double x, double y);
/// Contact `i`'s (from 1) points on each shape, the arbiter's first shape's first
/// (as cpArbiterSetContactPointSet sets them; the other contacts untouched to the bit).
surface_result surface_arbiter_set_point(struct cpArbiter *arb, int i, double ax, double ay, double bx, double by);
#endif
