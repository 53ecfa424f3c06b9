/* Iteration sampling (estimate.c, the repair after the smallest block
 * sample; lane_walk.c, walk_iteration_sample): a triangle whose rows have
 * n - 1 - t iterations (bounds that vary by thread) around a constant loop
 * of 40. With the work limit too small for one block, the estimate samples
 * the loops' iterations; instruction and lane counts must stay exact and
 * the footprints (from the addresses' slopes over the skipped iterations)
 * must equal the exact walk's. */
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

int main(void)
{
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
