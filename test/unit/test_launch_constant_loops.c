/* Loops whose bounds read the thread and the block but take one value over
 * the whole launch are constant (launch/bind_loops.c): a grid-stride loop
 * over exactly k times the grid's threads runs k trips in every thread, so
 * the shortcuts of constant loops apply (box footprints, costed tuples)
 * where every lane used to walk its own bounds. Checked against the
 * reference path, which walks such loops lane by lane, and the loop's
 * trips by hand. */
#include "reference_path.h"

#include "launch/launch.h"

/* map: out[i] = f(in[i]) for i = x, x + S, ... < n, S = ntid.x * nctaid.x,
 * the trip count as the pass writes it, (n - 1 - x) / S + 1 */
static const char model[] =
	"{\"format\": \"warpest-kernel-model\", \"version\": 1, \"kernel\": \"map\","
	" \"params\": [{\"name\": \"n\"}, {\"name\": \"g\"}], \"grid\": {\"x\": \"g\"},"
	" \"defs\": {\"x\": \"tid.x + ctaid.x*ntid.x\", \"S\": \"ntid.x*nctaid.x\"},"
	" \"loops\": [{\"var\": \"it0\", \"lower\": \"0\", \"upper\": \"(-tid.x - ctaid.x*ntid.x + n - 1) / (ntid.x*nctaid.x) + 1\", \"step\": 1}],"
	" \"fields\": [{\"name\": \"in\", \"space\": \"global\", \"elem_bytes\": 4},"
	"   {\"name\": \"out\", \"space\": \"global\", \"elem_bytes\": 4}],"
	" \"accesses\": [{\"field\": \"in\", \"kind\": \"load\", \"bytes\": 4, \"index\": [\"x + it0*S\"], \"loops\": [\"it0\"]},"
	"   {\"field\": \"out\", \"kind\": \"store\", \"bytes\": 4, \"index\": [\"x + it0*S\"], \"loops\": [\"it0\"]}]}";

/* Binds the map at n over g blocks of 256; checks whether its loop is
 * constant and, where it is, its trips. */
static void bound_loop_of(warpest_ctx *ctx, const warpest_kernel *k, const warpest_hw *hw,
	int64_t n, int64_t g, int constant, int64_t trips)
{
	static const char *const names[2] = {"n", "g"};
	int64_t values[2] = {n, g};
	warpest_config c;
	config_params(&c, names, values, 2, 256, 1, 1);
	launch l;
	int bound = launch_bind(ctx, k, hw, &c, &l) == 0;
	CHECK(bound, "n = %lld, %lld blocks: bound (%s)", (long long)n, (long long)g,
		bound ? "" : warpest_ctx_last_error(ctx));
	if (!bound)
		return;
	CHECK(l.loops[0].constant == constant && (!constant || (l.loops[0].trips == trips &&
		l.loops[0].lower == 0 && l.loops[0].lane_uniform)), "n = %lld, %lld blocks: constant %d "
		"(expected %d), trips %lld (expected %lld)", (long long)n, (long long)g,
		l.loops[0].constant, constant, (long long)l.loops[0].trips, (long long)trips);
	launch_release(&l);
}

int main(void)
{
	warpest_ctx *ctx = warpest_ctx_alloc();
	warpest_hw *hw = warpest_hw_find(ctx, WARPEST_SOURCE_DIR "/runtime/tables", "h100-sxm");
	warpest_kernel *k = hw ? warpest_kernel_read_string(ctx, model, "map.json") : NULL;
	CHECK(hw && k, "table and model (%s)", warpest_ctx_last_error(ctx));
	if (hw && k) {
		/* 64 blocks of 256: S = 16384. n = 4 S: (4 S - 1 - x) / S over x in
		 * [0, S - 1] is 3 for every thread: 4 trips */
		bound_loop_of(ctx, k, hw, 65536, 64, 1, 4);
		/* n = S: one trip (a grid sized to the data, the usual launch) */
		bound_loop_of(ctx, k, hw, 16384, 64, 1, 1);
		/* n = 4 S + 1: thread 0 runs 5 trips, the others 4: not constant */
		bound_loop_of(ctx, k, hw, 65537, 64, 0, 0);
		/* every figure as lane by lane, where the loop is constant and
		 * where it is not */
		const int64_t ns[2] = {65536, 65537};
		for (int i = 0; i < 2; i++) {
			static const char *const names[2] = {"n", "g"};
			int64_t values[2] = {ns[i], 64};
			warpest_config c;
			config_params(&c, names, values, 2, 256, 1, 1);
			warpest_estimate *q, *r;
			estimate_both(ctx, k, hw, &c, &q, &r);
			CHECK(q && r && same_figures(q, r), "n = %lld: every figure as on the reference path "
				"(DRAM %.0f B vs %.0f B)", (long long)ns[i], q ? q->summary.dram_load_bytes : 0,
				r ? r->summary.dram_load_bytes : 0);
			/* n floats requested once each from L2, in 32 B sectors: 4 n
			 * rounded up to 32 (262,144 B; 262,176 B, thread 0's fifth trip
			 * a sector of its own) */
			CHECK(q && q->summary.l2_load_bytes == (double)((ns[i] * 4 + 31) / 32 * 32),
				"n = %lld: L2 load %.0f B (expected %lld)", (long long)ns[i],
				q ? q->summary.l2_load_bytes : 0, (long long)((ns[i] * 4 + 31) / 32 * 32));
			warpest_estimate_free(q);
			warpest_estimate_free(r);
		}
	}
	warpest_kernel_free(k);
	warpest_hw_free(hw);
	warpest_ctx_free(ctx);
	return check_summary();
}
