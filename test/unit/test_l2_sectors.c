/* L2 load and store sectors of one interior 32x4 block of the 2D 5-point
 * stencil on doubles with aligned rows (SPEC §5.2). */
#include "cache/block_eval.h"
#include "check.h"
#include "base/ctx.h"
#include "launch/launch.h"

int main(void)
{
	warpest_ctx *ctx = warpest_ctx_alloc();
	warpest_kernel *k = warpest_kernel_read_file(ctx,
		WARPEST_SOURCE_DIR "/examples/models/stencil2d5.json");
	warpest_hw *hw = warpest_hw_find(ctx, WARPEST_SOURCE_DIR "/runtime/tables", "h100-sxm");
	CHECK(k && hw, "load model and table: %s", warpest_ctx_last_error(ctx));
	if (!k || !hw)
		return check_summary();
	warpest_config c;
	warpest_config_init(&c);
	c.block[0] = 32, c.block[1] = 4;
	/* nx = 8192 doubles: a row is 65536 B, a multiple of the 128 B line */
	launch l;
	CHECK(launch_bind(ctx, k, hw, &c, &l) == 0, "bind 32x4: %s", warpest_ctx_last_error(ctx));
	/* the footprint from lanes and from boxes must agree */
	for (int use_boxes = 0; use_boxes <= 1; use_boxes++) {
		printf("-- footprints from %s\n", use_boxes ? "boxes, costs by residue" : "lanes");
		block_evaluator *ev = block_evaluator_alloc(&l, use_boxes, use_boxes);
		int64_t offsets[8];
		/* block (10, 10): rows 40..43, columns 320..351, far from every edge */
		const block_class *b = block_evaluator_get(ev, 10 + 10 * (int64_t)l.grid[0], offsets);
		CHECK(b != NULL, "evaluate the block");
		if (b) {
			/* Loads: each of the 4 rows is 32 doubles = 256 B = 8 sectors of the
			 * centre (32); the rows above and below add 2 x 8 = 16; the left and
			 * right neighbours x-1 and x+1 reach one sector past each end of every
			 * row: 4 rows x 2 = 8. Total 32 + 16 + 8 = 56. */
			CHECK(b->unique_load_sectors == 56, "unique load sectors = %lld (expected 56)",
				(long long)b->unique_load_sectors);
			/* Stores: write-through, each of the 4 warp-instructions writes one
			 * row of 8 sectors: 4 x 8 = 32. */
			double store_sectors = b->stats[5].sectors;
			CHECK_NEAR(store_sectors, 32, 1e-9, "store sectors of the block");
			/* Requested load sectors: centre 8, x-1 9, x+1 9, y-1 8, y+1 8 per warp
			 * = 42, times 4 warps = 168; redundant = 168 - 56 = 112. */
			CHECK_NEAR(b->requested_load_sectors, 168, 1e-9, "requested load sectors of the block");
			CHECK(b->active_threads == 128, "active threads %lld (expected 128)",
				(long long)b->active_threads);
		}
		block_evaluator_free(ev);
	}
	launch_release(&l);
	warpest_hw_free(hw);
	warpest_kernel_free(k);
	warpest_ctx_free(ctx);
	return check_summary();
}
