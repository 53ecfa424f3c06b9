/* Conditions as 0/1 integer values (a zext or sext of an i1, a select
 * between values that differ by an amount free of thread, block and loop
 * variables), written with min and max: for integers,
 * [a < b] = min(max(b - a, 0), 1), [a != b] = min(max(a - b, b - a), 1),
 * [c && d] = min([c], [d]), [c || d] = max([c], [d]). The ranges of
 * bounds.h drop the clamps that cannot bite: [x > 0] of x >= 0 is min(x, 1). */
#include "cond.h"
#include "eval.h"

/* [d >= 1] for an integer d. */
static wp_poly *at_least_one(wp_atoms *at, wp_poly *d)
{
	return wp_minmax(at, wp_minmax(at, d, wp_const(at, 0), 1), wp_const(at, 1), 0);
}

static wp_poly *cond_poly(K *k, const cond *c, int depth)
{
	wp_atoms *at = &k->at;
	if (depth > 16) {
		k->why = "value computed from a comparison too deep";
		return NULL;
	}
	switch (c->op) {
	case C_TRUE:
		return wp_const(at, 1);
	case C_FALSE:
		return wp_const(at, 0);
	case C_AND:
	case C_OR: {
		wp_poly *a = cond_poly(k, c->a, depth + 1);
		wp_poly *b = a ? cond_poly(k, c->b, depth + 1) : NULL;
		return wp_minmax(at, a, b, c->op == C_OR);
	}
	case C_CMP: {
		wp_poly *l = c->l, *r = c->r, *one = wp_const(at, 1);
		switch (c->pred) {
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
			return c->pred == P_NE ? ne : wp_sub(at, one, ne);
		}
		}
	}
	default:
		k->why = wp_printf(k->ar, "value computed from a comparison (%s)", c->why ? c->why : "not affine");
		return NULL;
	}
}

wp_poly *wp_cond_value(K *k, LLVMValueRef i1)
{
	int use = LLVMIsAInstruction(i1) ? wp_block_of(k, i1) : -1;
	return cond_poly(k, wp_ev_cond(k, i1, use), 0);
}

wp_poly *wp_select_value(K *k, LLVMValueRef sel, wp_poly *t, wp_poly *f)
{
	wp_atoms *at = &k->at;
	wp_poly *d = wp_sub(at, t, f);
	if (!d || wp_has_varying(at, d) || wp_has_data(at, d)) {
		k->why = "value chosen by a select";
		return NULL;
	}
	wp_poly *c = wp_cond_value(k, LLVMGetOperand(sel, 0));
	return c ? wp_add(at, f, wp_mul(at, d, c)) : NULL;
}
