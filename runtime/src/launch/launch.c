#include "launch/launch.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/ctx.h"

const char *const occupancy_limit_names[] = {"threads", "warps", "blocks", "registers", "shared"};

/* Fields are modelled at bases 2^40 apart, aligned beyond any cache unit. */
#define FIELD_BASE_STRIDE ((int64_t)1 << 40)

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
	env[sym] = value;
	has[sym] = 1;
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

static int bind_accesses(warpest_ctx *ctx, launch *l)
{
	const warpest_kernel *k = l->kernel;
	l->n_accesses = k->n_accesses;
	l->accesses = calloc((size_t)k->n_accesses + 1, sizeof(bound_access));
	if (!l->accesses)
		return ctx_error(ctx, "out of memory");
	/* Guards are bound once, as disjunctions; where one is a conjunction it
	 * is kept as one (linear_cond: the boxes, the warp shortcuts). */
	linear_dnf *kernel_dnf = malloc(sizeof(*kernel_dnf)), *access_dnf = malloc(sizeof(*access_dnf));
	linear_dnf *both = malloc(sizeof(*both));
	if (!kernel_dnf || !access_dnf || !both) {
		free(kernel_dnf);
		free(access_dnf);
		free(both);
		return ctx_error(ctx, "out of memory");
	}
	int kernel_dnf_ok = 1;
	if (k->guard)
		kernel_dnf_ok = guard_dnf_linearize(k->guard, &k->symbols, l->env, kernel_dnf);
	else
		guard_dnf_true(kernel_dnf);
	l->kernel_guard_linear = kernel_dnf_ok && guard_dnf_conjunction(kernel_dnf, &l->kernel_guard);
	for (int i = 0; i < k->n_accesses; i++) {
		bound_access *b = &l->accesses[i];
		const km_access *a = &k->accesses[i];
		b->src = a;
		b->index = i;
		b->field = &k->fields[a->field];
		b->field_base = (int64_t)(a->field + 1) * FIELD_BASE_STRIDE;
		b->linear = a->analysable && expr_linearize(a->offset, &k->symbols, l->env, &b->addr);
		if (b->linear)
			b->addr.c0 += b->field_base;
		if (!b->linear && a->analysable) {
			int n_atoms = l->atoms.n;
			b->quasi = quasi_linearize(a->offset, &k->symbols, l->env, &l->atoms, &b->qaddr);
			if (b->quasi)
				b->qaddr.lin.c0 += b->field_base;
			else
				l->atoms.n = n_atoms; /* keep only atoms some address uses */
		}
		/* kernel guard && access guard */
		b->guard = l->kernel_guard;
		int ok = kernel_dnf_ok;
		if (ok && a->guard)
			ok = guard_dnf_linearize(a->guard, &k->symbols, l->env, access_dnf);
		else if (ok)
			guard_dnf_true(access_dnf);
		if (ok && guard_dnf_and(kernel_dnf, access_dnf, both)) {
			b->guard_linear = guard_dnf_conjunction(both, &b->guard);
			if (!b->guard_linear && (b->guard_dnf = malloc(sizeof(*both))))
				*b->guard_dnf = *both;
		}
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
	return 0;
}

void launch_use_reference_path(launch *l)
{
	for (int i = 0; i < l->n_accesses; i++) {
		l->accesses[i].quasi = 0;
		free(l->accesses[i].guard_dnf);
		l->accesses[i].guard_dnf = NULL;
	}
	l->atoms.n = 0;
}

int launch_bind(warpest_ctx *ctx, const warpest_kernel *k, const warpest_hw *hw,
	const warpest_config *config, launch *l)
{
	memset(l, 0, sizeof(*l));
	l->kernel = k;
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
	for (int i = 0; i < k->n_params; i++)
		if (!has[k->param_syms[i]]) {
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
		threads *= config->block[d];
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
		if (config->grid[0] > 0 && config->grid[1] > 0 && config->grid[2] > 0)
			g = config->grid[d];
		else if (k->grid[d])
			g = expr_eval(k->grid[d], l->env);
		else if (k->threads[d]) {
			int64_t t = expr_eval(k->threads[d], l->env);
			g = t <= 0 ? 0 : (t + l->block[d] - 1) / l->block[d];
		} else if (d > 0 && (k->threads[0] || k->grid[0]))
			g = 1;
		else
			return ctx_error(ctx, "kernel '%s': no grid given and the model has neither "
				"'grid' nor 'threads' (give --grid X Y Z)", k->name);
		if (g < 1 || g > 2147483647)
			return ctx_error(ctx, "kernel '%s': grid dimension %c evaluates to %lld blocks",
				k->name, "xyz"[d], (long long)g);
		l->grid[d] = (int)g;
		l->env[sym_nctaid_x + d] = g;
		l->n_blocks *= g;
	}
	/* resources */
	l->registers = config->registers > 0 ? config->registers : k->registers;
	if (l->registers <= 0) {
		l->registers = 32;
		l->registers_assumed = 1;
	}
	l->shared_per_block = k->shared_static +
		(config->shared_dynamic >= 0 ? config->shared_dynamic : k->shared_dynamic);
	for (int i = 0; i < k->n_fields; i++)
		(void)i;
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
	int64_t full_waves = l->n_blocks / l->wave_blocks;
	l->rep_wave_first = full_waves > 0 ? (full_waves / 2) * l->wave_blocks : 0;
	/* loops */
	for (int i = 0; i < k->n_loops; i++) {
		bound_loop *b = &l->loops[i];
		const km_loop *src = &k->loops[i];
		b->src = src;
		b->constant = !expr_is_varying(src->lower, &k->symbols) &&
			(!src->upper || !expr_is_varying(src->upper, &k->symbols));
		if (b->constant) {
			b->lower = expr_eval(src->lower, l->env);
			if (src->upper) {
				int64_t span = expr_eval(src->upper, l->env) - b->lower;
				b->trips = span <= 0 ? 0 : (span + src->step - 1) / src->step;
			} else
				b->trips = src->assumed_trips;
		}
	}
	return bind_accesses(ctx, l);
}

void launch_release(launch *l)
{
	for (int i = 0; l->accesses && i < l->n_accesses; i++)
		free(l->accesses[i].guard_dnf);
	free(l->accesses);
	l->accesses = NULL;
}
