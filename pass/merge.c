/* Values merged by a phi outside a loop header: each incoming value as seen
 * from the phi's block (a value of a loop that the edge leaves is its last
 * iteration's); equal values are that value, and so is a value that differs
 * from the others only on edges where a tested equality makes it equal
 * (clang's unroller enters the remainder's exit with `start` when
 * `xtraiter == 0` and with `start + xtraiter` after it); else the only
 * non-constant one, as an assumption. */
#include "eval.h"

/* Whether the edge into the phi's block from incoming block `from` is taken
 * only when diff == 0: its branch tests `x == y` (or leaves on `x != y`) with
 * diff = +-(x - y). */
static int edge_makes_zero(K *k, LLVMBasicBlockRef from, LLVMBasicBlockRef to, const wp_poly *diff)
{
	LLVMValueRef br = LLVMGetBasicBlockTerminator(from);
	if (!br || !LLVMIsABranchInst(br) || !LLVMIsConditional(br))
		return 0;
	LLVMValueRef c = LLVMGetCondition(br);
	LLVMBasicBlockRef t = LLVMGetSuccessor(br, 0), f = LLVMGetSuccessor(br, 1);
	if (!LLVMIsAICmpInst(c) || t == f)
		return 0;
	LLVMIntPredicate p = LLVMGetICmpPredicate(c);
	if (!((p == LLVMIntEQ && t == to) || (p == LLVMIntNE && f == to)))
		return 0;
	const char *why = k->why;
	wp_poly *e = wp_sub(&k->at, wp_opnd(k, c, 0), wp_opnd(k, c, 1));
	k->why = why;
	return e && (wp_equal(e, diff) || wp_equal(wp_scale(&k->at, e, -1), diff));
}

wp_poly *wp_ev_merge(K *k, LLVMValueRef phi)
{
	wp_atoms *at = &k->at;
	int b = wp_block_of(k, phi);
	unsigned n = LLVMCountIncoming(phi);
	wp_poly **in = wp_alloc(k->ar, (n ? n : 1) * sizeof(*in));
	for (unsigned i = 0; i < n; i++) {
		in[i] = wp_ev_at(k, LLVMGetIncomingValue(phi, i), b);
		if (!in[i])
			return NULL;
	}
	/* a candidate that every incoming value equals, on its edge */
	for (unsigned cand = 0; cand < n; cand++) {
		unsigned i = 0;
		for (; i < n; i++) {
			if (wp_equal(in[i], in[cand]))
				continue;
			if (!edge_makes_zero(k, LLVMGetIncomingBlock(phi, i), k->bb[b], wp_sub(at, in[cand], in[i])))
				break;
		}
		if (i == n)
			return in[cand];
	}
	wp_poly *nonconst = NULL;
	int n_nonconst = 0;
	for (unsigned i = 0; i < n; i++) {
		int64_t cc;
		if (!wp_is_const(in[i], &cc)) {
			if (!nonconst || !wp_equal(nonconst, in[i]))
				n_nonconst++;
			nonconst = in[i];
		}
	}
	if (n_nonconst == 1) {
		wp_assume(k, "merged values (phi%s) take their non-constant incoming value",
			wp_where(k, LLVMGetNextInstruction(phi)));
		return nonconst;
	}
	k->why = "value merged from different paths (phi)";
	return NULL;
}
