/* The guards of a block: the conditions of the branch edges that dominate
 * it, path conditions of joins (pathcond.c) and llvm.assume, outermost
 * first, with conditions a later guard implies dropped. */
#include "cond.h"
#include "eval.h"

#include <string.h>

/* ---------- guards ---------- */
/* text of a comparison (no side effects, unlike wp_cond_str) */
static char *cmp_text(K *k, const cond *c)
{
	return wp_printf(k->ar, "%s %s %s", wp_str(&k->at, c->l), wp_pred_text[c->pred], wp_str(&k->at, c->r));
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
			c = wp_branch_cond(k, LLVMGetCondition(t), d);
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
