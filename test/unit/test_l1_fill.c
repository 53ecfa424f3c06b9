/* The L1 fill wavefronts (docs/model.md "L1 cycles"): sectors read from L2
 * are written into the L1 data array, 128 B a wavefront, on top of the
 * wavefronts of the warp-instructions themselves. */
#include <stdio.h>

#include "cache/warp_cost.h"
#include "check.h"
#include "warpest/warpest.h"

/* dst[x] = src[x] over doubles: every thread loads 8 B once, nothing is
 * reused inside a block, so L2 -> L1 is 8 B per thread. */
static const char copy_model[] =
	"{\"format\": \"warpest-kernel-model\", \"version\": 1, \"kernel\": \"copy\","
	" \"params\": [{\"name\": \"n\", \"value\": 1048576}],"
	" \"defs\": {\"x\": \"tid.x + ctaid.x*ntid.x\"}, \"threads\": {\"x\": \"n\"},"
	" \"fields\": [{\"name\": \"src\", \"space\": \"global\", \"elem_bytes\": 8, \"dims\": [\"n\"]},"
	"  {\"name\": \"dst\", \"space\": \"global\", \"elem_bytes\": 8, \"dims\": [\"n\"]}],"
	" \"accesses\": [{\"field\": \"src\", \"kind\": \"load\", \"bytes\": 8, \"index\": [\"x\"]},"
	"  {\"field\": \"dst\", \"kind\": \"store\", \"bytes\": 8, \"index\": [\"x\"]}]}";

int main(void)
{
	warpest_ctx *ctx = warpest_ctx_alloc();
	warpest_hw *hw = warpest_hw_find(ctx, NULL, "a100-40gb");
	CHECK(hw != NULL, "a100-40gb table");
	if (!hw)
		return check_summary();
	/* 1 MiB read from L2: 1048576 / 128 = 8192 fill wavefronts */
	CHECK_NEAR(l1_fill_wavefronts(hw, 1048576.0), 8192.0, 1e-9, "fill wavefronts of 1 MiB");
	CHECK_NEAR(l1_fill_wavefronts(hw, 0.0), 0.0, 0.0, "no fills without L2 reads");

	warpest_kernel *k = warpest_kernel_read_string(ctx, copy_model, "copy");
	CHECK(k != NULL, "copy model reads");
	warpest_config config;
	warpest_config_init(&config);
	config.skip_neighbours = 1;
	warpest_estimate *e = k ? warpest_estimate_compute(ctx, k, hw, &config) : NULL;
	CHECK(e != NULL, "copy estimate");
	if (e) {
		const warpest_summary *s = warpest_estimate_summary(e);
		/* per warp: the load of 32 x 8 B is served per half-warp: 2 data
		 * wavefronts, 2 lines -> 1.24 tag wavefronts, issue 32*8/128 = 2:
		 * 2 cycles; the store the same: 2 cycles. Per thread 4/32 = 0.125.
		 * Fills: 8 B per thread from L2 / 128 B = 0.0625.
		 * L1 cycles per thread = 0.125 + 0.0625 = 0.1875 */
		CHECK_NEAR(s->l2_load_bytes / (double)s->active_threads, 8.0, 1e-9,
			"L2 -> L1 bytes per thread");
		CHECK_NEAR(s->l1_cycles_per_thread, 0.1875, 1e-9, "L1 cycles per thread");
		/* the data-wavefront count stays the LSU's own (ncu
		 * l1tex__data_pipe_lsu_wavefronts): 4 per warp = 0.125 per thread */
		CHECK_NEAR(s->l1_data_wavefronts / (double)s->active_threads, 0.125, 1e-9,
			"LSU data wavefronts per thread (fills not included)");
		warpest_estimate_free(e);
	}
	warpest_kernel_free(k);
	warpest_hw_free(hw);
	warpest_ctx_free(ctx);
	return check_summary();
}
