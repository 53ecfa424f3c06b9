/* A block's class key (block_eval.c looks classes up by it): each guard
 * constraint's verdict over the block's threads, the groups' offsets mod
 * 128, the atoms' residues and clamp winners, the quasi constraints' ranges
 * over the threads, and the signature of the loops that vary per thread. */
#include <string.h>

#include "cache/block_eval_impl.h"
#include "cache/quasi_key_memo.h"

/* A hash of every thread's lower bound and trip count of the loops whose
 * bounds depend on the thread (grid-stride loops) and see the block: blocks
 * with equal signatures run the same iterations. Loops whose bounds do not
 * see the block run alike in every block and are left out (hashing them
 * cost a pass over the block's threads per block). 0 when no loop counts. */
static int64_t loop_signature(const block_evaluator *ev, const int64_t *c)
{
	const launch *l = ev->l;
	const warpest_kernel *k = l->kernel;
	uint64_t h = 0;
	int64_t env[EXPR_MAX_SYMBOLS];
	int any = 0;
	/* a loop whose accesses all never run in this block (a remainder loop
	 * behind its block's bound check) changes nothing of the class: its
	 * bounds do not keep such blocks apart. The rest of the key is already
	 * in ev->key_scratch. */
	unsigned live = 0;
	for (int i = 0; i < l->n_accesses && ev->block_loops; i++) {
		const km_access *a = l->accesses[i].src;
		unsigned loops = 0;
		for (int j = 0; j < a->n_loops; j++)
			loops |= 1u << a->loops[j];
		if ((loops & ev->block_loops & ~live) && !access_never_runs(ev, i))
			live |= loops;
	}
	for (int i = 0; i < k->n_loops; i++) {
		const bound_loop *bl = &l->loops[i];
		if (!(ev->block_loops & live & (1u << i)))
			continue;
		if (!any) {
			memcpy(env, l->env, sizeof(env));
			env[sym_ctaid_x] = c[0], env[sym_ctaid_y] = c[1], env[sym_ctaid_z] = c[2];
			h = 1469598103934665603ull;
			any = 1;
		}
		/* bounds of the block only: one thread stands for all */
		int threads = bl->block_uniform ? 1 : l->threads_per_block;
		if (bl->quasi) {
			/* quasi bounds: only the thread coordinates they use vary (a
			 * grid-stride loop over z sees one value per tid.z); outer loops
			 * at their first value, as in the tree's env */
			int64_t n[3], v[EXPR_N_VARYING] = {0}, atoms[QUASI_MAX_ATOMS], lower, trips;
			for (int d = 0; d < 3; d++)
				n[d] = bl->tid_used[d] && !bl->block_uniform ? l->block[d] : 1;
			v[3] = c[0], v[4] = c[1], v[5] = c[2];
			for (v[2] = 0; v[2] < n[2]; v[2]++)
				for (v[1] = 0; v[1] < n[1]; v[1]++)
					for (v[0] = 0; v[0] < n[0]; v[0]++) {
						bound_loop_trips(bl, &l->bound_atoms, v, atoms, &lower, &trips);
						h = (h ^ (uint64_t)lower) * 1099511628211ull;
						h = (h ^ (uint64_t)trips) * 1099511628211ull;
					}
			continue;
		}
		for (int t = 0; t < threads; t++) {
			int64_t lower, trips = bl->src->assumed_trips, tc[3];
			launch_thread_coords(l, t, tc);
			env[sym_tid_x] = tc[0], env[sym_tid_y] = tc[1], env[sym_tid_z] = tc[2];
			lower = expr_eval(bl->src->lower, env);
			if (bl->src->upper) {
				int64_t span = expr_eval(bl->src->upper, env) - lower;
				trips = span <= 0 ? 0 : (span + bl->src->step - 1) / bl->src->step;
			}
			h = (h ^ (uint64_t)lower) * 1099511628211ull;
			h = (h ^ (uint64_t)trips) * 1099511628211ull;
		}
	}
	return (int64_t)h;
}

/* A constraint's two key entries from its range [lo, hi] over the block:
 * form != 0 is true where 0 is out of [lo, hi], false where it is all of
 * it; form >= 0 true where lo >= 0, false where hi < 0. Cut: (2, value),
 * the block's value that fixes every lane's verdict. */
static void constraint_key(int ne, int64_t lo, int64_t hi, int64_t value, int64_t *key)
{
	key[1] = 0;
	if (ne ? lo > 0 || hi < 0 : lo >= 0)
		key[0] = 0;
	else if (ne ? lo == 0 && hi == 0 : hi < 0)
		key[0] = 1;
	else {
		key[0] = 2;
		key[1] = value;
	}
}

/* Each atom's thread-index coefficients over the block looked up, where it
 * is affine in the thread index there (quasi_atom_affine, from the block's
 * clamp keys). */
static void atoms_over_block(const block_evaluator *ev, int64_t (*coef)[3], unsigned char *known)
{
	for (int i = 0; i < ev->l->atoms.n; i++)
		quasi_atom_affine(&ev->l->atoms, i, ev->atom_varies, ev->clamp_key, coef, known);
}

/* 1 with quasi constraint j's thread-index coefficients over the block in
 * tc where it reads only atoms affine there (atoms_over_block); 0 where its
 * threads must be walked. */
static int affine_over_block(const block_evaluator *ev, int j, int64_t (*coef)[3],
	const unsigned char *known, int64_t *tc)
{
	return quasi_form_thread_coeffs(&ev->qconstraints[j], ev->l->atoms.n, ev->atom_varies, coef,
		known, tc);
}

/* Each quasi constraint's least, greatest and first-thread value over the
 * block at c, less its block part (3 entries each), loops at 0. One that is
 * affine in the thread index over the block (affine_over_block): its value
 * at the first thread and the index terms at the block's corners.
 * The others evaluate each thread's atoms: with thread-dependent clamps
 * those of quasi_atoms_block_threads (walked here when the keys came from
 * quasi_atoms_block_keys). */
static void quasi_thread_parts(block_evaluator *ev, const int64_t *c, int64_t *parts)
{
	const launch *l = ev->l;
	int n_atoms = l->atoms.n, tpb = l->threads_per_block;
	int64_t zero[QUASI_MAX_ATOMS] = {0};
	int64_t tc[MAX_QCONSTRAINTS][3], coef[QUASI_MAX_ATOMS][3];
	unsigned char affine[MAX_QCONSTRAINTS], known[QUASI_MAX_ATOMS];
	atoms_over_block(ev, coef, known);
	int walk = 0;
	for (int j = 0; j < ev->n_qconstraints; j++) {
		affine[j] = (unsigned char)affine_over_block(ev, j, coef, known, tc[j]);
		walk |= !affine[j];
	}
	if (walk && ev->has_thread_clamps && !ev->thread_atoms_current) {
		int64_t residue[QUASI_MAX_ATOMS], offset[QUASI_MAX_ATOMS], clamp_key[2 * QUASI_MAX_ATOMS];
		quasi_atoms_block_threads(&l->atoms, c, &ev->spans, (const int64_t (*)[3])ev->tid, tpb,
			ev->qthread_atoms, residue, offset, clamp_key);
		ev->thread_atoms_current = 1;
	}
	for (int t = 0; walk && !ev->has_thread_clamps && ev->qthread_atoms && t < tpb; t++) {
		int64_t v[EXPR_N_VARYING];
		thread_vars(ev, t, c, v);
		quasi_atoms_eval(&l->atoms, v, &ev->qthread_atoms[(size_t)t * (size_t)n_atoms]);
	}
	/* the first thread's atoms, for the constraints that do not vary */
	int64_t v0[EXPR_N_VARYING];
	thread_vars(ev, 0, c, v0);
	const int64_t *first_atoms = ev->qthread_atoms && (walk || ev->thread_atoms_current) ?
		ev->qthread_atoms : ev->has_thread_clamps ? ev->atoms_first : zero;
	int64_t own_first[QUASI_MAX_ATOMS];
	if (!walk && !ev->has_thread_clamps && ev->qthread_atoms && n_atoms > 0) {
		quasi_atoms_eval(&l->atoms, v0, own_first);
		first_atoms = own_first;
	}
	for (int j = 0; j < ev->n_qconstraints; j++) {
		const quasi_form *f = &ev->qconstraints[j];
		int64_t lo = 0, hi = 0, first = 0;
		if (affine[j]) {
			lo = hi = first = quasi_form_eval(f, n_atoms, v0, first_atoms);
			for (int d = 0; d < 3; d++) {
				int64_t far = tc[j][d] * (int64_t)(l->block[d] - 1);
				if (far < 0)
					lo += far;
				else
					hi += far;
			}
		} else
			for (int t = 0; t < tpb; t++) {
				int64_t v[EXPR_N_VARYING];
				thread_vars(ev, t, c, v);
				int64_t x = quasi_form_eval(f, n_atoms, v, ev->qthread_atoms ?
					&ev->qthread_atoms[(size_t)t * (size_t)n_atoms] : zero);
				if (t == 0)
					lo = hi = first = x;
				lo = x < lo ? x : lo;
				hi = x > hi ? x : hi;
			}
		int64_t block = quasi_form_block_part(f, n_atoms, c, ev->atom_offset);
		parts[3 * j] = lo - block;
		parts[3 * j + 1] = hi - block;
		parts[3 * j + 2] = first - block;
	}
}

/* Each quasi constraint's state over the block at c, as compute_key does
 * for linear ones: its range over the block's threads and its loops at
 * their constant ranges. Where it is cut, the first thread's value: with
 * the atom residues in the key, blocks with equal values test equal lanes.
 * The thread parts come from the memo where the residues were met before. */
static void quasi_constraint_keys(block_evaluator *ev, const int64_t *c, int64_t *key)
{
	const launch *l = ev->l;
	int64_t own[3 * MAX_QCONSTRAINTS];
	const int64_t *parts = ev->qkeys ? quasi_key_memo_find(ev->qkeys, ev->atom_residue) : NULL;
	if (!parts) {
		int64_t *kept = ev->qkeys ? quasi_key_memo_add(ev->qkeys, ev->atom_residue) : NULL;
		quasi_thread_parts(ev, c, kept ? kept : own);
		parts = kept ? kept : own;
	}
	for (int j = 0; j < ev->n_qconstraints; j++) {
		const quasi_form *f = &ev->qconstraints[j];
		int64_t block = quasi_form_block_part(f, l->atoms.n, c, ev->atom_offset);
		int64_t lo = block + parts[3 * j], hi = block + parts[3 * j + 1];
		block_loop_range(l, f->lin.coeff, &lo, &hi);
		constraint_key(ev->qconstraint_ne[j], lo, hi, block + parts[3 * j + 2], &key[2 * j]);
	}
}

/* The block's class key, into ev->key_scratch (where the guards' verdicts
 * that loop_signature reads are). */
void block_compute_key(block_evaluator *ev, int64_t id, const int64_t *c,
	const int64_t *offsets)
{
	const launch *l = ev->l;
	int64_t *key = ev->key_scratch;
	if (!ev->cached) {
		key[0] = id;
		return;
	}
	for (int j = 0; j < ev->n_constraints; j++) {
		const linear_form *f = &ev->constraints[j];
		int64_t v = f->c0 + f->coeff[3] * c[0] + f->coeff[4] * c[1] + f->coeff[5] * c[2];
		constraint_key(ev->constraint_ne[j], v + ev->constraint_span[j][0],
			v + ev->constraint_span[j][1], v, &key[2 * j]);
	}
	for (int g = 0; g < l->n_groups; g++)
		key[2 * ev->n_constraints + g] = ((offsets[g] % 128) + 128) % 128;
	/* quasi-affine addresses: blocks alike only where every atom's
	 * numerator leaves the same residue */
	for (int i = 0; i < l->atoms.n; i++)
		key[2 * ev->n_constraints + l->n_groups + 1 + i] = ev->atom_residue[i];
	memcpy(&key[2 * ev->n_constraints + l->n_groups + 1 + l->atoms.n], ev->clamp_key,
		sizeof(int64_t) * 2 * (size_t)l->atoms.n);
	if (ev->n_qconstraints > 0)
		quasi_constraint_keys(ev, c, &key[ev->key_len - 2 * ev->n_qconstraints]);
	/* last: it reads the guards' verdicts above */
	key[2 * ev->n_constraints + l->n_groups] = loop_signature(ev, c);
}
