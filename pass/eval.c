/* Integer IR values as polynomials (poly.h): constants, arguments,
 * arithmetic, casts, min/max, bit operations (bitops.c), comparisons and
 * selects as values (indicator.c; min, max and clamps: select.c), integers
 * computed from float constants (float_const.c), induction and alternating variables of
 * loop headers, merges, special registers (sreg.c) and loaded values as data
 * atoms; memoised per value, with the reason (k->why) when a value is not
 * affine. */
#include "eval.h"
#include "bitops.h"
#include "indicator.h"
#include "float_const.h"
#include "select.h"
#include "switch_merge.h"
#include "sreg.h"

#include <stdio.h>
#include <string.h>

typedef struct memo {
	wp_poly *p;
	const char *why;
	int busy;
} memo;

/* The value of v as seen from block `use`: values computed inside loops that
 * do not contain `use` are their values after the last iteration. */
wp_poly *wp_ev_at(K *k, LLVMValueRef v, int use)
{
	wp_poly *p = wp_ev(k, v);
	if (!p || !LLVMIsAInstruction(v) || use < 0)
		return p;
	int b = wp_block_of(k, v);
	for (int li = k->inner[b]; li >= 0; li = k->loops[li].parent) {
		if (k->loops[li].in[use])
			break;
		if (!(wp_loops(&k->at, p) & k->at.a[k->loops[li].atom].loops))
			continue;
		wp_poly *t = wp_loop_trip(k, li);
		if (!t)
			return wp_fail(k, "value of a loop with unknown trip count used after the loop");
		p = wp_subst(&k->at, p, k->loops[li].atom, wp_sub(&k->at, t, wp_const(&k->at, 1)));
		if (!p)
			return wp_fail(k, "quasi-affine value of a loop used after the loop");
	}
	return p;
}

wp_poly *wp_opnd(K *k, LLVMValueRef inst, unsigned i)
{
	return wp_ev_at(k, LLVMGetOperand(inst, i), wp_block_of(k, inst));
}

/* Whether v is c - phi or phi ^ c with c a constant: a value that
 * alternates between two values (a double buffer's p = 1 - p). */
static int flip_of(LLVMValueRef v, LLVMValueRef phi)
{
	LLVMValueRef a = LLVMGetOperand(v, 0), b = LLVMGetOperand(v, 1);
	if (LLVMGetInstructionOpcode(v) == LLVMSub)
		return b == phi && LLVMIsAConstantInt(a);
	return (a == phi && LLVMIsAConstantInt(b)) || (b == phi && LLVMIsAConstantInt(a));
}

/* Header phi of loop li (two incoming values) whose back edge flips it:
 * s in even iterations, f(s) in odd ones, s + (f(s) - s)*(it % 2), with s
 * the start value. */
static wp_poly *alternating(K *k, LLVMValueRef phi, int li)
{
	wp_atoms *at = &k->at;
	loop *l = &k->loops[li];
	int back = l->in[wp_bindex(k, LLVMGetIncomingBlock(phi, 0))] ? 0 : 1;
	LLVMValueRef flip = LLVMGetIncomingValue(phi, (unsigned)back);
	int from = wp_bindex(k, LLVMGetIncomingBlock(phi, (unsigned)(1 - back)));
	if (l->in[from])
		return wp_fail(k, "loop-carried value that is not an induction variable");
	wp_poly *s = wp_ev_at(k, LLVMGetIncomingValue(phi, (unsigned)(1 - back)), from);
	if (!s)
		return NULL;
	LLVMValueRef a = LLVMGetOperand(flip, 0), b = LLVMGetOperand(flip, 1);
	wp_poly *c = wp_ev(k, a == phi ? b : a), *fs;
	if (LLVMGetInstructionOpcode(flip) == LLVMSub) {
		fs = wp_sub(at, c, s);
	} else {
		int64_t sc, cc;
		if (!wp_is_const(s, &sc) || !wp_is_const(c, &cc))
			return wp_fail(k, "loop-carried xor of a value that is not a constant");
		fs = wp_const(at, sc ^ cc);
	}
	wp_poly *d = wp_sub(at, fs, s);
	if (!d || wp_has_varying(at, d) || wp_has_data(at, d))
		return wp_fail(k, "loop-carried value that is not an induction variable");
	wp_poly *odd = wp_mod(at, wp_loop_counter(k, li), wp_const(at, 2));
	return wp_add(at, s, wp_mul(at, d, odd));
}

/* A header phi whose back edge is E(it), a function of the loop counter
 * but not of the phi itself ((k + 2)*ny carried to the next iteration, as
 * LLVM's strength reduction leaves it): in iteration it the phi holds
 * E(it - 1), and so in every iteration, the first included, when the start
 * equals E(-1). The phi being evaluated is busy, so an E that uses it fails
 * to evaluate. */
static wp_poly *shifted_value(K *k, LLVMValueRef in, wp_poly *start, int li)
{
	wp_atoms *at = &k->at;
	const char *why = k->why;
	wp_poly *e = wp_ev(k, in);
	k->why = why;
	int counter = k->loops[li].atom;
	wp_poly *before = e ? wp_subst(at, e, counter, wp_sub(at, wp_atom_poly(at, counter), wp_const(at, 1))) : NULL;
	wp_poly *first = before ? wp_subst(at, before, counter, wp_const(at, 0)) : NULL;
	if (!first || !wp_equal(first, start))
		return wp_fail(k, "loop-carried value that is not an induction variable");
	return before;
}

/* Header phi of loop li: start + step*it, or NULL. */
static wp_poly *induction(K *k, LLVMValueRef phi, int li)
{
	loop *l = &k->loops[li];
	if (l->geometric && phi == l->g_phi)
		return l->g_why ? wp_fail(k, l->g_why) : wp_atom_poly(&k->at, l->atom);
	for (int j = 0; l->geometric && j < l->n_also; j++)
		if (phi == l->also_phi[j])
			return l->also_why[j] ? wp_fail(k, l->also_why[j]) : wp_atom_poly(&k->at, l->also_atom[j]);
	unsigned n = LLVMCountIncoming(phi);
	wp_poly *start = NULL, *step = NULL;
	int nstart = 0, later_constant = 0;
	LLVMValueRef shifted = NULL; /* a back edge that is a function of the counter */
	for (unsigned i = 0; i < n; i++) {
		LLVMValueRef in = LLVMGetIncomingValue(phi, i);
		int from = wp_bindex(k, LLVMGetIncomingBlock(phi, i));
		if (!l->in[from]) {
			wp_poly *s = wp_ev_at(k, in, from);
			if (!s)
				return NULL;
			if (nstart++ && !wp_equal(s, start))
				return wp_fail(k, "loop entered with different start values");
			start = s;
			continue;
		}
		/* back edge: a constant (the value of every iteration after the
		 * first), or in = phi + S or phi - S with S invariant in the loop */
		if (LLVMIsAConstantInt(in) && n == 2) {
			step = wp_ev(k, in); /* for now the later value; the step below */
			later_constant = 1;
			continue;
		}
		if (!LLVMIsAInstruction(in))
			return wp_fail(k, "loop-carried value that is not an induction variable");
		LLVMOpcode op = LLVMGetInstructionOpcode(in);
		if (n == 2 && (op == LLVMXor || op == LLVMSub) && flip_of(in, phi))
			return alternating(k, phi, li);
		int disjoint_or = op == LLVMOr && LLVMGetIsDisjoint(in);
		LLVMValueRef a = LLVMGetOperand(in, 0), b = LLVMGetOperand(in, 1);
		LLVMValueRef other = op != LLVMAdd && op != LLVMSub && !disjoint_or ? NULL :
			a == phi ? b : (b == phi && op != LLVMSub ? a : NULL);
		if (!other && n == 2 && !l->geometric) {
			shifted = in;
			continue;
		}
		if (!other)
			return wp_fail(k, "loop-carried value that is not an induction variable");
		if (LLVMIsAInstruction(other) && l->in[wp_block_of(k, other)])
			return wp_fail(k, "induction step varies inside the loop");
		wp_poly *s = wp_ev(k, other);
		if (!s)
			return NULL;
		if (op == LLVMSub)
			s = wp_scale(&k->at, s, -1);
		if (step && !wp_equal(s, step))
			return wp_fail(k, "induction variable with several steps");
		step = s;
	}
	if (shifted && start)
		return shifted_value(k, shifted, start, li);
	if (!start || !step)
		return wp_fail(k, "loop-carried value that is not an induction variable");
	if (later_constant) {
		/* start in the first iteration, the constant in every later one:
		 * start + (c - start)*min(it, 1), affine when the loop runs at most
		 * twice (a rotated two-iteration loop) */
		wp_atoms *at = &k->at;
		wp_poly *d = wp_sub(at, step, start);
		if (!d || wp_has_varying(at, d) || wp_has_data(at, d))
			return wp_fail(k, "loop-carried value that is not an induction variable");
		wp_poly *it = wp_loop_counter(k, li), *trip = wp_loop_trip(k, li);
		int64_t t;
		if (!trip || !wp_is_const(trip, &t) || t > 2)
			it = wp_minmax(at, it, wp_const(at, 1), 0);
		return wp_add(at, start, wp_mul(at, d, it));
	}
	return wp_add(&k->at, start, wp_mul(&k->at, step, wp_loop_counter(k, li)));
}

wp_poly *wp_loop_counter(K *k, int li)
{
	loop *l = &k->loops[li];
	if (!l->geometric || l->g_why)
		return wp_atom_poly(&k->at, l->atom);
	l->count_used = 1;
	return wp_atom_poly(&k->at, l->count_atom);
}

/* Whether the address p is a parameter or global plus GEP indices free of
 * tid and of loaded data (the same for every lane of a warp: rowptr[blockIdx.x],
 * a table entry by a parameter) or, with `rows`, free of what tells lanes of
 * one row apart (tid.x, lane id, data that may depend on them). */
static int address_free_of_tid(K *k, LLVMValueRef p, int rows)
{
	const char *why = k->why;
	int ok = 1;
	for (int depth = 0; ok && depth < 16; depth++) {
		if (LLVMIsAArgument(p) || LLVMIsAGlobalVariable(p))
			break;
		if (!LLVMIsAGetElementPtrInst(p) && !LLVMIsAAddrSpaceCastInst(p) && !LLVMIsABitCastInst(p)) {
			ok = 0;
			break;
		}
		for (unsigned i = 1; LLVMIsAGetElementPtrInst(p) && ok && i < (unsigned)LLVMGetNumOperands(p); i++) {
			wp_poly *q = wp_ev(k, LLVMGetOperand(p, i));
			if (rows) {
				ok = q && !wp_has_x_dep(&k->at, q);
				continue;
			}
			ok = q && !wp_has_data(&k->at, q);
			for (int t = 0; ok && t < q->n; t++)
				for (int f = 0; f < q->t[t].n; f++)
					ok &= k->at.a[q->t[t].f[f]].kind != WP_TID &&
					      !(k->at.a[q->t[t].f[f]].kind == WP_QUASI && k->at.a[q->t[t].f[f]].varying);
		}
		p = LLVMGetOperand(p, 0);
	}
	k->why = why;
	return ok && (LLVMIsAArgument(p) || LLVMIsAGlobalVariable(p));
}

/* What feeds a floating-point value: *reads (a load, or unsure) and *x_dep
 * (it may differ between lanes that share tid.y and tid.z, or unsure). It is
 * built by arithmetic (fma, rounding, abs, min and max included) from
 * constants, parameters, integers and loaded values; anything else, or
 * deeper than 12, is unsure. */
static void float_inputs(K *k, LLVMValueRef v, int depth, int *reads, int *x_dep)
{
	if (LLVMIsAConstant(v) || LLVMIsAArgument(v))
		return;
	if (depth > 12 || !LLVMIsAInstruction(v)) {
		*reads = *x_dep = 1;
		return;
	}
	int n = 0;
	switch (LLVMGetInstructionOpcode(v)) {
	case LLVMFAdd:
	case LLVMFSub:
	case LLVMFMul:
	case LLVMFDiv:
	case LLVMFNeg:
	case LLVMFPExt:
	case LLVMFPTrunc:
		n = LLVMGetNumOperands(v);
		break;
	case LLVMSIToFP:
	case LLVMUIToFP: {
		const char *why = k->why;
		wp_poly *q = wp_ev(k, LLVMGetOperand(v, 0));
		k->why = why;
		*reads |= !q || wp_has_data(&k->at, q);
		*x_dep |= !q || wp_has_x_dep(&k->at, q);
		return;
	}
	case LLVMLoad:
		*reads = 1;
		*x_dep |= !address_free_of_tid(k, LLVMGetOperand(v, 0), 1);
		return;
	case LLVMCall: {
		/* pure arithmetic on its operands: fma, rounding, abs, min/max */
		static const char *const pure[] = {"llvm.fma", "llvm.fmuladd", "llvm.floor", "llvm.ceil",
			"llvm.trunc", "llvm.round", "llvm.rint", "llvm.nearbyint", "llvm.fabs", "llvm.minnum",
			"llvm.maxnum", "__nv_fmaf", "__nv_floorf", "__nv_ceilf", "__nv_truncf", "__nv_roundf",
			"__nv_rintf", "__nv_fabsf", "__nv_fminf", "__nv_fmaxf"};
		LLVMValueRef f = LLVMGetCalledValue(v);
		size_t len = 0;
		const char *name = f && LLVMIsAFunction(f) ? LLVMGetValueName2(f, &len) : "";
		for (size_t i = 0; i < sizeof pure / sizeof pure[0] && !n; i++)
			if (strncmp(name, pure[i], strlen(pure[i])) == 0)
				n = LLVMGetNumArgOperands(v) < 3 ? (int)LLVMGetNumArgOperands(v) : 3;
		if (!n)
			*reads = *x_dep = 1;
		break;
	}
	default:
		*reads = *x_dep = 1;
		return;
	}
	for (int i = 0; i < n; i++)
		float_inputs(k, LLVMGetOperand(v, (unsigned)i), depth + 1, reads, x_dep);
}

/* An i1 value as 0 or 1: comparisons as indicators (indicator.c), && and
 * || as min and max, negation as 1 - c. */
static wp_poly *cond_value(K *k, LLVMValueRef c, int depth)
{
	wp_atoms *at = &k->at;
	if (LLVMIsAConstantInt(c))
		return wp_const(at, LLVMConstIntGetZExtValue(c) ? 1 : 0);
	if (depth > 16 || !LLVMIsAInstruction(c))
		return wp_fail(k, "value computed from a comparison");
	LLVMOpcode op = LLVMGetInstructionOpcode(c);
	LLVMValueRef a = LLVMGetOperand(c, 0), b = LLVMGetNumOperands(c) > 1 ? LLVMGetOperand(c, 1) : NULL;
	if (op == LLVMICmp) {
		if (LLVMGetTypeKind(LLVMTypeOf(a)) != LLVMIntegerTypeKind)
			return wp_fail(k, "value computed from a comparison of pointers");
		return wp_indicator(k, wp_icmp_pred(c), wp_opnd(k, c, 0), wp_opnd(k, c, 1));
	}
	if ((op == LLVMAnd || op == LLVMOr) && b)
		return wp_minmax(at, cond_value(k, a, depth + 1), cond_value(k, b, depth + 1), op == LLVMOr);
	if (op == LLVMXor && b && LLVMIsAConstantInt(b) && LLVMConstIntGetZExtValue(b))
		return wp_sub(at, wp_const(at, 1), cond_value(k, a, depth + 1));
	if (op == LLVMSelect) {
		/* s ? t : false is s && t, s ? true : f is s || f */
		LLVMValueRef t = LLVMGetOperand(c, 1), f = LLVMGetOperand(c, 2);
		if (LLVMIsAConstantInt(f) && !LLVMConstIntGetZExtValue(f))
			return wp_minmax(at, cond_value(k, a, depth + 1), cond_value(k, t, depth + 1), 0);
		if (LLVMIsAConstantInt(t) && LLVMConstIntGetZExtValue(t))
			return wp_minmax(at, cond_value(k, a, depth + 1), cond_value(k, f, depth + 1), 1);
	}
	return wp_fail(k, "value computed from a comparison");
}

/* select(c, t, f) of values whose difference d is free of varying atoms: f + d*[c]. */
static wp_poly *select_value(K *k, LLVMValueRef sel, wp_poly *t, wp_poly *f)
{
	wp_atoms *at = &k->at;
	wp_poly *d = wp_sub(at, t, f);
	if (!d || wp_has_varying(at, d) || wp_has_data(at, d))
		return wp_fail(k, "value chosen by a select");
	wp_poly *c = cond_value(k, LLVMGetOperand(sel, 0), 0);
	return c ? wp_add(at, f, wp_mul(at, d, c)) : NULL;
}

/* A phi outside a loop header merges paths: each incoming value as seen
 * from the phi's block (a value of a loop that the edge leaves is its last
 * iteration's); equal values are that value, and so is a value that differs
 * from the others only on edges where a tested equality makes it equal
 * (clang's unroller enters the remainder's exit with `start` when
 * `xtraiter == 0` and with `start + xtraiter` after it); else the only
 * non-constant one, as an assumption. */
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

/* Which arm of block d's conditional branch the edge from incoming block p
 * into the join j lies on: 1 true, 0 false, -1 neither alone (an arm's
 * first block has d as its only predecessor and dominates p). */
static int arm_side(K *k, int d, int p, int j)
{
	LLVMValueRef br = LLVMGetBasicBlockTerminator(k->bb[d]);
	for (int side = 0; side < 2; side++) {
		LLVMBasicBlockRef s = LLVMGetSuccessor(br, side ? 0 : 1);
		int si = wp_bindex(k, s);
		if (p == d ? si == j : si >= 0 && si != j && k->npred[si] == 1 && wp_dominates(k, si, p))
			return side;
	}
	return -1;
}

/* A phi of an if/else (or if without else) whose two incoming values
 * differ by an amount free of thread, block and loop variables: the false
 * arm's value plus the difference times [condition], as a select is
 * (select_value). NULL, with no failure recorded, when the phi is not
 * such a join. */
static wp_poly *two_arm_value(K *k, LLVMValueRef phi, int b, wp_poly **in)
{
	int d = k->idom ? k->idom[b] : -1;
	if (LLVMCountIncoming(phi) != 2 || d < 0 || k->inner[d] != k->inner[b])
		return NULL;
	LLVMValueRef br = LLVMGetBasicBlockTerminator(k->bb[d]);
	if (!br || !LLVMIsABranchInst(br) || !LLVMIsConditional(br) ||
	    LLVMGetSuccessor(br, 0) == LLVMGetSuccessor(br, 1))
		return NULL;
	int side[2];
	for (unsigned i = 0; i < 2; i++) {
		int p = wp_bindex(k, LLVMGetIncomingBlock(phi, i));
		side[i] = p >= 0 && k->inner[p] == k->inner[b] ? arm_side(k, d, p, b) : -1;
	}
	if (side[0] < 0 || side[1] < 0 || side[0] == side[1])
		return NULL;
	wp_atoms *at = &k->at;
	wp_poly *t = in[side[0] ? 0 : 1], *f = in[side[0] ? 1 : 0];
	wp_poly *diff = wp_sub(at, t, f);
	if (!diff || wp_has_varying(at, diff) || wp_has_data(at, diff))
		return NULL;
	const char *why = k->why;
	wp_poly *c = cond_value(k, LLVMGetCondition(br), 0);
	if (!c) {
		k->why = why; /* the phi's own reason stands */
		return NULL;
	}
	return wp_add(at, f, wp_mul(at, diff, c));
}

static wp_poly *merge(K *k, LLVMValueRef phi)
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
	LLVMValueRef sw = k->idom && k->idom[b] >= 0 ? LLVMGetBasicBlockTerminator(k->bb[k->idom[b]]) : NULL;
	wp_poly *arms = sw && LLVMIsASwitchInst(sw) ? /* exact, before the guess */
		wp_switch_merge(k, phi, b, in, wp_opnd(k, sw, 0)) : NULL;
	if (arms)
		return arms;
	if (n_nonconst == 1) {
		wp_assume(k, "merged values (phi%s) take their non-constant incoming value",
			wp_where(k, LLVMGetNextInstruction(phi)));
		return nonconst;
	}
	arms = two_arm_value(k, phi, b, in);
	return arms ? arms : wp_fail(k, "value merged from different paths (phi)");
}

static int is_div_of(LLVMValueRef d, LLVMValueRef a, LLVMValueRef b)
{
	if (!LLVMIsAInstruction(d))
		return 0;
	LLVMOpcode op = LLVMGetInstructionOpcode(d);
	return (op == LLVMSDiv || op == LLVMUDiv) && LLVMGetOperand(d, 0) == a && LLVMGetOperand(d, 1) == b;
}

static wp_poly *ev_inst(K *k, LLVMValueRef v)
{
	wp_atoms *at = &k->at;
	LLVMOpcode op = LLVMGetInstructionOpcode(v);
	switch (op) {
	case LLVMAdd:
		return wp_add(at, wp_opnd(k, v, 0), wp_opnd(k, v, 1));
	case LLVMSub: {
		/* a - (a/b)*b is a % b */
		LLVMValueRef a = LLVMGetOperand(v, 0), m = LLVMGetOperand(v, 1);
		if (LLVMIsAInstruction(m) && LLVMGetInstructionOpcode(m) == LLVMMul) {
			LLVMValueRef m0 = LLVMGetOperand(m, 0), m1 = LLVMGetOperand(m, 1);
			if (is_div_of(m0, a, m1) || is_div_of(m1, a, m0)) {
				LLVMValueRef b = is_div_of(m0, a, m1) ? m1 : m0;
				wp_poly *r = wp_mod(at, wp_opnd(k, v, 0), wp_ev_at(k, b, wp_block_of(k, v)));
				if (r)
					return r;
			}
		}
		return wp_sub(at, wp_opnd(k, v, 0), wp_opnd(k, v, 1));
	}
	case LLVMMul:
		return wp_mul(at, wp_opnd(k, v, 0), wp_opnd(k, v, 1));
	case LLVMShl:
	case LLVMLShr:
	case LLVMAShr: {
		wp_poly *s = wp_opnd(k, v, 1);
		return wp_shift(k, op == LLVMShl, wp_opnd(k, v, 0), s);
	}
	case LLVMSDiv:
	case LLVMUDiv: {
		wp_poly *r = wp_fdiv(at, wp_opnd(k, v, 0), wp_opnd(k, v, 1));
		if (!r && !k->why)
			k->why = "division by a thread-dependent value";
		wp_assume(k, "right shifts and divisions are on non-negative values");
		return r;
	}
	case LLVMSRem:
	case LLVMURem: {
		wp_poly *r = wp_mod(at, wp_opnd(k, v, 0), wp_opnd(k, v, 1));
		if (!r && !k->why)
			k->why = "remainder by a thread-dependent value";
		wp_assume(k, "right shifts and divisions are on non-negative values");
		return r;
	}
	case LLVMAnd:
	case LLVMOr:
	case LLVMXor:
		if (LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMIntegerTypeKind)
			return wp_fail(k, "bitwise operation on a vector");
		if (op == LLVMOr && LLVMGetIsDisjoint(v))
			return wp_add(at, wp_opnd(k, v, 0), wp_opnd(k, v, 1));
		return wp_bitwise(k, op, wp_opnd(k, v, 0), wp_opnd(k, v, 1), LLVMGetIntTypeWidth(LLVMTypeOf(v)));
	case LLVMSExt:
	case LLVMZExt:
	case LLVMTrunc:
		if (LLVMGetIntTypeWidth(LLVMTypeOf(LLVMGetOperand(v, 0))) == 1) {
			wp_poly *b = cond_value(k, LLVMGetOperand(v, 0), 0); /* 0 or 1; sext: 0 or -1 */
			return op == LLVMSExt ? wp_scale(at, b, -1) : b;
		}
		return wp_opnd(k, v, 0);
	case LLVMFreeze:
		return wp_opnd(k, v, 0);
	case LLVMSelect: {
		wp_poly *pt = wp_opnd(k, v, 1), *pf = wp_opnd(k, v, 2);
		if (!pt || !pf)
			return NULL;
		if (wp_equal(pt, pf))
			return pt;
		LLVMValueRef cnd = LLVMGetOperand(v, 0);
		if (LLVMIsAICmpInst(cnd)) {
			/* min, max and clamps read the compared values and a min/max
			 * arm's operands, which need not be affine where it is none */
			const char *why = k->why;
			LLVMValueRef arm = wp_select_minmax_arm(v);
			wp_select_parts parts = {v, pt, pf, wp_opnd(k, cnd, 0), wp_opnd(k, cnd, 1),
				{arm ? wp_opnd(k, arm, 0) : NULL, arm ? wp_opnd(k, arm, 1) : NULL}};
			k->why = why;
			wp_poly *m = parts.a && parts.b ? wp_select_minmax(k, &parts) : NULL;
			if (m)
				return m;
		}
		return select_value(k, v, pt, pf);
	}
	case LLVMCall: {
		const char *n = wp_callee_name(v);
		if (strncmp(n, "llvm.nvvm.read.ptx.sreg.", 24) == 0)
			return wp_sreg(k, n);
		int mm = wp_minmax_call(v);
		if (mm)
			return wp_minmax(at, wp_opnd(k, v, 0), wp_opnd(k, v, 1), mm == 2);
		/* max(x - 1, 0) of unsigned x becomes usub.sat(x, 1); a saturating
		 * add of indices does not saturate (no overflow assumed) */
		if (strncmp(n, "llvm.usub.sat.", 14) == 0)
			return wp_minmax(at, wp_sub(at, wp_opnd(k, v, 0), wp_opnd(k, v, 1)), wp_const(at, 0), 1);
		if (strncmp(n, "llvm.uadd.sat.", 14) == 0 || strncmp(n, "llvm.sadd.sat.", 14) == 0)
			return wp_add(at, wp_opnd(k, v, 0), wp_opnd(k, v, 1));
		if (LLVMIsAInlineAsm(LLVMGetCalledValue(v)))
			return wp_asm_sreg(k, v);
		return wp_fail(k, wp_printf(k->ar, "value returned by a call to '%s'", *n ? n : "(indirect)"));
	}
	case LLVMPHI: {
		int li = wp_header_loop(k, wp_block_of(k, v));
		return li >= 0 ? induction(k, v, li) : merge(k, v);
	}
	case LLVMLoad: {
		int uniform = address_free_of_tid(k, LLVMGetOperand(v, 0), 0);
		char *l = wp_loc_of(k, v);
		char *name = wp_printf(k->ar, "load@%s#%p", l ? l : "?", (void *)v);
		int id = wp_atom_get(at, name, WP_DATA);
		at->a[id].data = 1;
		at->a[id].varying = 1;
		at->a[id].range = wp_value_range(k, v, 0);
		at->a[id].origin = l ? l : wp_strdup(k->ar, "?");
		at->a[id].uniform = uniform;
		at->a[id].src = v;
		at->a[id].x_dep = !address_free_of_tid(k, LLVMGetOperand(v, 0), 1);
		return wp_atom_poly(at, id);
	}
	case LLVMFPToUI:
	case LLVMFPToSI: {
		int64_t c;
		if (wp_float_const_int(k, v, &c))
			return wp_const(at, c);
		/* an integer computed from floating-point data (a shift scaled from
		 * a table): a data atom, free of tid.x when its operands are */
		char *l = wp_loc_of(k, v);
		char *name = wp_printf(k->ar, "cvt@%s#%p", l ? l : "?", (void *)v);
		int id = wp_atom_get(at, name, WP_DATA);
		at->a[id].data = 1;
		at->a[id].varying = 1;
		int reads = 0, x_dep = 0;
		float_inputs(k, LLVMGetOperand(v, 0), 0, &reads, &x_dep);
		at->a[id].origin = wp_printf(k->ar, "%s%s", l ? l : "?", reads ? " (float to integer)" : WP_CVT_NO_LOAD);
		at->a[id].x_dep = x_dep;
		return wp_atom_poly(at, id);
	}
	case LLVMAtomicRMW:
	case LLVMAtomicCmpXchg:
		return wp_fail(k, "value returned by an atomic");
	default:
		return wp_fail(k, wp_printf(k->ar, "unsupported operation (opcode %d)", (int)op));
	}
}

wp_poly *wp_ev(K *k, LLVMValueRef v)
{
	if (LLVMIsAConstantInt(v)) {
		if (LLVMGetIntTypeWidth(LLVMTypeOf(v)) > 64)
			return wp_fail(k, "integer wider than 64 bits");
		return wp_const(&k->at, LLVMConstIntGetSExtValue(v));
	}
	if (LLVMIsAArgument(v)) {
		if (LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMIntegerTypeKind)
			return wp_fail(k, "non-integer argument");
		unsigned n = LLVMCountParams(k->fn);
		for (unsigned i = 0; i < n; i++)
			if (LLVMGetParam(k->fn, i) == v) {
				int id = wp_atom_get(&k->at, wp_arg_name(k, k->fn, i), WP_PARAM);
				k->at.a[id].rank = 1000 + (int)i; /* parameters print in argument order */
				return wp_atom_poly(&k->at, id);
			}
		return wp_fail(k, "argument of another function");
	}
	if (!LLVMIsAInstruction(v)) {
		if (LLVMIsUndef(v) || LLVMIsPoison(v))
			return wp_fail(k, "undefined value");
		return wp_fail(k, "constant expression");
	}
	if (v == k->forced_value) /* one candidate's piece (select_split.c) */
		return LLVMGetInstructionOpcode(v) == LLVMSelect ? wp_opnd(k, v, k->forced_index ? 1 : 2) :
			wp_ev_at(k, LLVMGetIncomingValue(v, (unsigned)k->forced_index), wp_block_of(k, v));
	memo *m = wp_pmap_get(&k->memo, v);
	if (m) {
		if (m->busy)
			return wp_fail(k, "value that depends on itself outside a loop");
		if (!m->p)
			k->why = m->why;
		return m->p;
	}
	m = wp_alloc(k->ar, sizeof(*m));
	m->busy = 1;
	wp_pmap_put(k->ar, &k->memo, v, m);
	const char *outer_why = k->why;
	k->why = NULL;
	if (++k->depth > 400) {
		k->depth--;
		m->busy = 0;
		m->why = "expression too deep";
		return wp_fail(k, m->why);
	}
	wp_poly *p = ev_inst(k, v);
	k->depth--;
	if (!p && !k->why)
		k->why = "arithmetic overflow in the address expression";
	m->p = p;
	m->why = p ? NULL : k->why;
	m->busy = 0;
	if (p)
		k->why = outer_why; /* a successful operand keeps its sibling's reason */
	return p;
}

/* A loop whose latch tests a header phi of two constant flags, one on
 * entry and one from the back edge (what -O2 leaves of a short constant-trip
 * loop it rotated but did not unroll: `phi i1 [true, entry], [false, latch]`
 * ends after the second iteration): 1 trip when the entry flag exits, 2
 * when it stays and the back-edge flag exits; unknown otherwise. */
static wp_poly *flag_trip(K *k, int li, LLVMValueRef phi, int exiting, int stay_on_true)
{
	loop *l = &k->loops[li];
	if (wp_block_of(k, phi) != l->header || LLVMCountIncoming(phi) != 2 || !wp_is_latch(k, l, exiting))
		return NULL;
	int back = l->in[wp_bindex(k, LLVMGetIncomingBlock(phi, 0))] ? 0 : 1;
	LLVMValueRef first = LLVMGetIncomingValue(phi, (unsigned)(1 - back));
	LLVMValueRef later = LLVMGetIncomingValue(phi, (unsigned)back);
	if (!LLVMIsAConstantInt(first) || !LLVMIsAConstantInt(later))
		return NULL;
	int first_stays = (LLVMConstIntGetZExtValue(first) != 0) == stay_on_true;
	int later_stays = (LLVMConstIntGetZExtValue(later) != 0) == stay_on_true;
	if (first_stays && later_stays) {
		l->trip_why = "the loop's exit flag never changes";
		return NULL;
	}
	l->trip = wp_const(&k->at, first_stays ? 2 : 1);
	l->trip_why = NULL;
	return l->trip;
}

/* Trip counts of natural loops, from the comparison of the induction
 * variable in the loop's only exit, memoised in the loop (with the reason
 * when unknown). They live with the evaluator because the two recurse into
 * each other: an induction variable's value after its loop needs the trip
 * count, and the trip count needs the values of the exit comparison. */
wp_poly *wp_loop_trip(K *k, int li)
{
	loop *l = &k->loops[li];
	if (l->trip_done)
		return l->trip;
	l->trip_done = 1;
	if (l->geometric) {
		l->trip_why = wp_strdup(k->ar, l->g_why ? l->g_why : "a geometric loop: its values, not a trip count");
		return NULL;
	}
	l->trip_why = "the loop has several exits";
	int exiting = wp_loop_exit(k, l);
	if (exiting < 0)
		return NULL;
	LLVMValueRef br = LLVMGetBasicBlockTerminator(k->bb[exiting]);
	l->trip_why = "the exit condition is not a comparison of the induction variable";
	if (!LLVMIsABranchInst(br) || !LLVMIsConditional(br))
		return NULL;
	LLVMValueRef c = LLVMGetCondition(br);
	int stay_on_true = l->in[wp_bindex(k, LLVMGetSuccessor(br, 0))];
	if (LLVMIsAPHINode(c))
		return flag_trip(k, li, c, exiting, stay_on_true);
	if (!LLVMIsAICmpInst(c))
		return NULL;
	wp_poly *a = wp_opnd(k, c, 0), *b = wp_opnd(k, c, 1);
	if (!a || !b) {
		l->trip_why = wp_printf(k->ar, "the exit condition uses a %s", k->why ? k->why : "non-affine value");
		return NULL;
	}
	uint64_t bit = k->at.a[l->atom].loops;
	int p = wp_icmp_pred(c);
	if (!(wp_loops(&k->at, a) & bit)) {
		wp_poly *t = a;
		a = b;
		b = t;
		p = wp_pred_swap[p];
	}
	if (!(wp_loops(&k->at, a) & bit) || (wp_loops(&k->at, b) & bit) || wp_has_data(&k->at, b)) {
		l->trip_why = "the loop bound depends on the loop or on loaded data";
		return NULL;
	}
	if (!stay_on_true)
		p = wp_pred_neg[p];
	wp_atoms *at = &k->at;
	wp_poly *it1 = wp_add(at, wp_atom_poly(at, l->atom), wp_const(at, 1));
	wp_poly *a0 = wp_subst(at, a, l->atom, wp_const(at, 0));
	wp_poly *a1 = wp_subst(at, a, l->atom, it1);
	wp_poly *d = wp_sub(at, a1, a);
	if (!a0 || !d || (wp_loops(at, d) & bit)) {
		l->trip_why = "the induction variable is not affine in the loop";
		return NULL;
	}
	int64_t dc = 0;
	int dconst = wp_is_const(d, &dc);
	wp_poly *J = NULL;
	if ((p == P_LT || p == P_LE) && (!dconst || dc > 0)) {
		wp_poly *num = wp_sub(at, b, a0);
		if (p == P_LE)
			num = wp_add(at, num, wp_const(at, 1));
		J = wp_fdiv(at, wp_sub(at, wp_add(at, num, d), wp_const(at, 1)), d);
	} else if ((p == P_GT || p == P_GE) && dconst && dc < 0) {
		wp_poly *num = wp_sub(at, a0, b);
		if (p == P_GE)
			num = wp_add(at, num, wp_const(at, 1));
		J = wp_fdiv(at, wp_add(at, num, wp_const(at, -dc - 1)), wp_const(at, -dc));
	} else if (p == P_NE) {
		J = wp_fdiv(at, wp_sub(at, b, a0), d);
	}
	if (!J) {
		l->trip_why = "the exit test cannot be turned into a trip count";
		return NULL;
	}
	/* a test in a latch (end of iteration j) runs iteration j first */
	if (wp_is_latch(k, l, exiting))
		J = wp_add(at, J, wp_const(at, 1));
	l->trip = J;
	l->trip_why = NULL;
	return J;
}
