/* The shortcuts of the core against the reference path
 * (WARPEST_ENUMERATE_LANES: every lane of every block class from its
 * expressions): both estimates of one configuration, and whether they agree
 * on every figure the shortcuts touch. */
#ifndef WARPEST_TEST_REFERENCE_PATH_H
#define WARPEST_TEST_REFERENCE_PATH_H

#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "estimate/estimate_impl.h"

warpest_estimate *estimate_compute_plain(warpest_ctx *ctx, const warpest_kernel *kernel,
	const warpest_hw *hw, const warpest_config *config);

/* The model at `path` (relative to the source tree) and the H100-SXM table;
 * 0 with both set, else -1 (what failed is in ctx). */
static inline int load_model_h100(warpest_ctx *ctx, const char *path, warpest_kernel **k,
	warpest_hw **hw)
{
	char full[1024];
	snprintf(full, sizeof(full), "%s/%s", WARPEST_SOURCE_DIR, path);
	*k = warpest_kernel_read_file(ctx, full);
	*hw = *k ? warpest_hw_find(ctx, WARPEST_SOURCE_DIR "/runtime/tables", "h100-sxm") : NULL;
	if (*hw)
		return 0;
	warpest_kernel_free(*k);
	*k = NULL;
	return -1;
}

/* A context with the model at `path` and the H100-SXM table loaded (a
 * check either way), or NULL (the reason printed) when either fails to
 * load; close_model frees all three. */
static inline warpest_ctx *open_model_h100(const char *path, warpest_kernel **k, warpest_hw **hw)
{
	warpest_ctx *ctx = warpest_ctx_alloc();
	int loaded = ctx && load_model_h100(ctx, path, k, hw) == 0;
	CHECK(loaded, "%s: model and table loaded", path);
	if (loaded)
		return ctx;
	fprintf(stderr, "%s: %s\n", path, ctx ? warpest_ctx_last_error(ctx) : "out of memory");
	warpest_ctx_free(ctx);
	return NULL;
}

static inline void close_model(warpest_ctx *ctx, warpest_kernel *k, warpest_hw *hw)
{
	warpest_hw_free(hw);
	warpest_kernel_free(k);
	warpest_ctx_free(ctx);
}

/* A default configuration with the `n` parameters names[i] = values[i] and
 * block bx x by x bz; both arrays must outlive its use. */
static inline void config_params(warpest_config *c, const char *const *names, int64_t *values, int n,
	int bx, int by, int bz)
{
	warpest_config_init(c);
	c->param_names = names;
	c->param_values = values;
	c->n_params = n;
	c->block[0] = bx, c->block[1] = by, c->block[2] = bz;
}

/* A default configuration with parameters nx and ny; `values` holds them
 * while the configuration is used. */
static inline void config_nx_ny(warpest_config *c, int64_t values[2], int64_t nx, int64_t ny)
{
	static const char *const names[2] = {"nx", "ny"};
	warpest_config_init(c);
	values[0] = nx, values[1] = ny;
	c->param_names = names;
	c->param_values = values;
	c->n_params = 2;
}

/* *fast with every shortcut, *ref on the reference path; the caller frees
 * both (either may be NULL on error). */
static inline void estimate_both(warpest_ctx *ctx, const warpest_kernel *k, const warpest_hw *hw,
	const warpest_config *c, warpest_estimate **fast, warpest_estimate **ref)
{
	unsetenv("WARPEST_ENUMERATE_LANES");
	*fast = estimate_compute_plain(ctx, k, hw, c);
	setenv("WARPEST_ENUMERATE_LANES", "1", 1);
	*ref = estimate_compute_plain(ctx, k, hw, c);
	unsetenv("WARPEST_ENUMERATE_LANES");
}

/* Equal up to the rounding of a sum: the fast path adds each class's
 * statistics times its number of blocks, the reference path block by block,
 * so the last bits may differ (relative 1e-12 allows ~4,000 ulps). */
static inline int same_value(double a, double b)
{
	return a == b || fabs(a - b) <= 1e-12 * fmax(fabs(a), fabs(b));
}

static inline int same_stats(const access_stats *a, const access_stats *b)
{
	return same_value(a->instructions, b->instructions) && same_value(a->lanes, b->lanes) &&
		same_value(a->data_wavefronts, b->data_wavefronts) &&
		same_value(a->tag_wavefronts, b->tag_wavefronts) && same_value(a->cycles, b->cycles) &&
		same_value(a->sectors, b->sectors) &&
		same_value(a->same_address_ways, b->same_address_ways);
}

static inline int same_figures(const warpest_estimate *q, const warpest_estimate *r)
{
	int same = same_value(q->summary.predicted_seconds, r->summary.predicted_seconds) &&
		same_value(q->summary.l1_cycles_per_thread, r->summary.l1_cycles_per_thread) &&
		q->summary.l2_load_bytes == r->summary.l2_load_bytes &&
		q->summary.l2_store_bytes == r->summary.l2_store_bytes &&
		q->summary.dram_load_bytes == r->summary.dram_load_bytes &&
		q->summary.dram_store_bytes == r->summary.dram_store_bytes &&
		q->mem.n_reuse == r->mem.n_reuse;
	for (int a = 0; same && a < q->launch.n_accesses; a++)
		same = same_stats(&q->access[a], &r->access[a]);
	return same;
}

#endif
