/*
 * scripts/check-math's interposition check: in an executable linked with
 * CrateboxMath and libm_names.c, Debian's libchipmunk.so must get
 * CrateboxMath's functions for its own calls. cpBodySetAngle computes the
 * rotation (cos, sin) inside libchipmunk.so (GCC made it one sincos call
 * there), and cpSpaceStep multiplies a body's velocity by pow(damping, dt):
 * both must equal the cratebox_ functions bit for bit on every input, and
 * glibc's own (found with dlsym(RTLD_NEXT, ...)) must differ on some, or the
 * check would prove nothing. Exit status 1 if either fails.
 */
#define _GNU_SOURCE
#include <chipmunk/chipmunk.h>
#include <dlfcn.h>
#include <stdio.h>

#include "inputs.h"

int main(void)
{
	void (*glibc_sincos)(double, double *, double *) = (void (*)(double, double *, double *))dlsym(RTLD_NEXT, "sincos");
	double (*glibc_pow)(double, double) = (double (*)(double, double))dlsym(RTLD_NEXT, "pow");
	cpSpace *space = cpSpaceNew();
	cpBody *body = cpSpaceAddBody(space, cpBodyNew(1.0, 1.0));
	long n = 20000, wrong_rot = 0, wrong_pow = 0, glibc_rot = 0, glibc_pow_diff = 0, i;

	if (!glibc_sincos || !glibc_pow) { fprintf(stderr, "interpose: no glibc sincos/pow\n"); return 1; }
	rng_seed(7);
	cpSpaceSetGravity(space, cpvzero);
	for (i = 0; i < n; i++) {
		double a = rng_range(-1000.0, 1000.0), s, c, gs, gc;
		cpVect rot;

		cpBodySetAngle(body, a);
		rot = cpBodyGetRotation(body);
		cratebox_sincos(a, &s, &c);
		glibc_sincos(a, &gs, &gc);
		wrong_rot += to_bits(rot.x) != to_bits(c) || to_bits(rot.y) != to_bits(s);
		glibc_rot += to_bits(gc) != to_bits(c) || to_bits(gs) != to_bits(s);
	}
	for (i = 0; i < n; i++) {
		double d = rng_range(0.01, 1.0), dt = rng_range(1e-3, 0.1);

		cpSpaceSetDamping(space, d);
		cpBodySetVelocity(body, cpv(1.0, 0.0));
		cpSpaceStep(space, dt);
		wrong_pow += to_bits(cpBodyGetVelocity(body).x) != to_bits(cratebox_pow(d, dt));
		glibc_pow_diff += to_bits(glibc_pow(d, dt)) != to_bits(cratebox_pow(d, dt));
	}
	cpSpaceRemoveBody(space, body);
	cpBodyFree(body);
	cpSpaceFree(space);
	printf("  libchipmunk.so: rotation (sincos) %ld/%ld and damping (pow) %ld/%ld from CrateboxMath; "
	       "glibc would differ on %ld and %ld\n", n - wrong_rot, n, n - wrong_pow, n, glibc_rot, glibc_pow_diff);
	if (wrong_rot || wrong_pow) return 1;
	if (!glibc_rot || !glibc_pow_diff) {
		fprintf(stderr, "interpose: glibc agreed everywhere; the check proves nothing\n");
		return 1;
	}
	return 0;
}
