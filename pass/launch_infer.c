/* The launch a kernel's guards imply: threads per block and blocks per grid
 * read from guards that compare a thread or block index with a bound
 * (`tid.x + ctaid.x*ntid.x < n`), for the model's block and grid guesses. */
#include "bounds.h"
#include "cond.h"
#include "model_parts.h"

#include <stdio.h>
#include <string.h>

/* An ordering comparison of a guard as p < 0 (or p <= 0 when *incl); NULL
 * for other conditions. */
static wp_poly *bound_form(K *k, const cond *c, int *incl)
{
	if (c->op != C_CMP || (c->pred != P_LT && c->pred != P_LE && c->pred != P_GT && c->pred != P_GE))
		return NULL;
	int lt = c->pred == P_LT || c->pred == P_LE;
	*incl = c->pred == P_LE || c->pred == P_GE;
	return lt ? wp_sub(&k->at, c->l, c->r) : wp_sub(&k->at, c->r, c->l);
}

/* The first index g for which coef*g + r < 0 (<= 0 when incl) fails, with
 * loop variables at 0 (a thread is needed when its first iteration runs):
 * ceil(-r/coef); NULL when r depends on threads or data. */
static wp_poly *first_unneeded(K *k, wp_poly *r, int64_t coef, int incl)
{
	wp_atoms *at = &k->at;
	for (int li = 0; r && li < k->nl; li++) {
		const loop *l = &k->loops[li];
		r = wp_subst(at, r, l->atom, l->geometric && !l->g_why ? l->g_start : wp_const(at, 0));
		if (r && l->geometric)
			r = wp_subst(at, r, l->count_atom, wp_const(at, 0));
		for (int j = 0; r && l->geometric && j < l->n_also; j++)
			if (!l->also_why[j])
				r = wp_subst(at, r, l->also_atom[j], l->also_start[j]);
	}
	if (r && wp_has_varying(at, r) && !wp_has_data(at, r)) {
		/* bounded quasi-affine terms (a red-black sweep's `(j + color) % 2`)
		 * at their least value: the threads that some row needs */
		wp_poly *fixed = wp_const(at, 0), *quasi = wp_const(at, 0);
		for (int t = 0; t < r->n && fixed; t++) {
			wp_poly one = {1, &r->t[t]};
			int q = 0, plain = 0;
			for (int f = 0; f < r->t[t].n; f++) {
				enum wp_atom_kind kd = at->a[r->t[t].f[f]].kind;
				q |= kd == WP_QUASI && at->a[r->t[t].f[f]].varying;
				plain |= kd == WP_TID || kd == WP_CTAID || kd == WP_LOOP;
			}
			if (plain)
				fixed = NULL;
			else if (q)
				quasi = wp_add(at, quasi, &one);
			else
				fixed = wp_add(at, fixed, &one);
		}
		wp_range qr = wp_range_of(at, quasi);
		r = fixed && qr.lo > INT64_MIN / 4 && qr.lo <= qr.hi ? wp_add(at, fixed, wp_const(at, qr.lo)) : NULL;
	}
	if (!r || wp_has_varying(at, r) || wp_has_data(at, r))
		return NULL;
	wp_poly *negr = wp_scale(at, r, -1);
	if (incl)
		return wp_add(at, wp_fdiv(at, negr, wp_const(at, coef)), wp_const(at, 1));
	return wp_fdiv(at, wp_add(at, negr, wp_const(at, coef - 1)), wp_const(at, coef));
}

/* The ntid factors of a term as a set of dims (bit d for ntid.d; ntid.d
 * squared is no block stride), besides its one ctaid.d (with nct >= 0
 * instead: one nctaid.d and one ctaid of another dim, whose dim goes to
 * *other); -1 when the term has any other factor. */
static int ntid_factors(const wp_atoms *at, const wp_term *tm, int cta, int nct, unsigned *other)
{
	int set = 0, seen_cta = 0, seen_nct = 0, seen_other = 0;
	for (int f = 0; f < tm->n; f++) {
		const wp_atom *a = &at->a[tm->f[f]];
		int dim = a->name[strlen(a->name) - 1] - 'x';
		if (tm->f[f] == cta && !seen_cta)
			seen_cta = 1;
		else if (nct >= 0 && tm->f[f] == nct && !seen_nct)
			seen_nct = 1;
		else if (nct >= 0 && a->kind == WP_CTAID && !seen_other && dim >= 0 && dim < 3)
			seen_other = 1, *other |= 1u << dim;
		else if (a->kind == WP_NTID && dim >= 0 && dim < 3 && !(set >> dim & 1))
			set |= 1 << dim;
		else
			return -1;
	}
	if (nct >= 0)
		return seen_nct && seen_other && !seen_cta ? set : -1;
	return seen_cta ? set : -1;
}

/* r without its terms c*ctaid.e*ntid.d*nctaid.d (e != d): the flattened
 * block index of old code written for grids of more than 65535 blocks,
 * ntid.x*(blockIdx.x + gridDim.x*blockIdx.y) + threadIdx.x, whose threads
 * all fit a one-dimensional grid (blockIdx.y = 0; the caller states it).
 * NULL when there is none. */
static wp_poly *without_flattened_rows(K *k, wp_poly *r, int d, int64_t coef, unsigned *dims)
{
	wp_atoms *at = &k->at;
	char n[2][16];
	snprintf(n[0], 16, "ctaid.%c", 'x' + d);
	snprintf(n[1], 16, "nctaid.%c", 'x' + d);
	int cta = wp_atom_get(at, n[0], WP_CTAID), nct = wp_atom_get(at, n[1], WP_NCTAID);
	wp_poly *rest = wp_const(at, 0);
	int found = 0;
	*dims = 0;
	for (int t = 0; t < r->n; t++) {
		const wp_term *tm = &r->t[t];
		unsigned other = 0;
		if (tm->c == coef && ntid_factors(at, tm, cta, nct, &other) == 1 << d) {
			found = 1;
			*dims |= other;
			continue;
		}
		wp_poly one = {1, (wp_term *)tm};
		rest = wp_add(at, rest, &one);
	}
	return found ? rest : NULL;
}

/* threads per dimension from a guard comparison c*g + r < 0 (g the global
 * thread index): threads = ceil(-r/c); the larger of two candidates that
 * differ by a constant wins. */
static void threads_from(K *k, wp_poly *p, int incl, wp_poly **threads)
{
	wp_atoms *at = &k->at;
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
		wp_poly *t = first_unneeded(k, r, coef, incl);
		unsigned dims = 0;
		wp_poly *flat = t ? NULL : without_flattened_rows(k, r, d, coef, &dims);
		if (flat && (t = first_unneeded(k, flat, coef, incl)) && (k->flat_dims |= dims))
			wp_assume(k, "the block index is flattened (blockIdx.%c + gridDim.%c * another "
				"blockIdx): its threads taken on a one-dimensional grid, the other blockIdx 0",
				'x' + d, 'x' + d);
		if (!t)
			continue;
		int64_t diff;
		if (!threads[d] || (wp_is_const(wp_sub(at, t, threads[d]), &diff) && diff > 0))
			threads[d] = t;
	}
}

/* Blocks per dimension from a guard c*tid + s*ctaid + r < 0 whose block
 * stride s is not ntid (a template's block size: blockIdx.x*256 + t; two
 * elements per thread: 2*ntid.x; a 1D block's flat size ntid.x*ntid.y), or
 * without tid (blockIdx.x < n): ceil(ceil(-r/c) / (s/c)) blocks. Terms
 * s*ctaid.e*nctaid.d (e != d) with the same stride are a flattened block
 * index (threads_from) and read as 0, stated. */
static void grid_from(K *k, wp_poly *p, int incl, wp_poly **grid)
{
	wp_atoms *at = &k->at;
	for (int d = 0; d < 3; d++) {
		if (grid[d])
			continue;
		char n[3][16];
		snprintf(n[0], 16, "tid.%c", 'x' + d);
		snprintf(n[1], 16, "ctaid.%c", 'x' + d);
		snprintf(n[2], 16, "nctaid.%c", 'x' + d);
		int tid = wp_atom_get(at, n[0], WP_TID), cta = wp_atom_get(at, n[1], WP_CTAID);
		int nct_atom = wp_atom_get(at, n[2], WP_NCTAID);
		int64_t coef = 0, cs = 0;
		int nct = 0, stride_ntid = -1;
		unsigned flat = 0;
		wp_poly *r = wp_const(at, 0), *flat_terms = wp_const(at, 0);
		for (int t = 0; r && t < p->n; t++) {
			const wp_term *tm = &p->t[t];
			wp_poly one = {1, (wp_term *)tm};
			unsigned other = 0;
			int set;
			if (tm->n == 1 && tm->f[0] == tid)
				coef = tm->c;
			else if ((set = ntid_factors(at, tm, cta, -1, &other)) >= 0)
				cs = tm->c, stride_ntid = set, nct++;
			else if ((set = ntid_factors(at, tm, cta, nct_atom, &other)) >= 0 && !(other >> d & 1)) {
				flat_terms = wp_add(at, flat_terms, &one);
				flat |= other;
			} else
				r = wp_add(at, r, &one);
		}
		if (!r || !flat_terms || coef < 0 || cs <= 0 || nct != 1)
			continue;
		/* the flattened terms must be the block index's other rows: same
		 * coefficient, the same ntid factors */
		for (int t = 0; flat && t < flat_terms->n; t++) {
			unsigned other = 0;
			if (flat_terms->t[t].c != cs || ntid_factors(at, &flat_terms->t[t], cta, nct_atom, &other) != stride_ntid)
				flat = 0;
		}
		if (!flat)
			r = wp_add(at, r, flat_terms);
		if (!coef)
			coef = 1; /* no thread term: the bound counts blocks */
		else if (stride_ntid == 1 << d && cs == coef)
			continue; /* tid + ctaid*ntid: threads_from */
		if (cs % coef)
			continue;
		wp_poly *L = first_unneeded(k, r, coef, incl);
		if (!L)
			continue;
		wp_poly *stride = wp_const(at, cs / coef);
		for (int e = 0; e < 3; e++)
			if (stride_ntid >> e & 1) {
				char nm[16];
				snprintf(nm, 16, "ntid.%c", 'x' + e);
				stride = wp_mul(at, stride, wp_atom_poly(at, wp_atom_get(at, nm, WP_NTID)));
			}
		wp_poly *g = stride ? wp_fdiv(at, wp_sub(at, wp_add(at, L, stride), wp_const(at, 1)), stride) : NULL;
		if (!g)
			continue;
		grid[d] = g;
		if (flat && (k->flat_dims |= flat))
			wp_assume(k, "the block index is flattened (blockIdx.%c + gridDim.%c * another "
				"blockIdx): its blocks taken on a one-dimensional grid, the other blockIdx 0",
				'x' + d, 'x' + d);
	}
}

/* p with __umul24's block index, ctaid.d % 2^24 (a mod of one block index
 * by 2^24 or more), read as the block index itself: the launch rules it
 * gives hold for grids below 2^24 blocks, which such code needs anyway.
 * *used when it did. */
static wp_poly *without_umul24(K *k, wp_poly *p, int *used)
{
	wp_atoms *at = &k->at;
	for (int t = 0; p && t < p->n; t++)
		for (int f = 0; f < p->t[t].n; f++) {
			int id = p->t[t].f[f];
			const wp_atom *a = &at->a[id];
			const wp_poly *num = a->num;
			int64_t c;
			if (a->quasi_op != WP_MOD || !num || num->n != 1 || num->t[0].n != 1 ||
			    num->t[0].c != 1 || at->a[num->t[0].f[0]].kind != WP_CTAID ||
			    !wp_is_const(a->den, &c) || c < ((int64_t)1 << 24))
				continue;
			p = wp_subst(at, p, id, num);
			*used = 1;
			t = -1; /* the terms changed: from the start */
			break;
		}
	return p;
}

/* floor(a / d) + r < 0 with d and r free of threads, blocks and data (a
 * batch index below a count: i / n < batches) as a + d*r < 0, and
 * floor(a / d) + r <= 0 as a + d*(r - 1) < 0: the same threads for d > 0,
 * the only divisor a size can be. p unchanged otherwise. */
static wp_poly *without_floor_bound(K *k, wp_poly *p, int *incl)
{
	wp_atoms *at = &k->at;
	for (int t = 0; p && t < p->n; t++) {
		if (p->t[t].c != 1 || p->t[t].n != 1)
			continue;
		const wp_atom *a = &at->a[p->t[t].f[0]];
		const wp_poly *num = a->num, *den = a->den;
		if (a->quasi_op != WP_FLOOR || !num || !den || wp_has_varying(at, den) || wp_has_data(at, den))
			continue;
		wp_poly *r = wp_sub(at, p, wp_atom_poly(at, p->t[t].f[0]));
		if (!r || wp_has_varying(at, r) || wp_has_data(at, r))
			continue;
		if (*incl)
			r = wp_sub(at, r, wp_const(at, 1));
		wp_poly *q = wp_add(at, num, wp_mul(at, den, r));
		if (!q)
			continue;
		*incl = 0;
		return q;
	}
	return p;
}

/* threads (and, when grid is given, grid rules) from the comparisons of a
 * conjunction */
void wp_infer_launch(K *k, cond *c, wp_poly **threads, wp_poly **grid)
{
	if (c->op == C_AND) {
		wp_infer_launch(k, c->a, threads, grid);
		wp_infer_launch(k, c->b, threads, grid);
		return;
	}
	int incl = 0, umul24 = 0;
	wp_poly *p = bound_form(k, c, &incl);
	p = p ? without_umul24(k, p, &umul24) : NULL;
	p = p ? without_floor_bound(k, p, &incl) : NULL;
	wp_poly *before[6] = {NULL};
	for (int d = 0; d < 3; d++)
		before[d] = threads ? threads[d] : NULL, before[3 + d] = grid ? grid[d] : NULL;
	if (p && threads)
		threads_from(k, p, incl, threads);
	if (p && grid)
		grid_from(k, p, incl, grid);
	int changed = 0;
	for (int d = 0; d < 3; d++)
		changed |= (threads && threads[d] != before[d]) || (grid && grid[d] != before[3 + d]);
	if (umul24 && changed)
		wp_assume(k, "blockIdx %% 2^24 (__umul24's operand) read as blockIdx for the launch's "
			"thread and block counts: grids below 2^24 blocks");
}
