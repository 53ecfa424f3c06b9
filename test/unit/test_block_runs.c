/* Block classes along a grid row: where a key depends on the block only
 * through linear guards and the groups' offsets modulo 128, the blocks
 * after one keep its guards' verdicts for a computable stretch, and their
 * keys repeat with the offsets' period (block_evaluator_same_run,
 * block_evaluator_x_period). A wave's statistics then visit one period of
 * each stretch and count the rest: every figure must stay the reference
 * path's. */
#include "reference_path.h"

#include "check.h"
#include "cache/block_eval.h"
#include "launch/launch.h"

static const char *const param_names[3] = {"n", "rows", "w"};

/* The run after block `id` and the period, for model `path` at n (rows =
 * 64 and w = 8000 where it has them) and `threads` a block. */
static void run_after(const char *path, int n_params, int64_t n, int threads, int64_t id,
	int64_t run, int64_t period)
{
	warpest_kernel *k;
	warpest_hw *hw;
	warpest_ctx *ctx = open_model_h100(path, &k, &hw);
	if (!ctx)
		return;
	int64_t values[3] = {n, 64, 8000};
	warpest_config c;
	config_params(&c, param_names, values, n_params, threads, 1, 1);
	launch l;
	int bound = launch_bind(ctx, k, hw, &c, &l) == 0;
	CHECK(bound, "%s n = %lld: bound%s%s", path, (long long)n, bound ? "" : ": ",
		bound ? "" : warpest_ctx_last_error(ctx));
	block_evaluator *ev = bound ? block_evaluator_alloc(&l, 1, 1) : NULL;
	int64_t offsets[8];
	if (ev && block_evaluator_get(ev, id, offsets)) {
		int64_t r = block_evaluator_same_run(ev), p = block_evaluator_x_period(ev);
		CHECK(r == run && (run == 0 || p == period), "%s n = %lld, %d threads, block %lld: run %lld "
			"period %lld (expected %lld, %lld)", path, (long long)n, threads, (long long)id,
			(long long)r, (long long)p, (long long)run, (long long)period);
	} else
		CHECK(0, "%s: block %lld evaluated", path, (long long)id);
	block_evaluator_free(ev);
	if (bound)
		launch_release(&l);
	/* the estimate that counts stretches, against block by block */
	warpest_estimate *q, *r;
	estimate_both(ctx, k, hw, &c, &q, &r);
	CHECK(q && r && same_figures(q, r), "%s n = %lld, %d threads: every figure as the reference "
		"path's", path, (long long)n, threads);
	warpest_estimate_free(q);
	warpest_estimate_free(r);
	close_model(ctx, k, hw);
}

int main(void)
{
	const char *copy = "test/data/models/copy1d.json";
	/* i < n as n - 1 - i >= 0: at block c its threads give 999 - 256c - t,
	 * t < 256. Block 0: at least 744, true in every thread; each block
	 * lowers it by 256: blocks 1 and 2 (at least 232) keep the verdict,
	 * block 3 (-24 .. 231) is cut. Offsets 1024 B a block: period 1. */
	run_after(copy, 1, 1000, 256, 0, 2, 1);
	/* block 3 is cut: its key holds its value, no run */
	run_after(copy, 1, 1000, 256, 3, 0, 1);
	/* 8 threads: 125 full blocks; block 0 at least 992, 8 a block: 124
	 * steps, to the row's end; offsets 32 B a block: keys repeat every
	 * 128 / 32 = 4 blocks */
	run_after(copy, 1, 1000, 8, 0, 124, 4);
	/* from block 120 the row's end bounds it: 4 */
	run_after(copy, 1, 1000, 8, 120, 4, 4);
	/* 12 threads, 48 B a block: gcd(128, 48) = 16, period 8; n = 1000,
	 * 84 blocks (the last cut: 996 .. 1007); block 0 at least 988, 12 a
	 * block: 82 steps, blocks 1..82 */
	run_after(copy, 1, 1000, 12, 0, 82, 8);
	/* a quasi-affine address (x % w): keys must be computed, no run */
	run_after("test/data/models/colsum_wrapped.json", 3, 8192, 256, 0, 0, 1);
	return check_summary();
}
