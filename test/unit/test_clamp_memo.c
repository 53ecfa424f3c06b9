/* Thread-dependent clamps in the block-class key: a 17-tap row filter whose
 * taps read column min(max(x + k, 0), w - 1). Its 25 atoms fit the atom
 * table (32; 16 before, when taps past the 16th atom were evaluated lane by
 * lane and no two blocks grouped), and the clamps' block outputs come from
 * a memo by the block coordinates they read (cache/clamp_memo.c): ctaid.x
 * only, so one evaluation per block column. Every figure must equal the
 * reference path's, which evaluates every block on its own. */
#include "reference_path.h"

#include "cache/clamp_memo.h"
#include "check.h"

static void memo(void)
{
	clamp_memo *m = clamp_memo_alloc(2, 1u); /* the atoms read ctaid.x */
	CHECK(m != NULL, "memo allocated");
	if (!m)
		return;
	int64_t c[3] = {1, 5, 0}, residue[2] = {3, 0}, offset[2] = {-7, 40}, key[4] = {0, 0, 2, 9};
	int64_t r[2], o[2], k[4];
	CHECK(!clamp_memo_get(m, c, r, o, k), "empty memo: a miss");
	clamp_memo_put(m, c, residue, offset, key);
	int64_t same_column[3] = {1, 9, 3}, other_column[3] = {2, 5, 0};
	int hit = clamp_memo_get(m, same_column, r, o, k);
	CHECK(hit && r[0] == 3 && r[1] == 0 && o[0] == -7 && o[1] == 40 && k[2] == 2 && k[3] == 9,
		"another block of the same column: the kept outputs");
	CHECK(!clamp_memo_get(m, other_column, r, o, k), "another column: a miss");
	clamp_memo_free(m);
}

static void row_filter(int64_t w, int64_t h, int bx, int classes, int blocks)
{
	warpest_kernel *k;
	warpest_hw *hw;
	warpest_ctx *ctx = open_model_h100("test/data/models/row_filter17.json", &k, &hw);
	if (!ctx)
		return;
	static const char *const names[3] = {"w", "h", "pitch"};
	int64_t values[3] = {w, h, w};
	warpest_config c;
	config_params(&c, names, values, 3, bx, 1, 1);
	warpest_estimate *q, *r;
	estimate_both(ctx, k, hw, &c, &q, &r);
	CHECK(q && r, "%lldx%lld: estimates: %s", (long long)w, (long long)h, warpest_ctx_last_error(ctx));
	if (q && r) {
		CHECK(q->mem.n_classes == classes && r->mem.n_classes == blocks,
			"%lldx%lld, block %d: %d classes (expected %d), reference %d (expected %d)", (long long)w,
			(long long)h, bx, q->mem.n_classes, classes, r->mem.n_classes, blocks);
		CHECK(q->access[0].lanes * q->scale == (double)(w * h), "%lldx%lld: %.0f loads of the first "
			"tap (expected %lld)", (long long)w, (long long)h, q->access[0].lanes * q->scale,
			(long long)(w * h));
		CHECK(same_figures(q, r), "%lldx%lld: each block's figures as evaluated on its own "
			"(L1 %.6f/%.6f cycles per thread, DRAM load %.0f/%.0f B)", (long long)w, (long long)h,
			q->summary.l1_cycles_per_thread, r->summary.l1_cycles_per_thread,
			q->summary.dram_load_bytes, r->summary.dram_load_bytes);
	}
	warpest_estimate_free(q);
	warpest_estimate_free(r);
	close_model(ctx, k, hw);
}

int main(void)
{
	memo();
	/* w = 1024, h = 64, blocks of 256 x 1: a grid of 4 x 64 = 256 blocks.
	 * Column 0 clamps at x = 0 (taps k < 0 of its first 8 threads), column
	 * 3 at w - 1 (taps k > 0 of its last 8), columns 1 and 2 nowhere and
	 * alike (rows 4096 B apart, alike modulo 128): 3 classes. */
	row_filter(1024, 64, 256, 3, 256);
	/* w = pitch = 1000 (not a multiple of the block): columns 0 and 3 as
	 * above, the last one also cut by the guard x < w (1000 - 768 = 232
	 * threads), columns 1 and 2 alike; rows 4000 B apart now leave 4
	 * residues modulo 128 (4000 = 31 * 128 + 32): 3 x 4 = 12 classes. */
	row_filter(1000, 64, 256, 12, 256);
	return check_summary();
}
