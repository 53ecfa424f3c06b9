/* Conditions: branch conditions as trees of affine comparisons (and, or,
 * negation, opaque parts with a reason), their text in the model syntax, and
 * the guards of a block (dominating branch edges, path conditions of joins,
 * llvm.assume). */
#include "cond.h"
#include "eval.h"

#include <string.h>

static const char *pred_text[] = {"<", "<=", ">", ">=", "==", "!="};
const int wp_pred_neg[] = {P_GE, P_GT, P_LE, P_LT, P_NE, P_EQ};

/* The comparison of an icmp (signed and unsigned alike: values are taken as
 * non-negative where it matters, see docs/pass.md). */
int wp_icmp_pred(LLVMValueRef icmp)
{
	switch (LLVMGetICmpPredicate(icmp)) {
	case LLVMIntSLT: case LLVMIntULT: return P_LT;
	case LLVMIntSLE: case LLVMIntULE: return P_LE;
	case LLVMIntSGT: case LLVMIntUGT: return P_GT;
	case LLVMIntSGE: case LLVMIntUGE: return P_GE;
	case LLVMIntEQ: return P_EQ;
	default: return P_NE;
	}
}

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
	if (op == LLVMICmp) {
		wp_poly *a = wp_opnd(k, v, 0), *b = a ? wp_opnd(k, v, 1) : NULL;
		if (!a || !b)
			c = wp_opaque(k, k->why);
		else if (wp_has_data(&k->at, a) || wp_has_data(&k->at, b))
			c = wp_opaque(k, "depends on loaded data");
		else {
			c = wp_cmp_cond(k, a, b, wp_icmp_pred(v));
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
		return wp_printf(k->ar, "%s %s %s", wp_str(&k->at, c->l), pred_text[c->pred], wp_str(&k->at, c->r));
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

/* ---------- guards ---------- */
/* text of a comparison (no side effects, unlike wp_cond_str) */
static char *cmp_text(K *k, const cond *c)
{
	return wp_printf(k->ar, "%s %s %s", wp_str(&k->at, c->l), pred_text[c->pred], wp_str(&k->at, c->r));
}

/* some comparison of the || `c` is a conjunct of c2 */
static int or_has_conjunct(K *k, const cond *c, const cond *c2)
{
	if (c->op == C_OR)
		return or_has_conjunct(k, c->a, c2) || or_has_conjunct(k, c->b, c2);
	if (c->op != C_CMP)
		return 0;
	if (c2->op == C_AND)
		return or_has_conjunct(k, c, c2->a) || or_has_conjunct(k, c, c2->b);
	return c2->op == C_CMP && strcmp(cmp_text(k, c), cmp_text(k, c2)) == 0;
}

/* the || g[i].c is implied by another guard of the list */
static int or_implied(K *k, const cond *c, const guard_ent *g, int n, int i)
{
	for (int j = 0; j < n; j++)
		if (j != i && or_has_conjunct(k, c, g[j].c))
			return 1;
	return 0;
}

/* Guards of block b: the branch edges that dominate it, and the path
 * conditions of the blocks with several predecessors (or reached through a
 * switch) on its dominator chain. */
int wp_block_guards(K *k, int b, guard_ent **out)
{
	int cap = 8, n = 0;
	guard_ent *g = wp_alloc(k->ar, (size_t)cap * sizeof(*g));
	for (int x = b; x != 0 && k->idom[x] >= 0;) {
		int d = k->idom[x];
		LLVMValueRef t = LLVMGetBasicBlockTerminator(k->bb[d]);
		int only = 0, s0 = -1, s1 = -1;
		if (t && LLVMIsABranchInst(t) && LLVMIsConditional(t)) {
			s0 = wp_bindex(k, LLVMGetSuccessor(t, 0));
			s1 = wp_bindex(k, LLVMGetSuccessor(t, 1));
			only = s0 != s1 && (x == s0 || x == s1);
			for (int p = 0; only && p < k->npred[x]; p++)
				if (k->pred[x][p] != d && !wp_dominates(k, x, k->pred[x][p]))
					only = 0;
			/* a loop's exit test guards neither its body nor what follows */
			for (int li = k->inner[d]; only && li >= 0; li = k->loops[li].parent)
				if (!k->loops[li].in[s0] || !k->loops[li].in[s1])
					only = 0;
		}
		cond *c = NULL;
		if (only) {
			c = wp_ev_cond(k, LLVMGetCondition(t), d);
			if (x != s0)
				c = wp_negate(k, c);
		} else {
			c = wp_join_cond(k, x, d);
		}
		if (c) {
			if (n == cap) {
				guard_ent *ng = wp_alloc(k->ar, (size_t)(2 * cap) * sizeof(*g));
				if (cap > 0)
					memcpy(ng, g, (size_t)cap * sizeof(*g));
				g = ng;
				cap *= 2;
			}
			/* a branch edge: (branch, 1 for its first successor, 0 for its
			 * second); a path condition: (d's terminator, 2 + x) */
			g[n].br = t;
			g[n].dir = only ? x == s0 : 2 + x;
			g[n].c = c;
			n++;
		}
		x = d;
	}
	/* outermost first */
	for (int i = 0; i < n / 2; i++) {
		guard_ent t = g[i];
		g[i] = g[n - 1 - i];
		g[n - 1 - i] = t;
	}
	/* llvm.assume(c) in b or a block dominating it (in the same loops) holds
	 * whenever b runs: a guard. Loop unrolling puts one in the remainder
	 * (`assume(n % 2 != 0)`), a block whose several predecessors hide it. */
	for (int x = b; x >= 0;) {
		int same_loops = 1;
		for (int li = k->inner[x]; li >= 0; li = k->loops[li].parent)
			same_loops &= k->loops[li].in[b] != 0;
		for (LLVMValueRef i = same_loops ? LLVMGetFirstInstruction(k->bb[x]) : NULL; i;
		     i = LLVMGetNextInstruction(i)) {
			if (LLVMGetInstructionOpcode(i) != LLVMCall || strcmp(wp_callee_name(i), "llvm.assume") != 0)
				continue;
			cond *c = wp_ev_cond(k, LLVMGetOperand(i, 0), x);
			if (c->op == C_TRUE || c->op == C_OPAQUE)
				continue;
			if (n == cap) {
				guard_ent *ng = wp_alloc(k->ar, (size_t)(2 * cap) * sizeof(*g));
				if (cap > 0)
					memcpy(ng, g, (size_t)cap * sizeof(*g));
				g = ng;
				cap *= 2;
			}
			g[n].br = i;
			g[n].dir = 1;
			g[n].c = c;
			n++;
		}
		if (x == 0)
			break;
		x = k->idom[x];
	}
	/* a path condition that another guard of b implies adds nothing (the
	 * unroll remainder: `n == 1 || n % 2 != 0` next to assume(n % 2 != 0)) */
	for (int i = 0; i < n; i++)
		if (g[i].dir >= 2 && g[i].c->op == C_OR && or_implied(k, g[i].c, g, n, i)) {
			memmove(&g[i], &g[i + 1], (size_t)(n - i - 1) * sizeof(*g));
			n--;
			i--;
		}
	*out = g;
	return n;
}
