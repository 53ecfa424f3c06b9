/* Halving loops: `for (s = blockDim.x / 2; s > 0; s >>= 1)`, the tree
 * reduction's loop. Its variable is not affine in the iteration, so the
 * loop's atom stands for the variable's value instead of an iteration
 * count, and the model describes the loop by its first value, the shift and
 * the bound the value must stay above (docs/kernel-model.md "Loops"); the
 * core unrolls it once a launch fixes them. */
#include "eval.h"

#include <string.h>

/* The shift of `in` if it is phi >> c or phi / 2^c with c constant (1..62),
 * else 0. */
static int shift_of(LLVMValueRef in, LLVMValueRef phi)
{
	if (!LLVMIsAInstruction(in) || LLVMGetOperand(in, 0) != phi)
		return 0;
	LLVMValueRef c = LLVMGetOperand(in, 1);
	if (!LLVMIsAConstantInt(c))
		return 0;
	long long v = LLVMConstIntGetSExtValue(c);
	switch (LLVMGetInstructionOpcode(in)) {
	case LLVMLShr:
	case LLVMAShr:
		return v >= 1 && v <= 62 ? (int)v : 0;
	case LLVMUDiv:
	case LLVMSDiv:
		for (int s = 1; s <= 62; s++)
			if (v == (long long)1 << s)
				return s;
		return 0;
	default:
		return 0;
	}
}

/* The header's one halving phi, its back-edge value and its start (from
 * outside the loop); NULL when there is none or more than one. */
static LLVMValueRef find_phi(K *k, loop *l, LLVMValueRef *next, LLVMValueRef *start, int *from, int *shift)
{
	LLVMValueRef found = NULL;
	for (LLVMValueRef v = LLVMGetFirstInstruction(k->bb[l->header]); v && LLVMIsAPHINode(v);
	     v = LLVMGetNextInstruction(v)) {
		if (LLVMCountIncoming(v) != 2)
			continue;
		int back = l->in[wp_bindex(k, LLVMGetIncomingBlock(v, 0))] ? 0 : 1;
		if (l->in[wp_bindex(k, LLVMGetIncomingBlock(v, (unsigned)(1 - back)))])
			continue;
		int s = shift_of(LLVMGetIncomingValue(v, (unsigned)back), v);
		if (!s)
			continue;
		if (found)
			return NULL;
		found = v;
		*next = LLVMGetIncomingValue(v, (unsigned)back);
		*start = LLVMGetIncomingValue(v, (unsigned)(1 - back));
		*from = wp_bindex(k, LLVMGetIncomingBlock(v, (unsigned)(1 - back)));
		*shift = s;
	}
	return found;
}

/* A value the same for every thread and iteration: no thread, block, loop
 * or loaded term. */
static int invariant(K *k, const wp_poly *p)
{
	return p && !wp_has_varying(&k->at, p) && !wp_has_data(&k->at, p) && !wp_loops(&k->at, p);
}

/* The exit branch's comparison if one of its operands is the phi or its
 * next value (a test of the halving variable), else NULL. */
static LLVMValueRef exit_compare(K *k, loop *l, LLVMValueRef phi, LLVMValueRef next, int *exiting)
{
	*exiting = wp_loop_exit(k, l);
	if (*exiting < 0)
		return NULL;
	LLVMValueRef br = LLVMGetBasicBlockTerminator(k->bb[*exiting]);
	if (!LLVMIsABranchInst(br) || !LLVMIsConditional(br) || !LLVMIsAICmpInst(LLVMGetCondition(br)))
		return NULL;
	LLVMValueRef c = LLVMGetCondition(br), a = LLVMGetOperand(c, 0), b = LLVMGetOperand(c, 1);
	return a == phi || a == next || b == phi || b == next ? c : NULL;
}

/* The exit test as "continue while X > above": X the phi (tested before the
 * body) or its next value (tested at the end: the first value always runs).
 * NULL, or the reason it cannot be read so. */
static const char *exit_test(K *k, loop *l, LLVMValueRef phi, LLVMValueRef next)
{
	int exiting;
	LLVMValueRef c = exit_compare(k, l, phi, next, &exiting);
	LLVMValueRef br = LLVMGetBasicBlockTerminator(k->bb[exiting]);
	int p = wp_icmp_pred(c), side = LLVMGetOperand(c, 0) == phi || LLVMGetOperand(c, 0) == next ? 0 : 1;
	LLVMValueRef x = LLVMGetOperand(c, (unsigned)side);
	if (side) {
		static const int swap[] = {P_GT, P_GE, P_LT, P_LE, P_EQ, P_NE};
		p = swap[p];
	}
	if (!l->in[wp_bindex(k, LLVMGetSuccessor(br, 0))])
		p = wp_pred_neg[p];
	wp_poly *b = wp_ev(k, LLVMGetOperand(c, (unsigned)(1 - side)));
	int64_t bc = 0;
	int is_const = b && wp_is_const(b, &bc);
	if (!invariant(k, b))
		return "a halving loop whose bound varies per thread or iteration";
	wp_atoms *at = &k->at;
	wp_poly *above;
	if (p == P_GT)
		above = b;
	else if (p == P_GE)
		above = wp_sub(at, b, wp_const(at, 1));
	else if (p == P_NE && is_const && bc == 0)
		above = b; /* the values never go below 0 */
	else
		return "a halving loop whose exit test is not 'above a bound'";
	int latch = wp_is_latch(k, l, exiting);
	if (x == next && latch) {
		l->h_first_always = 1;
	} else if (x == phi && latch) {
		/* `s > B` at the end of the body decides the next value's
		 * iteration: s > B iff s >> c > (B + 1) / 2^c - 1 when B + 1 is a
		 * multiple of 2^c (`s > 1` for `(s >> 1) > 0`) */
		int64_t a, m = (int64_t)1 << l->h_shift;
		if (!wp_is_const(above, &a) || a < -1 || (a + 1) % m != 0)
			return "a halving loop tested on its current value at the end of the body";
		above = wp_const(at, (a + 1) / m - 1);
		l->h_first_always = 1;
	} else if (x == next || exiting != l->header) {
		return "a halving loop tested on its next value before the body";
	}
	l->h_above = above;
	return NULL;
}

void wp_find_halving_loops(K *k)
{
	LLVMValueRef starts[64];
	int froms[64];
	/* first every loop's phi, so that evaluating a start or bound sees
	 * the halving variables as such */
	for (int li = 0; li < k->nl && li < 64; li++) {
		loop *l = &k->loops[li];
		LLVMValueRef next = NULL;
		int exiting, shift = 0;
		LLVMValueRef phi = find_phi(k, l, &next, &starts[li], &froms[li], &shift);
		if (!phi || !exit_compare(k, l, phi, next, &exiting))
			continue;
		l->halving = 1;
		l->h_phi = phi;
		l->h_shift = shift;
	}
	for (int li = 0; li < k->nl && li < 64; li++) {
		loop *l = &k->loops[li];
		if (!l->halving)
			continue;
		const char *why = k->why;
		wp_poly *s = wp_ev_at(k, starts[li], froms[li]);
		LLVMValueRef next = NULL, unused;
		int from, shift;
		find_phi(k, l, &next, &unused, &from, &shift);
		if (!invariant(k, s))
			l->h_why = "a halving loop whose first value varies per thread or iteration";
		else
			l->h_why = exit_test(k, l, l->h_phi, next);
		k->why = why;
		l->h_start = s;
		if (!l->h_why)
			wp_assume(k, "right shifts and divisions are on non-negative values");
	}
}
