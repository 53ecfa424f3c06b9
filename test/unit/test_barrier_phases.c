/* Barrier phases (limiters/barrier_phases.c, docs/model.md §8): with one
 * block resident per SM, a block's phases run one after another, so a
 * kernel that loads a tile and then computes on it takes the sum of the two
 * phases' times; with more blocks resident, the max. Figures by hand from
 * the rtx-a4000 table (no latencies there: within a phase the plain max). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "warpest/warpest.h"

/* 98304 threads; phase 0 loads a[tid] (4 B, coalesced) into a shared tile,
 * phase 1 (after the barrier) reads the tile back and does 4 FP64 FMAs. */
static warpest_kernel *model(warpest_ctx *ctx, int phase1, const char *extra)
{
	char text[2048];
	snprintf(text, sizeof text,
		"{\"format\": \"warpest-kernel-model\", \"version\": 1, \"kernel\": \"tile_then_compute\",\n"
		" \"params\": [{\"name\": \"n\", \"value\": 98304}], \"threads\": {\"x\": \"n\"},\n"
		" \"fields\": [{\"name\": \"a\", \"elem_bytes\": 4},\n"
		"   {\"name\": \"t\", \"space\": \"shared\", \"elem_bytes\": 4, \"dims\": [\"1024\"]}],\n"
		" \"accesses\": [{\"field\": \"a\", \"kind\": \"load\", \"bytes\": 4, \"index\": [\"tid.x + ntid.x*ctaid.x\"]},\n"
		"   {\"field\": \"t\", \"kind\": \"store\", \"bytes\": 4, \"index\": [\"tid.x\"]},\n"
		"   {\"field\": \"t\", \"kind\": \"load\", \"bytes\": 4, \"index\": [\"tid.x\"], \"phase\": %d%s}],\n"
		" \"ops\": [{\"phase\": %d, \"fp64_fma\": 4}]}", phase1, extra, phase1);
	return warpest_kernel_read_string(ctx, text, "phases.json");
}

static double predict(warpest_ctx *ctx, const warpest_hw *hw, int phase1, int block,
	warpest_summary *out)
{
	warpest_kernel *k = model(ctx, phase1, "");
	warpest_config c;
	warpest_config_init(&c);
	c.block[0] = block;
	warpest_estimate *e = k ? warpest_estimate_compute(ctx, k, hw, &c) : NULL;
	CHECK(e != NULL, "estimate (block %d, phase %d): %s", block, phase1, warpest_ctx_last_error(ctx));
	double t = -1;
	if (e) {
		*out = *warpest_estimate_summary(e);
		t = out->predicted_seconds;
	}
	warpest_estimate_free(e);
	warpest_kernel_free(k);
	return t;
}

int main(void)
{
	warpest_ctx *ctx = warpest_ctx_alloc();
	warpest_hw *hw = warpest_hw_find(ctx, NULL, "rtx-a4000");
	CHECK(hw != NULL, "table: %s", warpest_ctx_last_error(ctx));
	if (!hw)
		return check_summary();
	warpest_summary s;
	/* Block 1024: 1536 threads per SM hold one block; 96 blocks on 48 SMs,
	 * resident min(1, 96/48) = 1, so the phases run one after another.
	 * DRAM: 98304 * 4 B = 393216 B / 426.9e9 B/s = 9.210963e-7 s (phase 0).
	 * FP64: 98304 * 4 FMAs / (2 per cycle * 48 SMs * 1560e6) = 393216 / 1.4976e11
	 *     = 2.6256410e-6 s (phase 1).
	 * Phase 0's L1 and L2 parts and phase 1's L1 and issue parts are smaller
	 * than the phase's binding part, so t = 9.210963e-7 + 2.6256410e-6 = 3.5467373e-6 s. */
	double one = predict(ctx, hw, 1, 1024, &s);
	CHECK_NEAR(s.dram_load_bytes, 393216, 1e-6, "DRAM load bytes");
	CHECK_NEAR(s.limiter_seconds[warpest_limiter_dram], 9.210963e-7, 1e-12, "DRAM limiter");
	CHECK_NEAR(s.limiter_seconds[warpest_limiter_compute], 2.6256410e-6, 1e-12, "compute limiter");
	CHECK_NEAR(one, 3.5467373e-6, 1e-12, "one resident block: phases in a row");
	/* the same code with no barrier: the limiters overlap, t = the max */
	double flat = predict(ctx, hw, 0, 1024, &s);
	CHECK_NEAR(flat, 2.6256410e-6, 1e-12, "no barrier: the max");
	/* Block 512: three blocks per SM (1536 / 512), 192 blocks, resident
	 * min(3, 4) = 3: other blocks fill the SM during a phase, t = the max */
	double three = predict(ctx, hw, 1, 512, &s);
	CHECK_NEAR(three, 2.6256410e-6, 1e-12, "three resident blocks: the max");
	/* the reader: a phase is an integer from 0 to 255 */
	warpest_kernel *bad = model(ctx, 256, "");
	CHECK(bad == NULL && strstr(warpest_ctx_last_error(ctx), "phase"),
		"phase 256 refused: %s", warpest_ctx_last_error(ctx));
	warpest_kernel_free(bad);
	warpest_hw_free(hw);
	warpest_ctx_free(ctx);
	return check_summary();
}
