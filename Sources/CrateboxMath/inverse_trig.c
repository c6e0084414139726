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
 * A transcription of fdlibm's e_asin.c, e_acos.c, s_atan.c and e_atan2.c
 * (FreeBSD msun) for cratebox.
 *
 * asin: on [0, 0.5], x + x*x^2*R(x^2) with R a rational approximation
 * (error < 2^-58.75); on [0.5, 1], pi/2 - 2*asin(sqrt((1-x)/2)), with the
 * square root split into a 32-bit head and a correction for x <= 0.975.
 * acos: pi/2 - asin(x) in the same pieces; 2*asin(sqrt((1-x)/2)) for
 * x > 0.5, pi - 2*asin(sqrt((1+x)/2)) for x < -0.5.
 * atan: x reduced to [0, 7/16] by atan(x) = atan(c) + atan((x-c)/(1+xc))
 * for c = 1/2, 1, 3/2, inf, then an odd polynomial of degree 23.
 * atan2: atan(|y/x|) moved to the right quadrant by +-(pi - z) with pi in
 * two pieces; zeros and infinities by the C99 table in e_atan2.c.
 * Special cases: |x| > 1 in asin and acos, and any NaN, give the canonical
 * NaN; asin(+-0) = +-0, atan2(+-0, +0) = +-0, atan2(+-0, -0) = +-pi.
 */

#include "math_internal.h"

static const double
pio2_hi = 0x1.921fb54442d18p+0,  /* 1.57079632679489655800e+00, 0x3FF921FB, 0x54442D18 */
pio2_lo = 0x1.1a62633145c07p-54, /* 6.12323399573676603587e-17, 0x3C91A626, 0x33145C07 */
pio4_hi = 0x1.921fb54442d18p-1,  /* 7.85398163397448278999e-01, 0x3FE921FB, 0x54442D18 */
pi      = 0x1.921fb54442d18p+1,  /* 3.14159265358979311600e+00, 0x400921FB, 0x54442D18 */
pi_lo   = 0x1.1a62633145c07p-53, /* 1.2246467991473531772E-16, 0x3CA1A626, 0x33145C07 */
	/* coefficients for R(x^2) */
pS0 =  0x1.5555555555555p-3,  /*  1.66666666666666657415e-01, 0x3FC55555, 0x55555555 */
pS1 = -0x1.4d61203eb6f7dp-2,  /* -3.25565818622400915405e-01, 0xBFD4D612, 0x03EB6F7D */
pS2 =  0x1.9c1550e884455p-3,  /*  2.01212532134862925881e-01, 0x3FC9C155, 0x0E884455 */
pS3 = -0x1.48228b5688f3bp-5,  /* -4.00555345006794114027e-02, 0xBFA48228, 0xB5688F3B */
pS4 =  0x1.9efe07501b288p-11, /*  7.91534994289814532176e-04, 0x3F49EFE0, 0x7501B288 */
pS5 =  0x1.23de10dfdf709p-15, /*  3.47933107596021167570e-05, 0x3F023DE1, 0x0DFDF709 */
qS1 = -0x1.33a271c8a2d4bp+1,  /* -2.40339491173441421878e+00, 0xC0033A27, 0x1C8A2D4B */
qS2 =  0x1.02ae59c598ac8p+1,  /*  2.02094576023350569471e+00, 0x40002AE5, 0x9C598AC8 */
qS3 = -0x1.6066c1b8d0159p-1,  /* -6.88283971605453293030e-01, 0xBFE6066C, 0x1B8D0159 */
qS4 =  0x1.3b8c5b12e9282p-4;  /*  7.70381505559019352791e-02, 0x3FB3B8C5, 0xB12E9282 */

static const double atanhi[] = {
	0x1.dac670561bb4fp-2,  /* 4.63647609000806093515e-01, 0x3FDDAC67, 0x0561BB4F: atan(0.5) hi */
	0x1.921fb54442d18p-1,  /* 7.85398163397448278999e-01, 0x3FE921FB, 0x54442D18: atan(1.0) hi */
	0x1.f730bd281f69bp-1,  /* 9.82793723247329054082e-01, 0x3FEF730B, 0xD281F69B: atan(1.5) hi */
	0x1.921fb54442d18p+0,  /* 1.57079632679489655800e+00, 0x3FF921FB, 0x54442D18: atan(inf) hi */
};

static const double atanlo[] = {
	0x1.a2b7f222f65e2p-56, /* 2.26987774529616870924e-17, 0x3C7A2B7F, 0x222F65E2: atan(0.5) lo */
	0x1.1a62633145c07p-55, /* 3.06161699786838301793e-17, 0x3C81A626, 0x33145C07: atan(1.0) lo */
	0x1.007887af0cbbdp-56, /* 1.39033110312309984516e-17, 0x3C700788, 0x7AF0CBBD: atan(1.5) lo */
	0x1.1a62633145c07p-54, /* 6.12323399573676603587e-17, 0x3C91A626, 0x33145C07: atan(inf) lo */
};

static const double aT[] = {
	 0x1.555555555550dp-2, /*  3.33333333333329318027e-01, 0x3FD55555, 0x5555550D */
	-0x1.999999998ebc4p-3, /* -1.99999999998764832476e-01, 0xBFC99999, 0x9998EBC4 */
	 0x1.24924920083ffp-3, /*  1.42857142725034663711e-01, 0x3FC24924, 0x920083FF */
	-0x1.c71c6fe231671p-4, /* -1.11111104054623557880e-01, 0xBFBC71C6, 0xFE231671 */
	 0x1.745cdc54c206ep-4, /*  9.09088713343650656196e-02, 0x3FB745CD, 0xC54C206E */
	-0x1.3b0f2af749a6dp-4, /* -7.69187620504482999495e-02, 0xBFB3B0F2, 0xAF749A6D */
	 0x1.10d66a0d03d51p-4, /*  6.66107313738753120669e-02, 0x3FB10D66, 0xA0D03D51 */
	-0x1.dde2d52defd9ap-5, /* -5.83357013379057348645e-02, 0xBFADDE2D, 0x52DEFD9A */
	 0x1.97b4b24760debp-5, /*  4.97687799461593236017e-02, 0x3FA97B4B, 0x24760DEB */
	-0x1.2b4442c6a6c2fp-5, /* -3.65315727442169155270e-02, 0xBFA2B444, 0x2C6A6C2F */
	 0x1.0ad3ae322da11p-6, /*  1.62858201153657823623e-02, 0x3F90AD3A, 0xE322DA11 */
};

/* R(t) = p/q, the rational part of asin and acos. */
static double asin_r(double t)
{
	double p = t * (pS0 + t * (pS1 + t * (pS2 + t * (pS3 + t * (pS4 + t * pS5)))));
	double q = 1.0 + t * (qS1 + t * (qS2 + t * (qS3 + t * qS4)));
	return p / q;
}

double cratebox_asin(double x)
{
	double t, w, p, q, c, r, s;
	int32_t hx = cm_high(x), ix = hx & 0x7fffffff;

	if (ix >= 0x3ff00000) {		/* |x| >= 1 */
		if (((ix - 0x3ff00000) | cm_low(x)) == 0)
			return x * pio2_hi + x * pio2_lo;	/* asin(+-1) = +-pi/2 */
		return cm_nan();		/* asin(|x|>1) and NaN */
	}
	if (ix < 0x3fe00000) {		/* |x| < 0.5 */
		if (ix < 0x3e500000) return x;	/* |x| < 2**-26 */
		t = x * x;
		w = asin_r(t);
		return x + x * w;
	}
	/* 1 > |x| >= 0.5 */
	w = 1.0 - cm_fabs(x);
	t = w * 0.5;
	r = asin_r(t);
	s = cm_sqrt(t);
	if (ix >= 0x3FEF3333) {		/* if |x| > 0.975 */
		t = pio2_hi - (2.0 * (s + s * r) - pio2_lo);
	} else {
		w = cm_with_low(s, 0);
		c = (t - w * w) / (s + w);
		p = 2.0 * s * r - (pio2_lo - 2.0 * c);
		q = pio4_hi - 2.0 * w;
		t = pio4_hi - (p - q);
	}
	return hx > 0 ? t : -t;
}

double cratebox_acos(double x)
{
	double z, r, w, s, c, df;
	int32_t hx = cm_high(x), ix = hx & 0x7fffffff;

	if (ix >= 0x3ff00000) {		/* |x| >= 1 */
		if (((ix - 0x3ff00000) | cm_low(x)) == 0) {	/* |x| == 1 */
			if (hx > 0) return 0.0;		/* acos(1) = 0 */
			return pi + 2.0 * pio2_lo;	/* acos(-1) = pi */
		}
		return cm_nan();		/* acos(|x|>1) and NaN */
	}
	if (ix < 0x3fe00000) {		/* |x| < 0.5 */
		if (ix <= 0x3c600000) return pio2_hi + pio2_lo;	/* |x| <= 2**-57 */
		z = x * x;
		r = asin_r(z);
		return pio2_hi - (x - (pio2_lo - x * r));
	}
	if (hx < 0) {			/* x < -0.5 */
		z = (1.0 + x) * 0.5;
		s = cm_sqrt(z);
		r = asin_r(z);
		w = r * s - pio2_lo;
		return pi - 2.0 * (s + w);
	}
	/* x > 0.5 */
	z = (1.0 - x) * 0.5;
	s = cm_sqrt(z);
	df = cm_with_low(s, 0);
	c  = (z - df * df) / (s + df);
	r = asin_r(z);
	w = r * s + c;
	return 2.0 * (df + w);
}

/* s_atan.c's atan(x), for atan2. */
double cratebox_math_atan(double x)
{
	double w, s1, s2, z;
	int32_t ix, hx, id;

	hx = cm_high(x);
	ix = hx & 0x7fffffff;
	if (ix >= 0x44100000) {		/* if |x| >= 2^66 */
		if (ix > 0x7ff00000 || (ix == 0x7ff00000 && cm_low(x) != 0))
			return cm_nan();
		if (hx > 0) return atanhi[3] + atanlo[3];
		return -atanhi[3] - atanlo[3];
	}
	if (ix < 0x3fdc0000) {		/* |x| < 0.4375 */
		if (ix < 0x3e400000) return x;	/* |x| < 2^-27 */
		id = -1;
	} else {
		x = cm_fabs(x);
		if (ix < 0x3ff30000) {		/* |x| < 1.1875 */
			if (ix < 0x3fe60000) {	/* 7/16 <= |x| < 11/16 */
				id = 0; x = (2.0 * x - 1.0) / (2.0 + x);
			} else {		/* 11/16 <= |x| < 19/16 */
				id = 1; x = (x - 1.0) / (x + 1.0);
			}
		} else if (ix < 0x40038000) {	/* |x| < 2.4375 */
			id = 2; x = (x - 1.5) / (1.0 + 1.5 * x);
		} else {			/* 2.4375 <= |x| < 2^66 */
			id = 3; x = -1.0 / x;
		}
	}
	/* end of argument reduction */
	z = x * x;
	w = z * z;
	/* break sum from i=0 to 10 aT[i]z**(i+1) into odd and even poly */
	s1 = z * (aT[0] + w * (aT[2] + w * (aT[4] + w * (aT[6] + w * (aT[8] + w * aT[10])))));
	s2 = w * (aT[1] + w * (aT[3] + w * (aT[5] + w * (aT[7] + w * aT[9]))));
	if (id < 0) return x - x * (s1 + s2);
	z = atanhi[id] - ((x * (s1 + s2) - atanlo[id]) - x);
	return (hx < 0) ? -z : z;
}

/* atan2 when x or y is zero or infinite; m = 2*sign(x) + sign(y). */
static double atan2_special(int32_t ix, int32_t iy, int32_t hy, int m, double y)
{
	if (iy == 0 && (cm_bits(y) << 1) == 0) {	/* y = +-0 */
		switch (m) {
		case 0:
		case 1: return y;		/* atan(+-0,+anything) = +-0 */
		case 2: return pi;		/* atan(+0,-anything) = pi */
		default: return -pi;		/* atan(-0,-anything) = -pi */
		}
	}
	if (ix == 0x7ff00000) {		/* x is INF */
		if (iy == 0x7ff00000) {
			switch (m) {
			case 0: return  pio4_hi;		/* atan(+INF,+INF) */
			case 1: return -pio4_hi;		/* atan(-INF,+INF) */
			case 2: return  3.0 * pio4_hi;	/* atan(+INF,-INF) */
			default: return -3.0 * pio4_hi;	/* atan(-INF,-INF) */
			}
		}
		switch (m) {
		case 0: return  0.0;		/* atan(+...,+INF) */
		case 1: return -0.0;		/* atan(-...,+INF) */
		case 2: return  pi;		/* atan(+...,-INF) */
		default: return -pi;		/* atan(-...,-INF) */
		}
	}
	return (hy < 0) ? -pio2_hi : pio2_hi;	/* x = 0 or y is INF */
}

double cratebox_atan2(double y, double x)
{
	double z;
	int32_t k, m, hx, hy, ix, iy;
	uint32_t lx = cm_low(x), ly = cm_low(y);

	hx = cm_high(x); ix = hx & 0x7fffffff;
	hy = cm_high(y); iy = hy & 0x7fffffff;
	if ((ix | ((lx | -lx) >> 31)) > 0x7ff00000 ||
	    (iy | ((ly | -ly) >> 31)) > 0x7ff00000)	/* x or y is NaN */
		return cm_nan();
	if (((hx - 0x3ff00000) | lx) == 0) return cratebox_math_atan(y);	/* x = 1.0 */
	m = ((hy >> 31) & 1) | ((hx >> 30) & 2);	/* 2*sign(x)+sign(y) */
	if ((iy | ly) == 0 || (ix | lx) == 0 || ix == 0x7ff00000 || iy == 0x7ff00000)
		return atan2_special(ix, iy, hy, m, y);

	/* compute y/x */
	k = (iy - ix) >> 20;
	if (k > 60) {			/* |y/x| > 2**60 */
		z = pio2_hi + 0.5 * pi_lo;
		m &= 1;
	} else if (hx < 0 && k < -60) z = 0.0;	/* 0 > |y|/x > -2**-60 */
	else z = cratebox_math_atan(cm_fabs(y / x));	/* safe to do y/x */
	switch (m) {
	case 0: return  z;			/* atan(+,+) */
	case 1: return -z;			/* atan(-,+) */
	case 2: return  pi - (z - pi_lo);	/* atan(+,-) */
	default: return (z - pi_lo) - pi;	/* atan(-,-) */
	}
}
