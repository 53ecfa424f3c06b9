/* Block classes and loops whose bounds read the block: a vector kernel with
 * a scalar tail loop (for (; i < n; ++i), trips n - i) behind its block's
 * bound check. The loop's bounds differ in every block, but where none of
 * its accesses runs (every full block) they cannot change the class, so
 * the class key leaves them out (block_eval.c, loop_signature): the full
 * blocks share one class. Every figure must equal the reference path's on
 * a twin model whose tail index, clamped where the clamp never bites,
 * keeps every block in a class of its own there. */
#include "reference_path.h"

#include "check.h"

static void tail(int64_t n, int classes, int blocks, double vector_lanes, double tail_lanes)
{
	warpest_kernel *k, *twin;
	warpest_hw *hw, *twin_hw;
	warpest_ctx *ctx = open_model_h100("test/data/models/vector_remainder.json", &k, &hw);
	if (!ctx)
		return;
	warpest_ctx *twin_ctx = open_model_h100("test/data/models/vector_remainder_blockwise.json", &twin,
		&twin_hw);
	if (!twin_ctx) {
		close_model(ctx, k, hw);
		return;
	}
	static const char *const names[1] = {"n"};
	int64_t values[1] = {n};
	warpest_config c;
	config_params(&c, names, values, 1, 256, 1, 1);
	warpest_estimate *q, *unused, *r;
	estimate_both(ctx, k, hw, &c, &q, &unused);
	warpest_estimate_free(unused);
	estimate_both(twin_ctx, twin, twin_hw, &c, &unused, &r);
	warpest_estimate_free(unused);
	CHECK(q && r, "n = %lld: estimates: %s / %s", (long long)n, warpest_ctx_last_error(ctx),
		warpest_ctx_last_error(twin_ctx));
	if (q && r) {
		CHECK(q->mem.n_classes == classes && r->mem.n_classes == blocks,
			"n = %lld: %d classes (expected %d), reference %d (expected %d)", (long long)n,
			q->mem.n_classes, classes, r->mem.n_classes, blocks);
		CHECK(q->access[0].lanes * q->scale == vector_lanes,
			"n = %lld: %.0f vector loads of x (expected %.0f)", (long long)n,
			q->access[0].lanes * q->scale, vector_lanes);
		CHECK(q->access[3].lanes * q->scale == tail_lanes,
			"n = %lld: %.0f tail loads of x (expected %.0f)", (long long)n,
			q->access[3].lanes * q->scale, tail_lanes);
		CHECK(same_figures(q, r), "n = %lld: every figure as block by block (L2 load %.0f/%.0f B, "
			"store %.0f/%.0f B)", (long long)n, q->summary.l2_load_bytes, r->summary.l2_load_bytes,
			q->summary.l2_store_bytes, r->summary.l2_store_bytes);
	}
	warpest_estimate_free(q);
	warpest_estimate_free(r);
	close_model(ctx, k, hw);
	close_model(twin_ctx, twin, twin_hw);
}

int main(void)
{
	/* n = 8194 = 4*2048 + 2: (n + 3)/4 = 2049 threads, 9 blocks of 256.
	 * Threads 0..2047 (i = 4t <= 8188, i + 3 < n) take the vector path:
	 * 2048 loads. Thread 2048 (block 8, i = 8192) runs the tail, n - i = 2
	 * iterations; the other 255 threads of block 8 have i >= n. Blocks
	 * 0..7: the tail's guard i + 3 >= n is false in each (block 7 ends at
	 * i = 8188), and their offsets, 4096 B apart, are alike modulo 128:
	 * one class; block 8 another. */
	tail(8194, 2, 9, 2048, 2);
	/* n = 8192: 2048 threads, 8 full blocks, no tail at all: one class
	 * (8 before the key left the loop out). */
	tail(8192, 1, 8, 2048, 0);
	return check_summary();
}
