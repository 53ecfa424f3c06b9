/* Conditions: branch conditions as trees of affine comparisons (and, or,
 * negation, opaque parts with a reason) and their text in the model syntax.
 * The guards of a block are guards.c. */
#include "cond.h"
#include "eval.h"

#include <string.h>

cond *wp_mkcond(K *k, int op)
{
	cond *c = wp_alloc(k->ar, sizeof(*c));
	c->op = op;
	return c;
}

cond *wp_opaque(K *k, const char *why)
{
	cond *c = wp_mkcond(k, C_OPAQUE);
	c->why = wp_strdup(k->ar, why ? why : "not affine");
	return c;
}

cond *wp_negate(K *k, cond *c)
{
	cond *n;
	switch (c->op) {
	case C_CMP:
		n = wp_mkcond(k, C_CMP);
		*n = *c;
		n->pred = wp_pred_neg[c->pred];
		return n;
	case C_AND:
	case C_OR:
		n = wp_mkcond(k, c->op == C_AND ? C_OR : C_AND);
		n->a = wp_negate(k, c->a);
		n->b = wp_negate(k, c->b);
		return n;
	case C_TRUE:
		return wp_mkcond(k, C_FALSE);
	case C_FALSE:
		return wp_mkcond(k, C_TRUE);
	default:
		return c;
	}
}

/* a PRED b. e != 0 with e a sum of thread/block indices (never negative) is
 * e >= 1 (e == 0: e < 1): one affine constraint instead of a disjunction
 * (clang turns `y < 1` on such a y into `y == 0`). */
cond *wp_cmp_cond(K *k, wp_poly *a, wp_poly *b, int pred)
{
	cond *c = wp_mkcond(k, C_CMP);
	c->l = a;
	c->r = b;
	c->pred = pred;
	wp_poly *d = c->pred == P_NE || c->pred == P_EQ ? wp_sub(&k->at, a, b) : NULL;
	int nonneg = d && d->n > 0;
	for (int t = 0; nonneg && t < d->n; t++) {
		nonneg = d->t[t].c > 0 && d->t[t].n > 0;
		for (int f = 0; nonneg && f < d->t[t].n; f++) {
			enum wp_atom_kind kd = k->at.a[d->t[t].f[f]].kind;
			nonneg = kd == WP_TID || kd == WP_CTAID || kd == WP_NTID || kd == WP_NCTAID;
		}
	}
	if (nonneg) {
		wp_poly *r1 = wp_add(&k->at, b, wp_const(&k->at, 1));
		if (r1) {
			c->r = r1;
			c->pred = c->pred == P_NE ? P_GE : P_LT;
		}
	}
	return c;
}

static int has_negative_term(const wp_poly *p)
{
	for (int t = 0; t < p->n; t++)
		if (p->t[t].c < 0)
			return 1;
	return 0;
}

/* An unsigned comparison of a left side that can be negative against a
 * constant: InstCombine's range test, `x >= lo && x < hi` folded into
 * `(x - lo) u< hi - lo`. A negative left side wraps to a huge unsigned
 * value, so u< and u<= also need it >= 0, and u> and u>= hold for it too. */
static cond *unsigned_range(K *k, LLVMValueRef icmp, wp_poly *a, wp_poly *b, cond *c)
{
	LLVMIntPredicate p = LLVMGetICmpPredicate(icmp);
	int below = p == LLVMIntULT || p == LLVMIntULE, above = p == LLVMIntUGT || p == LLVMIntUGE;
	int64_t bound;
	if (!(below || above) || !wp_is_const(b, &bound) || bound < 0 || !has_negative_term(a))
		return c;
	wp_poly *zero = wp_const(&k->at, 0);
	if (!zero)
		return c;
	cond *r = wp_mkcond(k, below ? C_AND : C_OR);
	r->a = wp_cmp_cond(k, a, zero, below ? P_GE : P_LT);
	r->b = c;
	return r;
}

/* v == 0 where v may be a bitwise or: `(ty | by) == 0`, which InstCombine
 * makes of `ty == 0 && by == 0`, is each operand == 0. */
static cond *is_zero(K *k, LLVMValueRef v)
{
	if (LLVMIsAInstruction(v) && LLVMGetInstructionOpcode(v) == LLVMOr) {
		cond *c = wp_mkcond(k, C_AND);
		c->a = is_zero(k, LLVMGetOperand(v, 0));
		c->b = is_zero(k, LLVMGetOperand(v, 1));
		return c;
	}
	wp_poly *a = wp_ev(k, v);
	if (!a)
		return wp_opaque(k, k->why);
	if (wp_has_data(&k->at, a))
		return wp_opaque(k, "depends on loaded data");
	return wp_cmp_cond(k, a, wp_const(&k->at, 0), P_EQ);
}

/* `icmp eq/ne (or a b), 0`: NULL when v is not one. */
static cond *or_zero_test(K *k, LLVMValueRef v)
{
	LLVMIntPredicate p = LLVMGetICmpPredicate(v);
	LLVMValueRef x = LLVMGetOperand(v, 0), zero = LLVMGetOperand(v, 1);
	if ((p != LLVMIntEQ && p != LLVMIntNE) || !LLVMIsAConstantInt(zero) ||
	    LLVMConstIntGetZExtValue(zero) != 0 || !LLVMIsAInstruction(x) ||
	    LLVMGetInstructionOpcode(x) != LLVMOr ||
	    LLVMGetTypeKind(LLVMTypeOf(x)) != LLVMIntegerTypeKind)
		return NULL;
	cond *c = is_zero(k, x);
	return p == LLVMIntEQ ? c : wp_negate(k, c);
}

cond *wp_ev_cond(K *k, LLVMValueRef v, int use)
{
	if (LLVMIsAConstantInt(v))
		return wp_mkcond(k, LLVMConstIntGetZExtValue(v) ? C_TRUE : C_FALSE);
	if (!LLVMIsAInstruction(v))
		return wp_opaque(k, "condition is not an instruction");
	cond *m = wp_pmap_get(&k->cmemo, v);
	if (m)
		return m;
	cond *c = NULL;
	LLVMOpcode op = LLVMGetInstructionOpcode(v);
	if (op == LLVMICmp && (c = or_zero_test(k, v)) != NULL) {
		/* done */
	} else if (op == LLVMICmp) {
		wp_poly *a = wp_opnd(k, v, 0), *b = a ? wp_opnd(k, v, 1) : NULL;
		if (!a || !b)
			c = wp_opaque(k, k->why);
		else if (wp_has_data(&k->at, a) || wp_has_data(&k->at, b))
			c = wp_opaque(k, "depends on loaded data");
		else {
			c = wp_cmp_cond(k, a, b, wp_icmp_pred(v));
			c = unsigned_range(k, v, a, b, c);
		}
	} else if (op == LLVMAnd || op == LLVMOr) {
		c = wp_mkcond(k, op == LLVMAnd ? C_AND : C_OR);
		c->a = wp_ev_cond(k, LLVMGetOperand(v, 0), use);
		c->b = wp_ev_cond(k, LLVMGetOperand(v, 1), use);
	} else if (op == LLVMXor && LLVMIsAConstantInt(LLVMGetOperand(v, 1)) &&
	           LLVMConstIntGetZExtValue(LLVMGetOperand(v, 1))) {
		c = wp_negate(k, wp_ev_cond(k, LLVMGetOperand(v, 0), use));
	} else if (op == LLVMSelect && LLVMGetIntTypeWidth(LLVMTypeOf(v)) == 1) {
		LLVMValueRef s = LLVMGetOperand(v, 0), t = LLVMGetOperand(v, 1), f = LLVMGetOperand(v, 2);
		if (LLVMIsAConstantInt(f) && !LLVMConstIntGetZExtValue(f)) {
			c = wp_mkcond(k, C_AND); /* s ? t : false */
			c->a = wp_ev_cond(k, s, use);
			c->b = wp_ev_cond(k, t, use);
		} else if (LLVMIsAConstantInt(t) && LLVMConstIntGetZExtValue(t)) {
			c = wp_mkcond(k, C_OR); /* s ? true : f */
			c->a = wp_ev_cond(k, s, use);
			c->b = wp_ev_cond(k, f, use);
		} else {
			c = wp_opaque(k, "select of two conditions");
		}
	} else if (op == LLVMPHI) {
		/* a flag alone in a branch is read as a path condition (pathcond.c) */
		c = wp_opaque(k, "a flag (i1 phi) carried by a loop or inside a compound condition");
	} else if (op == LLVMFCmp) {
		c = wp_opaque(k, "floating-point comparison");
	} else if (op == LLVMLoad || op == LLVMTrunc) {
		c = wp_opaque(k, "depends on loaded data");
	} else {
		c = wp_opaque(k, "condition not built from integer comparisons");
	}
	wp_pmap_put(k->ar, &k->cmemo, v, c);
	return c;
}

/* Text of a condition; NULL when it is (assumed) true. Opaque parts are
 * recorded as assumptions. */
char *wp_cond_str(K *k, cond *c, LLVMValueRef br, int top)
{
	char *a, *b;
	switch (c->op) {
	case C_CMP:
		return wp_printf(k->ar, "%s %s %s", wp_str(&k->at, c->l), wp_pred_text[c->pred], wp_str(&k->at, c->r));
	case C_TRUE:
		return NULL;
	case C_FALSE:
		return wp_strdup(k->ar, "0 > 1");
	case C_OPAQUE:
		wp_assume(k, "condition%s not analysed (%s): assumed true", wp_where(k, c->at ? c->at : br), c->why);
		return NULL;
	default:
		/* || is associative: an || inside an || needs no parentheses */
		a = wp_cond_str(k, c->a, br, c->op == C_OR && c->a->op == C_OR);
		b = wp_cond_str(k, c->b, br, c->op == C_OR && c->b->op == C_OR);
		if (!a || !b) {
			if (c->op == C_OR)
				return NULL;
			return a ? a : b;
		}
		return wp_printf(k->ar, top || c->op == C_AND ? "%s %s %s" : "(%s %s %s)", a,
			c->op == C_AND ? "&&" : "||", b);
	}
}
