/* IR -> kernel model (docs/kernel-model.md), on the LLVM-C API.
 *
 * Per kernel: control-flow graph, dominators (Cooper/Harvey/Kennedy), natural
 * loops with their induction variables and trip counts, integer values as
 * polynomials over tid/ctaid/ntid/nctaid, parameters and loop variables
 * (quasi-affine division, modulo, min and max as opaque atoms), guards from
 * the branch conditions that dominate each access and the path conditions of
 * joins and switch destinations, delinearised indices,
 * and per-thread operation counts. */
#include "internal.h"
#include "poly.h"

#include <llvm-c/Target.h>
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------- pointer hash map ---------- */
typedef struct pmap {
	int cap, n;
	const void **key;
	void **val;
} pmap;

static void pmap_put(wp_arena *ar, pmap *m, const void *k, void *v);
static void *pmap_get(const pmap *m, const void *k)
{
	if (!m->cap)
		return NULL;
	size_t h = ((size_t)k >> 4) * 2654435761u;
	for (int i = 0; i < m->cap; i++) {
		int j = (int)((h + (size_t)i) & (size_t)(m->cap - 1));
		if (m->key[j] == k)
			return m->val[j];
		if (!m->key[j])
			return NULL;
	}
	return NULL;
}

static void pmap_put(wp_arena *ar, pmap *m, const void *k, void *v)
{
	if (2 * (m->n + 1) > m->cap) {
		pmap old = *m;
		m->cap = old.cap ? 2 * old.cap : 256;
		m->n = 0;
		m->key = wp_alloc(ar, (size_t)m->cap * sizeof(void *));
		m->val = wp_alloc(ar, (size_t)m->cap * sizeof(void *));
		for (int i = 0; i < old.cap; i++)
			if (old.key[i])
				pmap_put(ar, m, old.key[i], old.val[i]);
	}
	size_t h = ((size_t)k >> 4) * 2654435761u;
	for (int i = 0;; i++) {
		int j = (int)((h + (size_t)i) & (size_t)(m->cap - 1));
		if (m->key[j] == k || !m->key[j]) {
			if (!m->key[j])
				m->n++;
			m->key[j] = k;
			m->val[j] = v;
			return;
		}
	}
}

/* ---------- conditions ---------- */
enum { C_CMP, C_AND, C_OR, C_TRUE, C_FALSE, C_OPAQUE };
enum { P_LT, P_LE, P_GT, P_GE, P_EQ, P_NE };
static const char *pred_text[] = {"<", "<=", ">", ">=", "==", "!="};
static const int pred_neg[] = {P_GE, P_GT, P_LE, P_LT, P_NE, P_EQ};

/* The comparison of an icmp (signed and unsigned alike: values are taken as
 * non-negative where it matters, see docs/pass.md). */
static int icmp_pred(LLVMValueRef icmp)
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

typedef struct cond {
	int op, pred;
	struct cond *a, *b;
	wp_poly *l, *r;
	char *why; /* opaque: why it is not affine */
	LLVMValueRef at; /* opaque: the branch or switch it comes from (NULL: the guard's) */
} cond;

/* ---------- the kernel context ---------- */
typedef struct loop {
	int header;
	unsigned char *in; /* block membership */
	int parent, depth;
	int atom;          /* loop variable atom */
	int trip_done;
	wp_poly *trip;     /* NULL: unknown */
	char *trip_why;
	LLVMValueRef header_inst;
} loop;

typedef struct guard_ent {
	LLVMValueRef br;
	int dir;
	cond *c;
} guard_ent;

typedef struct field {
	LLVMValueRef base;
	char *name;
	const char *space;
	int elem_bytes, align;
	int64_t size_bytes;
} field;

typedef struct access {
	LLVMValueRef inst;
	int field;
	const char *kind;
	int bytes;
	wp_poly *off;   /* byte offset; NULL: unanalysable */
	char *why;
	int64_t contention; /* uniform:B for data-dependent atomics */
	int groups;         /* uniform:B/G: address groups of a warp (0, 1: none) */
	int uses_result;
	int block;
	guard_ent *g;
	int ng;
	int dead; /* merged into another */
	char *loc;
} access;

typedef struct K {
	wp_arena *ar;
	wp_atoms at;
	LLVMModuleRef mod;
	LLVMValueRef fn;
	LLVMTargetDataRef td;
	const wp_config *cfg;
	int nb;
	LLVMBasicBlockRef *bb;
	pmap bidx; /* block -> index+1 */
	int **succ, *nsucc, **pred, *npred;
	int *rpo_num, *idom;
	int nl;
	loop *loops;
	int *inner; /* innermost loop of each block, -1 */
	pmap memo;  /* value -> memo */
	pmap cmemo; /* value -> cond */
	const char *why;
	int depth;
	field *fields;
	int nf, capf;
	access *acc;
	int na, capa;
	char **assume;
	int nassume, capassume;
	cond **jcond;          /* path condition of a block from its immediate dominator */
	unsigned char *jdone;  /* jcond computed (NULL there: true, or not reconstructed) */
} K;

typedef struct memo {
	wp_poly *p;
	const char *why;
	int busy;
} memo;

static void assume(K *k, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void assume(K *k, const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	for (int i = 0; i < k->nassume; i++)
		if (strcmp(k->assume[i], buf) == 0)
			return;
	if (k->nassume == k->capassume) {
		k->capassume = k->capassume ? 2 * k->capassume : 16;
		char **n = wp_alloc(k->ar, (size_t)k->capassume * sizeof(char *));
		if (k->nassume)
			if (k->nassume > 0)
				memcpy(n, k->assume, (size_t)k->nassume * sizeof(char *));
		k->assume = n;
	}
	k->assume[k->nassume++] = wp_strdup(k->ar, buf);
}

static int bindex(K *k, LLVMBasicBlockRef b)
{
	return (int)(intptr_t)pmap_get(&k->bidx, b) - 1;
}

static char *loc_of(K *k, LLVMValueRef inst)
{
	char buf[512];
	if (!inst || !LLVMIsAInstruction(inst) || !warpest_inst_loc(inst, buf, sizeof buf))
		return NULL;
	return wp_strdup(k->ar, buf);
}

static const char *where(K *k, LLVMValueRef inst)
{
	char *l = loc_of(k, inst);
	return l ? wp_printf(k->ar, " at %s", l) : "";
}

/* ---------- CFG, dominators, loops ---------- */
static void build_cfg(K *k)
{
	k->nb = (int)LLVMCountBasicBlocks(k->fn);
	k->bb = wp_alloc(k->ar, (size_t)k->nb * sizeof(*k->bb));
	LLVMGetBasicBlocks(k->fn, k->bb);
	for (int i = 0; i < k->nb; i++)
		pmap_put(k->ar, &k->bidx, k->bb[i], (void *)(intptr_t)(i + 1));
	k->succ = wp_alloc(k->ar, (size_t)k->nb * sizeof(int *));
	k->nsucc = wp_alloc(k->ar, (size_t)k->nb * sizeof(int));
	k->pred = wp_alloc(k->ar, (size_t)k->nb * sizeof(int *));
	k->npred = wp_alloc(k->ar, (size_t)k->nb * sizeof(int));
	for (int i = 0; i < k->nb; i++) {
		LLVMValueRef t = LLVMGetBasicBlockTerminator(k->bb[i]);
		int n = t ? (int)LLVMGetNumSuccessors(t) : 0;
		k->succ[i] = wp_alloc(k->ar, (size_t)(n + 1) * sizeof(int));
		for (int s = 0; s < n; s++) {
			int j = bindex(k, LLVMGetSuccessor(t, (unsigned)s));
			k->succ[i][k->nsucc[i]++] = j;
			k->npred[j]++;
		}
	}
	for (int i = 0; i < k->nb; i++) {
		k->pred[i] = wp_alloc(k->ar, (size_t)(k->npred[i] + 1) * sizeof(int));
		k->npred[i] = 0;
	}
	for (int i = 0; i < k->nb; i++)
		for (int s = 0; s < k->nsucc[i]; s++) {
			int j = k->succ[i][s];
			k->pred[j][k->npred[j]++] = i;
		}
	/* reverse postorder by an explicit stack */
	int *order = wp_alloc(k->ar, (size_t)k->nb * sizeof(int));
	int *stack = wp_alloc(k->ar, (size_t)k->nb * sizeof(int));
	int *pos = wp_alloc(k->ar, (size_t)k->nb * sizeof(int));
	unsigned char *seen = wp_alloc(k->ar, (size_t)k->nb);
	int sp = 0, no = 0;
	stack[sp++] = 0;
	seen[0] = 1;
	while (sp) {
		int b = stack[sp - 1];
		if (pos[b] < k->nsucc[b]) {
			int s = k->succ[b][pos[b]++];
			if (!seen[s]) {
				seen[s] = 1;
				stack[sp++] = s;
			}
		} else {
			order[no++] = b;
			sp--;
		}
	}
	k->rpo_num = wp_alloc(k->ar, (size_t)k->nb * sizeof(int));
	for (int i = 0; i < k->nb; i++)
		k->rpo_num[i] = -1;
	int *rpo = wp_alloc(k->ar, (size_t)no * sizeof(int));
	for (int i = 0; i < no; i++) {
		rpo[i] = order[no - 1 - i];
		k->rpo_num[rpo[i]] = i;
	}
	k->idom = wp_alloc(k->ar, (size_t)k->nb * sizeof(int));
	for (int i = 0; i < k->nb; i++)
		k->idom[i] = -1;
	k->idom[0] = 0;
	for (int changed = 1; changed;) {
		changed = 0;
		for (int i = 1; i < no; i++) {
			int b = rpo[i], nd = -1;
			for (int p = 0; p < k->npred[b]; p++) {
				int q = k->pred[b][p];
				if (k->idom[q] < 0)
					continue;
				if (nd < 0) {
					nd = q;
					continue;
				}
				int x = q, y = nd;
				while (x != y) {
					while (k->rpo_num[x] > k->rpo_num[y])
						x = k->idom[x];
					while (k->rpo_num[y] > k->rpo_num[x])
						y = k->idom[y];
				}
				nd = x;
			}
			if (nd >= 0 && k->idom[b] != nd) {
				k->idom[b] = nd;
				changed = 1;
			}
		}
	}
}

static int dominates(K *k, int a, int b)
{
	if (k->rpo_num[b] < 0)
		return 0;
	for (;;) {
		if (a == b)
			return 1;
		if (b == 0)
			return 0;
		b = k->idom[b];
	}
}

static void build_loops(K *k)
{
	k->inner = wp_alloc(k->ar, (size_t)k->nb * sizeof(int));
	int cap = 8;
	k->loops = wp_alloc(k->ar, (size_t)cap * sizeof(loop));
	int *stack = wp_alloc(k->ar, (size_t)k->nb * sizeof(int));
	/* headers in RPO order so that outer loops come first */
	for (int r = 0; r < k->nb; r++) {
		int h = -1;
		for (int i = 0; i < k->nb; i++)
			if (k->rpo_num[i] == r)
				h = i;
		if (h < 0)
			continue;
		loop *l = NULL;
		for (int p = 0; p < k->npred[h]; p++) {
			int latch = k->pred[h][p];
			if (!dominates(k, h, latch))
				continue;
			if (!l) {
				if (k->nl == cap) {
					loop *n = wp_alloc(k->ar, (size_t)(2 * cap) * sizeof(loop));
					if (cap > 0)
				memcpy(n, k->loops, (size_t)cap * sizeof(loop));
					k->loops = n;
					cap *= 2;
				}
				l = &k->loops[k->nl++];
				memset(l, 0, sizeof(*l));
				l->header = h;
				l->in = wp_alloc(k->ar, (size_t)k->nb);
				l->in[h] = 1;
			}
			int sp = 0;
			if (!l->in[latch]) {
				l->in[latch] = 1;
				stack[sp++] = latch;
			}
			while (sp) {
				int b = stack[--sp];
				for (int q = 0; q < k->npred[b]; q++) {
					int c = k->pred[b][q];
					if (!l->in[c] && k->rpo_num[c] >= 0) {
						l->in[c] = 1;
						stack[sp++] = c;
					}
				}
			}
		}
	}
	for (int i = 0; i < k->nl; i++) {
		loop *l = &k->loops[i];
		l->parent = -1;
		for (int j = 0; j < k->nl; j++)
			if (j != i && k->loops[j].in[l->header] && k->loops[j].header != l->header) {
				/* innermost enclosing: the one with the largest depth so far; outer loops come first */
				l->parent = j;
			}
		l->depth = l->parent < 0 ? 0 : k->loops[l->parent].depth + 1;
		char name[16];
		snprintf(name, sizeof name, "it%d", i);
		l->atom = wp_atom_get(&k->at, name, WP_LOOP);
		k->at.a[l->atom].loops = i < 64 ? (uint64_t)1 << i : 0;
		l->header_inst = LLVMGetFirstInstruction(k->bb[l->header]);
	}
	for (int b = 0; b < k->nb; b++) {
		k->inner[b] = -1;
		for (int i = 0; i < k->nl; i++)
			if (k->loops[i].in[b] && (k->inner[b] < 0 || k->loops[i].depth > k->loops[k->inner[b]].depth))
				k->inner[b] = i;
	}
}

/* ---------- values as polynomials ---------- */
static wp_poly *ev(K *k, LLVMValueRef v);
static wp_poly *loop_trip(K *k, int li);

static int block_of(K *k, LLVMValueRef inst)
{
	return bindex(k, LLVMGetInstructionParent(inst));
}

static wp_poly *fail(K *k, const char *why)
{
	k->why = why;
	return NULL;
}

/* The value of v as seen from block `use`: values computed inside loops that
 * do not contain `use` are their values after the last iteration. */
static wp_poly *ev_at(K *k, LLVMValueRef v, int use)
{
	wp_poly *p = ev(k, v);
	if (!p || !LLVMIsAInstruction(v) || use < 0)
		return p;
	int b = block_of(k, v);
	for (int li = k->inner[b]; li >= 0; li = k->loops[li].parent) {
		if (k->loops[li].in[use])
			break;
		if (!(wp_loops(&k->at, p) & k->at.a[k->loops[li].atom].loops))
			continue;
		wp_poly *t = loop_trip(k, li);
		if (!t)
			return fail(k, "value of a loop with unknown trip count used after the loop");
		p = wp_subst(&k->at, p, k->loops[li].atom, wp_sub(&k->at, t, wp_const(&k->at, 1)));
		if (!p)
			return fail(k, "quasi-affine value of a loop used after the loop");
	}
	return p;
}

static wp_poly *opnd(K *k, LLVMValueRef inst, unsigned i)
{
	return ev_at(k, LLVMGetOperand(inst, i), block_of(k, inst));
}

static const char *callee_name(LLVMValueRef call)
{
	LLVMValueRef f = LLVMGetCalledValue(call);
	if (!f || !LLVMIsAFunction(f))
		return "";
	size_t len;
	const char *n = LLVMGetValueName2(f, &len);
	return n ? n : "";
}

static char *arg_name(K *k, LLVMValueRef fn, unsigned i)
{
	LLVMValueRef a = LLVMGetParam(fn, i);
	size_t len = 0;
	const char *n = LLVMGetValueName2(a, &len);
	if (n && len && !(n[0] >= '0' && n[0] <= '9'))
		return wp_strdup(k->ar, n);
	char *d = warpest_arg_debug_name(fn, i);
	if (d) {
		char *r = wp_strdup(k->ar, d);
		free(d);
		return r;
	}
	return wp_printf(k->ar, "arg%u", i);
}

/* Number of distinct values a loaded/extended value can take (0: unknown). */
static int64_t value_range(K *k, LLVMValueRef v, int depth)
{
	if (depth > 8 || !LLVMIsAInstruction(v))
		return 0;
	LLVMOpcode op = LLVMGetInstructionOpcode(v);
	if (op == LLVMZExt) {
		LLVMTypeRef t = LLVMTypeOf(LLVMGetOperand(v, 0));
		unsigned w = LLVMGetIntTypeWidth(t);
		return w < 32 ? (int64_t)1 << w : 0;
	}
	if (op == LLVMAnd) {
		LLVMValueRef c = LLVMGetOperand(v, 1);
		if (LLVMIsAConstantInt(c)) {
			long long m = LLVMConstIntGetSExtValue(c);
			if (m > 0 && (m & (m + 1)) == 0)
				return m + 1;
		}
		return 0;
	}
	if (op == LLVMLoad) {
		LLVMTypeRef lt = LLVMTypeOf(v);
		if (LLVMGetTypeKind(lt) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(lt) < 32)
			return (int64_t)1 << LLVMGetIntTypeWidth(lt);
		/* a load from a local array: the range of what was stored into it */
		LLVMValueRef p = LLVMGetOperand(v, 0);
		while (LLVMIsAGetElementPtrInst(p))
			p = LLVMGetOperand(p, 0);
		if (!LLVMIsAAllocaInst(p))
			return 0;
		int64_t r = 0;
		int any = 0;
		for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(k->fn); b; b = LLVMGetNextBasicBlock(b))
			for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i)) {
				if (!LLVMIsAStoreInst(i))
					continue;
				LLVMValueRef q = LLVMGetOperand(i, 1);
				while (LLVMIsAGetElementPtrInst(q))
					q = LLVMGetOperand(q, 0);
				if (q != p)
					continue;
				int64_t s = value_range(k, LLVMGetOperand(i, 0), depth + 1);
				if (!s)
					return 0;
				r = s > r ? s : r;
				any = 1;
			}
		return any ? r : 0;
	}
	return 0;
}

static wp_poly *sreg(K *k, const char *name)
{
	static const char *regs[] = {"tid", "ctaid", "ntid", "nctaid"};
	const char *p = name + strlen("llvm.nvvm.read.ptx.sreg.");
	for (int r = 0; r < 4; r++) {
		size_t n = strlen(regs[r]);
		if (strncmp(p, regs[r], n) == 0 && p[n] == '.' && p[n + 1] >= 'x' && p[n + 1] <= 'z' && !p[n + 2])
			return wp_atom_poly(&k->at, wp_atom_get(&k->at, p, (enum wp_atom_kind)(WP_TID + r)));
	}
	return fail(k, wp_printf(k->ar, "special register %s", p));
}

/* Header phi of loop li: start + step*it, or NULL. */
static wp_poly *induction(K *k, LLVMValueRef phi, int li)
{
	loop *l = &k->loops[li];
	unsigned n = LLVMCountIncoming(phi);
	wp_poly *start = NULL, *step = NULL;
	int nstart = 0;
	for (unsigned i = 0; i < n; i++) {
		LLVMValueRef in = LLVMGetIncomingValue(phi, i);
		int from = bindex(k, LLVMGetIncomingBlock(phi, i));
		if (!l->in[from]) {
			wp_poly *s = ev_at(k, in, from);
			if (!s)
				return NULL;
			if (nstart++ && !wp_equal(s, start))
				return fail(k, "loop entered with different start values");
			start = s;
			continue;
		}
		/* back edge: in = phi + S or phi - S with S invariant in the loop */
		if (!LLVMIsAInstruction(in))
			return fail(k, "loop-carried value that is not an induction variable");
		LLVMOpcode op = LLVMGetInstructionOpcode(in);
		int disjoint_or = op == LLVMOr && LLVMGetIsDisjoint(in);
		if (op != LLVMAdd && op != LLVMSub && !disjoint_or)
			return fail(k, "loop-carried value that is not an induction variable");
		LLVMValueRef a = LLVMGetOperand(in, 0), b = LLVMGetOperand(in, 1);
		LLVMValueRef other = a == phi ? b : (b == phi && op != LLVMSub ? a : NULL);
		if (!other)
			return fail(k, "loop-carried value that is not an induction variable");
		if (LLVMIsAInstruction(other) && l->in[block_of(k, other)])
			return fail(k, "induction step varies inside the loop");
		wp_poly *s = ev(k, other);
		if (!s)
			return NULL;
		if (op == LLVMSub)
			s = wp_scale(&k->at, s, -1);
		if (step && !wp_equal(s, step))
			return fail(k, "induction variable with several steps");
		step = s;
	}
	if (!start || !step)
		return fail(k, "loop-carried value that is not an induction variable");
	return wp_add(&k->at, start, wp_mul(&k->at, step, wp_atom_poly(&k->at, l->atom)));
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
	int64_t c;
	switch (op) {
	case LLVMAdd:
		return wp_add(at, opnd(k, v, 0), opnd(k, v, 1));
	case LLVMSub: {
		/* a - (a/b)*b is a % b */
		LLVMValueRef a = LLVMGetOperand(v, 0), m = LLVMGetOperand(v, 1);
		if (LLVMIsAInstruction(m) && LLVMGetInstructionOpcode(m) == LLVMMul) {
			LLVMValueRef m0 = LLVMGetOperand(m, 0), m1 = LLVMGetOperand(m, 1);
			if (is_div_of(m0, a, m1) || is_div_of(m1, a, m0)) {
				LLVMValueRef b = is_div_of(m0, a, m1) ? m1 : m0;
				wp_poly *r = wp_mod(at, opnd(k, v, 0), ev_at(k, b, block_of(k, v)));
				if (r)
					return r;
			}
		}
		return wp_sub(at, opnd(k, v, 0), opnd(k, v, 1));
	}
	case LLVMMul:
		return wp_mul(at, opnd(k, v, 0), opnd(k, v, 1));
	case LLVMShl: {
		wp_poly *s = opnd(k, v, 1);
		if (!wp_is_const(s, &c) || c < 0 || c > 62)
			return fail(k, "shift by a variable amount");
		return wp_scale(at, opnd(k, v, 0), (int64_t)1 << c);
	}
	case LLVMLShr:
	case LLVMAShr: {
		wp_poly *s = opnd(k, v, 1);
		if (!wp_is_const(s, &c) || c < 0 || c > 62)
			return fail(k, "shift by a variable amount");
		assume(k, "right shifts and divisions are on non-negative values");
		return wp_fdiv(at, opnd(k, v, 0), wp_const(at, (int64_t)1 << c));
	}
	case LLVMSDiv:
	case LLVMUDiv: {
		wp_poly *r = wp_fdiv(at, opnd(k, v, 0), opnd(k, v, 1));
		if (!r && !k->why)
			k->why = "division by a thread-dependent value";
		assume(k, "right shifts and divisions are on non-negative values");
		return r;
	}
	case LLVMSRem:
	case LLVMURem: {
		wp_poly *r = wp_mod(at, opnd(k, v, 0), opnd(k, v, 1));
		if (!r && !k->why)
			k->why = "remainder by a thread-dependent value";
		assume(k, "right shifts and divisions are on non-negative values");
		return r;
	}
	case LLVMAnd: {
		wp_poly *m = opnd(k, v, 1), *a = opnd(k, v, 0);
		if (!wp_is_const(m, &c)) {
			wp_poly *t = m;
			m = a;
			a = t;
		}
		if (!wp_is_const(m, &c))
			return fail(k, "'and' of two variables");
		if (c > 0 && (c & (c + 1)) == 0)
			return wp_mod(at, a, wp_const(at, c + 1));
		if (c > 0 && a) {
			/* low mask bits that are zero in a anyway: (2t) & 254 = (2t) % 256 */
			int64_t low = c & -c, full = c | (low - 1);
			if ((full & (full + 1)) == 0 && wp_content(a) % low == 0)
				return wp_mod(at, a, wp_const(at, full + 1));
		}
		if (c < 0 && ((-c) & (-c - 1)) == 0)
			return wp_scale(at, wp_fdiv(at, a, wp_const(at, -c)), -c);
		return fail(k, "'and' with a mask that is not 2^k-1 or -2^k");
	}
	case LLVMOr:
		if (LLVMGetIsDisjoint(v))
			return wp_add(at, opnd(k, v, 0), opnd(k, v, 1));
		return fail(k, "bitwise 'or'");
	case LLVMXor: {
		wp_poly *m = opnd(k, v, 1);
		int64_t c1;
		if (wp_is_const(m, &c1) && c1 == -1) /* ~x = -x - 1 */
			return wp_sub(at, wp_const(at, -1), opnd(k, v, 0));
		return fail(k, "bitwise 'xor'");
	}
	case LLVMSExt:
	case LLVMZExt:
	case LLVMTrunc:
		if (LLVMGetIntTypeWidth(LLVMTypeOf(LLVMGetOperand(v, 0))) == 1)
			return fail(k, "value computed from a comparison");
		return opnd(k, v, 0);
	case LLVMFreeze:
		return opnd(k, v, 0);
	case LLVMSelect: {
		LLVMValueRef cnd = LLVMGetOperand(v, 0), t = LLVMGetOperand(v, 1), f = LLVMGetOperand(v, 2);
		if (LLVMIsAICmpInst(cnd)) {
			LLVMValueRef a = LLVMGetOperand(cnd, 0), b = LLVMGetOperand(cnd, 1);
			LLVMIntPredicate p = LLVMGetICmpPredicate(cnd);
			int lt = p == LLVMIntSLT || p == LLVMIntULT || p == LLVMIntSLE || p == LLVMIntULE;
			int gt = p == LLVMIntSGT || p == LLVMIntUGT || p == LLVMIntSGE || p == LLVMIntUGE;
			if ((lt || gt) && ((t == a && f == b) || (t == b && f == a))) {
				int is_max = (t == a) == gt;
				return wp_minmax(at, opnd(k, v, 1), opnd(k, v, 2), is_max);
			}
		}
		wp_poly *pt = opnd(k, v, 1), *pf = opnd(k, v, 2);
		if (pt && pf && wp_equal(pt, pf))
			return pt;
		return fail(k, "value chosen by a select");
	}
	case LLVMCall: {
		const char *n = callee_name(v);
		if (strncmp(n, "llvm.nvvm.read.ptx.sreg.", 24) == 0)
			return sreg(k, n);
		int is_min = strncmp(n, "llvm.smin.", 10) == 0 || strncmp(n, "llvm.umin.", 10) == 0;
		int is_max = strncmp(n, "llvm.smax.", 10) == 0 || strncmp(n, "llvm.umax.", 10) == 0;
		if (is_min || is_max)
			return wp_minmax(at, opnd(k, v, 0), opnd(k, v, 1), is_max);
		if (LLVMIsAInlineAsm(LLVMGetCalledValue(v)))
			return fail(k, "value produced by inline asm");
		return fail(k, wp_printf(k->ar, "value returned by a call to '%s'", *n ? n : "(indirect)"));
	}
	case LLVMPHI: {
		int b = block_of(k, v);
		for (int li = 0; li < k->nl; li++)
			if (k->loops[li].header == b)
				return induction(k, v, li);
		/* a merge: equal incoming values, or the only non-constant one */
		unsigned n = LLVMCountIncoming(v);
		wp_poly *same = NULL, *nonconst = NULL;
		int all_same = 1, n_nonconst = 0;
		for (unsigned i = 0; i < n; i++) {
			wp_poly *p = ev_at(k, LLVMGetIncomingValue(v, i), bindex(k, LLVMGetIncomingBlock(v, i)));
			if (!p)
				return NULL;
			if (same && !wp_equal(same, p))
				all_same = 0;
			same = same ? same : p;
			int64_t cc;
			if (!wp_is_const(p, &cc)) {
				if (!nonconst || !wp_equal(nonconst, p))
					n_nonconst++;
				nonconst = p;
			}
		}
		if (all_same)
			return same;
		if (n_nonconst == 1) {
			assume(k, "merged values (phi%s) take their non-constant incoming value",
				where(k, LLVMGetNextInstruction(v)));
			return nonconst;
		}
		return fail(k, "value merged from different paths (phi)");
	}
	case LLVMLoad: {
		char *l = loc_of(k, v);
		char *name = wp_printf(k->ar, "load@%s#%p", l ? l : "?", (void *)v);
		int id = wp_atom_get(at, name, WP_DATA);
		at->a[id].data = 1;
		at->a[id].varying = 1;
		at->a[id].range = value_range(k, v, 0);
		at->a[id].origin = l ? l : wp_strdup(k->ar, "?");
		return wp_atom_poly(at, id);
	}
	case LLVMAtomicRMW:
	case LLVMAtomicCmpXchg:
		return fail(k, "value returned by an atomic");
	default:
		return fail(k, wp_printf(k->ar, "unsupported operation (opcode %d)", (int)op));
	}
}

static wp_poly *ev(K *k, LLVMValueRef v)
{
	if (LLVMIsAConstantInt(v)) {
		if (LLVMGetIntTypeWidth(LLVMTypeOf(v)) > 64)
			return fail(k, "integer wider than 64 bits");
		return wp_const(&k->at, LLVMConstIntGetSExtValue(v));
	}
	if (LLVMIsAArgument(v)) {
		if (LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMIntegerTypeKind)
			return fail(k, "non-integer argument");
		unsigned n = LLVMCountParams(k->fn);
		for (unsigned i = 0; i < n; i++)
			if (LLVMGetParam(k->fn, i) == v) {
				int id = wp_atom_get(&k->at, arg_name(k, k->fn, i), WP_PARAM);
				k->at.a[id].rank = 1000 + (int)i; /* parameters print in argument order */
				return wp_atom_poly(&k->at, id);
			}
		return fail(k, "argument of another function");
	}
	if (!LLVMIsAInstruction(v)) {
		if (LLVMIsUndef(v) || LLVMIsPoison(v))
			return fail(k, "undefined value");
		return fail(k, "constant expression");
	}
	memo *m = pmap_get(&k->memo, v);
	if (m) {
		if (m->busy)
			return fail(k, "value that depends on itself outside a loop");
		if (!m->p)
			k->why = m->why;
		return m->p;
	}
	m = wp_alloc(k->ar, sizeof(*m));
	m->busy = 1;
	pmap_put(k->ar, &k->memo, v, m);
	const char *outer_why = k->why;
	k->why = NULL;
	if (++k->depth > 400) {
		k->depth--;
		m->busy = 0;
		m->why = "expression too deep";
		return fail(k, m->why);
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

/* ---------- loop trip counts ---------- */
static wp_poly *loop_trip(K *k, int li)
{
	loop *l = &k->loops[li];
	if (l->trip_done)
		return l->trip;
	l->trip_done = 1;
	l->trip_why = "the loop has several exits";
	int exiting = -1, n_exiting = 0;
	for (int b = 0; b < k->nb; b++) {
		if (!l->in[b])
			continue;
		for (int s = 0; s < k->nsucc[b]; s++)
			if (!l->in[k->succ[b][s]]) {
				if (exiting != b)
					n_exiting++;
				exiting = b;
				break;
			}
	}
	if (n_exiting != 1)
		return NULL;
	LLVMValueRef br = LLVMGetBasicBlockTerminator(k->bb[exiting]);
	l->trip_why = "the exit condition is not a comparison of the induction variable";
	if (!LLVMIsABranchInst(br) || !LLVMIsConditional(br))
		return NULL;
	LLVMValueRef c = LLVMGetCondition(br);
	if (!LLVMIsAICmpInst(c))
		return NULL;
	int stay_on_true = l->in[bindex(k, LLVMGetSuccessor(br, 0))];
	wp_poly *a = opnd(k, c, 0), *b = opnd(k, c, 1);
	if (!a || !b) {
		l->trip_why = wp_printf(k->ar, "the exit condition uses a %s", k->why ? k->why : "non-affine value");
		return NULL;
	}
	uint64_t bit = k->at.a[l->atom].loops;
	int p = icmp_pred(c);
	if (!(wp_loops(&k->at, a) & bit)) {
		wp_poly *t = a;
		a = b;
		b = t;
		static const int swap[] = {P_GT, P_GE, P_LT, P_LE, P_EQ, P_NE};
		p = swap[p];
	}
	if (!(wp_loops(&k->at, a) & bit) || (wp_loops(&k->at, b) & bit) || wp_has_data(&k->at, b)) {
		l->trip_why = "the loop bound depends on the loop or on loaded data";
		return NULL;
	}
	if (!stay_on_true)
		p = pred_neg[p];
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
	int is_latch = 0;
	for (int s = 0; s < k->nsucc[exiting]; s++)
		is_latch |= k->succ[exiting][s] == l->header;
	if (is_latch)
		J = wp_add(at, J, wp_const(at, 1));
	l->trip = J;
	l->trip_why = NULL;
	return J;
}

/* ---------- conditions ---------- */
static cond *mkcond(K *k, int op)
{
	cond *c = wp_alloc(k->ar, sizeof(*c));
	c->op = op;
	return c;
}

static cond *opaque(K *k, const char *why)
{
	cond *c = mkcond(k, C_OPAQUE);
	c->why = wp_strdup(k->ar, why ? why : "not affine");
	return c;
}

static cond *negate(K *k, cond *c)
{
	cond *n;
	switch (c->op) {
	case C_CMP:
		n = mkcond(k, C_CMP);
		*n = *c;
		n->pred = pred_neg[c->pred];
		return n;
	case C_AND:
	case C_OR:
		n = mkcond(k, c->op == C_AND ? C_OR : C_AND);
		n->a = negate(k, c->a);
		n->b = negate(k, c->b);
		return n;
	case C_TRUE:
		return mkcond(k, C_FALSE);
	case C_FALSE:
		return mkcond(k, C_TRUE);
	default:
		return c;
	}
}

/* a PRED b. e != 0 with e a sum of thread/block indices (never negative) is
 * e >= 1 (e == 0: e < 1): one affine constraint instead of a disjunction
 * (clang turns `y < 1` on such a y into `y == 0`). */
static cond *cmp_cond(K *k, wp_poly *a, wp_poly *b, int pred)
{
	cond *c = mkcond(k, C_CMP);
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

static cond *ev_cond(K *k, LLVMValueRef v, int use)
{
	if (LLVMIsAConstantInt(v))
		return mkcond(k, LLVMConstIntGetZExtValue(v) ? C_TRUE : C_FALSE);
	if (!LLVMIsAInstruction(v))
		return opaque(k, "condition is not an instruction");
	cond *m = pmap_get(&k->cmemo, v);
	if (m)
		return m;
	cond *c = NULL;
	LLVMOpcode op = LLVMGetInstructionOpcode(v);
	if (op == LLVMICmp) {
		wp_poly *a = opnd(k, v, 0), *b = a ? opnd(k, v, 1) : NULL;
		if (!a || !b)
			c = opaque(k, k->why);
		else if (wp_has_data(&k->at, a) || wp_has_data(&k->at, b))
			c = opaque(k, "depends on loaded data");
		else {
			c = cmp_cond(k, a, b, icmp_pred(v));
		}
	} else if (op == LLVMAnd || op == LLVMOr) {
		c = mkcond(k, op == LLVMAnd ? C_AND : C_OR);
		c->a = ev_cond(k, LLVMGetOperand(v, 0), use);
		c->b = ev_cond(k, LLVMGetOperand(v, 1), use);
	} else if (op == LLVMXor && LLVMIsAConstantInt(LLVMGetOperand(v, 1)) &&
	           LLVMConstIntGetZExtValue(LLVMGetOperand(v, 1))) {
		c = negate(k, ev_cond(k, LLVMGetOperand(v, 0), use));
	} else if (op == LLVMSelect && LLVMGetIntTypeWidth(LLVMTypeOf(v)) == 1) {
		LLVMValueRef s = LLVMGetOperand(v, 0), t = LLVMGetOperand(v, 1), f = LLVMGetOperand(v, 2);
		if (LLVMIsAConstantInt(f) && !LLVMConstIntGetZExtValue(f)) {
			c = mkcond(k, C_AND); /* s ? t : false */
			c->a = ev_cond(k, s, use);
			c->b = ev_cond(k, t, use);
		} else if (LLVMIsAConstantInt(t) && LLVMConstIntGetZExtValue(t)) {
			c = mkcond(k, C_OR); /* s ? true : f */
			c->a = ev_cond(k, s, use);
			c->b = ev_cond(k, f, use);
		} else {
			c = opaque(k, "select of two conditions");
		}
	} else if (op == LLVMFCmp) {
		c = opaque(k, "floating-point comparison");
	} else if (op == LLVMLoad || op == LLVMTrunc) {
		c = opaque(k, "depends on loaded data");
	} else {
		c = opaque(k, "condition not built from integer comparisons");
	}
	pmap_put(k->ar, &k->cmemo, v, c);
	return c;
}

/* Text of a condition; NULL when it is (assumed) true. Opaque parts are
 * recorded as assumptions. */
static char *cond_str(K *k, cond *c, LLVMValueRef br, int top)
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
		assume(k, "condition%s not analysed (%s): assumed true", where(k, c->at ? c->at : br), c->why);
		return NULL;
	default:
		/* || is associative: an || inside an || needs no parentheses */
		a = cond_str(k, c->a, br, c->op == C_OR && c->a->op == C_OR);
		b = cond_str(k, c->b, br, c->op == C_OR && c->b->op == C_OR);
		if (!a || !b) {
			if (c->op == C_OR)
				return NULL;
			return a ? a : b;
		}
		return wp_printf(k->ar, top || c->op == C_AND ? "%s %s %s" : "(%s %s %s)", a,
			c->op == C_AND ? "&&" : "||", b);
	}
}

/* ---------- path conditions of blocks with several predecessors ----------
 * A block x whose immediate dominator d does not branch straight to it (a
 * join, a switch destination) runs when some acyclic path d -> x is taken:
 * cond(x) = OR over its predecessors p of cond(p) AND edge(p -> x), with
 * cond(d) = true. Back edges are left out, a loop nested inside the region
 * stands for all of its blocks (its header's condition; its exits are taken),
 * and a loop's exit test is no condition (as for the dominator chain).
 * Conditions are kept in disjunctive normal form over atoms (a branch
 * condition, or `v == k` of a switch case; the default of a switch is the
 * conjunction of `v != k`) and simplified by absorption and consensus, so
 * that diamonds and joins that every path reaches give true; bounded by the
 * limits below, past which the guard is assumed true (and an assumption
 * says so). */
enum { PC_BLOCKS = 128, PC_TERMS = 64, PC_LITS = 48, PC_ATOMS = 96, PC_CASES = 32, PC_TAUT_ATOMS = 16 };

typedef struct pc_term {
	int n;
	short lit[PC_LITS]; /* 2*atom + negated, ascending */
} pc_term;

typedef struct pc_dnf {
	int n; /* no terms: false; a term without literals: true */
	pc_term *t;
} pc_dnf;

typedef struct pc_atom {
	LLVMValueRef key;  /* the branch condition, or the switch */
	unsigned kase;     /* switch: successor index of the case (>= 1); 0: branch condition */
	LLVMValueRef term; /* the branch or switch */
	cond *c;           /* built on demand */
} pc_atom;

typedef struct pc_ctx {
	K *k;
	pc_atom atom[PC_ATOMS];
	int na;
	const char *fail;
	LLVMValueRef fail_at; /* the switch that made it fail */
} pc_ctx;

static int pc_atom_get(pc_ctx *c, LLVMValueRef key, unsigned kase, LLVMValueRef term)
{
	for (int i = 0; i < c->na; i++)
		if (c->atom[i].key == key && c->atom[i].kase == kase)
			return i;
	if (c->na == PC_ATOMS) {
		c->fail = "more than 96 conditions";
		return -1;
	}
	c->atom[c->na] = (pc_atom){key, kase, term, NULL};
	return c->na++;
}

static pc_dnf pc_true(pc_ctx *c)
{
	pc_dnf d = {1, wp_alloc(c->k->ar, sizeof(pc_term))};
	return d;
}

/* t &= lit: 1, 0 when t becomes false (holds !lit), -1 when too long */
static int pc_term_add(pc_term *t, int lit)
{
	int i = 0;
	while (i < t->n && t->lit[i] < lit)
		i++;
	if (i < t->n && t->lit[i] == lit)
		return 1;
	if ((lit & 1) ? i > 0 && t->lit[i - 1] == (lit ^ 1) : i < t->n && t->lit[i] == (lit ^ 1))
		return 0;
	if (t->n == PC_LITS)
		return -1;
	memmove(&t->lit[i + 1], &t->lit[i], (size_t)(t->n - i) * sizeof(t->lit[0]));
	t->lit[i] = (short)lit;
	t->n++;
	return 1;
}

/* every literal of a, except skip_a, is in b */
static int pc_subset(const pc_term *a, int skip_a, const pc_term *b)
{
	int j = 0;
	for (int i = 0; i < a->n; i++) {
		if (a->lit[i] == skip_a)
			continue;
		while (j < b->n && b->lit[j] < a->lit[i])
			j++;
		if (j == b->n || b->lit[j] != a->lit[i])
			return 0;
	}
	return 1;
}

static int pc_has(const pc_term *t, int lit)
{
	for (int i = 0; i < t->n; i++)
		if (t->lit[i] == lit)
			return 1;
	return 0;
}

/* drop every term that holds another (the later of two equal ones) */
static void pc_absorb(pc_dnf *d)
{
	for (int i = 0; i < d->n; i++)
		for (int j = 0; j < d->n && d->t[i].n >= 0; j++)
			if (i != j && d->t[j].n >= 0 && d->t[i].n <= d->t[j].n &&
			    (d->t[i].n < d->t[j].n || i < j) && pc_subset(&d->t[i], -1, &d->t[j]))
				d->t[j].n = -1;
	int w = 0;
	for (int i = 0; i < d->n; i++)
		if (d->t[i].n >= 0)
			d->t[w++] = d->t[i];
	d->n = w;
}

/* absorption and consensus (x && A || !x && B gives A && B), to a fixpoint
 * or until PC_TERMS terms: towards the prime implicants, so that a join every
 * path reaches becomes the empty term (true) and `a || !a && b` is `a || b` */
static void pc_simplify(pc_ctx *c, pc_dnf *d)
{
	pc_absorb(d);
	if (d->n >= PC_TERMS)
		return;
	pc_term *t = wp_alloc(c->k->ar, PC_TERMS * sizeof(pc_term));
	memcpy(t, d->t, (size_t)d->n * sizeof(pc_term));
	d->t = t;
	for (int changed = 1; changed;) {
		changed = 0;
		for (int i = 0; i < d->n; i++)
			for (int j = i + 1; j < d->n; j++) {
				pc_term *a = &d->t[i], *b = &d->t[j];
				int clash = -1, nclash = 0;
				for (int l = 0; l < a->n && nclash < 2; l++)
					if (pc_has(b, a->lit[l] ^ 1)) {
						clash = a->lit[l];
						nclash++;
					}
				if (nclash != 1)
					continue;
				pc_term m = {0, {0}};
				int ok = 1;
				for (int l = 0; l < a->n && ok > 0; l++)
					if (a->lit[l] != clash)
						ok = pc_term_add(&m, a->lit[l]);
				for (int l = 0; l < b->n && ok > 0; l++)
					if (b->lit[l] != (clash ^ 1))
						ok = pc_term_add(&m, b->lit[l]);
				int known = ok <= 0;
				for (int h = 0; h < d->n && !known; h++)
					known = pc_subset(&d->t[h], -1, &m);
				if (known)
					continue;
				if (d->n == PC_TERMS)
					return; /* enough: what is there is still right */
				d->t[d->n++] = m;
				pc_absorb(d);
				changed = 1;
				i = d->n;
				break;
			}
	}
}

/* true for every value of its atoms (enumerated up to `most` atoms, at most
 * PC_TAUT_ATOMS; with more: 0) */
static int pc_tautology(const pc_dnf *d, int most)
{
	int map[PC_ATOMS], nv = 0;
	for (int i = 0; i < PC_ATOMS; i++)
		map[i] = -1;
	for (int i = 0; i < d->n; i++) {
		if (d->t[i].n == 0)
			return 1;
		for (int l = 0; l < d->t[i].n; l++) {
			int a = d->t[i].lit[l] >> 1;
			if (map[a] < 0) {
				if (nv == most || nv == PC_TAUT_ATOMS)
					return 0;
				map[a] = nv++;
			}
		}
	}
	if (d->n == 0 || d->n > PC_TERMS)
		return 0;
	uint32_t pos[PC_TERMS], neg[PC_TERMS];
	for (int i = 0; i < d->n; i++) {
		pos[i] = neg[i] = 0;
		for (int l = 0; l < d->t[i].n; l++) {
			uint32_t bit = (uint32_t)1 << map[d->t[i].lit[l] >> 1];
			if (d->t[i].lit[l] & 1)
				neg[i] |= bit;
			else
				pos[i] |= bit;
		}
	}
	for (uint32_t v = 0; v < (uint32_t)1 << nv; v++) {
		int sat = 0;
		for (int i = 0; i < d->n && !sat; i++)
			sat = (v & pos[i]) == pos[i] && (v & neg[i]) == 0;
		if (!sat)
			return 0;
	}
	return 1;
}

static pc_dnf pc_and(pc_ctx *c, pc_dnf a, pc_dnf b)
{
	pc_dnf r = {0, NULL};
	if ((int64_t)a.n * b.n > 4 * PC_TERMS) {
		c->fail = "too many paths";
		return r;
	}
	r.t = wp_alloc(c->k->ar, (size_t)(a.n * b.n + 1) * sizeof(pc_term));
	for (int i = 0; i < a.n; i++)
		for (int j = 0; j < b.n; j++) {
			pc_term t = a.t[i];
			int ok = 1;
			for (int l = 0; l < b.t[j].n && ok > 0; l++)
				ok = pc_term_add(&t, b.t[j].lit[l]);
			if (ok < 0) {
				c->fail = "conditions too long";
				return r;
			}
			if (ok)
				r.t[r.n++] = t;
		}
	pc_simplify(c, &r);
	return r;
}

static pc_dnf pc_or(pc_ctx *c, pc_dnf a, pc_dnf b)
{
	pc_dnf r = {0, wp_alloc(c->k->ar, (size_t)(a.n + b.n + 1) * sizeof(pc_term))};
	for (int i = 0; i < a.n; i++)
		r.t[r.n++] = a.t[i];
	for (int i = 0; i < b.n; i++)
		r.t[r.n++] = b.t[i];
	pc_simplify(c, &r);
	if (r.n > PC_TERMS)
		c->fail = "too many paths";
	return r;
}

/* condition of the edge p -> q */
static pc_dnf pc_edge(pc_ctx *c, int p, int q)
{
	K *k = c->k;
	pc_dnf r = {0, NULL};
	/* a loop's exit test guards neither its body nor what follows */
	for (int li = k->inner[p]; li >= 0; li = k->loops[li].parent)
		for (int s = 0; s < k->nsucc[p]; s++)
			if (!k->loops[li].in[k->succ[p][s]])
				return pc_true(c);
	LLVMValueRef t = LLVMGetBasicBlockTerminator(k->bb[p]);
	if (t && LLVMIsABranchInst(t) && LLVMIsConditional(t)) {
		int s0 = bindex(k, LLVMGetSuccessor(t, 0)), s1 = bindex(k, LLVMGetSuccessor(t, 1));
		if (s0 == s1)
			return pc_true(c);
		int a = pc_atom_get(c, LLVMGetCondition(t), 0, t);
		if (a < 0)
			return r;
		r = pc_true(c);
		r.t[0].n = 1;
		r.t[0].lit[0] = (short)(2 * a + (q == s1));
		return r;
	}
	if (t && LLVMGetInstructionOpcode(t) == LLVMSwitch) {
		unsigned ns = LLVMGetNumSuccessors(t);
		if (ns > PC_CASES + 1) {
			c->fail = "switch with more than 32 cases";
			c->fail_at = t;
			return r;
		}
		int a[PC_CASES + 1];
		for (unsigned s = 1; s < ns; s++)
			if ((a[s] = pc_atom_get(c, t, s, t)) < 0)
				return r;
		r.t = wp_alloc(k->ar, (size_t)ns * sizeof(pc_term));
		/* case s: v == k_s; default: v != k for every case */
		for (unsigned s = 0; s < ns; s++) {
			if (bindex(k, LLVMGetSuccessor(t, s)) != q)
				continue;
			pc_term *m = &r.t[r.n++];
			if (s)
				pc_term_add(m, 2 * a[s]);
			for (unsigned e = 1; !s && e < ns; e++)
				pc_term_add(m, 2 * a[e] + 1);
		}
		pc_simplify(c, &r);
		return r;
	}
	return pc_true(c);
}

/* copy of c whose opaque parts name `at` */
static cond *cond_at(K *k, cond *c, LLVMValueRef at)
{
	if (c->op == C_OPAQUE && !c->at) {
		cond *n = mkcond(k, C_OPAQUE);
		*n = *c;
		n->at = at;
		return n;
	}
	if (c->op == C_AND || c->op == C_OR) {
		cond *n = mkcond(k, c->op);
		*n = *c;
		n->a = cond_at(k, c->a, at);
		n->b = cond_at(k, c->b, at);
		return n;
	}
	return c;
}

static cond *pc_lit_cond(pc_ctx *c, int lit)
{
	K *k = c->k;
	pc_atom *a = &c->atom[lit >> 1];
	if (!a->c) {
		int blk = block_of(k, a->term);
		cond *x;
		if (!a->kase) {
			x = ev_cond(k, a->key, blk);
		} else {
			wp_poly *v = opnd(k, a->term, 0);
			LLVMValueRef cv = LLVMGetSwitchCaseValue(a->term, a->kase);
			if (!v)
				x = opaque(k, k->why);
			else if (wp_has_data(&k->at, v))
				x = opaque(k, "depends on loaded data");
			else if (!cv || !LLVMIsAConstantInt(cv))
				x = opaque(k, "switch case value is not a constant");
			else
				x = cmp_cond(k, v, wp_const(&k->at, LLVMConstIntGetSExtValue(cv)), P_EQ);
		}
		a->c = cond_at(k, x, a->term);
	}
	return lit & 1 ? negate(k, a->c) : a->c;
}

static cond *cond_and(K *k, cond *a, cond *b)
{
	if (!a)
		return b;
	cond *n = mkcond(k, C_AND);
	n->a = a;
	n->b = b;
	return n;
}

/* drop the terms that the others cover (longest first) */
static void pc_irredundant(pc_ctx *c, pc_dnf *d)
{
	pc_dnf o = {0, wp_alloc(c->k->ar, (size_t)(d->n + 1) * sizeof(pc_term))};
	for (int len = PC_LITS; len >= 0; len--)
		for (int i = 0; i < d->n; i++) {
			pc_term *t = &d->t[i];
			if (t->n != len)
				continue;
			o.n = 0;
			for (int j = 0; j < d->n; j++) {
				if (j == i || d->t[j].n < 0)
					continue;
				pc_term r = {0, {0}};
				int ok = 1;
				for (int l = 0; l < d->t[j].n && ok; l++) {
					if (pc_has(t, d->t[j].lit[l] ^ 1))
						ok = 0;
					else if (!pc_has(t, d->t[j].lit[l]))
						r.lit[r.n++] = d->t[j].lit[l];
				}
				if (ok)
					o.t[o.n++] = r;
			}
			if (pc_tautology(&o, 10))
				t->n = -1;
		}
	int w = 0;
	for (int i = 0; i < d->n; i++)
		if (d->t[i].n >= 0)
			d->t[w++] = d->t[i];
	d->n = w;
}

/* the condition of a simplified DNF: the literals of every term, then the
 * OR of what is left of the terms */
static cond *pc_to_cond(pc_ctx *c, pc_dnf d)
{
	K *k = c->k;
	if (d.n == 0)
		return mkcond(k, C_FALSE);
	pc_irredundant(c, &d);
	cond *common = NULL;
	pc_term first = d.t[0];
	for (int l = 0; l < first.n; l++) {
		int all = 1;
		for (int i = 1; i < d.n && all; i++)
			all = pc_has(&d.t[i], first.lit[l]);
		if (!all)
			continue;
		common = cond_and(k, common, pc_lit_cond(c, first.lit[l]));
		for (int i = 0; i < d.n; i++) {
			int w = 0;
			for (int m = 0; m < d.t[i].n; m++)
				if (d.t[i].lit[m] != first.lit[l])
					d.t[i].lit[w++] = d.t[i].lit[m];
			d.t[i].n = w;
		}
	}
	cond *any = NULL;
	for (int i = 0; i < d.n; i++) {
		if (d.t[i].n == 0)
			return common; /* common && (true || ...) */
		cond *t = NULL;
		for (int l = 0; l < d.t[i].n; l++)
			t = cond_and(k, t, pc_lit_cond(c, d.t[i].lit[l]));
		if (!any) {
			any = t;
		} else {
			cond *o = mkcond(k, C_OR);
			o->a = any;
			o->b = t;
			any = o;
		}
	}
	return cond_and(k, common, any);
}

/* outermost loop holding p but not d: its header stands for p */
static int pc_rep(K *k, int p, int d)
{
	int r = p;
	for (int li = k->inner[p]; li >= 0 && !k->loops[li].in[d]; li = k->loops[li].parent)
		r = k->loops[li].header;
	return r;
}

/* path condition of x from its immediate dominator d; NULL: true. Sets
 * c->fail when the region is too large or not acyclic. */
static cond *path_cond(pc_ctx *c, int x, int d)
{
	K *k = c->k;
	int *ri = wp_alloc(k->ar, (size_t)k->nb * sizeof(int)); /* region index + 1 */
	int list[PC_BLOCKS], stack[PC_BLOCKS], n = 0, sp = 0;
	list[n++] = x;
	ri[x] = n;
	stack[sp++] = x;
	while (sp) {
		int q = stack[--sp];
		if (q == d)
			continue;
		for (int i = 0; i < k->npred[q]; i++) {
			int p = k->pred[q][i];
			if (k->rpo_num[p] < 0 || dominates(k, q, p))
				continue; /* unreachable, back edge */
			int r = pc_rep(k, p, d);
			if (k->rpo_num[r] >= k->rpo_num[q] || !dominates(k, d, r)) {
				c->fail = "irreducible control flow";
				return NULL;
			}
			if (ri[r])
				continue;
			if (n == PC_BLOCKS) {
				c->fail = "more than 128 blocks between it and its dominator";
				return NULL;
			}
			list[n++] = r;
			ri[r] = n;
			stack[sp++] = r;
		}
	}
	/* topological order: reverse postorder */
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && k->rpo_num[list[j]] < k->rpo_num[list[j - 1]]; j--) {
			int t = list[j];
			list[j] = list[j - 1];
			list[j - 1] = t;
		}
	if (list[0] != d) {
		c->fail = "irreducible control flow";
		return NULL;
	}
	for (int j = 0; j < n; j++)
		ri[list[j]] = j + 1;
	pc_dnf *cd = wp_alloc(k->ar, (size_t)n * sizeof(pc_dnf));
	cd[0] = pc_true(c);
	for (int j = 1; j < n; j++) {
		int q = list[j];
		pc_dnf acc = {0, NULL};
		for (int i = 0; i < k->npred[q]; i++) {
			int p = k->pred[q][i], dup = 0;
			for (int h = 0; h < i; h++)
				dup |= k->pred[q][h] == p;
			if (dup || k->rpo_num[p] < 0 || dominates(k, q, p))
				continue;
			int r = pc_rep(k, p, d);
			pc_dnf e = r != p ? pc_true(c) : pc_edge(c, p, q);
			if (c->fail)
				return NULL;
			acc = pc_or(c, acc, pc_and(c, cd[ri[r] - 1], e));
			if (c->fail)
				return NULL;
		}
		cd[ri[q] - 1] = acc;
	}
	pc_dnf r = cd[ri[x] - 1];
	if (pc_tautology(&r, PC_TAUT_ATOMS))
		return NULL;
	return pc_to_cond(c, r);
}

/* the path condition of join block x (memoised); NULL: true, or not
 * reconstructed (then an assumption says so) */
static cond *join_cond(K *k, int x, int d)
{
	if (!k->jdone) {
		k->jdone = wp_alloc(k->ar, (size_t)k->nb);
		k->jcond = wp_alloc(k->ar, (size_t)k->nb * sizeof(cond *));
	}
	if (k->jdone[x])
		return k->jcond[x];
	k->jdone[x] = 1;
	pc_ctx *c = wp_alloc(k->ar, sizeof(*c));
	c->k = k;
	k->jcond[x] = path_cond(c, x, d);
	if (c->fail && c->fail_at) {
		k->jcond[x] = NULL;
		assume(k, "guards of the blocks after the switch%s not reconstructed (%s): assumed true",
			where(k, c->fail_at), c->fail);
	} else if (c->fail) {
		k->jcond[x] = NULL;
		const char *w = "";
		for (LLVMValueRef i = LLVMGetFirstInstruction(k->bb[x]); i && !*w; i = LLVMGetNextInstruction(i))
			w = where(k, i);
		assume(k, "guard of the block%s (reached from several branches) not reconstructed (%s): assumed true",
			w, c->fail);
	}
	return k->jcond[x];
}

/* text of a comparison (no side effects, unlike cond_str) */
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
static int block_guards(K *k, int b, guard_ent **out)
{
	int cap = 8, n = 0;
	guard_ent *g = wp_alloc(k->ar, (size_t)cap * sizeof(*g));
	for (int x = b; x != 0 && k->idom[x] >= 0;) {
		int d = k->idom[x];
		LLVMValueRef t = LLVMGetBasicBlockTerminator(k->bb[d]);
		int only = 0, s0 = -1, s1 = -1;
		if (t && LLVMIsABranchInst(t) && LLVMIsConditional(t)) {
			s0 = bindex(k, LLVMGetSuccessor(t, 0));
			s1 = bindex(k, LLVMGetSuccessor(t, 1));
			only = s0 != s1 && (x == s0 || x == s1);
			for (int p = 0; only && p < k->npred[x]; p++)
				if (k->pred[x][p] != d && !dominates(k, x, k->pred[x][p]))
					only = 0;
			/* a loop's exit test guards neither its body nor what follows */
			for (int li = k->inner[d]; only && li >= 0; li = k->loops[li].parent)
				if (!k->loops[li].in[s0] || !k->loops[li].in[s1])
					only = 0;
		}
		cond *c = NULL;
		if (only) {
			c = ev_cond(k, LLVMGetCondition(t), d);
			if (x != s0)
				c = negate(k, c);
		} else {
			c = join_cond(k, x, d);
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
			if (LLVMGetInstructionOpcode(i) != LLVMCall || strcmp(callee_name(i), "llvm.assume") != 0)
				continue;
			cond *c = ev_cond(k, LLVMGetOperand(i, 0), x);
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

/* ---------- addresses ---------- */
typedef struct addr {
	LLVMValueRef base;
	wp_poly *off;
} addr;

static int decompose(K *k, LLVMValueRef p, int use, addr *out, int depth);

static int gep_offset(K *k, LLVMValueRef g, int use, wp_poly **off)
{
	wp_atoms *at = &k->at;
	LLVMTypeRef t = LLVMGetGEPSourceElementType(g);
	int n = LLVMGetNumOperands(g);
	wp_poly *o = wp_const(at, 0);
	for (int i = 1; i < n; i++) {
		LLVMValueRef idx = LLVMGetOperand(g, (unsigned)i);
		if (i > 1 && LLVMGetTypeKind(t) == LLVMStructTypeKind) {
			unsigned e = (unsigned)LLVMConstIntGetZExtValue(idx);
			o = wp_add(at, o, wp_const(at, (int64_t)LLVMOffsetOfElement(k->td, t, e)));
			t = LLVMStructGetTypeAtIndex(t, e);
			continue;
		}
		if (i > 1) {
			LLVMTypeKind tk = LLVMGetTypeKind(t);
			if (tk != LLVMArrayTypeKind && tk != LLVMVectorTypeKind)
				return 0;
			t = LLVMGetElementType(t);
		}
		if (LLVMGetTypeKind(LLVMTypeOf(idx)) != LLVMIntegerTypeKind) {
			k->why = "vector address";
			return 0;
		}
		wp_poly *pi = LLVMIsAInstruction(g) ? ev_at(k, idx, use) : ev(k, idx);
		if (!pi)
			return 0;
		o = wp_add(at, o, wp_scale(at, pi, (int64_t)LLVMABISizeOfType(k->td, t)));
	}
	if (!o)
		k->why = "arithmetic overflow in the address";
	*off = o;
	return o != NULL;
}

static int decompose(K *k, LLVMValueRef p, int use, addr *out, int depth)
{
	wp_atoms *at = &k->at;
	if (depth > 64) {
		k->why = "address too deep";
		return 0;
	}
	if (LLVMIsAArgument(p) || LLVMIsAGlobalVariable(p) || LLVMIsAAllocaInst(p)) {
		out->base = p;
		out->off = wp_const(at, 0);
		return 1;
	}
	LLVMOpcode op;
	if (LLVMIsAInstruction(p))
		op = LLVMGetInstructionOpcode(p);
	else if (LLVMIsAConstantExpr(p))
		op = LLVMGetConstOpcode(p);
	else {
		k->why = "address is a constant";
		return 0;
	}
	if (LLVMIsAInstruction(p))
		use = block_of(k, p);
	switch (op) {
	case LLVMAddrSpaceCast:
	case LLVMBitCast:
		return decompose(k, LLVMGetOperand(p, 0), use, out, depth + 1);
	case LLVMGetElementPtr: {
		wp_poly *o;
		if (!decompose(k, LLVMGetOperand(p, 0), use, out, depth + 1))
			return 0;
		if (!gep_offset(k, p, use, &o))
			return 0;
		out->off = wp_add(at, out->off, o);
		if (!out->off)
			k->why = "arithmetic overflow in the address";
		return out->off != NULL;
	}
	case LLVMPHI: {
		/* pointer induction variable: phi(start, phi + step) */
		int b = block_of(k, p);
		for (int li = 0; li < k->nl; li++) {
			if (k->loops[li].header != b)
				continue;
			addr s = {0}, st = {0};
			int ok = 1, have_start = 0;
			wp_poly *step = NULL;
			for (unsigned i = 0; ok && i < LLVMCountIncoming(p); i++) {
				LLVMValueRef in = LLVMGetIncomingValue(p, i);
				int from = bindex(k, LLVMGetIncomingBlock(p, i));
				if (!k->loops[li].in[from]) {
					ok = decompose(k, in, from, have_start ? &st : &s, depth + 1) &&
					     (!have_start || (st.base == s.base && wp_equal(st.off, s.off)));
					have_start = 1;
				} else if (LLVMIsAGetElementPtrInst(in) && LLVMGetOperand(in, 0) == p) {
					wp_poly *o;
					ok = gep_offset(k, in, from, &o) && !(wp_loops(at, o) & k->at.a[k->loops[li].atom].loops);
					ok = ok && (!step || wp_equal(step, o));
					step = o;
				} else {
					ok = 0;
				}
			}
			if (ok && have_start && step) {
				out->base = s.base;
				out->off = wp_add(at, s.off, wp_mul(at, step, wp_atom_poly(at, k->loops[li].atom)));
				return out->off != NULL;
			}
			k->why = "pointer phi that is not an induction variable";
			return 0;
		}
		addr first = {0};
		for (unsigned i = 0; i < LLVMCountIncoming(p); i++) {
			addr a = {0};
			if (!decompose(k, LLVMGetIncomingValue(p, i), bindex(k, LLVMGetIncomingBlock(p, i)), &a, depth + 1))
				return 0;
			if (i && (a.base != first.base || !wp_equal(a.off, first.off))) {
				k->why = "address merged from different pointers (phi)";
				return 0;
			}
			first = a;
		}
		*out = first;
		return 1;
	}
	case LLVMSelect: {
		addr a = {0}, b = {0};
		if (decompose(k, LLVMGetOperand(p, 1), use, &a, depth + 1) &&
		    decompose(k, LLVMGetOperand(p, 2), use, &b, depth + 1) && a.base == b.base &&
		    wp_equal(a.off, b.off)) {
			*out = a;
			return 1;
		}
		k->why = "address chosen by a select";
		return 0;
	}
	case LLVMLoad:
		k->why = "pointer loaded from memory (pointer chasing)";
		return 0;
	case LLVMIntToPtr:
		k->why = "pointer made from an integer";
		return 0;
	case LLVMCall:
		k->why = wp_printf(k->ar, "pointer returned by a call to '%s'", callee_name(p));
		return 0;
	default:
		k->why = "unsupported pointer operation";
		return 0;
	}
}

/* The base object behind an address, even when the offset is unknown. */
static LLVMValueRef find_base(LLVMValueRef p)
{
	for (int i = 0; i < 64 && p; i++) {
		if (LLVMIsAArgument(p) || LLVMIsAGlobalVariable(p) || LLVMIsAAllocaInst(p))
			return p;
		LLVMOpcode op;
		if (LLVMIsAInstruction(p))
			op = LLVMGetInstructionOpcode(p);
		else if (LLVMIsAConstantExpr(p))
			op = LLVMGetConstOpcode(p);
		else
			return NULL;
		if (op != LLVMGetElementPtr && op != LLVMAddrSpaceCast && op != LLVMBitCast)
			return NULL;
		p = LLVMGetOperand(p, 0);
	}
	return NULL;
}

static char *global_name(K *k, LLVMValueRef g)
{
	size_t len;
	const char *n = LLVMGetValueName2(g, &len);
	/* local statics are mangled _ZZ<len><function>E<len><name> */
	if (len > 4 && strncmp(n, "_ZZ", 3) == 0) {
		const char *e = NULL;
		char *end;
		long fl = strtol(n + 3, &end, 10);
		if (fl > 0 && end + fl < n + len && end[fl] == 'E')
			e = end + fl + 1;
		if (e) {
			long vl = strtol(e, &end, 10);
			if (vl > 0 && end + vl <= n + len)
				return wp_printf(k->ar, "%.*s", (int)vl, end);
		}
	}
	return wp_printf(k->ar, "%.*s", (int)len, n);
}

static int field_of(K *k, LLVMValueRef base, int bytes)
{
	for (int i = 0; i < k->nf; i++)
		if (k->fields[i].base == base) {
			if (bytes && bytes < k->fields[i].elem_bytes)
				k->fields[i].elem_bytes = bytes;
			return i;
		}
	if (k->nf == k->capf) {
		k->capf = k->capf ? 2 * k->capf : 8;
		field *n = wp_alloc(k->ar, (size_t)k->capf * sizeof(field));
		if (k->nf)
			if (k->nf > 0)
				memcpy(n, k->fields, (size_t)k->nf * sizeof(field));
		k->fields = n;
	}
	field *f = &k->fields[k->nf];
	memset(f, 0, sizeof(*f));
	f->base = base;
	f->elem_bytes = bytes ? bytes : 1;
	f->align = 256;
	f->space = "global";
	if (!base) {
		f->name = "unknown";
	} else if (LLVMIsAArgument(base)) {
		unsigned n = LLVMCountParams(k->fn);
		for (unsigned i = 0; i < n; i++)
			if (LLVMGetParam(k->fn, i) == base)
				f->name = arg_name(k, k->fn, i);
	} else if (LLVMIsAGlobalVariable(base)) {
		f->name = global_name(k, base);
		unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(base));
		f->space = as == 3 ? "shared" : "global";
		f->align = (int)LLVMGetAlignment(base);
		if (f->align <= 0)
			f->align = 4;
		f->size_bytes = (int64_t)LLVMABISizeOfType(k->td, LLVMGlobalGetValueType(base));
		if (as == 4)
			assume(k, "constant memory '%s' is modelled as global memory", f->name);
	} else {
		f->name = wp_printf(k->ar, "local%d", k->nf);
		f->space = "local";
		f->align = (int)LLVMGetAlignment(base);
	}
	for (int i = 0; i < k->nf; i++)
		if (strcmp(k->fields[i].name, f->name) == 0)
			f->name = wp_printf(k->ar, "%s_%d", f->name, k->nf);
	return k->nf++;
}

static access *new_access(K *k, LLVMValueRef inst, const char *kind, int bytes)
{
	if (k->na == k->capa) {
		k->capa = k->capa ? 2 * k->capa : 32;
		access *n = wp_alloc(k->ar, (size_t)k->capa * sizeof(access));
		if (k->na)
			if (k->na > 0)
				memcpy(n, k->acc, (size_t)k->na * sizeof(access));
		k->acc = n;
	}
	access *a = &k->acc[k->na++];
	memset(a, 0, sizeof(*a));
	a->inst = inst;
	a->kind = kind;
	a->bytes = bytes;
	a->field = -1;
	a->block = block_of(k, inst);
	a->loc = loc_of(k, inst);
	a->uses_result = 1;
	return a;
}

/* ---------- lane groups of a data-dependent atomic ---------- */
/* Value of an expression for one lane of the first warp of the first block:
 * tid.x = lane, the other thread and block indices 0, loop variables 0
 * (uniform across the warp), ntid.* 1024 and nctaid.* 1 (they only multiply
 * block indices here). Parameters and loaded data: unknown (returns 0). */
typedef struct lane_ev {
	K *k;
	const char *s;
	int lane, ok;
} lane_ev;

static int64_t lane_atom(lane_ev *e, int atom);
static int64_t lane_expr(lane_ev *e);

static void lane_ws(lane_ev *e)
{
	while (*e->s == ' ')
		e->s++;
}

static int64_t lane_primary(lane_ev *e)
{
	lane_ws(e);
	if (*e->s == '(') {
		e->s++;
		int64_t v = lane_expr(e);
		lane_ws(e);
		if (*e->s == ')')
			e->s++;
		else
			e->ok = 0;
		return v;
	}
	if (*e->s == '-') {
		e->s++;
		return -lane_primary(e);
	}
	if (isdigit((unsigned char)*e->s)) {
		int64_t v = 0;
		while (isdigit((unsigned char)*e->s))
			v = v * 10 + (*e->s++ - '0');
		return v;
	}
	if (isalpha((unsigned char)*e->s) || *e->s == '_') {
		const char *b = e->s;
		while (isalnum((unsigned char)*e->s) || *e->s == '_' || *e->s == '.')
			e->s++;
		size_t n = (size_t)(e->s - b);
		lane_ws(e);
		if (*e->s == '(' && ((n == 3 && !strncmp(b, "min", 3)) || (n == 3 && !strncmp(b, "max", 3)))) {
			e->s++;
			int64_t x = lane_expr(e);
			lane_ws(e);
			if (*e->s == ',')
				e->s++;
			else
				e->ok = 0;
			int64_t y = lane_expr(e);
			lane_ws(e);
			if (*e->s == ')')
				e->s++;
			else
				e->ok = 0;
			return b[1] == 'i' ? (x < y ? x : y) : (x > y ? x : y);
		}
		for (int i = 0; i < e->k->at.n; i++)
			if (strlen(e->k->at.a[i].name) == n && !strncmp(e->k->at.a[i].name, b, n))
				return lane_atom(e, i);
	}
	e->ok = 0;
	return 0;
}

static int64_t lane_term(lane_ev *e)
{
	int64_t v = lane_primary(e);
	for (;;) {
		lane_ws(e);
		char op = *e->s;
		if (op != '*' && op != '/' && op != '%')
			return v;
		e->s++;
		int64_t r = lane_primary(e);
		if (op == '*')
			v *= r;
		else if (r <= 0)
			e->ok = 0;
		else if (op == '/')
			v = v >= 0 ? v / r : -((-v + r - 1) / r);
		else
			v = ((v % r) + r) % r;
	}
}

static int64_t lane_expr(lane_ev *e)
{
	int64_t v = lane_term(e);
	for (;;) {
		lane_ws(e);
		if (*e->s != '+' && *e->s != '-')
			return v;
		int neg = *e->s++ == '-';
		int64_t r = lane_term(e);
		v = neg ? v - r : v + r;
	}
}

static int64_t lane_atom(lane_ev *e, int atom)
{
	const wp_atom *a = &e->k->at.a[atom];
	switch (a->kind) {
	case WP_TID:
		return strcmp(a->name, "tid.x") == 0 ? e->lane : 0;
	case WP_CTAID:
	case WP_LOOP:
		return 0;
	case WP_NTID:
		return 1024;
	case WP_NCTAID:
		return 1;
	case WP_QUASI: {
		lane_ev sub = {e->k, a->name, e->lane, 1};
		int64_t v = lane_expr(&sub);
		lane_ws(&sub);
		if (!sub.ok || *sub.s)
			e->ok = 0;
		return v;
	}
	default:
		e->ok = 0;
		return 0;
	}
}

/* Number of distinct values of p over the 32 lanes of a warp, when every value
 * is taken by the same number of lanes; 0 when unknown or uneven. */
static int lane_groups(K *k, const wp_poly *p)
{
	if (!p)
		return 0;
	int64_t v[32];
	for (int lane = 0; lane < 32; lane++) {
		lane_ev e = {k, NULL, lane, 1};
		int64_t sum = 0;
		for (int t = 0; t < p->n; t++) {
			int64_t x = p->t[t].c;
			for (int f = 0; f < p->t[t].n; f++)
				x *= lane_atom(&e, p->t[t].f[f]);
			sum += x;
		}
		if (!e.ok)
			return 0;
		v[lane] = sum;
	}
	int groups = 0, size = -1;
	for (int i = 0; i < 32; i++) {
		int first = 1, n = 0;
		for (int j = 0; j < 32; j++) {
			first &= !(j < i && v[j] == v[i]);
			n += v[j] == v[i];
		}
		if (!first)
			continue;
		groups++;
		if (size >= 0 && n != size)
			return 0;
		size = n;
	}
	return groups;
}

static void analyse_address(K *k, access *a, LLVMValueRef ptr)
{
	addr ad = {0};
	k->why = NULL;
	if (!decompose(k, ptr, a->block, &ad, 0)) {
		LLVMValueRef b = find_base(ptr);
		a->field = field_of(k, b, 0);
		a->why = wp_strdup(k->ar, k->why ? k->why : "address not affine");
		return;
	}
	a->field = field_of(k, ad.base, a->bytes);
	if (!wp_has_data(&k->at, ad.off)) {
		a->off = ad.off;
		return;
	}
	/* data-dependent: an atomic with one data term of known range keeps its
	 * affine part and gets a contention assumption */
	wp_poly *rest = wp_const(&k->at, 0);
	int n_data = 0, ok = 1;
	int64_t range = 0, scale = 0;
	const char *origin = NULL;
	for (int i = 0; i < ad.off->n; i++) {
		wp_term *t = &ad.off->t[i];
		int has = 0;
		for (int f = 0; f < t->n; f++)
			has |= k->at.a[t->f[f]].data;
		if (!has) {
			wp_poly one = {1, t};
			rest = wp_add(&k->at, rest, &one);
			continue;
		}
		n_data++;
		if (t->n != 1 || k->at.a[t->f[0]].kind != WP_DATA) {
			ok = 0;
			continue;
		}
		range = k->at.a[t->f[0]].range;
		scale = t->c;
		origin = k->at.a[t->f[0]].origin;
	}
	if (!origin)
		origin = "an earlier load";
	if ((a->kind[0] == 'a' || a->kind[0] == 'c') && ok && n_data == 1 && range > 0 && scale == a->bytes) {
		/* The core reads `contention` only for unanalysable accesses (an
		 * analysable one is costed from its address alone, which would put all
		 * lanes of listing 1 on one word). The affine part survives as the
		 * number of address groups it forms in a warp (`/G`) and in the reason. */
		a->contention = range;
		a->groups = lane_groups(k, rest);
		wp_poly *elems = wp_content(rest) % a->bytes == 0 ? wp_fdiv(&k->at, rest, wp_const(&k->at, a->bytes)) : NULL;
		char *affine = elems ? wp_str(&k->at, elems) : wp_str(&k->at, rest);
		a->why = wp_printf(k->ar, "address depends on data loaded at %s (plus %s %s)", origin,
			elems ? "element" : "byte offset", affine ? affine : "?");
		if (a->groups > 1)
			assume(k, "atomic%s: data-dependent address (value loaded at %s) assumed uniform over %lld "
				"elements; its affine part forms %d address groups per warp",
				where(k, a->inst), origin, (long long)range, a->groups);
		else
			assume(k, "atomic%s: data-dependent address (value loaded at %s) assumed uniform over %lld elements",
				where(k, a->inst), origin, (long long)range);
		return;
	}
	a->why = wp_printf(k->ar, "address depends on data loaded at %s", origin);
}

static void collect_accesses(K *k)
{
	for (int b = 0; b < k->nb; b++) {
		if (k->rpo_num[b] < 0)
			continue;
		for (LLVMValueRef i = LLVMGetFirstInstruction(k->bb[b]); i; i = LLVMGetNextInstruction(i)) {
			LLVMOpcode op = LLVMGetInstructionOpcode(i);
			access *a;
			switch (op) {
			case LLVMLoad:
				a = new_access(k, i, "load", (int)LLVMStoreSizeOfType(k->td, LLVMTypeOf(i)));
				analyse_address(k, a, LLVMGetOperand(i, 0));
				break;
			case LLVMStore:
				a = new_access(k, i, "store",
					(int)LLVMStoreSizeOfType(k->td, LLVMTypeOf(LLVMGetOperand(i, 0))));
				analyse_address(k, a, LLVMGetOperand(i, 1));
				break;
			case LLVMAtomicRMW:
				a = new_access(k, i, "atomic",
					(int)LLVMStoreSizeOfType(k->td, LLVMTypeOf(LLVMGetOperand(i, 1))));
				a->uses_result = LLVMGetFirstUse(i) != NULL;
				analyse_address(k, a, LLVMGetOperand(i, 0));
				break;
			case LLVMAtomicCmpXchg:
				a = new_access(k, i, "cas",
					(int)LLVMStoreSizeOfType(k->td, LLVMTypeOf(LLVMGetOperand(i, 1))));
				analyse_address(k, a, LLVMGetOperand(i, 0));
				break;
			case LLVMCall: {
				const char *n = callee_name(i);
				LLVMValueRef callee = LLVMGetCalledValue(i);
				unsigned na = (unsigned)LLVMGetNumArgOperands(i);
				if (strncmp(n, "llvm.nvvm.ldg.global.", 21) == 0 ||
				    strncmp(n, "llvm.nvvm.ldu.global.", 21) == 0) {
					a = new_access(k, i, "load", (int)LLVMStoreSizeOfType(k->td, LLVMTypeOf(i)));
					analyse_address(k, a, LLVMGetOperand(i, 0));
					break;
				}
				if (strncmp(n, "llvm.nvvm.atomic.", 17) == 0) {
					a = new_access(k, i, "atomic", (int)LLVMStoreSizeOfType(k->td, LLVMTypeOf(i)));
					a->uses_result = LLVMGetFirstUse(i) != NULL;
					analyse_address(k, a, LLVMGetOperand(i, 0));
					break;
				}
				int is_mem = strncmp(n, "llvm.memcpy", 11) == 0 || strncmp(n, "llvm.memmove", 12) == 0 ||
				             strncmp(n, "llvm.memset", 11) == 0;
				if (strncmp(n, "llvm.", 5) == 0 && !is_mem) {
					int ptr_args = 0;
					for (unsigned q = 0; q < na; q++)
						ptr_args |= LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(i, q))) == LLVMPointerTypeKind;
					if (!ptr_args || strncmp(n, "llvm.lifetime", 13) == 0 || strncmp(n, "llvm.dbg", 8) == 0 ||
					    strncmp(n, "llvm.nvvm.barrier", 17) == 0 || strncmp(n, "llvm.assume", 11) == 0)
						break;
				}
				if (is_mem && na >= 3 && LLVMIsAConstantInt(LLVMGetOperand(i, 2)) &&
				    LLVMConstIntGetZExtValue(LLVMGetOperand(i, 2)) <= 16) {
					/* small block copies (split structs): affine accesses of len bytes */
					int len = (int)LLVMConstIntGetZExtValue(LLVMGetOperand(i, 2));
					a = new_access(k, i, "store", len);
					analyse_address(k, a, LLVMGetOperand(i, 0));
					if (strncmp(n, "llvm.memset", 11) != 0) {
						a = new_access(k, i, "load", len);
						analyse_address(k, a, LLVMGetOperand(i, 1));
					}
					break;
				}
				const char *what = is_mem ? n
				                   : LLVMIsAInlineAsm(callee) ? "inline asm"
				                   : *n                       ? n
				                                              : "an indirect call";
				int any = 0;
				for (unsigned q = 0; q < na; q++) {
					LLVMValueRef arg = LLVMGetOperand(i, q);
					if (LLVMGetTypeKind(LLVMTypeOf(arg)) != LLVMPointerTypeKind)
						continue;
					int store = is_mem ? q == 0 : 1;
					a = new_access(k, i, store ? "store" : "load", 4);
					a->field = field_of(k, find_base(arg), 0);
					a->why = wp_printf(k->ar, "memory accessed by %s%s", LLVMIsAInlineAsm(callee) || is_mem ? "" : "a call to ", what);
					any = 1;
				}
				if (!any && !LLVMIsAInlineAsm(callee) && strncmp(n, "llvm.", 5) != 0)
					assume(k, "call to '%s'%s not analysed", *n ? n : "(indirect)", where(k, i));
				if (!any && LLVMIsAInlineAsm(callee))
					assume(k, "inline asm%s not analysed", where(k, i));
				break;
			}
			default:
				break;
			}
		}
	}
}

/* ---------- post-processing ---------- */
static int same_guards(const access *a, const access *b)
{
	if (a->ng != b->ng)
		return 0;
	for (int i = 0; i < a->ng; i++)
		if (a->g[i].br != b->g[i].br || a->g[i].dir != b->g[i].dir)
			return 0;
	return 1;
}

/* Pieces of one vector access (a float4 copy split into lanes or into a
 * float and a 12-byte memcpy) become one 8- or 16-byte access again. */
static void merge_lanes(K *k)
{
	for (int i = 0; i < k->na; i++) {
		access *a = &k->acc[i];
		if (a->dead || !a->off || a->bytes >= 16 || (a->kind[0] != 'l' && a->kind[0] != 's'))
			continue;
		for (int width = 16; width >= 8; width /= 2) {
			if (a->bytes >= width || wp_content(a->off) % width != 0)
				continue;
			int parts[16], np = 0, covered = a->bytes;
			for (int progress = 1; progress && covered < width;) {
				progress = 0;
				for (int j = 0; j < k->na && covered < width; j++) {
					access *b = &k->acc[j];
					wp_poly *d = b->off && j != i ? wp_sub(&k->at, b->off, a->off) : NULL;
					int64_t c;
					if (!b->dead && d && b->field == a->field && b->kind == a->kind && b->block == a->block &&
					    same_guards(a, b) && wp_is_const(d, &c) && c == covered && covered + b->bytes <= width) {
						int dup = 0;
						for (int q = 0; q < np; q++)
							dup |= parts[q] == j;
						if (dup || np == 16)
							continue;
						parts[np++] = j;
						covered += b->bytes;
						progress = 1;
					}
				}
			}
			if (covered != width)
				continue;
			a->bytes = width;
			for (int q = 0; q < np; q++)
				k->acc[parts[q]].dead = 1;
			assume(k, "%d pieces of a %s%s merged into one %d-byte access", np + 1, a->kind, where(k, a->inst),
				width);
			break;
		}
	}
	for (int i = 0; i < k->na; i++) {
		access *a = &k->acc[i];
		int b = a->bytes;
		if (!a->dead && a->off && b != 1 && b != 2 && b != 4 && b != 8 && b != 16) {
			a->off = NULL;
			a->why = wp_printf(k->ar, "%d-byte block copy", b);
		}
	}
}

typedef struct delin {
	int ok, nd;         /* number of index entries */
	int stride[4][WP_MAXF];
	int nstride[4];     /* stride i (i=1..nd-1) as a multiset of parameter atoms */
	char *dims[5];
} delin;

static int param_factors(K *k, const wp_term *t, int *out)
{
	int n = 0;
	for (int f = 0; f < t->n; f++)
		if (k->at.a[t->f[f]].kind == WP_PARAM)
			out[n++] = t->f[f];
	return n;
}

static int same_multiset(const int *a, int na, const int *b, int nb)
{
	if (na != nb)
		return 0;
	for (int i = 0; i < na; i++)
		if (a[i] != b[i])
			return 0;
	return 1;
}

/* Index polynomial of access a in elements. */
static wp_poly *elem_index(K *k, const access *a, int elem)
{
	return wp_fdiv(&k->at, a->off, wp_const(&k->at, elem));
}

static void delinearise(K *k, int fi, delin *d)
{
	memset(d, 0, sizeof(*d));
	d->ok = 1;
	d->nd = 1;
	/* strides: distinct parameter products, which must form a chain */
	int ns = 0, st[4][WP_MAXF], nst[4];
	for (int i = 0; i < k->na; i++) {
		access *a = &k->acc[i];
		if (a->dead || a->field != fi || !a->off)
			continue;
		for (int t = 0; t < a->off->n; t++) {
			int pf[WP_MAXF], np = param_factors(k, &a->off->t[t], pf);
			if (!np)
				continue;
			int found = 0;
			for (int s = 0; s < ns; s++)
				found |= same_multiset(st[s], nst[s], pf, np);
			if (found)
				continue;
			if (ns == 3 || np > 3)
				return; /* 1-D */
			memcpy(st[ns], pf, sizeof(int) * (size_t)np);
			nst[ns++] = np;
		}
	}
	if (!ns)
		return;
	/* sort by size and check the chain */
	for (int i = 0; i < ns; i++)
		for (int j = i + 1; j < ns; j++)
			if (nst[j] < nst[i]) {
				int tmp[WP_MAXF], tn = nst[i];
				memcpy(tmp, st[i], sizeof tmp);
				memcpy(st[i], st[j], sizeof tmp);
				nst[i] = nst[j];
				memcpy(st[j], tmp, sizeof tmp);
				nst[j] = tn;
			}
	for (int i = 0; i < ns; i++) {
		if (nst[i] != i + 1)
			return;
		/* st[i-1] must be contained in st[i] (both sorted by rank) */
		if (i > 0) {
			int p = 0;
			for (int q = 0; q < nst[i] && p < nst[i - 1]; q++)
				if (st[i][q] == st[i - 1][p])
					p++;
			if (p != nst[i - 1])
				return;
		}
	}
	d->nd = ns + 1;
	for (int i = 0; i < ns; i++) {
		memcpy(d->stride[i + 1], st[i], sizeof st[i]);
		d->nstride[i + 1] = nst[i];
	}
	/* extents: innermost first */
	int last_param = -1;
	for (int i = 1; i <= ns; i++) {
		int extra = -1;
		for (int q = 0; q < nst[i - 1]; q++) {
			int in_prev = 0;
			if (i > 1)
				for (int r = 0; r < nst[i - 2]; r++)
					in_prev |= st[i - 2][r] == st[i - 1][q];
			if (!in_prev)
				extra = st[i - 1][q];
		}
		if (i == 1)
			extra = st[0][0];
		else {
			/* the factor of st[i-1] not in st[i-2] (multisets) */
			int used[WP_MAXF] = {0};
			extra = -1;
			for (int q = 0; q < nst[i - 1]; q++) {
				int m = 0;
				for (int r = 0; r < nst[i - 2]; r++)
					if (!used[r] && st[i - 2][r] == st[i - 1][q]) {
						used[r] = 1;
						m = 1;
						break;
					}
				if (!m)
					extra = st[i - 1][q];
			}
		}
		d->dims[ns - i + 1] = k->at.a[extra].name;
		last_param = extra;
	}
	(void)last_param;
}

/* Splits a field-element index by the strides of d; NULL if a term does not fit. */
static int split_index(K *k, const delin *d, const wp_poly *p, wp_poly **out)
{
	for (int i = 0; i < d->nd; i++)
		out[i] = wp_const(&k->at, 0);
	for (int t = 0; t < p->n; t++) {
		int pf[WP_MAXF], np = param_factors(k, &p->t[t], pf);
		int level = -1;
		if (!np)
			level = 0;
		for (int s = 1; s < d->nd && level < 0; s++)
			if (same_multiset(d->stride[s], d->nstride[s], pf, np))
				level = s;
		if (level < 0)
			return 0;
		/* remove the stride's factors */
		wp_term nt = {p->t[t].c, 0, {0}};
		int used[WP_MAXF] = {0};
		for (int f = 0; f < p->t[t].n; f++) {
			int skip = 0;
			for (int r = 0; level > 0 && r < d->nstride[level]; r++)
				if (!used[r] && d->stride[level][r] == p->t[t].f[f]) {
					used[r] = 1;
					skip = 1;
					break;
				}
			if (!skip)
				nt.f[nt.n++] = p->t[t].f[f];
		}
		wp_poly one = {1, &nt};
		int idx = d->nd - 1 - level;
		out[idx] = wp_add(&k->at, out[idx], &one);
		if (!out[idx])
			return 0;
	}
	return 1;
}

/* ---------- operation counts ---------- */
enum { O_F32ADD, O_F32MUL, O_F32FMA, O_F64ADD, O_F64MUL, O_F64FMA, O_INT, O_INTMAD, O_SFU, O_OTHER, O_N };
static const char *op_names[O_N] = {"fp32_add", "fp32_mul", "fp32_fma", "fp64_add", "fp64_mul",
	"fp64_fma", "int", "int_mad", "sfu", "other"};

static int fp_kind(LLVMTypeRef t, int *lanes)
{
	*lanes = 1;
	if (LLVMGetTypeKind(t) == LLVMVectorTypeKind) {
		*lanes = (int)LLVMGetVectorSize(t);
		t = LLVMGetElementType(t);
	}
	LLVMTypeKind k = LLVMGetTypeKind(t);
	return k == LLVMDoubleTypeKind ? 2 : (k == LLVMFloatTypeKind || k == LLVMHalfTypeKind || k == LLVMBFloatTypeKind) ? 1 : 0;
}

static void count_ops(K *k, json_object *model)
{
	int nkeys = k->nl + 1;
	long long (*cnt)[O_N] = wp_alloc(k->ar, (size_t)nkeys * sizeof(*cnt));
	pmap fused = {0};
	for (int b = 0; b < k->nb; b++) {
		if (k->rpo_num[b] < 0)
			continue;
		long long *c = cnt[k->inner[b] + 1];
		for (LLVMValueRef i = LLVMGetFirstInstruction(k->bb[b]); i; i = LLVMGetNextInstruction(i)) {
			int lanes, fk = fp_kind(LLVMTypeOf(i), &lanes);
			int base = fk == 2 ? O_F64ADD : O_F32ADD;
			switch (LLVMGetInstructionOpcode(i)) {
			case LLVMFAdd: case LLVMFSub:
				if (fk && !pmap_get(&fused, i))
					c[base] += lanes;
				break;
			case LLVMFMul: {
				/* a contractable multiply feeding one add becomes an FMA in the backend */
				LLVMUseRef u = LLVMGetFirstUse(i);
				LLVMValueRef user = u && !LLVMGetNextUse(u) ? LLVMGetUser(u) : NULL;
				int contract = LLVMCanValueUseFastMathFlags(i) &&
				               (LLVMGetFastMathFlags(i) & LLVMFastMathAllowContract);
				if (fk && contract && user && LLVMIsAInstruction(user) &&
				    (LLVMGetInstructionOpcode(user) == LLVMFAdd || LLVMGetInstructionOpcode(user) == LLVMFSub) &&
				    (LLVMGetFastMathFlags(user) & LLVMFastMathAllowContract) && !pmap_get(&fused, user)) {
					pmap_put(k->ar, &fused, user, (void *)1);
					c[base + 2] += lanes;
				} else if (fk) {
					c[base + 1] += lanes;
				}
				break;
			}
			case LLVMFDiv: case LLVMFRem: c[O_SFU] += lanes; break;
			case LLVMAdd: case LLVMSub: case LLVMAnd: case LLVMOr: case LLVMXor: case LLVMShl:
			case LLVMLShr: case LLVMAShr: case LLVMICmp: case LLVMSelect: case LLVMGetElementPtr:
				c[O_INT] += lanes;
				break;
			case LLVMMul: c[O_INTMAD] += lanes; break;
			case LLVMSDiv: case LLVMUDiv: case LLVMSRem: case LLVMURem:
			case LLVMFCmp: case LLVMFPToSI: case LLVMFPToUI: case LLVMSIToFP: case LLVMUIToFP:
			case LLVMFPTrunc: case LLVMFPExt: case LLVMFNeg:
				c[O_OTHER] += lanes;
				break;
			case LLVMCall: {
				const char *n = callee_name(i);
				if (strncmp(n, "llvm.fma.", 9) == 0 || strncmp(n, "llvm.fmuladd.", 13) == 0 ||
				    strncmp(n, "llvm.nvvm.fma.", 14) == 0) {
					if (fk)
						c[base + 2] += lanes;
				} else if (strstr(n, "sqrt") || strstr(n, "rsqrt") || strstr(n, "ex2") || strstr(n, "lg2") ||
				           strstr(n, ".sin") || strstr(n, ".cos") || strstr(n, "rcp") || strstr(n, "llvm.exp") ||
				           strstr(n, "llvm.log")) {
					c[O_SFU] += lanes;
				} else if (strncmp(n, "llvm.fabs", 9) == 0 || strncmp(n, "llvm.smin", 9) == 0 ||
				           strncmp(n, "llvm.smax", 9) == 0 || strncmp(n, "llvm.umin", 9) == 0 ||
				           strncmp(n, "llvm.umax", 9) == 0) {
					c[O_INT] += lanes;
				}
				break;
			}
			default:
				break;
			}
		}
	}
	json_object *arr = json_object_new_array();
	for (int key = 0; key < nkeys; key++) {
		int any = 0;
		for (int o = 0; o < O_N; o++)
			any |= cnt[key][o] != 0;
		if (!any)
			continue;
		json_object *e = json_object_new_object();
		if (key > 0) {
			json_object *loops = json_object_new_array();
			int chain[64], nc = 0;
			for (int li = key - 1; li >= 0 && nc < 64; li = k->loops[li].parent)
				chain[nc++] = li;
			for (int c = nc - 1; c >= 0; c--)
				json_object_array_add(loops, json_object_new_string(k->at.a[k->loops[chain[c]].atom].name));
			json_object_object_add(e, "loops", loops);
		}
		for (int o = 0; o < O_N; o++)
			if (cnt[key][o])
				json_object_object_add(e, op_names[o], json_object_new_int64(cnt[key][o]));
		json_object_array_add(arr, e);
	}
	json_object_object_add(model, "ops", arr);
}

/* ---------- kernels ---------- */
int wp_is_kernel(LLVMModuleRef mod, LLVMValueRef fn)
{
	if (LLVMIsDeclaration(fn))
		return 0;
	if (LLVMGetFunctionCallConv(fn) == LLVMPTXKernelCallConv)
		return 1;
	unsigned n = LLVMGetNamedMetadataNumOperands(mod, "nvvm.annotations");
	if (!n)
		return 0;
	LLVMValueRef *ops = malloc(n * sizeof(*ops));
	int found = 0;
	LLVMGetNamedMetadataOperands(mod, "nvvm.annotations", ops);
	for (unsigned i = 0; i < n && !found; i++) {
		unsigned m = LLVMGetMDNodeNumOperands(ops[i]);
		if (m < 3)
			continue;
		LLVMValueRef *o = malloc(m * sizeof(*o));
		LLVMGetMDNodeOperands(ops[i], o);
		unsigned len = 0;
		const char *s = o[1] ? LLVMGetMDString(o[1], &len) : NULL;
		if (o[0] == fn && s && len == 6 && memcmp(s, "kernel", 6) == 0)
			found = 1;
		free(o);
	}
	free(ops);
	return found;
}

static int has_fn_attr(LLVMValueRef fn, const char *name)
{
	unsigned kind = LLVMGetEnumAttributeKindForName(name, strlen(name));
	return kind && LLVMGetEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, kind) != NULL;
}

/* threads per dimension from a guard comparison c*g + r < 0 (g the global
 * thread index): threads = ceil(-r/c); the larger of two candidates that
 * differ by a constant wins. */
static void infer_threads(K *k, cond *c, wp_poly **threads)
{
	if (c->op == C_AND) {
		infer_threads(k, c->a, threads);
		infer_threads(k, c->b, threads);
		return;
	}
	if (c->op != C_CMP || (c->pred != P_LT && c->pred != P_LE && c->pred != P_GT && c->pred != P_GE))
		return;
	wp_atoms *at = &k->at;
	int lt = c->pred == P_LT || c->pred == P_LE;
	wp_poly *p = lt ? wp_sub(at, c->l, c->r) : wp_sub(at, c->r, c->l);
	if (!p)
		return;
	int incl = c->pred == P_LE || c->pred == P_GE;
	for (int d = 0; d < 3; d++) {
		char n[3][16];
		snprintf(n[0], 16, "tid.%c", 'x' + d);
		snprintf(n[1], 16, "ctaid.%c", 'x' + d);
		snprintf(n[2], 16, "ntid.%c", 'x' + d);
		int tid = wp_atom_get(at, n[0], WP_TID);
		int64_t coef = 0;
		for (int t = 0; t < p->n; t++)
			if (p->t[t].n == 1 && p->t[t].f[0] == tid)
				coef = p->t[t].c;
		if (coef <= 0)
			continue;
		wp_poly *g = wp_add(at, wp_atom_poly(at, tid),
			wp_mul(at, wp_atom_poly(at, wp_atom_get(at, n[1], WP_CTAID)),
				wp_atom_poly(at, wp_atom_get(at, n[2], WP_NTID))));
		wp_poly *r = wp_sub(at, p, wp_scale(at, g, coef));
		/* a thread is needed when its first loop iteration (it = 0) runs */
		for (int li = 0; r && li < k->nl; li++)
			r = wp_subst(at, r, k->loops[li].atom, wp_const(at, 0));
		if (!r || wp_has_varying(at, r) || wp_has_data(at, r))
			continue;
		wp_poly *negr = wp_scale(at, r, -1), *t;
		if (incl)
			t = wp_add(at, wp_fdiv(at, negr, wp_const(at, coef)), wp_const(at, 1));
		else
			t = wp_fdiv(at, wp_add(at, negr, wp_const(at, coef - 1)), wp_const(at, coef));
		if (!t)
			continue;
		int64_t diff;
		if (!threads[d] || (wp_is_const(wp_sub(at, t, threads[d]), &diff) && diff > 0))
			threads[d] = t;
	}
}

static int cond_has_loop(K *k, const cond *c)
{
	if (c->op == C_CMP)
		return (wp_loops(&k->at, c->l) | wp_loops(&k->at, c->r)) != 0;
	if (c->op == C_AND || c->op == C_OR)
		return cond_has_loop(k, c->a) || cond_has_loop(k, c->b);
	return 0;
}

static json_object *jstr(const char *s)
{
	return json_object_new_string(s);
}

static void build_model(K *k, wp_kernel_info *info)
{
	wp_atoms *at = &k->at;
	json_object *m = json_object_new_object();
	json_object_object_add(m, "format", jstr("warpest-kernel-model"));
	json_object_object_add(m, "version", json_object_new_int(1));
	size_t len;
	const char *name = LLVMGetValueName2(k->fn, &len);
	json_object_object_add(m, "kernel", json_object_new_string_len(name, (int)len));
	const char *src = LLVMGetSourceFileName(k->mod, &len);
	if (src && len)
		json_object_object_add(m, "source", json_object_new_string_len(src, (int)len));
	char arch[64] = "";
	LLVMAttributeRef cpu = LLVMGetStringAttributeAtIndex(k->fn, LLVMAttributeFunctionIndex, "target-cpu", 10);
	if (cpu) {
		unsigned l;
		const char *v = LLVMGetStringAttributeValue(cpu, &l);
		snprintf(arch, sizeof arch, "%.*s", (int)l, v);
	}

	/* params */
	json_object *params = json_object_new_array();
	info->missing[0] = 0;
	unsigned np = LLVMCountParams(k->fn);
	for (unsigned i = 0; i < np; i++) {
		LLVMValueRef a = LLVMGetParam(k->fn, i);
		if (LLVMGetTypeKind(LLVMTypeOf(a)) != LLVMIntegerTypeKind)
			continue;
		char *pn = arg_name(k, k->fn, i);
		json_object *p = json_object_new_object();
		json_object_object_add(p, "name", jstr(pn));
		int have = 0;
		for (int c = 0; c < k->cfg->n_params; c++)
			if (strcmp(k->cfg->param_names[c], pn) == 0) {
				json_object_object_add(p, "value", json_object_new_int64(k->cfg->param_values[c]));
				have = 1;
			}
		if (!have) {
			size_t ml = strlen(info->missing);
			snprintf(info->missing + ml, sizeof info->missing - ml, "%s%s", ml ? ", " : "", pn);
		}
		json_object_array_add(params, p);
	}
	json_object_object_add(m, "params", params);

	/* guards: common to all accesses -> kernel guard */
	int nlive = 0;
	for (int i = 0; i < k->na; i++)
		nlive += !k->acc[i].dead;
	int first = -1;
	for (int i = 0; i < k->na && first < 0; i++)
		if (!k->acc[i].dead)
			first = i;
	guard_ent *kg = NULL;
	int nkg = 0;
	if (first >= 0) {
		access *a0 = &k->acc[first];
		kg = wp_alloc(k->ar, (size_t)(a0->ng + 1) * sizeof(*kg));
		for (int g = 0; g < a0->ng; g++) {
			int all = 1;
			for (int i = 0; i < k->na && all; i++) {
				if (k->acc[i].dead)
					continue;
				int has = 0;
				for (int h = 0; h < k->acc[i].ng; h++)
					has |= k->acc[i].g[h].br == a0->g[g].br && k->acc[i].g[h].dir == a0->g[g].dir;
				all = has;
			}
			/* conditions on loop variables stay with the accesses */
			if (all && a0->g[g].c && !cond_has_loop(k, a0->g[g].c))
				kg[nkg++] = a0->g[g];
		}
	}
	wp_poly *threads[3] = {0};
	char *kguard = NULL;
	for (int g = 0; g < nkg; g++) {
		char *s = cond_str(k, kg[g].c, kg[g].br, 0);
		infer_threads(k, kg[g].c, threads);
		if (s)
			kguard = kguard ? wp_printf(k->ar, "%s && %s", kguard, s) : s;
	}
	/* dimensions the kernel guard leaves open: from the access guards */
	{
		wp_poly *more[3] = {0};
		for (int i = 0; i < k->na; i++)
			for (int h = 0; !k->acc[i].dead && h < k->acc[i].ng; h++)
				infer_threads(k, k->acc[i].g[h].c, more);
		for (int d = 0; d < 3; d++)
			if (!threads[d])
				threads[d] = more[d];
	}
	json_object *th = json_object_new_object();
	int any_threads = 0;
	for (int d = 0; d < 3; d++)
		if (threads[d]) {
			char key[2] = {(char)('x' + d), 0};
			json_object_object_add(th, key, jstr(wp_str(at, threads[d])));
			any_threads = 1;
		}
	if (any_threads)
		json_object_object_add(m, "threads", th);
	else
		json_object_put(th);
	if (kguard)
		json_object_object_add(m, "guard", jstr(kguard));

	/* loops */
	json_object *loops = json_object_new_array();
	for (int li = 0; li < k->nl; li++) {
		loop *l = &k->loops[li];
		json_object *o = json_object_new_object();
		json_object_object_add(o, "var", jstr(at->a[l->atom].name));
		wp_poly *t = loop_trip(k, li);
		if (t && !wp_has_data(at, t)) {
			json_object_object_add(o, "lower", jstr("0"));
			json_object_object_add(o, "upper", jstr(wp_str(at, t)));
			json_object_object_add(o, "step", json_object_new_int(1));
		} else {
			int tc = k->cfg->trip_count > 0 ? k->cfg->trip_count : 1;
			json_object_object_add(o, "trip_count", json_object_new_int(tc));
			const char *why = l->trip_why ? l->trip_why : "the trip count depends on loaded data";
			json_object_object_add(o, "reason", jstr(why));
			assume(k, "loop %s%s: trip count unknown (%s), %d used", at->a[l->atom].name,
				where(k, LLVMGetFirstInstruction(k->bb[l->header])), why, tc);
		}
		char *loc = loc_of(k, LLVMGetBasicBlockTerminator(k->bb[l->header]));
		if (loc)
			json_object_object_add(o, "loc", jstr(loc));
		json_object_array_add(loops, o);
	}
	if (k->nl)
		json_object_object_add(m, "loops", loops);
	else
		json_object_put(loops);

	/* fields */
	json_object *fields = json_object_new_array();
	delin *dl = wp_alloc(k->ar, (size_t)(k->nf + 1) * sizeof(delin));
	int *use_index = wp_alloc(k->ar, (size_t)(k->nf + 1) * sizeof(int));
	int64_t shared_bytes = 0;
	for (int fi = 0; fi < k->nf; fi++) {
		field *f = &k->fields[fi];
		int used = 0;
		for (int i = 0; i < k->na; i++)
			used |= !k->acc[i].dead && k->acc[i].field == fi;
		use_index[fi] = 1;
		for (int i = 0; i < k->na; i++)
			if (!k->acc[i].dead && k->acc[i].field == fi && k->acc[i].off &&
			    wp_content(k->acc[i].off) % f->elem_bytes != 0)
				use_index[fi] = 0;
		if (use_index[fi]) {
			/* delinearise the element indices */
			access *saved = wp_alloc(k->ar, (size_t)k->na * sizeof(access));
			if (k->na > 0)
				memcpy(saved, k->acc, (size_t)k->na * sizeof(access));
			for (int i = 0; i < k->na; i++)
				if (k->acc[i].field == fi && k->acc[i].off)
					k->acc[i].off = elem_index(k, &k->acc[i], f->elem_bytes);
			delinearise(k, fi, &dl[fi]);
			int ok = 1;
			if (dl[fi].nd > 1) {
				/* outermost extent: constant outer indices, else the next parameter */
				int64_t maxc = -1;
				int allc = 1;
				for (int i = 0; i < k->na && ok; i++) {
					access *a = &k->acc[i];
					if (a->dead || a->field != fi || !a->off)
						continue;
					wp_poly *parts[5];
					ok = split_index(k, &dl[fi], a->off, parts);
					int64_t c;
					if (ok && wp_is_const(parts[0], &c))
						maxc = c > maxc ? c : maxc;
					else
						allc = 0;
				}
				if (allc && maxc >= 0) {
					dl[fi].dims[0] = wp_printf(k->ar, "%lld", (long long)maxc + 1);
				} else {
					const char *inner = dl[fi].dims[1];
					int after = 0;
					dl[fi].dims[0] = (char *)inner;
					for (unsigned i = 0; i < np; i++) {
						LLVMValueRef a = LLVMGetParam(k->fn, i);
						if (LLVMGetTypeKind(LLVMTypeOf(a)) != LLVMIntegerTypeKind)
							continue;
						char *pn = arg_name(k, k->fn, i);
						if (after) {
							dl[fi].dims[0] = pn;
							break;
						}
						after = strcmp(pn, inner) == 0;
					}
				}
			}
			if (!ok)
				dl[fi].nd = 1;
			(void)saved;
		}
		if (!strcmp(f->space, "shared"))
			shared_bytes += f->size_bytes;
		if (!used)
			continue;
		json_object *o = json_object_new_object();
		json_object_object_add(o, "name", jstr(f->name));
		json_object_object_add(o, "space", jstr(f->space));
		json_object_object_add(o, "elem_bytes", json_object_new_int(f->elem_bytes));
		json_object_object_add(o, "align", json_object_new_int(f->align));
		if (use_index[fi] && dl[fi].nd > 1) {
			json_object *dims = json_object_new_array();
			for (int d = 0; d < dl[fi].nd; d++)
				json_object_array_add(dims, jstr(dl[fi].dims[d]));
			json_object_object_add(o, "dims", dims);
		}
		json_object_array_add(fields, o);
	}
	json_object_object_add(m, "fields", fields);

	/* accesses */
	json_object *accs = json_object_new_array();
	info->access_inst = calloc((size_t)nlive + 1, sizeof(LLVMValueRef));
	info->access_text = calloc((size_t)nlive + 1, sizeof(char *));
	info->n_accesses = 0;
	info->n_unanalysable = 0;
	for (int i = 0; i < k->na; i++) {
		access *a = &k->acc[i];
		if (a->dead)
			continue;
		field *f = &k->fields[a->field];
		json_object *o = json_object_new_object();
		json_object_object_add(o, "field", jstr(f->name));
		json_object_object_add(o, "kind", jstr(a->kind));
		json_object_object_add(o, "bytes", json_object_new_int(a->bytes));
		char desc[1024];
		if (a->off) {
			if (use_index[a->field]) {
				json_object *idx = json_object_new_array();
				wp_poly *parts[5];
				int n = dl[a->field].nd;
				if (n > 1 && split_index(k, &dl[a->field], a->off, parts)) {
					for (int d = 0; d < n; d++)
						json_object_array_add(idx, jstr(wp_str(at, parts[d])));
				} else {
					json_object_array_add(idx, jstr(wp_str(at, a->off)));
				}
				json_object_object_add(o, "index", idx);
				size_t dl_ = (size_t)snprintf(desc, sizeof desc, "%s %s[", a->kind, f->name);
				for (size_t d = 0; d < json_object_array_length(idx) && dl_ < sizeof desc; d++)
					dl_ += (size_t)snprintf(desc + dl_, sizeof desc - dl_, "%s%s", d ? "][" : "",
						json_object_get_string(json_object_array_get_idx(idx, d)));
				if (dl_ < sizeof desc)
					snprintf(desc + dl_, sizeof desc - dl_, "]");
			} else {
				char *s = wp_str(at, a->off);
				json_object_object_add(o, "offset", jstr(s));
				snprintf(desc, sizeof desc, "%s %s+(%s) bytes", a->kind, f->name, s);
			}
		} else {
			json_object_object_add(o, "analysable", json_object_new_boolean(0));
			json_object_object_add(o, "reason", jstr(a->why));
			snprintf(desc, sizeof desc, "%s %s not analysed: %s", a->kind, f->name, a->why);
			info->n_unanalysable++;
		}
		/* loops and guard (unanalysable accesses too: they count as instructions) */
		int chain[64], nc = 0;
		for (int li = k->inner[a->block]; li >= 0 && nc < 64; li = k->loops[li].parent)
			chain[nc++] = li;
		if (nc) {
			json_object *ls = json_object_new_array();
			for (int c = nc - 1; c >= 0; c--)
				json_object_array_add(ls, jstr(at->a[k->loops[chain[c]].atom].name));
			json_object_object_add(o, "loops", ls);
		}
		char *g = NULL;
		for (int h = 0; h < a->ng; h++) {
			int in_kernel = 0;
			for (int q = 0; q < nkg; q++)
				in_kernel |= kg[q].br == a->g[h].br && kg[q].dir == a->g[h].dir;
			if (in_kernel)
				continue;
			char *s = cond_str(k, a->g[h].c, a->g[h].br, 0);
			if (s)
				g = g ? wp_printf(k->ar, "%s && %s", g, s) : s;
		}
		if (g)
			json_object_object_add(o, "guard", jstr(g));
		if (a->loc)
			json_object_object_add(o, "loc", jstr(a->loc));
		if (a->kind[0] == 'a' || a->kind[0] == 'c')
			json_object_object_add(o, "uses_result", json_object_new_boolean(a->uses_result));
		if (a->contention) {
			char c[32];
			if (a->groups > 1)
				snprintf(c, sizeof c, "uniform:%lld/%d", (long long)a->contention, a->groups);
			else
				snprintf(c, sizeof c, "uniform:%lld", (long long)a->contention);
			json_object_object_add(o, "contention", jstr(c));
		}
		json_object_array_add(accs, o);
		info->access_inst[info->n_accesses] = a->inst;
		info->access_text[info->n_accesses] = strdup(desc);
		info->n_accesses++;
	}
	json_object_object_add(m, "accesses", accs);
	count_ops(k, m);
	json_object *res = json_object_new_object();
	if (k->cfg->registers > 0)
		json_object_object_add(res, "registers", json_object_new_int(k->cfg->registers));
	json_object_object_add(res, "shared_static_bytes", json_object_new_int64(shared_bytes));
	json_object_object_add(m, "resources", res);
	if (arch[0])
		assume(k, "extracted from LLVM IR for %s", arch);
	json_object *as = json_object_new_array();
	for (int i = 0; i < k->nassume; i++)
		json_object_array_add(as, jstr(k->assume[i]));
	json_object_object_add(m, "assumptions", as);
	info->model = m;
}

int wp_extract(LLVMModuleRef mod, LLVMValueRef fn, const wp_config *cfg, wp_kernel_info *info, char *err,
	size_t errlen)
{
	memset(info, 0, sizeof(*info));
	K kk, *k = &kk;
	memset(k, 0, sizeof(*k));
	k->ar = wp_arena_new();
	if (!k->ar) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	k->at.arena = k->ar;
	k->mod = mod;
	k->fn = fn;
	k->cfg = cfg;
	k->td = LLVMGetModuleDataLayout(mod);
	info->optnone = has_fn_attr(fn, "optnone");
	int allocas = 0;
	build_cfg(k);
	build_loops(k);
	for (LLVMValueRef i = LLVMGetFirstInstruction(k->bb[0]); i; i = LLVMGetNextInstruction(i))
		allocas += LLVMIsAAllocaInst(i) != NULL;
	if (allocas > 4)
		info->optnone = 1;
	collect_accesses(k);
	for (int i = 0; i < k->na; i++)
		k->acc[i].ng = block_guards(k, k->acc[i].block, &k->acc[i].g);
	merge_lanes(k);
	build_model(k, info);
	wp_arena_free(k->ar);
	return 0;
}

void wp_kernel_info_clear(wp_kernel_info *info)
{
	if (info->model)
		json_object_put(info->model);
	for (int i = 0; i < info->n_accesses; i++)
		free(info->access_text[i]);
	free(info->access_text);
	free(info->access_inst);
	memset(info, 0, sizeof(*info));
}

/* ---------- text ---------- */
static void buf_add(char **b, size_t *n, size_t *cap, const char *s)
{
	size_t l = strlen(s);
	if (*n + l + 1 > *cap) {
		*cap = (*n + l + 1) * 2;
		*b = realloc(*b, *cap);
	}
	memcpy(*b + *n, s, l + 1);
	*n += l;
}

char *wp_model_to_text(json_object *model)
{
	const int flags = JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_NOSLASHESCAPE;
	char *b = NULL;
	size_t n = 0, cap = 0;
	buf_add(&b, &n, &cap, "{\n");
	int first = 1;
	json_object_object_foreach(model, key, val)
	{
		if (!first)
			buf_add(&b, &n, &cap, ",\n");
		first = 0;
		buf_add(&b, &n, &cap, "  \"");
		buf_add(&b, &n, &cap, key);
		buf_add(&b, &n, &cap, "\": ");
		if (json_object_is_type(val, json_type_array) && json_object_array_length(val) > 0 &&
		    !json_object_is_type(json_object_array_get_idx(val, 0), json_type_string)) {
			buf_add(&b, &n, &cap, "[\n");
			size_t len = json_object_array_length(val);
			for (size_t i = 0; i < len; i++) {
				buf_add(&b, &n, &cap, "    ");
				buf_add(&b, &n, &cap, json_object_to_json_string_ext(json_object_array_get_idx(val, i), flags));
				buf_add(&b, &n, &cap, i + 1 < len ? ",\n" : "\n");
			}
			buf_add(&b, &n, &cap, "  ]");
		} else if (json_object_is_type(val, json_type_array)) {
			size_t len = json_object_array_length(val);
			buf_add(&b, &n, &cap, "[");
			for (size_t i = 0; i < len; i++) {
				buf_add(&b, &n, &cap, i ? ",\n    " : "\n    ");
				buf_add(&b, &n, &cap, json_object_to_json_string_ext(json_object_array_get_idx(val, i), flags));
			}
			buf_add(&b, &n, &cap, len ? "\n  ]" : "]");
		} else {
			buf_add(&b, &n, &cap, json_object_to_json_string_ext(val, flags));
		}
	}
	buf_add(&b, &n, &cap, "\n}\n");
	return b;
}
