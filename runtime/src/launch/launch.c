#include "launch/launch.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/ctx.h"
#include "launch/launch_ranges.h"

const char *const occupancy_limit_names[] = {"threads", "warps", "blocks", "registers", "shared"};

/* Fields are modelled at bases 2^40 apart, aligned beyond any cache unit. */
#define FIELD_BASE_STRIDE ((int64_t)1 << 40)
/* Blocks per launch (docs/limits.md): launch totals stay far from 2^62. */
#define LAUNCH_MAX_BLOCKS ((int64_t)1 << 40)
/* Wave classes: all evaluated up to WAVE_CLASSES_EXACT, else a stratified
 * subset of WAVE_CLASSES_EVALUATED (more when the strata need it): the cost
 * of an estimate grows with them (docs/performance.md). */
#define WAVE_CLASSES_EXACT 8
/* Launches of at most this many waves: every wave evaluated on its own
 * (guards that cut the grid mid-layer make waves differ, docs/model.md §1). */
#define WAVES_EACH_OWN 8
#define WAVE_CLASSES_EVALUATED 4

static int set_param(warpest_ctx *ctx, const warpest_kernel *k, int64_t *env, int *has,
	const char *name, int64_t value)
{
	int sym = symbol_table_find(&k->symbols, name);
	if (sym < 0 || k->symbols.classes[sym] != sym_class_param) {
		char known[512] = "";
		for (int i = 0; i < k->n_params; i++) {
			strncat(known, i ? ", " : "", sizeof(known) - strlen(known) - 1);
			strncat(known, k->symbols.names[k->param_syms[i]], sizeof(known) - strlen(known) - 1);
		}
		return ctx_error(ctx, "kernel '%s': unknown parameter '%s' (the model has: %s)",
			k->name, name, known[0] ? known : "none");
	}
	for (int i = 0; i < k->n_params; i++)
		if (k->param_syms[i] == sym && k->param_exp2_of[i] >= 0)
			return ctx_error(ctx, "kernel '%s': parameter '%s' is 2^%s (params[%d].exp2_of): "
				"give '%s' instead", k->name, name,
				k->symbols.names[k->param_syms[k->param_exp2_of[i]]], i,
				k->symbols.names[k->param_syms[k->param_exp2_of[i]]]);
	env[sym] = value;
	has[sym] = 1;
	return 0;
}

/* Parameters that are 2^(another): from that one's value, when it has one. */
static int set_exp2_params(warpest_ctx *ctx, const warpest_kernel *k, int64_t *env, int *has)
{
	for (int i = 0; i < k->n_params; i++) {
		int of = k->param_exp2_of[i];
		if (of < 0 || !has[k->param_syms[of]])
			continue;
		int64_t e = env[k->param_syms[of]];
		if (e < 0 || e > 40)
			return ctx_error(ctx, "kernel '%s': parameter '%s' = %lld: the model takes 2^%s "
				"('%s', a shift by it), which needs 0 <= %s <= 40", k->name,
				k->symbols.names[k->param_syms[of]], (long long)e,
				k->symbols.names[k->param_syms[of]], k->symbols.names[k->param_syms[i]],
				k->symbols.names[k->param_syms[of]]);
		env[k->param_syms[i]] = (int64_t)1 << e;
		has[k->param_syms[i]] = 1;
	}
	return 0;
}

static void compute_occupancy(launch *l)
{
	const warpest_hw *hw = l->hw;
	int warps = l->warps_per_block;
	int by_blocks = (int)hw->max_blocks_per_sm.value;
	int by_warps = (int)hw->max_warps_per_sm.value / warps;
	int by_threads = (int)hw->max_threads_per_sm.value / l->threads_per_block;
	/* registers are allocated per warp in units of register_alloc_unit */
	double unit = hw->register_alloc_unit.value;
	double regs_per_warp = ceil(l->registers * 32.0 / unit) * unit;
	int warps_by_regs = (int)floor(hw->registers_per_sm.value / regs_per_warp);
	int by_regs = warps_by_regs / warps;
	/* shared memory: rounded to the allocation unit, plus the per-block reserve */
	double smem = 0;
	int by_shared = by_blocks;
	double max_carveout = hw->n_carveouts ? hw->carveouts_kb[hw->n_carveouts - 1] * 1024 : 0;
	if (l->shared_per_block > 0 || hw->shared_reserved_per_block.value > 0) {
		double su = hw->shared_alloc_unit.value;
		smem = ceil((double)l->shared_per_block / su) * su + hw->shared_reserved_per_block.value;
		if (l->shared_per_block > 0 && smem > 0)
			by_shared = (int)floor(max_carveout / smem);
	}
	struct { int n; occupancy_limit why; } lim[] = {
		{by_threads, occ_threads}, {by_warps, occ_warps}, {by_blocks, occ_blocks},
		{by_regs, occ_registers}, {by_shared, occ_shared}};
	l->blocks_per_sm = lim[0].n;
	l->limited_by = lim[0].why;
	for (int i = 1; i < 5; i++)
		if (lim[i].n < l->blocks_per_sm) {
			l->blocks_per_sm = lim[i].n;
			l->limited_by = lim[i].why;
		}
	l->warps_per_sm = l->blocks_per_sm * warps;
	/* The driver picks the smallest carveout that holds the resident blocks'
	 * shared memory; the rest of the unified array is L1. */
	double need = l->shared_per_block > 0 ? smem * l->blocks_per_sm : 0;
	double carve = 0;
	for (int i = 0; i < hw->n_carveouts; i++)
		if (hw->carveouts_kb[i] * 1024 >= need) {
			carve = hw->carveouts_kb[i] * 1024;
			break;
		}
	l->l1_capacity_bytes = hw->l1_unified_bytes.value - carve;
}

/* ---- ranges: no value of the launch's domain may leave EXPR_VALUE_MAX ---- */

/* The value of a non-varying expression, checked. */
static int eval_checked(warpest_ctx *ctx, const launch *l, const expr *e, const char *path,
	int64_t *out)
{
	launch_ranges r;
	memcpy(r.lo, l->env, sizeof(r.lo));
	memcpy(r.hi, l->env, sizeof(r.hi));
	int64_t hi;
	return launch_range_of(ctx, l, &r, e, path, out, &hi);
}

/* Bound of |f| over the launch: |c0| + sum |coeff| * max |v|; -1 when it
 * leaves EXPR_VALUE_MAX (the sums of the cache model would overflow). */
static int64_t form_bound(const linear_form *f, const int64_t *vmax)
{
	uint64_t s = f->c0 < 0 ? 0 - (uint64_t)f->c0 : (uint64_t)f->c0;
	for (int i = 0; i < EXPR_N_VARYING; i++) {
		uint64_t c = f->coeff[i] < 0 ? 0 - (uint64_t)f->coeff[i] : (uint64_t)f->coeff[i], t;
		if (__builtin_mul_overflow(c, (uint64_t)vmax[i], &t) || __builtin_add_overflow(s, t, &s))
			return -1;
	}
	return s > (uint64_t)EXPR_VALUE_MAX ? -1 : (int64_t)s;
}

static int64_t quasi_bound(const quasi_form *q, const int64_t *vmax, const int64_t *amax,
	int n_atoms)
{
	int64_t s = form_bound(&q->lin, vmax);
	for (int j = 0; j < n_atoms && s >= 0; j++) {
		int64_t t;
		if (__builtin_mul_overflow(q->atom[j] < 0 ? -q->atom[j] : q->atom[j], amax[j], &t) ||
		    __builtin_add_overflow(s, t, &s) || s > EXPR_VALUE_MAX)
			s = -1;
	}
	return s;
}

/* The linear and quasi-affine forms of addresses and guards, bounded over
 * the launch, so that the cache model's sums over them stay in 64 bits. */
/* max |v| of each varying variable over the launch */
static void varying_max(const launch *l, const launch_ranges *r, int64_t *vmax)
{
	const warpest_kernel *k = l->kernel;
	memset(vmax, 0, sizeof(int64_t) * EXPR_N_VARYING);
	for (int s = 0; s < k->symbols.n; s++) {
		int v = expr_varying_index(&k->symbols, s);
		if (v >= 0)
			vmax[v] = -r->lo[s] > r->hi[s] ? -r->lo[s] : r->hi[s];
	}
}

/* A bound of |atom| for each atom (amax); 0, or -1 when a numerator or a
 * clamp's side leaves EXPR_VALUE_MAX. */
static int atoms_bound(const quasi_atoms *atoms, const int64_t *vmax, int64_t *amax)
{
	for (int j = 0; j < atoms->n; j++) {
		const quasi_atom *a = &atoms->a[j];
		int64_t n = quasi_bound(&a->num, vmax, amax, j);
		if (n < 0)
			return -1;
		if (a->minmax != quasi_no_minmax) {
			/* |min(n, m)| and |max(n, m)| are at most max(|n|, |m|) */
			int64_t m = quasi_bound(&a->other, vmax, amax, j);
			if (m < 0)
				return -1;
			amax[j] = n > m ? n : m;
			continue;
		}
		amax[j] = a->is_mod ? a->divisor : n / a->divisor + 1;
	}
	return 0;
}

static int check_forms(warpest_ctx *ctx, const launch *l, const launch_ranges *r)
{
	const warpest_kernel *k = l->kernel;
	int64_t vmax[EXPR_N_VARYING], amax[QUASI_MAX_ATOMS];
	varying_max(l, r, vmax);
	if (atoms_bound(&l->atoms, vmax, amax))
		return ctx_error(ctx, "kernel '%s': a floor, mod, min or max in an address or guard leaves +-2^62 "
			"for this configuration: 64-bit overflow", k->name);
	for (int i = 0; i < l->n_accesses; i++) {
		const bound_access *b = &l->accesses[i];
		int bad = (b->linear && form_bound(&b->addr, vmax) < 0) ||
			(b->quasi && quasi_bound(&b->qaddr, vmax, amax, l->atoms.n) < 0);
		for (int c = 0; c < (b->guard_linear ? b->guard.n : 0); c++)
			bad |= form_bound(&b->guard.ge0[c], vmax) < 0;
		for (int t = 0; b->guard_dnf && t < b->guard_dnf->n; t++)
			for (int c = 0; c < b->guard_dnf->term[t].n; c++)
				bad |= form_bound(&b->guard_dnf->term[t].f[c], vmax) < 0;
		if (bad)
			return ctx_error(ctx, "kernel '%s': accesses[%d]: its address or guard, as an "
				"affine form, has terms beyond 2^62 for this configuration: 64-bit overflow",
				k->name, launch_model_access(l, i));
	}
	return 0;
}

/* Every expression an estimate evaluates, over the launch's domain: an
 * input error naming the field when one may overflow, or when an address
 * leaves the 2^40 bytes modelled per field. */
static int check_ranges(warpest_ctx *ctx, const launch *l, const launch_ranges *r)
{
	const warpest_kernel *k = l->kernel;
	char path[96];
	int64_t lo, hi;
	if (k->guard && launch_range_of(ctx, l, r, k->guard, "guard", &lo, &hi))
		return warpest_error_input;
	for (int i = 0; i < k->n_fields; i++)
		for (int d = 0; d < k->fields[i].n_dims; d++) {
			snprintf(path, sizeof(path), "fields[%d].dims[%d]", i, d);
			if (launch_range_of(ctx, l, r, k->fields[i].dims[d], path, &lo, &hi))
				return warpest_error_input;
		}
	for (int i = 0; i < k->n_accesses; i++) {
		const km_access *a = l->bit_assumed ? &l->bit_assumed[i] : &k->accesses[i];
		snprintf(path, sizeof(path), "accesses[%d].guard", launch_model_access(l, i));
		if (a->guard && launch_range_of(ctx, l, r, a->guard, path, &lo, &hi))
			return warpest_error_input;
		if (!a->analysable)
			continue;
		snprintf(path, sizeof(path), "accesses[%d] (its byte offset)", launch_model_access(l, i));
		if (launch_range_of(ctx, l, r, a->offset, path, &lo, &hi))
			return warpest_error_input;
		if (lo < -FIELD_BASE_STRIDE || hi > FIELD_BASE_STRIDE)
			return ctx_error(ctx, "kernel '%s': accesses[%d]: byte offsets reach %lld..%lld "
				"for this configuration; a field may span at most 2^40 bytes", k->name,
				launch_model_access(l, i),
				(long long)lo, (long long)hi);
	}
	return 0;
}

/* Whether two bound accesses move together from block to block: the same
 * field, and the same block coefficients (ctaid, and for quasi-affine
 * addresses the atoms, whose quotients move with the block). */
static int moves_with(const bound_access *o, const bound_access *b)
{
	if (o->src->field != b->src->field || o->linear != b->linear || o->quasi != b->quasi)
		return 0;
	if (b->linear)
		return memcmp(&o->addr.coeff[3], &b->addr.coeff[3], 3 * sizeof(int64_t)) == 0;
	return b->quasi &&
		memcmp(&o->qaddr.lin.coeff[3], &b->qaddr.lin.coeff[3], 3 * sizeof(int64_t)) == 0 &&
		memcmp(o->qaddr.atom, b->qaddr.atom, sizeof(b->qaddr.atom)) == 0;
}

/* kernel guard && access guard over quasi-affine forms, when both have
 * that shape and fit in one quasi_cond */
static void bind_quasi_guard(launch *l, const symbol_table *syms, const int64_t *env,
	const km_access *a, bound_access *b)
{
	const warpest_kernel *k = l->kernel;
	int n_atoms = l->atoms.n;
	quasi_cond *part = malloc(sizeof(*part));
	b->qguard.n = 0;
	int ok = part != NULL;
	for (int i = 0; i < 2 && ok; i++) {
		const expr *g = i == 0 ? k->guard : a->guard;
		if (!g)
			continue;
		ok = quasi_cond_linearize(g, syms, env, &l->atoms, part) &&
			b->qguard.n + part->n <= COND_MAX_CONSTRAINTS;
		for (int c = 0; ok && c < part->n; c++) {
			b->qguard.f[b->qguard.n] = part->f[c];
			b->qguard.ne[b->qguard.n++] = part->ne[c];
		}
	}
	free(part);
	b->guard_quasi = ok;
	if (!ok)
		l->atoms.n = n_atoms;
}

/* A grid dimension of no block, or of more than a launch allows: the
 * error names the rule it came from, with its value, so that a user sees
 * which parameter values leave no thread to launch (a guessed domain
 * `Size - 1 - t` with t = Size). */
static int grid_out_of_range(warpest_ctx *ctx, const launch *l, const warpest_config *config, int d,
	int64_t g)
{
	const warpest_kernel *k = l->kernel;
	char c = "xyz"[d], rule[256] = "";
	if (config->grid[0] > 0 && config->grid[1] > 0 && config->grid[2] > 0)
		snprintf(rule, sizeof rule, " (the configuration's grid)");
	else if (k->grid[d]) {
		char text[160];
		expr_print(k->grid[d], &k->symbols, text, sizeof text);
		snprintf(rule, sizeof rule, " (the model's grid.%c%s, `%s`)", c,
			k->grid_guessed[d] ? ", guessed from the kernel's guards" : "", text);
	} else if (k->threads[d]) {
		char text[160];
		expr_print(k->threads[d], &k->symbols, text, sizeof text);
		snprintf(rule, sizeof rule, " (threads.%c `%s` = %lld over blocks of %d: %s)", c, text,
			(long long)expr_eval(k->threads[d], l->env), l->block[d],
			g < 1 ? "no thread to launch with these parameter values" : "too many blocks");
	}
	return ctx_error(ctx, "kernel '%s': grid dimension %c evaluates to %lld blocks%s", k->name, c,
		(long long)g, rule);
}

/* The symbols addresses and guards are bound with: the kernel's, but a loop
 * whose variable takes one value over the whole launch (a grid-stride loop
 * whose grid covers the data: one trip or none for every thread) has that
 * value instead, as a parameter would, so that a clamp of it is a clamp of
 * the thread's (docs/model.md §1). NULL: the kernel's (*env untouched). */
static symbol_table *single_valued_loops(const launch *l, const launch_ranges *r, int64_t *env)
{
	const warpest_kernel *k = l->kernel;
	symbol_table *syms = NULL;
	for (int i = 0; i < k->n_loops; i++) {
		const km_loop *loop = &k->loops[i];
		if (loop->shift != 0 || r->lo[loop->sym] != r->hi[loop->sym])
			continue;
		if (!syms) {
			/* none: the kernel's symbols, exact but slower */
			if (!(syms = malloc(sizeof(*syms))))
				return NULL;
			*syms = k->symbols;
		}
		syms->classes[loop->sym] = sym_class_param;
		env[loop->sym] = r->lo[loop->sym];
	}
	return syms;
}

static int bind_accesses(warpest_ctx *ctx, launch *l, const launch_ranges *r)
{
	const warpest_kernel *k = l->kernel;
	l->n_accesses = k->n_accesses;
	l->accesses = calloc((size_t)k->n_accesses + 1, sizeof(bound_access));
	if (!l->accesses)
		return ctx_error(ctx, "out of memory");
	int64_t env[EXPR_MAX_SYMBOLS];
	memcpy(env, l->env, sizeof(env));
	symbol_table *single = single_valued_loops(l, r, env);
	const symbol_table *syms = single ? single : &k->symbols;
	/* Guards are bound once, as disjunctions; where one is a conjunction it
	 * is kept as one (linear_cond: the boxes, the warp shortcuts). */
	linear_dnf *kernel_dnf = malloc(sizeof(*kernel_dnf)), *access_dnf = malloc(sizeof(*access_dnf));
	linear_dnf *both = malloc(sizeof(*both));
	if (!kernel_dnf || !access_dnf || !both) {
		free(kernel_dnf);
		free(access_dnf);
		free(both);
		free(single);
		return ctx_error(ctx, "out of memory");
	}
	int kernel_dnf_ok = 1;
	if (k->guard)
		kernel_dnf_ok = guard_dnf_linearize(k->guard, syms, env, kernel_dnf);
	else
		guard_dnf_true(kernel_dnf);
	l->kernel_guard_linear = kernel_dnf_ok && guard_dnf_conjunction(kernel_dnf, &l->kernel_guard);
	if (k->guard && !l->kernel_guard_linear) {
		int n_atoms = l->atoms.n;
		l->kernel_guard_quasi = quasi_cond_linearize(k->guard, syms, env, &l->atoms,
			&l->kernel_qguard);
		if (!l->kernel_guard_quasi)
			l->atoms.n = n_atoms;
	}
	for (int i = 0; i < k->n_accesses; i++) {
		bound_access *b = &l->accesses[i];
		const km_access *a = l->bit_assumed ? &l->bit_assumed[i] : &k->accesses[i];
		b->src = a;
		b->index = i;
		b->field = &k->fields[a->field];
		b->field_base = (int64_t)(a->field + 1) * FIELD_BASE_STRIDE;
		b->linear = a->analysable && expr_linearize(a->offset, syms, env, &b->addr);
		if (b->linear)
			b->addr.c0 += b->field_base;
		if (!b->linear && a->analysable) {
			int n_atoms = l->atoms.n;
			b->quasi = quasi_linearize(a->offset, syms, env, &l->atoms, &b->qaddr);
			if (b->quasi)
				b->qaddr.lin.c0 += b->field_base;
			else
				l->atoms.n = n_atoms; /* keep only atoms some address uses */
		}
		/* kernel guard && access guard */
		b->guard = l->kernel_guard;
		int ok = kernel_dnf_ok;
		if (ok && a->guard)
			ok = guard_dnf_linearize(a->guard, syms, env, access_dnf);
		else if (ok)
			guard_dnf_true(access_dnf);
		if (ok && guard_dnf_and(kernel_dnf, access_dnf, both)) {
			b->guard_linear = guard_dnf_conjunction(both, &b->guard);
			if (!b->guard_linear && (b->guard_dnf = malloc(sizeof(*both))))
				*b->guard_dnf = *both;
		}
		if (!b->guard_linear && !b->guard_dnf)
			bind_quasi_guard(l, syms, env, a, b);
		/* group accesses that move together from block to block */
		b->group = -1;
		for (int j = 0; j < i && b->group < 0 && (b->linear || b->quasi); j++)
			if (moves_with(&l->accesses[j], b))
				b->group = l->accesses[j].group;
		if (b->group < 0)
			b->group = l->n_groups++;
	}
	free(kernel_dnf);
	free(access_dnf);
	free(both);
	free(single);
	return 0;
}

/* Loops whose bounds vary by thread or block: their bounds as quasi-affine
 * forms over atoms of their own (so that address classes keep their keys),
 * evaluated per lane without walking expression trees; a loop whose form
 * might leave 64 bits keeps its trees. */
static void bind_loop_forms(launch *l, const launch_ranges *r)
{
	const warpest_kernel *k = l->kernel;
	for (int i = 0; i < k->n_loops; i++) {
		bound_loop *b = &l->loops[i];
		int n_atoms = l->bound_atoms.n;
		b->quasi = !b->constant && b->src->upper &&
			quasi_linearize(b->src->lower, &k->symbols, l->env, &l->bound_atoms, &b->q_lower) &&
			quasi_linearize(b->src->upper, &k->symbols, l->env, &l->bound_atoms, &b->q_upper);
		if (!b->quasi)
			l->bound_atoms.n = n_atoms;
	}
	int64_t vmax[EXPR_N_VARYING], amax[QUASI_MAX_ATOMS];
	varying_max(l, r, vmax);
	int ok = atoms_bound(&l->bound_atoms, vmax, amax) == 0;
	for (int i = 0; i < k->n_loops; i++) {
		bound_loop *b = &l->loops[i];
		if (b->quasi && (!ok || quasi_bound(&b->q_lower, vmax, amax, l->bound_atoms.n) < 0 ||
		    quasi_bound(&b->q_upper, vmax, amax, l->bound_atoms.n) < 0))
			b->quasi = 0;
		for (int d = 0; d < 3 && b->quasi; d++)
			b->tid_used[d] = quasi_form_uses(&b->q_lower, &l->bound_atoms, d) ||
				quasi_form_uses(&b->q_upper, &l->bound_atoms, d);
		if (b->quasi)
			b->atom_mask = quasi_form_atom_mask(&b->q_lower, &l->bound_atoms) |
				quasi_form_atom_mask(&b->q_upper, &l->bound_atoms);
	}
}

/* Quasi guards whose forms might leave 64 bits are evaluated from their
 * trees instead. */
static void check_quasi_guards(launch *l, const launch_ranges *r)
{
	int64_t vmax[EXPR_N_VARYING], amax[QUASI_MAX_ATOMS];
	varying_max(l, r, vmax);
	int ok = atoms_bound(&l->atoms, vmax, amax) == 0;
	for (int c = 0; l->kernel_guard_quasi && c < l->kernel_qguard.n; c++)
		if (!ok || quasi_bound(&l->kernel_qguard.f[c], vmax, amax, l->atoms.n) < 0)
			l->kernel_guard_quasi = 0;
	for (int i = 0; i < l->n_accesses; i++) {
		bound_access *b = &l->accesses[i];
		for (int c = 0; b->guard_quasi && c < b->qguard.n; c++)
			if (!ok || quasi_bound(&b->qguard.f[c], vmax, amax, l->atoms.n) < 0)
				b->guard_quasi = 0;
	}
}

int launch_spread_waves(launch *l, int k)
{
	wave_plan_free(&l->wave_plan);
	if (wave_plan_spread(l->grid, l->wave_blocks, k, &l->wave_plan))
		return -1;
	l->rep_wave_first = l->wave_plan.n ? l->wave_plan.c[l->wave_plan.dominant].first : 0;
	return 0;
}

void launch_use_reference_path(launch *l)
{
	/* loops over an outer loop's variable are walked lane by lane there, and
	 * so are loops constant only by their bounds' ranges over the launch */
	for (int i = 0; i < l->kernel->n_loops; i++) {
		bound_loop *b = &l->loops[i];
		b->quasi = 0;
		if (b->range_constant)
			b->constant = b->block_uniform = b->range_constant = 0;
		b->lane_uniform = b->constant || b->block_uniform;
	}
	l->kernel_guard_quasi = 0;
	for (int i = 0; i < l->n_accesses; i++)
		l->accesses[i].guard_quasi = 0;
	for (int i = 0; i < l->n_accesses; i++) {
		l->accesses[i].quasi = 0;
		free(l->accesses[i].guard_dnf);
		l->accesses[i].guard_dnf = NULL;
	}
	l->atoms.n = 0;
}

/* Where the kernel, apart from its accesses' addresses, uses symbol sym:
 * NULL when nowhere. */
static const char *used_beyond_addresses(const warpest_kernel *k, int sym, char *buf, size_t len)
{
	if (expr_uses_symbol(k->guard, sym))
		return "the kernel's guard";
	for (int d = 0; d < 3; d++)
		if (expr_uses_symbol(k->threads[d], sym) || expr_uses_symbol(k->grid[d], sym))
			return "the thread or grid counts";
	for (int i = 0; i < k->n_loops; i++)
		if (expr_uses_symbol(k->loops[i].lower, sym) || expr_uses_symbol(k->loops[i].upper, sym) ||
		    expr_uses_symbol(k->loops[i].bound, sym)) {
			snprintf(buf, len, "the bounds of loop '%s'", k->loops[i].var);
			return buf;
		}
	for (int i = 0; i < k->n_accesses; i++)
		if (expr_uses_symbol(k->accesses[i].guard, sym)) {
			snprintf(buf, len, "the guard of accesses[%d]", i);
			return buf;
		}
	return NULL;
}

/* A params[].power_of_two parameter P whose value is not 2^k: the model
 * read x & P, x ^ P and x & (P - 1) as bit arithmetic on 2^k, which then
 * does not hold. Accesses whose addresses use P are assumed random in
 * their array instead, and the report names them (a mask such as 0x0F0F
 * scatters lanes; P's other uses in those addresses are given up with
 * it). Where a guard, a loop bound or a thread count uses P, nothing
 * stands in for the reading: no estimate. */
static int bind_power_of_two(warpest_ctx *ctx, launch *l)
{
	const warpest_kernel *k = l->kernel;
	for (int i = 0; i < k->n_params; i++) {
		int sym = k->param_syms[i];
		int64_t v = l->env[sym];
		if (!k->param_power_of_two[i] || km_is_power_of_two(v))
			continue;
		char buf[96];
		const char *where = used_beyond_addresses(k, sym, buf, sizeof buf);
		if (where)
			return ctx_error(ctx, "kernel '%s': parameter '%s' = %lld is not a power of two, "
				"which the model's reading of its bitwise operations assumes "
				"(params[%d].power_of_two), and %s uses it", k->name,
				k->symbols.names[sym], (long long)v, i, where);
		for (int j = 0; j < k->n_accesses; j++) {
			const km_access *a = &k->accesses[j];
			if (!a->analysable || !expr_uses_symbol(a->offset, sym))
				continue;
			if (!l->bit_assumed) {
				l->bit_assumed = malloc(sizeof(km_access) * ((size_t)k->n_accesses + 1));
				if (!l->bit_assumed)
					return ctx_error(ctx, "out of memory");
				memcpy(l->bit_assumed, k->accesses, sizeof(km_access) * (size_t)k->n_accesses);
			}
			km_access *c = &l->bit_assumed[j];
			c->analysable = 0;
			c->assume = km_assume_random;
			snprintf(c->reason, sizeof c->reason, "bitwise operations on parameter '%s' = %lld, "
				"read as on a power of two, which it is not", k->symbols.names[sym],
				(long long)v);
		}
	}
	return 0;
}

int launch_bind(warpest_ctx *ctx, const warpest_kernel *k, const warpest_hw *hw,
	const warpest_config *config, launch *l)
{
	memset(l, 0, sizeof(*l));
	l->kernel = k;
	l->model = k;
	l->hw = hw;
	int has[EXPR_MAX_SYMBOLS] = {0};
	for (int i = 0; i < k->n_params; i++)
		if (k->param_has_value[i]) {
			l->env[k->param_syms[i]] = k->param_values[i];
			has[k->param_syms[i]] = 1;
		}
	/* the variant, then explicit overrides */
	l->variant = NULL;
	if (config->variant && config->variant[0]) {
		const km_variant *v = NULL;
		for (int i = 0; i < k->n_variants; i++)
			if (strcmp(k->variants[i].name, config->variant) == 0)
				v = &k->variants[i];
		if (!v)
			return ctx_error(ctx, "kernel '%s': unknown variant '%s'", k->name, config->variant);
		l->variant = v->name;
		for (int i = 0; i < v->n; i++) {
			l->env[v->params[i]] = v->values[i];
			has[v->params[i]] = 1;
		}
	} else if (k->n_variants > 0) {
		l->variant = k->variants[0].name;
		for (int i = 0; i < k->variants[0].n; i++) {
			l->env[k->variants[0].params[i]] = k->variants[0].values[i];
			has[k->variants[0].params[i]] = 1;
		}
	}
	for (int i = 0; i < config->n_params; i++)
		if (set_param(ctx, k, l->env, has, config->param_names[i], config->param_values[i]))
			return warpest_error_input;
	if (set_exp2_params(ctx, k, l->env, has))
		return warpest_error_input;
	for (int i = 0; i < k->n_params; i++)
		if (!has[k->param_syms[i]] && k->param_exp2_of[i] < 0) {
			size_t n = strlen(l->missing);
			snprintf(l->missing + n, sizeof(l->missing) - n, "%s%s", n ? ", " : "",
				k->symbols.names[k->param_syms[i]]);
		}
	if (l->missing[0]) {
		ctx_error(ctx, "kernel '%s': parameters without a value: %s (give them with --param NAME=VALUE)",
			k->name, l->missing);
		return warpest_error_model;
	}
	/* block */
	int64_t threads = 1;
	for (int d = 0; d < 3; d++) {
		if (config->block[d] < 1)
			return ctx_error(ctx, "block size must be at least 1 in every dimension");
		l->block[d] = config->block[d];
		threads *= config->block[d]; /* three ints: at most 2^93, so saturate */
		if (threads > INT32_MAX)
			threads = INT32_MAX;
		l->env[sym_ntid_x + d] = config->block[d];
	}
	if (threads > (int64_t)hw->max_threads_per_block.value)
		return ctx_error(ctx, "block %dx%dx%d has %lld threads; %s allows at most %d per block",
			l->block[0], l->block[1], l->block[2], (long long)threads, hw->id,
			(int)hw->max_threads_per_block.value);
	l->threads_per_block = (int)threads;
	l->warps_per_block = (int)((threads + 31) / 32);
	/* grid: explicit, the model's grid rule, or ceil(threads/block) */
	l->n_blocks = 1;
	for (int d = 0; d < 3; d++) {
		int64_t g;
		char path[32];
		if (config->grid[0] > 0 && config->grid[1] > 0 && config->grid[2] > 0)
			g = config->grid[d];
		else if (k->grid[d]) {
			snprintf(path, sizeof(path), "grid.%c", "xyz"[d]);
			if (eval_checked(ctx, l, k->grid[d], path, &g))
				return warpest_error_input;
			l->grid_guessed[d] = k->grid_guessed[d];
		} else if (k->threads[d]) {
			int64_t t;
			snprintf(path, sizeof(path), "threads.%c", "xyz"[d]);
			if (eval_checked(ctx, l, k->threads[d], path, &t))
				return warpest_error_input;
			g = t <= 0 ? 0 : (t + l->block[d] - 1) / l->block[d];
		} else if (d > 0 && (k->threads[0] || k->grid[0]))
			g = 1;
		else
			return ctx_error(ctx, "kernel '%s': no grid given and the model has neither "
				"'grid' nor 'threads' (give --grid X Y Z)", k->name);
		if (g < 1 || g > 2147483647)
			return grid_out_of_range(ctx, l, config, d, g);
		l->grid[d] = (int)g;
		l->env[sym_nctaid_x + d] = g;
		l->n_blocks *= g;
		if (l->n_blocks > LAUNCH_MAX_BLOCKS)
			return ctx_error(ctx, "kernel '%s': the grid has more than 2^40 blocks", k->name);
	}
	l->busy_blocks = l->n_blocks;
	/* resources */
	l->registers = config->registers > 0 ? config->registers : k->registers;
	if (l->registers <= 0) {
		l->registers = 32;
		l->registers_assumed = 1;
	}
	const int given[3] = {config->spill_store_bytes, config->spill_load_bytes,
		config->stack_frame_bytes};
	const int64_t model[3] = {k->spill_store_bytes, k->spill_load_bytes, k->stack_frame_bytes};
	int64_t *spill[3] = {&l->spill_store_bytes, &l->spill_load_bytes, &l->stack_frame_bytes};
	l->spill_from_config = 0;
	for (int i = 0; i < 3; i++) {
		*spill[i] = given[i] >= 0 ? given[i] : model[i];
		l->spill_from_config |= given[i] >= 0 ? 1u << i : 0;
	}
	/* a binary's static count is a thread's own only without loops */
	if (config->thread_instructions > 0 && k->n_loops > 0)
		return ctx_error(ctx, "kernel '%s': thread_instructions (%g) is a static count of the "
			"binary, a thread's own only where the kernel has no loops; the model has %d",
			k->name, config->thread_instructions, k->n_loops);
	l->thread_instructions = config->thread_instructions;
	l->time_limit_ms = config->time_limit_ms;
	/* geometric loops: unrolled now that their bounds are known */
	if (geometric_unroll_build(ctx, k, l->env, &l->unroll))
		return warpest_error_model;
	if (l->unroll.kernel)
		l->kernel = k = l->unroll.kernel;
	l->shared_per_block = k->shared_static +
		(config->shared_dynamic >= 0 ? config->shared_dynamic : k->shared_dynamic);
	if (l->shared_per_block > (int64_t)hw->max_shared_per_block.value)
		return ctx_error(ctx, "kernel '%s': %lld bytes of shared memory per block; %s allows %d",
			k->name, (long long)l->shared_per_block, hw->id, (int)hw->max_shared_per_block.value);
	compute_occupancy(l);
	if (l->blocks_per_sm < 1)
		return ctx_error(ctx, "kernel '%s': block %dx%dx%d cannot be resident on %s (limited by %s)",
			k->name, l->block[0], l->block[1], l->block[2], hw->id,
			occupancy_limit_names[l->limited_by]);
	l->wave_blocks = l->blocks_per_sm * (int)hw->sm_count.value;
	l->waves = (double)l->n_blocks / l->wave_blocks;
	/* the waves evaluated for the launch totals (wave_classes.c) */
	if (wave_plan_build(l->grid, l->wave_blocks, WAVES_EACH_OWN, WAVE_CLASSES_EXACT, WAVE_CLASSES_EVALUATED,
	    &l->wave_plan))
		return ctx_error(ctx, "out of memory");
	l->rep_wave_first = l->wave_plan.n ? l->wave_plan.c[l->wave_plan.dominant].first : 0;
	if (bind_power_of_two(ctx, l))
		return warpest_error_input;
	/* loops, then every expression over the launch's domain */
	launch_ranges *r = malloc(sizeof(*r));
	if (!r)
		return ctx_error(ctx, "out of memory");
	memcpy(r->lo, l->env, sizeof(r->lo));
	memcpy(r->hi, l->env, sizeof(r->hi));
	for (int d = 0; d < 3; d++) {
		r->hi[sym_tid_x + d] = l->block[d] - 1;
		r->hi[sym_ctaid_x + d] = l->grid[d] - 1;
	}
	int rc = launch_bind_loops(ctx, l, r);
	if (!rc)
		rc = check_ranges(ctx, l, r);
	if (!rc)
		rc = bind_accesses(ctx, l, r);
	if (!rc)
		rc = check_forms(ctx, l, r);
	if (!rc) {
		bind_loop_forms(l, r);
		check_quasi_guards(l, r);
	}
	free(r);
	return rc;
}

void launch_release(launch *l)
{
	wave_plan_free(&l->wave_plan);
	for (int i = 0; l->accesses && i < l->n_accesses; i++)
		free(l->accesses[i].guard_dnf);
	free(l->accesses);
	l->accesses = NULL;
	free(l->bit_assumed);
	l->bit_assumed = NULL;
	geometric_unroll_release(&l->unroll);
}
