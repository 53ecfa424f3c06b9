/* Unit tests of the latency and occupancy term (runtime/src/limiters/
 * latency_model.c) and the overlap model (overlap.c), docs/model.md §8.
 * Expected values are worked out by hand in the comments, with the
 * calibrated constants k = 0.8, p = 5, overhead 450 cycles. */
#include "hardware/hw_table.h"
#include "limiters/latency_model.h"
#include "limiters/overlap.h"
#include "check.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

static void test_rate(void)
{
	/* P = 1000/s, L = 1 s, overhead 1 s, N = 1000 in flight:
	 * T0 = 2, a = k L / P = 0.8e-3;
	 * B = 2N / (T0 + sqrt(T0^2 + 4 a N)) = 2000 / (2 + sqrt(4 + 3.2)) = 2000 / 4.6832816 = 427.05098;
	 * (P/B)^5 = 2.3416408^5 = 70.404654; rate = 1000 / 71.404654^(1/5) = 1000 / 2.3482553 = 425.84808 */
	level_demand d = { 0, 1000, 1, 1 };
	CHECK_NEAR(latency_achievable_rate(&d, 1000), 425.84808, 1e-3, "latency_achievable_rate(&d, 1000)");
	/* nothing in flight moves nothing */
	CHECK(latency_achievable_rate(&d, 0) == 0, "latency_achievable_rate(&d, 0) == 0");
	/* far past saturation the peak: N = 1e9: B ~ sqrt(N / a) = 1.195e6, (P/B)^5 ~ 4e-16 */
	CHECK_NEAR(latency_achievable_rate(&d, 1e9), 1000, 1e-6, "latency_achievable_rate(&d, 1e9)");
	/* the rate never exceeds the peak nor the latency bound N / T0 */
	for (double n = 1; n < 1e6; n *= 3) {
		double r = latency_achievable_rate(&d, n);
		CHECK(r <= 1000 && r <= n / 2 + 1e-9, "r <= 1000 && r <= n / 2 + 1e-9");
	}
	/* saturation: P (L (1 + k) + c) / (S q) = 1000 * (1.8 + 1) / (2 * 10) = 140 warps */
	CHECK_NEAR(latency_saturation_warps(&d, 10, 2), 140, 1e-9, "latency_saturation_warps(&d, 10, 2)");
}

static void test_overlap(void)
{
	/* 2 warps resident, 18.8 needed, 64 the SM's maximum: phi = 2 / 18.8 (to 9 digits) */
	CHECK_NEAR(overlap_factor(2, 18.8, 64), 2 / 18.8, 1e-9, "overlap_factor(2, 18.8, 64)");
	/* a full SM overlaps fully even when Little's law wants more warps */
	CHECK(overlap_factor(64, 100, 64) == 1, "overlap_factor(64, 100, 64) == 1");
	CHECK(overlap_factor(30, 20, 64) == 1, "overlap_factor(30, 20, 64) == 1");
	/* limiters L1 1, L2 2, DRAM 10, compute 3, atomic 0 s; throughput parts
	 * L1 1, memory max(L2 2, DRAM 4) = 4, compute 3, atomic 0: sum 8, largest 4.
	 * phi = 0.5: t = 10 + 0.5 * (8 - 4) = 12; phi = 1: the max, 10 (DRAM). */
	double t[warpest_n_limiters] = { 1, 2, 10, 3, 0 };
	latency_result lat = { 0 };
	lat.peak_seconds[latency_l1] = 1;
	lat.peak_seconds[latency_l2] = 2;
	lat.peak_seconds[latency_dram] = 4;
	warpest_limiter b;
	CHECK_NEAR(overlap_combine(t, &lat, 0.5, &b), 12, 1e-12, "overlap_combine(t, &lat, 0.5, &b)");
	CHECK(b == warpest_limiter_dram, "b == warpest_limiter_dram");
	CHECK_NEAR(overlap_combine(t, &lat, 1, &b), 10, 1e-12, "overlap_combine(t, &lat, 1, &b)");
}

/* The stream triad (test/data/models/stream_triad.json: 24 B per thread) on
 * the A100-40GB table (108 SMs, 1.41 GHz, DRAM 1375 GB/s, latency 574.6
 * cycles). Little's law bounds the DRAM rate at w resident warps per SM by
 * S w q / T0, q = 32 * 24 = 768 B per warp, T0 = (574.6 + 450) / 1.41e9 =
 * 726.7 ns: 108 * w * 768 / 726.7e-9 = w * 114.1 GB/s. */
static double triad_seconds(warpest_ctx *ctx, const warpest_kernel *k, const warpest_hw *hw,
	int block, int registers, int shared)
{
	warpest_config c;
	warpest_config_init(&c);
	c.block[0] = block;
	c.registers = registers;
	c.shared_dynamic = shared;
	c.skip_neighbours = 1;
	warpest_estimate *e = warpest_estimate_compute(ctx, k, hw, &c);
	CHECK(e != NULL, "e != NULL");
	if (!e) {
		fprintf(stderr, "%s\n", warpest_ctx_last_error(ctx));
		return NAN;
	}
	double t = warpest_estimate_summary(e)->predicted_seconds;
	warpest_estimate_free(e);
	return t;
}

static void test_low_occupancy(void)
{
	warpest_ctx *ctx = warpest_ctx_alloc();
	warpest_hw *hw = warpest_hw_find(ctx, NULL, "a100-40gb");
	warpest_kernel *k = warpest_kernel_read_file(ctx,
		WARPEST_SOURCE_DIR "/test/data/models/stream_triad.json");
	CHECK(hw && k, "hw && k");
	if (!hw || !k) {
		fprintf(stderr, "%s\n", warpest_ctx_last_error(ctx));
		warpest_hw_free(hw);
		warpest_kernel_free(k);
		warpest_ctx_free(ctx);
		return;
	}
	/* saturated: 256 threads, 16 registers: 8 blocks = 64 warps per SM;
	 * 64 * 114.1 GB/s = 7302 GB/s >> 1375: the DRAM peak, t = 24 B * n / 1375 GB/s */
	double full = triad_seconds(ctx, k, hw, 256, 16, 0);
	CHECK_NEAR(full, 24.0 * 134217730 / 1375e9, 0.02 * full, "full");
	/* 32-thread blocks held at 2 per SM by a large shared tile (82944 B, half
	 * the 164 KB carveout less 1 KB): w = 2, at most 2 * 114.1 = 228.3 GB/s:
	 * at least 1375 / 228.3 = 6.0 times the saturated time */
	double tiny = triad_seconds(ctx, k, hw, 32, 16, 82944);
	CHECK(tiny > 6.0 * full, "tiny > 6.0 * full");
	/* 255 registers: 8192 per warp, 65536 / 8192 = 8 warps per SM (one 256-thread
	 * block): at most 8 * 114.1 = 913 GB/s, at least 1375 / 913 = 1.51 times */
	double heavy = triad_seconds(ctx, k, hw, 256, 255, 0);
	CHECK(heavy > 1.51 * full, "heavy > 1.51 * full");
	/* and the latency term does not slow what is saturated: 1024 threads, 2 blocks */
	double wide = triad_seconds(ctx, k, hw, 1024, 16, 82944);
	CHECK_NEAR(wide, full, 0.02 * full, "1024 threads, 2 blocks per SM");
	warpest_kernel_free(k);
	warpest_hw_free(hw);
	warpest_ctx_free(ctx);
}

/* Dependent rounds: per loop nest, the trip product times the distinct
 * "round" values of its global loads; the largest nest's. */
static void test_rounds(void)
{
	static const char *json =
		"{\"format\": \"warpest-kernel-model\", \"version\": 1, \"kernel\": \"rounds\","
		" \"grid\": {\"x\": \"1\"},"
		" \"loops\": [{\"var\": \"i\", \"lower\": \"0\", \"upper\": \"4\", \"step\": 1}],"
		" \"fields\": [{\"name\": \"X\", \"space\": \"global\", \"elem_bytes\": 4, \"dims\": [\"1024\"]},"
		"   {\"name\": \"Y\", \"space\": \"global\", \"elem_bytes\": 4, \"dims\": [\"1024\"]},"
		"   {\"name\": \"Z\", \"space\": \"global\", \"elem_bytes\": 4, \"dims\": [\"1024\"]}],"
		" \"accesses\": [{\"field\": \"X\", \"kind\": \"load\", \"bytes\": 4, \"index\": [\"tid.x + 32*i\"],"
		"     \"loops\": [\"i\"]},"
		"   {\"field\": \"Y\", \"kind\": \"load\", \"bytes\": 4, \"index\": [\"tid.x + 32*i\"],"
		"     \"loops\": [\"i\"], \"round\": 1},"
		"   {\"field\": \"X\", \"kind\": \"load\", \"bytes\": 4, \"index\": [\"tid.x + 32*i + 1\"],"
		"     \"loops\": [\"i\"], \"round\": 1},"
		"   {\"field\": \"Z\", \"kind\": \"load\", \"bytes\": 4, \"index\": [\"tid.x\"], \"round\": 3},"
		"   {\"field\": \"Z\", \"kind\": \"store\", \"bytes\": 4, \"index\": [\"tid.x\"], \"round\": 7}]}";
	warpest_ctx *ctx = warpest_ctx_alloc();
	warpest_hw *hw = warpest_hw_find(ctx, NULL, "a100-40gb");
	warpest_kernel *k = warpest_kernel_read_string(ctx, json, "test_rounds");
	CHECK(hw && k, "rounds model: %s", warpest_ctx_last_error(ctx));
	warpest_estimate *e = NULL;
	if (hw && k) {
		warpest_config c;
		warpest_config_init(&c);
		c.block[0] = 32;
		c.skip_neighbours = 1;
		e = warpest_estimate_compute(ctx, k, hw, &c);
	}
	char *text = e ? warpest_estimate_to_json(e) : NULL;
	/* loop i: 4 trips x 2 distinct rounds (0; 1 twice) = 8; outside: the Z
	 * load, 1 x 1 (stores do not count) = 1; the nests one after another:
	 * 8 + 1 = 9 */
	CHECK(text && strstr(text, "\"rounds\": 9.0"), "rounds 9: %s",
		text && strstr(text, "\"rounds\"") ? strstr(text, "\"rounds\"") : "none");
	free(text);
	warpest_estimate_free(e);
	warpest_kernel_free(k);
	warpest_hw_free(hw);
	warpest_ctx_free(ctx);
}

int main(void)
{
	test_rate();
	test_overlap();
	test_low_occupancy();
	test_rounds();
	return check_summary();
}
