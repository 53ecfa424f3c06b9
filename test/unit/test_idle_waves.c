/* A launch whose sampled waves are all idle is evaluated again at waves
 * drawn from those whose blocks may run an access (by the accesses' linear
 * guards), or spread evenly over it past 2^22 blocks, and gets no
 * prediction when those are idle too (docs/model.md §1): the wave classes
 * assume that waves moved by whole layers behave alike, which a guard
 * idling whole layers breaks. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "warpest/warpest.h"

/* 2D grid of 1000 x 1024 blocks of 256 threads; only rows 100 and 101
 * load. a100-40gb: 8 blocks per SM x 108 = 864 blocks a wave, 1024000
 * blocks = 1186 waves; residues 864 k mod 1000 give 125 interior classes
 * (plus head, tail and crossings: 129): a stratified subset, whose waves
 * lie in idle rows (rows 100-101 are blocks 100000-101999, waves 115-118). */
static const char idle_model[] =
	"{\"format\": \"warpest-kernel-model\", \"version\": 1, \"kernel\": \"rows\","
	" \"params\": [{\"name\": \"n\", \"value\": 256000}],"
	" \"defs\": {\"x\": \"tid.x + ctaid.x*ntid.x\"}, \"grid\": {\"x\": \"1000\", \"y\": \"1024\"},"
	" \"fields\": [{\"name\": \"src\", \"space\": \"global\", \"elem_bytes\": 4, \"dims\": [\"1024\", \"n\"]}],"
	" \"accesses\": [{\"field\": \"src\", \"kind\": \"load\", \"bytes\": 4, \"index\": [\"ctaid.y\", \"x\"],"
	"   \"guard\": \"ctaid.y >= 100 && ctaid.y < 102\"}]}";

/* The z-marching heat step (test/data/models/heat3d_zmarch.json) at 256 x
 * 256 x 512 with chunks of 16: 32 z blocks do work. Launched with 64 (the
 * pass's guess when no guard bounds the grid), the upper half idles; its
 * waves share residues with busy ones, the stratified subset lands on idle
 * ones, and the estimate retries with waves spread evenly over the launch.
 * Blocks 32x8: 8 x 32 x 64 = 16384 blocks, 864 a wave: 19 waves, the busy
 * half 9.5 of them. The spread waves must give about what the exact grid
 * gives (no idle waves): within 10 % in DRAM volume and time. */
static void spread_waves(warpest_ctx *ctx, const warpest_hw *hw)
{
	char path[512];
	snprintf(path, sizeof(path), "%s/test/data/models/heat3d_zmarch.json", WARPEST_SOURCE_DIR);
	warpest_kernel *k = warpest_kernel_read_file(ctx, path);
	CHECK(k != NULL, "heat step model");
	if (!k)
		return;
	static const char *const names[4] = {"nx", "ny", "nz", "chunk"};
	int64_t values[4] = {256, 256, 512, 16};
	warpest_config config;
	warpest_config_init(&config);
	config.param_names = names, config.param_values = values, config.n_params = 4;
	config.block[0] = 32, config.block[1] = 8;
	config.registers = 32;
	config.skip_neighbours = 1;
	warpest_estimate *exact = warpest_estimate_compute(ctx, k, hw, &config);
	config.grid[0] = 8, config.grid[1] = 32, config.grid[2] = 64;
	warpest_estimate *doubled = warpest_estimate_compute(ctx, k, hw, &config);
	CHECK(exact && doubled, "both grids estimated");
	if (exact && doubled) {
		const warpest_summary *a = warpest_estimate_summary(exact), *b = warpest_estimate_summary(doubled);
		double dram = b->dram_load_bytes / a->dram_load_bytes, t = b->predicted_seconds / a->predicted_seconds;
		CHECK(dram > 0.9 && dram < 1.1 && t > 0.9 && t < 1.1, "grid z 64 against 32: DRAM load %.3f x, "
			"time %.3f x (expected 1 +- 10 %%)", dram, t);
	}
	warpest_estimate_free(exact);
	warpest_estimate_free(doubled);
	warpest_kernel_free(k);
}

int main(void)
{
	warpest_ctx *ctx = warpest_ctx_alloc();
	warpest_hw *hw = warpest_hw_find(ctx, NULL, "a100-40gb");
	warpest_kernel *k = warpest_kernel_read_string(ctx, idle_model, "rows");
	CHECK(hw && k, "table and model (%s)", warpest_ctx_last_error(ctx));
	warpest_config config;
	warpest_config_init(&config);
	config.block[0] = 256;
	config.registers = 32;
	config.skip_neighbours = 1;
	warpest_estimate *e = hw && k ? warpest_estimate_compute(ctx, k, hw, &config) : NULL;
	CHECK(e != NULL, "the busy rows found (%s)", e ? "" : warpest_ctx_last_error(ctx));
	if (e) {
		/* rows 100 and 101: 2 x 1000 blocks x 256 threads x 4 B = 2048000 B,
		 * each byte read once, from L2 and from DRAM */
		const warpest_summary *s = warpest_estimate_summary(e);
		CHECK_NEAR(s->l2_load_bytes, 2048000.0, 1e-9, "L2->L1 load of the two busy rows");
		CHECK_NEAR(s->dram_load_bytes, 2048000.0, 1e-3, "DRAM load of the two busy rows");
	}
	warpest_estimate_free(e);
	/* 1000 x 8192 blocks: past the busy-block test's 2^22 blocks, waves
	 * spread evenly miss rows 100-101 (waves 115-118 of 9482): no estimate */
	config.grid[0] = 1000, config.grid[1] = 8192, config.grid[2] = 1;
	e = hw && k ? warpest_estimate_compute(ctx, k, hw, &config) : NULL;
	CHECK(e == NULL, "no estimate from idle waves");
	CHECK(strstr(warpest_ctx_last_error(ctx), "make no memory access") != NULL,
		"the error says why: %s", warpest_ctx_last_error(ctx));
	warpest_estimate_free(e);
	warpest_kernel_free(k);
	spread_waves(ctx, hw);
	warpest_hw_free(hw);
	warpest_ctx_free(ctx);
	return check_summary();
}
