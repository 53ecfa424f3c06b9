/* Path conditions: the guard of a block that several branches reach (a join,
 * a switch destination), built from its immediate dominator as a DNF over
 * branch conditions and switch cases (wp_join_cond, for conditions.c). */
#include "cond.h"
#include "eval.h"

#include <string.h>

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

/* one term of one literal (2*atom + negated) */
static pc_dnf pc_literal(pc_ctx *c, int lit)
{
	pc_dnf d = pc_true(c);
	d.t[0].n = 1;
	d.t[0].lit[0] = (short)lit;
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
	/* room for PC_TERMS terms, taken only once a consensus term is added:
	 * the arena lives as long as the kernel, and most joins add none */
	int roomy = 0;
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
				if (!roomy) {
					pc_term *t = wp_alloc(c->k->ar, PC_TERMS * sizeof(pc_term));
					memcpy(t, d->t, (size_t)d->n * sizeof(pc_term));
					d->t = t;
					roomy = 1;
				}
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
		int s0 = wp_bindex(k, LLVMGetSuccessor(t, 0)), s1 = wp_bindex(k, LLVMGetSuccessor(t, 1));
		if (s0 == s1)
			return pc_true(c);
		int a = pc_atom_get(c, LLVMGetCondition(t), 0, t);
		return a < 0 ? r : pc_literal(c, 2 * a + (q == s1));
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
			if (wp_bindex(k, LLVMGetSuccessor(t, s)) != q)
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

/* An atom's kase with this bit: the flag's value in the last iteration of
 * loop (kase & ~PC_LAST), read after that loop. */
#define PC_LAST 0x40000000u

/* c with atom replaced by q; an opaque condition where a side cannot be. */
static cond *cond_subst(K *k, cond *c, int atom, wp_poly *q)
{
	if (c->op == C_CMP) {
		wp_poly *l = wp_subst(&k->at, c->l, atom, q), *r = wp_subst(&k->at, c->r, atom, q);
		return l && r ? wp_cmp_cond(k, l, r, c->pred) : wp_opaque(k, "a flag's last iteration");
	}
	if (c->op == C_AND || c->op == C_OR) {
		cond *n = wp_mkcond(k, c->op);
		n->a = cond_subst(k, c->a, atom, q);
		n->b = cond_subst(k, c->b, atom, q);
		return n;
	}
	return c;
}

/* A flag of loop li's body read after the loop: its condition in the last
 * iteration, the counter at the trip count less one. */
static cond *last_iteration(K *k, cond *c, int li)
{
	wp_poly *trip = wp_loop_trip(k, li);
	if (!trip)
		return wp_opaque(k, "a flag of a loop whose trip count is unknown, read after it");
	return cond_subst(k, c, k->loops[li].atom, wp_sub(&k->at, trip, wp_const(&k->at, 1)));
}

/* copy of c whose opaque parts name `at` */
static cond *cond_at(K *k, cond *c, LLVMValueRef at)
{
	if (c->op == C_OPAQUE && !c->at) {
		cond *n = wp_mkcond(k, C_OPAQUE);
		*n = *c;
		n->at = at;
		return n;
	}
	if (c->op == C_AND || c->op == C_OR) {
		cond *n = wp_mkcond(k, c->op);
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
		int blk = wp_block_of(k, a->term);
		cond *x;
		if (a->kase & PC_LAST) {
			x = last_iteration(k, wp_branch_cond(k, a->key, blk), (int)(a->kase & ~PC_LAST));
		} else if (!a->kase) {
			x = wp_branch_cond(k, a->key, blk);
		} else {
			wp_poly *v = wp_opnd(k, a->term, 0);
			LLVMValueRef cv = LLVMGetSwitchCaseValue(a->term, a->kase);
			if (!v)
				x = wp_opaque(k, k->why);
			else if (wp_has_data(&k->at, v))
				x = wp_opaque(k, "depends on loaded data");
			else if (!cv || !LLVMIsAConstantInt(cv))
				x = wp_opaque(k, "switch case value is not a constant");
			else
				x = wp_cmp_cond(k, v, wp_const(&k->at, LLVMConstIntGetSExtValue(cv)), P_EQ);
		}
		a->c = cond_at(k, x, a->term);
	}
	return lit & 1 ? wp_negate(k, a->c) : a->c;
}

static cond *cond_and(K *k, cond *a, cond *b)
{
	if (!a)
		return b;
	cond *n = wp_mkcond(k, C_AND);
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
		return wp_mkcond(k, C_FALSE);
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
			cond *o = wp_mkcond(k, C_OR);
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

static int phi_gives(K *k, LLVMValueRef phi, int p, int x, LLVMValueRef *given, int *last);

/* path condition of x from its immediate dominator d; NULL: true. Sets
 * c->fail when the region is too large or not acyclic. `phi`: an i1 phi of
 * x: the condition under which x is reached from a predecessor that gives
 * it true, or gives a condition that holds (NULL: every predecessor counts,
 * the path condition of x). */
static cond *path_cond(pc_ctx *c, int x, int d, LLVMValueRef phi)
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
			if (k->rpo_num[p] < 0 || wp_dominates(k, q, p))
				continue; /* unreachable, back edge */
			int r = pc_rep(k, p, d);
			if (k->rpo_num[r] >= k->rpo_num[q] || !wp_dominates(k, d, r)) {
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
			if (dup || k->rpo_num[p] < 0 || wp_dominates(k, q, p))
				continue;
			LLVMValueRef given = NULL; /* the phi's value from p, when not a constant */
			int last = -1;           /* given is loop last's, read after it */
			if (phi && q == x) {
				int gives = phi_gives(k, phi, p, x, &given, &last);
				if (gives < 0) {
					c->fail = "a flag of a loop nest that has ended, read after it";
					return NULL;
				}
				if (!gives)
					continue;
			}
			int r = pc_rep(k, p, d);
			pc_dnf e = r != p ? pc_true(c) : pc_edge(c, p, q);
			if (given && !c->fail) {
				/* and the value itself (`a && b` as a phi) */
				int a = pc_atom_get(c, given, last >= 0 ? PC_LAST | (unsigned)last : 0,
					LLVMGetBasicBlockTerminator(k->bb[p]));
				if (a >= 0)
					e = pc_and(c, e, pc_literal(c, 2 * a));
			}
			if (c->fail)
				return NULL;
			acc = pc_or(c, acc, pc_and(c, cd[ri[r] - 1], e));
			if (c->fail)
				return NULL;
		}
		cd[ri[q] - 1] = acc;
	}
	pc_dnf r = cd[ri[x] - 1];
	if (phi && r.n == 0)
		return wp_mkcond(k, C_FALSE);
	if (pc_tautology(&r, PC_TAUT_ATOMS))
		return phi ? wp_mkcond(k, C_TRUE) : NULL;
	return pc_to_cond(c, r);
}

/* What an i1 phi of block x takes from predecessor block p: 1 (true), 0
 * (false), 2 with the value in *given (a condition of its own; *last the
 * loop that holds it but not x, whose last iteration's value it is, else
 * -1), or -1 when that value is more than one loop deep outside x. */
static int phi_gives(K *k, LLVMValueRef phi, int p, int x, LLVMValueRef *given, int *last)
{
	for (unsigned i = 0; i < LLVMCountIncoming(phi); i++) {
		if (LLVMGetIncomingBlock(phi, i) != k->bb[p])
			continue;
		LLVMValueRef v = LLVMGetIncomingValue(phi, i);
		if (LLVMIsAConstantInt(v))
			return LLVMConstIntGetZExtValue(v) != 0;
		*given = v;
		*last = -1;
		/* a value of a loop that has ended: of its last iteration, when
		 * that loop is the only one between it and x (counted, not
		 * geometric) */
		int inner = LLVMIsAInstruction(v) ? k->inner[wp_block_of(k, v)] : -1;
		if (inner >= 0 && !k->loops[inner].in[x]) {
			int parent = k->loops[inner].parent;
			if ((parent >= 0 && !k->loops[parent].in[x]) || k->loops[inner].geometric)
				return -1;
			*last = inner;
		}
		return 2;
	}
	return -1;
}

/* An i1 phi at a join (a flag set on some paths, `computed = true` in one
 * arm; `a && b` short-circuited): the condition of reaching its block from
 * a predecessor that gives it true, from the block's immediate dominator. */
cond *wp_phi_cond(K *k, LLVMValueRef phi)
{
	int x = wp_block_of(k, phi), d = x >= 0 ? k->idom[x] : -1;
	if (d < 0)
		return wp_opaque(k, "a flag merged at the kernel's entry");
	pc_ctx *c = wp_alloc(k->ar, sizeof(*c));
	c->k = k;
	cond *r = path_cond(c, x, d, phi);
	return r ? r : wp_opaque(k, c->fail ? c->fail : "a flag merged from different paths");
}

/* the path condition of join block x (memoised); NULL: true, or not
 * reconstructed (then an assumption says so) */
cond *wp_join_cond(K *k, int x, int d)
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
	k->jcond[x] = path_cond(c, x, d, NULL);
	if (c->fail && c->fail_at) {
		k->jcond[x] = NULL;
		wp_assume(k, "guards of the blocks after the switch%s not reconstructed (%s): assumed true",
			wp_where(k, c->fail_at), c->fail);
	} else if (c->fail) {
		k->jcond[x] = NULL;
		const char *w = "";
		for (LLVMValueRef i = LLVMGetFirstInstruction(k->bb[x]); i && !*w; i = LLVMGetNextInstruction(i))
			w = wp_where(k, i);
		wp_assume(k, "guard of the block%s (reached from several branches) not reconstructed (%s): assumed true",
			w, c->fail);
	}
	return k->jcond[x];
}

/* wp_branch_cond to `depth` levels of and/or (a flag and-ed with a bounds
 * test); below, wp_ev_cond reads a phi as opaque. */
static cond *branch_cond(K *k, LLVMValueRef v, int use, int depth)
{
	if (!LLVMIsAInstruction(v))
		return wp_ev_cond(k, v, use);
	LLVMOpcode op = LLVMGetInstructionOpcode(v);
	/* a loop header's phi is a flag carried between iterations, which no
	 * path condition describes */
	if (op == LLVMPHI && wp_header_loop(k, wp_block_of(k, v)) < 0)
		return wp_phi_cond(k, v);
	if ((op == LLVMAnd || op == LLVMOr) && depth < 8 &&
	    LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(LLVMTypeOf(v)) == 1) {
		cond *c = wp_mkcond(k, op == LLVMAnd ? C_AND : C_OR);
		c->a = branch_cond(k, LLVMGetOperand(v, 0), use, depth + 1);
		c->b = branch_cond(k, LLVMGetOperand(v, 1), use, depth + 1);
		return c;
	}
	return wp_ev_cond(k, v, use);
}

cond *wp_branch_cond(K *k, LLVMValueRef v, int use)
{
	return branch_cond(k, v, use, 0);
}
