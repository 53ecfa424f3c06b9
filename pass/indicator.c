/* Comparisons as 0/1 integer values (a zext or sext of an i1; a select
 * between values that differ by an amount free of thread, block and loop
 * variables is f + (t - f)*[c]), written with min and max: for integers,
 * [a < b] = min(max(b - a, 0), 1), [a != b] = min(max(a - b, b - a), 1),
 * [c && d] = min([c], [d]), [c || d] = max([c], [d]) (eval.c walks the
 * i1 values). The ranges of bounds.h drop the clamps that cannot bite:
 * [x > 0] of x >= 0 is min(x, 1). */
#include "indicator.h"

/* [d >= 1] for an integer d. */
static wp_poly *at_least_one(wp_atoms *at, wp_poly *d)
{
	return wp_minmax(at, wp_minmax(at, d, wp_const(at, 0), 1), wp_const(at, 1), 0);
}

wp_poly *wp_indicator(K *k, int pred, const wp_poly *l, const wp_poly *r)
{
	wp_atoms *at = &k->at;
	wp_poly *one = wp_const(at, 1);
	if (!l || !r)
		return NULL;
	switch (pred) {
	case P_LT:
		return at_least_one(at, wp_sub(at, r, l));
	case P_LE:
		return at_least_one(at, wp_add(at, wp_sub(at, r, l), one));
	case P_GT:
		return at_least_one(at, wp_sub(at, l, r));
	case P_GE:
		return at_least_one(at, wp_add(at, wp_sub(at, l, r), one));
	default: {
		wp_poly *e = wp_sub(at, l, r);
		wp_poly *ne = wp_minmax(at, wp_minmax(at, e, wp_scale(at, e, -1), 1), one, 0);
		return pred == P_NE ? ne : wp_sub(at, one, ne);
	}
	}
}
