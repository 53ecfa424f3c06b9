/* A value merged after a switch (`switch (dir) { case 0: off = 1; ...}`)
 * whose arms differ by amounts free of thread, block and loop variables:
 * the default arm's value plus, for each case that leads elsewhere, the
 * difference times [key == case], as two-armed merges are read. Exact for
 * a key that is the same for a whole launch (a kernel argument). */
#include "switch_merge.h"

#include "indicator.h"

#define MAX_CASES 32

/* The successor of switch block d through which block p reaches the join j:
 * j itself for the switch's direct edge, a case block with d as its only
 * predecessor that dominates p, else NULL. */
static int arm_entry(K *k, int d, int p, int j)
{
	if (p == d)
		return j;
	for (int x = p; x >= 0 && x != d; x = k->idom[x])
		if (k->idom[x] == d) {
			for (int q = 0; q < k->npred[x]; q++)
				if (k->pred[x][q] != d)
					return -1;
			return x != j ? x : -1;
		}
	return -1;
}

wp_poly *wp_switch_merge(K *k, LLVMValueRef phi, int b, wp_poly **in, const wp_poly *key)
{
	int d = k->idom ? k->idom[b] : -1;
	unsigned n = LLVMCountIncoming(phi);
	if (d < 0 || k->inner[d] != k->inner[b])
		return NULL;
	LLVMValueRef sw = LLVMGetBasicBlockTerminator(k->bb[d]);
	if (!sw || !LLVMIsASwitchInst(sw) || LLVMGetNumSuccessors(sw) > MAX_CASES + 1)
		return NULL;
	/* the arm (incoming index) each successor of the switch feeds */
	int n_succ = (int)LLVMGetNumSuccessors(sw), arm_of[MAX_CASES + 1];
	for (int s = 0; s < n_succ; s++)
		arm_of[s] = -1;
	for (unsigned i = 0; i < n; i++) {
		int p = wp_bindex(k, LLVMGetIncomingBlock(phi, i));
		int e = p >= 0 && k->inner[p] == k->inner[b] ? arm_entry(k, d, p, b) : -1;
		if (e < 0)
			return NULL;
		int found = 0;
		for (int s = 0; s < n_succ; s++)
			if (wp_bindex(k, LLVMGetSuccessor(sw, (unsigned)s)) == e) {
				/* two values through one case block: no arm */
				if (arm_of[s] >= 0 && !wp_equal(in[arm_of[s]], in[i]))
					return NULL;
				arm_of[s] = (int)i;
				found = 1;
			}
		if (!found)
			return NULL;
	}
	for (int s = 0; s < n_succ; s++)
		if (arm_of[s] < 0)
			return NULL; /* a path that leaves the join out: not a pure merge */
	wp_atoms *at = &k->at;
	if (!key || wp_has_data(at, key))
		return NULL;
	wp_poly *base = in[arm_of[0]], *v = base;
	for (int s = 1; s < n_succ && v; s++) {
		LLVMValueRef cv = LLVMGetSwitchCaseValue(sw, (unsigned)s);
		wp_poly *diff = wp_sub(at, in[arm_of[s]], base);
		if (!cv || !LLVMIsAConstantInt(cv) || !diff || wp_has_varying(at, diff) || wp_has_data(at, diff))
			return NULL;
		if (diff->n == 0)
			continue;
		wp_poly *is = wp_indicator(k, P_EQ, key, wp_const(at, LLVMConstIntGetSExtValue(cv)));
		v = is ? wp_add(at, v, wp_mul(at, diff, is)) : NULL;
	}
	return v;
}
