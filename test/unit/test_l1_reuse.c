/* L1 reuse distances (cache/l1_reuse.c) of one-warp blocks, hand-counted:
 * repeated sectors, their LRU stack distances in 128 B lines, the hit rate
 * they give, and the loads that cannot be replayed. */
#include <math.h>
#include <string.h>

#include "base/ctx.h"
#include "cache/l1_reuse.h"
#include "check.h"
#include "launch/launch.h"

static const char *straight =
	"{\"format\": \"warpest-kernel-model\", \"version\": 1, \"kernel\": \"straight\","
	" \"grid\": {\"x\": \"1\"},"
	" \"fields\": [{\"name\": \"A\", \"space\": \"global\", \"elem_bytes\": 4, \"dims\": [\"1024\"]},"
	"            {\"name\": \"B\", \"space\": \"global\", \"elem_bytes\": 4, \"dims\": [\"1024\"]}],"
	" \"accesses\": [{\"field\": \"A\", \"kind\": \"load\", \"bytes\": 4, \"index\": [\"tid.x\"]},"
	"   {\"field\": \"B\", \"kind\": \"load\", \"bytes\": 4, \"index\": [\"tid.x\"]},"
	"   {\"field\": \"A\", \"kind\": \"load\", \"bytes\": 4, \"index\": [\"tid.x\"]},"
	"   {\"field\": \"A\", \"kind\": \"load\", \"bytes\": 4, \"index\": [\"tid.x + 32\"]},"
	"   {\"field\": \"B\", \"kind\": \"store\", \"bytes\": 4, \"index\": [\"tid.x + 64\"]},"
	"   {\"field\": \"B\", \"kind\": \"load\", \"bytes\": 4, \"index\": [\"tid.x\"]},"
	"   {\"field\": \"A\", \"kind\": \"load\", \"bytes\": 4, \"index\": [\"tid.x + 32\"],"
	"    \"guard\": \"tid.x < 8\"}]}";

static const char *looped =
	"{\"format\": \"warpest-kernel-model\", \"version\": 1, \"kernel\": \"looped\","
	" \"grid\": {\"x\": \"1\"},"
	" \"loops\": [{\"var\": \"i\", \"lower\": \"0\", \"upper\": \"4\", \"step\": 1}],"
	" \"fields\": [{\"name\": \"A\", \"space\": \"global\", \"elem_bytes\": 4, \"dims\": [\"1024\"]},"
	"            {\"name\": \"B\", \"space\": \"global\", \"elem_bytes\": 4, \"dims\": [\"1024\"]}],"
	" \"accesses\": [{\"field\": \"A\", \"kind\": \"load\", \"bytes\": 4, \"index\": [\"tid.x + 32*i\"],"
	"    \"loops\": [\"i\"]},"
	"   {\"field\": \"B\", \"kind\": \"load\", \"bytes\": 4, \"index\": [\"tid.x\"], \"loops\": [\"i\"]},"
	"   {\"field\": \"A\", \"kind\": \"load\", \"bytes\": 4, \"index\": [\"tid.x\"]}]}";

static const char *squared =
	"{\"format\": \"warpest-kernel-model\", \"version\": 1, \"kernel\": \"squared\","
	" \"grid\": {\"x\": \"1\"},"
	" \"fields\": [{\"name\": \"A\", \"space\": \"global\", \"elem_bytes\": 4, \"dims\": [\"1024\"]}],"
	" \"accesses\": [{\"field\": \"A\", \"kind\": \"load\", \"bytes\": 4, \"index\": [\"tid.x / 2\"]}]}";

/* One thread a row of a 1024 x 1024 matrix of doubles, the textbook
 * matrix-vector product: each lane's 8 B load moves to the next sector
 * every 4 iterations. */
static const char *rows =
	"{\"format\": \"warpest-kernel-model\", \"version\": 1, \"kernel\": \"rows\","
	" \"grid\": {\"x\": \"4\"},"
	" \"loops\": [{\"var\": \"j\", \"lower\": \"0\", \"upper\": \"1024\", \"step\": 1}],"
	" \"fields\": [{\"name\": \"A\", \"space\": \"global\", \"elem_bytes\": 8, \"dims\": [\"1048576\"]},"
	"            {\"name\": \"x\", \"space\": \"global\", \"elem_bytes\": 8, \"dims\": [\"1024\"]}],"
	" \"accesses\": [{\"field\": \"A\", \"kind\": \"load\", \"bytes\": 8,"
	"    \"index\": [\"1024*(tid.x + 256*ctaid.x) + j\"], \"loops\": [\"j\"]},"
	"   {\"field\": \"x\", \"kind\": \"load\", \"bytes\": 8, \"index\": [\"j\"], \"loops\": [\"j\"]}]}";

/* Binds `json` to one block of 32 threads on the A100 and replays block 0. */
static int replay(warpest_ctx *ctx, const warpest_hw *hw, const char *json, launch *l,
	l1_reuse_profile *p, const char **why)
{
	warpest_kernel *k = warpest_kernel_read_string(ctx, json, "test_l1_reuse");
	CHECK(k != NULL, "read model: %s", warpest_ctx_last_error(ctx));
	if (!k)
		return -2;
	warpest_config c;
	warpest_config_init(&c);
	c.block[0] = 32;
	int rc = launch_bind(ctx, k, hw, &c, l);
	CHECK(rc == 0, "bind: %s", warpest_ctx_last_error(ctx));
	if (rc) {
		warpest_kernel_free(k);
		return -2;
	}
	rc = l1_reuse_profile_block(l, 0, 1 << 20, 0, p, why);
	/* the launch keeps pointers into the kernel: freed by the caller */
	return rc;
}

int main(void)
{
	warpest_ctx *ctx = warpest_ctx_alloc();
	warpest_hw *hw = warpest_hw_find(ctx, WARPEST_SOURCE_DIR "/runtime/tables", "a100-40gb");
	CHECK(hw != NULL, "table: %s", warpest_ctx_last_error(ctx));
	if (!hw)
		return check_summary();
	l1_reuse_profile p;
	const char *why;
	launch l;

	/* Straight-line loads, one warp, 4 B a lane: a full warp reads one 128 B
	 * line (4 sectors). In order: A0 (line a0), B0 (b0), A0 again: 4
	 * repeated sectors at distance 1 (b0 since); A32 (a1); the store is not
	 * replayed; B0 again: 4 at distance 2 (a0, a1 since b0); A32 for lanes
	 * 0..7 only: 1 sector (the first of a1) at distance 1 (b0 since).
	 * Repeated: 4 + 4 + 1 = 9; mean distance (4*1 + 4*2 + 1*1) / 9 = 13/9. */
	int rc = replay(ctx, hw, straight, &l, &p, &why);
	CHECK(rc == 0, "straight: replayed (%d: %s)", rc, why ? why : "");
	if (rc == 0) {
		CHECK_NEAR(p.redundant, 9, 1e-12, "straight: repeated sectors");
		CHECK_NEAR(p.mean_distance_lines, 13.0 / 9.0, 1e-12, "straight: mean distance");
		CHECK_NEAR(p.count[1], 5, 1e-12, "straight: 5 at distance 1");
		CHECK_NEAR(p.count[2], 4, 1e-12, "straight: 4 at distance 2");
		/* 6 loads x 32 lanes */
		CHECK_NEAR(p.lane_evaluations, 192, 1e-12, "straight: lane evaluations");
		/* Hit rate with L1 cut to one line (128 B) and one resident block:
		 * distance 1 -> o = 1*1*128/128 = 1, m1(1) = exp(-3.043e16 *
		 * exp(-35.15)) = exp(-16.4) ~ 8e-8: hits; distance 2 -> o = 2,
		 * m1(2) = exp(-3.043e16 * exp(-70.3)) ~ 1: misses. Hit rate 5/9. */
		l.l1_capacity_bytes = 128;
		CHECK_NEAR(l1_reuse_hit_rate(&l, &p, 1), 5.0 / 9.0, 1e-6, "straight: hit rate at 1 line");
		/* two resident blocks: distance 1 -> o = 2: every repeat misses */
		CHECK_NEAR(l1_reuse_hit_rate(&l, &p, 2), 0.0, 1e-6, "straight: hit rate, 2 blocks");
		/* the whole 192 KB: o <= 2*128/196608, every repeat hits */
		l.l1_capacity_bytes = 196608;
		CHECK_NEAR(l1_reuse_hit_rate(&l, &p, 32), 1.0, 1e-6, "straight: hit rate at 192 KB");
	}
	if (rc != -2) {
		const warpest_kernel *k = l.kernel;
		launch_release(&l);
		warpest_kernel_free((warpest_kernel *)k);
	}

	/* A loop of 4: A[tid + 32 i] (lines a_i, new each time) and B[tid] (b0);
	 * from i = 1 B's 4 sectors repeat at distance 1 (a_i since): 3 x 4 = 12.
	 * After the loop A[tid]: line a0, last touched at i = 0; b0, a1, a2, a3
	 * since: 4 sectors at distance 4. Repeated 16, mean (12*1 + 4*4)/16 =
	 * 1.75. */
	rc = replay(ctx, hw, looped, &l, &p, &why);
	CHECK(rc == 0, "looped: replayed (%d: %s)", rc, why ? why : "");
	if (rc == 0) {
		CHECK_NEAR(p.redundant, 16, 1e-12, "looped: repeated sectors");
		CHECK_NEAR(p.mean_distance_lines, 1.75, 1e-12, "looped: mean distance");
		CHECK_NEAR(p.count[4], 4, 1e-12, "looped: 4 at distance 4");
		/* (4 + 4) loads x 32 lanes in the loop, 1 x 32 after: 288 */
		CHECK_NEAR(p.lane_evaluations, 288, 1e-12, "looped: lane evaluations");
	}
	if (rc != -2) {
		const warpest_kernel *k = l.kernel;
		launch_release(&l);
		warpest_kernel_free((warpest_kernel *)k);
	}

	/* tid/2 is quasi-affine, not affine: no replay, and it says why */
	rc = replay(ctx, hw, squared, &l, &p, &why);
	CHECK(rc == 1 && why && strstr(why, "not affine"), "squared: not replayed (%d: %s)", rc,
		why ? why : "");
	if (rc != -2) {
		const warpest_kernel *k = l.kernel;
		launch_release(&l);
		warpest_kernel_free((warpest_kernel *)k);
	}
	/* past the lane budget: the straight model needs 192 */
	if (replay(ctx, hw, straight, &l, &p, &why) != -2) {
		const char *w2 = NULL;
		rc = l1_reuse_profile_block(&l, 0, 100, 0, &p, &w2);
		CHECK(rc == 1 && w2 && strstr(w2, "more lane evaluations"), "budget 100: %d (%s)", rc,
			w2 ? w2 : "");
		const warpest_kernel *k = l.kernel;
		launch_release(&l);
		warpest_kernel_free((warpest_kernel *)k);
	}
	/* The replay's budget under a time limit (l1_replay_lanes): 8192 lane
	 * evaluations a millisecond, so 4.5 ms give 36864; none: 2^21; a work
	 * limit of 2^20: an eighth, 131072. The rows model at 256 threads: 2
	 * loads x 256 lanes x 1024 iterations = 524288 lane evaluations, so 4.5
	 * ms keep the first 1024 * 36864 / 524288 = 72 iterations of j. Each
	 * lane's A sector is requested 4 times, its line 16 times, with 255
	 * other lanes' lines (and x's) touched in between: the same distances in
	 * the first 72 iterations as in all 1024, so the hit rate is the same. */
	if (replay(ctx, hw, rows, &l, &p, &why) != -2) {
		const warpest_kernel *k = l.kernel;
		launch_release(&l);
		warpest_config c;
		warpest_config_init(&c);
		c.block[0] = 256;
		c.time_limit_ms = 4.5;
		rc = launch_bind(ctx, k, hw, &c, &l);
		CHECK(rc == 0, "rows: bind: %s", warpest_ctx_last_error(ctx));
		if (rc == 0) {
			CHECK(l1_replay_lanes(&l, 0) == 36864, "rows: lanes at 4.5 ms: %lld",
				(long long)l1_replay_lanes(&l, 0));
			l.time_limit_ms = 0;
			CHECK(l1_replay_lanes(&l, 0) == (1 << 21), "rows: lanes without limits");
			CHECK(l1_replay_lanes(&l, 1 << 20) == 131072, "rows: lanes, work limit 2^20");
			l1_reuse_profile whole, part;
			const char *w2 = NULL;
			int r1 = l1_reuse_profile_block(&l, 1, 1 << 21, 0, &whole, &w2);
			int r2 = l1_reuse_profile_block(&l, 1, 36864, 0, &part, &w2);
			CHECK(r1 == 0 && whole.cut_loop < 0, "rows: whole replay (%d)", r1);
			CHECK(r2 == 0 && part.cut_loop == 0 && part.cut_iterations == 72,
				"rows: cut at 72 iterations of j (%d, loop %d, %lld)", r2, part.cut_loop,
				(long long)part.cut_iterations);
			/* 2 x 256 x 72 */
			CHECK_NEAR(part.lane_evaluations, 36864, 1e-12, "rows: lane evaluations of the cut");
			if (r1 == 0 && r2 == 0) {
				double h1 = l1_reuse_hit_rate(&l, &whole, 1), h2 = l1_reuse_hit_rate(&l, &part, 1);
				CHECK(h1 > 0.99 && fabs(h1 - h2) < 1e-9, "rows: hit rate whole %g, cut %g", h1, h2);
			}
			launch_release(&l);
		}
		warpest_kernel_free((warpest_kernel *)k);
	}
	warpest_hw_free(hw);
	warpest_ctx_free(ctx);
	return check_summary();
}
