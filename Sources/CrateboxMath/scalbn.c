/*
 * ====================================================
 * Copyright (C) 1993 by Sun Microsystems, Inc. All rights reserved.
 *
 * Developed at SunPro, a Sun Microsystems, Inc. business.
 * Permission to use, copy, modify, and distribute this
 * software is freely granted, provided that this notice
 * is preserved.
 * ====================================================
 */

/*
 * A transcription of fdlibm's s_scalbn.c (FreeBSD msun) for cratebox.
 *
 * cratebox_math_scalbn(x, n) = x * 2^n by writing the exponent field, with
 * one rounding multiplication only when the result is subnormal: exact
 * whenever the result is representable. Used by the Payne-Hanek reduction
 * and by pow's subnormal results.
 */

#include "math_internal.h"

static const double
two54  = 0x1p+54,                /* 1.80143985094819840000e+16, 0x43500000, 0x00000000 */
twom54 = 0x1p-54,                /* 5.55111512312578270212e-17, 0x3C900000, 0x00000000 */
huge   = 0x1.7e43c8800759cp+996, /* 1.0e+300 */
tiny   = 0x1.56e1fc2f8f359p-997; /* 1.0e-300 */

/* copysign(a, b) with bits */
static double with_sign_of(double a, double b)
{
	return cm_from_bits((cm_bits(a) & 0x7FFFFFFFFFFFFFFFull) | (cm_bits(b) & 0x8000000000000000ull));
}

double cratebox_math_scalbn(double x, int n)
{
	int32_t k, hx;
	uint32_t lx;

	hx = cm_high(x);
	lx = cm_low(x);
	k = (hx & 0x7ff00000) >> 20;		/* extract exponent */
	if (k == 0) {				/* 0 or subnormal x */
		if ((lx | (hx & 0x7fffffff)) == 0) return x;	/* +-0 */
		x *= two54;
		hx = cm_high(x);
		k = ((hx & 0x7ff00000) >> 20) - 54;
		if (n < -50000) return tiny * x;	/* underflow */
	}
	if (k == 0x7ff) {			/* NaN or Inf */
		if (((hx & 0xfffff) | cm_low(x)) != 0) return cm_nan();
		return x;
	}
	k = k + n;
	if (k > 0x7fe) return huge * with_sign_of(huge, x);	/* overflow */
	if (k > 0)				/* normal result */
		return cm_with_high(x, ((uint32_t)hx & 0x800fffff) | ((uint32_t)k << 20));
	if (k <= -54) {
		if (n > 50000)			/* in case integer overflow in n+k */
			return huge * with_sign_of(huge, x);	/* overflow */
		return tiny * with_sign_of(tiny, x);	/* underflow */
	}
	k += 54;				/* subnormal result */
	x = cm_with_high(x, ((uint32_t)hx & 0x800fffff) | ((uint32_t)k << 20));
	return x * twom54;
}
