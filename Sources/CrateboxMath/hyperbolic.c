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
/*-
 * __frexp_exp and __ldexp_exp (k_exp.c):
 * Copyright (c) 2011 David Schultz <das@FreeBSD.ORG>
 * All rights reserved.
 *
 * Redistribution and use in source and binary forms, with or without
 * modification, are permitted provided that the following conditions
 * are met:
 * 1. Redistributions of source code must retain the above copyright
 *    notice, this list of conditions and the following disclaimer.
 * 2. Redistributions in binary form must reproduce the above copyright
 *    notice, this list of conditions and the following disclaimer in the
 *    documentation and/or other materials provided with the distribution.
 *
 * THIS SOFTWARE IS PROVIDED BY THE AUTHOR AND CONTRIBUTORS ``AS IS'' AND
 * ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE
 * IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE
 * ARE DISCLAIMED.  IN NO EVENT SHALL THE AUTHOR OR CONTRIBUTORS BE LIABLE
 * FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL
 * DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS
 * OR SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION)
 * HOWEVER CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT
 * LIABILITY, OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY
 * OUT OF THE USE OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF
 * SUCH DAMAGE.
 */

/*
 * A transcription of fdlibm's e_sinh.c, e_cosh.c, s_tanh.c and FreeBSD's
 * k_exp.c (FreeBSD msun) for cratebox.
 *
 * With E = expm1(|x|) (exp.c):
 *   sinh: sign(x)*(2E - E^2/(E+1))/2 for |x| < 1, sign(x)*(E + E/(E+1))/2
 *         below 22, exp(|x|)/2 below ln(DBL_MAX), exp(|x|)*2^-1 scaled so
 *         as not to overflow early (ldexp_exp) up to the overflow threshold.
 *   cosh: 1 + E^2/(2(E+1)) below ln2/2, (exp(|x|) + 1/exp(|x|))/2 below 22,
 *         then as sinh.
 *   tanh: -t/(t+2) with t = expm1(-2|x|) below 1, 1 - 2/(t+2) with
 *         t = expm1(2|x|) below 22, then +-1.
 * Special cases: sinh(+-0) = +-0, tanh(+-0) = +-0, sinh(+-inf) = +-inf,
 * cosh(+-inf) = +inf, tanh(+-inf) = +-1; NaN gives the canonical NaN;
 * sinh and cosh overflow to +-inf past |x| ~ 710.4758600739439.
 */

#include "math_internal.h"

static const double
shuge = 0x1.c7b1f3cac7433p+1019,  /* 1.0e307 */
kln2  = 0x1.37be319ba0da4p+10;    /* 1246.97177782734161156 = k * ln2 */
static const int32_t k_reduce = 1799;	/* k_exp.c's k: exp(kln2) is near 2**k */

/*
 * exp(x) * 2^expt for ln(DBL_MAX) <= x < ~1454.91 and expt 0 or -1
 * (k_exp.c's __frexp_exp and __ldexp_exp): exp(x - k*ln2) with its
 * exponent rewritten, then one multiplication by a power of two.
 */
static double ldexp_exp(double x, int expt)
{
	double exp_x, scale;
	int32_t hx, ex_expt;

	exp_x = cratebox_exp(x - kln2);
	hx = cm_high(exp_x);
	ex_expt = (hx >> 20) - (0x3ff + 1023) + k_reduce;
	exp_x = cm_with_high(exp_x, (uint32_t)((hx & 0xfffff) | ((0x3ff + 1023) << 20)));
	expt += ex_expt;
	scale = cm_words((uint32_t)((0x3ff + expt) << 20), 0);
	return exp_x * scale;
}

double cratebox_sinh(double x)
{
	double t, h;
	int32_t jx = cm_high(x), ix = jx & 0x7fffffff;

	if (ix >= 0x7ff00000) {		/* x is INF or NaN */
		if (((ix & 0xfffff) | cm_low(x)) != 0) return cm_nan();
		return x;
	}
	h = 0.5;
	if (jx < 0) h = -h;
	/* |x| in [0,22], return sign(x)*0.5*(E+E/(E+1))) */
	if (ix < 0x40360000) {		/* |x|<22 */
		if (ix < 0x3e300000) return x;	/* |x|<2**-28: sinh(tiny) = tiny */
		t = cratebox_math_expm1(cm_fabs(x));
		if (ix < 0x3ff00000) return h * (2.0 * t - t * t / (t + 1.0));
		return h * (t + t / (t + 1.0));
	}
	/* |x| in [22, log(maxdouble)] return 0.5*exp(|x|) */
	if (ix < 0x40862E42) return h * cratebox_exp(cm_fabs(x));
	/* |x| in [log(maxdouble), overflowthresold] */
	if (ix <= 0x408633CE) return h * 2.0 * ldexp_exp(cm_fabs(x), -1);
	/* |x| > overflowthresold, sinh(x) overflow */
	return x * shuge;
}

double cratebox_cosh(double x)
{
	double t, w;
	int32_t ix = cm_high(x) & 0x7fffffff;

	if (ix >= 0x7ff00000) {		/* x is INF or NaN */
		if (((ix & 0xfffff) | cm_low(x)) != 0) return cm_nan();
		return cm_inf();
	}
	/* |x| in [0,0.5*ln2], return 1+expm1(|x|)^2/(2*exp(|x|)) */
	if (ix < 0x3fd62e43) {
		t = cratebox_math_expm1(cm_fabs(x));
		w = 1.0 + t;
		if (ix < 0x3c800000) return w;	/* cosh(tiny) = 1 */
		return 1.0 + (t * t) / (w + w);
	}
	/* |x| in [0.5*ln2,22], return (exp(|x|)+1/exp(|x|)/2; */
	if (ix < 0x40360000) {
		t = cratebox_exp(cm_fabs(x));
		return 0.5 * t + 0.5 / t;
	}
	/* |x| in [22, log(maxdouble)] return half*exp(|x|) */
	if (ix < 0x40862E42) return 0.5 * cratebox_exp(cm_fabs(x));
	/* |x| in [log(maxdouble), overflowthresold] */
	if (ix <= 0x408633CE) return ldexp_exp(cm_fabs(x), -1);
	/* |x| > overflowthresold, cosh(x) overflow */
	return cm_inf();
}

double cratebox_tanh(double x)
{
	double t, z;
	int32_t jx = cm_high(x), ix = jx & 0x7fffffff;

	if (ix >= 0x7ff00000) {		/* x is INF or NaN */
		if (((ix & 0xfffff) | cm_low(x)) != 0) return cm_nan();
		return (jx >= 0) ? 1.0 : -1.0;	/* tanh(+-inf)=+-1 */
	}
	if (ix < 0x40360000) {		/* |x|<22 */
		if (ix < 0x3e300000) return x;	/* |x|<2**-28: tanh(tiny) = tiny */
		if (ix >= 0x3ff00000) {	/* |x|>=1  */
			t = cratebox_math_expm1(2.0 * cm_fabs(x));
			z = 1.0 - 2.0 / (t + 2.0);
		} else {
			t = cratebox_math_expm1(-2.0 * cm_fabs(x));
			z = -t / (t + 2.0);
		}
	} else {			/* |x| >= 22, return +-1 */
		z = 1.0;		/* one - tiny rounds to one */
	}
	return (jx >= 0) ? z : -z;
}
