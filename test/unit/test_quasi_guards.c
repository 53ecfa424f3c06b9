/* Guards with floor and mod (a warp per row: tid.x / 32 picks the row,
 * tid.x % 32 the lane in it) and loops whose bounds vary by thread, bound
 * as quasi-affine forms (launch.c, block_eval.c): blocks still fall into
 * classes, and every figure equals lane-by-lane evaluation of the
 * expression trees (the reference path). Models: the pass's own output for
 * two corpus kernels (test/lit/corpus/misc.cu, gridstride.cu). */
#include "reference_path.h"

#include "check.h"

static void compare(const char *model, const char *const *names, int64_t *values, int n,
	int bx, int classes, int ref_classes)
{
	warpest_kernel *k;
	warpest_hw *hw;
	warpest_ctx *ctx = open_model_h100(model, &k, &hw);
	if (!ctx)
		return;
	warpest_config c;
	warpest_config_init(&c);
	c.param_names = names;
	c.param_values = values;
	c.n_params = n;
	c.block[0] = bx, c.block[1] = 1, c.block[2] = 1;
	warpest_estimate *q, *r;
	estimate_both(ctx, k, hw, &c, &q, &r);
	CHECK(q && r, "%s: estimates: %s", model, warpest_ctx_last_error(ctx));
	if (q && r) {
		int guard_quasi = q->launch.kernel_guard_quasi;
		CHECK(guard_quasi && !r->launch.kernel_guard_quasi, "%s: kernel guard quasi-affine (%d), "
			"not on the reference path", model, guard_quasi);
		CHECK(q->mem.n_classes == classes && r->mem.n_classes == ref_classes,
			"%s block %d: %d classes (expected %d), reference %d (expected %d)", model, bx,
			q->mem.n_classes, classes, r->mem.n_classes, ref_classes);
		CHECK(same_figures(q, r), "%s block %d: the reference figures (L1 %.4f/%.4f cycles per "
			"thread, DRAM load %.0f/%.0f B)", model, bx, q->summary.l1_cycles_per_thread,
			r->summary.l1_cycles_per_thread, q->summary.dram_load_bytes, r->summary.dram_load_bytes);
	}
	warpest_estimate_free(q);
	warpest_estimate_free(r);
	close_model(ctx, k, hw);
}

int main(void)
{
	/* softmax_rows: a warp per row, grid 1024 blocks (the pass's guess).
	 * With 256 threads, block b serves rows 8b..8b+7: blocks 0..11 are
	 * full, block 12 is cut (rows 96..99 of 100), the rest idle. A row is
	 * 70 * 4 = 280 B, a block's rows start at 2240 b B, which is 0 or 64
	 * modulo 128: full blocks 2 classes, the cut one 1, idle ones 2 (their
	 * key still holds the alignment) = 5. The row loops run (ncols - lane -
	 * 1) / 32 + 1 = 3 or 2 times for 70 columns. The reference path
	 * evaluates every block on its own (tid.x / 32 is not affine): 1024. */
	static const char *const softmax_names[2] = {"nrows", "ncols"};
	int64_t softmax_values[2] = {100, 70};
	compare("test/data/models/softmax_rows.json", softmax_names, softmax_values, 2, 256, 5, 1024);
	/* 96 threads: 3 rows per block starting at 840 b B; 840 = 72 mod 128
	 * and gcd(72, 128) = 8, so 16 alignments: full blocks 16, the cut block
	 * (33: row 99 only) 1, idle blocks 16 = 33 */
	compare("test/data/models/softmax_rows.json", softmax_names, softmax_values, 2, 96, 33, 1024);
	/* morton_gather: the guard permutes a block's 256 threads by their bits
	 * (Morton order) and compares with n. 5000 = 19 * 256 + 136: blocks
	 * 0..18 full, block 19 cut, the rest of the 1024 idle; blocks start at
	 * 1024 b B, always 0 modulo 128: 3 classes */
	static const char *const morton_names[1] = {"n"};
	int64_t morton_values[1] = {5000};
	compare("test/data/models/morton_gather.json", morton_names, morton_values, 1, 256, 3, 1024);
	return check_summary();
}
