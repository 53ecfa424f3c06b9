/* Addresses chosen by a select, or merged at a join, whose candidates
 * differ by a varying amount (`j = blockIdx.y == 0 ? i + 1 : 2*i + m`):
 * eval.c reads a select as f + (t - f)*[c], and a two-armed merge likewise,
 * only when the difference is free of thread, block and loop variables, and
 * min, max and clamps as such. Any other such access is split into one per
 * candidate, each read with the select or phi taken as that candidate and
 * guarded by what chooses it: the select's condition or its negation; the
 * arm's branch conditions below the join. Exact where the choice is
 * uniform across a warp; a warp whose lanes take several candidates counts
 * one instruction per piece where the hardware issues one. */
#include "model_parts.h"

#include <string.h>

#include "cond.h"
#include "eval.h"

#define SEARCH_DEPTH 24
#define MAX_PIECES 8

static const char WHY_SELECT[] = "value chosen by a select";
static const char WHY_PHI[] = "value merged from different paths (phi)";

/* The first select (phi: merge outside a loop header) of integers in the
 * address's expression below v: the one the analysis stopped at. */
static LLVMValueRef find_choice(K *k, LLVMValueRef v, LLVMOpcode want, int depth)
{
	if (depth > SEARCH_DEPTH || !LLVMIsAInstruction(v))
		return NULL;
	LLVMOpcode op = LLVMGetInstructionOpcode(v);
	int integer = LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMIntegerTypeKind;
	if (op == want && integer && want == LLVMSelect && !LLVMIsAConstant(LLVMGetOperand(v, 0)))
		return v;
	if (op == want && integer && want == LLVMPHI && wp_header_loop(k, wp_block_of(k, v)) < 0)
		return v;
	/* loads, calls and other phis end the search: their reasons are others */
	if (op == LLVMLoad || op == LLVMPHI || op == LLVMCall)
		return NULL;
	int n = LLVMGetNumOperands(v);
	for (int i = 0; i < n; i++) {
		LLVMValueRef s = find_choice(k, LLVMGetOperand(v, (unsigned)i), want, depth + 1);
		if (s)
			return s;
	}
	return NULL;
}

/* Access a analysed with `choice` read as its candidate `index`, under a's
 * guards and extra[0..n_extra); 0 when the address is still not affine. */
static int piece(K *k, const access *a, LLVMValueRef ptr, LLVMValueRef choice, int index,
	const guard_ent *extra, int n_extra, access *out)
{
	*out = *a;
	out->off = NULL;
	out->why = NULL;
	out->assume = NULL;
	/* the values that read the choice were memoised with it whole */
	pmap memo = k->memo;
	memset(&k->memo, 0, sizeof(k->memo));
	k->forced_value = choice;
	k->forced_index = index;
	wp_analyse_address(k, out, ptr);
	k->forced_value = NULL;
	k->memo = memo;
	if (!out->off || out->assume)
		return 0;
	out->g = wp_alloc(k->ar, (size_t)(a->ng + n_extra) * sizeof(*out->g));
	if (a->ng)
		memcpy(out->g, a->g, (size_t)a->ng * sizeof(*out->g));
	if (n_extra)
		memcpy(out->g + a->ng, extra, (size_t)n_extra * sizeof(*out->g));
	out->ng = a->ng + n_extra;
	return 1;
}

/* a OP b for OP C_AND or C_OR; either alone when the other is NULL. */
static cond *joined(K *k, int op, cond *a, cond *b)
{
	if (!a || !b)
		return a ? a : b;
	cond *j = wp_mkcond(k, op);
	j->a = a;
	j->b = b;
	return j;
}

/* The condition under which switch t goes to block x: one of the cases
 * that lead there, or (x the default) none of them; NULL when it cannot be
 * built (data-dependent key, cases that are not constants). */
static cond *switch_edge(K *k, LLVMValueRef t, int x)
{
	wp_poly *v = wp_opnd(k, t, 0);
	if (!v || wp_has_data(&k->at, v))
		return NULL;
	unsigned n = LLVMGetNumSuccessors(t);
	int to_default = wp_bindex(k, LLVMGetSuccessor(t, 0)) == x;
	cond *any = NULL, *none = to_default ? wp_mkcond(k, C_TRUE) : NULL;
	for (unsigned s = 1; s < n; s++) {
		LLVMValueRef cv = LLVMGetSwitchCaseValue(t, s);
		if (!cv || !LLVMIsAConstantInt(cv))
			return NULL;
		int here = wp_bindex(k, LLVMGetSuccessor(t, s)) == x;
		if (here || to_default) {
			cond *eq = wp_cmp_cond(k, v, wp_const(&k->at, LLVMConstIntGetSExtValue(cv)), here ? P_EQ : P_NE);
			if (here)
				any = joined(k, C_OR, any, eq);
			else
				none = none->op == C_TRUE ? eq : joined(k, C_AND, none, eq);
		}
	}
	return joined(k, C_OR, any, none);
}

/* The guards that choose incoming value i of `phi`: its block's guards that
 * the phi's block has not, and the edge's condition when the block branches
 * elsewhere too, or the switch cases that lead to the join. -1 when the
 * arm cannot be told apart (another loop, both edges to the join). */
static int arm_guards(K *k, LLVMValueRef phi, unsigned i, const guard_ent *join, int n_join,
	guard_ent **out)
{
	int x = wp_block_of(k, phi), p = wp_bindex(k, LLVMGetIncomingBlock(phi, i));
	LLVMValueRef t = p >= 0 ? LLVMGetBasicBlockTerminator(k->bb[p]) : NULL;
	int sw = t && LLVMIsASwitchInst(t);
	if (p < 0 || !t || (!LLVMIsABranchInst(t) && !sw) || k->inner[p] != k->inner[x] || k->rpo_num[p] < 0)
		return -1;
	guard_ent *g;
	int n = wp_block_guards(k, p, &g), m = 0;
	guard_ent *e = wp_alloc(k->ar, (size_t)(n + 1) * sizeof(*e));
	for (int j = 0; j < n; j++) {
		int shared = 0;
		for (int h = 0; h < n_join && !shared; h++)
			shared = g[j].br == join[h].br && g[j].dir == join[h].dir;
		if (!shared)
			e[m++] = g[j];
	}
	if (sw) {
		cond *c = switch_edge(k, t, x);
		if (!c)
			return -1;
		/* the edge from the switch into the join: no guard of any block
		 * has this (terminator, dir) */
		e[m].br = t;
		e[m].dir = -2 - x;
		e[m].c = c;
		m++;
	} else if (LLVMIsConditional(t)) {
		int s0 = wp_bindex(k, LLVMGetSuccessor(t, 0)), s1 = wp_bindex(k, LLVMGetSuccessor(t, 1));
		if ((s0 == x) == (s1 == x))
			return -1;
		cond *c = wp_branch_cond(k, LLVMGetCondition(t), p);
		if (!c || c->op == C_OPAQUE)
			return -1;
		e[m].br = t;
		e[m].dir = s0 == x;
		e[m].c = s0 == x ? c : wp_negate(k, c);
		m++;
	}
	*out = e;
	return m;
}

/* Splits access i on `choice` when every candidate's address is affine;
 * returns 1 when split. */
static int split(K *k, int i, LLVMValueRef ptr, LLVMValueRef choice)
{
	access pieces[MAX_PIECES];
	int n = 0;
	const access *a = &k->acc[i];
	if (LLVMGetInstructionOpcode(choice) == LLVMSelect) {
		cond *c = wp_ev_cond(k, LLVMGetOperand(choice, 0), a->block);
		if (!c || c->op == C_OPAQUE || c->op == C_TRUE || c->op == C_FALSE)
			return 0;
		guard_ent on = {choice, 1, c}, off = {choice, 0, wp_negate(k, c)};
		if (!piece(k, a, ptr, choice, 1, &on, 1, &pieces[0]) ||
		    !piece(k, a, ptr, choice, 0, &off, 1, &pieces[1]))
			return 0;
		n = 2;
	} else {
		unsigned arms = LLVMCountIncoming(choice);
		if (arms < 2 || arms > MAX_PIECES)
			return 0;
		guard_ent *join;
		int n_join = wp_block_guards(k, wp_block_of(k, choice), &join);
		for (unsigned j = 0; j < arms; j++) {
			guard_ent *extra;
			int n_extra = arm_guards(k, choice, j, join, n_join, &extra);
			if (n_extra < 0 || !piece(k, a, ptr, choice, (int)j, extra, n_extra, &pieces[n]))
				return 0;
			n++;
		}
	}
	k->acc[i] = pieces[0];
	for (int j = 1; j < n; j++)
		*wp_new_access(k, pieces[j].inst, pieces[j].kind, pieces[j].bytes) = pieces[j];
	return 1;
}

void wp_split_selects(K *k)
{
	int n = k->na;
	for (int i = 0; i < n; i++) {
		access *a = &k->acc[i];
		if (a->off || a->dead || !a->why)
			continue;
		int select = strcmp(a->why, WHY_SELECT) == 0, phi = strcmp(a->why, WHY_PHI) == 0;
		int store = a->kind[0] == 's';
		if ((!select && !phi) || (strcmp(a->kind, "load") != 0 && !store))
			continue;
		LLVMValueRef inst = a->inst, ptr = LLVMGetOperand(inst, store ? 1 : 0);
		LLVMValueRef choice = find_choice(k, ptr, select ? LLVMSelect : LLVMPHI, 0);
		if (choice && split(k, i, ptr, choice))
			wp_assume(k, "%s%s: address %s, one access per candidate, each under what "
				"chooses it", k->acc[i].kind, wp_where(k, inst),
				select ? "chosen by a select" : "merged from different paths (phi)");
	}
}
