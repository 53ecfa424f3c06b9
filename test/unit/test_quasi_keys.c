/* Quasi-affine guards in the block-class key: a red-black Gauss-Seidel
 * sweep, whose column i = 2*x + 1 + ((j + color) & 1) and guard
 * i < n - 1 change with the row's parity. The guard's range over a block's
 * threads is read from a memo by the block's atom residues
 * (cache/quasi_key_memo.c); every figure must equal the reference path's,
 * which evaluates every lane of every block. */
#include "reference_path.h"

#include "check.h"
#include "cache/quasi_key_memo.h"

static void memo(void)
{
	quasi_key_memo *m = quasi_key_memo_alloc(2, 1);
	CHECK(m != NULL, "memo allocated");
	if (!m)
		return;
	int64_t r0[2] = {0, 1}, r1[2] = {1, 1};
	CHECK(quasi_key_memo_find(m, r0) == NULL, "empty memo: no entry");
	int64_t *p = quasi_key_memo_add(m, r0);
	CHECK(p != NULL, "room for the first entry");
	if (p)
		p[0] = -3, p[1] = 5, p[2] = 7;
	const int64_t *q = quasi_key_memo_find(m, r0);
	CHECK(q && q[0] == -3 && q[1] == 5 && q[2] == 7, "entry found by its residues");
	CHECK(quasi_key_memo_find(m, r1) == NULL, "other residues: no entry");
	/* the memo holds at most 64 entries: past them, add says so and the
	 * caller computes the parts itself */
	int full = 0;
	for (int64_t i = 0; i < 100 && !full; i++) {
		int64_t r[2] = {i + 10, 0};
		full = quasi_key_memo_add(m, r) == NULL;
	}
	CHECK(full, "a full memo refuses new entries");
	CHECK(quasi_key_memo_find(m, r0) != NULL, "old entries stay when full");
	quasi_key_memo_free(m);
}

static void sweep(int64_t color, double updates)
{
	const char *model = "test/data/models/redblack_sweep.json";
	warpest_kernel *k;
	warpest_hw *hw;
	warpest_ctx *ctx = open_model_h100(model, &k, &hw);
	if (!ctx)
		return;
	static const char *const names[2] = {"n", "color"};
	int64_t values[2] = {1001, color};
	warpest_config c;
	config_params(&c, names, values, 2, 32, 8, 1);
	warpest_estimate *q, *r;
	estimate_both(ctx, k, hw, &c, &q, &r);
	CHECK(q && r, "estimates: %s", warpest_ctx_last_error(ctx));
	if (q && r) {
		/* threads (n - 1)/2 = 500 by n - 2 = 999: a grid of 16 x 125 =
		 * 2000 blocks */
		CHECK(q->mem.n_classes < 64 && r->mem.n_classes == 2000,
			"color %lld: %d classes (expected < 64), reference %d (expected 2000)",
			(long long)color, q->mem.n_classes, r->mem.n_classes);
		CHECK(q->access[5].lanes * q->scale == updates,
			"color %lld: %.0f updates (expected %.0f)", (long long)color,
			q->access[5].lanes * q->scale, updates);
		CHECK(same_figures(q, r), "color %lld: the reference figures (L1 %.6f/%.6f cycles per "
			"thread, L2 load %.0f/%.0f B, DRAM load %.0f/%.0f B)", (long long)color,
			q->summary.l1_cycles_per_thread, r->summary.l1_cycles_per_thread,
			q->summary.l2_load_bytes, r->summary.l2_load_bytes, q->summary.dram_load_bytes,
			r->summary.dram_load_bytes);
	}
	warpest_estimate_free(q);
	warpest_estimate_free(r);
	close_model(ctx, k, hw);
}

/* A floor by a divisor larger than a block's span: batch_floor's
 * x / n == 0 leaves residue 256*b mod n, different in every block, but no
 * block's threads cross a multiple of n, so x / n is uniform in each and
 * its residue is keyed as one (block_eval.c, mark_unsplit_floors). */
static void batch(int64_t n, int classes, int blocks)
{
	warpest_kernel *k;
	warpest_hw *hw;
	warpest_ctx *ctx = open_model_h100("test/data/models/batch_floor.json", &k, &hw);
	if (!ctx)
		return;
	static const char *const names[1] = {"n"};
	int64_t values[1] = {n};
	warpest_config c;
	config_params(&c, names, values, 1, 256, 1, 1);
	warpest_estimate *q, *r;
	estimate_both(ctx, k, hw, &c, &q, &r);
	CHECK(q && r, "batch n = %lld: estimates: %s", (long long)n, warpest_ctx_last_error(ctx));
	if (q && r) {
		CHECK(q->mem.n_classes == classes && r->mem.n_classes == blocks,
			"batch n = %lld: %d classes (expected %d), reference %d (expected %d)", (long long)n,
			q->mem.n_classes, classes, r->mem.n_classes, blocks);
		CHECK(q->access[0].lanes * q->scale == (double)n, "batch n = %lld: %.0f loads (expected %lld)",
			(long long)n, q->access[0].lanes * q->scale, (long long)n);
		CHECK(same_figures(q, r), "batch n = %lld: every figure as block by block (L2 load %.0f/%.0f B)",
			(long long)n, q->summary.l2_load_bytes, r->summary.l2_load_bytes);
	}
	warpest_estimate_free(q);
	warpest_estimate_free(r);
	close_model(ctx, k, hw);
}

int main(void)
{
	memo();
	/* n = 1001: rows j = 1..999, columns i < 1000. color 1: even rows
	 * start at i = 2 (x <= 498: 499 points), odd rows at i = 1 (x <= 499:
	 * 500 points); 500 odd rows * 500 + 499 even rows * 499 = 250000 +
	 * 249001 = 499001. color 0 swaps them: 500 * 499 + 499 * 500 = 499000. */
	sweep(1, 499001);
	sweep(0, 499000);
	/* n = 65536: 131072 threads, 512 blocks of 256. Blocks 0..255 have
	 * x / n = 0, 256..511 have 1 and idle (the guard): two classes where
	 * each block's residue differed. */
	batch(65536, 2, 512);
	/* n = 1000: 2000 threads, 8 blocks. Blocks 3 (x = 768..1023) and 7
	 * (1792..2047) cross a multiple of n and keep their residues (768,
	 * 792); 0..2 (x / n = 0) are alike, offsets 1024 B apart, and so are
	 * the idle 4..6 (x / n = 1, residues 24, 280, 536): classes {0,1,2},
	 * {3}, {4,5,6}, {7}, against 8 blocks on the reference path. */
	batch(1000, 4, 8);
	return check_summary();
}
