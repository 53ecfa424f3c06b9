/* Iteration sampling (estimate.c, the repair after the smallest block
 * sample; lane_walk.c, walk_iteration_sample): a triangle whose rows have
 * n - 1 - t iterations (bounds that vary by thread) around a constant loop
 * of 40. With the work limit too small for one block, the estimate samples
 * the loops' iterations; instruction and lane counts must stay exact and
 * the footprints (from the addresses' slopes over the skipped iterations)
 * must equal the exact walk's. Then the last resort (a time limit that
 * stops every timed run): a constant loop longer than 16 iterations is
 * sampled at 16 at once, with exact counts. */
#include "reference_path.h"

#include "check.h"

static int has_assumption(const warpest_estimate *e, const char *text)
{
	for (int i = 0; i < e->assumptions.n; i++)
		if (strstr(e->assumptions.text[i], text))
			return 1;
	return 0;
}

static warpest_estimate *estimate_n64(warpest_ctx *ctx, const warpest_kernel *k, const warpest_hw *hw,
	int64_t work_limit)
{
	static const char *const names[1] = {"n"};
	static int64_t values[1] = {64};
	warpest_config c;
	config_params(&c, names, values, 1, 64, 1, 1);
	c.work_limit = work_limit;
	c.skip_neighbours = 1;
	return estimate_compute_plain(ctx, k, hw, &c);
}

/* A model's estimate under a 0.01 ms time limit, which stops every timed
 * run: what the last resort gives (block 256, no neighbours). */
typedef struct last_resort_run {
	warpest_ctx *ctx;
	warpest_kernel *k;
	warpest_hw *hw;
	warpest_estimate *e;
} last_resort_run;

/* Opens the model at `path` and estimates it at the given parameters (a
 * check that there is an estimate, named `what`); 1 with r->e set, else 0.
 * last_resort_close frees what it opened either way. */
static int last_resort_open(const char *path, const char *what, const char *const *names,
	int64_t *values, int n, last_resort_run *r)
{
	memset(r, 0, sizeof(*r));
	r->ctx = open_model_h100(path, &r->k, &r->hw);
	if (!r->ctx)
		return 0;
	warpest_config c;
	config_params(&c, names, values, n, 256, 1, 1);
	c.time_limit_ms = 0.01;
	c.skip_neighbours = 1;
	r->e = warpest_estimate_compute(r->ctx, r->k, r->hw, &c);
	CHECK(r->e != NULL, "%s: an estimate%s%s", what, r->e ? "" : ": ",
		r->e ? "" : warpest_ctx_last_error(r->ctx));
	return r->e != NULL;
}

static void last_resort_close(last_resort_run *r)
{
	warpest_estimate_free(r->e);
	if (r->ctx)
		close_model(r->ctx, r->k, r->hw);
}

/* The first access's warp-instructions and lanes over the launch, and
 * whether the last resort sampled its loop at 16. */
static void check_sampled_counts(const warpest_estimate *e, const char *what, double instructions,
	double lanes, int sampled)
{
	CHECK(has_assumption(e, "the last resort, to stay under 8388608 lane evaluations: loops "
		"longer than 16 iterations sampled too") == sampled, "%s: the last resort %s the loop at 16",
		what, sampled ? "samples" : "does not sample");
	CHECK(e->access[0].instructions * e->scale == instructions && e->access[0].lanes * e->scale == lanes,
		"%s: %.0f warp-instructions, %.0f lanes (expected %.0f, %.0f)", what,
		e->access[0].instructions * e->scale, e->access[0].lanes * e->scale, instructions, lanes);
}

/* colsum_scatter at n = 8192 columns and 32768 rows, blocks of 256: a
 * 0.01 ms limit stops the first run and the smallest block sample, and the
 * last resort takes 2 blocks. Its load is affine: its rows come from boxes
 * and its L1 costs from warp residues, not from 256 lanes x 32768 rows
 * (16.8 M, past the last resort's 8,388,608), so its loop is not sampled.
 * (Before, the scatter store's quasi-affine address kept boxes off the
 * whole launch, and the loop was sampled at 16: estimate.c,
 * last_resort_iterations.) */
static void last_resort_constant_loop(void)
{
	static const char *const names[2] = {"n", "rows"};
	int64_t values[2] = {8192, 32768};
	last_resort_run r;
	if (last_resort_open("test/data/models/colsum_scatter.json", "last resort", names, values, 2, &r)) {
		const warpest_estimate *e = r.e;
		/* the load: 8192 / 32 = 256 warps, each 32768 rows: 8,388,608
		 * warp-instructions of 32 lanes (268,435,456), 128 B each = 4
		 * sectors: 33,554,432 sectors, 1,073,741,824 B from L2 */
		check_sampled_counts(e, "colsum", 8388608.0, 268435456.0, 0);
		CHECK(e->summary.l2_load_bytes == 1073741824.0, "L2 load %.0f B (expected 1073741824)",
			e->summary.l2_load_bytes);
		/* the store: a warp's 32 slots 3 floats apart span 96 floats, 12
		 * sectors; 256 warps: 3072 sectors, 98,304 B */
		CHECK(e->summary.l2_store_bytes == 98304.0, "L2 store %.0f B (expected 98304)",
			e->summary.l2_store_bytes);
	}
	last_resort_close(&r);
}

/* colsum_wrapped: the same loop, its columns (x % w) wrapped at w = 8000.
 * The address is quasi-affine, but its atom reads no loop, so the rows
 * move it by n * 4 bytes a trip as an affine one's do: the loop is sampled
 * too (before, the lanes walked every row, and with no block sample inside
 * 8,388,608 lane evaluations the estimate had none). */
static void last_resort_quasi_column(void)
{
	static const char *const names[3] = {"n", "rows", "w"};
	int64_t values[3] = {8192, 32768, 8000};
	last_resort_run r;
	if (last_resort_open("test/data/models/colsum_wrapped.json", "wrapped columns", names, values, 3, &r)) {
		const warpest_estimate *e = r.e;
		/* 256 warps x 32768 rows as above; each warp's 32 columns stay
		 * within one aligned 128 B (warp 250 wraps to columns 0..31 whole):
		 * 4 sectors each, 1,073,741,824 B from L2 */
		check_sampled_counts(e, "wrapped columns", 8388608.0, 268435456.0, 1);
		CHECK(e->summary.l2_load_bytes == 1073741824.0, "wrapped columns: L2 load %.0f B "
			"(expected 1073741824)", e->summary.l2_load_bytes);
	}
	last_resort_close(&r);
}

/* The launch's DRAM load and store bytes against hand-computed ones. */
static void check_dram(const warpest_estimate *e, const char *what, double load, double store)
{
	CHECK(e->summary.dram_load_bytes == load && e->summary.dram_store_bytes == store,
		"%s: DRAM load %.0f B, store %.0f B (expected %.0f, %.0f)", what,
		e->summary.dram_load_bytes, e->summary.dram_store_bytes, load, store);
}

/* ring_sum: one block of n = 256 threads sums a[(x + j) % r] over j < taps
 * = 65536, a ring of r = 65600 floats (one block: no block sample helps,
 * and 256 x 65536 lanes pass the last resort's 8,388,608). The mod atom
 * reads the loop, so the address moves by one element a trip until it
 * wraps: the skipped taps a sampled one stands for cover a cyclic interval
 * of residues (lane_walk.c, ring_atom). Before, the lanes walked every tap
 * and the estimate had none. */
static void last_resort_ring(void)
{
	static const char *const names[3] = {"n", "r", "taps"};
	int64_t values[3] = {256, 65600, 65536};
	last_resort_run r;
	if (last_resort_open("test/data/models/ring_sum.json", "ring", names, values, 3, &r)) {
		const warpest_estimate *e = r.e;
		/* 8 warps x 65536 taps = 524,288 warp-instructions of 32 lanes
		 * (16,777,216) */
		check_sampled_counts(e, "ring", 524288.0, 16777216.0, 1);
		/* x + j runs over 0..255 + 65535 = 65790, past r: every residue,
		 * 65600 floats = 262,400 B (8200 sectors) from DRAM; the sums, 1024
		 * B stored. The 16 sampled taps alone (j = 2048 + 4096 c) reach
		 * residues 2048..63743 only: 61,696 floats. */
		check_dram(e, "ring", 262400.0, 1024.0);
	}
	last_resort_close(&r);
}

/* decimate_sum: one block of n = 256 threads sums a[x + j / 4] over j <
 * taps = 65536 (256 x 65536 lanes pass the last resort's 8,388,608 too).
 * The floor atom reads the loop and steps by one every 4 trips, so the
 * trips a sampled one stands for cover an interval of its values
 * (lane_walk.c, ring_atom). Before, the lanes walked every tap and the
 * estimate had none. */
static void last_resort_floor(void)
{
	static const char *const names[2] = {"n", "taps"};
	int64_t values[2] = {256, 65536};
	last_resort_run r;
	if (last_resort_open("test/data/models/decimate_sum.json", "decimated", names, values, 2, &r)) {
		const warpest_estimate *e = r.e;
		check_sampled_counts(e, "decimated", 524288.0, 16777216.0, 1);
		/* x + j / 4 runs over 0..255 + 16383: 16,639 floats, 66,556 B from
		 * a 256 B boundary, 2080 sectors: 66,560 B from DRAM (the 16 sampled
		 * taps alone, j / 4 = 512 + 1024 c, reach 16 rows of 256 floats);
		 * the sums 1024 B */
		check_dram(e, "decimated", 66560.0, 1024.0);
	}
	last_resort_close(&r);
}

int main(void)
{
	last_resort_constant_loop();
	last_resort_quasi_column();
	last_resort_ring();
	last_resort_floor();
	const char *model = "test/data/models/triangle_rows.json";
	warpest_kernel *k;
	warpest_hw *hw;
	warpest_ctx *ctx = open_model_h100(model, &k, &hw);
	if (!ctx)
		return check_summary();
	warpest_estimate *exact = estimate_n64(ctx, k, hw, 0);
	CHECK(exact != NULL, "exact estimate%s%s", exact ? "" : ": ", exact ? "" : warpest_ctx_last_error(ctx));
	/* 3000 lane evaluations: the block's 94 + 3760 warp-instructions (32
	 * units each) do not fit, the sampled ones (about 4 iterations a loop)
	 * do */
	warpest_estimate *sampled = estimate_n64(ctx, k, hw, 3000);
	CHECK(sampled != NULL, "sampled estimate%s%s", sampled ? "" : ": ", sampled ? "" : warpest_ctx_last_error(ctx));
	if (exact && sampled) {
		CHECK(!has_assumption(exact, "iterations sampled too"), "the exact run samples no iteration");
		CHECK(has_assumption(sampled, "loops longer than 4 iterations sampled too"),
			"the sampled run says so (cap 4 after 16 did not fit)");
		/* one block of 64 threads, n = 64: thread t runs 63 - t rows.
		 * store out: warp 0 runs max(63 - t) = 63 rows, warp 1 31: 94
		 * warp-instructions; lanes sum(63 - t, t = 0..63) = 63*64/2 = 2016.
		 * load b: 40 times those: 3760 and 80640. */
		static const double instructions[2] = {94, 3760}, lanes[2] = {2016, 80640};
		for (int a = 0; a < 2; a++) {
			CHECK(exact->access[a].instructions * exact->scale == instructions[a] &&
				exact->access[a].lanes * exact->scale == lanes[a],
				"access %d exact: %.0f warp-instructions (expected %.0f), %.0f lanes (expected %.0f)",
				a, exact->access[a].instructions * exact->scale, instructions[a],
				exact->access[a].lanes * exact->scale, lanes[a]);
			CHECK(sampled->access[a].instructions * sampled->scale == instructions[a] &&
				sampled->access[a].lanes * sampled->scale == lanes[a],
				"access %d sampled: %.0f warp-instructions (expected %.0f), %.0f lanes (expected %.0f)",
				a, sampled->access[a].instructions * sampled->scale, instructions[a],
				sampled->access[a].lanes * sampled->scale, lanes[a]);
		}
		/* footprints: b's 40 rows of 64 floats (columns 1..63 read, in 2
		 * sectors of 128 B a row... whole rows: 40 * 256 = 10240 B);
		 * the skipped iterations' bytes come from the slopes, so the wave's
		 * load and store footprints equal the exact walk's */
		CHECK(sampled->mem.wave_load_units_bytes == exact->mem.wave_load_units_bytes &&
			exact->mem.wave_load_units_bytes == 10240,
			"load footprint %.0f B sampled, %.0f exact (expected 10240)",
			sampled->mem.wave_load_units_bytes, exact->mem.wave_load_units_bytes);
		CHECK(sampled->mem.wave_store_bytes == exact->mem.wave_store_bytes,
			"store footprint %.0f B sampled, %.0f exact", sampled->mem.wave_store_bytes,
			exact->mem.wave_store_bytes);
		/* The walk predicts a nest's work before it walks it (a row loop
		 * around constant loops: each warp's longest row times the 40
		 * trips inside) and fails at once where it cannot fit: exactly at
		 * the exact run's own work it still fits, one unit less it does
		 * not. The walk's share by hand: (63 + 31) rows x (1 + 40)
		 * warp-instructions x 32 units = 123,328 of the run's work. */
		int64_t need = exact->work;
		warpest_estimate *at = estimate_n64(ctx, k, hw, need), *under = estimate_n64(ctx, k, hw, need - 1);
		CHECK(need >= 123328 && at && !has_assumption(at, "sampled") &&
			at->summary.predicted_seconds == exact->summary.predicted_seconds,
			"a work limit of the exact run's %lld units: exact", (long long)need);
		CHECK(under && has_assumption(under, "sampled"),
			"a work limit of %lld units: sampled", (long long)need - 1);
		warpest_estimate_free(at);
		warpest_estimate_free(under);
		/* L1 costs come from the walked iterations only: close, not equal */
		double req_s = sampled->mem.wave_requested_load_sectors,
		       req_e = exact->mem.wave_requested_load_sectors;
		CHECK(fabs(req_s - req_e) <= 0.1 * req_e, "requested load sectors %.0f sampled, %.0f exact "
			"(within 10 %%)", req_s, req_e);
	}
	warpest_estimate_free(exact);
	warpest_estimate_free(sampled);
	close_model(ctx, k, hw);
	return check_summary();
}
