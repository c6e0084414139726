/*
 * The fixed input sets of scripts/check-math (harness.c and bench.c): a
 * seeded xorshift64* and the ranges that matter to each function. Every
 * build computes the same inputs bit for bit (only exact operations, and
 * no contraction: the same pragmas as the module).
 */
#ifndef CHECK_MATH_INPUTS_H
#define CHECK_MATH_INPUTS_H

#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#elif defined(__GNUC__)
#pragma GCC optimize("fp-contract=off")
#endif

#include <stdint.h>
#include <string.h>

#include "CrateboxMath.h"

enum { N_UNARY = 200000, N_BINARY = 200000 };

static uint64_t rng_state;

static void rng_seed(uint64_t seed) { rng_state = seed ? seed : 1; }

static uint64_t rng_next(void)
{
	uint64_t x = rng_state;
	x ^= x >> 12; x ^= x << 25; x ^= x >> 27;
	rng_state = x;
	return x * 0x2545F4914F6CDD1Dull;
}

static double from_bits(uint64_t u) { double x; __builtin_memcpy(&x, &u, 8); return x; }
static uint64_t to_bits(double x) { uint64_t u; __builtin_memcpy(&u, &x, 8); return u; }

/* [0, 1) in steps of 2^-53; [a, b). */
static double rng_unit(void) { return (double)(rng_next() >> 11) * 0x1p-53; }
static double rng_range(double a, double b) { return a + (b - a) * rng_unit(); }
static double rng_sign(double x) { return (rng_next() & 1) ? -x : x; }
static int64_t rng_int(int64_t lo, int64_t hi) { return lo + (int64_t)(rng_next() % (uint64_t)(hi - lo + 1)); }

/*
 * Each call of the generator stands in a statement of its own, or nested as
 * the only call in an argument list: C leaves the order in which arguments
 * and operands are evaluated open, and GCC and clang choose differently.
 */

/* A random significand with a random exponent in [e0, e1] (unbiased). */
static double rng_exp_range(int e0, int e1)
{
	uint64_t e = (uint64_t)(rng_int(e0, e1) + 1023);
	return from_bits(e << 52 | (rng_next() & 0x000FFFFFFFFFFFFFull));
}

/* x moved by d ulps (through the bits; crosses zero as bits do). */
static double nudge(double x, int d) { return from_bits(to_bits(x) + (uint64_t)(int64_t)d); }

static const double pio2_d = 0x1.921fb54442d18p+0;

static const uint64_t special_bits[] = {
	0x0000000000000000ull, 0x8000000000000000ull,	/* +-0 */
	0x7FF0000000000000ull, 0xFFF0000000000000ull,	/* +-inf */
	0x7FF8000000000000ull, 0xFFF8000000000000ull,	/* quiet NaNs */
	0x7FF0000000000001ull, 0xFFF4000000000000ull,	/* signaling NaNs */
	0x7FFFFFFFFFFFFFFFull, 0x7FF8DEADBEEF0001ull,	/* NaN payloads */
	0x0000000000000001ull, 0x8000000000000001ull,	/* smallest subnormals */
	0x000FFFFFFFFFFFFFull, 0x0010000000000000ull,	/* largest subnormal, smallest normal */
	0x7FEFFFFFFFFFFFFFull, 0xFFEFFFFFFFFFFFFFull,	/* +-DBL_MAX */
	0x3FF0000000000000ull, 0xBFF0000000000000ull,	/* +-1 */
	0x3FE0000000000000ull, 0xBFE0000000000000ull,	/* +-0.5 */
	0x4000000000000000ull, 0xC000000000000000ull,	/* +-2 */
	0x3FF0000000000001ull, 0x3FEFFFFFFFFFFFFFull,	/* 1 +- ulp */
	0x400921FB54442D18ull, 0x3FF921FB54442D18ull,	/* pi, pi/2 */
	0x3FE921FB54442D18ull, 0x7506AC5B262CA1FFull,	/* pi/4; 6381956970095103*2^797 (hardest reduction) */
};
enum { N_SPECIAL = sizeof special_bits / sizeof special_bits[0] };

/* The inputs every unary function gets: 170,000 of them. */
static void fill_common(double *a)
{
	int i = 0, k;

	for (k = 0; k < N_SPECIAL; k++) a[i++] = from_bits(special_bits[k]);
	for (k = 0; k < 40; k++) a[i++] = nudge(from_bits(special_bits[27]), k - 20);
	while (i < 40000) a[i++] = from_bits(rng_next());			/* any bits */
	while (i < 55000) a[i++] = rng_sign(rng_exp_range(-1022, -27));	/* |x| < 1e-8 */
	while (i < 85000) {						/* near multiples of pi/2 */
		int64_t m = (rng_next() & 1) ? rng_int(-64, 64) : rng_int(-2000000, 2000000);
		if (rng_next() % 8 == 0) m = rng_int(-(1ll << 40), 1ll << 40);
		a[i++] = nudge((double)m * pio2_d, (int)rng_int(-40, 40));
	}
	while (i < 115000) a[i++] = rng_range(-1e6, 1e6);
	while (i < 135000) a[i++] = rng_range(-10.0, 10.0);
	while (i < 150000) a[i++] = rng_sign(rng_exp_range(20, 997));	/* huge, up to ~1e300 */
	while (i < 160000) a[i++] = from_bits(rng_next() & 0x800FFFFFFFFFFFFFull);	/* subnormals */
	while (i < 170000) a[i++] = rng_sign(rng_exp_range(-27, 10));
}

/* 30,000 more inputs for the function called name: the ranges where it is hardest. */
static void fill_specific(const char *name, double *a)
{
	int i = 0;
	double b[4] = {1.0, 0.5, 0.975, 0.0};	/* asin/acos's breakpoints */

	if (!strcmp(name, "asin") || !strcmp(name, "acos")) {
		while (i < 20000) a[i++] = rng_range(-1.0, 1.0);
		while (i < 30000) {
			double base = b[rng_next() % 4];
			a[i++] = rng_sign(nudge(base, (int)rng_int(-3000, 3000)));
		}
	} else if (!strcmp(name, "exp")) {
		while (i < 20000) a[i++] = rng_range(-760.0, 720.0);
		while (i < 25000) a[i++] = nudge(0x1.62e42fefa39efp+9, (int)rng_int(-2000, 2000));
		while (i < 30000) {	/* subnormal results */
			double base = nudge(-0x1.74910d52d3051p+9, (int)rng_int(-2000, 2000));
			a[i++] = base + rng_range(0, 36);
		}
	} else if (!strcmp(name, "log") || !strcmp(name, "log2") || !strcmp(name, "log10")) {
		while (i < 10000) a[i++] = rng_exp_range(-1074 + 52, 1023);
		while (i < 20000) a[i++] = nudge(1.0, (int)rng_int(-100000, 100000));
		while (i < 25000) a[i++] = rng_range(0.5, 2.0);
		while (i < 30000) {	/* around sqrt(2)*2^k */
			double base = 0x1.6a09e667f3bcdp+0 * (double)(1 << rng_int(0, 20));
			a[i++] = nudge(base, (int)rng_int(-500, 500));
		}
	} else if (!strcmp(name, "sinh") || !strcmp(name, "cosh") || !strcmp(name, "tanh")) {
		while (i < 15000) a[i++] = rng_range(-725.0, 725.0);
		while (i < 20000) a[i++] = rng_sign(nudge(22.0, (int)rng_int(-1000, 1000)));
		while (i < 25000) {	/* where exp(|x|) and then sinh, cosh overflow */
			static const uint64_t edge[4] = {0x408633CE8FB9F87Dull, 0x408633CF00000000ull,
							 0x40862E4200000000ull, 0x40862E42FEFA39EFull};
			double base = from_bits(edge[rng_next() % 4]);
			a[i++] = rng_sign(nudge(base, (int)rng_int(-20000, 20000)));
		}
		while (i < 30000) a[i++] = rng_range(-2.0, 2.0);
	} else {	/* sin, cos, tan, sincos: around pi/4 and the reduction's breakpoints */
		while (i < 10000) a[i++] = rng_sign(nudge(0x1.921fb54442d18p-1, (int)rng_int(-5000, 5000)));
		while (i < 15000) a[i++] = rng_sign(nudge(0.6744, (int)rng_int(-5000, 5000)));
		while (i < 30000) a[i++] = rng_sign(rng_range(0.0, 0x1.921fb54442d18p+20 * 1.01));
	}
}

/* atan2's (y, x) pairs: all quadrants, zeros, infinities, NaNs, extreme ratios. */
static void fill_atan2(double *y, double *x)
{
	int i = 0, k, j;

	for (k = 0; k < N_SPECIAL; k++)
		for (j = 0; j < N_SPECIAL; j++) { y[i] = from_bits(special_bits[k]); x[i++] = from_bits(special_bits[j]); }
	while (i < 60000) { y[i] = rng_range(-1e3, 1e3); x[i++] = rng_range(-1e3, 1e3); }
	while (i < 90000) { y[i] = from_bits(rng_next()); x[i++] = from_bits(rng_next()); }
	while (i < 110000) { y[i] = rng_range(-2.0, 2.0); x[i++] = rng_range(-2.0, 2.0); }
	while (i < 130000) { y[i] = rng_sign(rng_exp_range(-1074 + 52, 1023)); x[i++] = rng_sign(rng_exp_range(-1074 + 52, 1023)); }
	while (i < 140000) { y[i] = rng_range(-1e6, 1e6); x[i++] = 1.0; }
	while (i < 160000) {	/* |y/x| around 2^60 and 2^-60 */
		double v = rng_sign(rng_range(0.5, 1.0)), s = rng_sign(rng_exp_range(56, 66));
		y[i] = v;
		x[i++] = (rng_next() & 1) ? v * s : v / s;
	}
	while (i < 170000) { y[i] = from_bits(rng_next() & 0x800FFFFFFFFFFFFFull); x[i++] = rng_range(-1.0, 1.0); }
	while (i < N_BINARY) { y[i] = rng_sign(rng_exp_range(-30, 30)); x[i++] = rng_sign(rng_exp_range(-30, 30)); }
}

/* pow's (x, y) pairs. */
static void fill_pow(double *x, double *y)
{
	int i = 0, k, j;

	for (k = 0; k < N_SPECIAL; k++)
		for (j = 0; j < N_SPECIAL; j++) { x[i] = from_bits(special_bits[k]); y[i++] = from_bits(special_bits[j]); }
	while (i < 50000) { x[i] = rng_range(0.0, 10.0); y[i++] = rng_range(-50.0, 50.0); }
	while (i < 70000) { x[i] = from_bits(rng_next()); y[i++] = from_bits(rng_next()); }
	while (i < 90000) {	/* negative x, integer y (odd and even, small and huge) */
		double m;
		x[i] = -rng_exp_range(-8, 8);
		if (rng_next() & 3) m = (double)rng_int(-300, 300);
		else {
			m = (double)rng_int(-(1ll << 53), 1ll << 53);
			m *= (double)(1 << rng_int(0, 12));
		}
		y[i++] = m;
	}
	while (i < 100000) { x[i] = -rng_range(0.0, 10.0); y[i++] = rng_range(-10.0, 10.0); }	/* non-integer y: NaN */
	while (i < 120000) {	/* x near 1, y up to huge (|y| > 2^31: pow.c's CRATEBOX: fix) */
		if (rng_next() & 1) x[i] = nudge(1.0, (int)rng_int(-100000, 100000));
		else x[i] = 1.0 + rng_range(-0x1p-21, 0x1p-20);
		y[i++] = rng_sign(rng_exp_range(0, 70));
	}
	while (i < 140000) {	/* y*log2(x) near 1024 and -1075: the over/underflow edges */
		double xx = rng_exp_range(-20, 20), l = cratebox_log2(xx), t = (rng_next() & 1) ? 1024.0 : -1075.0;
		if (l == 0.0) continue;
		double v = nudge(t / l, (int)rng_int(-3, 3));
		x[i] = xx; y[i++] = v * (1.0 + rng_range(-1e-12, 1e-12));
	}
	while (i < 150000) { x[i] = (double)rng_int(-40, 40); y[i++] = (double)rng_int(-40, 40); }	/* exact results */
	while (i < 160000) { x[i] = from_bits(rng_next() & 0x000FFFFFFFFFFFFFull); y[i++] = rng_range(-2.0, 2.0); }
	while (i < 170000) { x[i] = rng_range(0.0, 4.0); y[i++] = (double)(rng_int(-4, 4)) * 0.5; }
	while (i < N_BINARY) { x[i] = rng_exp_range(-1074 + 52, 1023); y[i++] = rng_range(-3.0, 3.0); }
}

#endif
