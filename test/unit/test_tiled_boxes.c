/* Wave footprints from boxes for tiled kernels: a dimension whose ctaid and
 * tid coefficients are not in the ratio of global coordinates (a thread's
 * tile) has tid and ctaid as box variables apart, and guards that couple
 * tid, ctaid and loop variables are sliced into boxes (wave_boxes.c). The
 * footprint must be the lane-enumerated one, run for run after
 * normalisation, and every figure of the estimate must be the reference
 * path's. */
#include "reference_path.h"

#include "check.h"
#include "base/ctx.h"
#include "base/clock.h"
#include "cache/wave_boxes.h"

typedef struct param { const char *name; int64_t value; } param;

static void config_with(warpest_config *c, int bx, int by, int gx, int gy, const param *p, int n,
	const char **names, int64_t *values)
{
	warpest_config_init(c);
	c->block[0] = bx, c->block[1] = by, c->block[2] = 1;
	c->grid[0] = gx, c->grid[1] = gy, c->grid[2] = gy ? 1 : 0;
	for (int i = 0; i < n; i++)
		names[i] = p[i].name, values[i] = p[i].value;
	c->n_params = n;
	c->param_names = names;
	c->param_values = values;
}

/* Global loads and stores of blocks [first, first+count), lane by lane from
 * the linear forms: every thread, every iteration of the access's loops
 * (loops outside it at their first value), where every guard constraint
 * holds. */
static int lane_footprint(const launch *l, int64_t first, int64_t count, run_list *loads,
	run_list *stores)
{
	for (int i = 0; i < l->n_accesses; i++) {
		const bound_access *b = &l->accesses[i];
		if (b->field->space != km_space_global || !b->src->analysable)
			continue;
		const km_access *a = b->src;
		int64_t tuples = 1;
		for (int j = 0; j < a->n_loops; j++)
			tuples *= l->loops[a->loops[j]].trips > 0 ? l->loops[a->loops[j]].trips : 0;
		for (int64_t id = first; id < first + count; id++)
			for (int t = 0; t < l->threads_per_block; t++)
				for (int64_t u = 0; u < tuples; u++) {
					int64_t v[EXPR_N_VARYING] = {0}, rest = u;
					v[0] = t % l->block[0];
					v[1] = t / l->block[0] % l->block[1];
					v[2] = t / (l->block[0] * l->block[1]);
					launch_block_coords(l, id, &v[3]);
					for (int k = 0; k < l->kernel->n_loops; k++)
						v[6 + k] = l->loops[k].lower;
					for (int j = a->n_loops - 1; j >= 0; j--) {
						const bound_loop *bl = &l->loops[a->loops[j]];
						v[6 + a->loops[j]] = bl->lower + bl->src->step * (rest % bl->trips);
						rest /= bl->trips;
					}
					int on = 1;
					for (int c = 0; c < b->guard.n && on; c++)
						on = linear_form_eval(&b->guard.ge0[c], v) >= 0;
					int64_t at = linear_form_eval(&b->addr, v);
					if (on && run_list_push(a->kind == km_store ? stores : loads, at, at + a->bytes))
						return -1;
				}
	}
	return run_list_normalize(loads) || run_list_normalize(stores);
}

static int same_runs(const run_list *x, const run_list *y)
{
	if (x->n != y->n)
		return 0;
	for (int64_t i = 0; i < x->n; i++)
		if (x->r[i].lo != y->r[i].lo || x->r[i].hi != y->r[i].hi)
			return 0;
	return 1;
}

/* The box footprint of blocks [first, first+count) against the lanes';
 * returns the runs the boxes emitted (before normalisation), -1 on error. */
static int64_t compare_footprint(const launch *l, const char *what, int64_t first, int64_t count)
{
	run_list bl, bs, ll, ls;
	run_list_init(&bl), run_list_init(&bs), run_list_init(&ll), run_list_init(&ls);
	int rc = wave_boxes_footprint(l, first, count, &bl, &bs, (int64_t)1 << 22, 0);
	int64_t emitted = bl.n + bs.n;
	CHECK(rc == 0, "%s blocks [%lld, +%lld): boxes rc %d", what, (long long)first,
		(long long)count, rc);
	int ok = rc == 0 && !run_list_normalize(&bl) && !run_list_normalize(&bs) &&
		!lane_footprint(l, first, count, &ll, &ls);
	CHECK(ok && same_runs(&bl, &ll) && same_runs(&bs, &ls),
		"%s blocks [%lld, +%lld): loads %lld B in %lld runs, stores %lld B (boxes, %lld rows "
		"emitted) vs %lld B in %lld runs, %lld B (lanes)", what, (long long)first,
		(long long)count, (long long)run_list_measure(&bl), (long long)bl.n,
		(long long)run_list_measure(&bs), (long long)emitted, (long long)run_list_measure(&ll),
		(long long)ll.n, (long long)run_list_measure(&ls));
	run_list_free(&bl), run_list_free(&bs), run_list_free(&ll), run_list_free(&ls);
	return ok ? emitted : -1;
}

static warpest_kernel *load(warpest_ctx *ctx, const char *model)
{
	char path[512];
	snprintf(path, sizeof(path), "%s/test/data/models/%s", WARPEST_SOURCE_DIR, model);
	warpest_kernel *k = warpest_kernel_read_file(ctx, path);
	CHECK(k != NULL, "load %s: %s", model, k ? "" : warpest_ctx_last_error(ctx));
	return k;
}

/* tile3_bytes bound at n = 100 and `rows`, one thread a block, 40 blocks;
 * NULL (and a failed check) when it does not load or bind. */
static warpest_kernel *bind_tile3(warpest_ctx *ctx, const warpest_hw *hw, int64_t rows, launch *l)
{
	warpest_kernel *k = load(ctx, "tile3_bytes.json");
	if (!k)
		return NULL;
	warpest_config c;
	const char *names[2];
	int64_t values[2];
	const param p[] = {{"n", 100}, {"rows", rows}};
	config_with(&c, 1, 1, 40, 1, p, 2, names, values);
	if (launch_bind(ctx, k, hw, &c, l)) {
		CHECK(0, "bind tile3_bytes: %s", warpest_ctx_last_error(ctx));
		warpest_kernel_free(k);
		return NULL;
	}
	return k;
}

/* tile3_bytes: in[it][3*ctaid.x + j] (one thread in x, j < 3, bytes), guard
 * 3*ctaid.x + j < n, n = 100, rows = 2, pitch 128, a grid of 40 blocks where
 * 34 would do (the dedispersion kernel's surplus blocks).
 * Blocks [0, 40): per row the bytes 3*cx + j < 100, i.e. [0, 100): two runs,
 * [base, base+100) and [base+128, base+228), 200 bytes. Emitted: j = 0 runs
 * to cx = 33 (99 < 100), j = 1, 2 to cx = 32 (3*33 + 1 = 100 fails); over
 * cx <= 32 the three loads fill each other's gaps: 1 row per it (2), plus
 * j = 0 alone at cx = 33: 1 byte per it (2): 4 runs, where lanes give
 * 3*33 + 1 = 100 per row, 200.
 * Blocks [10, 20): bytes [30, 60) per row, 60 bytes. */
static void hand_computed(warpest_ctx *ctx, const warpest_hw *hw)
{
	launch l;
	warpest_kernel *k = bind_tile3(ctx, hw, 2, &l);
	if (!k)
		return;
	CHECK(wave_boxes_applicable(&l), "tile3_bytes 1x1x1: boxes apply");
	int64_t base = l.accesses[0].field_base;
	run_list loads, stores;
	run_list_init(&loads), run_list_init(&stores);
	int rc = wave_boxes_footprint(&l, 0, 40, &loads, &stores, (int64_t)1 << 22, 0);
	CHECK(rc == 0 && loads.n == 4 && stores.n == 0, "tile3_bytes: %lld rows emitted (expected 4)",
		(long long)loads.n);
	CHECK(!run_list_normalize(&loads) && loads.n == 2 && loads.r[0].lo == base &&
		loads.r[0].hi == base + 100 && loads.r[1].lo == base + 128 && loads.r[1].hi == base + 228,
		"tile3_bytes blocks [0, 40): runs [base, base+100), [base+128, base+228)");
	run_list_clear(&loads);
	rc = wave_boxes_footprint(&l, 10, 10, &loads, &stores, (int64_t)1 << 22, 0);
	CHECK(rc == 0 && !run_list_normalize(&loads) && run_list_measure(&loads) == 60,
		"tile3_bytes blocks [10, 20): %lld bytes (expected 2 x 30 = 60)",
		(long long)run_list_measure(&loads));
	compare_footprint(&l, "tile3_bytes 1x1x1", 0, 40);
	compare_footprint(&l, "tile3_bytes 1x1x1", 31, 9);
	run_list_free(&loads), run_list_free(&stores);
	launch_release(&l);
	warpest_kernel_free(k);
}

/* A wave of many rows stops at a deadline already past (2), instead of
 * emitting all of them with no check between: the parboil stencil's first
 * wave, 3.8 million rows, took 66 ms past a 4.5 ms limit. With no deadline
 * the same call emits every row: tile3_bytes at n = 1000, rows = 20000,
 * blocks [0, 40): per row [0, 100) of the 1000 columns, 3 loads merged to
 * one run per row plus j = 0 alone at cx = 33 (as hand_computed): 2 runs a
 * row, 40000 runs, whose bytes are 20000 x 100 = 2,000,000. */
static void deadline_stops(warpest_ctx *ctx, const warpest_hw *hw)
{
	launch l;
	warpest_kernel *k = bind_tile3(ctx, hw, 20000, &l);
	if (!k)
		return;
	run_list loads, stores;
	run_list_init(&loads), run_list_init(&stores);
	int rc = wave_boxes_footprint(&l, 0, 40, &loads, &stores, (int64_t)1 << 22, clock_seconds() - 1);
	CHECK(rc == 2 && loads.n < 40000, "tile3_bytes, deadline past: rc %d (expected 2), %lld rows "
		"(expected fewer than 40000)", rc, (long long)loads.n);
	run_list_clear(&loads);
	rc = wave_boxes_footprint(&l, 0, 40, &loads, &stores, (int64_t)1 << 22, 0);
	CHECK(rc == 0 && loads.n == 40000 && !run_list_normalize(&loads) &&
		run_list_measure(&loads) == 2000000, "tile3_bytes, no deadline: rc %d, %lld bytes "
		"(expected 0, 20000 x 100 = 2000000)", rc, (long long)run_list_measure(&loads));
	run_list_free(&loads), run_list_free(&stores);
	launch_release(&l);
	warpest_kernel_free(k);
}

/* Footprints of a few block ranges (the first wave's rows, a range ending
 * past the domain, one block) and every figure of the estimate, against the
 * lanes; returns the most rows one range emitted. */
static int64_t tiled(warpest_ctx *ctx, const warpest_hw *hw, const char *model, int bx, int by,
	const param *p, int n)
{
	warpest_kernel *k = load(ctx, model);
	if (!k)
		return -1;
	warpest_config c;
	const char *names[4];
	int64_t values[4];
	config_with(&c, bx, by, 0, 0, p, n, names, values);
	char what[128];
	snprintf(what, sizeof(what), "%s %dx%d", model, bx, by);
	launch l;
	int64_t most = 0;
	if (launch_bind(ctx, k, hw, &c, &l) == 0) {
		CHECK(wave_boxes_applicable(&l), "%s: boxes apply", what);
		int64_t nb = l.n_blocks, ranges[][2] = {{0, nb < 100 ? nb : 100}, {nb / 3, nb - nb / 3},
			{nb - 1, 1}, {l.grid[0] - 1, nb - l.grid[0] + 1}};
		for (int r = 0; r < 4; r++) {
			int64_t e = compare_footprint(&l, what, ranges[r][0], ranges[r][1]);
			most = e > most ? e : most;
		}
		launch_release(&l);
	} else
		CHECK(0, "bind %s: %s", what, warpest_ctx_last_error(ctx));
	warpest_estimate *fast, *ref;
	estimate_both(ctx, k, hw, &c, &fast, &ref);
	CHECK(fast && ref && same_figures(fast, ref), "%s: every figure as on the reference path "
		"(%.6g s, DRAM %.0f B vs %.6g s, %.0f B)", what, fast ? fast->summary.predicted_seconds : 0,
		fast ? fast->summary.dram_load_bytes : 0, ref ? ref->summary.predicted_seconds : 0,
		ref ? ref->summary.dram_load_bytes : 0);
	warpest_estimate_free(fast);
	warpest_estimate_free(ref);
	warpest_kernel_free(k);
	return most;
}

/* Every figure of the estimate against the reference path's, without a
 * work limit (which the reference path would pass). */
static void against_reference(warpest_ctx *ctx, const warpest_kernel *k, const warpest_hw *hw,
	warpest_config *c, const char *what)
{
	c->work_limit = 0;
	warpest_estimate *fast, *ref;
	estimate_both(ctx, k, hw, c, &fast, &ref);
	CHECK(fast && ref && same_figures(fast, ref), "%s: every figure as on the reference path "
		"(DRAM %.0f B vs %.0f B)", what, fast ? fast->summary.dram_load_bytes : 0,
		ref ? ref->summary.dram_load_bytes : 0);
	warpest_estimate_free(fast);
	warpest_estimate_free(ref);
}

/* The launch inside an eighth of the default work limit with every block
 * (no sample), predicting `seconds`; the estimate (NULL when none). */
static warpest_estimate *inside_work_limit(warpest_ctx *ctx, const warpest_kernel *k,
	const warpest_hw *hw, const warpest_config *c, const char *what, double seconds)
{
	unsetenv("WARPEST_ENUMERATE_LANES");
	warpest_estimate *e = estimate_compute_plain(ctx, k, hw, c);
	CHECK(e != NULL, "%s: %s", what, e ? "a prediction" : warpest_ctx_last_error(ctx));
	if (!e)
		return NULL;
	CHECK(fabs(e->summary.predicted_seconds - seconds) <= 1e-9, "%s: predicted %.9f s (expected "
		"%.9f)", what, e->summary.predicted_seconds, seconds);
	CHECK(e->work < WARPEST_DEFAULT_WORK_LIMIT / 8, "%s: work %lld lane evaluations", what,
		(long long)e->work);
	CHECK(e->mem.sample_runs == 0, "%s: every block, no sample", what);
	return e;
}

/* The dedispersion kernel that passed the work limit lane by lane (Kernel
 * Tuner's, block 1x80, tile 3x6: tid.x + 3*ctaid.x, guards coupling
 * 6*tid.y + 480*ctaid.y with the it loops, 768 iterations inside). */
static void dedispersion(warpest_ctx *ctx)
{
	warpest_hw *a4000 = warpest_hw_find(ctx, WARPEST_SOURCE_DIR "/runtime/tables", "rtx-a4000");
	warpest_kernel *k = load(ctx, "dedisp_bx1_tx3_ty6.json");
	CHECK(a4000 != NULL, "rtx-a4000 table");
	if (!k || !a4000) {
		warpest_kernel_free(k);
		warpest_hw_free(a4000);
		return;
	}
	warpest_config c;
	config_with(&c, 1, 80, 25000, 26, NULL, 0, NULL, NULL);
	c.registers = 40;
	/* the full launch inside the default work limit. DRAM load per thread:
	 * 192 MB over 52 039 680 active threads, 3.685026 B, as the same wave
	 * plan gives it lane by lane (WARPEST_ENUMERATE_LANES=1 --work-limit 0,
	 * 1 minute; predicted 0.177022 s, as before L1 costs took an odd stride
	 * over the loops' tuples with the last costed one standing for those
	 * left). The plan: 32 waves drawn from the 58
	 * busy ones (main at 803a2a1 spread 32 waves evenly over the 847 and
	 * gave 0.229958 s, 5.433278 B, a wave sample that the grid's stripes of
	 * busy blocks aliased) */
	warpest_estimate *e = inside_work_limit(ctx, k, a4000, &c, "dedispersion 1x80, grid 25000x26",
		0.177022312);
	if (e) {
		double per_thread = e->summary.dram_load_bytes / (double)e->summary.active_threads;
		CHECK_NEAR(per_thread, 3.685026, 5e-7, "dedispersion DRAM load per thread (B)");
	}
	warpest_estimate_free(e);
	/* a smaller grid against the reference path, figure by figure */
	config_with(&c, 1, 80, 8400, 2, NULL, 0, NULL, NULL);
	c.registers = 40;
	against_reference(ctx, k, a4000, &c, "dedispersion grid 8400x2");
	warpest_kernel_free(k);
	warpest_hw_free(a4000);
}

/* Two guard groups, each coupling a tid, a ctaid and its own loop (the
 * dedispersion kernel at block 2x160, tile 4x7, stride 1; it fell back to
 * lanes: tid.x, it0, tid.y, it1 coupled have 2*4*160*7 = 8960 tuples, past
 * the 4096 of one group; apart they have 8 and 1120):
 *   tid.x + 8*ctaid.x + 2*it0 < 25000 && tid.y + 1120*ctaid.y + 160*it1 < 2048,
 * it0 < 4, it1 < 7, it2 < n2; grid 12500x13 (the x guard cuts at
 * ctaid.x = 3125, the y guard inside ctaid.y = 1). Store arg1 (4 B) at
 * tid.x + 2*it0 + 8*ctaid.x + 25000*tid.y + 4000000*it1 + 28000000*ctaid.y:
 * per (tid.y, it1) one row of 8 elements a block, rows 25000 apart.
 * - Blocks [12500, +144) (ctaid.y = 1, ctaid.x < 144): tid.y + 160*it1 < 928,
 *   it1 <= 4 whole (800 rows) and it1 = 5 for tid.y < 128: 928 rows of
 *   144*8 = 1152 elements, 928*1152*4 = 4 276 224 B stored. Loads at n2 = 4:
 *   arg0 twice (25650 apart) a row of 1152 B per it2, 2*4*1152 = 9216 B;
 *   arg2 8 B at 8*it2, [0, 32): 9248 B.
 * - Blocks [3120, +10) (ctaid.y = 0: every row, 160*7 = 1120): ctaid.x <= 3124
 *   (8*3124 + 7 = 24999), 5 blocks of 8 elements: 1120*40*4 = 179 200 B;
 *   loads 2*4*40 + 32 = 352 B. */
static void dedispersion_two_groups(warpest_ctx *ctx, const warpest_hw *a4000)
{
	const param few[] = {{"n2", 4}}, full[] = {{"n2", 768}};
	const char *names[1];
	int64_t values[1];
	warpest_config c;
	warpest_kernel *k = load(ctx, "dedisp_bx2_tx4_ty7.json");
	if (!k)
		return;
	config_with(&c, 2, 160, 12500, 13, few, 1, names, values);
	c.registers = 64;
	launch l;
	if (launch_bind(ctx, k, a4000, &c, &l) == 0) {
		CHECK(wave_boxes_applicable(&l), "dedispersion 2x160: boxes apply");
		const int64_t expect[2][4] = {{12500, 144, 9248, 4276224}, {3120, 10, 352, 179200}};
		for (int r = 0; r < 2; r++) {
			run_list loads, stores;
			run_list_init(&loads), run_list_init(&stores);
			int rc = wave_boxes_footprint(&l, expect[r][0], expect[r][1], &loads, &stores,
				(int64_t)1 << 22, 0);
			CHECK(rc == 0 && !run_list_normalize(&loads) && !run_list_normalize(&stores) &&
				run_list_measure(&loads) == expect[r][2] &&
				run_list_measure(&stores) == expect[r][3], "dedispersion 2x160 blocks "
				"[%lld, +%lld): loads %lld B, stores %lld B (expected %lld, %lld)",
				(long long)expect[r][0], (long long)expect[r][1],
				(long long)run_list_measure(&loads), (long long)run_list_measure(&stores),
				(long long)expect[r][2], (long long)expect[r][3]);
			run_list_free(&loads), run_list_free(&stores);
		}
		/* the first wave, both guards' edges, a range across the y edge,
		 * the last wave (every lane guarded off) */
		const int64_t ranges[][2] = {{0, 144}, {3100, 144}, {12500 + 3100, 144},
			{12490, 20}, {12500 * 13 - 144, 144}};
		for (unsigned r = 0; r < sizeof(ranges) / sizeof(ranges[0]); r++)
			compare_footprint(&l, "dedispersion 2x160", ranges[r][0], ranges[r][1]);
		launch_release(&l);
	} else
		CHECK(0, "bind dedispersion 2x160: %s", warpest_ctx_last_error(ctx));
	/* every figure against the reference path on a grid where it is cheap */
	config_with(&c, 2, 160, 300, 2, few, 1, names, values);
	c.registers = 64;
	against_reference(ctx, k, a4000, &c, "dedispersion 2x160 grid 300x2");
	/* the full launch inside the default work limit, every block: 143.242
	 * ms, as the same wave plan gives it lane by lane with --work-limit 0
	 * (143.826 ms before L1 costs took an odd stride over the loops' tuples;
	 * main at 0a15a9b, waves spread evenly: 236.721 ms) */
	config_with(&c, 2, 160, 12500, 13, full, 1, names, values);
	c.registers = 64;
	warpest_estimate_free(inside_work_limit(ctx, k, a4000, &c,
		"dedispersion 2x160, grid 12500x13", 0.143242362));
	warpest_kernel_free(k);
}

int main(void)
{
	warpest_ctx *ctx = warpest_ctx_alloc();
	warpest_hw *h100 = warpest_hw_find(ctx, WARPEST_SOURCE_DIR "/runtime/tables", "h100-sxm");
	CHECK(h100 != NULL, "tables");
	if (!h100)
		return check_summary();
	hand_computed(ctx, h100);
	deadline_stops(ctx, h100);
	/* tiles strided and consecutive; guards coupling tid.x with ctaid.x and
	 * gy (or tid.y, ctaid.y) with the loop; sizes that leave partial tiles */
	const int shapes[][2] = {{32, 8}, {16, 16}, {8, 4}, {1, 64}, {64, 1}, {3, 5}};
	const param p2d[] = {{"nx", 1000}, {"ny", 301}}, p2d_even[] = {{"nx", 1024}, {"ny", 256}};
	for (unsigned s = 0; s < sizeof(shapes) / sizeof(shapes[0]); s++) {
		int64_t most = tiled(ctx, h100, "tile2x4.json", shapes[s][0], shapes[s][1], p2d, 2);
		tiled(ctx, h100, "tile2x4.json", shapes[s][0], shapes[s][1], p2d_even, 2);
		printf("      tile2x4 %dx%d: at most %lld rows emitted for a range\n", shapes[s][0],
			shapes[s][1], (long long)most);
	}
	const param p3[] = {{"n", 1000}, {"rows", 7}};
	tiled(ctx, h100, "tile3_bytes.json", 1, 1, p3, 2);
	tiled(ctx, h100, "tile3_bytes.json", 32, 1, p3, 2);
	tiled(ctx, h100, "tile3_bytes.json", 5, 1, p3, 2);
	dedispersion(ctx);
	warpest_hw *a4000 = warpest_hw_find(ctx, WARPEST_SOURCE_DIR "/runtime/tables", "rtx-a4000");
	if (a4000)
		dedispersion_two_groups(ctx, a4000);
	warpest_hw_free(a4000);
	warpest_hw_free(h100);
	warpest_ctx_free(ctx);
	return check_summary();
}
