// The contact listener (contact_listener.c): what a step's contacts sound like,
// read off the space's arbiters. Chipmunk's types are only declared here.
#ifndef CHIPMUNK_LISTENER_H
#define CHIPMUNK_LISTENER_H
struct cpSpace;
struct cpShape;

/// What a step's contacts sound like: a contact that began in the step, or
/// one whose normal impulse jumped since the step before. Read after
/// cpSpaceStep; the listener remembers each awake contact's impulse for the
/// next step (by the arbiter's address, only ever looked up).
typedef struct cratebox_onset {
    const struct cpShape *a, *b;  // the arbiter's shapes, in its order
    double impulse;               // the normal impulse of the step, summed over the contact points
    double previous;              // the step before's (0: the contact began)
    double speed;                 // (impulse - previous) times the sum of the bodies' inverse masses: how fast they met
    double x, y;                  // the first contact point, in world coordinates
} cratebox_onset;

typedef struct cratebox_listener cratebox_listener;
cratebox_listener *cratebox_listener_new(void);
void cratebox_listener_free(cratebox_listener *listener);
/// Forgets the impulses remembered (the space was rebuilt or read back: its arbiters are new).
void cratebox_listener_forget(cratebox_listener *listener);
/// The onsets of the step just taken, in the space's arbiter order, whose
/// speed is at least `leastSpeed`: contacts that began, and contacts whose
/// impulse is over `jump` times the last step's. Writes up to `capacity` to
/// `out` and returns how many there were in all.
int cratebox_listen(cratebox_listener *listener, struct cpSpace *space, double leastSpeed, double jump,
                    cratebox_onset *out, int capacity);
#endif
