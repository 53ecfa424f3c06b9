/* Idle blocks: blocks that fail every access's guard retire at once and the
 * block scheduler gives their slots to busy blocks, so the latency term's
 * resident warps and work per warp are the busy blocks' (docs/model.md §8).
 * Kernel Tuner's tiled kernels launch a grid that does not shrink with the
 * tile: dedispersion at block 16x56, tile 4x7 on h100-sxm has 2346 busy of
 * 57831 blocks, and counting all of them made each warp's work 1/24.6 of a
 * busy warp's (predicted 452.6 ms, measured 30.0 ms). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "base/ctx.h"
#include "launch/launch.h"
#include "warpest/warpest.h"

/* A 1D stream in tiles of 8: thread t of block b loads and stores the
 * elements 2048 b + 256 i + t, i = 0..7, under `< n`. Kernel Tuner's grid
 * rule n / 256 does not shrink with the tile, so 7 of every 8 blocks fail
 * the guard for every i. */
static const char tiled_model[] =
	"{\"format\": \"warpest-kernel-model\", \"version\": 1, \"kernel\": \"tiled\","
	" \"params\": [{\"name\": \"n\", \"value\": 442368}],"
	" \"defs\": {\"e\": \"tid.x + 8*ntid.x*ctaid.x + ntid.x*i\"},"
	" \"loops\": [{\"var\": \"i\", \"lower\": \"0\", \"upper\": \"8\", \"step\": 1}],"
	" \"fields\": [{\"name\": \"A\", \"space\": \"global\", \"elem_bytes\": 4, \"dims\": [\"n\"]},"
	"   {\"name\": \"B\", \"space\": \"global\", \"elem_bytes\": 4, \"dims\": [\"n\"]}],"
	" \"accesses\": [{\"field\": \"A\", \"kind\": \"load\", \"bytes\": 4, \"index\": [\"e\"],"
	"     \"loops\": [\"i\"], \"guard\": \"e < n\"},"
	"   {\"field\": \"B\", \"kind\": \"store\", \"bytes\": 4, \"index\": [\"e\"],"
	"     \"loops\": [\"i\"], \"guard\": \"e < n\"}]}";

static warpest_estimate *estimate(warpest_ctx *ctx, const warpest_kernel *k,
	const warpest_hw *hw, int gx)
{
	warpest_config c;
	warpest_config_init(&c);
	c.block[0] = 256;
	c.grid[0] = gx, c.grid[1] = 1, c.grid[2] = 1;
	c.registers = 32;
	c.skip_neighbours = 1;
	warpest_estimate *e = warpest_estimate_compute(ctx, k, hw, &c);
	CHECK(e != NULL, "grid %d estimated (%s)", gx, e ? "" : warpest_ctx_last_error(ctx));
	return e;
}

static double json_number(const char *text, const char *key)
{
	const char *p = text ? strstr(text, key) : NULL;
	return p ? strtod(p + strlen(key), NULL) : -1;
}

/* n = 442368 = 216 x 2048: 216 busy blocks. a100-40gb (108 SMs, 8 blocks
 * of 8 warps a SM at 32 registers: 864 a wave). The grid n / 256 = 1728
 * blocks (2 waves) holds 1512 idle ones. Busy warps 216 x 8 = 1728, so
 * resident warps min(64, 1728 / 108) = 16 per SM; counting every block it
 * was min(64, 1728 x 8 / 108 = 128) = 64, with 1/8 of the work each, so
 * the in-flight work S w q half the busy blocks' (64 / 8 against 16 / 1):
 * latency-bound, 1.66 times the time. The same work launched on exactly
 * its 216 blocks must take the same time: idle blocks add nothing. */
static void tiled_grid(warpest_ctx *ctx, const warpest_hw *hw)
{
	warpest_kernel *k = warpest_kernel_read_string(ctx, tiled_model, "tiled");
	CHECK(k != NULL, "tiled model (%s)", warpest_ctx_last_error(ctx));
	if (!k)
		return;
	warpest_estimate *idle = estimate(ctx, k, hw, 1728), *exact = estimate(ctx, k, hw, 216);
	char *text = idle ? warpest_estimate_to_json(idle) : NULL;
	CHECK_NEAR(json_number(text, "\"resident_warps\": "), 16.0, 1e-12,
		"resident warps per SM: the 216 busy blocks' 1728 warps over 108 SMs");
	CHECK(text && strstr(text, "216 of 1728 blocks may run an access"),
		"the assumption names the busy blocks");
	if (idle && exact) {
		const warpest_summary *a = warpest_estimate_summary(exact), *b = warpest_estimate_summary(idle);
		/* the volumes are the same: 442368 x 4 B loaded from DRAM, as many stored */
		CHECK_NEAR(b->dram_load_bytes, 1769472.0, 1e-3, "DRAM load of the busy blocks");
		CHECK_NEAR(b->dram_load_bytes, a->dram_load_bytes, 1e-3, "DRAM load, either grid");
		CHECK_NEAR(b->predicted_seconds / a->predicted_seconds, 1.0, 1e-9,
			"time with 1512 idle blocks over the time on the 216 busy ones");
	}
	free(text);
	warpest_estimate_free(idle);
	warpest_estimate_free(exact);
	warpest_kernel_free(k);
}

/* One thread of the grid has work: thread t sums in[t*chunk, min(t*chunk +
 * chunk, n)) with chunk = n = 4096, so only thread 0 (of block 0) loops,
 * 4096 trips, and its store is guarded by t*chunk < n. The loop's bounds
 * vary per thread, so the busy blocks cannot be told from the guards: all
 * 1024 are taken busy. Under a work limit of 10^5 lane evaluations the
 * wave does not fit and a block sample is drawn; its runs miss block 0, so
 * every sampled block ran no access and, scaled up, predicted a time of
 * 0. The wave is evaluated whole instead (under the work limit only, the
 * loop walked in part): DRAM load 4096 x 4 B = 16384 B, the exact
 * estimate's, and an assumption says so. */
static const char sparse_model[] =
	"{\"format\": \"warpest-kernel-model\", \"version\": 1, \"kernel\": \"sparse\","
	" \"params\": [{\"name\": \"n\", \"value\": 4096}, {\"name\": \"chunk\", \"value\": 4096}],"
	" \"grid\": {\"x\": \"1024\"},"
	" \"defs\": {\"t\": \"tid.x + ntid.x*ctaid.x\"},"
	" \"loops\": [{\"var\": \"i\", \"lower\": \"t*chunk\", \"upper\": \"min(t*chunk + chunk, n)\","
	"   \"step\": 1}],"
	" \"fields\": [{\"name\": \"in\", \"space\": \"global\", \"elem_bytes\": 4, \"dims\": [\"n\"]},"
	"   {\"name\": \"out\", \"space\": \"global\", \"elem_bytes\": 4, \"dims\": [\"262144\"]}],"
	" \"accesses\": [{\"field\": \"in\", \"kind\": \"load\", \"bytes\": 4, \"index\": [\"i\"],"
	"     \"loops\": [\"i\"]},"
	"   {\"field\": \"out\", \"kind\": \"store\", \"bytes\": 4, \"index\": [\"t\"],"
	"     \"guard\": \"t*chunk < n\"}]}";

static void sparse_work(warpest_ctx *ctx, const warpest_hw *hw)
{
	warpest_kernel *k = warpest_kernel_read_string(ctx, sparse_model, "sparse");
	CHECK(k != NULL, "sparse model (%s)", warpest_ctx_last_error(ctx));
	if (!k)
		return;
	warpest_config c;
	warpest_config_init(&c);
	c.block[0] = 256;
	c.registers = 32;
	c.skip_neighbours = 1;
	warpest_estimate *exact = warpest_estimate_compute(ctx, k, hw, &c);
	CHECK(exact != NULL, "sparse: exact (%s)", exact ? "" : warpest_ctx_last_error(ctx));
	c.work_limit = 100000;
	warpest_estimate *limited = warpest_estimate_compute(ctx, k, hw, &c);
	CHECK(limited != NULL, "sparse: work limit 10^5 (%s)", limited ? "" : warpest_ctx_last_error(ctx));
	if (exact && limited) {
		const warpest_summary *a = warpest_estimate_summary(exact), *b = warpest_estimate_summary(limited);
		CHECK(a->dram_load_bytes >= 16384 && a->dram_load_bytes < 16384 + 32,
			"sparse: DRAM load of thread 0's 4096 floats: %g", a->dram_load_bytes);
		CHECK_NEAR(b->dram_load_bytes, a->dram_load_bytes, 1e-6, "sparse: DRAM load under the limit");
		CHECK(b->predicted_seconds > 0 && fabs(b->predicted_seconds / a->predicted_seconds - 1) < 1e-9,
			"sparse: time under the limit %g, exact %g", b->predicted_seconds, a->predicted_seconds);
		char *text = warpest_estimate_to_json(limited);
		CHECK(text && strstr(text, "ran no access"), "sparse: the assumption names the idle sample");
		free(text);
	}
	warpest_estimate_free(exact);
	warpest_estimate_free(limited);
	warpest_kernel_free(k);
}

/* The count itself: on a 10 x 10 grid (rows of blocks at a time where a
 * constraint couples block dimensions), access 0
 * runs where ctaid.x <= ctaid.y (a triangle: 1 + 2 + ... + 10 = 55
 * blocks) and access 1 where 2 <= ctaid.x < 5 (30 blocks). Their union:
 * in row y the triangle gives x = 0..y, the band x = 2..4, so rows 0..4
 * have 4, 5, 5, 5, 5 blocks (x = 0, 2..4; then 0..4) and rows 5..9 have
 * y + 1 = 6..10: 24 + 40 = 64 blocks. */
static void union_count(warpest_ctx *ctx, const warpest_hw *hw, const char *guard0,
	const char *guard1, int64_t expected)
{
	char json[1024];
	snprintf(json, sizeof(json),
		"{\"format\": \"warpest-kernel-model\", \"version\": 1, \"kernel\": \"tri\","
		" \"grid\": {\"x\": \"10\", \"y\": \"10\"},"
		" \"fields\": [{\"name\": \"A\", \"space\": \"global\", \"elem_bytes\": 4, \"dims\": [\"4096\"]}],"
		" \"accesses\": [{\"field\": \"A\", \"kind\": \"load\", \"bytes\": 4,"
		"     \"index\": [\"tid.x\"], \"guard\": \"%s\"},"
		"   {\"field\": \"A\", \"kind\": \"store\", \"bytes\": 4,"
		"     \"index\": [\"tid.x\"], \"guard\": \"%s\"}]}", guard0, guard1);
	warpest_kernel *k = warpest_kernel_read_string(ctx, json, "tri");
	CHECK(k != NULL, "triangle model (%s)", warpest_ctx_last_error(ctx));
	if (!k)
		return;
	warpest_config c;
	warpest_config_init(&c);
	c.block[0] = 32;
	launch l;
	int bound = launch_bind(ctx, k, hw, &c, &l) == 0;
	CHECK(bound, "bind (%s)", warpest_ctx_last_error(ctx));
	if (bound) {
		CHECK(l.busy_blocks == 100, "every block counts as busy until counted (%lld)",
			(long long)l.busy_blocks);
		CHECK(launch_busy_blocks(&l) == 0 && l.busy_blocks == expected,
			"busy blocks of %s or %s = %lld (expected %lld)", guard0, guard1,
			(long long)l.busy_blocks, (long long)expected);
		launch_release(&l);
	}
	warpest_kernel_free(k);
}

int main(void)
{
	warpest_ctx *ctx = warpest_ctx_alloc();
	warpest_hw *hw = warpest_hw_find(ctx, NULL, "a100-40gb");
	CHECK(hw != NULL, "table (%s)", warpest_ctx_last_error(ctx));
	if (hw) {
		tiled_grid(ctx, hw);
		sparse_work(ctx, hw);
		union_count(ctx, hw, "ctaid.x <= ctaid.y", "ctaid.x >= 2 && ctaid.x < 5", 64);
		/* Boxes (each constraint bounds one block dimension: counted by
		 * cells between the boxes' edges, not row by row): x < 6 is 6 x 10
		 * = 60 blocks, y >= 7 is 10 x 3 = 30, both 6 x 3 = 18: 60 + 30 -
		 * 18 = 72. Two equal boxes count once: 2 <= x < 5 twice is 30. */
		union_count(ctx, hw, "ctaid.x < 6", "ctaid.y >= 7", 72);
		union_count(ctx, hw, "ctaid.x >= 2 && ctaid.x < 5", "ctaid.x < 5 && ctaid.x >= 2", 30);
		/* an empty box (0 > 1 by the block's threads: tid.x <= 31) and a
		 * corner box x >= 8, y >= 8: 2 x 2 = 4 */
		union_count(ctx, hw, "tid.x > 40", "ctaid.x >= 8 && ctaid.y >= 8", 4);
	}
	warpest_hw_free(hw);
	warpest_ctx_free(ctx);
	return check_summary();
}
