/* A grid-stride loop whose grid covers the data takes one trip (or none) in
 * every thread: its variable has one value over the launch, and addresses
 * are bound with that value (launch.c, single_valued_loops), so that a
 * clamp of it, max(0, min(t + S*i - 3, n - 1)), is a clamp of the thread's
 * and blocks group. Before, the loop term kept the clamp out of the thread
 * clamps, no two blocks grouped, and the own corpus's smooth_clamped<3> at
 * n = 2^20 took 1 s an estimate (0.01 s now). Every figure must equal the
 * reference path's, which evaluates every block on its own. */
#include "reference_path.h"

#include "check.h"

/* 7 taps of a 1-D smoothing filter, clamped at both ends, in a grid-stride
 * loop over n elements with the grid's S threads a stride. */
static const char smooth_model[] =
	"{\"format\": \"warpest-kernel-model\", \"version\": 1, \"kernel\": \"smooth\","
	" \"params\": [{\"name\": \"n\"}],"
	" \"defs\": {\"t\": \"tid.x + ctaid.x*ntid.x\", \"S\": \"ntid.x*nctaid.x\"},"
	" \"loops\": [{\"var\": \"i\", \"lower\": \"0\", \"upper\": \"(n - 1 - t) / S + 1\", \"step\": 1}],"
	" \"fields\": [{\"name\": \"in\", \"space\": \"global\", \"elem_bytes\": 4, \"dims\": [\"n\"]},"
	"   {\"name\": \"out\", \"space\": \"global\", \"elem_bytes\": 4, \"dims\": [\"n\"]}],"
	" \"accesses\": ["
	"  {\"field\": \"in\", \"kind\": \"load\", \"bytes\": 4, \"index\": [\"max(0, min(t + S*i - 3, n - 1))\"],"
	"   \"loops\": [\"i\"]},"
	"  {\"field\": \"in\", \"kind\": \"load\", \"bytes\": 4, \"index\": [\"max(0, min(t + S*i, n - 1))\"],"
	"   \"loops\": [\"i\"]},"
	"  {\"field\": \"in\", \"kind\": \"load\", \"bytes\": 4, \"index\": [\"max(0, min(t + S*i + 3, n - 1))\"],"
	"   \"loops\": [\"i\"]},"
	"  {\"field\": \"out\", \"kind\": \"store\", \"bytes\": 4, \"index\": [\"t + S*i\"], \"loops\": [\"i\"]}]}";

static void smooth(warpest_ctx *ctx, const warpest_kernel *k, const warpest_hw *hw, int64_t n,
	int classes)
{
	static const char *const names[1] = {"n"};
	int64_t values[1] = {n};
	warpest_config c;
	config_params(&c, names, values, 1, 256, 1, 1);
	c.grid[0] = 64, c.grid[1] = 1, c.grid[2] = 1;
	warpest_estimate *q, *r;
	estimate_both(ctx, k, hw, &c, &q, &r);
	CHECK(q && r, "n = %lld: estimates: %s", (long long)n, warpest_ctx_last_error(ctx));
	if (q && r) {
		CHECK(q->mem.n_classes == classes && r->mem.n_classes == 64,
			"n = %lld: %d classes (expected %d), reference %d (expected 64)", (long long)n,
			q->mem.n_classes, classes, r->mem.n_classes);
		/* each element stored once: n stores of 4 B */
		CHECK(q->summary.dram_store_bytes == 4.0 * (double)n, "n = %lld: DRAM store %.0f B "
			"(expected %lld)", (long long)n, q->summary.dram_store_bytes, (long long)(4 * n));
		CHECK(same_figures(q, r), "n = %lld: each block's figures as evaluated on its own "
			"(L1 %.6f/%.6f cycles per thread, DRAM load %.0f/%.0f B)", (long long)n,
			q->summary.l1_cycles_per_thread, r->summary.l1_cycles_per_thread,
			q->summary.dram_load_bytes, r->summary.dram_load_bytes);
	}
	warpest_estimate_free(q);
	warpest_estimate_free(r);
}

int main(void)
{
	warpest_ctx *ctx = warpest_ctx_alloc();
	warpest_kernel *k = warpest_kernel_read_string(ctx, smooth_model, "smooth");
	warpest_hw *hw = k ? warpest_hw_find(ctx, WARPEST_SOURCE_DIR "/runtime/tables", "h100-sxm") : NULL;
	CHECK(k && hw, "model and table (%s)", warpest_ctx_last_error(ctx));
	if (k && hw) {
		/* 64 blocks of 256 threads, n = 16384: one trip each. Block 0
		 * clamps at 0 (tap -3 of threads 0..2), block 63 at n - 1 (tap +3
		 * of its last 3), the 62 between nowhere and alike (offsets 1 KB
		 * apart, alike modulo 128): 3 classes. */
		smooth(ctx, k, hw, 16384, 3);
		/* n = 2 x 16384: two trips, the variable takes two values, so the
		 * clamps keep their loop term and no two blocks group, as before */
		smooth(ctx, k, hw, 32768, 64);
	}
	warpest_hw_free(hw);
	warpest_kernel_free(k);
	warpest_ctx_free(ctx);
	return check_summary();
}
