/*
 * scripts/check-math's harness: runs every CrateboxMath function over its
 * fixed input set (inputs.h, ~200,000 inputs each) and prints, per
 * function, an FNV-1a 64 digest of the result bits. Builds that print the
 * same digests computed the same bits. Also checks, on every input, that
 * cratebox_sincos gives exactly cratebox_sin and cratebox_cos, that the C
 * library's names (libm_names.c, linked in) give exactly the cratebox_
 * functions, and that every NaN is the canonical 0x7FF8000000000000.
 * Exit status 1 on any failure. Links no libm.
 */
#include <stdio.h>

#include "inputs.h"

/* libm_names.c's definitions; <math.h> is not included. */
double sin(double), cos(double), tan(double), asin(double), acos(double), exp(double);
double log(double), log2(double), log10(double), sinh(double), cosh(double), tanh(double);
double atan2(double, double), pow(double, double);
void sincos(double, double *, double *);

static const struct unary {
	const char *name;
	double (*f)(double);
	double (*libm)(double);
} unary[] = {
	{"sin", cratebox_sin, sin}, {"cos", cratebox_cos, cos}, {"tan", cratebox_tan, tan},
	{"asin", cratebox_asin, asin}, {"acos", cratebox_acos, acos},
	{"exp", cratebox_exp, exp}, {"log", cratebox_log, log}, {"log2", cratebox_log2, log2},
	{"log10", cratebox_log10, log10}, {"sinh", cratebox_sinh, sinh},
	{"cosh", cratebox_cosh, cosh}, {"tanh", cratebox_tanh, tanh},
};
enum { N_FUNCS = sizeof unary / sizeof unary[0] };

static double a[N_UNARY], b[N_BINARY];
static long failures;

static void fail(const char *what, const char *name, double x, double y)
{
	if (failures++ < 20)
		fprintf(stderr, "%s: %s(%a, %a) (bits %016llx %016llx)\n", what, name, x, y,
			(unsigned long long)to_bits(x), (unsigned long long)to_bits(y));
}

typedef struct { uint64_t h; } digest;

static void add(digest *d, const char *name, double r, double x, double y)
{
	uint64_t u = to_bits(r);
	int k;

	if (r != r && u != 0x7FF8000000000000ull) fail("non-canonical NaN", name, x, y);
	for (k = 0; k < 8; k++) { d->h ^= (u >> (8 * k)) & 0xff; d->h *= 0x100000001B3ull; }
}

static void report(const char *name, digest d, long n)
{
	printf("%-6s %7ld %016llx\n", name, n, (unsigned long long)d.h);
}

static void run_unary(const struct unary *u)
{
	digest d = {0xCBF29CE484222325ull};
	long i;

	rng_seed(0x5EED0000u + (uint64_t)(u - unary));
	fill_common(a);
	fill_specific(u->name, a + 170000);
	for (i = 0; i < N_UNARY; i++) {
		double r = u->f(a[i]);
		add(&d, u->name, r, a[i], 0.0);
		if (to_bits(r) != to_bits(u->libm(a[i]))) fail("libm name differs", u->name, a[i], 0.0);
	}
	report(u->name, d, N_UNARY);
}

static void run_sincos(void)
{
	digest d = {0xCBF29CE484222325ull};
	double s, c, s2, c2;
	long i;

	rng_seed(0x5EED1000u);
	fill_common(a);
	fill_specific("sincos", a + 170000);
	for (i = 0; i < N_UNARY; i++) {
		cratebox_sincos(a[i], &s, &c);
		add(&d, "sincos", s, a[i], 0.0);
		add(&d, "sincos", c, a[i], 0.0);
		if (to_bits(s) != to_bits(cratebox_sin(a[i])) || to_bits(c) != to_bits(cratebox_cos(a[i])))
			fail("sincos differs from sin, cos", "sincos", a[i], 0.0);
		sincos(a[i], &s2, &c2);
		if (to_bits(s) != to_bits(s2) || to_bits(c) != to_bits(c2))
			fail("libm name differs", "sincos", a[i], 0.0);
	}
	report("sincos", d, N_UNARY);
}

static void run_binary(const char *name, double (*f)(double, double), double (*libm)(double, double),
		       void (*fill)(double *, double *))
{
	digest d = {0xCBF29CE484222325ull};
	long i;

	rng_seed(0x5EED2000u + (uint64_t)name[0]);
	fill(a, b);
	for (i = 0; i < N_BINARY; i++) {
		double r = f(a[i], b[i]);
		add(&d, name, r, a[i], b[i]);
		if (to_bits(r) != to_bits(libm(a[i], b[i]))) fail("libm name differs", name, a[i], b[i]);
	}
	report(name, d, N_BINARY);
}

int main(void)
{
	int k;

	for (k = 0; k < N_FUNCS; k++) run_unary(&unary[k]);
	run_sincos();
	run_binary("atan2", cratebox_atan2, atan2, fill_atan2);
	run_binary("pow", cratebox_pow, pow, fill_pow);
	if (failures) {
		fprintf(stderr, "%ld failures\n", failures);
		return 1;
	}
	return 0;
}
