/* The register-spill term (docs/model.md "Register spills"): ptxas's
 * static spill bytes spread over the thread's dynamic operations, as L1
 * data wavefronts, LSU instructions and, where the resident threads' stack
 * frames outgrow the L1 left by shared memory, L2 traffic. Hand-computed
 * on a100-40gb: 108 SMs at 1410 MHz, 128 B/clk L1, 32 LSU lanes per SM,
 * no shared memory: 192 KiB = 196608 B of L1 left. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "estimate/estimate_impl.h"
#include "warpest/warpest.h"

/* out[i] = in[i] over floats, 2^20 threads, no loops (code without loops
 * is what full unrolling leaves). Per warp the load is 32 x 4 B = 128 B: 1
 * data wavefront, 1 line (1 tag wavefront), issue 32 * 4 / 128 = 1: 1
 * cycle; the store too: 2 / 32 = 0.0625 cycles a thread, and the fill of
 * 4 B from L2, 4 / 128 = 0.03125: 0.09375 L1 cycles a thread. `%s` takes
 * the resources object. */
static const char copy_model[] =
	"{\"format\": \"warpest-kernel-model\", \"version\": 1, \"kernel\": \"copy\","
	" \"params\": [{\"name\": \"n\", \"value\": 1048576}],"
	" \"defs\": {\"i\": \"ctaid.x*ntid.x + tid.x\"}, \"threads\": {\"x\": \"n\"},"
	" \"fields\": [{\"name\": \"in\", \"space\": \"global\", \"elem_bytes\": 4},"
	" {\"name\": \"out\", \"space\": \"global\", \"elem_bytes\": 4}], \"accesses\": ["
	" {\"field\": \"in\", \"kind\": \"load\", \"bytes\": 4, \"offset\": \"4*i\"},"
	" {\"field\": \"out\", \"kind\": \"store\", \"bytes\": 4, \"offset\": \"4*i\"}],"
	" \"ops\": {\"fp32_add\": 1}%s}";

/* The same copy inside a loop of 10 iterations with 2 fp64 adds in its body
 * and 3 integer operations outside it: static 2 + 3 = 5 operations, dynamic
 * 10 * 2 + 3 = 23 a thread, so spills run 23 / 5 = 4.6 times. */
static const char loop_model[] =
	"{\"format\": \"warpest-kernel-model\", \"version\": 1, \"kernel\": \"copy10\","
	" \"params\": [{\"name\": \"n\", \"value\": 1048576}],"
	" \"defs\": {\"x\": \"tid.x + ctaid.x*ntid.x\"}, \"threads\": {\"x\": \"n\"},"
	" \"loops\": [{\"var\": \"i\", \"lower\": \"0\", \"upper\": \"10\", \"step\": 1}],"
	" \"fields\": [{\"name\": \"src\", \"space\": \"global\", \"elem_bytes\": 8, \"dims\": [\"n\"]},"
	"  {\"name\": \"dst\", \"space\": \"global\", \"elem_bytes\": 8, \"dims\": [\"n\"]}],"
	" \"accesses\": [{\"field\": \"src\", \"kind\": \"load\", \"bytes\": 8, \"index\": [\"x\"],"
	"   \"loops\": [\"i\"]},"
	"  {\"field\": \"dst\", \"kind\": \"store\", \"bytes\": 8, \"index\": [\"x\"]}],"
	" \"ops\": [{\"loops\": [\"i\"], \"fp64_add\": 2}, {\"int\": 3}],"
	" \"resources\": {\"spill_store_bytes\": 40, \"spill_load_bytes\": 60}}";

static warpest_kernel *read_copy(warpest_ctx *ctx, const char *resources)
{
	char text[sizeof(copy_model) + 256];
	snprintf(text, sizeof(text), copy_model, resources);
	return warpest_kernel_read_string(ctx, text, "copy");
}

static warpest_estimate *estimate(warpest_ctx *ctx, const warpest_kernel *k, const warpest_hw *hw,
	int stores, int loads, int frame)
{
	warpest_config c;
	warpest_config_init(&c);
	c.block[0] = 128;
	c.skip_neighbours = 1;
	c.spill_store_bytes = stores;
	c.spill_load_bytes = loads;
	c.stack_frame_bytes = frame;
	return k ? warpest_estimate_compute(ctx, k, hw, &c) : NULL;
}

int main(void)
{
	warpest_ctx *ctx = warpest_ctx_alloc();
	warpest_hw *hw = warpest_hw_find(ctx, NULL, "a100-40gb");
	CHECK(hw != NULL, "a100-40gb table");
	if (!hw)
		return check_summary();
	warpest_kernel *k = read_copy(ctx, "");
	CHECK(k != NULL, "copy model reads");
	warpest_estimate *base = estimate(ctx, k, hw, -1, -1, -1);
	/* 512 B of spill stores and 512 B of spill loads, a 64 B stack frame */
	warpest_estimate *fit = estimate(ctx, k, hw, 512, 512, 64);
	/* the same with a 512 B stack frame */
	warpest_estimate *over = estimate(ctx, k, hw, 512, 512, 512);
	CHECK(base && fit && over, "three estimates");
	if (!base || !fit || !over)
		return check_summary();
	const warpest_summary *s0 = warpest_estimate_summary(base), *s1 = warpest_estimate_summary(fit),
		*s2 = warpest_estimate_summary(over);
	double threads = 1048576;
	CHECK(!base->spill.present, "no spill term without spill figures");

	/* Fully unrolled: factor 1, 512 + 512 B a thread. A warp's 4-byte
	 * spill access covers 32 * 4 = 128 B, one wavefront: (512 + 512) / 4 =
	 * 256 spill instructions a thread, 256 / 32 = 8 wavefronts per thread
	 * (the same as 1024 B * 32 / 128 per warp, over its 32 threads). Issue
	 * 32 * 4 / 128 = 1 cycle: 8 L1 cycles a thread.
	 * Footprint: 16 blocks of 128 threads resident, 2048 * 64 B = 131072 B
	 * <= 196608 B: every spill hits L1. */
	CHECK_NEAR(fit->spill.op_factor, 1.0, 1e-12, "factor without loops");
	CHECK_NEAR(fit->spill.footprint_bytes, 131072.0, 1e-9, "stack frames per SM");
	CHECK_NEAR(fit->spill.l2_share, 0.0, 0.0, "fits L1: no share to L2");
	CHECK_NEAR((s1->l1_data_wavefronts - s0->l1_data_wavefronts) / threads, 8.0, 1e-9,
		"spill wavefronts per thread");
	CHECK_NEAR(s1->l1_cycles_per_thread, 0.09375 + 8.0, 1e-9, "L1 cycles per thread 0.09375 + 8");
	CHECK_NEAR(s1->l2_load_bytes, s0->l2_load_bytes, 0.0, "L2 loads unchanged");
	CHECK_NEAR(s1->l2_store_bytes, s0->l2_store_bytes, 0.0, "L2 stores unchanged");
	/* Time: L1 at its peak would take 8.09375 * 2^20 / (108 * 1.41e9) =
	 * 55.732 us (was 0.09375 * 2^20 / 152.28e9 = 0.646 us); at 16 blocks a
	 * SM (64 warps, a full SM) Little's law leaves the achievable rate
	 * within 1e-4 of the peak (docs/model.md §8). LSU: (2 + 256) lanes *
	 * 2^20 / (32 * 152.28e9) = 55.517 us, just below. DRAM (8 B a thread)
	 * stays 6.1 us. Overlap 1 (a full SM): the prediction is the L1
	 * limiter. */
	double l1_peak = 8.09375 * threads / (108 * 1.41e9);
	CHECK_NEAR(fit->latency.peak_seconds[latency_l1], l1_peak, 1e-12, "L1 at its peak");
	CHECK_NEAR(s1->limiter_seconds[warpest_limiter_l1] / l1_peak, 1.0, 1e-4,
		"L1 limiter at the achievable rate");
	CHECK_NEAR(s1->limiter_seconds[warpest_limiter_compute], 258 * threads / (32 * 108 * 1.41e9),
		1e-10, "LSU pipe with the spill instructions");
	CHECK(s1->bottleneck == warpest_limiter_l1, "spills make the copy L1-bound");
	CHECK_NEAR(s1->predicted_seconds, s1->limiter_seconds[warpest_limiter_l1], 0.0,
		"prediction: the L1 limiter");
	/* without spills: DRAM-bound, 8 B * 2^20 / 1375 GB/s = 6.10 us at the
	 * peak, 6.59 us at the achievable rate (the latency model's) */
	CHECK(s0->predicted_seconds > 6.10e-6 && s0->predicted_seconds < 6.7e-6,
		"prediction without spills %.4g s", s0->predicted_seconds);
	CHECK(s0->bottleneck == warpest_limiter_dram, "without spills it is DRAM-bound");

	/* Frames past L1: 2048 * 512 B = 1048576 B per SM against 196608 B of
	 * L1 left. Reported, not charged: a spill is reloaded soon after it is
	 * stored, so spills hit L1 (docs/model.md "Register spills"): L2 and
	 * L1 cycles as with frames that fit, 4 B a thread each way and
	 * 0.09375 + 8 = 8.09375. */
	CHECK_NEAR(over->spill.footprint_bytes, 1048576.0, 1e-9, "stack frames per SM");
	CHECK_NEAR(over->spill.l2_share, 0.0, 0.0, "spills hit L1: no share to L2");
	CHECK_NEAR(s2->l2_load_bytes / threads, 4.0, 1e-9, "L2 -> L1 bytes a thread: the copy's own");
	CHECK_NEAR(s2->l2_store_bytes / threads, 4.0, 1e-9, "L1 -> L2 bytes a thread: the copy's own");
	CHECK_NEAR(s2->dram_load_bytes, s0->dram_load_bytes, 0.0, "DRAM loads unchanged");
	CHECK_NEAR(s2->dram_store_bytes, s0->dram_store_bytes, 0.0, "DRAM stores unchanged");
	CHECK_NEAR(s2->l1_cycles_per_thread, 8.09375, 1e-9, "L1 cycles as with frames that fit");
	CHECK(!strcmp(fit->spill.source, "configuration"), "source: %s", fit->spill.source);
	warpest_estimate_free(fit);
	warpest_estimate_free(over);

	/* Zero spill bytes given: no term, the same figures as none given. */
	warpest_estimate *zero = estimate(ctx, k, hw, 0, 0, 64);
	CHECK(zero && !zero->spill.present, "no spill term for 0 B");
	if (zero)
		CHECK_NEAR(warpest_estimate_summary(zero)->predicted_seconds, s0->predicted_seconds, 0.0,
			"0 B: the prediction without spills");
	warpest_estimate_free(zero);
	warpest_estimate_free(base);
	warpest_kernel_free(k);

	/* The model's resources give the same figures; the configuration
	 * overrides them figure by figure. */
	k = read_copy(ctx, ", \"resources\": {\"spill_store_bytes\": 512, \"spill_load_bytes\": 512,"
		" \"stack_frame_bytes\": 512}");
	CHECK(k != NULL, "spill resources read");
	warpest_estimate *model = estimate(ctx, k, hw, -1, -1, -1);
	CHECK(model && model->spill.present && !strcmp(model->spill.source, "model resources"),
		"spills from the model's resources");
	if (model)
		CHECK_NEAR(warpest_estimate_summary(model)->l1_cycles_per_thread, 8.09375, 1e-9,
			"model resources: the same L1 cycles");
	warpest_estimate *mixed = estimate(ctx, k, hw, -1, -1, 64);
	CHECK(mixed && mixed->spill.l2_share == 0 &&
		!strcmp(mixed->spill.source, "model resources and configuration"),
		"the configuration's stack frame over the model's");
	warpest_estimate *none = estimate(ctx, k, hw, 0, 0, -1);
	CHECK(none && !none->spill.present, "the configuration's 0 B over the model's spills");
	warpest_estimate_free(model);
	warpest_estimate_free(mixed);
	warpest_estimate_free(none);
	warpest_kernel_free(k);

	/* No stack frame: the spills counted in L1, nothing to L2, and said. */
	k = read_copy(ctx, ", \"resources\": {\"spill_store_bytes\": 512, \"spill_load_bytes\": 512}");
	warpest_estimate *noframe = estimate(ctx, k, hw, -1, -1, -1);
	CHECK(noframe && noframe->spill.present && noframe->spill.l2_share == 0 &&
		noframe->spill.stack_frame_bytes < 0, "no stack frame: no capacity term");
	int said = 0;
	for (int i = 0; noframe && i < noframe->assumptions.n; i++)
		said |= strstr(noframe->assumptions.text[i], "without a stack frame") != NULL;
	CHECK(said, "the report says the stack frame was not given");
	warpest_estimate_free(noframe);
	warpest_kernel_free(k);

	/* Loops: 40 B stored and 60 B loaded static, x4.6 = 184 + 276 = 460 B
	 * a thread dynamic, 460 / 128 = 3.59375 wavefronts a thread. */
	k = warpest_kernel_read_string(ctx, loop_model, "copy10");
	CHECK(k != NULL, "loop model reads");
	warpest_estimate *loop = estimate(ctx, k, hw, -1, -1, -1);
	CHECK(loop != NULL, "loop estimate");
	if (loop) {
		CHECK_NEAR(loop->spill.op_factor, 4.6, 1e-12, "dynamic / static operations");
		CHECK_NEAR(loop->spill.store_bytes, 184.0, 1e-9, "dynamic spill stores a thread");
		CHECK_NEAR(loop->spill.load_bytes, 276.0, 1e-9, "dynamic spill loads a thread");
		CHECK_NEAR(loop->spill.wavefronts / threads, 3.59375, 1e-9, "wavefronts a thread");
	}
	warpest_estimate_free(loop);
	warpest_kernel_free(k);

	/* Bad figures: the reader and the configuration say which. */
	k = read_copy(ctx, ", \"resources\": {\"stack_frame_bytes\": 600000}");
	CHECK(!k && strstr(warpest_ctx_last_error(ctx), "resources.stack_frame_bytes"),
		"stack frame past 512 KiB rejected: %s", warpest_ctx_last_error(ctx));
	warpest_kernel_free(k);
	k = read_copy(ctx, ", \"resources\": {\"spill_load_bytes\": -4}");
	CHECK(!k && strstr(warpest_ctx_last_error(ctx), "resources.spill_load_bytes"),
		"negative spill loads rejected: %s", warpest_ctx_last_error(ctx));
	warpest_kernel_free(k);
	k = read_copy(ctx, "");
	warpest_estimate *bad = estimate(ctx, k, hw, -2, -1, -1);
	CHECK(!bad && strstr(warpest_ctx_last_error(ctx), "spill_store_bytes"),
		"configuration's -2 rejected: %s", warpest_ctx_last_error(ctx));
	warpest_estimate_free(bad);
	warpest_kernel_free(k);
	warpest_hw_free(hw);
	warpest_ctx_free(ctx);
	return check_summary();
}
