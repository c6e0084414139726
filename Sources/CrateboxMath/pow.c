/*
 * ====================================================
 * Copyright (C) 2004 by Sun Microsystems, Inc. All rights reserved.
 *
 * Permission to use, copy, modify, and distribute this
 * software is freely granted, provided that this notice
 * is preserved.
 * ====================================================
 */

/*
 * A transcription of fdlibm's e_pow.c (FreeBSD msun) for cratebox.
 *
 * x^y = 2^(y*log2|x|), in simulated extra precision:
 * 1. log2|x| = t1 + t2 with t1 having 32 significant bits: |x| = 2^n*(1+f)
 *    is reduced around 1 or 1.5, s = (x-b)/(x+b) and
 *    log2 = n + log2(b) + (2/(3 ln2))*(3s + s^3 + s^3*s^2*L(s^2)), each
 *    product split into head and tail; for |y| > 2^31 (x within 2^-20 of
 *    1, else over/underflow) the series x - x^2/2 + x^3/3 - x^4/4 instead
 *    (with one fix, marked CRATEBOX: below).
 * 2. y*log2|x| = p_h + p_l with y split the same way; over/underflow is
 *    decided here exactly (including the half-ulp cases at 1024 and -1075).
 * 3. 2^(p_h+p_l) = 2^n * exp(r*ln2), |r| <= 1/2, exp by e_exp.c's rational
 *    form; the exponent written into the result (scalbn if subnormal).
 * pow(integer, integer) is exact when the result is representable.
 * Special cases are C99's (the table in e_pow.c): x^+-0 = 1 and 1^y = 1
 * even for NaN; (-1)^+-inf = 1; +-0, +-inf, +-1 and |x| <> 1 with y = +-inf
 * by the table; a NaN argument otherwise, and x < 0 with y not an integer,
 * give the canonical NaN.
 */

#include "math_internal.h"

static const double
bp[]    = {1.0, 1.5},
dp_h[]  = {0.0, 0x1.2b8034p-1},        /* 5.84962487220764160156e-01, 0x3FE2B803, 0x40000000 */
dp_l[]  = {0.0, 0x1.cfdeb43cfd006p-27}, /* 1.35003920212974897128e-08, 0x3E4CFDEB, 0x43CFD006 */
two53   = 0x1p+53,                     /* 9007199254740992.0, 0x43400000, 0x00000000 */
third   = 0x1.5555555555555p-2,        /* 0.3333333333333333333333 */
	/* poly coefs for (3/2)*(log(x)-2s-2/3*s**3 */
L1  = 0x1.3333333333303p-1,  /* 5.99999999999994648725e-01, 0x3FE33333, 0x33333303 */
L2  = 0x1.b6db6db6fabffp-2,  /* 4.28571428578550184252e-01, 0x3FDB6DB6, 0xDB6FABFF */
L3  = 0x1.55555518f264dp-2,  /* 3.33333329818377432918e-01, 0x3FD55555, 0x518F264D */
L4  = 0x1.17460a91d4101p-2,  /* 2.72728123808534006489e-01, 0x3FD17460, 0xA91D4101 */
L5  = 0x1.d864a93c9db65p-3,  /* 2.30660745775561754067e-01, 0x3FCD864A, 0x93C9DB65 */
L6  = 0x1.a7e284a454eefp-3,  /* 2.06975017800338417784e-01, 0x3FCA7E28, 0x4A454EEF */
P1  =  0x1.555555555553ep-3,  /*  1.66666666666666019037e-01, 0x3FC55555, 0x5555553E */
P2  = -0x1.6c16c16bebd93p-9,  /* -2.77777777770155933842e-03, 0xBF66C16C, 0x16BEBD93 */
P3  =  0x1.1566aaf25de2cp-14, /*  6.61375632143793436117e-05, 0x3F11566A, 0xAF25DE2C */
P4  = -0x1.bbd41c5d26bf1p-20, /* -1.65339022054652515390e-06, 0xBEBBBD41, 0xC5D26BF1 */
P5  =  0x1.6376972bea4dp-25,  /*  4.13813679705723846039e-08, 0x3E663769, 0x72BEA4D0 */
lg2   =  0x1.62e42fefa39efp-1, /* 6.93147180559945286227e-01, 0x3FE62E42, 0xFEFA39EF */
lg2_h =  0x1.62e43p-1,         /* 6.93147182464599609375e-01, 0x3FE62E43, 0x00000000 */
lg2_l = -0x1.05c610ca86c39p-29, /* -1.90465429995776804525e-09, 0xBE205C61, 0x0CA86C39 */
ovt   =  0x1.71547652b82fep-54, /* 8.0085662595372944372e-17 = -(1024-log2(ovfl+.5ulp)) */
cp    =  0x1.ec709dc3a03fdp-1,  /* 9.61796693925975554329e-01, 0x3FEEC709, 0xDC3A03FD =2/(3ln2) */
cp_h  =  0x1.ec709ep-1,         /* 9.61796700954437255859e-01, 0x3FEEC709, 0xE0000000 =(float)cp */
cp_l  = -0x1.e2fe0145b01f5p-28, /* -7.02846165095275826516e-09, 0xBE3E2FE0, 0x145B01F5 =tail of cp_h */
ivln2   = 0x1.71547652b82fep+0, /* 1.44269504088896338700e+00, 0x3FF71547, 0x652B82FE =1/ln2 */
ivln2_h = 0x1.715476p+0,        /* 1.44269502162933349609e+00, 0x3FF71547, 0x60000000 =24b 1/ln2 */
ivln2_l = 0x1.4ae0bf85ddf44p-26; /* 1.92596299112661746887e-08, 0x3E54AE0B, 0xF85DDF44 =1/ln2 tail */

/* For x < 0: 0 if y is not an integer, 1 if it is an odd one, 2 if an even one. */
static int32_t integer_kind(int32_t iy, uint32_t ly)
{
	int32_t k, j;
	uint32_t jl;

	if (iy >= 0x43400000) return 2;		/* even integer y */
	if (iy < 0x3ff00000) return 0;
	k = (iy >> 20) - 0x3ff;			/* exponent */
	if (k > 20) {
		jl = ly >> (52 - k);
		if ((jl << (52 - k)) == ly) return 2 - (int32_t)(jl & 1);
	} else if (ly == 0) {
		j = iy >> (20 - k);
		if ((j << (20 - k)) == iy) return 2 - (j & 1);
	}
	return 0;
}

/* The special values of y and of x (e_pow.c's table); returns 1 with *r if one applies. */
static int pow_special(double x, double y, int32_t yisint, double *r)
{
	int32_t hx = cm_high(x), hy = cm_high(y), ix = hx & 0x7fffffff, iy = hy & 0x7fffffff;
	uint32_t lx = cm_low(x), ly = cm_low(y);
	double z;

	if (ly == 0) {
		if (iy == 0x7ff00000) {		/* y is +-inf */
			if (((ix - 0x3ff00000) | lx) == 0) *r = 1.0;	/* (-1)**+-inf is 1 */
			else if (ix >= 0x3ff00000) *r = (hy >= 0) ? y : 0.0;	/* (|x|>1)**+-inf = inf,0 */
			else *r = (hy < 0) ? -y : 0.0;	/* (|x|<1)**-,+inf = inf,0 */
			return 1;
		}
		if (iy == 0x3ff00000) {		/* y is  +-1 */
			*r = (hy < 0) ? 1.0 / x : x;
			return 1;
		}
		if (hy == 0x40000000) { *r = x * x; return 1; }	/* y is  2 */
		if (hy == 0x3fe00000 && hx >= 0) {	/* y is  0.5, x >= +0 */
			*r = cm_sqrt(x);
			return 1;
		}
	}
	if (lx == 0 && (ix == 0x7ff00000 || ix == 0 || ix == 0x3ff00000)) {
		z = cm_fabs(x);			/* x is +-0,+-inf,+-1 */
		if (hy < 0) z = 1.0 / z;	/* z = (1/|x|) */
		if (hx < 0) {
			if (((ix - 0x3ff00000) | yisint) == 0) z = cm_nan();	/* (-1)**non-int is NaN */
			else if (yisint == 1) z = -z;	/* (x<0)**odd = -(|x|**odd) */
		}
		*r = z;
		return 1;
	}
	return 0;
}

/* log2(ax) = t1 + t2, t1 with 32 significant bits, for |y| <= 2^31. */
static double pow_log2(double ax, int32_t ix, double *t2p)
{
	double ss, s2, s_h, s_l, t_h, t_l, u, v, r, p_h, p_l, z_h, z_l, t, t1;
	int32_t n = 0, j, k;

	if (ix < 0x00100000) {		/* take care subnormal number */
		ax *= two53; n -= 53; ix = cm_high(ax);
	}
	n += (ix >> 20) - 0x3ff;
	j = ix & 0x000fffff;
	ix = j | 0x3ff00000;		/* normalize ix */
	if (j <= 0x3988E) k = 0;	/* |x|<sqrt(3/2) */
	else if (j < 0xBB67A) k = 1;	/* |x|<sqrt(3)   */
	else { k = 0; n += 1; ix -= 0x00100000; }
	ax = cm_with_high(ax, (uint32_t)ix);

	/* compute ss = s_h+s_l = (x-1)/(x+1) or (x-1.5)/(x+1.5) */
	u = ax - bp[k];
	v = 1.0 / (ax + bp[k]);
	ss = u * v;
	s_h = cm_with_low(ss, 0);
	/* t_h=ax+bp[k] High */
	t_h = cm_words((uint32_t)(((ix >> 1) | 0x20000000) + 0x00080000 + (k << 18)), 0);
	t_l = ax - (t_h - bp[k]);
	s_l = v * ((u - s_h * t_h) - s_h * t_l);
	/* compute log(ax) */
	s2 = ss * ss;
	r = s2 * s2 * (L1 + s2 * (L2 + s2 * (L3 + s2 * (L4 + s2 * (L5 + s2 * L6)))));
	r += s_l * (s_h + ss);
	s2  = s_h * s_h;
	t_h = 3.0 + s2 + r;
	t_h = cm_with_low(t_h, 0);
	t_l = r - ((t_h - 3.0) - s2);
	/* u+v = ss*(1+...) */
	u = s_h * t_h;
	v = s_l * t_h + t_l * ss;
	/* 2/(3log2)*(ss+...) */
	p_h = u + v;
	p_h = cm_with_low(p_h, 0);
	p_l = v - (p_h - u);
	z_h = cp_h * p_h;		/* cp_h+cp_l = 2/(3*log2) */
	z_l = cp_l * p_h + p_l * cp + dp_l[k];
	/* log2(ax) = (ss+..)*2/(3*log2) = n + dp_h + z_h + z_l */
	t = (double)n;
	t1 = (((z_h + z_l) + dp_h[k]) + t);
	t1 = cm_with_low(t1, 0);
	*t2p = z_l - (((t1 - t) - dp_h[k]) - z_h);
	return t1;
}

/*
 * log2(ax) = t1 + t2 for |1-ax| <= 2^-20 (|y| > 2^31), by x-x^2/2+x^3/3-x^4/4.
 * CRATEBOX: e_pow.c computes u = ivln2_h*t and counts on it being exact
 * ("t has 20 trailing zeros", "ivln2_h has 21 sig. bits"), but t = ax-1 has
 * up to 32 significant bits and ivln2_h 24, so u was rounded and x^y lost up
 * to ~400 ulps (e.g. pow(0x1.fffff7880462ep-1, -0x1.1fc6c8e09d329p+31)).
 * Here t is split into t_h (21 bits, u = ivln2_h*t_h exact) and t_l, and
 * t_l*ivln2_h joins v. Where t's low word is zero (t_l = 0), as for most x
 * above 1, the result is fdlibm's to the bit.
 */
static double pow_log2_near_one(double ax, double *t2p)
{
	double t, t_h, t_l, w, u, v, t1;

	t = ax - 1.0;
	t_h = cm_with_low(t, 0);
	t_l = t - t_h;
	w = (t * t) * (0.5 - t * (third - t * 0.25));
	u = ivln2_h * t_h;	/* exact: 24 bits times 21 */
	v = t * ivln2_l - w * ivln2;
	v = v + t_l * ivln2_h;
	t1 = u + v;
	t1 = cm_with_low(t1, 0);
	*t2p = v - (t1 - u);
	return t1;
}

/* s * 2^(y*(t1+t2)), with over/underflow decided first. */
static double pow_exp2(double y, double t1, double t2, double s)
{
	double y1, p_l, p_h, z, t, u, v, w, r;
	int32_t i, j, k, n;

	/* split up y into y1+y2 and compute (y1+y2)*(t1+t2) */
	y1  = cm_with_low(y, 0);
	p_l = (y - y1) * t1 + y * t2;
	p_h = y1 * t1;
	z = p_l + p_h;
	j = cm_high(z);
	i = (int32_t)cm_low(z);
	if (j >= 0x40900000) {				/* z >= 1024 */
		if (((j - 0x40900000) | i) != 0) return s * cm_inf();	/* overflow */
		if (p_l + ovt > z - p_h) return s * cm_inf();	/* overflow */
	} else if ((j & 0x7fffffff) >= 0x4090cc00) {	/* z <= -1075 */
		if ((((uint32_t)j - 0xc090cc00u) | (uint32_t)i) != 0) return s * 0.0;	/* underflow */
		if (p_l <= z - p_h) return s * 0.0;	/* underflow */
	}
	/* compute 2**(p_h+p_l) */
	i = j & 0x7fffffff;
	k = (i >> 20) - 0x3ff;
	n = 0;
	if (i > 0x3fe00000) {		/* if |z| > 0.5, set n = [z+0.5] */
		n = j + (0x00100000 >> (k + 1));
		k = ((n & 0x7fffffff) >> 20) - 0x3ff;	/* new k for n */
		t = cm_words((uint32_t)(n & ~(0x000fffff >> k)), 0);
		n = ((n & 0x000fffff) | 0x00100000) >> (20 - k);
		if (j < 0) n = -n;
		p_h -= t;
	}
	t = p_l + p_h;
	t = cm_with_low(t, 0);
	u = t * lg2_h;
	v = (p_l - (t - p_h)) * lg2 + t * lg2_l;
	z = u + v;
	w = v - (z - u);
	t  = z * z;
	t1 = z - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))));
	r  = (z * t1) / (t1 - 2.0) - (w + z * w);
	z  = 1.0 - (r - z);
	j = cm_high(z);
	j += (int32_t)((uint32_t)n << 20);
	if ((j >> 20) <= 0) z = cratebox_math_scalbn(z, n);	/* subnormal output */
	else z = cm_with_high(z, (uint32_t)j);
	return s * z;
}

double cratebox_pow(double x, double y)
{
	double r, s, t1, t2;
	int32_t hx = cm_high(x), hy = cm_high(y), ix = hx & 0x7fffffff, iy = hy & 0x7fffffff;
	int32_t yisint, n;
	uint32_t lx = cm_low(x), ly = cm_low(y);

	if ((iy | ly) == 0) return 1.0;			/* x**0 = 1 */
	if (hx == 0x3ff00000 && lx == 0) return 1.0;	/* 1**y = 1, even if y is NaN */
	if (ix > 0x7ff00000 || (ix == 0x7ff00000 && lx != 0) ||
	    iy > 0x7ff00000 || (iy == 0x7ff00000 && ly != 0))
		return cm_nan();			/* NaN argument */
	yisint = hx < 0 ? integer_kind(iy, ly) : 0;
	if (pow_special(x, y, yisint, &r)) return r;

	n = (int32_t)(((uint32_t)hx >> 31) - 1);	/* 0 if x < 0, -1 if not */
	if ((n | yisint) == 0) return cm_nan();		/* (x<0)**(non-int) is NaN */
	s = 1.0;		/* s (sign of result -ve**odd) = -1 else = 1 */
	if ((n | (yisint - 1)) == 0) s = -1.0;		/* (-ve)**(odd int) */

	if (iy > 0x41e00000) {		/* if |y| > 2**31 */
		if (iy > 0x43f00000) {	/* if |y| > 2**64, must o/uflow */
			if (ix <= 0x3fefffff) return (hy < 0) ? cm_inf() : 0.0;
			if (ix >= 0x3ff00000) return (hy > 0) ? cm_inf() : 0.0;
		}
		/* over/underflow if x is not close to one */
		if (ix < 0x3fefffff) return (hy < 0) ? s * cm_inf() : s * 0.0;
		if (ix > 0x3ff00000) return (hy > 0) ? s * cm_inf() : s * 0.0;
		t1 = pow_log2_near_one(cm_fabs(x), &t2);
	} else {
		t1 = pow_log2(cm_fabs(x), ix, &t2);
	}
	return pow_exp2(y, t1, t2, s);
}
