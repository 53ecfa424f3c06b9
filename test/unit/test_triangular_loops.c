/* Loops whose bounds use an outer loop's variable (a triangular solve's
 * `for (j = 0; j < i; j++)`): where those bounds see no block coordinate,
 * directly or through the outer loops, every block runs them alike, so
 * blocks still group into classes (cache/block_eval.c,
 * loop_bounds_see_block). Checked against lane-by-lane evaluation; a
 * triangle whose outer bound moves with the block keeps every block its own
 * class. Guards and addresses of no form the key captures (floor division of
 * a loop variable) keep blocks apart only where they read the block. */
#include "reference_path.h"

#include "check.h"

/* Each of 64 rows (one thread each) reads a[row][0..i) for i = 0..7, and a
 * guard on the thread keeps the last 8 rows out. `upper` is the outer loop's
 * bound; `column` the column read in the inner loop, and `guard` a further
 * guard on it (an unrolled remainder's even part: 2*(j / 2), j % 2 == 0). */
static warpest_kernel *triangle_with(warpest_ctx *ctx, const char *upper, const char *column,
	const char *guard)
{
	char doc[2048];
	snprintf(doc, sizeof(doc),
		"{\"format\": \"warpest-kernel-model\", \"version\": 1, \"kernel\": \"tri\",\n"
		" \"params\": [{\"name\": \"n\", \"value\": 4096}], \"threads\": {\"x\": \"n\"},\n"
		" \"defs\": {\"row\": \"tid.x + ctaid.x*ntid.x\"},\n"
		" \"loops\": [{\"var\": \"i\", \"lower\": \"0\", \"upper\": \"%s\"},\n"
		"            {\"var\": \"j\", \"lower\": \"0\", \"upper\": \"i\"}],\n"
		" \"fields\": [{\"name\": \"a\", \"elem_bytes\": 4}, {\"name\": \"x\", \"elem_bytes\": 4}],\n"
		" \"accesses\": [\n"
		"   {\"field\": \"a\", \"kind\": \"load\", \"bytes\": 4, \"index\": [\"row*8 + %s\"],\n"
		"    \"loops\": [\"i\", \"j\"], \"guard\": \"tid.x < ntid.x - 8%s\"},\n"
		"   {\"field\": \"x\", \"kind\": \"load\", \"bytes\": 4, \"index\": [\"j\"], \"loops\": [\"i\", \"j\"]},\n"
		"   {\"field\": \"x\", \"kind\": \"store\", \"bytes\": 4, \"index\": [\"row*8 + i\"], \"loops\": [\"i\"]}]}",
		upper, column, guard);
	return warpest_kernel_read_string(ctx, doc, "triangle.json");
}

/* Estimates the triangle both ways: `grouped` says whether its blocks must
 * share classes; `lanes`, when not -1, is the a[] load's lane count. */
static void check_triangle(warpest_ctx *ctx, const warpest_hw *hw, const char *upper,
	const char *column, const char *guard, int grouped, double lanes)
{
	char what[160];
	snprintf(what, sizeof(what), "outer bound '%s', column '%s'%s", upper, column, guard);
	warpest_kernel *k = triangle_with(ctx, upper, column, guard);
	CHECK(k != NULL, "%s: reads: %s", what, k ? "" : warpest_ctx_last_error(ctx));
	if (!k)
		return;
	warpest_config c;
	warpest_config_init(&c);
	c.block[0] = 64;
	warpest_estimate *q, *r;
	estimate_both(ctx, k, hw, &c, &q, &r);
	CHECK(q && r, "%s: both paths estimate: %s", what, warpest_ctx_last_error(ctx));
	if (q && r) {
		/* 4096 threads in 64 blocks of 64. Grouped: blocks differ only in
		 * their offset's residue mod 128 B (row*8 floats = 32 B a row, 64
		 * rows = 2048 B a block: one residue), so one class; else one class
		 * per block, 64. */
		if (grouped)
			CHECK(q->mem.n_classes <= 2, "%s: %d classes (at most 2)", what, q->mem.n_classes);
		else
			CHECK(q->mem.n_classes == 64, "%s: %d classes (64, one a block)", what,
				q->mem.n_classes);
		CHECK(same_figures(q, r), "%s: the reference figures (L2 load %.0f/%.0f B)", what,
			q->summary.l2_load_bytes, r->summary.l2_load_bytes);
		if (lanes >= 0)
			CHECK(q->access[0].lanes == lanes, "%s: a[] lanes %.0f (%.0f)", what,
				q->access[0].lanes, lanes);
	}
	warpest_estimate_free(q);
	warpest_estimate_free(r);
	warpest_kernel_free(k);
}

int main(void)
{
	warpest_ctx *ctx = warpest_ctx_alloc();
	warpest_hw *hw = warpest_hw_find(ctx, WARPEST_SOURCE_DIR "/runtime/tables", "h100-sxm");
	CHECK(hw != NULL, "h100-sxm table: %s", hw ? "" : warpest_ctx_last_error(ctx));
	if (hw) {
		/* i = 0..7 gives 0+1+...+7 = 28 inner iterations a thread; 56 of
		 * the 64 threads of a block pass the guard: 64 blocks * 56 * 28 =
		 * 100352 lanes of the load of a[] */
		check_triangle(ctx, hw, "8", "j", "", 1, 100352.0);
		/* the triangle's size follows the block: min(ctaid.x, 7) + 1 */
		check_triangle(ctx, hw, "min(ctaid.x, 7) + 1", "j", "", 0, -1);
		/* a guard and an address of no form the key captures (floor division
		 * of a loop variable) are evaluated lane by lane in each class; they
		 * keep blocks apart only where they read the block's coordinates.
		 * Even j only: j = 0, 2, 4, 6 run for i > j, 7 + 5 + 3 + 1 = 16 of
		 * the 28 iterations: 64 * 56 * 16 = 57344 lanes */
		check_triangle(ctx, hw, "8", "2*(j / 2)", " && j % 2 == 0", 1, 57344.0);
		/* the same guard with the block in it: every block apart */
		check_triangle(ctx, hw, "8", "2*(j / 2)", " && (j + 2*ctaid.x) % 2 == 0", 0, 57344.0);
		/* a disjunction of the thread and both loops (walked with the lanes
		 * sharing the loops' values, cache/lane_walk.c; the reference path
		 * walks every lane's bounds and guard expression). Of the 56
		 * threads, t < j (j of them) or t >= 40 + i (16 - i; disjoint, as
		 * j < i <= 7): sum over i = 0..7 of i*(i-1)/2 + i*(16 - i) =
		 * 15.5*28 - 0.5*140 = 364 a block, 64 * 364 = 23296 lanes */
		check_triangle(ctx, hw, "8", "j", " && (tid.x < j || tid.x >= 40 + i)", 1, 23296.0);
	}
	warpest_hw_free(hw);
	warpest_ctx_free(ctx);
	return check_summary();
}
