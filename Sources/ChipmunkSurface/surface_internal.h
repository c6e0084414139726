// What the surface's files share.
#ifndef SURFACE_INTERNAL_H
#define SURFACE_INTERNAL_H
#include "chipmunk_surface.h"

surface_result surface_done(void);
surface_result surface_refused(surface_refusal refusal, int number);
surface_result surface_asleep(struct cpBody *body);
/// Whether v is from lo to hi (NaN is not).
int surface_within(double v, double lo, double hi);
/// Whether changing `body` would wake it inside Chipmunk's step (its space locked, it asleep).
int surface_wakes_asleep(const struct cpBody *body);
#endif
