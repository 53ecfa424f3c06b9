/* The wave footprint two ways (SPEC §4, §5.3): isl sets (isl_wave.c) and
 * plain lane enumeration must give identical unit counts wherever both
 * apply. The enumeration side is checked twice: a direct lane walk here for
 * any block range, and the estimate's own figures (memory_model.c) for the
 * representative wave. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "base/ctx.h"
#include "estimate/estimate_impl.h"
#include "cache/isl_wave.h"

/* Distinct units as one bit each over the range a field's accesses reach
 * (fields lie 2^40 bytes apart, so their ranges never meet). */
typedef struct unit_bits {
	int64_t lo, hi;           /* unit range, inclusive */
	unsigned char *bits;
} unit_bits;

typedef struct lane_walk {
	const launch *l;
	const bound_access *b;
	int64_t v[EXPR_N_VARYING];
	int64_t unit;
	unit_bits *field;         /* the current access's field */
} lane_walk;

static void walk(lane_walk *w, int level)
{
	const km_access *a = w->b->src;
	if (level == a->n_loops) {
		for (int c = 0; c < w->b->guard.n; c++)
			if (linear_form_eval(&w->b->guard.ge0[c], w->v) < 0)
				return;
		int64_t addr = linear_form_eval(&w->b->addr, w->v);
		int64_t u0 = floor_div(addr, w->unit), u1 = floor_div(addr + a->bytes - 1, w->unit);
		unit_bits *f = w->field;
		for (int64_t u = u0; u <= u1; u++)
			f->bits[(u - f->lo) >> 3] |= (unsigned char)(1u << ((u - f->lo) & 7));
		return;
	}
	const bound_loop *bl = &w->l->loops[a->loops[level]];
	int vi = 6 + w->l->kernel->symbols.loop_index[bl->src->sym];
	for (int64_t it = 0; it < bl->trips; it++) {
		w->v[vi] = bl->lower + it * bl->src->step;
		walk(w, level + 1);
	}
	w->v[vi] = 0;
}

/* Walks every lane of every counted access of blocks [first, last). */
static void walk_blocks(const launch *l, int64_t first, int64_t last, int stores, unit_bits *fields,
	int64_t unit)
{
	lane_walk w = {l, NULL, {0}, unit, NULL};
	for (int64_t id = first; id < last; id++) {
		int64_t c[3];
		launch_block_coords(l, id, c);
		for (int i = 0; i < l->n_accesses; i++) {
			const bound_access *b = &l->accesses[i];
			const km_access *a = b->src;
			if (b->field->space != km_space_global || !a->analysable ||
			    (stores ? a->kind != km_store : a->kind == km_store))
				continue;
			w.b = b;
			w.field = &fields[a->field];
			for (int t = 0; t < l->threads_per_block; t++) {
				memset(w.v, 0, sizeof(w.v));
				w.v[0] = t % l->block[0];
				w.v[1] = (t / l->block[0]) % l->block[1];
				w.v[2] = t / (l->block[0] * l->block[1]);
				w.v[3] = c[0], w.v[4] = c[1], w.v[5] = c[2];
				walk(&w, 0);
			}
		}
	}
}

/* The distinct units of the global accesses of blocks [first, first+n), by
 * walking every lane: what memory_model.c computes from its run lists.
 * Only for launches where isl_wave_units applies (linear guards and
 * addresses, constant loops). Returns -1 on allocation failure. */
static int64_t enumerate_units(const launch *l, int64_t first, int64_t n, int stores, int64_t unit)
{
	int64_t last = first + n < l->n_blocks ? first + n : l->n_blocks;
	int n_fields = l->kernel->n_fields;
	unit_bits *fields = calloc((size_t)n_fields, sizeof(unit_bits));
	if (!fields)
		return -1;
	for (int f = 0; f < n_fields; f++)
		fields[f].lo = INT64_MAX, fields[f].hi = INT64_MIN;
	/* each field's unit range over the whole grid, from the address's
	 * extremes on the box of thread, block and loop values */
	for (int i = 0; i < l->n_accesses; i++) {
		const bound_access *b = &l->accesses[i];
		const km_access *a = b->src;
		if (!b->linear)
			continue;
		int64_t top[EXPR_N_VARYING] = {l->block[0] - 1, l->block[1] - 1, l->block[2] - 1,
			l->grid[0] - 1, l->grid[1] - 1, l->grid[2] - 1};
		int64_t lo = b->addr.c0, hi = b->addr.c0;
		for (int j = 0; j < a->n_loops; j++) {
			const bound_loop *bl = &l->loops[a->loops[j]];
			int vi = 6 + l->kernel->symbols.loop_index[bl->src->sym];
			int64_t v0 = bl->lower, v1 = bl->lower + (bl->trips - 1) * bl->src->step;
			lo += b->addr.coeff[vi] * (b->addr.coeff[vi] < 0 ? v1 : v0);
			hi += b->addr.coeff[vi] * (b->addr.coeff[vi] < 0 ? v0 : v1);
		}
		for (int d = 0; d < 6; d++)
			*(b->addr.coeff[d] < 0 ? &lo : &hi) += b->addr.coeff[d] * top[d];
		unit_bits *f = &fields[a->field];
		if (floor_div(lo, unit) < f->lo)
			f->lo = floor_div(lo, unit);
		if (floor_div(hi + a->bytes - 1, unit) > f->hi)
			f->hi = floor_div(hi + a->bytes - 1, unit);
	}
	int64_t count = 0;
	for (int f = 0; f < n_fields && count >= 0; f++)
		if (fields[f].lo <= fields[f].hi &&
		    !(fields[f].bits = calloc((size_t)((fields[f].hi - fields[f].lo) / 8 + 1), 1)))
			count = -1;
	if (count == 0) {
		walk_blocks(l, first, last, stores, fields, unit);
		for (int f = 0; f < n_fields; f++)
			for (int64_t i = 0; fields[f].bits && i <= (fields[f].hi - fields[f].lo) / 8; i++)
				count += __builtin_popcount(fields[f].bits[i]);
	}
	for (int f = 0; f < n_fields; f++)
		free(fields[f].bits);
	free(fields);
	return count;
}

typedef struct config_case {
	const char *model;
	const char *gpu;
	int block[3];
	const char *variant;
	const char *params[3];
	int64_t values[3];
} config_case;

#define MODELS WARPEST_SOURCE_DIR "/examples/models/"

static double seconds_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static double isl_seconds, enum_seconds, estimate_seconds;

/* Compares isl and enumeration on blocks [first, first+n) for loads and
 * stores; prints one row per kind. */
static void compare_range(warpest_ctx *ctx, const char *what, const launch *l, int64_t first, int64_t n,
	const double *estimate)
{
	int64_t fetch = (int64_t)l->hw->dram_fetch_bytes.value;
	int64_t sector = (int64_t)l->hw->sector_bytes.value;
	for (int stores = 0; stores < 2; stores++) {
		int64_t unit = stores ? sector : fetch;
		int64_t by_isl = -7;
		double t0 = seconds_now();
		int rc = isl_wave_units(ctx, l, first, n, stores, unit, &by_isl);
		double dt = seconds_now() - t0;
		isl_seconds += dt;
		t0 = seconds_now();
		int64_t by_enum = enumerate_units(l, first, n, stores, unit);
		enum_seconds += seconds_now() - t0;
		char est[48] = "";
		if (estimate)
			snprintf(est, sizeof(est), " estimate %8.0f", estimate[stores]);
		CHECK(rc == 0 && by_isl == by_enum && (!estimate || (double)by_isl == estimate[stores]),
			"%-42s blocks [%6lld,%6lld) %-6s unit %2lld: isl %8lld enumeration %8lld%s (%.3f s) %s",
			what, (long long)first, (long long)(first + n), stores ? "stores" : "loads",
			(long long)unit, (long long)by_isl, (long long)by_enum, est, dt,
			rc ? warpest_ctx_last_error(ctx) : "");
	}
}

static void run_case(warpest_ctx *ctx, const config_case *cc)
{
	warpest_kernel *k = warpest_kernel_read_file(ctx, cc->model);
	warpest_hw *hw = warpest_hw_find(ctx, WARPEST_SOURCE_DIR "/runtime/tables", cc->gpu);
	CHECK(k && hw, "read %s and %s: %s", cc->model, cc->gpu, warpest_ctx_last_error(ctx));
	if (!k || !hw) {
		warpest_kernel_free(k);
		warpest_hw_free(hw);
		return;
	}
	warpest_config c;
	warpest_config_init(&c);
	memcpy(c.block, cc->block, sizeof(c.block));
	c.variant = cc->variant;
	while (c.n_params < 3 && cc->params[c.n_params])
		c.n_params++;
	c.param_names = cc->params;
	c.param_values = cc->values;
	double t0 = seconds_now();
	warpest_estimate *e = warpest_estimate_compute(ctx, k, hw, &c);
	estimate_seconds += seconds_now() - t0;
	char what[128];
	const char *name = strrchr(cc->model, '/');
	snprintf(what, sizeof(what), "%s%s%s %dx%dx%d %s", name ? name + 1 : cc->model,
		cc->variant ? ":" : "", cc->variant ? cc->variant : "", cc->block[0], cc->block[1],
		cc->block[2], cc->gpu);
	CHECK(e != NULL, "estimate %s: %s", what, warpest_ctx_last_error(ctx));
	if (e) {
		const launch *l = &e->launch;
		int64_t fetch = (int64_t)hw->dram_fetch_bytes.value;
		int64_t sector = (int64_t)hw->sector_bytes.value;
		/* the reported wave: the evaluated class standing for the most waves */
		int64_t first = e->mem.rep_first, count = e->mem.wave_blocks;
		printf("      %s: grid %dx%dx%d = %lld blocks, wave %d blocks, representative wave at %lld\n",
			what, l->grid[0], l->grid[1], l->grid[2], (long long)l->n_blocks, l->wave_blocks,
			(long long)first);
		/* the representative wave, also against the estimate's own figures */
		double est[2] = {e->mem.rep_load_units_bytes / (double)fetch,
			e->mem.rep_store_bytes / (double)sector};
		compare_range(ctx, what, l, first, count, est);
		/* earlier waves, as the reuse walk visits them */
		for (int back = 1; back <= 2 && first - back * (int64_t)l->wave_blocks >= 0; back++)
			compare_range(ctx, what, l, first - back * (int64_t)l->wave_blocks, l->wave_blocks, NULL);
		/* ranges that start and end inside grid rows and planes */
		int64_t n = l->n_blocks;
		compare_range(ctx, what, l, n / 3 + 1, n / 4 + 3, NULL);
		compare_range(ctx, what, l, n - n / 5 - 2, n / 5 + 2, NULL);
		warpest_estimate_free(e);
	}
	warpest_kernel_free(k);
	warpest_hw_free(hw);
}

int main(void)
{
	warpest_ctx *ctx = warpest_ctx_alloc();
	const config_case cases[] = {
		{MODELS "stencil2d5.json", "h100-sxm", {32, 4, 1}, NULL, {"nx", "ny"}, {256, 256}},
		{MODELS "stencil2d5.json", "rtx2080super", {32, 4, 1}, NULL, {"nx", "ny"}, {256, 512}},
		{MODELS "stencil2d5.json", "rtx2080super", {1, 64, 1}, NULL, {"nx", "ny"}, {256, 200}},
		{MODELS "stencil2d5.json", "v100", {256, 1, 2}, NULL, {"nx", "ny"}, {300, 256}},
		{MODELS "stencil3d7.json", "rtx2080super", {32, 4, 1}, NULL, {"nx", "ny", "nz"}, {64, 64, 64}},
		{MODELS "stencil3d7.json", "rtx2080super", {8, 8, 8}, NULL, {"nx", "ny", "nz"}, {64, 64, 64}},
		{MODELS "stencil3d7.json", "rtx2080super", {1, 64, 1}, NULL, {"nx", "ny", "nz"}, {64, 64, 64}},
		{MODELS "stencil3d25.json", "h100-sxm", {32, 4, 1}, "none", {"nx", "ny", "nz"}, {48, 40, 40}},
		{MODELS "stencil3d25.json", "v100", {8, 8, 8}, "fold2y", {"nx", "ny", "nz"}, {48, 40, 40}},
		{MODELS "stencil3d25.json", "rtx2080super", {256, 1, 2}, "fold2z", {"nx", "ny", "nz"},
			{72, 24, 136}},
		{MODELS "stencil3d25.json", "a100-80gb", {1, 64, 1}, "fold2y", {"nx", "ny", "nz"}, {40, 72, 24}},
		{MODELS "transpose_naive.json", "h100-sxm", {32, 4, 1}, NULL, {"n"}, {512}},
		{MODELS "transpose_naive.json", "rtx2080super", {8, 8, 8}, NULL, {"n"}, {512}},
		{MODELS "matmul_naive.json", "v100", {32, 4, 1}, NULL, {"n"}, {128}},
		{MODELS "matmul_naive.json", "rtx2080super", {1, 64, 1}, NULL, {"n"}, {128}},
		{WARPEST_SOURCE_DIR "/test/data/models/copy1d.json", "h100-sxm", {256, 1, 2}, NULL, {"n"},
			{1 << 18}},
		{WARPEST_SOURCE_DIR "/test/data/models/copy1d.json", "rtx2080super", {64, 1, 1}, NULL, {"n"},
			{100003}},
	};
	double t0 = seconds_now();
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		double t1 = seconds_now();
		run_case(ctx, &cases[i]);
		printf("      (case %.2f s)\n", seconds_now() - t1);
	}

	/* A loop whose bounds vary per thread: not applicable (1), no count. */
	warpest_kernel *k = warpest_kernel_read_file(ctx, MODELS "histogram_smem_1.json");
	warpest_hw *hw = warpest_hw_find(ctx, WARPEST_SOURCE_DIR "/runtime/tables", "h100-sxm");
	if (k && hw) {
		warpest_config c;
		warpest_config_init(&c);
		launch l;
		memset(&l, 0, sizeof(l));
		int bound = launch_bind(ctx, k, hw, &c, &l);
		CHECK(bound == 0, "bind histogram_smem_1: %s", warpest_ctx_last_error(ctx));
		if (bound == 0) {
			int64_t n = -7;
			int rc = isl_wave_units(ctx, &l, l.rep_wave_first, l.wave_blocks, 0, 64, &n);
			CHECK(rc == 1 && n == -7, "histogram_smem_1 (per-thread loop bounds): not applicable (rc %d)", rc);
		}
		launch_release(&l);
	}
	warpest_kernel_free(k);
	warpest_hw_free(hw);
	printf("      time: isl %.2f s, lane enumeration %.2f s, estimates %.2f s, total %.2f s\n",
		isl_seconds, enum_seconds, estimate_seconds, seconds_now() - t0);
	warpest_ctx_free(ctx);
	return check_summary();
}
