/* Geometric loops: `for (s = blockDim.x / 2; s > 0; s >>= 1)`, the tree
 * reduction's loop, and `for (s = 1; s < blockDim.x; s *= 2)`, the
 * interleaved reduction's and the scan's. The variable is not affine in the
 * iteration, so the loop's atom stands for the variable's value instead of
 * an iteration count, and the model describes the loop by its first value,
 * the shift and the bound the value must stay above or below
 * (docs/kernel-model.md "Loops"); the core unrolls it once a launch fixes
 * them. The atom is not `varying` for the evaluator: like a parameter, it
 * may multiply a thread index or divide one, since each copy the core makes
 * has it as a constant. */
#include "eval.h"

#include <stdio.h>
#include <string.h>

/* c when `in` is phi >> c or phi / 2^c (halving), -c when it is phi << c,
 * phi * 2^c or phi + phi (doubling), c constant (1..62); else 0. */
static int shift_of(LLVMValueRef in, LLVMValueRef phi)
{
	if (!LLVMIsAInstruction(in) || LLVMGetNumOperands(in) != 2)
		return 0;
	LLVMOpcode op = LLVMGetInstructionOpcode(in);
	LLVMValueRef a = LLVMGetOperand(in, 0), b = LLVMGetOperand(in, 1);
	if (op == LLVMAdd)
		return a == phi && b == phi ? -1 : 0;
	if (op == LLVMMul && b == phi) {
		LLVMValueRef t = a;
		a = b;
		b = t;
	}
	if (a != phi || !LLVMIsAConstantInt(b))
		return 0;
	long long v = LLVMConstIntGetSExtValue(b);
	int log = 0;
	for (int s = 1; s <= 62; s++)
		if (v == (long long)1 << s)
			log = s;
	switch (op) {
	case LLVMLShr:
	case LLVMAShr:
		return v >= 1 && v <= 62 ? (int)v : 0;
	case LLVMShl:
		return v >= 1 && v <= 62 ? -(int)v : 0;
	case LLVMUDiv:
	case LLVMSDiv:
		return log;
	case LLVMMul:
		return -log;
	default:
		return 0;
	}
}

/* A header phi that shifts on the back edge: its next value (the back
 * edge's), its start (from outside the loop) and the block that comes from. */
typedef struct shifting_phi {
	LLVMValueRef phi, next, start;
	int from, shift;
} shifting_phi;

/* The header's shifting phis, at most `max`; -1 when there are more. */
static int find_phis(K *k, loop *l, shifting_phi *out, int max)
{
	int n = 0;
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
		if (n == max)
			return -1;
		out[n++] = (shifting_phi){v, LLVMGetIncomingValue(v, (unsigned)back),
			LLVMGetIncomingValue(v, (unsigned)(1 - back)),
			wp_bindex(k, LLVMGetIncomingBlock(v, (unsigned)(1 - back))), s};
	}
	return n;
}

/* The loop bits of the usable geometric loops around loop li: their
 * variables are constants once the core unrolls them, outer loops first. */
static uint64_t outer_geometric(K *k, int li)
{
	uint64_t bits = 0;
	for (int p = k->loops[li].parent; p >= 0; p = k->loops[p].parent)
		if (k->loops[p].geometric && !k->loops[p].g_why)
			bits |= k->at.a[k->loops[p].atom].loops;
	return bits;
}

/* A value the same for every thread and iteration: no thread, block or
 * loaded term, and no loop but the geometric ones around loop li. */
static int invariant(K *k, int li, const wp_poly *p)
{
	return p && !wp_has_varying(&k->at, p) && !wp_has_data(&k->at, p) &&
	       !(wp_loops(&k->at, p) & ~outer_geometric(k, li));
}

/* Whether v is a power of two in every copy: a constant one, the variable
 * of a geometric loop whose values are, or one of those shifted,
 * multiplied or divided by a constant power of two. */
static int power_of_two_value(K *k, LLVMValueRef v, int depth)
{
	if (LLVMIsAConstantInt(v)) {
		long long c = LLVMConstIntGetSExtValue(v);
		return c > 0 && !(c & (c - 1));
	}
	if (depth > 8 || !LLVMIsAInstruction(v))
		return 0;
	for (int li = 0; li < k->nl; li++)
		if (k->loops[li].geometric && k->loops[li].g_phi == v)
			return k->loops[li].g_pow2;
	switch (LLVMGetInstructionOpcode(v)) {
	case LLVMShl:
	case LLVMLShr:
	case LLVMAShr:
		return LLVMIsAConstantInt(LLVMGetOperand(v, 1)) && power_of_two_value(k, LLVMGetOperand(v, 0), depth + 1);
	case LLVMMul:
	case LLVMUDiv:
	case LLVMSDiv:
		return power_of_two_value(k, LLVMGetOperand(v, 0), depth + 1) &&
		       power_of_two_value(k, LLVMGetOperand(v, 1), depth + 1);
	case LLVMZExt:
	case LLVMSExt:
	case LLVMTrunc:
		return power_of_two_value(k, LLVMGetOperand(v, 0), depth + 1);
	default:
		return 0;
	}
}

/* The exit branch's comparison if one of its operands is the phi or its
 * next value (a test of the geometric variable), else NULL. */
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

/* The exit test as "continue while X > bound" (halving) or "X < bound"
 * (doubling): X the phi (tested before the body) or its next value (tested
 * at the end: the first value always runs). NULL, or the reason it cannot
 * be read so. */
static const char *exit_test(K *k, loop *l, LLVMValueRef phi, LLVMValueRef next)
{
	int exiting;
	LLVMValueRef c = exit_compare(k, l, phi, next, &exiting);
	LLVMValueRef br = LLVMGetBasicBlockTerminator(k->bb[exiting]);
	int p = wp_icmp_pred(c), side = LLVMGetOperand(c, 0) == phi || LLVMGetOperand(c, 0) == next ? 0 : 1;
	LLVMValueRef x = LLVMGetOperand(c, (unsigned)side);
	if (side)
		p = wp_pred_swap[p];
	if (!l->in[wp_bindex(k, LLVMGetSuccessor(br, 0))])
		p = wp_pred_neg[p];
	wp_poly *b = wp_ev(k, LLVMGetOperand(c, (unsigned)(1 - side)));
	int64_t bc = 0;
	int is_const = b && wp_is_const(b, &bc), halves = l->g_shift > 0;
	if (!invariant(k, (int)(l - k->loops), b))
		return "a geometric loop whose bound varies per thread or iteration";
	wp_atoms *at = &k->at;
	wp_poly *bound;
	if (halves && p == P_GT)
		bound = b;
	else if (halves && p == P_GE)
		bound = wp_sub(at, b, wp_const(at, 1));
	else if (halves && p == P_NE && is_const && bc == 0)
		bound = b; /* the values never go below 0 */
	else if (!halves && p == P_LT)
		bound = b;
	else if (!halves && p == P_LE)
		bound = wp_add(at, b, wp_const(at, 1));
	else
		return halves ? "a halving loop whose exit test is not 'above a bound'" :
			"a doubling loop whose exit test is not 'below a bound'";
	int latch = wp_is_latch(k, l, exiting);
	if (x == next && latch) {
		l->g_first_always = 1;
	} else if (x == phi && latch && !halves) {
		/* `s < B` at the end of the body decides the next value's
		 * iteration: s < B iff s << c < B << c */
		bound = wp_scale(at, bound, (int64_t)1 << -l->g_shift);
		l->g_first_always = 1;
	} else if (x == phi && latch) {
		/* `s > B` at the end of the body decides the next value's
		 * iteration: s > B iff s >> c > (B + 1) / 2^c - 1 when B + 1 is a
		 * multiple of 2^c (`s > 1` for `(s >> 1) > 0`) */
		int64_t a, m = (int64_t)1 << l->g_shift;
		if (!wp_is_const(bound, &a) || a < -1 || (a + 1) % m != 0)
			return "a halving loop tested on its current value at the end of the body";
		bound = wp_const(at, (a + 1) / m - 1);
		l->g_first_always = 1;
	} else if (x == next || exiting != l->header) {
		return "a geometric loop tested on its next value before the body";
	}
	l->g_bound = bound;
	return NULL;
}

/* The loop's shifting phis with the one its exit tests first; 0 when it has
 * none, more than 1 + WP_MAX_ALSO, or its exit tests none of them. */
static int geometric_phis(K *k, loop *l, shifting_phi *p)
{
	int n = find_phis(k, l, p, 1 + WP_MAX_ALSO), exiting;
	for (int i = 0; i < n; i++)
		if (exit_compare(k, l, p[i].phi, p[i].next, &exiting)) {
			shifting_phi t = p[0];
			p[0] = p[i];
			p[i] = t;
			return n;
		}
	return 0;
}

static int new_atom(K *k, loop *l, const char *suffix)
{
	char name[32];
	snprintf(name, sizeof name, "%s%s", k->at.a[l->atom].name, suffix);
	int id = wp_atom_get(&k->at, name, WP_LOOP);
	k->at.a[id].loops = k->at.a[l->atom].loops;
	k->at.a[id].varying = 0;
	return id;
}

void wp_find_geometric_loops(K *k)
{
	/* first every loop's phis, so that evaluating a start or bound sees
	 * the geometric variables as such */
	for (int li = 0; li < k->nl; li++) {
		loop *l = &k->loops[li];
		shifting_phi p[1 + WP_MAX_ALSO];
		int n = geometric_phis(k, l, p);
		if (!n)
			continue;
		l->geometric = 1;
		l->g_phi = p[0].phi;
		l->g_shift = p[0].shift;
		/* the same for every thread: a constant in each copy; the count
		 * (0, 1, ...) for the loop's other inductions; the other shifting
		 * phis (a scan's offset beside its stride) */
		l->count_atom = new_atom(k, l, "k");
		k->at.a[l->atom].varying = 0;
		l->n_also = n - 1;
		for (int j = 0; j < l->n_also; j++) {
			char suffix[8];
			snprintf(suffix, sizeof suffix, "a%d", j);
			l->also_phi[j] = p[1 + j].phi;
			l->also_shift[j] = p[1 + j].shift;
			l->also_atom[j] = new_atom(k, l, suffix);
		}
	}
	/* then their starts and bounds, outer loops first: an inner loop may
	 * start from an outer one's variable (a bitonic sort's stride from its
	 * size) */
	int max_depth = 0;
	for (int li = 0; li < k->nl; li++)
		max_depth = k->loops[li].depth > max_depth ? k->loops[li].depth : max_depth;
	for (int depth = 0; depth <= max_depth; depth++)
	for (int li = 0; li < k->nl; li++) {
		loop *l = &k->loops[li];
		if (!l->geometric || l->depth != depth)
			continue;
		shifting_phi p[1 + WP_MAX_ALSO];
		geometric_phis(k, l, p);
		const char *why = k->why;
		wp_poly *s = wp_ev_at(k, p[0].start, p[0].from);
		if (!invariant(k, li, s))
			l->g_why = "a geometric loop whose first value varies per thread or iteration";
		else
			l->g_why = exit_test(k, l, l->g_phi, p[0].next);
		l->g_start = s;
		l->g_pow2 = !l->g_why && power_of_two_value(k, p[0].start, 0);
		for (int j = 0; j < l->n_also; j++) {
			l->also_start[j] = l->g_why ? NULL : wp_ev_at(k, p[1 + j].start, p[1 + j].from);
			if (!invariant(k, li, l->also_start[j]))
				l->also_why[j] = l->g_why ? l->g_why : "a variable that shifts beside a geometric "
					"loop's, from a start that varies per thread or iteration (a value after "
					"an earlier loop)";
		}
		k->why = why;
		if (l->g_why) /* an ordinary loop of unknown trip count after all */
			k->at.a[l->atom].varying = 1;
		if (!l->g_why && l->g_shift > 0)
			wp_assume(k, "right shifts and divisions are on non-negative values");
	}
}
