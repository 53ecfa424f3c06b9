/* Capacity terms (capacity.c) with hand-computed values: resident blocks in
 * the L1 oversubscription, split-L2 duplication and the capacity it leaves. */
#include <string.h>

#include "base/ctx.h"
#include "cache/capacity.h"
#include "check.h"

int main(void)
{
	warpest_ctx *ctx = warpest_ctx_alloc();
	const char *dir = WARPEST_SOURCE_DIR "/runtime/tables";
	warpest_hw *a100 = warpest_hw_find(ctx, dir, "a100-80gb");
	warpest_hw *h100 = warpest_hw_find(ctx, dir, "h100-sxm");
	warpest_hw *v100 = warpest_hw_find(ctx, dir, "v100");
	CHECK(a100 && h100 && v100, "load tables: %s", warpest_ctx_last_error(ctx));
	if (!a100 || !h100 || !v100)
		return check_summary();

	/* A100: 108 SMs, 128 B lines, L1 192 KB; a block allocating 1632 lines
	 * (204 KB, gpu-cache's 204 kB point) */
	launch l;
	memset(&l, 0, sizeof(l));
	l.hw = a100;
	l.blocks_per_sm = 8;
	l.l1_capacity_bytes = 196608;
	/* one block per SM: 1632 * 128 * 1 / 196608 = 1.0625 */
	CHECK_NEAR(capacity_l1_oversubscription(&l, 1632, 108), 1.0625, 1e-12, "108 blocks on 108 SMs");
	/* 200 blocks: ceil(200/108) = 2 per SM -> 2.125 */
	CHECK_NEAR(capacity_l1_oversubscription(&l, 1632, 200), 2.125, 1e-12, "200 blocks");
	/* a full wave: occupancy's 8 per SM -> 8.5 */
	CHECK_NEAR(capacity_l1_oversubscription(&l, 1632, 864), 8.5, 1e-12, "full wave");
	l.l1_capacity_bytes = 0;
	CHECK(capacity_l1_oversubscription(&l, 1632, 864) >= 1e9, "no L1 left: hopeless");

	/* H100 SXM: 50 MB split, 25 MB for fully shared data. r = 3 blocks per
	 * unit -> d = 1 - 2^(1-3) = 0.75; C = 52428800 - 0.75 * 26214400 = 32768000 */
	double d = capacity_l2_duplication(h100, 3e6, 1e6);
	CHECK_NEAR(d, 0.75, 1e-12, "duplication at r = 3");
	CHECK_NEAR(capacity_l2_bytes(h100, d), 32768000.0, 1e-3, "capacity at d = 0.75");
	/* nothing shared: r = 1 -> d = 0 -> the nominal 50 MB */
	CHECK_NEAR(capacity_l2_duplication(h100, 1e6, 1e6), 0.0, 1e-12, "duplication at r = 1");
	CHECK_NEAR(capacity_l2_bytes(h100, 0), 52428800.0, 1e-3, "capacity at d = 0");
	CHECK_NEAR(capacity_l2_bytes(h100, 1), 26214400.0, 1e-3, "capacity at d = 1");
	/* V100 is not split (6 MB both): no duplication, 6 MB */
	CHECK_NEAR(capacity_l2_duplication(v100, 3e6, 1e6), 0.0, 1e-12, "V100 duplication");
	CHECK_NEAR(capacity_l2_bytes(v100, 0.5), 6291456.0, 1e-3, "V100 capacity");

	warpest_hw_free(a100);
	warpest_hw_free(h100);
	warpest_hw_free(v100);
	warpest_ctx_free(ctx);
	return check_summary();
}
