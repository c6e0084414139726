/*
 * ====================================================
 * Copyright (C) 1993 by Sun Microsystems, Inc. All rights reserved.
 *
 * Developed at SunSoft, a Sun Microsystems, Inc. business.
 * Permission to use, copy, modify, and distribute this
 * software is freely granted, provided that this notice
 * is preserved.
 * ====================================================
 */

/*
 * A transcription of fdlibm's e_log.c, e_log2.c, e_log10.c and k_log.h
 * (FreeBSD msun) for cratebox.
 *
 * x = 2^k * (1+f) with sqrt(2)/2 < 1+f < sqrt(2) (subnormals scaled by 2^54
 * first); s = f/(2+f) and log(1+f) = 2s + s*R(s^2), R a degree-14 Remez
 * polynomial (error < 2^-58.45), evaluated as f - (f^2/2 - s*(f^2/2 + R));
 * log(x) = k*ln2_hi + (that + k*ln2_lo) with k*ln2_hi exact.
 * log2 and log10 share the reduction and k_log1p, then split f - f^2/2
 * into a 32-bit head and a tail and multiply by 1/ln2 (1/ln10) in two
 * pieces, adding k (k*log10(2)) in extra precision.
 * Special cases: log(+-0) = -inf, log(1) = +0, log(+inf) = +inf;
 * x < 0 (-inf included) and NaN give the canonical NaN.
 */

#include "math_internal.h"

static const double
ln2_hi    = 0x1.62e42feep-1,       /* 6.93147180369123816490e-01, 0x3FE62E42, 0xFEE00000 */
ln2_lo    = 0x1.a39ef35793c76p-33, /* 1.90821492927058770002e-10, 0x3DEA39EF, 0x35793C76 */
two54     = 0x1p+54,               /* 1.80143985094819840000e+16, 0x43500000, 0x00000000 */
third     = 0x1.5555555555555p-2,  /* 0.33333333333333333 */
ivln2hi   = 0x1.71547652p+0,       /* 1.44269504072144627571e+00, 0x3FF71547, 0x65200000 */
ivln2lo   = 0x1.705fc2eefa2p-33,   /* 1.67517131648865118353e-10, 0x3DE705FC, 0x2EEFA200 */
ivln10hi  = 0x1.bcb7b152p-2,       /* 4.34294481878168880939e-01, 0x3FDBCB7B, 0x15200000 */
ivln10lo  = 0x1.b9438ca9aadd5p-36, /* 2.50829467116452752298e-11, 0x3DBB9438, 0xCA9AADD5 */
log10_2hi = 0x1.34413509f6p-2,     /* 3.01029995663611771306e-01, 0x3FD34413, 0x509F6000 */
log10_2lo = 0x1.9fef311f12b36p-42, /* 3.69423907715893078616e-13, 0x3D59FEF3, 0x11F12B36 */
Lg1 = 0x1.5555555555593p-1,        /* 6.666666666666735130e-01, 0x3FE55555, 0x55555593 */
Lg2 = 0x1.999999997fa04p-2,        /* 3.999999999940941908e-01, 0x3FD99999, 0x9997FA04 */
Lg3 = 0x1.2492494229359p-2,        /* 2.857142874366239149e-01, 0x3FD24924, 0x94229359 */
Lg4 = 0x1.c71c51d8e78afp-3,        /* 2.222219843214978396e-01, 0x3FCC71C5, 0x1D8E78AF */
Lg5 = 0x1.7466496cb03dep-3,        /* 1.818357216161805012e-01, 0x3FC74664, 0x96CB03DE */
Lg6 = 0x1.39a09d078c69fp-3,        /* 1.531383769920937332e-01, 0x3FC39A09, 0xD078C69F */
Lg7 = 0x1.2f112df3e5244p-3;        /* 1.479819860511658591e-01, 0x3FC2F112, 0xDF3E5244 */

/*
 * The reduction shared by log, log2 and log10: for finite x > 0, sets *k
 * and returns 1+f with x = 2^k*(1+f), sqrt(2)/2 < 1+f < sqrt(2); *hx gets
 * the high word of f's fraction. Returns 0 and sets *special to the answer
 * for zero, negative, infinite and NaN x.
 */
static double reduce(double x, int32_t *k, int32_t *hxp, double *special)
{
	int32_t hx = cm_high(x), i;
	uint32_t lx = cm_low(x);

	*k = 0;
	if (hx < 0x00100000) {			/* x < 2**-1022  */
		if (((hx & 0x7fffffff) | lx) == 0) { *special = -cm_inf(); return 0.0; }	/* log(+-0)=-inf */
		if (hx < 0) { *special = cm_nan(); return 0.0; }	/* log(-#) = NaN */
		*k -= 54; x *= two54;		/* subnormal number, scale up x */
		hx = cm_high(x);
	}
	if (hx >= 0x7ff00000) {			/* +inf or NaN */
		*special = (((hx & 0xfffff) | cm_low(x)) == 0) ? x : cm_nan();
		return 0.0;
	}
	*k += (hx >> 20) - 1023;
	hx &= 0x000fffff;
	i = (hx + 0x95f64) & 0x100000;
	x = cm_with_high(x, (uint32_t)(hx | (i ^ 0x3ff00000)));	/* normalize x or x/2 */
	*k += (i >> 20);
	*hxp = hx;
	return x;
}

/* k_log.h's k_log1p(f): log(1+f) - f + f^2/2... precisely s*(f^2/2 + R). */
static double k_log1p(double f)
{
	double hfsq, s, z, R, w, t1, t2;

	s = f / (2.0 + f);
	z = s * s;
	w = z * z;
	t1 = w * (Lg2 + w * (Lg4 + w * Lg6));
	t2 = z * (Lg1 + w * (Lg3 + w * (Lg5 + w * Lg7)));
	R = t2 + t1;
	hfsq = 0.5 * f * f;
	return s * (hfsq + R);
}

double cratebox_log(double x)
{
	double hfsq, f, s, z, R, w, t1, t2, dk, special;
	int32_t k, hx, i, j;

	x = reduce(x, &k, &hx, &special);
	if (x == 0.0) return special;
	f = x - 1.0;
	if ((0x000fffff & (2 + hx)) < 3) {	/* -2**-20 <= f < 2**-20 */
		if (f == 0.0) {
			if (k == 0) return 0.0;
			dk = (double)k;
			return dk * ln2_hi + dk * ln2_lo;
		}
		R = f * f * (0.5 - third * f);
		if (k == 0) return f - R;
		dk = (double)k;
		return dk * ln2_hi - ((R - dk * ln2_lo) - f);
	}
	s = f / (2.0 + f);
	dk = (double)k;
	z = s * s;
	i = hx - 0x6147a;
	w = z * z;
	j = 0x6b851 - hx;
	t1 = w * (Lg2 + w * (Lg4 + w * Lg6));
	t2 = z * (Lg1 + w * (Lg3 + w * (Lg5 + w * Lg7)));
	i |= j;
	R = t2 + t1;
	if (i > 0) {
		hfsq = 0.5 * f * f;
		if (k == 0) return f - (hfsq - s * (hfsq + R));
		return dk * ln2_hi - ((hfsq - (s * (hfsq + R) + dk * ln2_lo)) - f);
	}
	if (k == 0) return f - s * (f - R);
	return dk * ln2_hi - ((s * (f - R) - dk * ln2_lo) - f);
}

/*
 * log2's and log10's common start (fdlibm's e_log2.c and e_log10.c): x = 2^k (1 + f),
 * and log(1 + f) = hi + lo with hi's low word cleared, so that hi times the high part of
 * 1/ln2 or 1/ln10 is exact. Returns 0 for a special x, whose result is then *special.
 */
static int split_log(double x, int32_t *k, double *hi, double *lo, double *special)
{
	double f, hfsq, r;
	int32_t hx;

	x = reduce(x, k, &hx, special);
	if (x == 0.0) return 0;
	f = x - 1.0;
	hfsq = 0.5 * f * f;
	r = k_log1p(f);
	*hi = cm_with_low(f - hfsq, 0);
	*lo = (f - *hi) - hfsq + r;
	return 1;
}

double cratebox_log2(double x)
{
	double hi, lo, val_hi, val_lo, w, y, special;
	int32_t k;

	if (cm_bits(x) == 0x3FF0000000000000ull) return 0.0;	/* log(1) = +0 */
	if (!split_log(x, &k, &hi, &lo, &special)) return special;
	y = (double)k;
	val_hi = hi * ivln2hi;
	val_lo = (lo + hi) * ivln2lo + lo * ivln2hi;
	/* spadd(val_hi, val_lo, y) */
	w = y + val_hi;
	val_lo += (y - w) + val_hi;
	val_hi = w;
	return val_lo + val_hi;
}

double cratebox_log10(double x)
{
	double hi, lo, val_hi, val_lo, w, y, y2, special;
	int32_t k;

	if (cm_bits(x) == 0x3FF0000000000000ull) return 0.0;	/* log(1) = +0 */
	if (!split_log(x, &k, &hi, &lo, &special)) return special;
	y = (double)k;
	val_hi = hi * ivln10hi;
	y2 = y * log10_2hi;
	val_lo = y * log10_2lo + (lo + hi) * ivln10lo + lo * ivln10hi;
	w = y2 + val_hi;
	val_lo += (y2 - w) + val_hi;
	val_hi = w;
	return val_lo + val_hi;
}
