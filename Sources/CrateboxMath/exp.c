/*
 * ====================================================
 * Copyright (C) 2004 by Sun Microsystems, Inc. All rights reserved.
 *
 * Permission to use, copy, modify, and distribute this
 * software is freely granted, provided that this notice
 * is preserved.
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
 * A transcription of fdlibm's e_exp.c and s_expm1.c (FreeBSD msun) for
 * cratebox.
 *
 * exp: x = k*ln2 + r with |r| <= ln2/2 (ln2 in two pieces, k*ln2_hi exact),
 * then exp(r) = 1 + r + r*c/(2 - c) where c = r - r^2*P(r^2) is a degree-5
 * Remez fit of r*(e^r + 1)/(e^r - 1) (error < 2^-59), then times 2^k written
 * into the exponent (in two steps when the result is subnormal).
 * expm1 (for sinh, cosh, tanh): the same reduction with a correction term
 * for the rounding of r, a degree-5 fit in r^2 of the rational part, and
 * 2^k*(expm1(r) + 1 - 2^-k) put together so as not to lose bits.
 * Special cases: exp(+inf) = +inf, exp(-inf) = +0, exp(NaN) is the
 * canonical NaN; x > 709.78... overflows to +inf, x < -745.13... gives +0.
 * exp(1) returns e correctly rounded (2.718281828459045), as openlibm's copy
 * of e_exp.c does; fdlibm's own formula gives the next double up there.
 */

#include "math_internal.h"

static const double
halF[2]     = {0.5, -0.5},
o_threshold =  0x1.62e42fefa39efp+9,  /* 7.09782712893383973096e+02, 0x40862E42, 0xFEFA39EF */
u_threshold = -0x1.74910d52d3051p+9,  /* -7.45133219101941108420e+02, 0xC0874910, 0xD52D3051 */
ln2HI[2]    = { 0x1.62e42feep-1,      /* 6.93147180369123816490e-01, 0x3FE62E42, 0xFEE00000 */
	       -0x1.62e42feep-1 },    /* -6.93147180369123816490e-01, 0xBFE62E42, 0xFEE00000 */
ln2LO[2]    = { 0x1.a39ef35793c76p-33, /* 1.90821492927058770002e-10, 0x3DEA39EF, 0x35793C76 */
	       -0x1.a39ef35793c76p-33 }, /* -1.90821492927058770002e-10, 0xBDEA39EF, 0x35793C76 */
invln2 =  0x1.71547652b82fep+0,  /* 1.44269504088896338700e+00, 0x3FF71547, 0x652B82FE */
P1   =  0x1.555555555553ep-3,    /*  1.66666666666666019037e-01, 0x3FC55555, 0x5555553E */
P2   = -0x1.6c16c16bebd93p-9,    /* -2.77777777770155933842e-03, 0xBF66C16C, 0x16BEBD93 */
P3   =  0x1.1566aaf25de2cp-14,   /*  6.61375632143793436117e-05, 0x3F11566A, 0xAF25DE2C */
P4   = -0x1.bbd41c5d26bf1p-20,   /* -1.65339022054652515390e-06, 0xBEBBBD41, 0xC5D26BF1 */
P5   =  0x1.6376972bea4dp-25,    /*  4.13813679705723846039e-08, 0x3E663769, 0x72BEA4D0 */
twom1000 = 0x1p-1000,            /* 9.33263618503218878990e-302, 0x01700000, 0x00000000 */
two1023  = 0x1p+1023,            /* 8.98846567431157953865e+307, 0x7FE00000, 0x00000000 */
e_value  = 0x1.5bf0a8b145769p+1, /* 2.718281828459045235360 */
	/* Scaled Q's: Qn_here = 2**n * Qn_above, for R(2*z) where z = hxs = x*x/2: */
Q1 = -0x1.11111111110f4p-5,      /* -3.33333333333331316428e-02, 0xBFA11111, 0x111110F4 */
Q2 =  0x1.a01a019fe5585p-10,     /*  1.58730158725481460165e-03, 0x3F5A01A0, 0x19FE5585 */
Q3 = -0x1.4ce199eaadbb7p-14,     /* -7.93650757867487942473e-05, 0xBF14CE19, 0x9EAADBB7 */
Q4 =  0x1.0cfca86e65239p-18,     /*  4.00821782732936239552e-06, 0x3ED0CFCA, 0x86E65239 */
Q5 = -0x1.afdb76e09c32dp-23;     /* -2.01099218183624371326e-07, 0xBE8AFDB7, 0x6E09C32D */

double cratebox_exp(double x)
{
	double y, hi = 0.0, lo = 0.0, c, t, twopk;
	int32_t k = 0, xsb;
	uint32_t hx = (uint32_t)cm_high(x);

	xsb = (hx >> 31) & 1;		/* sign bit of x */
	hx &= 0x7fffffff;		/* high word of |x| */

	/* filter out non-finite argument */
	if (hx >= 0x40862E42) {		/* if |x|>=709.78... */
		if (hx >= 0x7ff00000) {
			if (((hx & 0xfffff) | cm_low(x)) != 0) return cm_nan();
			return (xsb == 0) ? x : 0.0;	/* exp(+-inf)={inf,0} */
		}
		if (x > o_threshold) return cm_inf();	/* overflow */
		if (x < u_threshold) return 0.0;	/* underflow */
	}
	if (x == 1.0) return e_value;

	/* argument reduction */
	if (hx > 0x3fd62e42) {		/* if  |x| > 0.5 ln2 */
		if (hx < 0x3FF0A2B2) {	/* and |x| < 1.5 ln2 */
			hi = x - ln2HI[xsb]; lo = ln2LO[xsb]; k = 1 - xsb - xsb;
		} else {
			k  = (int32_t)(invln2 * x + halF[xsb]);
			t  = k;
			hi = x - t * ln2HI[0];	/* t*ln2HI is exact here */
			lo = t * ln2LO[0];
		}
		x = hi - lo;
	} else if (hx < 0x3e300000) {	/* when |x|<2**-28 */
		return 1.0 + x;
	} else k = 0;

	/* x is now in primary range */
	t  = x * x;
	if (k >= -1021)
		twopk = cm_words((uint32_t)(0x3ff00000 + k * (1 << 20)), 0);
	else
		twopk = cm_words((uint32_t)(0x3ff00000 + (k + 1000) * (1 << 20)), 0);
	c  = x - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))));
	if (k == 0) return 1.0 - ((x * c) / (c - 2.0) - x);
	y = 1.0 - ((lo - (x * c) / (2.0 - c)) - hi);
	if (k >= -1021) {
		if (k == 1024) return y * 2.0 * two1023;
		return y * twopk;
	}
	return y * twopk * twom1000;
}

/* 2^k*(1 + y) - 1 for expm1's k other than -1, 0, 1 (s_expm1.c's last steps). */
static double expm1_scale(double x, double e, int32_t k)
{
	double y, t, twopk = cm_words((uint32_t)(0x3ff00000 + k * (1 << 20)), 0);	/* 2^k */

	if (k <= -2 || k > 56) {	/* suffice to return exp(x)-1 */
		y = 1.0 - (e - x);
		if (k == 1024) y = y * 2.0 * two1023;
		else y = y * twopk;
		return y - 1.0;
	}
	if (k < 20) {
		t = cm_words(0x3ff00000 - (0x200000 >> k), 0);	/* t=1-2^-k */
		y = t - (e - x);
		return y * twopk;
	}
	t = cm_words((uint32_t)((0x3ff - k) << 20), 0);	/* 2^-k */
	y = x - (e + t);
	y += 1.0;
	return y * twopk;
}

double cratebox_math_expm1(double x)
{
	double hi, lo, c = 0.0, t, e, hxs, hfx, r1;
	int32_t k, xsb;
	uint32_t hx = (uint32_t)cm_high(x);

	xsb = hx & 0x80000000;		/* sign bit of x */
	hx &= 0x7fffffff;		/* high word of |x| */

	/* filter out huge and non-finite argument */
	if (hx >= 0x4043687A) {		/* if |x|>=56*ln2 */
		if (hx >= 0x40862E42) {	/* if |x|>=709.78... */
			if (hx >= 0x7ff00000) {
				if (((hx & 0xfffff) | cm_low(x)) != 0) return cm_nan();
				return (xsb == 0) ? x : -1.0;	/* exp(+-inf)={inf,-1} */
			}
			if (x > o_threshold) return cm_inf();	/* overflow */
		}
		if (xsb != 0) return -1.0;	/* x < -56*ln2, return -1.0 */
	}

	/* argument reduction */
	if (hx > 0x3fd62e42) {		/* if  |x| > 0.5 ln2 */
		if (hx < 0x3FF0A2B2) {	/* and |x| < 1.5 ln2 */
			if (xsb == 0) { hi = x - ln2HI[0]; lo =  ln2LO[0]; k =  1; }
			else          { hi = x + ln2HI[0]; lo = -ln2LO[0]; k = -1; }
		} else {
			k  = (int32_t)(invln2 * x + ((xsb == 0) ? 0.5 : -0.5));
			t  = k;
			hi = x - t * ln2HI[0];	/* t*ln2_hi is exact here */
			lo = t * ln2LO[0];
		}
		x = hi - lo;
		c = (hi - x) - lo;
	} else if (hx < 0x3c900000) {	/* when |x|<2**-54, return x */
		return x;
	} else k = 0;

	/* x is now in primary range */
	hfx = 0.5 * x;
	hxs = x * hfx;
	r1 = 1.0 + hxs * (Q1 + hxs * (Q2 + hxs * (Q3 + hxs * (Q4 + hxs * Q5))));
	t  = 3.0 - r1 * hfx;
	e  = hxs * ((r1 - t) / (6.0 - x * t));
	if (k == 0) return x - (x * e - hxs);	/* c is 0 */
	e  = (x * (e - c) - c);
	e -= hxs;
	if (k == -1) return 0.5 * (x - e) - 0.5;
	if (k == 1) {
		if (x < -0.25) return -2.0 * (e - (x + 0.5));
		return 1.0 + 2.0 * (x - e);
	}
	return expm1_scale(x, e, k);
}
