/* The lane-by-lane walk of one access over a warp: each lane's loop
 * bounds, guard and address, then the warp-instruction's L1 cost and the
 * lanes' byte runs. */
#include <stdlib.h>
#include <string.h>

#include "cache/block_walk.h"

const int64_t *walk_lane_atoms(const walk *w, int lane, int64_t *own)
{
	size_t n = (size_t)w->l->atoms.n, t = (size_t)(32 * w->warp + lane);
	if (w->thread_atoms)
		return &w->thread_atoms[t * n];
	if (w->thread_part && !w->loop_mask)
		return &w->thread_part[t * n]; /* the access reads no loop atom */
	if (w->thread_part) {
		memcpy(own, &w->thread_part[t * n], n * sizeof(*own));
		quasi_atoms_eval_masked(&w->l->atoms, w->lanes->v[lane], own, w->loop_mask);
		return own;
	}
	quasi_atoms_eval(&w->l->atoms, w->lanes->v[lane], own);
	return own;
}

/* The iterations of sampled loop `s` that lane `lane`'s current one stands
 * for and in which the guard's checked constraints still hold, by the
 * constraints' slopes along it (the other loops at their current values). */
static void skipped_range(const walk *w, int s, int lane, int64_t *lo, int64_t *hi)
{
	const bound_access *b = w->b;
	int var = w->sampled_var[s];
	int64_t at = w->sampled_at[s][lane];
	*lo = w->sampled_lo[s][lane];
	*hi = w->sampled_hi[s][lane];
	for (int i = 0; i < w->n_checks && !w->guard_true && b->guard_linear; i++) {
		const linear_form *f = &b->guard.ge0[w->checks[i]];
		/* the constraint's value per iteration moved: c; it holds now (g >= 0) */
		int64_t c = f->coeff[var] * w->sampled_step[s];
		if (!c)
			continue;
		int64_t g = linear_form_eval(f, w->lanes->v[lane]);
		if (c > 0 && at - g / c > *lo)
			*lo = at - g / c;
		if (c < 0 && at + g / -c < *hi)
			*hi = at + g / -c;
	}
}

/* A lane's bytes over the iterations its current ones stand for: [lo, hi)
 * along the sampled loops that move the address by at most its size a trip,
 * and the offsets [slo, shi] (in trips) along the others, `strided`. */
typedef struct skipped_bytes {
	int64_t lo, hi;
	int64_t lo2, hi2;  /* a ring index's wrapped part (empty: lo2 >= hi2) */
	int n_strided;
	int strided[WALK_MAX_SAMPLED_LOOPS];
	int64_t slo[WALK_MAX_SAMPLED_LOOPS], shi[WALK_MAX_SAMPLED_LOOPS];
	int64_t slope[WALK_MAX_SAMPLED_LOOPS]; /* bytes a trip along each strided loop */
} skipped_bytes;

/* Bytes the address moves a trip of sampled loop s: an affine address's
 * coefficient, and a quasi-affine one's, whose atoms do not read the loop
 * (iteration_stride samples no other); 0 for other addresses. */
static int64_t lane_slope(const walk *w, int s)
{
	const bound_access *b = w->b;
	if (b->linear)
		return b->addr.coeff[w->sampled_var[s]] * w->sampled_step[s];
	return b->quasi ? b->qaddr.lin.coeff[w->sampled_var[s]] * w->sampled_step[s] : 0;
}

/* Whether atom t's numerator moves by at most one a trip of sampled
 * variable `vi` (step `step`), monotonically: its affine part by exactly one
 * and no atom of it reading vi (x + j), or no affine part and one floor atom
 * of coefficient +-1 whose own numerator moves by at most its divisor and
 * reads no atom of vi (j / 4). */
static int steps_by_one(const quasi_form *num, const quasi_atoms *atoms, int vi, int64_t step)
{
	int64_t k = num->lin.coeff[vi] * step;
	if (llabs(k) == 1)
		return !quasi_atoms_read(num, atoms, vi);
	if (k)
		return 0;
	int floors = 0;
	for (int f = 0; f < atoms->n; f++) {
		const quasi_atom *a = &atoms->a[f];
		if (!num->atom[f] || !quasi_form_uses(&a->num, atoms, vi))
			continue;
		int64_t kf = a->num.lin.coeff[vi] * step;
		if (llabs(num->atom[f]) != 1 || a->is_mod || a->minmax != quasi_no_minmax || !kf ||
		    llabs(kf) > a->divisor || quasi_atoms_read(&a->num, atoms, vi))
			return 0;
		floors++;
	}
	return floors == 1;
}

/* The atom through which sampled variable `vi` alone moves the address, by
 * values that step by at most one a trip: a ring buffer's mod atom,
 * a[(x + j) % n] or a[(j / 4) % n], whose residues lie contiguous (a
 * coefficient of at most the access's bytes), or a floor atom a[x + j / 4]
 * of such a coefficient; reading no other sampled loop, with no other atom
 * and no affine term of the address reading vi. -1 where there is none. */
static int ring_atom(const walk *w, int vi, int64_t step)
{
	const bound_access *b = w->b;
	const quasi_atoms *atoms = &w->l->atoms;
	if (!b->quasi || b->qaddr.lin.coeff[vi])
		return -1;
	for (int m = 0; m < atoms->n; m++) {
		const quasi_atom *t = &atoms->a[m];
		int64_t c = b->qaddr.atom[m];
		if (!c || t->minmax != quasi_no_minmax || llabs(c) > b->src->bytes)
			continue;
		/* a floor read directly: its value moves by at most one a trip */
		if (t->is_mod ? !steps_by_one(&t->num, atoms, vi, step) :
		    !t->num.lin.coeff[vi] || llabs(t->num.lin.coeff[vi] * step) > t->divisor ||
		    quasi_atoms_read(&t->num, atoms, vi))
			continue;
		int other = 0;
		for (int s = 0; s < w->n_sampled && !other; s++)
			other = w->sampled_var[s] != vi && quasi_form_uses(&t->num, atoms, w->sampled_var[s]);
		quasi_form rest = b->qaddr;
		rest.atom[m] = 0;
		if (!other && !quasi_atoms_read(&rest, atoms, vi))
			return m;
	}
	return -1;
}

/* The values atom m's numerator (a mod atom) or the atom itself (a floor)
 * takes at the lane's trips `from` and `to` of sampled loop s: it moves by
 * at most one a trip, monotonically, so it takes every value in between. */
static void ring_values(const walk *w, int s, int lane, int m, int64_t from, int64_t to,
	int64_t *lo, int64_t *hi)
{
	const quasi_atoms *atoms = &w->l->atoms;
	const quasi_atom *t = &atoms->a[m];
	int vi = w->sampled_var[s];
	int64_t v[EXPR_N_VARYING], at = w->sampled_at[s][lane], x[2];
	for (int e = 0; e < 2; e++) {
		int64_t values[QUASI_MAX_ATOMS];
		memcpy(v, w->lanes->v[lane], sizeof(v));
		v[vi] += ((e ? to : from) - at) * w->sampled_step[s];
		quasi_atoms_eval(atoms, v, values);
		x[e] = t->is_mod ? quasi_form_eval(&t->num, atoms->n, v, values) : values[m];
	}
	*lo = x[0] < x[1] ? x[0] : x[1];
	*hi = x[0] < x[1] ? x[1] : x[0];
}

/* The byte ranges a ring index covers while its numerator runs over [n_lo,
 * n_hi] (atom value u at the current trip, coefficient c): for a mod atom
 * of divisor d, a cyclic interval of min(n_hi - n_lo + 1, d) residues,
 * split in two where it wraps past d - 1; for a floor (d = 0), the values
 * n_lo..n_hi themselves. */
static void ring_ranges(int64_t addr, int64_t bytes, int64_t c, int64_t u, int64_t d, int64_t n_lo,
	int64_t n_hi, skipped_bytes *sk)
{
	int64_t count = n_hi - n_lo + 1, start = n_lo;
	if (d > 0 && count >= d) {
		start = 0;
		count = d;
	}
	if (d > 0)
		start = ((start % d) + d) % d;
	int64_t base = addr - c * u, r1 = start, r2 = start + count - 1, w2 = -1;
	if (d > 0 && r2 >= d) {
		w2 = r2 - d;
		r2 = d - 1;
	}
	sk->lo = base + (c > 0 ? c * r1 : c * r2);
	sk->hi = base + (c > 0 ? c * r2 : c * r1) + bytes;
	sk->lo2 = sk->hi2 = 0;
	if (w2 >= 0) {
		sk->lo2 = base + (c > 0 ? 0 : c * w2);
		sk->hi2 = base + (c > 0 ? c * w2 : 0) + bytes;
	}
}

static void lane_skipped(const walk *w, int lane, int64_t addr, skipped_bytes *sk)
{
	const bound_access *b = w->b;
	int64_t bytes = b->src->bytes, dlo = 0, dhi = 0;
	sk->lo = addr;
	sk->hi = addr + bytes;
	sk->lo2 = sk->hi2 = 0;
	sk->n_strided = 0;
	for (int s = 0; s < w->n_sampled; s++) {
		int64_t from, to, at = w->sampled_at[s][lane];
		int m = w->sampled_ring[s];
		if (m >= 0) {
			int64_t own[QUASI_MAX_ATOMS], n_lo, n_hi;
			const quasi_atom *t = &w->l->atoms.a[m];
			skipped_range(w, s, lane, &from, &to);
			ring_values(w, s, lane, m, from, to, &n_lo, &n_hi);
			ring_ranges(addr, bytes, b->qaddr.atom[m], walk_lane_atoms(w, lane, own)[m],
				t->is_mod ? t->divisor : 0, n_lo, n_hi, sk);
			continue;
		}
		int64_t c = lane_slope(w, s);
		if (!c)
			continue;
		skipped_range(w, s, lane, &from, &to);
		if (c >= -bytes && c <= bytes) {
			int64_t d1 = c * (from - at), d2 = c * (to - at);
			dlo += d1 < d2 ? d1 : d2;
			dhi += d1 < d2 ? d2 : d1;
		} else {
			sk->strided[sk->n_strided] = s;
			sk->slope[sk->n_strided] = c;
			sk->slo[sk->n_strided] = from - at;
			sk->shi[sk->n_strided++] = to - at;
		}
	}
	sk->lo += dlo;
	sk->hi += dhi;
	if (sk->lo2 < sk->hi2) {
		sk->lo2 += dlo;
		sk->hi2 += dhi;
	}
}

#define STRIDED_NORMALIZE_AT ((int64_t)1 << 16)

/* Pushes [lo, hi) moved along the strided loops of `sk` by each of their
 * skipped trips (a unit of work each). Nonzero when out of memory or past the
 * work limit. */
static int push_strided(walk *w, run_list *runs, const skipped_bytes *sk, int64_t lo, int64_t hi)
{
	int64_t k[WALK_MAX_SAMPLED_LOOPS], pushes = 0;
	for (int i = 0; i < sk->n_strided; i++)
		k[i] = sk->slo[i];
	for (;;) {
		int64_t d = 0;
		for (int i = 0; i < sk->n_strided; i++)
			d += sk->slope[i] * k[i];
		if (run_list_push(runs, lo + d, hi + d))
			return -1;
		pushes++;
		int i = 0;
		for (; i < sk->n_strided && ++k[i] > sk->shi[i]; i++)
			k[i] = sk->slo[i];
		if (i == sk->n_strided)
			break;
	}
	/* the skipped trips of a long loop push a run each, and a warp's rows
	 * mostly touch its neighbours': merged as they grow (doubling, so the
	 * sorting stays linear overall), millions of runs become a few */
	if (runs->n >= STRIDED_NORMALIZE_AT && runs->n >= 2 * w->strided_normalized) {
		if (run_list_normalize(runs))
			return -1;
		w->strided_normalized = runs->n;
	}
	return spend_units(w->ev, pushes);
}

/* The active lanes' bytes at the current iterations and at those they stand
 * for, relative to `off`. Where every lane moves along the same strided
 * trips (an inner loop over rows), the lanes' ranges are merged first, so
 * that a coalesced warp pushes one run a row, not one a lane. */
static int push_skipped(walk *w, run_list *runs, const unsigned char *active, const int64_t *addr,
	int64_t off)
{
	skipped_bytes sk[32];
	int first = -1, same = 1;
	for (int lane = 0; lane < 32; lane++) {
		if (!active[lane])
			continue;
		lane_skipped(w, lane, addr[lane] - off, &sk[lane]);
		if (first < 0) {
			first = lane;
			continue;
		}
		same &= sk[lane].n_strided == sk[first].n_strided;
		for (int i = 0; same && i < sk[first].n_strided; i++)
			same = sk[lane].strided[i] == sk[first].strided[i] && sk[lane].slo[i] == sk[first].slo[i] &&
			       sk[lane].shi[i] == sk[first].shi[i] && sk[lane].slope[i] == sk[first].slope[i];
	}
	if (first < 0)
		return 0;
	if (!sk[first].n_strided || !same) {
		for (int lane = first; lane < 32; lane++)
			if (active[lane] && (sk[lane].n_strided ? push_strided(w, runs, &sk[lane], sk[lane].lo,
			    sk[lane].hi) : run_list_push(runs, sk[lane].lo, sk[lane].hi)))
				return -1;
		for (int lane = first; lane < 32; lane++)
			if (active[lane] && sk[lane].lo2 < sk[lane].hi2 && (sk[lane].n_strided ?
			    push_strided(w, runs, &sk[lane], sk[lane].lo2, sk[lane].hi2) :
			    run_list_push(runs, sk[lane].lo2, sk[lane].hi2)))
				return -1;
		return 0;
	}
	/* merged ranges, by start (a ring's wrapped part is a range of its own) */
	int64_t lo[64], hi[64];
	int n = 0;
	for (int lane = first; lane < 32; lane++) {
		if (!active[lane])
			continue;
		for (int part = 0; part < 2; part++) {
			int64_t a = part ? sk[lane].lo2 : sk[lane].lo, z = part ? sk[lane].hi2 : sk[lane].hi;
			if (part && a >= z)
				continue;
			int j = n++;
			for (; j > 0 && lo[j - 1] > a; j--)
				lo[j] = lo[j - 1], hi[j] = hi[j - 1];
			lo[j] = a;
			hi[j] = z;
		}
	}
	int m = 0;
	for (int i = 1; i < n; i++) {
		if (lo[i] <= hi[m]) {
			hi[m] = hi[i] > hi[m] ? hi[i] : hi[m];
		} else {
			m++;
			lo[m] = lo[i];
			hi[m] = hi[i];
		}
	}
	for (int i = 0; i <= m; i++)
		if (push_strided(w, runs, &sk[first], lo[i], hi[i]))
			return -1;
	return 0;
}

/* The conjuncts of e (under &&) appended to out[n..]; -1 past
 * WALK_MAX_CONJUNCTS (or when n is -1). */
static int add_conjuncts(const expr *e, const expr **out, int n)
{
	if (!e || n < 0)
		return n;
	if (e->kind == expr_and)
		return add_conjuncts(e->b, out, add_conjuncts(e->a, out, n));
	if (n >= WALK_MAX_CONJUNCTS)
		return -1;
	out[n] = e;
	return n + 1;
}

/* Splits kernel guard && access guard into the conjuncts that read a tid
 * and those that do not (walk.guard_split). */
static void split_guard(walk *w)
{
	const expr *all[WALK_MAX_CONJUNCTS];
	int n = add_conjuncts(w->b->src->guard, all, add_conjuncts(w->l->kernel->guard, all, 0));
	w->guard_split = -1;
	if (n < 0)
		return;
	int u = 0, t = 0;
	for (int i = 0; i < n; i++) {
		int reads_tid = expr_uses_symbol(all[i], 0) || expr_uses_symbol(all[i], 1) ||
			expr_uses_symbol(all[i], 2); /* symbols 0..2: tid x, y, z */
		if (reads_tid)
			w->lane_conj[t++] = all[i];
		else
			w->uniform_conj[u++] = all[i];
	}
	if (u == 0)
		return;
	w->n_uniform_conj = u;
	w->n_lane_conj = t;
	w->guard_split = 1;
}

void walk_emit_instruction(walk *w)
{
	const bound_access *b = w->b;
	const km_access *a = b->src;
	const warpest_kernel *k = w->l->kernel;
	int64_t addr[32];
	unsigned char active[32];
	int n_active = 0;
	/* Lanes of one warp-instruction differ only in tid when the loops are
	 * the same for all of them: evaluate the shared part of each form once. */
	if (w->uniform_loops && (b->guard_linear || w->guard_true || w->dnf) &&
	    (b->linear || !a->analysable || (b->quasi && w->plan->atoms_tid_free))) {
		int first = -1;
		for (int lane = 0; lane < 32 && first < 0; lane++)
			if (w->lanes->alive[lane])
				first = lane;
		int64_t gbase[COND_MAX_CONSTRAINTS], abase = 0;
		const int64_t *v0 = first >= 0 ? w->lanes->v[first] : NULL;
		for (int i = 0; i < w->n_checks && v0; i++) {
			const linear_form *f = &b->guard.ge0[w->checks[i]];
			gbase[i] = linear_form_eval(f, v0) - tid_part(f->coeff, v0);
		}
		/* a disjunction's live terms likewise, constraint by constraint */
		int64_t tbase[DNF_MAX_TERMS][COND_MAX_CONSTRAINTS];
		const linear_dnf *dnf = b->guard_linear || w->guard_true ? NULL : w->dnf;
		for (int i = 0; dnf && v0 && i < w->n_live; i++) {
			const dnf_term *term = &dnf->term[w->live[i]];
			for (int c = 0; c < term->n; c++) {
				const linear_form *f = &term->f[c];
				tbase[i][c] = linear_form_eval(f, v0) - tid_part(f->coeff, v0);
			}
		}
		/* the address's tid terms; the rest, atoms included, is the first
		 * lane's */
		const int64_t *tc = b->linear ? b->addr.coeff : b->qaddr.lin.coeff;
		if (v0 && a->analysable && b->linear)
			abase = linear_form_eval(&b->addr, v0);
		else if (v0 && a->analysable) {
			int64_t own[QUASI_MAX_ATOMS];
			abase = quasi_form_eval(&b->qaddr, w->l->atoms.n, v0, walk_lane_atoms(w, first, own));
		}
		if (v0)
			abase -= tid_part(tc, v0);
		for (int lane = 0; lane < 32; lane++) {
			active[lane] = 0;
			if (!w->lanes->alive[lane])
				continue;
			const int64_t *v = w->lanes->v[lane];
			int on = 1;
			for (int i = 0; i < w->n_checks && on; i++) {
				const linear_form *f = &b->guard.ge0[w->checks[i]];
				on = gbase[i] + tid_part(f->coeff, v) >= 0;
			}
			if (dnf) {
				on = 0;
				for (int i = 0; i < w->n_live && !on; i++) {
					const dnf_term *term = &dnf->term[w->live[i]];
					on = 1;
					for (int c = 0; c < term->n && on; c++) {
						const linear_form *f = &term->f[c];
						int64_t x = tbase[i][c] + tid_part(f->coeff, v);
						on = term->ne[c] ? x != 0 : x >= 0;
					}
				}
			}
			if (!on)
				continue;
			active[lane] = 1;
			n_active++;
			if (a->analysable)
				addr[lane] = abase + tid_part(tc, v);
		}
	} else {
		if (!w->sparse_ready) {
			for (int i = 0; i < w->n_checks && b->guard_linear; i++)
				sparse_form_of(&b->guard.ge0[w->checks[i]], &w->sparse[i]);
			if (b->linear)
				sparse_form_of(&b->addr, &w->sparse[COND_MAX_CONSTRAINTS]);
			w->sparse_ready = 1;
		}
		/* a guard left as expressions, lanes sharing their loops: the
		 * conjuncts without a tid once, on the first live lane */
		int expr_guard = !b->guard_linear && !w->guard_true && !w->dnf && !b->guard_quasi;
		if (expr_guard && w->uniform_loops && !w->guard_split)
			split_guard(w);
		int split = expr_guard && w->uniform_loops && w->guard_split > 0, uniform_on = 1;
		for (int lane = 0; split && lane < 32; lane++)
			if (w->lanes->alive[lane]) {
				for (int i = 0; i < w->n_uniform_conj && uniform_on; i++)
					uniform_on = expr_eval_cond(w->uniform_conj[i], w->lanes->env[lane]);
				break;
			}
		for (int lane = 0; lane < 32; lane++) {
			active[lane] = 0;
			if (!w->lanes->alive[lane])
				continue;
			int on;
			if (b->guard_linear || w->guard_true) {
				on = 1;
				for (int i = 0; i < w->n_checks && on; i++)
					on = sparse_form_eval(&w->sparse[i], w->lanes->v[lane]) >= 0;
			} else if (w->dnf) {
				on = 0;
				for (int i = 0; i < w->n_live && !on; i++) {
					const dnf_term *term = &w->dnf->term[w->live[i]];
					on = 1;
					for (int c = 0; c < term->n && on; c++)
						on = dnf_constraint_holds(term, c, w->lanes->v[lane]);
				}
			} else if (b->guard_quasi) {
				int64_t own[QUASI_MAX_ATOMS];
				const int64_t *atoms = walk_lane_atoms(w, lane, own);
				on = 1;
				for (int i = 0; i < w->n_qchecks && on; i++)
					on = quasi_cond_holds(&b->qguard, w->qchecks[i], w->l->atoms.n, w->lanes->v[lane],
						atoms);
			} else if (split) {
				on = uniform_on;
				for (int i = 0; i < w->n_lane_conj && on; i++)
					on = expr_eval_cond(w->lane_conj[i], w->lanes->env[lane]);
			} else
				on = (!k->guard || expr_eval_cond(k->guard, w->lanes->env[lane])) &&
				     (!a->guard || expr_eval_cond(a->guard, w->lanes->env[lane]));
			if (!on)
				continue;
			active[lane] = 1;
			n_active++;
			if (a->analysable && b->linear)
				addr[lane] = sparse_form_eval(&w->sparse[COND_MAX_CONSTRAINTS], w->lanes->v[lane]);
			else if (a->analysable && b->quasi) {
				int64_t own[QUASI_MAX_ATOMS];
				const int64_t *atoms = walk_lane_atoms(w, lane, own);
				addr[lane] = quasi_form_eval(&b->qaddr, w->l->atoms.n, w->lanes->v[lane], atoms);
			} else if (a->analysable)
				addr[lane] = b->field_base + expr_eval(a->offset, w->lanes->env[lane]);
		}
	}
	int64_t t = w->tuple_index++;
	if (spend_lanes(w->ev, w->lane_weight)) {
		w->failed = 1;
		return;
	}
	if (n_active == 0)
		return;
	access_stats *s = &w->cls->stats[b->index];
	double repeat = w->repeat > 1 ? (double)w->repeat : 1.0;
	s->instructions += repeat * w->iter_weight * a->count;
	double lanes = n_active;
	if (w->n_sampled) {
		lanes = 0;
		for (int lane = 0; lane < 32; lane++)
			lanes += active[lane] ? w->lane_iter_weight[lane] : 0;
	}
	s->lanes += repeat * lanes * a->count;
	if (!a->analysable)
		return;
	int64_t off = w->offsets[b->group];
	if (w->global && !footprint_boxed(w->ev, w->b)) {
		run_list *runs = a->kind == km_store ? &w->cls->store_runs[b->group] :
			&w->cls->load_runs[b->group];
		if (w->n_sampled) {
			if (push_skipped(w, runs, active, addr, off))
				w->failed = 1;
		} else
			for (int lane = 0; lane < 32; lane++)
				if (active[lane] && run_list_push(runs, addr[lane] - off, addr[lane] - off + a->bytes))
					w->failed = 1;
	}
	/* a sampled iteration is costed: it already stands for the others */
	double stride = w->repeat > 0 ? (double)w->repeat : w->n_sampled ? 1 : w->plan->sample_stride;
	double weight = (w->repeat > 0 ? (double)w->repeat : w->n_sampled ? 1 : tuple_weight(w->plan, t)) *
		w->iter_weight;
	if (w->footprint_only || (w->repeat == 0 && stride > 1 && t % (int64_t)stride != 0))
		return;
	/* L1 metrics depend on alignment only; take addresses relative to the
	 * block offset plus its residue so every block of a class agrees. */
	int64_t shift = off - (((off % 128) + 128) % 128);
	for (int lane = 0; lane < 32; lane++)
		if (active[lane])
			addr[lane] -= shift;
	warp_cost cost;
	int first = 0;
	while (!active[first])
		first++;
	int same = w->memo_valid && ((addr[first] - w->memo_first) & 127) == 0 &&
		memcmp(active, w->memo_active, sizeof(w->memo_active)) == 0;
	for (int lane = first; lane < 32 && same; lane++)
		same = !active[lane] || addr[lane] - addr[first] == w->memo_delta[lane];
	if (same)
		cost = w->memo_cost;
	else {
		/* the same lane pattern at another residue modulo 128 (a loop moving
		 * the warp by 16 B a tuple): costed once per residue, kept with the
		 * evaluator's patterns */
		if (!w->ev->patterns)
			w->ev->patterns = lane_pattern_table_alloc(); /* NULL: costed each time */
		residue_costs *rc = lane_pattern_costs(w->ev->patterns, a->bytes, w->unit, addr, active);
		cost = *residue_cost_lookup(rc, w->l->hw, w->unit, a->bytes, addr, active, &cost);
		w->memo_valid = 1;
		w->memo_first = addr[first];
		memcpy(w->memo_active, active, sizeof(w->memo_active));
		for (int lane = 0; lane < 32; lane++)
			w->memo_delta[lane] = active[lane] ? addr[lane] - addr[first] : 0;
		w->memo_cost = cost;
	}
	add_cost(w->cls, s, &cost, weight * a->count, w->global && a->kind != km_store);
}

/* Whether the access's guard is linear constraints (clipped by their
 * slopes along a sampled loop), or the same for every value of variable
 * `vi` (a disjunction none of whose constraints reads it). */
static int guard_samples(const walk *w, int vi)
{
	const bound_access *b = w->b;
	if (b->guard_linear || w->guard_true)
		return 1;
	if (!w->dnf)
		return 0;
	for (int t = 0; t < w->dnf->n; t++)
		for (int c = 0; c < w->dnf->term[t].n; c++)
			if (w->dnf->term[t].f[c].coeff[vi])
				return 0;
	return 1;
}

/* Iterations a sampled iteration of a loop (variable `vi`) stands for: 1
 * (every one walked) unless the evaluator caps the iterations of loops and
 * this one runs longer, and the access is affine, or quasi-affine with
 * atoms that do not read the loop (a tile's column, x % w, walked along
 * rows) or a ring index over it (ring_atom, into *ring; else -1), under a
 * guard that samples (skipped iterations' bytes then follow from the
 * address's slopes or the ring's residues, the guard's clipping from its
 * slopes). */
static int64_t iteration_stride(const walk *w, int vi, int64_t step, int64_t max_trips, int *ring)
{
	const bound_access *b = w->b;
	int64_t cap = w->ev->iteration_cap;
	*ring = -1;
	if (cap <= 0 || max_trips <= cap || w->n_sampled == WALK_MAX_SAMPLED_LOOPS || !guard_samples(w, vi))
		return 1;
	if (b->linear || !b->src->analysable || (b->quasi && !quasi_atoms_read(&b->qaddr, &w->l->atoms, vi)))
		return (max_trips + cap - 1) / cap;
	*ring = ring_atom(w, vi, step);
	return *ring >= 0 ? (max_trips + cap - 1) / cap : 1;
}

void walk_loops(walk *w, int level);

/* Loop `level` (bounds lower[lane] and trips[lane]) in chunks of k
 * iterations: each lane walks the middle iteration of its part of each
 * chunk, standing for that part (so lanes' instruction counts stay exact),
 * and the warp-instruction for the chunk's longest part. `ring`: the ring
 * atom the loop moves (iteration_stride), or -1. */
static void walk_iteration_sample(walk *w, int level, int64_t k, int ring, const int64_t *lower,
	const int64_t *trips, int64_t max_trips, const unsigned char *saved)
{
	const km_access *a = w->b->src;
	const bound_loop *bl = &w->l->loops[a->loops[level]];
	int sym = bl->src->sym;
	int vi = 6 + w->l->kernel->symbols.loop_index[sym];
	int s = w->n_sampled++;
	w->sampled_var[s] = vi;
	w->sampled_step[s] = bl->src->step;
	w->sampled_ring[s] = ring;
	w->ev->iterations_sampled = 1;
	double outer = w->iter_weight, outer_lane[32];
	memcpy(outer_lane, w->lane_iter_weight, sizeof(outer_lane));
	for (int64_t from = 0; from < max_trips && !w->failed; from += k) {
		w->iter_weight = outer * (double)(max_trips - from < k ? max_trips - from : k);
		for (int lane = 0; lane < 32; lane++) {
			if (!saved[lane])
				continue;
			int64_t part = trips[lane] - from < k ? trips[lane] - from : k;
			w->lanes->alive[lane] = part > 0;
			if (part <= 0)
				continue;
			int64_t it = from + part / 2;
			int64_t value = lower[lane] + it * bl->src->step;
			w->lanes->v[lane][vi] = value;
			w->lanes->env[lane][sym] = value;
			w->lane_iter_weight[lane] = outer_lane[lane] * (double)part;
			w->sampled_lo[s][lane] = from;
			w->sampled_hi[s][lane] = from + part - 1;
			w->sampled_at[s][lane] = it;
		}
		walk_loops(w, level + 1);
	}
	w->iter_weight = outer;
	memcpy(w->lane_iter_weight, outer_lane, sizeof(outer_lane));
	w->n_sampled--;
}

/* Each live lane's lower bound and trip count of loop bl at the lanes'
 * current values; returns the largest count. */
static int64_t lane_trips(const walk *w, const bound_loop *bl, const unsigned char *live,
	int64_t *lower, int64_t *trips)
{
	int64_t max_trips = 0;
	int first = -1; /* bounds the same for every lane: the first lane's serve all */
	for (int lane = 0; lane < 32; lane++) {
		if (!live[lane])
			continue;
		if (bl->lane_uniform && first >= 0) {
			lower[lane] = lower[first];
			trips[lane] = trips[first];
		} else if (bl->constant) {
			lower[lane] = bl->lower;
			trips[lane] = bl->trips;
		} else if (bl->quasi) {
			int64_t atoms[QUASI_MAX_ATOMS];
			bound_loop_trips(bl, &w->l->bound_atoms, w->lanes->v[lane], atoms, &lower[lane],
				&trips[lane]);
			first = first < 0 ? lane : first;
		} else {
			lower[lane] = expr_eval(bl->src->lower, w->lanes->env[lane]);
			if (bl->src->upper) {
				int64_t span = expr_eval(bl->src->upper, w->lanes->env[lane]) - lower[lane];
				trips[lane] = span <= 0 ? 0 : (span + bl->src->step - 1) / bl->src->step;
			} else
				trips[lane] = bl->src->assumed_trips;
			first = first < 0 ? lane : first;
		}
		if (trips[lane] > max_trips)
			max_trips = trips[lane];
	}
	return max_trips;
}

/* The work of one trip of the access's loop at `level`: an instruction
 * (32 lanes at the lane weight) for each tuple of the loops inside, where
 * those all have constant trip counts (INT64_MAX past any limit); 0 where
 * they do not, or emit nothing. */
static int64_t inner_unit(const walk *w, int level)
{
	const km_access *a = w->b->src;
	int64_t unit = 32 * w->lane_weight;
	for (int j = level + 1; j < a->n_loops; j++) {
		const bound_loop *in = &w->l->loops[a->loops[j]];
		if (!in->constant || in->trips <= 0)
			return 0;
		unit = unit > INT64_MAX / in->trips ? INT64_MAX : unit * in->trips;
	}
	return unit;
}

int64_t walk_inner_unit(const walk *w)
{
	const km_access *a = w->b->src;
	/* sampled iterations cost less, and so may the sampled walk of a nest
	 * of constant loops (walk_sampled) */
	if (a->n_loops == 0 || w->ev->iteration_cap > 0 || w->ev->work_limit <= 0 ||
	    (w->plan->sample_stride > 1 && w->l->loops[a->loops[0]].constant))
		return 0;
	return inner_unit(w, 0);
}

int64_t walk_outer_trips(const walk *w)
{
	int64_t lower[32], trips[32];
	return lane_trips(w, &w->l->loops[w->b->src->loops[0]], w->lanes->alive, lower, trips);
}

void walk_loops(walk *w, int level)
{
	const km_access *a = w->b->src;
	if (level == a->n_loops) {
		walk_emit_instruction(w);
		return;
	}
	int li = a->loops[level];
	const bound_loop *bl = &w->l->loops[li];
	int sym = bl->src->sym;
	int vi = 6 + w->l->kernel->symbols.loop_index[sym];
	int64_t lower[32], trips[32], max_trips;
	unsigned char saved[32];
	memcpy(saved, w->lanes->alive, sizeof(saved));
	max_trips = lane_trips(w, bl, saved, lower, trips);
	int ring;
	int64_t k = iteration_stride(w, vi, bl->src->step, max_trips, &ring);
	if (k > 1) {
		walk_iteration_sample(w, level, k, ring, lower, trips, max_trips, saved);
		memcpy(w->lanes->alive, saved, sizeof(saved));
		return;
	}
	/* a loop that cannot fit the work limit fails now: each trip emits an
	 * instruction for each tuple of the loops inside, known where those
	 * have constant trip counts and none is sampled (the innermost: one;
	 * 10^12 trips, or a triangle of 4095 rows x 2048, took seconds to
	 * reach the limit) */
	int64_t unit = level + 1 == a->n_loops || w->ev->iteration_cap <= 0 ? inner_unit(w, level) : 0;
	if (unit > 0 && would_pass_limit(w->ev, max_trips, unit)) {
		w->failed = 1;
		return;
	}
	for (int64_t it = 0; it < max_trips && !w->failed; it++) {
		for (int lane = 0; lane < 32; lane++) {
			if (!saved[lane])
				continue;
			w->lanes->alive[lane] = it < trips[lane];
			int64_t value = lower[lane] + it * bl->src->step;
			w->lanes->v[lane][vi] = value;
			w->lanes->env[lane][sym] = value;
		}
		walk_loops(w, level + 1);
	}
	memcpy(w->lanes->alive, saved, sizeof(saved));
}
