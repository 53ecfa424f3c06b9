/* The range of an expression over boxes of symbol values, by interval
 * arithmetic with checked operations (issue 16): what launch.c proves before
 * any expression is evaluated unchecked. */
#include "kernel/expr.h"

static int in_value_range(int64_t lo, int64_t hi)
{
	return lo >= -EXPR_VALUE_MAX && hi <= EXPR_VALUE_MAX;
}

int expr_range(const expr *e, const int64_t *env_lo, const int64_t *env_hi,
	int64_t *lo, int64_t *hi)
{
	int64_t alo = 0, ahi = 0, blo = 0, bhi = 0;
	if (e->a && expr_range(e->a, env_lo, env_hi, &alo, &ahi))
		return -1;
	if (e->b && expr_range(e->b, env_lo, env_hi, &blo, &bhi))
		return -1;
	int bad = 0;
	switch (e->kind) {
	case expr_const:
		*lo = *hi = e->value;
		break;
	case expr_sym:
		*lo = env_lo[e->sym];
		*hi = env_hi[e->sym];
		break;
	case expr_add:
		bad = __builtin_add_overflow(alo, blo, lo) + __builtin_add_overflow(ahi, bhi, hi);
		break;
	case expr_sub:
		bad = __builtin_sub_overflow(alo, bhi, lo) + __builtin_sub_overflow(ahi, blo, hi);
		break;
	case expr_neg:
		*lo = -ahi;
		*hi = -alo;
		break;
	case expr_mul: {
		int64_t p[4];
		bad = __builtin_mul_overflow(alo, blo, &p[0]) + __builtin_mul_overflow(alo, bhi, &p[1]) +
			__builtin_mul_overflow(ahi, blo, &p[2]) + __builtin_mul_overflow(ahi, bhi, &p[3]);
		*lo = *hi = p[0];
		for (int i = 1; i < 4; i++) {
			*lo = p[i] < *lo ? p[i] : *lo;
			*hi = p[i] > *hi ? p[i] : *hi;
		}
		break;
	}
	case expr_div:
		if (blo <= 0 && bhi >= 0) {
			/* a divisor of 0 yields 0, any other shrinks |a| */
			int64_t m = -alo > ahi ? -alo : ahi;
			*lo = m < 0 ? 0 : -m;
			*hi = m < 0 ? 0 : m;
		} else {
			/* monotonic in each operand on either side of 0: the corners */
			int64_t p[4] = {floor_div(alo, blo), floor_div(alo, bhi), floor_div(ahi, blo),
				floor_div(ahi, bhi)};
			*lo = *hi = p[0];
			for (int i = 1; i < 4; i++) {
				*lo = p[i] < *lo ? p[i] : *lo;
				*hi = p[i] > *hi ? p[i] : *hi;
			}
		}
		break;
	case expr_mod:
		if (blo == bhi && blo != 0 && floor_div(alo, blo) == floor_div(ahi, blo)) {
			/* a fixed divisor and a range inside one period of it (a point:
			 * a loop bound `n % 4` once n is bound): exact, increasing */
			*lo = floor_mod(alo, blo);
			*hi = floor_mod(ahi, blo);
			if (*lo > *hi) {
				int64_t t = *lo;
				*lo = *hi, *hi = t;
			}
		} else {
			/* the sign of the divisor, at most |divisor| - 1 */
			*lo = blo < 0 ? blo + 1 : 0;
			*hi = bhi > 0 ? bhi - 1 : 0;
		}
		break;
	case expr_min:
		*lo = alo < blo ? alo : blo;
		*hi = ahi < bhi ? ahi : bhi;
		break;
	case expr_max:
		*lo = alo > blo ? alo : blo;
		*hi = ahi > bhi ? ahi : bhi;
		break;
	default: /* conditions: their operands are checked above */
		*lo = 0;
		*hi = 1;
		break;
	}
	return bad || !in_value_range(*lo, *hi) ? -1 : 0;
}
