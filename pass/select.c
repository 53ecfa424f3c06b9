/* Selects that are min, max or clamps: the compared values are the arms, or
 * differ from them by a constant that keeps the order, or one arm is a
 * min/max that the select bounds on the other side (InstCombine's clamp). */
#include "select.h"

#include <string.h>

int wp_minmax_call(LLVMValueRef v)
{
	if (!LLVMIsACallInst(v))
		return 0;
	const char *n = wp_callee_name(v);
	if (strncmp(n, "llvm.smin.", 10) == 0 || strncmp(n, "llvm.umin.", 10) == 0)
		return 1;
	return strncmp(n, "llvm.smax.", 10) == 0 || strncmp(n, "llvm.umax.", 10) == 0 ? 2 : 0;
}

LLVMValueRef wp_select_minmax_arm(LLVMValueRef sel)
{
	LLVMValueRef t = LLVMGetOperand(sel, 1), f = LLVMGetOperand(sel, 2);
	int kind_t = wp_minmax_call(t), kind_f = wp_minmax_call(f);
	if (!kind_t == !kind_f)
		return NULL;
	return kind_t ? t : f;
}

/* InstCombine's clamp of y: select(c, L, min(y, hi)) is max(L, min(y, hi))
 * and select(c, L, max(y, lo)) is min(L, max(y, lo)) (either arm order)
 * when c holds exactly where the bound arm wins: y < L (y > L for the
 * upper bound). With D = a - b of the signed comparison c, the bound arm is
 * taken iff D' <= -1, D' one of D, D - 1, -D, -D - 1 by predicate and arm;
 * it must equal y - L (L - y). The test on i stands for the one on
 * i + k (`i < 3` for `i - 3 < 0`). Equal where hi >= L (lo <= L), which a
 * clamp's bounds are (an assumption). NULL: not this shape. */
static wp_poly *clamp_select(K *k, const wp_select_parts *s, LLVMIntPredicate p)
{
	wp_atoms *at = &k->at;
	LLVMValueRef arm = wp_select_minmax_arm(s->sel);
	if (!arm || !s->inner[0] || !s->inner[1])
		return NULL;
	int bound_when_true = arm == LLVMGetOperand(s->sel, 2);
	int below = wp_minmax_call(arm) == 1; /* inner min: clamped below */
	wp_poly *d = wp_sub(at, s->a, s->b);
	wp_poly *bound = bound_when_true ? s->t : s->f;
	if (!d)
		return NULL;
	int lt = p == LLVMIntSLT || p == LLVMIntSLE, strict = p == LLVMIntSLT || p == LLVMIntSGT;
	/* bound arm iff D' <= -1 */
	wp_poly *dd = lt == bound_when_true ? d : wp_scale(at, d, -1);
	if (dd && strict != bound_when_true)
		dd = wp_sub(at, dd, wp_const(at, 1));
	for (unsigned i = 0; dd && i < 2; i++) {
		wp_poly *y = s->inner[i];
		wp_poly *e = below ? wp_sub(at, y, bound) : wp_sub(at, bound, y);
		if (e && wp_equal(e, dd)) {
			wp_assume(k, "a select%s read as a clamp, its upper bound taken >= its lower bound",
				wp_where(k, s->sel));
			return wp_minmax(at, bound, bound_when_true ? s->f : s->t, below);
		}
	}
	return NULL;
}

/* select(a OP b, t, f) that is min(t, f) or max(t, f) because t - f is
 * s*(a - b) + c for s = +-1 and a constant c that keeps the order:
 * min(x + 1, n - 1) written as x < n - 1 ? x + 1 : n - 1. For a < b
 * (a - b <= -1) with s = 1 the select is min(t, f) when 0 <= c <= 1: taken,
 * t - f <= c - 1 <= 0; not taken, t - f >= c >= 0. For a <= b, -1 <= c <= 0.
 * s = -1 mirrors these into max, and a > b is b < a. NULL: not this shape. */
static wp_poly *offset_minmax(K *k, const wp_select_parts *s, LLVMIntPredicate p)
{
	wp_atoms *at = &k->at;
	wp_poly *d = wp_sub(at, s->a, s->b), *tf = wp_sub(at, s->t, s->f);
	if (!d || !tf)
		return NULL;
	int strict = p == LLVMIntSLT || p == LLVMIntSGT;
	if (p == LLVMIntSGT || p == LLVMIntSGE)
		d = wp_scale(at, d, -1);
	for (int sign = 1; d && sign >= -1; sign -= 2) {
		int64_t c;
		wp_poly *rest = wp_sub(at, tf, sign > 0 ? d : wp_scale(at, d, -1));
		if (!rest || !wp_is_const(rest, &c))
			continue;
		int keeps = strict ? (sign > 0 ? c >= 0 && c <= 1 : c >= -1 && c <= 0)
				   : (sign > 0 ? c >= -1 && c <= 0 : c >= 0 && c <= 1);
		if (keeps)
			return wp_minmax(at, s->t, s->f, sign < 0);
	}
	return NULL;
}

wp_poly *wp_select_minmax(K *k, const wp_select_parts *s)
{
	LLVMValueRef cnd = LLVMGetOperand(s->sel, 0), t = LLVMGetOperand(s->sel, 1),
		f = LLVMGetOperand(s->sel, 2);
	LLVMValueRef a = LLVMGetOperand(cnd, 0), b = LLVMGetOperand(cnd, 1);
	LLVMIntPredicate p = LLVMGetICmpPredicate(cnd);
	int lt = p == LLVMIntSLT || p == LLVMIntULT || p == LLVMIntSLE || p == LLVMIntULE;
	int gt = p == LLVMIntSGT || p == LLVMIntUGT || p == LLVMIntSGE || p == LLVMIntUGE;
	/* the compared values themselves (unsigned too: the same values) */
	if ((lt || gt) && ((t == a && f == b) || (t == b && f == a)))
		return wp_minmax(&k->at, s->t, s->f, (t == a) == gt);
	/* the rest reads differences: signed comparisons only */
	if (p != LLVMIntSLT && p != LLVMIntSLE && p != LLVMIntSGT && p != LLVMIntSGE)
		return NULL;
	wp_poly *c = clamp_select(k, s, p);
	return c ? c : offset_minmax(k, s, p);
}
