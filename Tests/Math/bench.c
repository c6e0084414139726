/*
 * scripts/check-math's speed table: nanoseconds per call of each
 * CrateboxMath function and of glibc's, on typical arguments (4096 seeded
 * inputs in the range each function is mostly called with, cycled). Built
 * without libm_names.c, so that sin & co. are glibc's here. Only printed.
 */
#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stdio.h>
#include <time.h>

#include "inputs.h"

enum { M = 4096, ROUNDS = 150 };
static double xs[M], ys[M];
static volatile uint64_t sink;

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static double time_unary(double (*f)(double))
{
	uint64_t acc = 0;
	double t0 = now();
	for (int r = 0; r < ROUNDS; r++)
		for (int i = 0; i < M; i++) acc += to_bits(f(xs[i]));
	sink = acc;
	return (now() - t0) / (ROUNDS * M);
}

static double time_binary(double (*f)(double, double))
{
	uint64_t acc = 0;
	double t0 = now();
	for (int r = 0; r < ROUNDS; r++)
		for (int i = 0; i < M; i++) acc += to_bits(f(xs[i], ys[i]));
	sink = acc;
	return (now() - t0) / (ROUNDS * M);
}

void sincos(double, double *, double *);	/* glibc's (a GNU extension, not declared under -std=c11) */

static void cb_sincos(double x, double *s, double *c) { cratebox_sincos(x, s, c); }
static void (*volatile sincos_cb)(double, double *, double *) = cb_sincos;
static void (*volatile sincos_glibc)(double, double *, double *) = sincos;
static double sum_cb(double x) { double s, c; sincos_cb(x, &s, &c); return s + c; }
static double sum_glibc(double x) { double s, c; sincos_glibc(x, &s, &c); return s + c; }

static void fill(double lo, double hi)
{
	for (int i = 0; i < M; i++) xs[i] = rng_range(lo, hi);
}

static void row(const char *name, double cb, double glibc)
{
	printf("  %-6s %6.1f ns  glibc %6.1f ns  (x%.2f)\n", name, cb, glibc, cb / glibc);
}

int main(void)
{
	static const struct { const char *name; double (*cb)(double), (*gl)(double); double lo, hi; } u[] = {
		{"sin", cratebox_sin, sin, -10, 10}, {"cos", cratebox_cos, cos, -10, 10},
		{"tan", cratebox_tan, tan, -10, 10}, {"asin", cratebox_asin, asin, -1, 1},
		{"acos", cratebox_acos, acos, -1, 1}, {"exp", cratebox_exp, exp, -20, 20},
		{"log", cratebox_log, log, 0, 1000}, {"log2", cratebox_log2, log2, 0, 1000},
		{"log10", cratebox_log10, log10, 0, 1000}, {"sinh", cratebox_sinh, sinh, -10, 10},
		{"cosh", cratebox_cosh, cosh, -10, 10}, {"tanh", cratebox_tanh, tanh, -10, 10},
	};
	rng_seed(42);
	for (unsigned k = 0; k < sizeof u / sizeof u[0]; k++) {
		fill(u[k].lo, u[k].hi);
		row(u[k].name, time_unary(u[k].cb), time_unary(u[k].gl));
	}
	fill(-10, 10);
	row("sincos", time_unary(sum_cb), time_unary(sum_glibc));
	fill(-10, 10);
	for (int i = 0; i < M; i++) ys[i] = rng_range(-10, 10);
	row("atan2", time_binary(cratebox_atan2), time_binary(atan2));
	fill(0, 10);
	for (int i = 0; i < M; i++) ys[i] = rng_range(-10, 10);
	row("pow", time_binary(cratebox_pow), time_binary(pow));
	return 0;
}
