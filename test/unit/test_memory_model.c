/* DRAM volumes of a wave and layer conditions (SPEC §5.3), checked against
 * values computed by hand. */
#include "check.h"
#include "base/ctx.h"
#include "estimate/estimate_impl.h"

static warpest_kernel *owned_kernels[8];
static warpest_hw *owned_tables[8];
static int n_owned;

static warpest_estimate *estimate_model(warpest_ctx *ctx, const char *model, const char *gpu, int bx, int by,
	int bz, const char *param, int64_t value, const char *param2, int64_t value2)
{
	warpest_kernel *k = warpest_kernel_read_file(ctx, model);
	warpest_hw *hw = warpest_hw_find(ctx, WARPEST_SOURCE_DIR "/runtime/tables", gpu);
	if (!k || !hw)
		return NULL;
	warpest_config c;
	warpest_config_init(&c);
	c.block[0] = bx, c.block[1] = by, c.block[2] = bz;
	const char *names[2];
	int64_t values[2];
	if (param)
		names[c.n_params] = param, values[c.n_params++] = value;
	if (param2)
		names[c.n_params] = param2, values[c.n_params++] = value2;
	c.param_names = names;
	c.param_values = values;
	/* the estimate keeps pointers to the model and table: free them at the end */
	owned_kernels[n_owned] = k;
	owned_tables[n_owned++] = hw;
	return warpest_estimate_compute(ctx, k, hw, &c);
}

int main(void)
{
	warpest_ctx *ctx = warpest_ctx_alloc();
	/* A streaming copy of 2^20 floats, block 256, on H100-SXM. Blocks per SM:
	 * min(32 blocks, 64 warps / 8 = 8, registers 65536 / (32*32) = 64 warps
	 * -> 8) = 8, so a wave is 8 * 132 = 1056 blocks = 270336 threads. Its
	 * loads are 270336 * 4 B = 1081344 B = 16896 fetch units of 64 B; its
	 * stores 1081344 B = 33792 sectors of 32 B. The grid has 4096 blocks:
	 * 3 full waves, the representative one is the second (first block 1056).
	 * Nothing is reused, so the wave's DRAM load is its compulsory volume. */
	warpest_estimate *e = estimate_model(ctx, WARPEST_SOURCE_DIR "/test/data/models/copy1d.json", "h100-sxm",
		256, 1, 1, NULL, 0, NULL, 0);
	CHECK(e != NULL, "estimate copy1d: %s", warpest_ctx_last_error(ctx));
	if (e) {
		CHECK(e->launch.blocks_per_sm == 8, "blocks per SM %d (expected 8)", e->launch.blocks_per_sm);
		CHECK(e->launch.wave_blocks == 1056, "wave blocks %d (expected 1056)", e->launch.wave_blocks);
		CHECK(e->launch.rep_wave_first == 1056, "representative wave starts at block %lld (expected 1056)",
			(long long)e->launch.rep_wave_first);
		CHECK_NEAR(e->mem.wave_load_units_bytes, 1081344, 0, "wave compulsory DRAM load bytes");
		CHECK_NEAR(e->mem.wave_store_bytes, 1081344, 0, "wave DRAM store bytes");
		CHECK_NEAR(e->mem.wave_dram_load_bytes, 1081344, 0, "wave DRAM load after reuse");
		CHECK(e->mem.n_reuse == 0, "no reuse from earlier waves (%d found)", e->mem.n_reuse);
		/* launch: 2^20 threads * 4 B each way */
		CHECK_NEAR(e->summary.dram_load_bytes, 4194304, 1, "launch DRAM load bytes");
		CHECK_NEAR(e->summary.dram_store_bytes, 4194304, 1, "launch DRAM store bytes");
		CHECK(e->summary.active_threads == 1048576, "active threads %lld",
			(long long)e->summary.active_threads);
		warpest_estimate_free(e);
	}

	/* Layer condition of the 3D 7-point stencil, block 128x1x1, V100 (6 MiB
	 * L2): the z-layer reuse needs about 3 planes of the wave's y-extent in
	 * flight. With a 64x64 plane the whole working set fits; with 4096x4096
	 * doubles a single plane (128 MiB) does not. The verdict must flip. */
	const char *m7 = WARPEST_SOURCE_DIR "/examples/models/stencil3d7.json";
	warpest_estimate *small = estimate_model(ctx, m7, "v100", 128, 1, 1, "nx", 64, "ny", 64);
	warpest_estimate *large = estimate_model(ctx, m7, "v100", 128, 1, 1, "nx", 4096, "ny", 4096);
	CHECK(small && large, "estimate 3d7 small and large planes: %s", warpest_ctx_last_error(ctx));
	if (small && large) {
		int small_all_fit = small->mem.n_reuse > 0, large_some_fail = 0;
		for (int i = 0; i < small->mem.n_reuse; i++)
			small_all_fit &= small->mem.reuse[i].fits;
		for (int i = 0; i < large->mem.n_reuse; i++)
			large_some_fail |= !large->mem.reuse[i].fits;
		CHECK(small_all_fit, "64x64 plane: every reuse distance fits (%d distances)",
			small->mem.n_reuse);
		CHECK(large_some_fail, "4096x4096 plane: a reuse distance no longer fits (%d distances)",
			large->mem.n_reuse);
		/* the largest plane for which the failing distance would still fit lies
		 * between the two planes */
		for (int i = 0; i < large->mem.n_reuse; i++)
			if (!large->mem.reuse[i].fits)
				CHECK(large->mem.reuse[i].max_plane > 64 * 64 &&
				      large->mem.reuse[i].max_plane < 4096.0 * 4096,
					"largest plane that still fits: %.0f elements", large->mem.reuse[i].max_plane);
		/* per thread: the small plane streams src about once (~8 B + halo);
		 * the large one reloads z-neighbours (more DRAM bytes per thread) */
		double s = small->summary.dram_load_bytes / (double)small->summary.active_threads;
		double l = large->summary.dram_load_bytes / (double)large->summary.active_threads;
		CHECK(s < 10 && l > s + 4, "DRAM load per thread: small plane %.2f B, large plane %.2f B", s, l);
	}
	warpest_estimate_free(small);
	warpest_estimate_free(large);
	for (int i = 0; i < n_owned; i++) {
		warpest_kernel_free(owned_kernels[i]);
		warpest_hw_free(owned_tables[i]);
	}
	warpest_ctx_free(ctx);
	return check_summary();
}
