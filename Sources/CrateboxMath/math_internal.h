/*
 * CrateboxMath's internal header: word access to doubles, the canonical NaN,
 * and the helpers shared between files. Nothing here is public.
 *
 * Every file of the module includes this first. It turns off the contraction
 * of a*b+c into a fused multiply-add for the whole file, whatever the
 * compiler's flags (clang's default is to contract within an expression,
 * GCC's to contract anywhere): a fused operation rounds once where the
 * algorithm rounds twice, and only some CPUs have one. scripts/check-math
 * also builds with -ffp-contract=off -fno-builtin -fno-math-errno.
 *
 * Words are read and written through memcpy on a uint64_t (no unions, no
 * pointer casts), spelled __builtin_memcpy so that it stays a register move
 * under -fno-builtin too (a real call to memcpy made pow three times slower).
 */
#ifndef CRATEBOX_MATH_INTERNAL_H
#define CRATEBOX_MATH_INTERNAL_H

#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#elif defined(__GNUC__)
#pragma GCC optimize("fp-contract=off")
#endif

#include <stdint.h>

#include "CrateboxMath.h"

static inline uint64_t cm_bits(double x)
{
	uint64_t u;
	__builtin_memcpy(&u, &x, sizeof u);
	return u;
}

static inline double cm_from_bits(uint64_t u)
{
	double x;
	__builtin_memcpy(&x, &u, sizeof x);
	return x;
}

/* fdlibm's GET_HIGH_WORD, GET_LOW_WORD, INSERT_WORDS, SET_HIGH_WORD, SET_LOW_WORD. */
static inline int32_t cm_high(double x) { return (int32_t)(uint32_t)(cm_bits(x) >> 32); }
static inline uint32_t cm_low(double x) { return (uint32_t)cm_bits(x); }

static inline double cm_words(uint32_t high, uint32_t low)
{
	return cm_from_bits((uint64_t)high << 32 | low);
}

static inline double cm_with_high(double x, uint32_t high)
{
	return cm_words(high, cm_low(x));
}

static inline double cm_with_low(double x, uint32_t low)
{
	return cm_words((uint32_t)(cm_bits(x) >> 32), low);
}

static inline double cm_fabs(double x)
{
	return cm_from_bits(cm_bits(x) & 0x7FFFFFFFFFFFFFFFull);
}

/* The one NaN every function returns: quiet, positive, no payload. */
static inline double cm_nan(void) { return cm_from_bits(0x7FF8000000000000ull); }
static inline double cm_inf(void) { return cm_from_bits(0x7FF0000000000000ull); }

/* Correctly rounded square root: one IEEE-754 basic operation. */
static inline double cm_sqrt(double x) { return __builtin_sqrt(x); }

/* Shared between files (see each one's comment). */
int cratebox_math_rem_pio2(double x, double y[2]);      /* reduce_pio2.c */
double cratebox_math_scalbn(double x, int n);            /* scalbn.c */
double cratebox_math_expm1(double x);                    /* exp.c */
double cratebox_math_atan(double x);                     /* inverse_trig.c */

#endif
